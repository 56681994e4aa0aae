"""``cordon run --url`` in front of a server reached at a capability URL, its key in the path
(Zapier's shape, ``/s/<base64 of UUID:UUID>/mcp``): the mailbox server on the SDK's
``streamable_http_app`` answering only at that path (``tests/servers/mailbox_pathkey.py``),
driven by the official SDK client through the real ``cordon`` process.

The key is the server's own credential (DESIGN.md invariant 7): it reaches the server in the
path and nowhere else; not the audit log, not the pin file, not cordon's stderr, not a tool
call (``secret.egress``, the call never reaching the server)."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from tests._tty import run_in_pty
from tests.conftest import Harness, cordon_exe, first_mcp_error, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = Path(__file__).parents[1] / "servers" / "mailbox_pathkey.py"


def _zapier_key() -> str:
    """A fresh key of Zapier's shape: base64 of two UUIDs joined by ``:`` (100 characters,
    ``==`` padding)."""
    return base64.b64encode(f"{uuid.uuid4()}:{uuid.uuid4()}".encode()).decode()


def _digest(key: str) -> str:
    return "***sha256:" + hashlib.sha256(key.encode()).hexdigest()[:8]


class KeyedServer:
    """The mailbox server at ``/s/<key>/mcp`` for each of ``keys``; its side effects and the
    paths it was asked for in ``box``."""

    def __init__(self, harness: Harness, *keys: str) -> None:
        self.box = harness.tmp / "box"
        self.box.mkdir(exist_ok=True)
        (self.box / "inbox.txt").write_text("", "utf-8")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        env = {
            **os.environ,
            "HOME": str(harness.home),
            "MAILBOX_DIR": str(self.box),
            "MAILBOX_CALL_LOG": "1",
            "MAILBOX_HTTP_PORT": str(self.port),
            "MAILBOX_PATH_KEYS": ",".join(keys),
        }
        proc = subprocess.Popen([sys.executable, str(SERVER)], env=env)
        harness.servers.append(proc)  # stopped by the harness
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        pytest.fail("the path-key mailbox server did not start")

    def url(self, key: str) -> str:
        return f"http://127.0.0.1:{self.port}/s/{key}/mcp"

    def calls(self) -> list[dict[str, object]]:
        path = self.box / "calls.log"
        lines = path.read_text("utf-8").splitlines() if path.exists() else []
        return [json.loads(line) for line in lines]

    def paths(self) -> list[str]:
        path = self.box / "paths.log"
        lines = path.read_text("utf-8").splitlines() if path.exists() else []
        return [json.loads(line)["path"] for line in lines]


def _pin_files(harness: Harness, name: str) -> list[Path]:
    return sorted((harness.home / ".cordon").rglob(f"{name}-*.json"))


def _leaks(harness: Harness, err: Path, *secrets: str) -> list[str]:
    """Where any of ``secrets`` shows in cordon's files and stderr (none is the invariant)."""
    files = [harness.audit, err, *(harness.home / ".cordon").rglob("*.json")]
    texts = {str(p): p.read_text("utf-8") for p in files if p.exists()}
    return [where for where, text in texts.items() for s in secrets if s in text]


