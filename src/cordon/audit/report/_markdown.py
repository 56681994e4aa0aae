"""The review pack as Markdown (sections 1-6, numbered as in the HTML)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from cordon.approvals.display import clipped, visible
from cordon.audit.report._build import rug_fields
from cordon.audit.report._data import ReportData
from cordon.audit.report._mappings import AIUC1_MAP, COVERS, DOES_NOT, OWASP_LLM_2025, MapItem

__all__ = [
    "APPROVAL_COLUMNS",
    "DESTINATIONS_SHOWN",
    "adversary_cell",
    "approval_rows",
    "evidence_text",
    "more_approvals",
    "more_destinations",
    "render_markdown",
]


#: what Markdown reads as markup in a table cell (:func:`_text`): an HTML tag (an
#: ``<img src=...>`` fetched when the pack is opened), a link or an image, a code span (the
#: cell separator: :func:`_md`); a tool's name is the adversary's text and must read as
#: text (backslash escapes, CommonMark 2.4)
_MARKUP = str.maketrans({c: "\\" + c for c in "\\`<>[]!"})


def _md(text: Any) -> str:
    """A table cell: no line break, no ``|`` that ends it, and no character that would not
    show as itself (:func:`cordon.approvals.display.visible`: a terminal control ``cat``
    would run, a bidi or zero-width character) whoever wrote the log (a log rewritten with its
    chain recomputed verifies: docs/threat-model.md). ``visible`` of a shown text is itself."""
    return visible(str(text).replace("\n", " ")).replace("|", "\\|")


#: where a GFM autolink starts (GitHub, GitLab): ``www.`` and ``scheme://``, which a
#: backslash before the ``.`` or the ``:`` stops (an address in the pack reads as text, not
#: as a live link to the adversary's host). An e-mail address is linked whatever its escapes
_AUTOLINK = re.compile(r"(?i)(?<=www)\.|:(?=//)")


def _text(text: Any) -> str:
    """A cell of the adversary's text (a tool's or server's name, a destination) as text:
    clipped (:func:`adversary_cell`), then escaped."""
    return _AUTOLINK.sub(lambda m: "\\" + m.group(), adversary_cell(text).translate(_MARKUP))


def _prose(text: Any) -> str:
    """A line of the pack that quotes a server's name (a finding, a control, the policy
    note, a start record): the name is the text of a client config's key (a cloned project's
    ``.mcp.json``, passed as ``--name``), so the line is written as text, every markup
    character and autolink start escaped, and a line break or an invisible character as an
    escape (:func:`cordon.approvals.display.visible`): no image fetched when the pack is
    viewed, no line that reads as the pack's own."""
    return _AUTOLINK.sub(lambda m: "\\" + m.group(), visible(str(text)).translate(_MARKUP))


