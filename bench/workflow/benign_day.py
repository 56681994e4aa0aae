"""A user's benign coding day through ``cordon init --packs``: how often cordon asks or denies.

    .venv/bin/python bench/workflow/benign_day.py            # the table of verdicts
    .venv/bin/python bench/workflow/benign_day.py --calls    # also each call that was not allowed
    .venv/bin/python bench/workflow/benign_day.py --keep DIR # keep HOME, project, audit log in DIR

A scratch HOME (never the real ``~/.cordon``) holds a project: a small real package (iniconfig,
copied from this venv's site-packages) in a git repository with one commit. Its Claude Code
config (``.mcp.json``) runs the real servers found here: filesystem (the project directory),
git (``--repository`` the project), fetch, memory, everything (npm), sqlite (.venv-sqlite) and
time (``mcp-server-time``, not in ``make setup``: found in ``$CORDON_BENCH_TIME`` or
``/tmp/venv-time353``, ``python -m venv DIR && DIR/bin/pip install mcp-server-time``; skipped
and said when absent). ``cordon init --config .mcp.json --packs`` wraps it as README's Quick
start says (answering its question ``y``); each rewritten entry is started as a client starts
it (its command, arguments and env, HOME the scratch one) and driven with the official SDK
client through two scripted sessions of benign work: an agent reading, searching, editing and
committing code, fetching the docs the user names (served by ``http.server`` on 127.0.0.1:
there may be no network egress here), keeping notes in memory, converting times, querying a
database; then flows across servers (read a file then commit it; fetch docs then write notes
into the project). Verdicts are counted from the audit log, per server, and ``cordon audit
show`` and ``cordon report`` are run on it to show the same log reads there.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CORDON = ROOT / ".venv" / "bin" / "cordon"
NODE_BIN = ROOT / "node_modules" / ".bin"
SITE = ROOT / ".venv" / "lib" / "python3.11" / "site-packages"
TIME_VENVS = [os.environ.get("CORDON_BENCH_TIME", ""), "/tmp/venv-time353"]

DOCS = {
    "index.html": "<html><head><title>iniconfig docs</title></head><body><h1>iniconfig</h1>"
    "<p>iniconfig is a small and simple INI-file parser. Sections are case-sensitive; "
    "<code>IniConfig(path)</code> parses a file and <code>ini['section']['key']</code> reads "
    "a value. See <a href='api.html'>the API</a>.</p></body></html>",
    "api.html": "<html><body><h1>API</h1><ul><li><code>IniConfig.get(section, name, "
    "default=None, convert=str)</code>: a value, converted.</li><li><code>lineof(section, "
    "name=None)</code>: the line a section or value came from.</li></ul></body></html>",
}


@dataclass
class Day:
    """The scratch machine: HOME, the project, the docs server's URL, the wrapped entries."""

    home: Path
    project: Path
    docs_url: str = ""
    no_prompts: bool = False
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    outcomes: list[tuple[str, str, str, bool, str]] = field(default_factory=list)

    @property
    def audit(self) -> Path:
        return self.home / ".cordon" / "audit.jsonl"

    def env(self) -> dict[str, str]:
        """The client's environment: this one, HOME the scratch one, no git identity leaks."""
        return {**os.environ, "HOME": str(self.home)}


