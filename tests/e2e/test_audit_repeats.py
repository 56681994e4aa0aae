"""A server or a client repeating a message cordon refuses or flags cannot flood the audit
log, through the real ``cordon run``: the official SDK client in front of
tests/servers/flooding.py (the upstream half), raw pipes for the client half (frames the SDK
would not send).

Each refused frame or server request, and each notification finding, wrote one record (~325 and ~600 bytes):
a peer repeating a 10-byte line wrote 30 times its bytes to the log until rotation dropped
the kept history. The first of each distinct event is written whole; its repeats are
counted, written at the 1st, 2nd, 4th ... one, and with the exact count on the way out. What
cordon forwards or refuses is unchanged, and the chain verifies.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, run_cordon

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "flooding.py")]
N = 300


def _records(path: Path) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def _verifies(harness: Harness) -> None:
    verified = run_cordon(harness.home, "audit", "verify", str(harness.audit))
    assert verified.returncode == 0, verified.stdout + verified.stderr


async def test_a_server_repeating_refused_and_flagged_frames_is_counted(harness: Harness) -> None:
    seen: list[Any] = []

    async def on_log(params: Any) -> None:
        seen.append(params)

    params = harness.cordon(SERVER, name="flooding")
    sizes: dict[str, int] = {}
    async with Client(params, mode="legacy", logging_callback=on_log) as client:
        await client.list_tools()
        for kind in ("garbage", "unknown_id", "notify", "sampling"):
            before = harness.audit.stat().st_size
            done = await client.call_tool("flood", {"kind": kind, "n": N})
            assert not done.is_error and done.content[0].text == "ok"  # type: ignore[union-attr]
            sizes[kind] = harness.audit.stat().st_size - before
    # the notifications went out sanitised, every one (nothing more refused or forwarded)
    assert len(seen) == N and all(str(p.data).startswith("[untrusted") for p in seen)
    # a few records a kind, not one a message (~97 KB, 97 KB and 180 KB before)
    assert all(size < 12 * 1024 for size in sizes.values()), sizes
    recs = _records(harness.audit)
    for match in (
        {"kind": "frame_refused", "reason": "parse error: not valid JSON"},
        {"kind": "frame_refused", "reason": "response to an unknown id"},
        {"kind": "content", "where": "notification"},
        {"kind": "server_request", "request": "sampling", "action": "refuse"},
    ):
        mine = [r for r in recs if match.items() <= r.items()]
        assert "repeat" not in mine[0], mine[0]  # the first, whole
        # the last counts them all (written on the way out) and points at the first
        assert mine[-1]["repeat"] == N - 1 and mine[-1]["first_seq"] == mine[0]["seq"], mine[-1]
        assert len(mine) < 16, len(mine)
    _verifies(harness)


def test_a_client_repeating_refused_frames_is_counted(harness: Harness) -> None:
    params = harness.cordon(SERVER, name="flooding")
    p = subprocess.Popen(
        [params.command, *params.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=params.env,
    )
    init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t"}}
    lines = [{"jsonrpc": "2.0", "id": "i", "method": "initialize", "params": init}]
    frames = b"".join(json.dumps(m).encode() + b"\n" for m in lines)
    frames += b"{not json\n" * N + b'{"id": 7, "method": "ping"}\n' * N
    out, _ = p.communicate(frames, timeout=120)
    answers = [json.loads(line) for line in out.splitlines()]
    # each refused frame still answered with an error (fail closed: none went upstream)
    errors = [a for a in answers if "error" in a]
    assert len(errors) == 2 * N and all(a["error"]["code"] in (-32700, -32600) for a in errors)
    recs = [r for r in _records(harness.audit) if r.get("kind") == "frame_refused"]
    assert len(recs) < 40, len(recs)
    for reason in ("parse error: not valid JSON", 'a JSON-RPC message needs "jsonrpc": "2.0"'):
        mine = [r for r in recs if r["reason"] == reason and r["direction"] == "client"]
        assert "repeat" not in mine[0] and mine[-1]["repeat"] == N - 1, mine
    _verifies(harness)


async def test_report_and_show_count_the_events_not_the_records(harness: Harness) -> None:
    """A coalesced log stands for every event: ``cordon report`` and ``cordon audit show``
    count the repeats its records carry (the exact count written on the way out), not the
    handful of records, which would say a flood of N refused frames was a few."""
    params = harness.cordon(SERVER, name="flooding")
    async with Client(params, mode="legacy", logging_callback=_ignore) as client:
        await client.list_tools()
        for kind in ("garbage", "unknown_id", "notify", "sampling"):
            await client.call_tool("flood", {"kind": kind, "n": N})
    recs = _records(harness.audit)
    assert sum(r.get("kind") == "frame_refused" for r in recs) < 2 * 16  # coalesced
    out = harness.tmp / "pack.md"
    done = run_cordon(harness.home, "report", "--audit", str(harness.audit), "-o", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    pack = out.read_text()
    # allow | deny | ask | unanswered | frames refused: two kinds of refused frame, N of each
    lines = pack.splitlines()
    summary = lines[lines.index("| allow | deny | ask | unanswered | frames refused |") + 2]
    assert summary.split("|")[5].strip() == str(2 * N), summary
    notes = [line for line in pack.splitlines() if line.startswith("| notification")]
    assert len(notes) == 1 and notes[0].rstrip(" |").endswith(f"| {N}"), notes
    shown = run_cordon(
        harness.home, "audit", "show", str(harness.audit), "--verdict", "frame_refused"
    )
    assert shown.returncode == 0, shown.stderr
    assert f"{2 * N} event(s)" in shown.stdout, shown.stdout[:400]
    shown = run_cordon(
        harness.home, "audit", "show", str(harness.audit), "--verdict", "server_request"
    )
    assert f"{N} event(s)" in shown.stdout, shown.stdout[:400]


async def _ignore(params: Any) -> None:
    return None