def _destination(text: Any) -> str:
    """A destination cell: an e-mail address as a code span (GitHub and GitLab link one in
    text as ``mailto:`` whatever its escapes; a code span is text), fenced by more backticks
    than it holds in a row; any other as :func:`_text`. (A ``|`` stays ``\\|`` for the
    table: GFM reads that escape inside a code span too.)"""
    shown = adversary_cell(text)
    if "@" not in shown:
        return _text(text)
    fence = "`" * (max((len(r) for r in re.findall("`+", shown)), default=0) + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


#: the denied destinations listed (the most denied): planted text can make the agent try
#: thousands of distinct addresses, each a row above the rest of the pack
DESTINATIONS_SHOWN = 100


def more_destinations(rows: Sequence[tuple[str, int, str]]) -> str:
    """What the list of denied destinations leaves out (:data:`DESTINATIONS_SHOWN`), said;
    or ``""``."""
    rest = rows[DESTINATIONS_SHOWN:]
    if not rest:
        return ""
    return (
        f"... and {len(rest)} more destination(s) ({sum(n for _, n, _ in rest)} denial(s)), "
        "each denied as often or less: cordon audit show --verdict deny lists them"
    )


#: the accepted approvals listed (the most recent): each is a person's decision, so they are
#: few; a flood of them is itself a finding, and the audit log keeps every one
APPROVALS_SHOWN = 100
APPROVAL_COLUMNS = ("approved at", "seq", "server", "tool", "destination", "how", "by")


def approval_rows(data: ReportData) -> list[tuple[str, ...]]:
    """The rows of the approvals table (:data:`APPROVAL_COLUMNS`), the most recent
    :data:`APPROVALS_SHOWN`."""
    keys = ("ts", "seq", "server", "tool", "destination", "how", "by")
    return [tuple(str(a.get(k, "")) for k in keys) for a in data.approvals[-APPROVALS_SHOWN:]]


def more_approvals(data: ReportData) -> str:
    """What the approvals table leaves out, said; or ``""``."""
    rest = len(data.approvals) - APPROVALS_SHOWN
    if rest <= 0:
        return ""
    return f"... and {rest} earlier approval(s): cordon audit show --verdict approval lists them"


#: the most characters of a cell of the adversary's text shown (a host name is at most 253)
CELL_CHARS = 300


def adversary_cell(text: Any) -> str:
    """A cell of the adversary's text as the pack shows it (Markdown and HTML): its start and
    its end past :data:`CELL_CHARS` characters, the cut said (a 20,000-character destination
    pushed the count and the rule out of sight; its end holds the registered domain), and
    every character that would not show as itself (a zero-width or bidi character) written
    as an escape (:func:`cordon.approvals.display.clipped`)."""
    return clipped(str(text), CELL_CHARS)


def _md_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
    return out


def evidence_text(data: ReportData, item: MapItem) -> str:
    """The log's evidence for one framework item, as shown in sections 5 and 6."""
    ev = data.evidence_for(item)
    if ev:
        return "; ".join(f"`{k}` x{n}" for k, n in ev)
    return "no matching records in this log" if item.evidence else "n/a"


def render_markdown(data: ReportData) -> str:
    """The review pack as Markdown (sections 1-6, numbered as in the HTML)."""
    lines: list[str] = ["# cordon review pack", ""]
    lines += _header(data)
    lines += ["", "## 1. Controls in force", ""]
    lines += _controls(data)
    lines += ["", "## 2. Audit summary", "", "### Verdicts", ""]
    lines += _summary(data)
    lines += ["", "## 3. Findings", ""]
    lines += [f"- {_prose(f)}" for f in data.findings] or ["- None."]
    lines += ["", "## 4. What cordon covers and what it does not", "", "Covers:", ""]
    lines += [f"- {c}" for c in COVERS]
    lines += ["", "Does not cover:", ""]
    lines += [f"- {c}" for c in DOES_NOT]
    lines += _mappings(data)
    lines.append("")
    return "\n".join(lines)


def _header(data: ReportData) -> list[str]:
    window = f"{data.since or 'start'} .. {data.until or 'end'}"
    lines = [
        f"- Generated: {data.generated}",
        f"- Audit log: `{data.audit_path}` (window {window}; records {data.first_ts or '-'} .. "
        f"{data.last_ts or '-'})",
        f"- Hash chain: {'verifies' if data.chain_ok else 'BROKEN'}: {_md(data.chain_message)}",
        f"- Records: {data.total_records}{events_note(data)}; sessions: {data.sessions}",
        f"- Policy: {', '.join(f'`{p}`' for p in data.policy_files) or 'none'} "
        f"({_prose(data.policy_note)})",
    ]
    if data.chain_note is not None:  # what the chain cannot vouch for, under its line
        lines.insert(3, f"- Chain end: {data.chain_note}")  # cordon's own text
    if len(data.starts) > _STARTS_SHOWN:
        lines.append(
            f"- Starts: {len(data.starts)}, the last {_STARTS_SHOWN} below "
            f"(every one: `cordon audit show --verdict start`)"
        )
    for s in data.starts[-_STARTS_SHOWN:]:
        lines.append(
            f"- Start {s.get('ts')}: cordon {s.get('version')}, server {_prose(s.get('server'))}, "
            f"policy hash `{str(s.get('policy_hash'))[:16]}`"
        )
    return lines


def events_note(data: ReportData) -> str:
    """``" (N events)"`` when coalesced repeats (audit/repeats.py) make the records stand for
    more events than there are lines, else nothing."""
    if data.total_events > data.total_records:
        return f" ({data.total_events} events: repeats counted)"
    return ""


#: the start records the header lists (the latest)
_STARTS_SHOWN = 5


def _controls(data: ReportData) -> list[str]:
    lines = [f"- {_prose(c)}" for c in data.global_controls] or ["- (no policy given)"]
    lines.append("")
    lines += _md_table(
        ["server", "tool", "seen", "controls"],
        (
            (
                _text(r.server),
                _text(r.tool),
                r.seen or "-",
                "; ".join(r.controls) or "none (pinning and global rules only)",
            )
            for r in data.controls
        ),
    )
    return lines


def _summary(data: ReportData) -> list[str]:
    vc = data.verdict_counts
    lines = _md_table(
        ["allow", "deny", "ask", "unanswered", "frames refused"],
        [
            (
                vc.get("allow", 0),
                vc.get("deny", 0),
                vc.get("ask", 0),
                vc.get("unanswered", 0),
                data.frames_refused,
            )
        ],
    )
    lines += ["", "### Verdict counts by rule", ""]
    lines += (
        _md_table(
            ["rule", "verdict", "count"], ((_text(r), _text(v), n) for r, v, n in data.rule_counts)
        )
        if data.rule_counts
        else ["None."]
    )
    lines += ["", "### Denied destinations", ""]
    denied = data.denied_destinations
    lines += (
        _md_table(
            ["destination", "denials", "rules"],
            ((_destination(d), n, _text(r)) for d, n, r in denied[:DESTINATIONS_SHOWN]),
        )
        if denied
        else ["None."]
    )
    if more := more_destinations(denied):
        lines += ["", more]
    lines += ["", "### Asks and how they were answered", ""]
    asks = ((_text(t), _text(r), _text(a), n) for t, r, a, n in data.asks)
    lines += _md_table(["tool", "rule", "answer", "count"], asks) if data.asks else ["None."]
    lines += _approvals(data)
    lines += ["", "### Rug pulls (tool definitions changed after pinning)", ""]
    lines += (
        _md_table(
            ["time", "server", "tool", "changed fields"],
            (
                (
                    _text(r["ts"]),
                    _text(r["server"]),
                    _text(r["tool"]),
                    _text(rug_fields(r)),
                )
                for r in data.rug_pulls
            ),
        )
        if data.rug_pulls
        else ["None."]
    )
    lines += ["", "### Content findings", ""]
    lines += (
        _md_table(
            ["where", "tool", "rules", "action", "count"],
            (
                (_text(w), _text(t), _text(r), _text(a), n)
                for w, t, r, a, n in data.content_findings
            ),
        )
        if data.content_findings
        else ["None."]
    )
    return lines


def _approvals(data: ReportData) -> list[str]:
    """The summary's "Approvals given" table: who approved which call, when, and how."""
    lines = ["", "### Approvals given", ""]
    lines += (
        _md_table(
            APPROVAL_COLUMNS,
            (
                (*map(_text, row[:4]), _destination(row[4]), *map(_text, row[5:]))
                for row in approval_rows(data)
            ),
        )
        if data.approvals
        else ["None."]
    )
    if more := more_approvals(data):
        lines += ["", more]
    return lines


def _mappings(data: ReportData) -> list[str]:
    lines: list[str] = []
    for title, items in (
        ("## 5. OWASP Top 10 for LLM Applications (2025)", OWASP_LLM_2025),
        ("## 6. AIUC-1", AIUC1_MAP),
    ):
        lines += ["", title, ""]
        if items is AIUC1_MAP:
            lines += [
                "Control ids and titles as published on aiuc-1.com; the mapping is cordon's own "
                "reading, not an attestation. Items marked 'unsure' are judgement calls.",
                "",
            ]
        lines += _md_table(
            [
                "item",
                "coverage",
                "what cordon does",
                "evidence in this log",
                "left to the operator",
            ],
            (
                (
                    f"{i.id} {i.title}",
                    i.coverage + (f" (unsure: {i.unsure})" if i.unsure else ""),
                    i.controls,
                    evidence_text(data, i),
                    i.operator,
                )
                for i in items
            ),
        )
    return lines