def _git(home: Path, cwd: Path, *args: str) -> None:
    env = {**os.environ, "HOME": str(home)}
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def make_project(home: Path) -> Path:
    """A real small package in a git repository with one commit, under the scratch HOME."""
    (home / ".gitconfig").write_text(
        "[user]\n\tname = Dev User\n\temail = dev@example.org\n[init]\n\tdefaultBranch = main\n",
        "utf-8",
    )
    project = home / "work" / "app"
    shutil.copytree(
        SITE / "iniconfig", project / "src" / "iniconfig", ignore=shutil.ignore_patterns("*.pyc")
    )
    (project / "README.md").write_text(
        "# app\n\nAn INI parser (iniconfig), vendored for the app.\n\n## Usage\n\n"
        "```python\nfrom iniconfig import IniConfig\nini = IniConfig('setup.cfg')\n```\n",
        "utf-8",
    )
    (project / "pyproject.toml").write_text(
        '[project]\nname = "app"\nversion = "0.1.0"\nrequires-python = ">=3.10"\n', "utf-8"
    )
    (project / ".gitignore").write_text("__pycache__/\n*.db\n", "utf-8")
    (project / "data").mkdir()
    (home / ".local").mkdir()
    _git(home, project, "init", "-q")
    _git(home, project, "add", ".")
    _git(home, project, "commit", "-q", "-m", "Initial import of iniconfig")
    return project


def time_server() -> Path | None:
    for venv in TIME_VENVS:
        exe = Path(venv) / "bin" / "mcp-server-time" if venv else None
        if exe is not None and exe.exists():
            return exe
    return None


def write_config(day: Day, user_scope: bool = False, local_docs: bool = False) -> Path:
    """The project's .mcp.json as a user writes it for Claude Code, before cordon; with
    ``user_scope`` the same servers as the project's entries of ``~/.claude.json`` instead
    (README: out of git's reach); ``local_docs``: the fetch server lets private addresses
    through (``--allow-private-ips``: the docs the user names are on this machine)."""
    servers: dict[str, dict[str, Any]] = {
        "filesystem": {
            "command": str(NODE_BIN / "mcp-server-filesystem"),
            "args": [str(day.project)],
        },
        "git": {
            "command": str(ROOT / ".venv" / "bin" / "mcp-server-git"),
            "args": ["--repository", str(day.project)],
        },
        "fetch": {
            "command": str(ROOT / ".venv" / "bin" / "mcp-server-fetch"),
            "args": ["--allow-private-ips"] if local_docs else [],
        },
        "memory": {
            "command": str(NODE_BIN / "mcp-server-memory"),
            "args": [],
            "env": {"MEMORY_FILE_PATH": str(day.home / ".local" / "memory.jsonl")},
        },
        "everything": {"command": str(NODE_BIN / "mcp-server-everything"), "args": []},
        "sqlite": {
            "command": str(ROOT / ".venv-sqlite" / "bin" / "mcp-server-sqlite"),
            "args": ["--db-path", str(day.project / "data" / "app.db")],
        },
    }
    exe = time_server()
    if exe is not None:
        servers["time"] = {"command": str(exe), "args": ["--local-timezone", "Europe/Paris"]}
    if user_scope:
        config = day.home / ".claude.json"
        body: dict[str, Any] = {"projects": {str(day.project): {"mcpServers": servers}}}
    else:
        config, body = day.project / ".mcp.json", {"mcpServers": servers}
    config.write_text(json.dumps(body, indent=2), "utf-8")
    return config


def run_init(day: Day, config: Path) -> str:
    """``cordon init --config .mcp.json --packs`` in the project, answering ``y`` (for
    ``~/.claude.json``: ``--project`` the project, README's form for one project's servers)."""
    more = ["--project", str(day.project)] if config.name == ".claude.json" else []
    done = subprocess.run(
        [str(CORDON), "init", "--config", str(config), "--packs", *more],
        cwd=day.project,
        env=day.env(),
        input="y\n",
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"cordon init failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    data = json.loads(config.read_text("utf-8"))
    day.entries = data["projects"][str(day.project)]["mcpServers"] if more else data["mcpServers"]
    return done.stdout + done.stderr


@contextlib.contextmanager
def docs_server(root: Path) -> Iterator[str]:
    """The docs the user names, on 127.0.0.1 (a local stand-in for the project's docs site)."""
    root.mkdir(parents=True)
    for name, text in DOCS.items():
        (root / name).write_text(text, "utf-8")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(root))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


