"""`cordon suggest` with no audit log where it reads (a mistyped --audit, a new home) says so
and exits 2, as `cordon report`, `explain` and `audit show` do: it printed a proposal "from 0
verdict(s)" (exit 0; with pins, entries from the servers' own hints alone), read as "the log
shows nothing to restrict"."""

from __future__ import annotations

import json
from pathlib import Path

from cordon.audit.log import AuditLog
from tests.conftest import run_cordon


def _pins(home: Path) -> Path:
    pins = home / ".cordon" / "pins"
    pins.mkdir(parents=True)
    lookup = {"name": "lookup", "inputSchema": {"type": "object"},
              "annotations": {"readOnlyHint": True}}  # fmt: skip
    path = pins / "srv-0123456789.json"
    path.write_text(json.dumps({"servers": {"srv": {"tools": {"lookup": lookup}}}}), "utf-8")
    return path


def test_a_missing_log_is_named_not_proposed_from(tmp_path: Path) -> None:
    _pins(tmp_path)
    typo = tmp_path / "audti.jsonl"
    r = run_cordon(tmp_path, "suggest", "--audit", str(typo))
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "no audit log" in r.stderr and str(typo) in r.stderr, r.stderr
    assert "version: 1" not in r.stdout, r.stdout
    default = run_cordon(tmp_path, "suggest")  # ~/.cordon/audit.jsonl: none yet
    assert default.returncode == 2, (default.stdout, default.stderr)
    assert "no audit log" in default.stderr, default.stderr


def test_an_existing_log_still_gives_a_proposal(tmp_path: Path) -> None:
    _pins(tmp_path)
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="srv", session="s1")
    log.close()
    r = run_cordon(tmp_path, "suggest", "--audit", str(path))
    assert r.returncode == 0, r.stderr
    assert "version: 1" in r.stdout, r.stdout
