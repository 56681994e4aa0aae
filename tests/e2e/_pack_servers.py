"""The real MCP servers whose built-in packs are checked against their live ``tools/list``.

Each :class:`PackServer` names a pack, the pinned package it describes (npm packages in
package.json, PyPI ones in pyproject.toml's ``test`` extra, mcp-atlassian in its own
``.venv-atlassian`` and mcp-server-sqlite in ``.venv-sqlite``, made by ``make setup`` because
both need ``mcp<2``), and how to start it
offline: dummy credentials, a temporary HOME, every optional tool group switched on so that
the pack is compared with the largest tool list the server has.
"""

from __future__ import annotations

import http.server
import json
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT, fs_server

NODE_BIN = ROOT / "node_modules" / ".bin"
VENV_BIN = ROOT / ".venv" / "bin"
ATLASSIAN_BIN = ROOT / ".venv-atlassian" / "bin" / "mcp-atlassian"
SQLITE_BIN = ROOT / ".venv-sqlite" / "bin" / "mcp-server-sqlite"

#: a started server: its command line and the environment variables it needs
Launch = tuple[list[str], dict[str, str]]


@dataclass(frozen=True)
class PackServer:
    """One server a pack describes. ``launch(tmp, stub_url)`` gives the command and its
    environment; ``stub_url`` is a local stand-in for a network API the server reads while
    listing its tools (only Supabase's docs API), or None."""

    pack: str
    package: str
    launch: Callable[[Path, str], Launch]


def _bin(path: Path) -> str:
    if not path.exists():
        pytest.fail(f"{path} is not installed: run `make setup`")
    return str(path)


def _npm(name: str) -> str:
    return _bin(NODE_BIN / name)


def _filesystem(tmp: Path, _stub: str) -> Launch:
    return fs_server(tmp), {}


def _memory(tmp: Path, _stub: str) -> Launch:
    return [_npm("mcp-server-memory")], {"MEMORY_FILE_PATH": str(tmp / "memory.jsonl")}


def _fetch(tmp: Path, _stub: str) -> Launch:
    return [_bin(VENV_BIN / "mcp-server-fetch")], {}


def _git(tmp: Path, _stub: str) -> Launch:
    repo = tmp / "repo"
    git = shutil.which("git")
    if git is None:
        pytest.fail("git is not installed")
    subprocess.run([git, "init", "-q", str(repo)], check=True)
    return [_bin(VENV_BIN / "mcp-server-git"), "--repository", str(repo)], {}


#: every capability @playwright/mcp 0.0.83 accepts; the default list is a subset
PLAYWRIGHT_CAPS = "vision,pdf,testing,tracing,network,storage,devtools,config"


def _playwright(tmp: Path, _stub: str) -> Launch:
    # listing tools starts no browser; the output directory keeps files out of the checkout
    cmd = [_npm("playwright-mcp"), f"--caps={PLAYWRIGHT_CAPS}", f"--output-dir={tmp / 'out'}"]
    return cmd, {}


def _notion(tmp: Path, _stub: str) -> Launch:
    return [_npm("notion-mcp-server")], {"NOTION_TOKEN": "ntn_dummy"}


SUPABASE_FEATURES = "docs,account,database,debugging,development,functions,branching,storage"


def _supabase(tmp: Path, stub: str) -> Launch:
    cmd = [_npm("mcp-server-supabase"), f"--features={SUPABASE_FEATURES}"]
    return [*cmd, f"--content-api-url={stub}"], {"SUPABASE_ACCESS_TOKEN": "sbp_dummy"}


def _gmail(tmp: Path, _stub: str) -> Launch:
    # an OAuth client file with dummy values: the server lists tools before any Google call
    keys = tmp / "gcp-oauth.keys.json"
    keys.write_text(json.dumps({"installed": {"client_id": "dummy", "client_secret": "dummy"}}))
    env = {"GMAIL_OAUTH_PATH": str(keys), "GMAIL_CREDENTIALS_PATH": str(tmp / "credentials.json")}
    return [_npm("gmail-mcp")], env


def _github(tmp: Path, _stub: str) -> Launch:
    return [_npm("mcp-server-github")], {"GITHUB_PERSONAL_ACCESS_TOKEN": "dummy"}


def _slack(tmp: Path, _stub: str) -> Launch:
    return [_npm("mcp-server-slack")], {"SLACK_BOT_TOKEN": "xoxb-dummy", "SLACK_TEAM_ID": "T0"}