class Agent:
    """The client side: one SDK client per wrapped server, started as the client starts it."""

    def __init__(self, day: Day, session: str) -> None:
        self.day = day
        self.session = session
        self.clients: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[Agent]:
        from mcp import Client, StdioServerParameters

        async with contextlib.AsyncExitStack() as stack:
            for name, entry in self.day.entries.items():
                params = StdioServerParameters(
                    command=str(entry["command"]),
                    args=list(entry["args"]),
                    env={**self.day.env(), **dict(entry.get("env") or {})},
                    cwd=str(self.day.project),
                )
                client = await stack.enter_async_context(Client(params, mode="legacy"))
                await client.list_tools()
                self.clients[name] = client
            yield self

    def prompt(self, text: str) -> None:
        """The user's prompt, handed to each ``UserPromptSubmit`` hook of the scratch HOME's
        ``~/.claude/settings.json`` (``cordon init`` put cordon's there) as Claude Code runs
        it: ``sh -c COMMAND``, the event as JSON on stdin, from the process that starts the
        servers."""
        if self.day.no_prompts:
            return
        settings = json.loads((self.day.home / ".claude" / "settings.json").read_text("utf-8"))
        event = {
            "session_id": f"benign-day-{self.session}",
            "transcript_path": str(self.day.home / ".claude" / "transcript.jsonl"),
            "cwd": str(self.day.project),
            "hook_event_name": "UserPromptSubmit",
            "prompt": text,
        }
        for group in settings.get("hooks", {}).get("UserPromptSubmit", []):
            for hook in group.get("hooks", []):
                done = subprocess.run(
                    ["sh", "-c", hook["command"]],
                    input=json.dumps(event),
                    env=self.day.env(),
                    cwd=self.day.project,
                    capture_output=True,
                    text=True,
                    check=False,
                )
                if done.returncode != 0:
                    print(f"prompt hook exit {done.returncode}: {done.stderr.strip()}")

    async def call(self, server: str, tool: str, args: dict[str, Any]) -> str:
        """One tools/call; its text (the agent reads it), noted with whether it failed."""
        if server not in self.clients:
            return ""
        result = await self.clients[server].call_tool(tool, args)
        text = "\n".join(getattr(c, "text", "") for c in result.content)
        self.day.outcomes.append((self.session, server, tool, bool(result.is_error), text[:300]))
        return text


HELPERS = '''"""Small helpers over IniConfig for the app."""

from iniconfig import IniConfig


def section_names(path: str) -> list[str]:
    """The sections of the INI file at ``path``, in file order."""
    return list(IniConfig(path).sections)
'''

TEST_HELPERS = """from pathlib import Path

from iniconfig.helpers import section_names


def test_section_names(tmp_path: Path) -> None:
    ini = tmp_path / "x.ini"
    ini.write_text("[a]\\nk = 1\\n[b]\\n")
    assert section_names(str(ini)) == ["a", "b"]
"""


