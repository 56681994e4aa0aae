"""The review pack's rug-pull table shows, per changed field, the first 12 hex digits of the
pinned and of the served value's SHA-256 (``details.changed`` of the ``pin.changed``
entry), so a responder can match a change with the pin file's pending entry, or two
changes with each other, by eye; a log written before (no digests) shows the fields alone."""

from __future__ import annotations

from pathlib import Path

from cordon.audit.log import AuditLog
from cordon.audit.report import build_report, render_html, render_markdown

A, B = "a" * 64, "b" * 64


def _log(path: Path) -> Path:
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="mail", session="s1")
    changed = {"description": {"pinned": f"sha256:{A}", "served": f"sha256:{B}"}}
    entry = {
        "tool": "send",
        "rule": "pin.changed",
        "details": {"changed_fields": ["description"], "changed": changed},
    }
    log.write(
        {"kind": "listing", "server": "mail", "method": "tools/list", "hidden": 1, "tools": [entry]}
    )
    log.write(
        {
            "kind": "pin",
            "server": "mail",
            "tool": "old",
            "rule": "pin.changed",
            "details": {"changed_fields": ["title"]},
        }
    )
    log.close()
    return path


def test_the_rug_pull_table_shows_short_digests(tmp_path: Path) -> None:
    data = build_report(audit=_log(tmp_path / "audit.jsonl"))
    md = render_markdown(data)
    shown = f"description (pinned {A[:12]}, served {B[:12]})"
    assert f"| send | {shown} |" in md, md
    assert "| old | title |" in md
    assert A[:13] not in md
    assert "served " + B[:12] in render_html(data)
