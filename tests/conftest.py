"""Shared fixtures: start the real ``cordon`` process in front of real MCP servers."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp import StdioServerParameters

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules" / "@modelcontextprotocol"
FS_SERVER = NODE_MODULES / "server-filesystem" / "dist" / "index.js"
MAILBOX = ROOT / "tests" / "servers" / "mailbox.py"
#: the mailbox tools' definitions, for engine-level tests that pin them without a server
SEND_EMAIL_TOOL = {
    "name": "send_email",
    "description": "Send an email.",
    "inputSchema": {
        "type": "object",
        "properties": {"to": {"type": "string"}, "body": {"type": "string"}},
    },
}
READ_INBOX_TOOL = {
    "name": "read_inbox",
    "description": "Read mail.",
    "inputSchema": {"type": "object", "properties": {}},
}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def cordon_exe() -> list[str]:
    exe = Path(sys.executable).parent / "cordon"
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-m", "cordon.cli"]


def run_cordon(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real ``cordon`` command with ``args`` under ``HOME=home`` (wide columns, so rich
    does not wrap what a test reads), its output captured; never raises on its exit code."""
    return subprocess.run(
        [*cordon_exe(), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home), "COLUMNS": "300"},
        timeout=60,
        check=False,
    )


@dataclass
class Harness:
    """Paths and helpers for one test: an isolated HOME, audit log, approvals store.

    ``transport``: ``stdio`` (cordon starts the upstream) or ``http`` (the mailbox server runs
    over Streamable HTTP on 127.0.0.1 and cordon reaches it with ``--url``); tests choose it
    with ``@pytest.mark.parametrize("harness", ["stdio", "http"], indirect=True)``.
    """

    tmp: Path
    home: Path
    audit: Path
    store: Path
    env: dict[str, str] = field(default_factory=dict)
    transport: str = "stdio"
    servers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def http_mailbox(self, env: dict[str, str], token: str | None = None) -> str:
        """Start the mailbox server over Streamable HTTP; returns its MCP endpoint URL."""
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        extra = {"MAILBOX_HTTP_PORT": str(port)}
        if token is not None:
            extra["MAILBOX_HTTP_TOKEN"] = token
        proc = subprocess.Popen(
            mailbox_server(), env={**os.environ, "HOME": str(self.home), **env, **extra}
        )
        self.servers.append(proc)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                return f"http://127.0.0.1:{port}/mcp"
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        pytest.fail("the mailbox HTTP server did not start")

    def policy(self, data: dict[str, Any], name: str = "policy.yaml") -> Path:
        p = self.tmp / name
        p.write_text(yaml.safe_dump(data), "utf-8")
        return p

    def cordon(
        self,
        upstream: list[str],
        *,
        policies: list[Path] = (),  # type: ignore[assignment]
        extra: list[str] = (),  # type: ignore[assignment]
        name: str = "default",
        env: dict[str, str] | None = None,
    ) -> StdioServerParameters:
        args = [
            *cordon_exe()[1:],
            "run",
            "--audit",
            str(self.audit),
            "--approvals-store",
            str(self.store),
            "--name",
            name,
        ]
        for p in policies:
            args += ["--policy", str(p)]
        if self.transport == "http" and upstream == mailbox_server():
            args += [*extra, "--url", self.http_mailbox(env or {})]
        else:
            args += [*extra, "--", *upstream]
        full_env = {**os.environ, "HOME": str(self.home), **self.env, **(env or {})}
        return StdioServerParameters(command=cordon_exe()[0], args=args, env=full_env)

    def records(self, kind: str | None = None) -> list[dict[str, Any]]:
        if not self.audit.exists():
            return []
        out = [
            json.loads(line) for line in self.audit.read_text("utf-8").splitlines() if line.strip()
        ]
        return [r for r in out if kind is None or r.get("kind") == kind]


@pytest.fixture(scope="session")
def hs_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One Hyperscan disk cache (``~/.cordon/cache/hyperscan``) for every harness home of the
    run, filled once with the tree's start-up databases (``cordon.content.warm``).

    Each test's home is new, so each ``cordon run`` compiled the scanner's databases (about
    2 s of CPU) and built the pure-Python pass while they compiled; most exited before the
    compile ended and cached nothing. A user's home holds the cache after the first run: so
    do these homes. The file names are digests of what each database is compiled from, so
    sharing cannot hand one rule set another's database (``cordon/content/_hscache.py``).
    Tests of a cold start set their own ``HOME`` or ``CORDON_HS_CACHE=0``. Under
    pytest-xdist the workers share it (their base temps' parent), warmed under a lock.
    """
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    home = root / "hs-home"
    shared = home / ".cordon" / "cache" / "hyperscan"
    with open(root / "hs-home.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "hs-home.warm").exists():
            home.mkdir(exist_ok=True)
            subprocess.run(
                [sys.executable, "-c", "from cordon.content import warm; warm(wait=True)"],
                env={**os.environ, "HOME": str(home)},
                timeout=300,
                check=True,
            )
            shared.mkdir(mode=0o700, parents=True, exist_ok=True)
            (root / "hs-home.warm").touch()
    return shared


@pytest.fixture
def harness(tmp_path: Path, request: pytest.FixtureRequest, hs_cache: Path) -> Iterator[Harness]:
    home = tmp_path / "home"
    (home / ".cordon" / "cache").mkdir(mode=0o700, parents=True)
    (home / ".cordon").chmod(0o700)
    (home / ".cordon" / "cache" / "hyperscan").symlink_to(hs_cache)
    h = Harness(
        tmp=tmp_path,
        home=home,
        audit=tmp_path / "audit.jsonl",
        store=tmp_path / "approvals.json",
        transport=getattr(request, "param", "stdio"),
    )
    try:
        yield h
    finally:
        for proc in h.servers:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()


def fs_server(*dirs: Path) -> list[str]:
    node = shutil.which("node")
    if node is None or not FS_SERVER.exists():
        pytest.fail("the npm reference servers are not installed: run `make setup`")
    return [node, str(FS_SERVER), *(str(d) for d in dirs)]


def mailbox_server() -> list[str]:
    return [sys.executable, str(MAILBOX)]


def text_of(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def first_mcp_error(client: Any) -> str:
    """The JSON-RPC error an MCP client context (``mcp.Client(...)``) fails its handshake and
    first ``tools/list`` with (the SDK wraps it in exception groups); fails if it succeeds."""
    from mcp.shared.exceptions import MCPError

    try:
        async with client as c:
            await c.list_tools()
    except BaseException as exc:  # noqa: BLE001 - unwrapped below, anything else re-raised
        while isinstance(exc, BaseExceptionGroup):
            exc = exc.exceptions[0]
        if isinstance(exc, MCPError):
            return str(exc)
        raise
    pytest.fail("the handshake succeeded")
