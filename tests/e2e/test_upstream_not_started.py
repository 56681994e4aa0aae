"""`cordon run -- COMMAND` whose COMMAND cannot be started: the client's first request
(``initialize``) gets a JSON-RPC error naming the program, cordon says the same on stderr
and exits non-zero. Silence would leave a client such as Claude Desktop waiting on a server
that never answers, with no reason shown. Through the real `cordon` process, on pipes (an
MCP client's; cordon refuses a regular file as stdout). The same for a start-up error before
any upstream is started (a policy error)."""

from __future__ import annotations

import json
import subprocess

import pytest
from mcp import Client

from tests.conftest import Harness, first_mcp_error

pytestmark = [pytest.mark.e2e]

MISSING = "/nonexistent/cmd"


def _start(harness: Harness, *args: str) -> subprocess.Popen[bytes]:
    p = harness.cordon([MISSING, *args])
    return subprocess.Popen(
        [p.command, *p.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=p.env,
    )


def _initialize(id_: object) -> bytes:
    msg = {
        "jsonrpc": "2.0",
        "id": id_,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    }
    return json.dumps(msg).encode() + b"\n"


def test_initialize_gets_an_error_naming_the_command(harness: Harness) -> None:
    # an argument that may be a credential is not repeated to the client or on stderr
    proc = _start(harness, "--token=s3cr3t-value")
    out, err = proc.communicate(_initialize("init-1"), timeout=60)
    assert proc.returncode not in (0, None), (out, err)
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 1, out
    reply = lines[0]
    assert reply["jsonrpc"] == "2.0" and reply["id"] == "init-1" and "result" not in reply
    assert reply["error"]["code"] == -32603
    assert MISSING in reply["error"]["message"]
    assert "No such file or directory" in reply["error"]["message"]
    assert f"cannot start upstream {MISSING!r}" in err.decode()
    assert b"s3cr3t-value" not in out + err


def test_a_notification_first_is_not_answered_the_request_after_it_is(
    harness: Harness,
) -> None:
    proc = _start(harness)
    note = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode()
    out, _ = proc.communicate(note + b"\nnot json\n" + _initialize(3), timeout=60)
    assert proc.returncode not in (0, None)
    [reply] = [json.loads(line) for line in out.splitlines()]
    assert reply["id"] == 3 and MISSING in reply["error"]["message"]


def test_client_gone_without_a_request_ends_it(harness: Harness) -> None:
    proc = _start(harness)
    out, err = proc.communicate(b"", timeout=60)
    assert proc.returncode not in (0, None)
    assert out == b""
    assert f"cannot start upstream {MISSING!r}" in err.decode()


def test_a_policy_error_is_told_to_the_client_too(harness: Harness) -> None:
    """cordon run stops before any upstream starts (here a policy error, exit 2): the same
    message reaches the client as the answer to its initialize."""
    bad = harness.tmp / "bad.yaml"
    bad.write_text("version: 1\nbogus_key: 1\n", encoding="utf-8")
    p = harness.cordon(["true"], policies=[bad])
    proc = subprocess.Popen(
        [p.command, *p.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=p.env,
    )
    out, err = proc.communicate(_initialize(9), timeout=60)
    assert proc.returncode == 2, (out, err)
    [reply] = [json.loads(line) for line in out.splitlines()]
    assert reply["id"] == 9 and reply["error"]["code"] == -32603
    assert reply["error"]["message"] == f"cordon: policy error: {bad}:2: bogus_key: unknown key"
    assert "bogus_key: unknown key" in err.decode()


@pytest.mark.anyio
async def test_the_sdk_client_in_its_default_mode_is_told_why(harness: Harness) -> None:
    """The official SDK client's default (``auto``) mode sends ``server/discover`` first and,
    refused, falls back to ``initialize``: both are answered with the reason, so the client
    shows it instead of "connection closed"."""
    bad = harness.tmp / "bad.yaml"
    bad.write_text("version: 1\nbogus_key: 1\n", encoding="utf-8")
    said = await first_mcp_error(Client(harness.cordon(["true"], policies=[bad])))
    assert said == f"cordon: policy error: {bad}:2: bogus_key: unknown key"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--url", "127.0.0.1:3917/mcp"], "cordon run: --url must be an http(s) URL"),
        (["--url", "http://mcp.example/mcp"], "cordon run: --url is plain http:// to another"),
        (
            ["--url", "https://mcp.example/mcp", "--header", "X-Api-Key=s3cret-key-123456"],
            "cordon: --header needs NAME:VALUE, and one --header has no ':'",
        ),
    ],
)
async def test_a_bad_remote_upstream_is_told_to_the_client(
    harness: Harness, extra: list[str], said: str
) -> None:
    """A ``cordon run --url`` that cannot start says why to the client (the SDK client shows
    it), and a malformed ``--header`` never repeats its value (it may be all credential)."""
    got = await first_mcp_error(Client(harness.cordon([], extra=extra)))
    assert got.startswith(said), got
    assert "s3cret" not in got and "X-Api-Key=" not in got
