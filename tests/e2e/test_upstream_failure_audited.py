"""A server that never ran, or exited at once, says why on the audit record, not on stderr
alone: a person reading ``cordon audit`` later (the client's log long gone) sees the program
that could not be started (or the ``--url`` it could not reach), or the exit status of the
one that stopped, after the session's ``start`` record. Through the real ``cordon`` process on pipes (an MCP client's); cordon still
fails closed (non-zero exit, the client's request answered with an error)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import Harness, run_cordon

pytestmark = [pytest.mark.e2e]

INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}


def _popen(harness: Harness, upstream: list[str], name: str) -> subprocess.Popen[bytes]:
    p = harness.cordon(upstream, name=name)
    return subprocess.Popen(
        [p.command, *p.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=p.env,
    )


def _shown(harness: Harness) -> str:
    done = run_cordon(harness.home, "audit", "show", str(harness.audit))
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_command_that_cannot_start_is_recorded(harness: Harness) -> None:
    missing = str(harness.tmp / "no-such-server")
    proc = _popen(harness, [missing, "--token=s3cr3t-value"], "gone")
    out, err = proc.communicate(json.dumps(INIT).encode() + b"\n", timeout=60)
    assert proc.returncode not in (0, None), err
    assert b"No such file or directory" in out  # the client is still told (fail closed)
    start, failed = harness.records()
    assert start["kind"] == "start" and start["server"] == "gone"
    assert failed["kind"] == "upstream" and failed["event"] == "start_failed"
    assert failed["server"] == "gone" and failed["session"] == start["session"]
    assert missing in failed["reason"] and "No such file or directory" in failed["reason"]
    assert "s3cr3t-value" not in harness.audit.read_text("utf-8")
    shown = _shown(harness)
    assert "start_failed" in shown or "cannot start upstream" in shown, shown


def test_a_server_that_exits_at_once_is_recorded_with_its_status(harness: Harness) -> None:
    # the client keeps its end open (as a real client does) while the server exits with 3
    code = "import sys; sys.stderr.write('missing API key\\n'); sys.exit(3)"
    proc = _popen(harness, [sys.executable, "-c", code], "quick")
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(INIT).encode() + b"\n")
    proc.stdin.flush()
    reply = json.loads(proc.stdout.readline())
    assert reply["id"] == 1 and "error" in reply  # fail closed, as before
    assert proc.wait(timeout=60) == 3
    proc.stdin.close()
    proc.stdout.close()
    assert proc.stderr is not None
    proc.stderr.close()
    exited = [r for r in harness.records("upstream") if r.get("event") == "exited"]
    assert len(exited) == 1, harness.records()
    assert exited[0]["status"] == 3 and exited[0]["server"] == "quick"
    assert "exited with status 3" in exited[0]["reason"]
    assert "exited with status 3" in _shown(harness)


def test_an_unreachable_url_is_recorded_and_the_client_answered(harness: Harness) -> None:
    # a Streamable HTTP server is reached only with the client's first request: the failed
    # connection is the start that failed, on the record as a command that cannot start is
    p = harness.cordon([], name="far")
    args = [a for a in p.args if a != "--"] + ["--url", "http://127.0.0.1:1/mcp"]
    proc = subprocess.Popen(
        [p.command, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=p.env,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(json.dumps(INIT).encode() + b"\n")
    proc.stdin.flush()
    reply = json.loads(proc.stdout.readline())  # an answer, not a hang
    assert reply["id"] == 1 and "cannot reach" in reply["error"]["message"], reply
    proc.stdin.close()
    assert proc.wait(timeout=60) is not None
    err = proc.stderr.read().decode()
    proc.stdout.close()
    proc.stderr.close()
    assert "cannot reach http://127.0.0.1:1/mcp" in err, err
    failed = [r for r in harness.records("upstream") if r.get("event") == "start_failed"]
    assert len(failed) == 1, harness.records()
    assert failed[0]["server"] == "far" and "cannot reach" in failed[0]["reason"]
    assert "cannot reach" in _shown(harness)