async def files_and_code(a: Agent, p: Path) -> None:
    """Reading around the project, then an edit, a new module and its test."""
    f = "filesystem"
    a.prompt(
        "Look around this repo, then add a section_names(path) helper to iniconfig in a new "
        "helpers.py with a test in tests/, mention it in the README, and keep a TODO note."
    )
    await a.call(f, "list_allowed_directories", {})
    await a.call(f, "list_directory", {"path": str(p)})
    await a.call(f, "directory_tree", {"path": str(p / "src")})
    await a.call(f, "read_text_file", {"path": str(p / "README.md")})
    await a.call(f, "read_text_file", {"path": str(p / "src/iniconfig/__init__.py"), "head": 60})
    await a.call(f, "search_files", {"path": str(p), "pattern": "*.py"})
    await a.call(f, "get_file_info", {"path": str(p / "pyproject.toml")})
    await a.call(
        f,
        "read_multiple_files",
        {"paths": [str(p / "pyproject.toml"), str(p / "src/iniconfig/exceptions.py")]},
    )
    await a.call(f, "list_directory_with_sizes", {"path": str(p / "src/iniconfig")})
    await a.call(f, "read_text_file", {"path": str(p / "src/iniconfig/_parse.py")})
    init = str(p / "src/iniconfig/__init__.py")
    text = await a.call(f, "read_text_file", {"path": init})
    first = text.splitlines()[0] if text else ""
    await a.call(
        f, "edit_file", {"path": init, "edits": [{"oldText": first, "newText": first + "  "}]}
    )
    await a.call(f, "write_file", {"path": str(p / "src/iniconfig/helpers.py"), "content": HELPERS})
    await a.call(f, "create_directory", {"path": str(p / "tests")})
    await a.call(
        f, "write_file", {"path": str(p / "tests/test_helpers.py"), "content": TEST_HELPERS}
    )
    readme = str(p / "README.md")
    await a.call(
        f,
        "edit_file",
        {
            "path": readme,
            "edits": [{"oldText": "## Usage", "newText": "## Usage\n\nSee also `section_names`."}],
        },
    )
    await a.call(f, "read_text_file", {"path": str(p / "src/iniconfig/helpers.py")})
    await a.call(f, "search_files", {"path": str(p), "pattern": "test_*.py"})
    await a.call(f, "read_text_file", {"path": str(p / "tests/test_helpers.py")})
    await a.call(f, "write_file", {"path": str(p / "notes.txt"), "content": "todo: docs\n"})
    await a.call(
        f, "move_file", {"source": str(p / "notes.txt"), "destination": str(p / "TODO.txt")}
    )


async def git_work(a: Agent, p: Path) -> None:
    """Status, diff, stage, commit, log, a branch and back."""
    g, repo = "git", {"repo_path": str(p)}
    a.prompt(
        "Commit the helper and its test on main. Then make a branch docs-usage, commit the "
        "README change there, show me its diff against main, and switch back to main."
    )
    await a.call(g, "git_status", repo)
    await a.call(g, "git_diff_unstaged", repo)
    await a.call(
        g, "git_add", {**repo, "files": ["src/iniconfig/helpers.py", "tests/test_helpers.py"]}
    )
    await a.call(g, "git_diff_staged", repo)
    await a.call(g, "git_commit", {**repo, "message": "Add section_names helper and its test"})
    await a.call(g, "git_log", {**repo, "max_count": 5})
    await a.call(g, "git_branch", {**repo, "branch_type": "local"})
    await a.call(g, "git_create_branch", {**repo, "branch_name": "docs-usage"})
    await a.call(g, "git_checkout", {**repo, "branch_name": "docs-usage"})
    await a.call(g, "git_add", {**repo, "files": ["README.md", "src/iniconfig/__init__.py"]})
    await a.call(g, "git_commit", {**repo, "message": "README: mention section_names"})
    await a.call(g, "git_show", {**repo, "revision": "HEAD"})
    await a.call(g, "git_diff", {**repo, "target": "main"})
    await a.call(g, "git_checkout", {**repo, "branch_name": "main"})
    await a.call(g, "git_add", {**repo, "files": ["pyproject.toml"]})
    await a.call(g, "git_reset", repo)
    await a.call(g, "git_status", repo)


