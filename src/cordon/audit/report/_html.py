"""The review pack as one self-contained HTML page (inline CSS and SVG; no scripts or CDN)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from cordon.approvals.display import visible
from cordon.audit.report._build import rug_fields
from cordon.audit.report._data import ReportData
from cordon.audit.report._mappings import AIUC1_MAP, COVERS, DOES_NOT, OWASP_LLM_2025
from cordon.audit.report._markdown import (
    APPROVAL_COLUMNS,
    DESTINATIONS_SHOWN,
    approval_rows,
    events_note,
    evidence_text,
    more_approvals,
    more_destinations,
)
from cordon.audit.report._markdown import adversary_cell as _t

__all__ = ["render_html"]

_COLORS = {"allow": "#2e7d32", "deny": "#c62828", "ask": "#f9a825", "unanswered": "#757575"}


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _cell(text: Any) -> str:
    """A table cell or chart label: escaped, and every character that would not show as
    itself (a bidi override reorders a browser's line too; a zero-width character hides a
    letter) written as an escape, whoever wrote the log (:func:`cordon.approvals.display.visible`)."""
    return _e(visible(str(text)))


def _svg_counts(counts: dict[str, int]) -> str:
    keys = ["allow", "deny", "ask", "unanswered"]
    top = max([counts.get(k, 0) for k in keys] + [1])
    w, h, bar = 470, 200, 70
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
        'aria-label="verdict counts" class="chart">'
    ]
    for i, k in enumerate(keys):
        n = counts.get(k, 0)
        bh = int((h - 50) * n / top)
        x = 30 + i * (bar + 40)
        y = h - 30 - bh
        parts.append(f'<rect x="{x}" y="{y}" width="{bar}" height="{bh}" fill="{_COLORS[k]}"/>')
        parts.append(f'<text x="{x + bar / 2}" y="{y - 5}" text-anchor="middle">{n}</text>')
        parts.append(f'<text x="{x + bar / 2}" y="{h - 10}" text-anchor="middle">{k}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_timeline(data: ReportData) -> str:
    tl = data.timeline
    w, h, pad = 1000, 260, 40
    if not tl:
        return "<p>No verdicts in the window.</p>"
    top = max(max(a + d + k for _, a, d, k in tl), 1)
    bw = (w - 2 * pad) / len(tl)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
        'aria-label="verdict timeline" class="chart">'
    ]
    parts.append(f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#555"/>')
    parts.append(f'<text x="{pad}" y="{pad - 10}">max {top} per {data.bucket_seconds}s</text>')
    for i, (ts, a, d, k) in enumerate(tl):
        x = pad + i * bw
        y: float = h - pad
        for n, key in ((a, "allow"), (d, "deny"), (k, "ask")):
            if n:
                bh = (h - 2 * pad) * n / top
                y -= bh
                parts.append(
                    f'<rect x="{x + 1:.1f}" y="{y:.1f}" width="{max(bw - 2, 1):.1f}" '
                    f'height="{bh:.1f}" fill="{_COLORS[key]}"><title>{_e(ts)} {key}: {n}'
                    "</title></rect>"
                )
    parts.append(f'<text x="{pad}" y="{h - 15}">{_e(tl[0][0])}</text>')
    parts.append(f'<text x="{w - pad}" y="{h - 15}" text-anchor="end">{_e(tl[-1][0])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_rules(data: ReportData) -> str:
    rows = [r for r in data.rule_counts if r[1] not in ("allow", "reported")][:12]
    if not rows:
        return "<p>No deny or ask verdicts.</p>"
    top = max(n for _, _, n in rows)
    w, rowh, label = 1000, 26, 330
    h = rowh * len(rows) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
        'aria-label="deny and ask counts by rule" class="chart">'
    ]
    for i, (rule, verdict, n) in enumerate(rows):
        y = 5 + i * rowh
        bw = (w - label - 60) * n / top
        color = _COLORS.get(verdict, "#6a1b9a")
        parts.append(
            f'<text x="{label - 8}" y="{y + 17}" text-anchor="end">{_cell(rule)} '
            f"({_cell(verdict)})</text>"
        )
        parts.append(
            f'<rect x="{label}" y="{y + 3}" width="{bw:.1f}" height="{rowh - 8}" fill="{color}"/>'
        )
        parts.append(f'<text x="{label + bw + 6:.1f}" y="{y + 17}">{n}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _html_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{_cell(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body or ''}</tbody></table>"


_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem;color:#222;
max-width:1100px}
h1{border-bottom:3px solid #333}h2{margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f0f0f0}.ok{color:#2e7d32;font-weight:bold}.bad{color:#c62828;font-weight:bold}
.chart text{font-size:12px;fill:#222}.legend span{display:inline-block;width:12px;height:12px;
margin:0 4px 0 12px}ul.findings li{margin:.2rem 0}
"""