#: Desktop Commander's config file with telemetry off: the server writes it under HOME at
#: start and, with telemetry on (its default), sends usage events
DESKTOP_COMMANDER_CONFIG = {"telemetryEnabled": False, "allowedDirectories": []}


def desktop_commander_home(home: Path, **config: object) -> Path:
    """``home`` with ``.claude-server-commander/config.json`` written; returns that file."""
    cfg = home / ".claude-server-commander" / "config.json"
    cfg.parent.mkdir(parents=True, exist_ok=True)
    cfg.write_text(json.dumps({**DESKTOP_COMMANDER_CONFIG, **config}), "utf-8")
    return cfg


def _desktop_commander(tmp: Path, _stub: str) -> Launch:
    home = tmp / "dc-home"
    desktop_commander_home(home)
    return [_npm("desktop-commander")], {"HOME": str(home)}


def _atlassian(tmp: Path, _stub: str) -> Launch:
    env = {
        "JIRA_URL": "https://example.atlassian.net",
        "JIRA_USERNAME": "me@example.com",
        "JIRA_API_TOKEN": "dummy",
        "CONFLUENCE_URL": "https://example.atlassian.net/wiki",
        "CONFLUENCE_USERNAME": "me@example.com",
        "CONFLUENCE_API_TOKEN": "dummy",
        "TOOLSETS": "all",
        "FASTMCP_CHECK_FOR_UPDATES": "off",
        "FASTMCP_SHOW_CLI_BANNER": "false",
    }
    return [_bin(ATLASSIAN_BIN)], env


def _sqlite(tmp: Path, _stub: str) -> Launch:
    return [_bin(SQLITE_BIN), "--db-path", str(tmp / "pack.db")], {}


def _postgres(tmp: Path, _stub: str) -> Launch:
    # the server's pool connects at the first query or resource list: listing tools needs no
    # database, so the URL names a closed port (the dummy password is never sent)
    return [_npm("mcp-server-postgres"), "postgresql://me:dummy@127.0.0.1:9/app"], {}


SERVERS: tuple[PackServer, ...] = (
    PackServer("filesystem", "npm @modelcontextprotocol/server-filesystem@2026.8.31", _filesystem),
    PackServer("memory", "npm @modelcontextprotocol/server-memory@2026.8.31", _memory),
    PackServer("fetch", "PyPI mcp-server-fetch==2026.10.24", _fetch),
    PackServer("git", "PyPI mcp-server-git==2026.10.19", _git),
    PackServer("playwright", "npm @playwright/mcp@0.0.83", _playwright),
    PackServer("notion", "npm @notionhq/notion-mcp-server@2.5.2", _notion),
    PackServer("supabase", "npm @supabase/mcp-server-supabase@0.13.0", _supabase),
    PackServer("gmail", "npm @gongrzhe/server-gmail-autoauth-mcp@1.1.11", _gmail),
    PackServer("github", "npm @modelcontextprotocol/server-github@2025.4.8", _github),
    PackServer("slack", "npm @modelcontextprotocol/server-slack@2025.4.25", _slack),
    PackServer("atlassian", "PyPI mcp-atlassian==0.23.1 (.venv-atlassian)", _atlassian),
    PackServer(
        "desktop_commander", "npm @wonderwhy-er/desktop-commander@0.2.52", _desktop_commander
    ),
    PackServer("sqlite", "PyPI mcp-server-sqlite==2025.4.25 (.venv-sqlite)", _sqlite),
    PackServer("postgres", "npm @modelcontextprotocol/server-postgres@0.6.2", _postgres),
)

#: packs written from documentation alone, each with why no live check covers it
UNCHECKED: dict[str, str] = {
    "gdrive": "names tools of several Google Drive servers, no one server's tool list",
    "http": "generic fetch and webhook tool names, no one server's tool list",
}


class _DocsStub(http.server.BaseHTTPRequestHandler):
    """Supabase's docs GraphQL API as the server reads it while listing tools: ``{ schema }``
    answered with a one-line schema (``search_docs`` puts it in its description)."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        body = json.dumps({"data": {"schema": "type Query { searchDocs(query: String!): String }"}})
        raw = body.encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    do_GET = do_POST  # a GraphQL client may send the query either way

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def docs_stub() -> Iterator[str]:
    """A local stand-in for Supabase's docs API; yields its URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _DocsStub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/graphql"
    finally:
        server.shutdown()
        server.server_close()
