"""The review pack of an audit log whose records were written by someone else than cordon
(a log rewritten with its chain recomputed: the chain has no key, docs/threat-model.md, so
the pack still says "chain OK"). Every cell of every table is shown as text: no terminal
control (``cat pack.md`` must not clear the screen, conceal text or open an OSC 8 link), no
bidi control or zero-width character, in the Markdown no image, link or HTML tag, in the
HTML no tag. Cordon's own records are sanitised when written (audit/log.py), so only such a
log carries these; the fields in question are the rule, the verdict, the answer and channel
of an ask, the where/rules/action of a content finding and the changed fields of a rug pull,
which the pack printed as read."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import orjson

from cordon.audit.log import GENESIS
from cordon.audit.report import build_report, render_html, render_markdown

#: an OSC 8 link, a screen clear, concealed text, a bidi override, a zero-width space, an
#: image, a link, a tag
HOSTILE = (
    "\x1b]8;;http://evil.example\x07click\x1b]8;;\x07\x1b[2J\x1b[8mhidden"
    "\u202eevil\u200b![i](http://evil.example/leak.png)[l](http://evil.example)<img src=x>"
)
_RAW = ("\x1b", "\x07", "\u202e", "\u200b")


def _forged_log(path: Path) -> None:
    """Records with every field the tables show set to :data:`HOSTILE`, chained as
    cordon chains them (so the chain verifies)."""
    h = HOSTILE
    records = [
        {"kind": "verdict", "server": "mail", "tool": "send", "verdict": "deny", "rule": h,
         "reason": "r", "destination": "a@b.example", "destinations": ["a@b.example"]},
        {"kind": "verdict", "server": "mail", "tool": "send", "verdict": h, "rule": h},
        {"kind": "approval", "tool": "send", "rule": h, "answer": h, "channel": h},
        {"kind": "content", "tool": "send", "where": h, "rules": [h], "action": h},
        {"kind": "pin", "server": "mail", "tool": "send", "rule": "pin.changed",
         "details": {"changed_fields": [h]}},
    ]  # fmt: skip
    prev, out = GENESIS, b""
    for seq, rec in enumerate(records, 1):
        body = orjson.dumps(
            {"ts": f"2026-01-01T00:00:0{seq}.000Z", "seq": seq, **rec, "prev": prev}
        )
        prev = hashlib.sha256(body).hexdigest()
        out += body[:-1] + b',"hash":"' + prev.encode() + b'"}\n'
    path.write_bytes(out)


def test_a_forged_logs_cells_are_text_in_both_packs(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _forged_log(log)
    data = build_report(audit=log)
    assert data.chain.ok  # (the chain is recomputed: nothing tells the pack the log is forged)
    md, page = render_markdown(data), render_html(data)
    for raw in _RAW:
        assert raw not in md, repr(raw)
        assert raw not in page, repr(raw)
    # in the Markdown, every markup character of the hostile text is escaped
    rows = [line for line in md.splitlines() if "hidden" in line]
    assert len(rows) >= 6
    for line in rows:
        assert re.search(r"(?<!\\)[<>\[\]!]", line.replace("\\\\", "")) is None, line
    assert "<img" not in page
    # still shown, escaped: the reviewer sees what the log holds
    assert "\\x1b" in md and "\\u202e" in md
    assert "\\x1b" in page and "\\u202e" in page
