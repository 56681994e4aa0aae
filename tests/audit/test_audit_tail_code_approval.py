"""``cordon audit tail`` and ``show`` write a one-time code's approval row with the code (its
ask's row names the same code), when ``cordon approve`` was run and by whom; the row said
only ``answer=accept``, so the table could not say who approved what and when."""

from __future__ import annotations

from pathlib import Path

from cordon.audit.commands import _row


def test_a_code_approval_row_names_code_time_and_approver(tmp_path: Path) -> None:
    rec = {"ts": "2026-12-07T12:08:00.934Z", "seq": 10, "session": "s1", "server": "mail",
           "kind": "approval", "tool": "send_email", "rule": "taint.unverified_destination",
           "destination": "alice@partner.example", "channel": "code", "answer": "accept",
           "code": "TSB5-WXSF", "approved_at": "2026-12-07T12:07:58.100Z",
           "approved_by": "alice (uid 1000) on /dev/pts/3"}  # fmt: skip
    reason = _row(rec)[6].plain
    assert reason == (
        "answer=accept (code TSB5-WXSF, approved 2026-12-07T12:07:58.100Z by alice (uid 1000) "
        "on /dev/pts/3)"
    ), reason
    older = {k: v for k, v in rec.items() if k not in ("code", "approved_at", "approved_by")}
    assert _row(older)[6].plain == "answer=accept"