async def web_memory_time_db(a: Agent, day: Day) -> None:
    """The docs the user named, notes in memory, a time conversion, a database query."""
    a.prompt(
        f"Read the iniconfig docs at {day.docs_url}/index.html and {day.docs_url}/api.html. "
        "Remember in memory that the app vendors iniconfig and defines section_names. What "
        "time is 16:30 in Paris in New York? Then put the db settings (host localhost, port "
        "5432, then 5433) in a settings table of the sqlite database and show them; and try "
        "the everything server's echo, sum and structured content tools."
    )
    await a.call("fetch", "fetch", {"url": f"{day.docs_url}/index.html"})
    await a.call("fetch", "fetch", {"url": f"{day.docs_url}/api.html", "max_length": 2000})
    await a.call("fetch", "fetch", {"url": f"{day.docs_url}/api.html", "raw": True})
    m = "memory"
    ents = [
        {"name": "app", "entityType": "project", "observations": ["vendors iniconfig"]},
        {"name": "section_names", "entityType": "function", "observations": ["in helpers.py"]},
    ]
    await a.call(m, "create_entities", {"entities": ents})
    rel = {"from": "app", "to": "section_names", "relationType": "defines"}
    await a.call(m, "create_relations", {"relations": [rel]})
    obs = {"entityName": "app", "contents": ["tests live in tests/"]}
    await a.call(m, "add_observations", {"observations": [obs]})
    await a.call(m, "search_nodes", {"query": "iniconfig"})
    await a.call(m, "open_nodes", {"names": ["app"]})
    await a.call(m, "read_graph", {})
    await a.call(m, "search_nodes", {"query": "section"})
    await a.call("time", "get_current_time", {"timezone": "Europe/Paris"})
    conv = {
        "source_timezone": "Europe/Paris",
        "time": "16:30",
        "target_timezone": "America/New_York",
    }
    await a.call("time", "convert_time", conv)
    await a.call("time", "get_current_time", {"timezone": "Asia/Tokyo"})
    s = "sqlite"
    ddl = "CREATE TABLE settings (id INTEGER PRIMARY KEY, section TEXT, key TEXT, value TEXT)"
    await a.call(s, "create_table", {"query": ddl})
    ins = "INSERT INTO settings (section, key, value) VALUES ('db', 'host', 'localhost'), ('db', 'port', '5432')"
    await a.call(s, "write_query", {"query": ins})
    await a.call(s, "list_tables", {})
    await a.call(s, "describe_table", {"table_name": "settings"})
    await a.call(s, "read_query", {"query": "SELECT section, key, value FROM settings ORDER BY id"})
    await a.call(s, "write_query", {"query": "UPDATE settings SET value = '5433' WHERE id = 2"})
    await a.call(s, "read_query", {"query": "SELECT value FROM settings WHERE key = 'port'"})
    await a.call(s, "read_query", {"query": "SELECT count(*) FROM settings WHERE section = 'db'"})
    e = "everything"
    await a.call(e, "echo", {"message": "hello"})
    await a.call(e, "get-sum", {"a": 2, "b": 3})
    await a.call(e, "get-structured-content", {"location": "Chicago"})


async def session_one(day: Day) -> None:
    async with Agent(day, "1").running() as a:
        await files_and_code(a, day.project)
        await git_work(a, day.project)
        await web_memory_time_db(a, day)


