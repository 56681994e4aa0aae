"""A remote server behind HTTP Basic authentication (``--header 'Authorization: Basic
<base64 of user:password>'``, as a self-hosted server's entry in a client config has it):
the password inside the header is cordon's own credential as much as the header's value.
A hijacked agent that read the entry (the client config is a file in the workspace) and
decoded it sends the password, or ``user:password``, in plain text: the call is refused
(``secret.egress``) and never reaches the server. Through the real ``cordon run --url`` in
front of the SDK server of ``tests/servers/remote.py``, driven with the SDK client."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

REMOTE = ROOT / "tests" / "servers" / "remote.py"
PASSWORD = "Tr0ub4dor-horse-staple-71"
BASIC = "Basic " + base64.b64encode(f"alice:{PASSWORD}".encode()).decode()
#: an API key given as the user name with an empty password (Stripe's form)
KEY = "kq7Rz2Lm9Vx4Nw8Bt3Hy6Pd"
BASIC_KEY = "Basic " + base64.b64encode(f"{KEY}:".encode()).decode()
#: the URL-safe alphabet (Node's basic-auth reads it), an ISO-8859-1 password (RFC 7617 leaves
#: the charset to the server)
URLSAFE_PW = "Tr0ub4dor>>horse??staple-71"
BASIC_URLSAFE = "Basic " + base64.urlsafe_b64encode(f"carol:{URLSAFE_PW}".encode()).decode()
LATIN_PW = "p\u00e4ssw\u00f6rd-horse-staple-71"
BASIC_LATIN = "Basic " + base64.b64encode(f"dave:{LATIN_PW}".encode("latin-1")).decode()


def _start(harness: Harness) -> tuple[str, Path]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    box = harness.tmp / "box"
    box.mkdir()
    env = {**os.environ, "REMOTE_PORT": str(port), "REMOTE_DIR": str(box)}
    proc = subprocess.Popen([sys.executable, str(REMOTE)], env=env)
    harness.servers.append(proc)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return f"http://127.0.0.1:{port}/mcp", box
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    pytest.fail("remote.py did not start")


def _outbox(box: Path) -> list[dict[str, str]]:
    path = box / "outbox.jsonl"
    return [json.loads(x) for x in path.read_text("utf-8").splitlines()] if path.exists() else []


@pytest.mark.parametrize(
    ("header", "leaks"),
    [
        (BASIC, [f"the password is {PASSWORD}", f"alice:{PASSWORD}"]),
        (BASIC_KEY, [f"key {KEY}"]),
        (BASIC_URLSAFE, [f"the password is {URLSAFE_PW}"]),
        (BASIC_LATIN, [f"the password is {LATIN_PW}"]),
    ],
    ids=["user-and-password", "key-as-user-name", "url-safe-alphabet", "latin-1-password"],
)
async def test_a_basic_auth_password_never_leaves_in_a_call(
    harness: Harness, header: str, leaks: list[str]
) -> None:
    url, box = _start(harness)
    policy = harness.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})
    extra = ["--url", url, "--header-env", "Authorization=RT_BASIC"]
    params = harness.cordon([], policies=[policy], extra=extra, env={"RT_BASIC": header})
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for body in leaks:
            r = await client.call_tool("send", {"to": "ops@example.com", "body": body})
            assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        ok = await client.call_tool("send", {"to": "ops@example.com", "body": "hello"})
        assert not ok.is_error, text_of(ok)
    assert [m["body"] for m in _outbox(box)] == ["hello"]
    log = harness.audit.read_text("utf-8")
    assert all(x not in log for x in (PASSWORD, KEY, URLSAFE_PW, LATIN_PW))
