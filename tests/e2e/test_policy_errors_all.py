"""A policy file with three mistakes: the real `cordon check` names all three lines in one run
(exit 2), and the real `cordon run` refuses to start (exit 2) and tells the client all three
in its answer to ``initialize``. Layered files (`--policy A --policy B`) are each reported.
Each problem is a line of its own, ``FILE:LINE: KEY: MESSAGE``, so a log search finds it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import Harness, cordon_exe

pytestmark = [pytest.mark.e2e]

THREE = """version: 1
tools:
  send_email:
    exfiltratin: true
  refund:
    max_calls: lots
content: {mode: loud}
"""


def _expected(path: Path) -> list[str]:
    return [
        f"  {path}:4: tools.send_email.exfiltratin: unknown key (did you mean 'exfiltrating'?)",
        f"  {path}:6: tools.refund.max_calls: Input should be a valid integer, unable to parse "
        "string as an integer",
        f"  {path}:7: content.mode: Input should be 'monitor', 'warn' or 'block'",
    ]


def _check(*policies: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    args = [a for p in policies for a in ("--policy", str(p))]
    return subprocess.run(
        [*cordon_exe(), "check", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_cordon_check_names_every_mistake(tmp_path: Path) -> None:
    bad = tmp_path / "policy.yaml"
    bad.write_text(THREE, "utf-8")
    r = _check(bad)
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert lines == [f"cordon: policy error: 3 errors in {bad}:", *_expected(bad)], r.stderr
    assert "policy ok" not in r.stdout


def test_cordon_check_reads_every_layered_file(tmp_path: Path) -> None:
    a = tmp_path / "a.yaml"
    a.write_text(THREE, "utf-8")
    b = tmp_path / "b.yaml"
    b.write_text("version: 1\nsensitive_pathz: [~/.ssh]\n", "utf-8")
    r = _check(a, b)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.splitlines() == [
        "cordon: policy error: 4 errors in 2 files:",
        *_expected(a),
        f"  {b}:2: sensitive_pathz: unknown key (did you mean 'sensitive_paths'?)",
    ], r.stderr


def test_cordon_run_refuses_to_start_and_tells_the_client_every_mistake(
    harness: Harness,
) -> None:
    bad = harness.tmp / "policy.yaml"
    bad.write_text(THREE, "utf-8")
    p = harness.cordon(["true"], policies=[bad])
    proc = subprocess.Popen(
        [p.command, *p.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=p.env,
    )
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    }
    out, err = proc.communicate(json.dumps(init).encode() + b"\n", timeout=60)
    assert proc.returncode == 2, (out, err)
    [reply] = [json.loads(line) for line in out.splitlines()]
    said = reply["error"]["message"]
    assert said.splitlines() == [f"cordon: policy error: 3 errors in {bad}:", *_expected(bad)]
    for line in _expected(bad):
        assert line in err.decode()