async def session_two(day: Day) -> None:
    """Flows across servers: read then commit; fetch docs then write notes; recall then write."""
    p, f, g = day.project, "filesystem", "git"
    async with Agent(day, "2").running() as a:
        a.prompt(
            "Add 'done: helper' to TODO.txt and commit it. Then fetch "
            f"{day.docs_url}/api.html and write API notes into docs/api-notes.md and commit "
            "them; check what memory has on the app and read the docs index again; put the "
            "db settings in settings.ini; what is 09:00 Paris in Tokyo? Then bump the version "
            "to 0.2.0 and commit, show me the previous commit, branch fix-typo off main, drop "
            "the db host row, and show the rest of the docs index from character 100."
        )
        await a.call(g, "git_status", {"repo_path": str(p)})
        text = await a.call(f, "read_text_file", {"path": str(p / "TODO.txt")})
        await a.call(
            f, "write_file", {"path": str(p / "TODO.txt"), "content": text + "done: helper\n"}
        )
        await a.call(g, "git_add", {"repo_path": str(p), "files": ["TODO.txt"]})
        await a.call(g, "git_commit", {"repo_path": str(p), "message": "Add TODO"})
        docs = await a.call("fetch", "fetch", {"url": f"{day.docs_url}/api.html"})
        # (a page cordon held back is not taken for the docs: the notes say so instead)
        docs = "(the docs were not fetched)" if docs.startswith("[cordon") else docs
        notes = "# API notes\n\nFrom the iniconfig docs:\n\n" + docs[:600] + "\n"
        await a.call(f, "create_directory", {"path": str(p / "docs")})
        await a.call(f, "write_file", {"path": str(p / "docs/api-notes.md"), "content": notes})
        await a.call(g, "git_add", {"repo_path": str(p), "files": ["docs/api-notes.md"]})
        await a.call(g, "git_commit", {"repo_path": str(p), "message": "docs: API notes"})
        await a.call("memory", "search_nodes", {"query": "app"})
        await a.call("fetch", "fetch", {"url": f"{day.docs_url}/index.html"})
        await a.call(
            f,
            "edit_file",
            {
                "path": str(p / "docs/api-notes.md"),
                "edits": [{"oldText": "# API notes", "newText": "# API notes (see section_names)"}],
            },
        )
        await a.call(g, "git_diff_unstaged", {"repo_path": str(p)})
        rows = await a.call("sqlite", "read_query", {"query": "SELECT key, value FROM settings"})
        await a.call(
            f, "write_file", {"path": str(p / "settings.ini"), "content": "[db]\n" + rows[:200]}
        )
        await a.call(f, "read_text_file", {"path": str(p / "src/iniconfig/helpers.py")})
        await a.call(g, "git_log", {"repo_path": str(p), "max_count": 3})
        await a.call(f, "directory_tree", {"path": str(p), "excludePatterns": ["__pycache__"]})
        await a.call(f, "read_text_file", {"path": str(p / "README.md"), "tail": 5})
        edit = {"oldText": 'version = "0.1.0"', "newText": 'version = "0.2.0"'}
        await a.call(
            f, "edit_file", {"path": str(p / "pyproject.toml"), "edits": [edit], "dryRun": True}
        )
        await a.call(f, "edit_file", {"path": str(p / "pyproject.toml"), "edits": [edit]})
        await a.call(
            g, "git_add", {"repo_path": str(p), "files": ["pyproject.toml", "settings.ini"]}
        )
        await a.call(g, "git_commit", {"repo_path": str(p), "message": "Release 0.2.0"})
        await a.call(g, "git_show", {"repo_path": str(p), "revision": "HEAD~1"})
        await a.call(
            g,
            "git_create_branch",
            {"repo_path": str(p), "branch_name": "fix-typo", "base_branch": "main"},
        )
        await a.call("sqlite", "write_query", {"query": "DELETE FROM settings WHERE id = 1"})
        await a.call("fetch", "fetch", {"url": f"{day.docs_url}/index.html", "start_index": 100})
        await a.call(
            "time",
            "convert_time",
            {"source_timezone": "Europe/Paris", "time": "09:00", "target_timezone": "Asia/Tokyo"},
        )


