"""A browsing agent's setup as a user has it after ``cordon init``: the real Playwright MCP
server (headless Chromium), the real ``mcp-server-fetch`` and the real filesystem server, each
behind its own ``cordon run`` with its built-in pack, one HOME so the processes share what they
saw. The web is one local HTTP server, the attacker: the browser (``--proxy-server``) and the
fetch server (``--proxy-url``) send every request for a public host name through it, so a test
asserts on what reached the attacker (host, path and query, body), never only on what cordon
answered. cordon treats loopback as private, so the pages name public hosts
(``blog.attacker.example``) and only the proxy is on 127.0.0.1.

The browser's workspace root is the project directory, as when a client starts the server in
the user's project; files the server writes at a relative ``filename`` land there.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import socketserver
import subprocess
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from mcp import Client
from mcp.types import ElicitResult

from tests.conftest import Harness, fs_server, text_of
from tests.e2e._pack_servers import NODE_BIN, PLAYWRIGHT_CAPS, VENV_BIN

#: what every request Chromium makes on its own (component updates) goes to: not the attacker
_BROWSER_OWN = ("googleapis.com", "gvt1.com", "google.com")


@dataclass(frozen=True)
class Request:
    method: str
    host: str
    target: str  # path and query
    body: str


class _Attacker(http.server.BaseHTTPRequestHandler):
    """Records every request and answers with the page set for its path (``pages``), HTML
    unless the path ends in ``.txt``."""

    def _answer(self) -> None:
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n).decode("utf-8", "replace") if n else ""
        url = urlsplit(self.path)
        host = url.hostname or self.headers.get("Host", "")
        target = url.path + (f"?{url.query}" if url.query else "")
        server: Any = self.server
        if not host.endswith(_BROWSER_OWN):
            server.seen.append(Request(self.command, host, target, body))
        page = server.pages.get(url.path, "<html><body><p>nothing here</p></body></html>")
        data = page.encode()
        self.send_response(200)
        kind = "text/plain" if url.path.endswith(".txt") else "text/html"
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Access-Control-Allow-Origin", "*")  # page scripts may read it
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = _answer

    def log_message(self, *_: Any) -> None:
        pass


class Attacker:
    """The recording web server; ``pages`` maps a path to its HTML."""

    def __init__(self) -> None:
        self._srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Attacker)
        self._srv.daemon_threads = True
        self._srv.seen = []  # type: ignore[attr-defined]
        self._srv.pages = {}  # type: ignore[attr-defined]
        threading.Thread(target=self._srv.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._srv.server_address[1]}"

    @property
    def pages(self) -> dict[str, str]:
        return self._srv.pages  # type: ignore[attr-defined,no-any-return]

    @property
    def seen(self) -> list[Request]:
        return list(self._srv.seen)  # type: ignore[attr-defined]

    def got(self, text: str) -> list[Request]:
        """The requests that carried ``text`` in their host, path, query or body."""
        return [r for r in self.seen if text in f"{r.host}{r.target}\n{r.body}"]

    def close(self) -> None:
        self._srv.shutdown()
        self._srv.server_close()


@functools.cache
def chromium() -> str | None:
    """A headless Chromium that starts here, or None."""
    found = next(
        (p for p in (shutil.which("chromium"), "/usr/bin/chromium") if p and Path(p).exists()),
        None,
    )
    if found is None:
        return None
    try:
        run = subprocess.run(
            [
                found,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--dump-dom",
                "data:text/html,<p>ok</p>",
            ],  # fmt: skip
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return found if run.returncode == 0 and b"ok" in run.stdout else None


def need_chromium() -> str:
    found = chromium()
    if found is None:
        pytest.skip("headless Chromium does not start here (/usr/bin/chromium)")
    return found


#: answers cordon's question: (the question) -> approve?
Answer = Callable[[str], bool]


@dataclass
class Browsing:
    """The project directory, one connected client per server, the questions asked."""

    proj: Path
    clients: dict[str, Any]
    asked: list[str] = field(default_factory=list)

    async def call(self, server: str, tool: str, args: dict[str, Any]) -> tuple[bool, str]:
        """(allowed and succeeded, text) of one call."""
        r = await self.clients[server].call_tool(tool, args)
        return not r.is_error, text_of(r)


def _elicit(asked: list[str], answer: Answer) -> Callable[..., Awaitable[ElicitResult]]:
    async def elicit(_ctx: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        if answer(params.message):
            return ElicitResult(action="accept", content={"approve": True})
        return ElicitResult(action="decline")

    return elicit


def user_named(*destinations: str) -> Answer:
    """The person approves a question about a destination they named, nothing else."""
    return lambda question: any(f"destination '{d}'" in question for d in destinations)


def _upstreams(
    harness: Harness, proj: Path, web: str, browser_args: tuple[str, ...]
) -> dict[str, tuple[list[str], Any]]:
    """server name -> (command, policy), as the README's quick start writes them."""
    browser = [
        str(NODE_BIN / "playwright-mcp"),
        *browser_args,
        "--headless",
        "--isolated",
        "--no-sandbox",
        f"--executable-path={need_chromium()}",
        f"--proxy-server={web}",
        f"--caps={PLAYWRIGHT_CAPS}",
        f"--output-dir={harness.tmp / 'browser-out'}",
    ]
    fetch = [str(VENV_BIN / "mcp-server-fetch"), "--ignore-robots-txt", "--proxy-url", web]
    confined = {"allowed_path_prefixes": [str(proj)], "base_dir": str(proj)}
    return {
        "browser": (browser, {"packs": ["playwright"], **confined}),
        "fetch": (fetch, {"packs": ["fetch"]}),
        "files": (fs_server(proj), {"packs": ["filesystem"], **confined}),
    }


@asynccontextmanager
async def browsing(
    harness: Harness,
    attacker: Attacker,
    *servers: str,
    answer: Answer = lambda _q: False,
    browser_args: tuple[str, ...] = (),
) -> AsyncIterator[Browsing]:
    """The servers named, started; ``browser_args``: more options for the Playwright
    server."""
    proj = harness.tmp / "proj"
    proj.mkdir(exist_ok=True)
    ups = _upstreams(harness, proj, attacker.url, browser_args)
    asked: list[str] = []
    async with AsyncExitStack() as stack:
        clients: dict[str, Any] = {}
        for name in servers:
            cmd, pol = ups[name]
            policy = harness.policy({"version": 1, **pol}, name=f"policy-{name}.yaml")
            pin = ["--pin-file", str(harness.tmp / f"pin-{name}.json")]
            params = harness.cordon(cmd, policies=[policy], name=name, extra=pin)
            params = params.model_copy(update={"cwd": str(proj)})
            client = Client(params, mode="legacy", elicitation_callback=_elicit(asked, answer))
            client = await stack.enter_async_context(client)
            await client.list_tools()
            clients[name] = client
        yield Browsing(proj, clients, asked)


def serve() -> Iterator[Attacker]:
    """The body of a test module's ``attacker`` fixture."""
    web = Attacker()
    try:
        yield web
    finally:
        web.close()
