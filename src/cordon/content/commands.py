"""``cordon rules`` and ``cordon scan``: the rule catalogues and an offline scanner.

``register(app)`` adds both commands to the main typer app (called from ``cordon.cli``).
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cordon._types import SEVERITY_ORDER, Finding
from cordon.approvals.display import visible

__all__ = ["register"]


#: characters from which ``cordon scan`` waits for the compiled databases
_WAIT_FOR_DATABASES = 256 * 1024


def _findings_for(raw: str, min_severity: str) -> list[Finding]:
    """Scan a captured payload: a JSON-RPC response, a CallToolResult, a tools/list result,
    a tool definition, or plain text when it is not JSON."""
    from cordon.content import scan_result, scan_text, scan_tool, warm

    # a large payload waits for the Hyperscan databases (about a second to compile) rather
    # than scanning with the pure-Python anchor pass meanwhile, several times slower
    warm(wait=len(raw) >= _WAIT_FOR_DATABASES)
    try:
        doc: Any = json.loads(raw)
    except ValueError:
        return scan_text(raw, min_severity=min_severity)
    if isinstance(doc, dict) and isinstance(doc.get("result"), dict):
        doc = doc["result"]
    if isinstance(doc, dict) and isinstance(doc.get("tools"), list):
        out: list[Finding] = []
        for i, tool in enumerate(doc["tools"]):
            if isinstance(tool, dict):
                for f in scan_tool(tool, min_severity=min_severity):
                    out.append(
                        Finding(
                            rule=f.rule,
                            category=f.category,
                            severity=f.severity,
                            span=f.span,
                            path=f"/tools/{i}{f.path}",
                            evidence=f.evidence,
                        )
                    )
        return out
    if isinstance(doc, dict) and "inputSchema" in doc:
        return scan_tool(doc, min_severity=min_severity)
    if isinstance(doc, (dict, list)):
        return scan_result(
            doc if isinstance(doc, dict) else {"content": doc}, min_severity=min_severity
        )
    return scan_text(raw, min_severity=min_severity)


def _engine_rules() -> list[dict[str, str]]:
    """The engine catalogue (``cordon.engine.rules``): the rules that decide a tools/call."""
    from cordon.engine.rules import CATALOGUE

    return [
        {
            "id": r.id,
            "catalogue": "engine",
            "layer": r.layer,
            "verdict": r.verdict,
            "summary": r.summary,
            "source": r.source,
            "allow": r.allow,
        }
        for r in CATALOGUE.values()
    ]


def _content_rules() -> list[dict[str, str]]:
    """The content catalogue (``cordon.content.RULES``): what the scanner finds."""
    from cordon.content import RULES

    return [
        {
            "id": r.id,
            "catalogue": "content",
            "category": r.category,
            "severity": r.severity,
            "summary": r.summary,
            "why": r.why,
            "fix": r.fix,
            "source": r.source,
        }
        for r in RULES
    ]


def _selected(
    rows: list[dict[str, str]], wanted: list[str], every: set[str]
) -> list[dict[str, str]]:
    """The rules ``wanted`` names: a whole id names that rule alone (``inj.override``, not
    ``inj.override_polite`` too), anything else the ids starting with it (``taint.``)."""
    if not wanted:
        return rows
    whole = {w for w in wanted if w in every}
    parts = [w for w in wanted if w not in every]
    return [r for r in rows if r["id"] in whole or any(r["id"].startswith(w) for w in parts)]


def _print_rules(as_json: bool, wanted: list[str]) -> None:
    every = [r["id"] for r in _engine_rules() + _content_rules()]
    engine = _selected(_engine_rules(), wanted, set(every))
    content = _selected(_content_rules(), wanted, set(every))
    unknown = [w for w in wanted if not any(i.startswith(w) for i in every)]
    if unknown:
        # a mistyped id must not read as "no such rule fires": name the close ones
        close = sorted({c for w in unknown for c in difflib.get_close_matches(w, every, 3)})
        hint = f" (close: {', '.join(close)})" if close else ""
        Console(stderr=True, markup=False).print(
            f"no rule id is or starts with {', '.join(map(repr, unknown))}{hint}"
        )
        raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps(engine + content, indent=2))
        return
    # every cell is Text: a summary quotes what a rule finds (``[/EXTERNAL_DATA]``), which
    # Rich would otherwise read as markup (a MarkupError, or brackets silently dropped)
    console = Console(markup=False)
    columns = (
        ("engine", engine, ("layer", "verdict", "summary", "allow")),
        ("content", content, ("category", "severity", "summary", "source")),
    )
    for name, rows, cols in columns:
        if wanted and not rows:
            continue
        table = Table(title=f"cordon {name} rules ({len(rows)})", show_lines=False)
        _id_column(table, (r["id"] for r in rows))
        for col in cols:
            table.add_column(col, overflow="fold")
        for r in rows:
            table.add_row(*(Text(r[k]) for k in ("id", *cols)))
        console.print(table)
    if len(engine) + len(content) == 1 and content:
        # one content rule looked up: why it matters and what to do, as docs/rules.md says
        console.print(Text(f"why: {content[0]['why']}\nfix: {content[0]['fix']}"))


def _id_column(table: Table, ids: Iterable[str]) -> None:
    """A rule id is never folded across lines, so the id a verdict or finding names can be
    grepped and copied from the table: its column is as wide as the longest id, and the
    other cells wrap around it."""
    table.add_column("id", no_wrap=True, min_width=max(map(len, ids), default=2))


def _print_findings(findings: list[Finding], as_json: bool) -> None:
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "findings": [
                        {
                            "rule": f.rule,
                            "category": f.category,
                            "severity": f.severity,
                            "span": list(f.span),
                            "path": f.path,
                            "evidence": f.evidence,
                        }
                        for f in findings
                    ]
                }
            )
        )
    elif findings:
        _print_table(findings, Console(markup=False))
    else:
        Console().print("clean: no findings")


def _print_table(findings: list[Finding], console: Console) -> None:
    """The findings as a table on a terminal, else one tab-separated line each (rule,
    severity, span, path, evidence): a rule id is never broken across lines, so it can be
    grepped and looked up (``cordon rules``) whatever the width; only the evidence and the
    path wrap, and a terminal too narrow for the table gets the lines too."""
    cells = [
        (f.rule, f.severity, f"{f.span[0]}-{f.span[1]}", visible(f.path), visible(f.evidence))
        for f in findings
    ]
    whole = [max(len(c[i]) for c in cells) for i in range(3)]
    # the three unbroken columns, their borders and padding, and room for the evidence
    if not console.is_terminal or console.width < sum(whole) + 3 * 3 + 1 + 24:
        typer.echo(f"{len(findings)} finding(s)")
        for row in cells:
            typer.echo("\t".join(row))
        return
    table = Table(title=f"{len(findings)} finding(s)")
    for col, width in zip(("rule", "severity", "span"), whole, strict=True):
        table.add_column(col, no_wrap=True, min_width=width)
    for col in ("path", "evidence"):
        table.add_column(col, overflow="fold")
    for row in cells:
        table.add_row(*map(Text, row))
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add ``rules`` and ``scan`` to ``app``."""

    @app.command("rules")
    def rules_cmd(
        ids: Annotated[
            list[str] | None,
            typer.Argument(help="Only these rule ids, or ids starting so (taint., inj.)."),
        ] = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="Print the catalogue as JSON.")
        ] = False,
    ) -> None:
        """List the rule catalogues: the engine's (verdicts on a call) and the content
        firewall's (what the scanner finds in results and definitions). Give a rule id a
        verdict or finding names to look it up (exit 2 when no rule has it)."""
        _print_rules(as_json, ids or [])

    @app.command("scan")
    def scan_cmd(
        file: Annotated[str, typer.Argument(help="File to scan, or - for standard input.")] = "-",
        as_json: Annotated[bool, typer.Option("--json", help="Print findings as JSON.")] = False,
        min_severity: Annotated[
            str, typer.Option("--min-severity", help="low, medium, high or critical.")
        ] = "low",
    ) -> None:
        """Scan a captured tool result (JSON) or plain text. Exit 1 when there are findings."""
        if min_severity not in SEVERITY_ORDER:
            Console(stderr=True, markup=False).print(
                f"unknown severity {min_severity!r}: give low, medium, high or critical"
            )
            raise typer.Exit(2)
        try:
            raw = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            Console(stderr=True, markup=False).print(f"cannot read {file}: {exc}")
            raise typer.Exit(2) from exc
        findings = _findings_for(raw, min_severity)
        _print_findings(findings, as_json)
        raise typer.Exit(1 if findings else 0)
