"""``cordon audit verify --expect HASH`` says which record the kept hash is and how many were
written after it: the chain has no secret key, so a record appended since (by cordon, or
forged by anyone who can write the file, its hash computed as cordon computes it) verifies
like any other. It said a plain OK, read as "the log is as it was, and all of it vouched
for"."""

from __future__ import annotations

import hashlib
from pathlib import Path

import orjson
from typer.testing import CliRunner

from cordon.audit.log import AuditLog
from cordon.cli import app


def test_records_after_the_kept_hash_are_counted_and_not_vouched_for(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    for i in range(5):
        log.write({"kind": "verdict", "tool": "send_email", "verdict": "deny", "n": i})
    log.close()
    kept = orjson.loads(path.read_bytes().splitlines()[-1])["hash"]
    same = CliRunner().invoke(app, ["audit", "verify", str(path), "--expect", kept])
    assert same.exit_code == 0 and "written since" not in same.output, same.output
    # a forged record appended: seq and prev follow on, its hash computed as cordon's
    body = orjson.dumps(
        {
            "ts": "2026-01-01T00:00:00.000Z",
            "seq": 6,
            "kind": "verdict",
            "verdict": "allow",
            "prev": kept,
        }  # fmt: skip
    )
    digest = hashlib.sha256(body).hexdigest()
    with path.open("ab") as fh:
        fh.write(body[:-1] + f',"hash":"{digest}"}}\n'.encode())
    got = CliRunner(env={"COLUMNS": "300"}).invoke(
        app, ["audit", "verify", str(path), "--expect", kept]
    )
    assert got.exit_code == 0, got.output  # the chain cannot tell it from cordon's own
    said = " ".join(got.output.split())
    assert "the kept hash is record 5's; the 1 record(s) after it (6 to 6)" in said, said
    assert "cannot tell them from records forged since" in said, said
