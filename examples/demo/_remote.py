"""The demo's remote mode (``run.py --remote``, ``make demo-remote``): the same hijacked agent,
the helpdesk server over Streamable HTTP, cordon in front of it with ``cordon run --url``.

1. ``helpdesk_server.py`` serves on ``127.0.0.1:<free port>/mcp`` (the SDK's Streamable HTTP
   server, the same handlers as over stdio) and answers 401 to any request without
   ``Authorization: Bearer <token>``, a random token per run (``HELPDESK_DEMO_TOKEN`` sets it).
2. The scripted agent calls it straight (the SDK's Streamable HTTP client, with the token),
   then through ``cordon run --url URL --header-env Authorization`` (stdio on the client side,
   the SDK client as in the stdio demo). cordon reads the header's value from
   ``CORDON_HEADER_AUTHORIZATION``, so the token is never on its command line.
3. The checks of the stdio demo (SQLite, outbox, filesystem, audit log, review pack), and what
   only a remote server shows: every request the server got through cordon carried the token,
   the server saw only the allowed calls, and the token is in no file cordon wrote (audit log,
   review pack, approvals store, pin files). Each server appends the requests it saw to
   ``out/remote/server-direct.jsonl`` and ``out/remote/server-cordon.jsonl``.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
from _scenario import (
    ATTACKER,
    NEW_ADDRESS,
    OUT,
    ROOT,
    SERVER,
    STEPS,
    Run,
    base_env,
    compare,
    conclude,
    console,
    cordon_command,
    drive,
    fresh,
    prepare_guarded,
)
from mcp import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

OUT_REMOTE = OUT / "remote"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def helpdesk_http(run: Run, token: str, log: Path) -> Iterator[str]:
    """The helpdesk server over Streamable HTTP on a free port of 127.0.0.1, its state in
    ``run.state`` and its HOME ``run.home`` (where ``~`` lands); yields its MCP endpoint URL."""
    port = free_port()
    log.unlink(missing_ok=True)
    env = {
        **base_env(run.home, run.state),
        "HELPDESK_HTTP_PORT": str(port),
        "HELPDESK_HTTP_TOKEN": token,
        "HELPDESK_HTTP_LOG": str(log),
    }
    proc = subprocess.Popen([sys.executable, str(SERVER)], env=env)
    try:
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"the helpdesk HTTP server did not start on port {port}")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def _drive_http(url: str, token: str, run: Run) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30.0)) as http:
        await drive(streamable_http_client(url, http_client=http), run)


def run_direct(tmp: Path, token: str) -> Run:
    run = fresh("state-direct", tmp, OUT_REMOTE)
    with helpdesk_http(run, token, OUT_REMOTE / "server-direct.jsonl") as url:
        anyio.run(_drive_http, url, token, run)
    return run


def run_cordon(tmp: Path, token: str) -> tuple[Run, Path, str]:
    g = prepare_guarded(tmp, OUT_REMOTE)
    with helpdesk_http(g.run, token, OUT_REMOTE / "server-cordon.jsonl") as url:
        exe = cordon_command()
        args = [*exe[1:], *g.cordon_args(), "--url", url, "--header-env", "Authorization"]
        shown = " ".join(["cordon", *args[len(exe) - 1 :]]).replace(f"{ROOT}/", "")
        console.print(f"through cordon: [bold]{shown}[/bold]", soft_wrap=True)
        env = base_env(g.run.home, g.run.state)
        env["CORDON_HEADER_AUTHORIZATION"] = f"Bearer {token}"
        params = StdioServerParameters(command=exe[0], args=args, env=env)
        anyio.run(drive, params, g.run)
    return g.run, g.policy, url


def seen(log: Path) -> list[dict[str, Any]]:
    """The requests a helpdesk HTTP server logged (``HELPDESK_HTTP_LOG``)."""
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text("utf-8").splitlines() if line.strip()]


def files_holding(token: str, paths: list[Path]) -> list[str]:
    """Every file under ``paths`` whose bytes hold ``token``."""
    hits = []
    for base in paths:
        for p in [base] if base.is_file() else sorted(base.rglob("*")):
            if p.is_file() and token.encode() in p.read_bytes():
                hits.append(str(p))
    return hits


def remote_checks(direct: Run, guarded: Run, url: str, token: str) -> list[tuple[str, bool]]:
    """What the servers saw, and where the token went (the HOMEs must still exist)."""
    straight = seen(OUT_REMOTE / "server-direct.jsonl")
    behind = seen(OUT_REMOTE / "server-cordon.jsonl")
    allowed = [o.step.tool for o in guarded.outcomes if o.verdict == "allow"]
    called = [r["tool"] for r in behind if r.get("rpc") == "tools/call"]
    sent = json.dumps([r.get("arguments") for r in behind if r.get("rpc") == "tools/call"])
    audit = OUT_REMOTE / "audit.jsonl"
    records: list[dict[str, Any]] = [json.loads(x) for x in _lines(audit)]
    start = next((r for r in records if r.get("kind") == "start"), {})
    upstream = str((start.get("upstream") or {}).get("url", ""))
    leaks = files_holding(token, [OUT_REMOTE, guarded.home, direct.home])
    return [
        (
            f"straight to the server: it saw all {len(STEPS)} calls",
            len([r for r in straight if r.get("rpc") == "tools/call"]) == len(STEPS),
        ),
        (
            f"through cordon: every request reached the server with the token ({len(behind)})",
            bool(behind) and all(r.get("auth") == "ok" for r in behind),
        ),
        (
            f"through cordon: the server saw only the {len(allowed)} allowed calls "
            f"({', '.join(called)})",
            called == allowed,
        ),
        (
            "through cordon: no denied call's address or path reached the server",
            not any(x in sent for x in (ATTACKER, NEW_ADDRESS, ".ssh")),
        ),
        (f"the audit log names the remote upstream ({upstream or 'none'})", upstream == url),
        (
            "the bearer token is in no file cordon wrote (audit log, review pack, approvals "
            "store, pin files)" + (f": found in {', '.join(leaks)}" if leaks else ""),
            not leaks,
        ),
    ]


def _lines(path: Path) -> list[str]:
    return [x for x in path.read_text("utf-8").splitlines() if x.strip()] if path.exists() else []


def main() -> int:
    OUT_REMOTE.mkdir(parents=True, exist_ok=True)
    token = os.environ.get("HELPDESK_DEMO_TOKEN") or secrets.token_urlsafe(24)
    with tempfile.TemporaryDirectory(prefix="cordon-demo-remote-") as tmpname:
        tmp = Path(tmpname)
        console.rule("cordon demo, remote: the helpdesk server over Streamable HTTP")
        console.print(
            "The helpdesk server listens on 127.0.0.1 (Streamable HTTP, the official MCP SDK) "
            "and refuses any request without its bearer token. cordon takes the token from "
            "CORDON_HEADER_AUTHORIZATION (--header-env), never from its command line."
        )
        direct = run_direct(tmp, token)
        guarded, policy, url = run_cordon(tmp, token)
        results = compare(direct, guarded, policy, OUT_REMOTE)
        results += remote_checks(direct, guarded, url, token)
    return conclude(guarded, results, OUT_REMOTE)
