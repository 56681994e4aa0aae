"""``cordon audit tail`` and ``cordon audit show`` print what the log holds of the
adversary's text (a tool's name, a destination, a reason that quotes a program name). The
log keeps line breaks and most format characters (only escapes, C0/C1 controls and bidi
overrides are removed when it is written): the real command, its table on a pipe, must not
print a line break that starts a row of its own, or a right-to-left mark or zero-width
character that reorders or hides a destination."""

from __future__ import annotations

import os
import subprocess
import unicodedata
from pathlib import Path

import pytest

from cordon.audit.log import AuditLog
from tests.conftest import cordon_exe

TOOL = "read\n2026-12-04T00:00:00Z 9 mail send_email allow"
DEST = "evil.example\u200f\u200b.corp.example"


@pytest.mark.parametrize("command", ["tail", "show"])
def test_audit_tables_show_what_the_adversary_wrote_as_escapes(
    tmp_path: Path, command: str
) -> None:
    audit = tmp_path / "audit.jsonl"
    log = AuditLog(audit, tracer=None)
    log.write(
        {
            "kind": "verdict",
            "server": "mail",
            "tool": TOOL,
            "verdict": "deny",
            "rule": "taint.tainted_destination",
            "reason": "ls\nallow",
            "destination": DEST,
        }
    )
    log.close()
    env = {**os.environ, "HOME": str(tmp_path), "COLUMNS": "400"}
    out = subprocess.run(
        [*cordon_exe(), "audit", command, str(audit)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert [c for c in out if unicodedata.category(c) == "Cf"] == [], repr(out)
    assert "2026-12-04T00:00:00Z 9 mail send_email allow" in out  # shown, on its row
    rows = [x for x in out.splitlines() if "send_email allow" in x]
    assert len(rows) == 1 and "read" in rows[0], out
