"""Framing through the real process: batches, malformed JSON, invalid UTF-8, oversize and
over-deep frames are answered with JSON-RPC errors and the session goes on."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from tests.conftest import Harness, cordon_exe, fs_server

pytestmark = [pytest.mark.e2e]


def _init() -> bytes:
    return json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        }
    ).encode()


@pytest.mark.requirement("inv:fail-closed")
def test_bad_frames_get_errors_and_session_continues(harness: Harness) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    cmd = [
        *cordon_exe(),
        "run",
        "--audit",
        str(harness.audit),
        "--max-bytes",
        "20000",
        "--max-depth",
        "16",
        "--",
        *fs_server(root),
    ]
    env = {**os.environ, "HOME": str(harness.home)}
    call = {
        "jsonrpc": "2.0",
        "id": 9,
        "method": "tools/call",
        "params": {
            "name": "write_file",
            "arguments": {"path": str(root / "b.txt"), "content": "x"},
        },
    }
    deep: object = "x"
    for _ in range(40):
        deep = {"a": deep}
    lines = [
        _init(),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode(),
        json.dumps([call]).encode(),  # a batch smuggling a call
        b'{"jsonrpc": "2.0", "id": 3, "method": ',  # malformed
        b'{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"x":"\xff\xfe"}}',  # invalid UTF-8
        json.dumps(
            {"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": {"pad": "y" * 30000}}
        ).encode(),
        json.dumps(
            {"jsonrpc": "2.0", "id": 6, "method": "tools/list", "params": {"deep": deep}}
        ).encode(),
        # deeper than any JSON parser here goes (orjson stops at 1024): the id read from
        # the frame's head, as for an oversized frame
        b'{"jsonrpc":"2.0","id":10,"method":"tools/list","params":'
        + b"[" * 1500
        + b"]" * 1500
        + b"}",
        b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"write_file","name":"read_file","arguments":{}}}',
        json.dumps({"jsonrpc": "2.0", "id": 8, "method": "tools/list"}).encode(),
    ]
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"\n".join(lines) + b"\n")
    proc.stdin.flush()
    replies = []
    while True:  # read until the last request is answered, then close stdin
        raw = proc.stdout.readline()
        assert raw, proc.stderr.read() if proc.stderr else b""
        replies.append(json.loads(raw))
        if replies[-1].get("id") == 8:
            break
    proc.stdin.close()
    proc.wait(timeout=30)
    by_id = {r.get("id"): r for r in replies if r.get("id") is not None}
    errors_null = [r for r in replies if r.get("id") is None and "error" in r]
    codes = sorted(r["error"]["code"] for r in errors_null)
    # batch (-32600), malformed (-32700), invalid UTF-8 (-32700); an over-deep request is
    # answered with its own id, so the client's request ends
    assert codes == [-32700, -32700, -32600], replies
    for deep_id in (6, 10):
        assert by_id[deep_id]["error"]["code"] == -32600, by_id[deep_id]
        assert "depth cap" in by_id[deep_id]["error"]["message"]
    assert by_id[5]["error"]["code"] == -32600 and "size cap" in by_id[5]["error"]["message"]
    assert by_id[7]["error"]["code"] == -32600 and "duplicate" in by_id[7]["error"]["message"]
    assert 1 in by_id and "result" in by_id[1]
    assert "result" in by_id[8] and by_id[8]["result"]["tools"]  # the session went on
    assert 9 not in by_id  # the batched call was never forwarded
    assert not (root / "b.txt").exists()
    assert proc.returncode == 0


def test_upstream_death_errors_pending_and_exits_nonzero(harness: Harness) -> None:
    import sys

    code = "import sys; sys.stdin.readline(); sys.exit(3)"
    cmd = [*cordon_exe(), "run", "--audit", str(harness.audit), "--", sys.executable, "-c", code]
    env = {**os.environ, "HOME": str(harness.home)}
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(_init() + b"\n")
    proc.stdin.flush()  # stdin stays open: the upstream, not the client, goes away
    reply = json.loads(proc.stdout.readline())
    assert reply["id"] == 1 and "error" in reply
    assert proc.wait(timeout=30) != 0
    assert b"upstream server exited" in proc.stderr.read()
    proc.stdin.close()


def test_client_eof_terminates_a_stubborn_upstream(harness: Harness) -> None:
    """Client EOF closes the upstream's stdin, then SIGTERM, then SIGKILL after the grace."""
    import sys
    import time

    pidfile = harness.tmp / "upstream.pid"
    code = (
        "import os, signal, sys, time\n"
        f"open({str(pidfile)!r}, 'w').write(str(os.getpid()))\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "sys.stdin.read()\n"
        "time.sleep(60)\n"
    )
    cmd = [*cordon_exe(), "run", "--audit", str(harness.audit), "--", sys.executable, "-c", code]
    env = {**os.environ, "HOME": str(harness.home)}
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdin is not None
    deadline = time.monotonic() + 30
    while not pidfile.exists() or not pidfile.read_text():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    upstream = int(pidfile.read_text())
    t0 = time.monotonic()
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    assert time.monotonic() - t0 < 20
    # the upstream ignored EOF and SIGTERM; it was killed
    try:
        os.kill(upstream, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive


def test_every_tools_list_page_is_pinned(harness: Harness) -> None:
    import sys

    from tests.conftest import ROOT

    cmd = [
        *cordon_exe(),
        "run",
        "--audit",
        str(harness.audit),
        "--",
        sys.executable,
        str(ROOT / "tests" / "servers" / "paged.py"),
    ]
    mark = harness.tmp / "ran-as-notification.txt"
    env = {**os.environ, "HOME": str(harness.home), "PAGED_MARK": str(mark)}
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None

    def rpc(i: int, method: str, params: dict) -> dict:
        proc.stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}).encode()
            + b"\n"
        )  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        return json.loads(proc.stdout.readline())  # type: ignore[union-attr]

    def names(reply: dict) -> list[str]:
        return [t["name"] for t in reply["result"]["tools"]]

    rpc(
        1,
        "initialize",
        {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    )
    assert names(rpc(2, "tools/list", {})) == ["alpha"]
    assert names(rpc(3, "tools/list", {"cursor": "p2"})) == ["beta"]
    beta = rpc(4, "tools/call", {"name": "beta", "arguments": {}})
    assert beta["result"]["content"][0]["text"] == "ran beta"
    # a later listing grows a shadow tool on page 2: hidden, and its calls denied
    assert names(rpc(5, "tools/list", {})) == ["alpha"]
    assert names(rpc(6, "tools/list", {"cursor": "p2"})) == ["beta"]
    shadow = rpc(7, "tools/call", {"name": "shadow", "arguments": {}})
    assert (
        shadow["result"]["isError"] and "pin.unknown_tool" in shadow["result"]["content"][0]["text"]
    )
    # a tools/call without an id would skip every check: refused, never relayed
    note = {"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "beta", "arguments": {}}}
    proc.stdin.write(json.dumps(note).encode() + b"\n")
    proc.stdin.flush()
    refused = json.loads(proc.stdout.readline())
    assert refused["id"] is None and refused["error"]["code"] == -32600
    assert names(rpc(8, "tools/list", {})) == ["alpha"]  # the session goes on
    assert not mark.exists()
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0


def test_corrupt_pin_file_and_bad_policy_stop_startup(harness: Harness) -> None:
    import sys

    pins = harness.tmp / "pins.json"
    pins.write_text("{not json", "utf-8")
    env = {**os.environ, "HOME": str(harness.home)}
    upstream = [sys.executable, "-c", "import sys; sys.stdin.read()"]
    p = subprocess.run(
        [*cordon_exe(), "run", "--pin-file", str(pins), "--", *upstream],
        capture_output=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert p.returncode == 2 and b"pin file" in p.stderr
    bad = harness.tmp / "bad.yaml"
    bad.write_text("version: 1\ntools:\n  x:\n    max_calls: -1\n", "utf-8")
    p = subprocess.run(
        [*cordon_exe(), "run", "--policy", str(bad), "--", *upstream],
        capture_output=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert p.returncode == 2
    assert str(bad).encode() in p.stderr and b":4" in p.stderr and b"tools.x.max_calls" in p.stderr


def test_stdout_that_is_not_a_pipe_stops_start_up_before_the_upstream(tmp_path) -> None:
    """A regular file or /dev/null as stdio is refused with a clear message (exit 2), not an
    asyncio traceback, and the upstream is never started."""
    marker = tmp_path / "started"
    upstream = ["sh", "-c", f"touch {marker}; cat"]
    audit = str(tmp_path / "audit.jsonl")
    out = tmp_path / "out.txt"
    with out.open("wb") as fh:
        p = subprocess.run(
            [*cordon_exe(), "run", "--audit", audit, "--", *upstream],
            input=b"{}\n",
            stdout=fh,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    assert p.returncode == 2
    assert b"stdout is a regular file" in p.stderr
    with open(os.devnull, "rb") as null:
        p = subprocess.run(
            [*cordon_exe(), "run", "--audit", audit, "--", *upstream],
            stdin=null,
            capture_output=True,
            timeout=60,
        )
    assert p.returncode == 2 and b"stdin is not a pipe" in p.stderr
    assert not marker.exists()


@pytest.mark.requirement("inv:fail-closed")
def test_duplicate_keys_refused_in_every_client_frame(harness: Harness) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    cmd = [*cordon_exe(), "run", "--audit", str(harness.audit), "--", *fs_server(root)]
    env = {**os.environ, "HOME": str(harness.home)}
    lines = [
        _init(),
        b'{"jsonrpc":"2.0","method":"notifications/initialized","method":"x"}',
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode(),
        # a repeated id: which request is meant is not known, answered with id null
        b'{"jsonrpc":"2.0","id":11,"id":12,"method":"tools/list"}',
        b'{"jsonrpc":"2.0","id":13,"method":"tools/list","params":{"cursor":"a","cursor":"b"}}',
        json.dumps({"jsonrpc": "2.0", "id": 14, "method": "tools/list"}).encode(),
    ]
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"\n".join(lines) + b"\n")
    proc.stdin.flush()
    replies = []
    while True:
        raw = proc.stdout.readline()
        assert raw, proc.stderr.read() if proc.stderr else b""
        replies.append(json.loads(raw))
        if replies[-1].get("id") == 14:
            break
    proc.stdin.close()
    proc.wait(timeout=30)
    by_id = {r.get("id"): r for r in replies if r.get("id") is not None}
    nulls = [r for r in replies if r.get("id") is None]
    # the duplicated notification and the request with two ids: refused, never forwarded
    assert len(nulls) == 2, replies
    for r in nulls:
        assert r["error"]["code"] == -32600 and "duplicate key" in r["error"]["message"]
    assert 11 not in by_id and 12 not in by_id, replies
    assert by_id[13]["error"]["code"] == -32600, by_id[13]
    assert "duplicate key 'cursor'" in by_id[13]["error"]["message"]
    assert by_id[14]["result"]["tools"]  # the session went on
    assert proc.returncode == 0
