"""``cordon approve`` and ``cordon pending``: the human side of one-time codes (issue 3).

``cordon approve CODE`` is deliberately awkward to automate (issue 3, "Asking a person"):

* it refuses to run unless both stdin and stdout are terminals (exit 2), so an agent piping
  commands through a tool cannot approve its own call;
* it has no ``--yes``: the person must read what would be approved and type ``yes``;
* what it shows (server, tool, parameter, destination) may come from attacker-influenced
  calls, so control characters, ANSI escapes and bidi controls are stripped before display,
  non-ASCII values are also shown escaped (a Cyrillic ``а`` is visible as ``\\u0430``), and no
  value is ever parsed as rich markup.

Exit codes: 0 approved (or listed), 1 aborted / unknown, expired or used code / store error,
2 not run from a terminal.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cordon._exceptions import ApprovalError
from cordon.approvals.codes import CodeRecord, CodeStore, normalize_code
from cordon.audit.log import sanitize

__all__ = ["approve_command", "pending_command", "register"]

EXIT_ABORTED = 1
EXIT_NO_TTY = 2

_StoreOpt = Annotated[
    Path | None,
    typer.Option(
        "--store",
        help="Approval store file (default ~/.cordon/approvals.json).",
        dir_okay=False,
        show_default=False,
    ),
]


def _shown(value: str | None, *, compact: bool = False) -> Text:
    """A value safe to put on the approver's terminal, never interpreted as markup.

    ``compact`` (for tables) shows only the escaped form of a non-ASCII value, without notes.
    """
    if value is None:
        return Text("-" if compact else "(none)", style="dim")
    clean = sanitize(value)
    if compact:
        return Text(clean if clean.isascii() else ascii(clean)[1:-1])
    text = Text(clean)
    if not clean.isascii():
        text.append(f"  (escaped: {ascii(clean)[1:-1]})", style="yellow")
    if clean != value:
        text.append("  (control characters removed)", style="yellow")
    return text


def _expiry(rec: CodeRecord, now: float) -> str:
    left = max(0, int(rec.expires - now))
    at = time.strftime("%H:%M:%S", time.localtime(rec.expires))
    return f"in {left // 60} min {left % 60:02d} s (at {at} local time)"


def _details(rec: CodeRecord, now: float) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("Code", Text(rec.code))
    grid.add_row("Server", _shown(rec.server))
    grid.add_row("Tool", _shown(rec.tool))
    grid.add_row("Parameter", _shown(rec.param))
    grid.add_row("Destination", _shown(rec.destination))
    grid.add_row("Rule", _shown(rec.rule))
    grid.add_row("Reason", _shown(rec.reason))
    grid.add_row("Expires", Text(_expiry(rec, now)))
    return grid


def _fail(err: Console, message: str, code: int = EXIT_ABORTED) -> typer.Exit:
    err.print(Text(message), style="red")
    return typer.Exit(code)


def approve_command(
    code: Annotated[str, typer.Argument(help="The code from the denied call, e.g. 7KQF-M2XD.")],
    store: _StoreOpt = None,
) -> None:
    """Approve one retry of a call that cordon denied with a one-time code.

    Must be run by a person in a terminal; shows the call and asks you to type 'yes'.
    """
    err = Console(stderr=True, highlight=False)
    if not (os.isatty(0) and os.isatty(1)):
        raise _fail(
            err,
            "cordon approve must be run by a person in a terminal: stdin and stdout must both "
            "be a TTY. Nothing was approved.",
            EXIT_NO_TTY,
        )
    out = Console(highlight=False)
    canonical = normalize_code(code)
    if canonical is None:
        raise _fail(err, f"{sanitize(code)!r} is not an approval code (they look like 7KQF-M2XD).")
    codes = CodeStore(store)
    try:
        rec = codes.get(canonical)
    except ApprovalError as exc:
        raise _fail(err, str(exc)) from exc
    now = time.time()
    if rec is None:
        raise _fail(err, f"Unknown approval code {canonical}. Nothing was approved.")
    if rec.state == "used":
        raise _fail(err, f"Code {canonical} was already used. Nothing was approved.")
    if now >= rec.expires:
        raise _fail(err, f"Code {canonical} has expired. Retry the call to get a new code.")

    title = "Approve this call once?" if rec.state == "pending" else "Already approved"
    out.print(Panel(_details(rec, now), title=title, title_align="left", border_style="yellow"))
    if rec.state == "approved":
        out.print(Text("This code is already approved; its retry has not happened yet."))
        return
    try:
        answer = out.input("Type yes to approve, anything else to abort: ")
    except (EOFError, KeyboardInterrupt):
        answer = ""
    if answer.strip().lower() != "yes":
        raise _fail(err, "Aborted. Nothing was approved.")
    try:
        rec = codes.approve(canonical)
    except ApprovalError as exc:
        raise _fail(err, f"{exc}. Nothing was approved.") from exc
    out.print(
        Text.assemble(
            (f"Approved {rec.code}. ", "green bold"),
            "The next retry of that exact call will be allowed once, if it arrives ",
            _expiry(rec, time.time()),
            ".",
        )
    )


def pending_command(
    store: _StoreOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List open approval codes (pending, or approved and not yet used)."""
    err = Console(stderr=True, highlight=False)
    try:
        records = CodeStore(store).pending()
    except ApprovalError as exc:
        raise _fail(err, str(exc)) from exc
    now = time.time()
    out = Console(highlight=False)
    if as_json:
        rows = [{**r.to_json(), "expires_in_s": max(0.0, r.expires - now)} for r in records]
        out.out(json.dumps(rows, ensure_ascii=True, indent=2), highlight=False)
        return
    if not records:
        out.print("No open approval codes.")
        return
    table = Table(title="Open approval codes", title_justify="left")
    table.add_column("Code", no_wrap=True)
    table.add_column("State", no_wrap=True)
    for name in ("Server", "Tool", "Parameter", "Destination", "Rule"):
        table.add_column(name, overflow="fold")
    table.add_column("Expires in", no_wrap=True)
    for r in records:
        left = max(0, int(r.expires - now))
        table.add_row(
            Text(r.code),
            Text(r.state),
            _shown(r.server, compact=True),
            _shown(r.tool, compact=True),
            _shown(r.param, compact=True),
            _shown(r.destination, compact=True),
            _shown(r.rule, compact=True),
            Text(f"{left // 60}:{left % 60:02d}"),
        )
    out.print(table)


def register(app: typer.Typer) -> None:
    """Add the ``approve`` and ``pending`` subcommands to the ``cordon`` typer app."""
    app.command("approve")(approve_command)
    app.command("pending")(pending_command)
