"""``cordon approve`` and ``cordon pending``: the human side of one-time codes (issue 3).

``cordon approve CODE`` is deliberately awkward to automate (issue 3, "Asking a person"):

* it refuses to run unless both stdin and stdout are terminals (exit 2), so an agent piping
  commands through a tool cannot approve its own call;
* it has no ``--yes``: the person must read what would be approved and answer ``y`` or
  ``yes`` (any case; Enter, anything else, end of input or Ctrl-C is no: the same question
  as ``cordon pin accept`` and ``cordon init``, :func:`confirmed`);
* what it shows (server, tool, parameter, destination) may come from attacker-influenced
  calls, so control characters, ANSI escapes and bidi controls are stripped before display,
  non-ASCII values are also shown escaped (a Cyrillic ``а`` is visible as ``\\u0430``), and no
  value is ever parsed as rich markup;
* it shows the denied call's arguments, read from the ``verdict`` record carrying the code in
  the audit log (``--audit``, default ``~/.cordon/audit.jsonl``, and its newest rotated file):
  at most :data:`MAX_SHOWN_ARGS` arguments of at most :data:`MAX_VALUE_CHARS` characters each,
  newlines and tabs shown as ``\\n`` and ``\\t``; every cut says what was cut, and a record
  that cannot be found is said, never silently skipped. It also says what the code binds: a
  destination (the retry's other arguments are not checked) or the call's exact arguments.

Exit codes: 0 approved (or listed), 1 aborted / unknown, expired or used code / store error,
2 not run from a terminal.
"""

from __future__ import annotations

import json
import os
import pwd
import time
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer
from rich.console import Console
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cordon._exceptions import ApprovalError
from cordon.approvals import display, envelope
from cordon.approvals.ancestry import cordon_run_ancestor
from cordon.approvals.codes import CodeRecord, CodeStore, normalize_code
from cordon.audit.log import default_audit_path, sanitize
from cordon.engine.client_requests import DECIDED_METHODS

__all__ = [
    "MAX_SHOWN_ARGS",
    "MAX_SHOWN_CHARS",
    "MAX_VALUE_CHARS",
    "approve_command",
    "find_call_record",
    "pending_command",
    "register",
]

EXIT_ABORTED = 1
EXIT_NO_TTY = 2
MAX_SHOWN_ARGS = 40
"""Arguments shown by ``cordon approve``; the rest are counted, never silently dropped."""
MAX_SHOWN_CHARS = 300
"""Characters of a reason or a destination shown by ``cordon approve``; a longer one is cut in
the middle (its start and its end are shown) with a note giving how much was left out."""
MAX_VALUE_CHARS = envelope.SHOWN_VALUE_BYTES
"""Characters of one argument value shown by ``cordon approve``, cut as a reason is past them:
as many as an approval of exact arguments covers in all (``envelope.SHOWN_VALUE_BYTES``, a
call with more is denied unasked), so no value such an approval covers is cut (at 300, a
delete in the middle of a longer command was out of sight)."""
_SCAN_BLOCK = 1 << 20
#: characters of one value in a table row (``cordon pending``): its start and its end
_COMPACT_CHARS = 120

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
        plain = clean.isascii() and clean.isprintable()
        return Text(display.clipped(clean, _COMPACT_CHARS, str if plain else _ascii_escaped))
    # (a line break or tab the sanitiser keeps, an invisible format character, written as
    # an escape: a reason that quotes a program name must not add a row of its own)
    # (capped, its start and its end: a reason or a destination quotes the adversary's text,
    # whose length must not push the arguments and the question off the screen)
    text = Text(display.clipped(clean, MAX_SHOWN_CHARS))
    if not clean.isascii():
        escaped = display.clipped(clean, MAX_SHOWN_CHARS, _ascii_escaped)
        text.append(f"  (escaped: {escaped})", style="yellow")
    if clean != value:
        text.append("  (control characters removed)", style="yellow")
    return text


def _ascii_escaped(text: str) -> str:
    """``text`` as Python's ``ascii`` writes it, without the quotes."""
    return ascii(text)[1:-1]


def _expiry(rec: CodeRecord, now: float) -> str:
    left = max(0, int(rec.expires - now))
    at = time.strftime("%H:%M:%S", time.localtime(rec.expires))
    return f"in {left // 60} min {left % 60:02d} s (at {at} local time)"