async def test_a_key_in_the_url_path_never_leaves_in_a_call_nor_enters_log_pins_or_stderr(
    harness: Harness,
) -> None:
    key = _zapier_key()
    decoded = base64.b64decode(key).decode()
    server = KeyedServer(harness, key)
    url = server.url(key)
    policy = harness.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})
    params = harness.cordon([], policies=[policy], extra=["--url", url], name="zap")
    err = harness.tmp / "cordon.err"
    with err.open("a", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            assert "send_email" in {t.name for t in (await client.list_tools()).tools}
            # the key, written alone or in the URL's path, or as its decoded text: refused
            for body in (f"k {key}", f"zapier: /api/mcp/s/{key}/mcp", f"creds {decoded}"):
                r = await client.call_tool("send_email", {"to": "ops@example.com", "body": body})
                assert r.is_error and "secret.egress" in text_of(r), text_of(r)
                assert key not in text_of(r) and decoded not in text_of(r)
            ok = await client.call_tool("send_email", {"to": "ops@example.com", "body": "hello"})
            assert not ok.is_error, text_of(ok)
    # the refused calls never reached the server; the allowed one did, through the key's path
    assert [c["arguments"] for c in server.calls()] == [{"to": "ops@example.com", "body": "hello"}]
    sent = [json.loads(p.read_text("utf-8")) for p in sorted((server.box / "outbox").iterdir())]
    assert [m["body"] for m in sent] == ["hello"]
    assert server.paths() and set(server.paths()) == {f"/s/{key}/mcp"}
    # the key (and its decoded text) is nowhere in cordon's own files or stderr
    assert _leaks(harness, err, key, decoded) == []
    start = harness.records("start")[0]
    assert start["upstream"]["url"] == f"http://127.0.0.1:{server.port}/s/***/mcp"
    verdicts = [r.get("rule") for r in harness.records("verdict")]
    assert verdicts.count("secret.egress") == 3, verdicts
    (pins,) = _pin_files(harness, "zap")
    identity = json.loads(pins.read_text("utf-8"))["servers"]["zap"]["identity"]
    assert identity["upstream"] == {"url": server.url(_digest(key))}


async def test_a_rotated_path_key_is_another_server_until_a_person_accepts_it(
    harness: Harness,
) -> None:
    """Two path keys on one host are two servers to the pin file (one URL per configured
    server), so a new key behind the same name stops with ``pin.server_changed`` before
    anything is sent to it, naming both keys by their digests only, until ``cordon pin
    accept`` at a terminal; then the new key is the server's."""
    old, new = _zapier_key(), _zapier_key()
    server = KeyedServer(harness, old, new)
    async with Client(harness.cordon([], extra=["--url", server.url(old)], name="zap")) as c:
        await c.list_tools()
    asked = len(server.paths())
    err = harness.tmp / "cordon.err"
    params = harness.cordon([], extra=["--url", server.url(new)], name="zap")
    with err.open("a", encoding="utf-8") as errlog:
        said = await first_mcp_error(Client(stdio_client(params, errlog=errlog), mode="legacy"))
    assert "pin.server_changed" in said and "only the key in the URL's path differs" in said
    assert _digest(old) in said and _digest(new) in said, said
    assert len(server.paths()) == asked  # the new URL was never asked for anything
    assert _leaks(harness, err, old, new) == [] and old not in said and new not in said
    (pins,) = _pin_files(harness, "zap")
    assert f"cordon pin accept --server zap --pin-file {pins}` in a terminal" in said
    entry = json.loads(pins.read_text("utf-8"))["servers"]["zap"]
    assert entry["pending_identity"]["upstream"] == {"url": server.url(_digest(new))}
    # a person at a terminal accepts the new key; the server then runs behind it
    accept = [*cordon_exe(), "pin", "accept", "--pin-file", str(pins)]
    env = {**os.environ, "HOME": str(harness.home)}
    rc, out = run_in_pty(accept, env, "y\n", prompt=b"Accept these changes?")
    assert rc == 0 and "accepted zap/(server)" in out, out
    assert old not in out and new not in out
    async with Client(harness.cordon([], extra=["--url", server.url(new)], name="zap")) as c:
        assert "send_email" in {t.name for t in (await c.list_tools()).tools}
    assert server.paths()[-1] == f"/s/{new}/mcp"
    assert _leaks(harness, err, old, new) == []


async def test_a_pin_file_that_kept_the_raw_path_key_is_rewritten_and_the_same_server(
    harness: Harness,
) -> None:
    """A pin file written before path keys were recognised holds the raw URL: the same
    server (no ``pin.server_changed``), and the key leaves the file."""
    key = _zapier_key()
    server = KeyedServer(harness, key)
    extra = ["--url", server.url(key)]
    async with Client(harness.cordon([], extra=extra, name="zap"), mode="legacy") as c:
        await c.list_tools()
    (pins,) = _pin_files(harness, "zap")
    pins.write_text(pins.read_text("utf-8").replace(_digest(key), key), "utf-8")
    assert key in pins.read_text("utf-8")
    async with Client(harness.cordon([], extra=extra, name="zap"), mode="legacy") as c:
        assert "send_email" in {t.name for t in (await c.list_tools()).tools}
    text = pins.read_text("utf-8")
    assert key not in text and server.url(_digest(key)) in text


async def test_a_redirect_that_keeps_the_path_key_is_followed_and_named_without_it(
    harness: Harness,
) -> None:
    """``/s/<KEY>/mcp/`` answers 307 to ``/s/<KEY>/mcp`` (same origin): followed, and the
    stderr line saying so names both URLs with the key masked."""
    key = _zapier_key()
    server = KeyedServer(harness, key)
    params = harness.cordon([], extra=["--url", server.url(key) + "/"], name="zap")
    err = harness.tmp / "cordon.err"
    with err.open("a", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            await client.list_tools()
            assert "hi" in text_of(await client.call_tool("echo", {"text": "hi"}))
    said = err.read_text("utf-8")
    origin = f"http://127.0.0.1:{server.port}"
    assert f"{origin}/s/***/mcp/ redirects to {origin}/s/***/mcp (same origin)" in said, said
    assert f"/s/{key}/mcp" in server.paths()  # the key reached the server, in the path
    assert _leaks(harness, err, key) == []