def render_html(data: ReportData) -> str:
    """The review pack as one self-contained HTML page with inline SVG charts."""
    parts = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        "<title>cordon review pack</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>cordon review pack</h1>",
        *_header(data),
        *_controls(data),
        *_summary(data),
        '<h2>3. Findings</h2><ul class="findings">',
        "".join(f"<li>{_e(f)}</li>" for f in data.findings) or "<li>None.</li>",
        "</ul>",
        "<h2>4. What cordon covers and what it does not</h2><h3>Covers</h3><ul>",
        "".join(f"<li>{_e(c)}</li>" for c in COVERS),
        "</ul><h3>Does not cover</h3><ul>",
        "".join(f"<li>{_e(c)}</li>" for c in DOES_NOT),
        "</ul>",
        *_mappings(data),
    ]
    parts.append("</body></html>\n")
    return "".join(parts)


def _header(data: ReportData) -> list[str]:
    chain_cls = "ok" if data.chain_ok else "bad"
    note = data.chain_note
    return [
        "<ul>",
        f"<li>Generated: {_e(data.generated)}</li>",
        f"<li>Audit log: <code>{_e(data.audit_path)}</code> ({_e(data.first_ts or '-')} .. "
        f"{_e(data.last_ts or '-')})</li>",
        f'<li>Hash chain: <span class="{chain_cls}">'
        f"{'verifies' if data.chain_ok else 'BROKEN'}</span>: {_e(data.chain_message)}</li>",
        f"<li>Chain end: {_e(note)}</li>" if note is not None else "",
        f"<li>Records: {data.total_records}{html.escape(events_note(data))}; sessions: {data.sessions}</li>",
        f"<li>Policy: {_e(', '.join(data.policy_files) or 'none')} ({_e(data.policy_note)})</li>",
        "</ul>",
    ]


def _controls(data: ReportData) -> list[str]:
    return [
        "<h2>1. Controls in force</h2><ul>",
        "".join(f"<li>{_e(c)}</li>" for c in data.global_controls) or "<li>(no policy given)</li>",
        "</ul>",
        _html_table(
            ["server", "tool", "seen", "controls"],
            (
                (
                    r.server,
                    _t(r.tool),
                    r.seen or "-",
                    "; ".join(r.controls) or "none (pinning and global rules only)",
                )
                for r in data.controls
            ),
        ),
    ]


def _summary(data: ReportData) -> list[str]:
    legend = "".join(f'<span style="background:{c}"></span>{k}' for k, c in _COLORS.items())
    return [
        "<h2>2. Audit summary</h2>",
        f'<div class="legend">{legend}</div>',
        "<h3>Verdict counts</h3>",
        _svg_counts(data.verdict_counts),
        "<h3>Verdict timeline</h3>",
        _svg_timeline(data),
        "<h3>Deny and ask verdicts by rule</h3>",
        _svg_rules(data),
        _html_table(["rule", "verdict", "count"], data.rule_counts),
        "<h3>Denied destinations</h3>",
        _html_table(
            ["destination", "denials", "rules"],
            ((_t(d), n, r) for d, n, r in data.denied_destinations[:DESTINATIONS_SHOWN]),
        ),
        f"<p>{_e(more)}</p>" if (more := more_destinations(data.denied_destinations)) else "",
        "<h3>Asks and how they were answered</h3>",
        _html_table(["tool", "rule", "answer", "count"], ((_t(t), *r) for t, *r in data.asks)),
        "<h3>Approvals given</h3>",
        _html_table(APPROVAL_COLUMNS, ([_t(c) for c in row] for row in approval_rows(data))),
        f"<p>{_e(more)}</p>" if (more := more_approvals(data)) else "",
        "<h3>Rug pulls</h3>",
        _html_table(
            ["time", "server", "tool", "changed fields"],
            ((r["ts"], _t(r["server"]), _t(r["tool"]), _t(rug_fields(r))) for r in data.rug_pulls),
        ),
        "<h3>Content findings</h3>",
        _html_table(
            ["where", "tool", "rules", "action", "count"],
            ((w, _t(t), *r) for w, t, *r in data.content_findings),
        ),
        f"<p>Frames refused: {data.frames_refused}</p>",
    ]


def _mappings(data: ReportData) -> list[str]:
    parts: list[str] = []
    for title, items in (
        ("5. OWASP Top 10 for LLM Applications (2025)", OWASP_LLM_2025),
        ("6. AIUC-1", AIUC1_MAP),
    ):
        parts.append(f"<h2>{_e(title)}</h2>")
        if items is AIUC1_MAP:
            parts.append(
                "<p>Control ids and titles as published on aiuc-1.com; the mapping is cordon's "
                "own reading, not an attestation.</p>"
            )
        parts.append(
            _html_table(
                [
                    "item",
                    "coverage",
                    "what cordon does",
                    "evidence in this log",
                    "left to operator",
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
        )
    return parts