def _spelled(rec: CodeRecord, call: dict[str, Any] | None) -> str | None:
    """The code's destination as the call spelled it when the call is known (the code keeps
    it normalised: lower case)."""
    if call is not None and call.get("server") == rec.server and call.get("tool") == rec.tool:
        return envelope.as_spelled(rec.destination, call.get("arguments"), rec.param)
    return rec.destination


def _is_request(rec: CodeRecord, call: dict[str, Any] | None) -> bool:
    """Whether the code is for a client request that is not a call (``resources/read``,
    ``prompts/get`` ...; the code's ``tool`` is its method): its verdict record names the
    method; without the record, the code's method name says it."""
    if call is not None:
        return bool(call.get("method"))
    return rec.tool in DECIDED_METHODS


def _details(rec: CodeRecord, now: float, call: dict[str, Any] | None) -> Table:
    """The code's record; its destination spelled as in the call when the call is known."""
    dest = _spelled(rec, call)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("Code", Text(rec.code))
    grid.add_row("Server", _shown(rec.server))
    if rec.instance is not None:  # (two servers of one name: which one asks)
        grid.add_row("Runs", _shown(rec.instance))
    grid.add_row("Method" if _is_request(rec, call) else "Tool", _shown(rec.tool))
    grid.add_row("Parameter", _shown(rec.param))
    grid.add_row("Destination", _shown(dest))
    grid.add_row("Rule", _shown(rec.rule))
    grid.add_row("Reason", _shown(rec.reason))
    grid.add_row("Expires", Text(_expiry(rec, now)))
    return grid


def find_call_record(audit: Path, code: str) -> dict[str, Any] | None:
    """The newest ``verdict`` record whose ``code`` is ``code``, or None.

    Reads ``audit`` and then ``audit.1`` (the newest rotated file) backwards in blocks of
    1 MiB, so a recent code is found without reading the whole log; a missing file counts as
    no record. Lines that do not parse are skipped. Never raises for a missing or unreadable
    file (OSError is treated as "not found").
    """
    needle = b'"code":' + orjson.dumps(code)
    for path in (audit, Path(f"{audit}.1")):
        try:
            fh = path.open("rb")
        except OSError:
            continue
        with fh:
            try:
                pos = os.fstat(fh.fileno()).st_size
            except OSError:
                continue
            carry = b""
            while pos > 0:
                start = max(0, pos - _SCAN_BLOCK)
                fh.seek(start)
                lines = (fh.read(pos - start) + carry).split(b"\n")
                pos = start
                carry = lines.pop(0) if start > 0 else b""
                for line in reversed(lines):
                    if needle not in line:
                        continue
                    try:
                        rec = orjson.loads(line)
                    except orjson.JSONDecodeError:
                        continue
                    if isinstance(rec, dict) and rec.get("kind") == "verdict":
                        if rec.get("code") == code:
                            return rec
    return None