def verdicts(audit: Path) -> list[dict[str, Any]]:
    """The log's verdict records on tool calls."""
    out = []
    for line in audit.read_text("utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("kind") == "verdict" and rec.get("verdict"):
            out.append(rec)
    return out


def table(recs: list[dict[str, Any]]) -> str:
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for rec in recs:
        counts[str(rec.get("server"))][str(rec["verdict"])] += 1
    rows = ["| server | calls | allow | ask | deny |", "|---|---:|---:|---:|---:|"]
    total: collections.Counter[str] = collections.Counter()
    for server in sorted(counts):
        c = counts[server]
        total.update(c)
        rows.append(f"| {server} | {sum(c.values())} | {c['allow']} | {c['ask']} | {c['deny']} |")
    rows.append(
        f"| **all** | {sum(total.values())} | {total['allow']} | {total['ask']} | {total['deny']} |"
    )
    return "\n".join(rows)


def not_allowed(recs: list[dict[str, Any]]) -> str:
    rows = []
    for rec in recs:
        if rec["verdict"] != "allow":
            reason = str(rec.get("reason", ""))[:160]
            rows.append(
                f"  {rec['verdict']:5} {rec.get('server')}.{rec.get('tool')} {rec.get('rule')}: {reason}"
            )
    return "\n".join(rows) or "  (none)"


def cli_views(day: Day) -> str:
    """``cordon audit show`` (asks and denies) and ``cordon report``: the same log, read there."""
    env = day.env()
    show = subprocess.run(
        [str(CORDON), "audit", "show", "--verdict", "ask", "--verdict", "deny"],
        env={**env, "COLUMNS": "200"},
        capture_output=True,
        text=True,
        check=False,
    )
    pack = day.home / "review.md"
    rep = subprocess.run(
        [str(CORDON), "report", "--out", str(pack)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return f"cordon audit show (ask, deny): exit {show.returncode}\n{show.stdout}{show.stderr}" + (
        f"cordon report: exit {rep.returncode}, {pack.stat().st_size if pack.exists() else 0} bytes"
    )


def allow_docs_host(day: Day) -> str:
    """The user's one edit docs/policy.md names for a docs host on this machine: an exact
    ``egress.allow`` entry lifts ``egress.private_address`` for it (the fetch server's policy
    file, which ``cordon init --packs`` wrote and says to edit)."""
    args = day.entries["fetch"]["args"]
    policy = Path(args[args.index("--policy") + 1])
    with policy.open("a", encoding="utf-8") as f:
        f.write("egress: {allow: [127.0.0.1]}\n")
    return str(policy)


def server_errors(day: Day, recs: list[dict[str, Any]]) -> str:
    """Calls cordon let through that the server itself failed (the script's own mistakes, or
    a server refusing: not cordon's verdicts, shown so a broken day is seen)."""
    rows = [
        f"  {s}.{t}: {x[:120]!r}"
        for _n, s, t, err, x in day.outcomes
        if err and not x.startswith("[cordon")
    ]
    return "\n".join(rows) or "  (none)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calls", action="store_true", help="list each call not allowed")
    ap.add_argument("--keep", type=Path, help="keep the scratch HOME here")
    ap.add_argument("--show", action="store_true", help="print cordon audit show and report")
    ap.add_argument(
        "--local-docs",
        action="store_true",
        help="the user lets fetch reach the docs host on this machine: --allow-private-ips to "
        "the server, egress: {allow: [127.0.0.1]} in its policy",
    )
    ap.add_argument(
        "--no-prompts",
        action="store_true",
        help="run no prompt hook (as a client without one: cordon never sees the user's words)",
    )
    ap.add_argument(
        "--user-scope",
        action="store_true",
        help="the servers in ~/.claude.json's project entry instead of the project's .mcp.json",
    )
    opts = ap.parse_args()
    base = Path(tempfile.mkdtemp(prefix="benign_day_")) if opts.keep is None else opts.keep
    home = base / "home"
    home.mkdir(parents=True)
    day = Day(home=home, project=make_project(home), no_prompts=opts.no_prompts)
    said = run_init(day, write_config(day, opts.user_scope, opts.local_docs))
    if time_server() is None:
        print("time: mcp-server-time not found (see --help): its calls are skipped")
    print("\n".join(x for x in said.splitlines() if "--packs" in x or "no built-in pack" in x))
    if opts.local_docs:
        print(f"fetch: egress: {{allow: [127.0.0.1]}} added to {allow_docs_host(day)}")
    with docs_server(home / "docs-site") as url:
        day.docs_url = url
        asyncio.run(session_one(day))
        asyncio.run(session_two(day))
    recs = verdicts(day.audit)
    per = collections.Counter(o[0] for o in day.outcomes)
    print(f"calls: session 1 {per['1']}, session 2 {per['2']}")
    print(table(recs))
    if opts.calls:
        print("not allowed:\n" + not_allowed(recs))
        print("allowed, failed at the server:\n" + server_errors(day, recs))
    if opts.show:
        print(cli_views(day))
    if opts.keep is None:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
