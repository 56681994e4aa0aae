"""What the real ``cordon serve`` says of itself: the start record its audit log begins with
(as ``cordon run`` writes one, so ``cordon report`` can tell which policy decided), the
address ``--http`` listens on, and what ``--audit`` records."""

from __future__ import annotations

import os
import re
import select
import socket
import subprocess
import time
from pathlib import Path

import orjson
import pytest
from mcp import Client, StdioServerParameters

from cordon import __version__
from cordon.policy import load_policy, policy_hash
from tests.conftest import cordon_exe, run_cordon

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _params(tmp: Path, *extra: str) -> StdioServerParameters:
    exe = cordon_exe()
    env = {**os.environ, "HOME": str(tmp)}
    return StdioServerParameters(command=exe[0], args=[*exe[1:], "serve", *extra], env=env)


async def test_the_audit_log_begins_with_a_start_record_naming_the_policy(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\ncontent: {mode: block}\n", "utf-8")
    empty = tmp_path / "empty.yaml"
    empty.write_text("", "utf-8")
    audit = tmp_path / "audit.jsonl"
    params = _params(
        tmp_path, "--policy", str(policy), "--policy", str(empty), "--audit", str(audit)
    )
    async with Client(params, mode="legacy") as client:
        r = await client.call_tool(
            "check_tool_call",
            {
                "tool": "send_email",
                "arguments": {"to": "a@b.example"},
                "context": {"server": "mail"},
            },
        )
        assert r.structured_content is not None
    recs = [orjson.loads(line) for line in audit.read_bytes().splitlines()]
    start = recs[0]
    assert start["kind"] == "start" and start["version"] == __version__, start
    assert start["policy_hash"] == policy_hash(load_policy([policy, empty]))
    assert start["policy_files"] == [str(policy.resolve()), str(empty.resolve())]
    assert start["empty_policy_files"] == [str(empty.resolve())]
    assert start["pid"] != os.getpid() and recs[1]["kind"] == "verdict"
    out = tmp_path / "pack.md"
    done = run_cordon(tmp_path, "report", "--audit", str(audit), "-o", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    pack = out.read_text()
    assert "No start record" not in pack
    assert f"policy hash `{start['policy_hash'][:16]}`" in pack
    # the servers its verdicts name are shown under the policy it ran with, not none
    assert f"server mail: its own policy, {policy.resolve()}, {empty.resolve()}" in pack, pack


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_http_says_where_it_listens_and_that_it_is_loopback_only(tmp_path: Path) -> None:
    port = _free_port()
    proc = subprocess.Popen(
        [*cordon_exe(), "serve", "--http", f"127.0.0.1:{port}"],
        env={**os.environ, "HOME": str(tmp_path)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        deadline, said = time.monotonic() + 20, ""
        while "\n" not in said and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stderr], [], [], 0.5)
            if ready:
                said += proc.stderr.readline()
            assert proc.poll() is None, said
        assert f"http://127.0.0.1:{port}/mcp" in said, said
        assert re.search(r"loopback only", said), said
        # it is listening when it says so
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_help_says_audit_records_both_checks(tmp_path: Path) -> None:
    done = run_cordon(tmp_path, "serve", "--help")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "check_tool_call" in text and "check_client_request" in text, text


def test_a_taken_port_is_said_and_never_announced_as_listening(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [*cordon_exe(), "serve", "--http", f"127.0.0.1:{port}"],
            env={**os.environ, "HOME": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2, done.stderr
    assert "listening" not in done.stderr and "in use" in done.stderr, done.stderr