def _escaped(text: str) -> str:
    """Non-ASCII characters as ``\\uXXXX`` (``\\UXXXXXXXX`` above the BMP); ASCII unchanged."""
    if text.isascii():
        return text
    return "".join(
        c if ord(c) < 128 else (f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
        for c in text
    )


def _cut(text: str) -> Text:
    """``text`` made safe for the terminal, cut at :data:`MAX_VALUE_CHARS` with a note."""
    clean = sanitize(text).replace("\n", "\\n").replace("\t", "\\t")
    # a long value keeps its start and its end: the part that matters (the file a command
    # overwrites, an address) is often the last, and padding pushed it out of the first 300.
    # A value within the cap is never cut, whatever its escapes add (a line break shown as
    # two characters cut a 3,000-byte command of 1,000 lines, a delete in its middle)
    limit = max(MAX_VALUE_CHARS, len(clean)) if len(text) <= MAX_VALUE_CHARS else MAX_VALUE_CHARS
    shown = display.cut(clean, limit)
    out = Text(_escaped(shown))
    if len(clean) > limit:
        out.append(
            f"  [cut in the middle: {len(clean) - len(shown) + 5} of {len(clean)} characters "
            "not shown]",
            style="yellow bold",
        )
    if not shown.isascii():
        out.append("  (non-ASCII shown escaped)", style="yellow")
    if sanitize(text) != text:
        out.append("  (control characters removed)", style="yellow")
    return out


#: the keys of the audit log's cut marker (:func:`cordon.audit.log.record_for_call`): an
#: argument is the agent's JSON, so an object spelled as a marker with a key of its own
#: reaches the server whole and is shown as JSON, never as a cut string that hides that key
_CUT_KEYS = frozenset({"truncated", "sha256", "len", "head"})
_HEX = frozenset("0123456789abcdef")


def _argument(value: Any) -> Text:
    if (
        isinstance(value, dict)
        and value.keys() in (_CUT_KEYS, _CUT_KEYS | {"tail"})
        and value.get("truncated") is True
        and isinstance(value.get("head"), str)
    ):
        # cut by the audit log itself (record_for_call): its start and its end were kept (a
        # record without the end, written before it was kept, says so)
        tail = value.get("tail")
        out = _cut(value["head"])
        kept = "only the start was kept"
        if isinstance(tail, str):
            out.append(" ... ")
            out.append_text(_cut(tail))
            kept = "its start and its end were kept, the middle not shown"
        out.append(
            f"  [cut by the audit log: {value.get('len')} bytes in all, {kept}; "
            f"sha256 {str(value.get('sha256'))[:16]}...]",
            style="yellow bold",
        )
        return out
    if isinstance(value, str):
        return _cut(value)
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        text = str(value)
    out = _cut(text)
    if '"truncated": true' in text:
        out.append("  [contains values cut by the audit log]", style="yellow bold")
    return out


def _add_argument(grid: Table, name: str, value: Any) -> None:
    """One argument's row: its name (a line break in a name the agent chose would print a
    row of its own: escaped) and its value. A name the question shows whole
    (:data:`~cordon.approvals.envelope.SHOWN_NAME_CHARS`) is approvable, so it is shown whole
    here too, whatever its escapes add (``\\uXXXX``: six characters a letter); one whose
    escaped form is too wide for the name column is written folded in the value column,
    its value on the row below (a wide name column squeezed the values out of sight)."""
    label = _escaped(display.visible(sanitize(name)))
    if len(label) <= 60:
        grid.add_row(Text(f"  {label}"), _argument(value))
    elif len(name) <= envelope.SHOWN_NAME_CHARS:
        grid.add_row(Text("  (name)"), Text(label, overflow="fold"))
        grid.add_row(Text("  (its value)"), _argument(value))
    else:
        grid.add_row(Text(f"  {label[:60]}...[name cut]"), _argument(value))


def _add_arguments(grid: Table, rec: CodeRecord, call: dict[str, Any] | None, audit: Path) -> Table:
    """Add the denied call's arguments (from its audit record) and what the code binds."""
    if call is None or call.get("server") != rec.server or call.get("tool") != rec.tool:
        grid.add_row(
            "Arguments",
            Text(
                f"NOT SHOWN: no record of this call with code {rec.code} in {sanitize(str(audit))} "
                "(if cordon run writes its audit log elsewhere, pass --audit). Approve only if "
                "you know what the call does.",
                style="red bold",
            ),
        )
        return grid
    args = call.get("arguments")
    if not isinstance(args, dict):
        args = {"(arguments)": args}
    if _other_call(rec, args):
        grid.add_row(
            "Arguments",
            Text(
                f"NOT SHOWN: the record of code {rec.code} in {sanitize(str(audit))} holds other "
                "arguments than the call the code approves (nothing in it was cut: a record not "
                "written for this call, or arguments cleaned of control characters). Approve "
                "only if you know what the call does.",
                style="red bold",
            ),
        )
        return grid
    items = list(args.items())
    if not items:
        grid.add_row("Arguments", Text("(none)", style="dim"))
    for name, value in items[:MAX_SHOWN_ARGS]:
        _add_argument(grid, str(name), value)
    if len(items) > MAX_SHOWN_ARGS:
        grid.add_row(
            Text("  ..."),
            Text(
                f"[{len(items) - MAX_SHOWN_ARGS} more argument(s) not shown: audit record seq "
                f"{call.get('seq')}]",
                style="yellow bold",
            ),
        )
    grid.add_row("Binds", _binding(rec, args))
    return grid


def _is_cut(value: Any) -> bool:
    """Whether the audit log cut a value in ``value`` (its marker, :data:`_CUT_KEYS`)."""
    if isinstance(value, dict):
        if value.keys() in (_CUT_KEYS, _CUT_KEYS | {"tail"}) and value.get("truncated") is True:
            return True
        return any(_is_cut(v) for v in value.values())
    if isinstance(value, list):
        return any(_is_cut(v) for v in value)
    return False


def _other_call(rec: CodeRecord, args: dict[str, Any]) -> bool:
    """Whether ``args`` (a record's copy, nothing of it cut) are not the call the code
    approves: the code's key ends with the digest of the whole call
    (:func:`cordon.decider.code_key`), and a whole copy of that call hashes to it. A copy
    cut by the audit log cannot be checked (:func:`_binding` says so); one that is whole and
    differs is another call's arguments, or the call's cleaned of control characters: shown,
    the person would approve a call other than the one they read."""
    key = rec.approval_key
    digest = key[-1] if key else None
    if not (isinstance(digest, str) and len(digest) == 64 and set(digest) <= _HEX):
        return False
    return not _is_cut(args) and digest != envelope.call_digest(rec.tool, args)


def _binding(rec: CodeRecord, args: dict[str, Any]) -> Text:
    """What a retry must match for this code to let it through: the proxy keys each code
    with the digest of the whole call (``cordon.approvals.envelope.call_digest``), so a
    retry must repeat the call exactly, whatever the ask was about."""
    key = rec.approval_key
    if key and key[-1] == envelope.call_digest(rec.tool, args):
        return Text("one retry with exactly the arguments shown (checked against the code)")
    return Text(
        "one retry with exactly the arguments of the denied call; the audit log's copy shown "
        "here could not be checked against the code (cut or cleaned)",
        style="yellow",
    )


def _fail(err: Console, message: str, code: int = EXIT_ABORTED) -> typer.Exit:
    err.print(Text(message), style="red")
    return typer.Exit(code)


def approver() -> str:
    """Who is approving, for the audit record of the retry (``approved_by``): the account
    this process runs as, by its uid (not ``$USER``, which any caller sets), and the
    terminal it was answered on (approve refuses to run without one)."""
    uid = os.getuid()
    try:
        name = pwd.getpwuid(uid).pw_name
    except KeyError:  # a uid with no passwd entry (a container's)
        name = "?"
    try:
        tty = os.ttyname(0)
    except OSError:
        tty = "no terminal"
    return f"{name} (uid {uid}) on {tty}"


def confirmed(out: Console, question: str) -> bool:
    """Ask ``question [y/N]`` at the terminal: ``y`` or ``yes`` in any case is yes; Enter
    (the default), any other answer, end of input or Ctrl-C is no. Every command that asks a
    person (``approve``, ``pin accept``) asks this way, as ``cordon init`` does."""
    try:
        answer = out.input(f"{question} [y/N] ", markup=False)
    except (EOFError, KeyboardInterrupt):
        out.print()
        return False
    return answer.strip().lower() in ("y", "yes")


def require_terminal(err: Console, command: str, nothing: str) -> None:
    """Exit 2 (``nothing`` said) when a ``cordon run`` is among this process's ancestors
    (:mod:`cordon.approvals.ancestry`: a tool of a server behind cordon started it), or
    unless stdin and stdout are both a TTY.

    A command that widens what cordon trusts (``approve``, ``pin accept``) is for a person
    typing the answer: an agent's shell tool, which runs it on pipes or on a terminal it made
    (``script``, Python's ``pty``), must not be able to answer for itself after injected
    text told it to run the command.
    """
    under = cordon_run_ancestor()
    if under is not None:
        raise _fail(
            err,
            f"{command} refuses to run under cordon run (process {under[0]}: "
            f"{sanitize(under[1])}): a tool of a server behind cordon started it, and an agent "
            f"must not answer cordon's question itself. Run it in your own terminal. {nothing}",
            EXIT_NO_TTY,
        )
    if not (os.isatty(0) and os.isatty(1)):
        raise _fail(
            err,
            f"{command} must be run by a person in a terminal: stdin and stdout must both "
            f"be a TTY. {nothing}",
            EXIT_NO_TTY,
        )


def approve_command(
    code: Annotated[str, typer.Argument(help="The code from the denied call, e.g. 7KQF-M2XD.")],
    store: _StoreOpt = None,
    audit: Annotated[
        Path | None,
        typer.Option(
            "--audit",
            help="The audit log cordon run writes, to show the call's arguments "
            "(default ~/.cordon/audit.jsonl).",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
) -> None:
    """Approve one retry of a call that cordon denied with a one-time code.

    Must be run by a person in a terminal; shows the call (with its arguments, from the audit
    log) and asks "Approve it?" (y/N): y or yes (any case) approves; anything else,
    or Enter, approves nothing (exit 1).
    """
    err = Console(stderr=True, highlight=False)
    require_terminal(err, "cordon approve", "Nothing was approved.")
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
        # a cordon run given --approvals-store keeps its codes in that file: say where this
        # one looked, so a person who left out --store is not sent looking for a typo
        raise _fail(
            err,
            f"Unknown approval code {canonical} in {codes.path}. Nothing was approved. "
            "A cordon run given --approvals-store FILE keeps its codes there: "
            "pass --store FILE, as the denial's hint names it.",
        )
    if rec.state == "used":
        raise _fail(err, f"Code {canonical} was already used. Nothing was approved.")
    if now >= rec.expires:
        raise _fail(err, f"Code {canonical} has expired. Retry the call to get a new code.")

    audit_path = audit or default_audit_path()
    call = find_call_record(audit_path, rec.code)
    what = "request" if _is_request(rec, call) else "call"
    title = f"Approve this {what} once?" if rec.state == "pending" else "Already approved"
    body = _add_arguments(_details(rec, now, call), rec, call, audit_path)
    out.print(Panel(body, title=title, title_align="left", border_style="yellow"))
    if rec.state == "approved":
        out.print(Text("This code is already approved; its retry has not happened yet."))
        return
    if not confirmed(out, "Approve it?"):
        raise _fail(err, "Aborted. Nothing was approved.")
    try:
        rec = codes.approve(canonical, by=approver())
    except ApprovalError as exc:
        raise _fail(err, f"{exc}. Nothing was approved.") from exc
    out.print(
        Text.assemble(
            (f"Approved {rec.code}. ", "green bold"),
            f"The next retry of that exact {what} will be allowed once, if it arrives ",
            _expiry(rec, time.time()),
            ".",
        )
    )


def pending_command(
    store: _StoreOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    audit: Annotated[
        Path | None,
        typer.Option(
            "--audit",
            help="The audit log cordon run writes, to show each destination as the call "
            "spelled it (default ~/.cordon/audit.jsonl).",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
) -> None:
    """List open approval codes (pending, or approved and not yet used). Each destination is
    shown as the call spelled it (found in its verdict record in the audit log; the code
    keeps it lower case); with --json, "destination" stays the code's and
    "destination_as_spelled" is the call's spelling."""
    err = Console(stderr=True, highlight=False)
    codes = CodeStore(store)
    try:
        records = codes.pending()
    except ApprovalError as exc:
        raise _fail(err, str(exc)) from exc
    now = time.time()
    out = Console(highlight=False)
    audit_path = audit or default_audit_path()
    spelled = {r.code: _spelled(r, find_call_record(audit_path, r.code)) for r in records}
    if as_json:
        rows = [
            {
                **r.to_json(),
                "destination_as_spelled": spelled[r.code],
                "expires_in_s": max(0.0, r.expires - now),
            }
            for r in records
        ]
        out.out(json.dumps(rows, ensure_ascii=True, indent=2), highlight=False)
        return
    if not records:  # (the store named: a cordon run given --approvals-store keeps its own)
        out.print(f"No open approval codes in {codes.path} (another store: --store FILE).")
        return
    shown: list[tuple[Text, ...]] = [
        (
            Text(r.code),
            Text(r.state),
            _shown(r.server, compact=True),
            _shown(r.tool, compact=True),
            _shown(r.param, compact=True),
            _shown(spelled[r.code], compact=True),
            _shown(r.rule, compact=True),
            Text(f"{left // 60}:{left % 60:02d}"),
        )
        for r in records
        for left in [max(0, int(r.expires - now))]
    ]
    out.print(_pending_table(out, shown))


_PENDING_HEADS = (
    "Code",
    "State",
    "Server",
    "Tool",
    "Parameter",
    "Destination",
    "Rule",
    "Expires in",
)


def _pending_table(out: Console, rows: list[tuple[Text, ...]]) -> Table:
    """One row per code when the table fits the terminal whole; else one block per code
    (a name and a value a line): folded into narrow columns, a rule id (what a person looks
    up in docs/rules.md) or a destination is split over many lines."""
    table = Table(title="Open approval codes", title_justify="left")
    for name in _PENDING_HEADS:
        table.add_column(name, no_wrap=name != "Destination", overflow="fold")
    for row in rows:
        table.add_row(*row)
    wide = out.options.update(max_width=1 << 16)  # (measured whole, not cut to the terminal)
    if Measurement.get(out, wide, table).maximum <= out.width:
        return table
    blocks = Table(
        title="Open approval codes", title_justify="left", show_header=False, show_lines=True
    )
    for row in rows:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(overflow="fold")
        for name, value in zip(_PENDING_HEADS, row, strict=True):
            grid.add_row(name, value)
        blocks.add_row(grid)
    return blocks


def register(app: typer.Typer) -> None:
    """Add the ``approve`` and ``pending`` subcommands to the ``cordon`` typer app."""
    app.command("approve")(approve_command)
    app.command("pending")(pending_command)
