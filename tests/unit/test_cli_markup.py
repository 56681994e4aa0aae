"""Text that comes from data (rule summaries, policy keys, paths, header values) is printed
as it is, never read as Rich markup: a closing tag such as ``[/EXTERNAL_DATA]`` (quoted by a
content rule's summary) raised ``MarkupError`` and crashed the command, and a bracketed word
that looks like a style (``[b]``) vanished from the output without a trace."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from cordon.cli import app

SRC = Path(__file__).resolve().parents[2] / "src"


def _cordon(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    """The real command line, on a real (non-terminal) console wide enough for no cell to
    wrap."""
    env = {**os.environ, "PYTHONPATH": str(SRC), "HOME": str(home), "COLUMNS": "6000"}
    return subprocess.run(
        [sys.executable, "-m", "cordon.cli", *args],
        stdin=subprocess.DEVNULL,  # cordon run waits on a pipe for a request to answer
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def _bracketed_summaries() -> list[str]:
    from cordon.content import RULES
    from cordon.engine.rules import CATALOGUE

    out = [r.summary for r in RULES] + [r.summary for r in CATALOGUE.values()]
    return [s for s in out if "[" in s]


def test_rules_prints_every_summary_literally(tmp_path: Path) -> None:
    summaries = _bracketed_summaries()
    assert any("[/EXTERNAL_DATA]" in s for s in summaries)  # the case that crashed
    r = _cordon("rules", home=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "MarkupError" not in r.stderr
    for summary in summaries:
        assert summary in r.stdout, summary


def test_rules_through_the_typer_runner() -> None:
    r = CliRunner().invoke(app, ["rules"], env={"COLUMNS": "6000"})
    assert r.exit_code == 0, r.output
    assert "[/EXTERNAL_DATA]" in r.output


def test_rules_json_keeps_the_brackets() -> None:
    r = CliRunner().invoke(app, ["rules", "--json"])
    assert r.exit_code == 0, r.output
    shown = {row["summary"] for row in json.loads(r.stdout)}
    assert set(_bracketed_summaries()) <= shown


def test_policy_error_quoting_a_bracketed_key(tmp_path: Path) -> None:
    policy = tmp_path / "p.yaml"
    policy.write_text('version: 1\n"[/x] [b]bold?": 1\n', encoding="utf-8")
    r = _cordon("check", "--policy", str(policy), home=tmp_path)
    assert r.returncode == 2, r.stderr
    assert "MarkupError" not in r.stderr
    assert "[/x] [b]bold?: unknown key" in r.stderr, r.stderr


def test_run_error_quoting_a_bracketed_header(tmp_path: Path) -> None:
    # the header is parsed before the upstream would start: exit 2, said without a markup
    # crash, and the argument not repeated (without its colon it may be all credential)
    r = _cordon("run", "--header", "X-Key[/x][b]", "--", "true", home=tmp_path)
    assert r.returncode == 2, r.stderr
    assert "--header needs NAME:VALUE, and one --header has no ':'" in r.stderr, r.stderr
    assert "[/x][b]" not in r.stderr and "X-Key" not in r.stderr


def test_scan_and_audit_name_a_bracketed_path(tmp_path: Path) -> None:
    where = tmp_path / "[b]dir"
    r = _cordon("scan", str(where / "missing.json"), home=tmp_path)
    assert r.returncode == 2 and f"cannot read {where / 'missing.json'}" in r.stderr, r.stderr
    r = _cordon("audit", "tail", str(where / "audit.jsonl"), home=tmp_path)
    assert r.returncode == 1 and f"no audit log at {where / 'audit.jsonl'}" in r.stderr


def test_audit_table_title_keeps_a_bracketed_path(tmp_path: Path) -> None:
    where = tmp_path / "[b]dir"
    where.mkdir()
    log = where / "audit.jsonl"
    log.write_text(
        json.dumps({"seq": 1, "kind": "verdict", "tool": "[/t]", "reason": "[b]x"}) + "\n",
        encoding="utf-8",
    )
    r = _cordon("audit", "tail", str(log), home=tmp_path)
    assert r.returncode == 0, r.stderr
    assert str(log) in r.stdout and "[/t]" in r.stdout and "[b]x" in r.stdout, r.stdout
