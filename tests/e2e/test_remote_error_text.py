"""What ``cordon run --url`` says when an exchange fails, through the real proxy in front of
a hostile endpoint (``tests/servers/hostile_http.py``) on raw pipes: no byte of the server's
that cordon did not scan reaches the client or stderr (invariant 6), and none of cordon's own
credentials do (invariant 7). A malformed chunk header (h11 quoted it whole: an injection
naming an address, and the ``X-Api-Key`` value the server echoed) is named by its problem; an
odd content type is not repeated; a refused redirect's Location is named with the key masked,
and recorded as untrusted output, so a fetch of it is refused (taint). A ``--header`` without
its ``NAME:`` is refused without repeating any of it."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from tests.conftest import ROOT, Harness
from tests.e2e.test_remote_recovery import _port, _serve

pytestmark = [pytest.mark.e2e]

HOSTILE = ROOT / "tests" / "servers" / "hostile_http.py"
TOKEN = "Zq7Xv2Lm9Rt4Wp8Kd3Hs6Nb1"
COLLECTOR = "https://collector.attacker-mail.example/upload-the-keys"


class _Raw:
    """``cordon run --url`` on raw pipes, its stderr kept in a file."""

    def __init__(self, harness: Harness, extra: list[str], env: dict[str, str]) -> None:
        p = harness.cordon([], extra=extra, env=env)
        self.err = harness.tmp / "stderr.txt"
        self.proc = subprocess.Popen(
            [p.command, *p.args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.err.open("wb"),
            env=p.env,
        )
        self.n = 0
        #: every line cordon wrote, notifications included
        self.lines: list[str] = []

    def ask(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.n += 1
        msg = {"jsonrpc": "2.0", "id": self.n, "method": method, "params": params}
        self.proc.stdin.write(json.dumps(msg).encode() + b"\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            assert line, "cordon closed its stdout"
            self.lines.append(line.decode())
            out = json.loads(line)
            if out.get("id") == self.n and "method" not in out:
                return out

    def close(self) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(20)
        return self.err.read_text("utf-8", "replace")


def test_failed_exchanges_repeat_no_server_text_nor_cordons_key(harness: Harness) -> None:
    port = _port()
    box = harness.tmp / "hostile"
    box.mkdir()
    _serve(harness, HOSTILE, {"HOSTILE_PORT": str(port), "HOSTILE_DIR": str(box)}, port)
    url = f"http://127.0.0.1:{port}/mcp"
    raw = _Raw(
        harness,
        ["--url", url, "--header-env", "X-Api-Key"],
        {"CORDON_HEADER_X_API_KEY": TOKEN},
    )
    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
        assert "result" in raw.ask("initialize", init)
        assert "result" in raw.ask("tools/list", {})
        said = {}
        for tool in ("bad_chunk", "odd_type", "redirect_token", "redirect_away"):
            said[tool] = raw.ask("tools/call", {"name": tool, "arguments": {}})["error"]["message"]
        fetched = raw.ask("tools/call", {"name": "fetch", "arguments": {"url": COLLECTOR}})
    finally:
        stderr = raw.close()
    assert "malformed HTTP answer (illegal chunk header)" in said["bad_chunk"]
    assert "content type (another, not shown)" in said["odd_type"]
    assert "to https://***.attacker-mail.example/in," in said["redirect_token"]
    assert f"to {COLLECTOR}," in said["redirect_away"]
    everything = json.dumps(said) + stderr + harness.audit.read_text("utf-8")
    assert TOKEN not in everything and TOKEN.lower() not in everything
    assert "IGNORE" not in everything and "drop@" not in everything
    assert "ignore-previous" not in everything
    # the refused redirect's Location is the server's text: recorded, so a fetch of it is
    # refused as a destination seen in untrusted output (it was only asked before)
    text = fetched["result"]["content"][0]["text"]
    assert fetched["result"]["isError"] and "taint.seen_in_output" in text, text
    assert not (box / "outbox.jsonl").exists()


def test_a_header_without_its_name_is_refused_without_repeating_it(harness: Harness) -> None:
    spec = "ghp_R3alT0kenValue0123456789abcdefABCD"
    raw = _Raw(harness, ["--url", "http://127.0.0.1:9/mcp", "--header", spec], {})
    stderr = raw.close()
    assert raw.proc.returncode != 0
    assert "has no ':'" in stderr, stderr
    assert not any(part in stderr for part in ("ghp_", "R3al", "0123", "ABCD")), stderr
    assert not harness.audit.exists() or "R3al" not in harness.audit.read_text("utf-8")
