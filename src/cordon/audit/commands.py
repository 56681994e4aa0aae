"""CLI commands of the audit package: ``cordon audit verify|tail|show``, ``cordon report`` (its
own module, :mod:`cordon.audit.report_command`) and ``cordon init``. ``cordon.cli`` calls
:func:`register` on its typer app."""

from __future__ import annotations

import os
import sys
import time
from collections import deque
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cordon._cli_group import OneLineSummaries
from cordon._types import SEVERITY_ORDER
from cordon.approvals.display import clipped, visible
from cordon.audit.listing import summary as listing_summary
from cordon.audit.log import (
    chain_files,
    default_audit_path,
    iter_records,
    tail_records,
    verify,
)
from cordon.audit.query import filter_records, parse_time_bound, record_verdict
from cordon.audit.repeats import EventCount
from cordon.audit.verify import EXPECT_HELP, NO_EXPECT_NOTE, expect_missing, kept_at, kept_note
from cordon.clientpacks import PACKS_HELP

__all__ = ["register"]

_VERDICT_STYLE = {"allow": "green", "deny": "bold red", "ask": "yellow", "start": "cyan"}

FileArg = Annotated[
    Path | None,
    typer.Argument(help="audit log (default ~/.cordon/audit.jsonl)", show_default=False),
]
#: the same file as an option, spelled as ``cordon run --audit`` and ``cordon report --audit``
#: spell it, so a command copied from one works in the other
AuditOpt = Annotated[
    Path | None,
    typer.Option("--audit", help="audit log, as FILE", show_default=False),
]


def _audit_path(file: Path | None, audit: Path | None) -> Path:
    """The log named by the argument or by ``--audit`` (the default log if neither); two
    different files is an error, never a silent pick of one."""
    if file is not None and audit is not None and file != audit:
        raise typer.BadParameter(
            f"FILE {file} and --audit {audit} name two logs", param_hint="--audit"
        )
    return file or audit or default_audit_path()


def _console(err: bool = False) -> Console:
    """Rich console for the audit commands: the terminal's width on a terminal; on a pipe or
    a file ``COLUMNS`` or 160 columns (Rich's default of 80 wrapped a reason one word per
    line), so ``audit tail | less`` and logs stay readable."""
    stream = sys.stderr if err else sys.stdout
    width = None
    if not stream.isatty() or "COLUMNS" in os.environ:
        try:
            width = int(os.environ.get("COLUMNS", "160"))
        except ValueError:
            width = 160
    return Console(stderr=err, highlight=False, soft_wrap=True, width=width)


def _short(value: Any, width: int = 80) -> str:
    """``value`` as a table cell shows it: escaped (:func:`visible`) and, past ``width``
    characters, its start and its end with how much was cut (a reason or a name quotes the
    adversary's text, and its end is often what matters)."""
    text = value if isinstance(value, str) else orjson.dumps(value).decode()
    return clipped(text, width)


_TOP_RULES = 3
#: a reason's cell, wrapped over lines by the table: cordon's own reasons whole (an ask of
#: several destinations, a code's note before it run well past 80 characters); one quoting
#: a flood of the adversary's text still cut to its start and end
_REASON_CHARS = 600


def _rule_rank(rule_id: str) -> tuple[int, str]:
    """Sort key: most severe first (per the content rule catalogue), then by id."""
    try:
        from cordon.content import rule_by_id

        severity: str = rule_by_id(rule_id).severity
    except (ImportError, KeyError):
        severity = ""
    return (-SEVERITY_ORDER.get(severity, 0), rule_id)


def _content_summary(rec: dict[str, Any]) -> tuple[str, str]:
    """``(rules, reason)`` columns for a ``content`` record.

    ``rules``: its rule ids, the :data:`_TOP_RULES` most severe first, then ``+N more (M
    rules)`` when there are more. ``reason``: ``max severity S``, the action and where (result,
    definition), then the record's own reason, when present.
    """
    rules = rec.get("rules")
    ids = [str(r) for r in rules] if isinstance(rules, list) else []
    if not ids and rec.get("rule"):
        ids = [str(rec["rule"])]
    ids = sorted(set(ids), key=_rule_rank)
    shown = ", ".join(ids[:_TOP_RULES])
    if len(ids) > _TOP_RULES:
        shown += f" +{len(ids) - _TOP_RULES} more ({len(ids)} rules)"
    parts = []
    if rec.get("max_severity"):
        parts.append(f"max severity {rec['max_severity']}")
    if rec.get("action"):
        parts.append(str(rec["action"]))
    if rec.get("where"):
        parts.append(f"in {rec['where']}")
    reason = ", ".join(parts)
    if rec.get("reason"):
        reason = f"{reason}: {rec['reason']}" if reason else str(rec["reason"])
    return shown, reason


def _row(rec: dict[str, Any]) -> list[Text]:
    verdict = record_verdict(rec)
    rule, tool = str(rec.get("rule", "")), str(rec.get("tool", ""))
    if rec.get("kind") == "start":
        reason = f"cordon {rec.get('version', '?')} policy {str(rec.get('policy_hash', ''))[:12]}"
        if isinstance(empty := rec.get("empty_policy_files"), list) and empty:
            reason += f" ({len(empty)} --policy file(s) empty: the defaults apply)"
    elif rec.get("kind") == "content":
        rule, reason = _content_summary(rec)
    elif rec.get("kind") == "listing":  # tools a tools/list page hid or flagged
        tool, rule, reason = listing_summary(rec)
    else:
        reason = str(rec.get("reason", ""))
        if rec.get("asked") == "code":  # nobody refused: the call waits for `cordon approve`
            reason = f"code {rec.get('code', '?')} issued, not forwarded: {reason}"
        elif rec.get("asked") == "none":
            reason = f"nobody could be asked, not forwarded: {reason}"
        elif "answer" in rec:
            reason = f"answer={rec['answer']} {reason}".strip()
            if rec.get("code"):  # a one-time code's use: which ask, when and by whom approved
                reason += f" (code {rec['code']}, approved {rec.get('approved_at', '?')}"
                reason += f" by {rec['approved_by']})" if rec.get("approved_by") else ")"
    if isinstance(n := rec.get("repeat"), int) and rec.get("kind") != "listing":
        # a coalesced repeat (audit/repeats.py): the count first, so no cut of the cell hides it
        last = ", the last count" if rec.get("final") else ""
        reason = f"repeat {n} of seq {rec.get('first_seq', '?')}{last}: {reason}"
    dest = rec.get("destination") or ""
    # the log keeps a line break and most format characters of what the adversary wrote (a
    # tool's name, a destination): written as escapes, so no row starts inside a cell and no
    # right-to-left mark or zero-width character reorders or hides a destination
    return [
        Text(str(rec.get("ts", ""))),
        Text(str(rec.get("seq", ""))),
        Text(_short(str(rec.get("server", "")), 60)),
        Text(_short(tool, 60)),
        Text(verdict, style=_VERDICT_STYLE.get(verdict, "")),
        Text(visible(rule)),
        Text(_short(reason, _REASON_CHARS)),
        Text(_short(dest, 40)),
    ]


#: a steady table's columns (``audit tail --follow``): a fixed width (the rule column's is the
#: longest rule id), else a share of what is left
_STEADY = {"time (UTC)": 24, "seq": 6, "verdict": 7, "rule": 0}
_STEADY_SHARES = {"server": 2, "tool": 2, "reason": 6, "destination": 2}


def _longest_rule_id() -> int:
    """The longest rule id of both catalogues: a steady table's rule column is this wide."""
    from cordon.content import RULES
    from cordon.engine.rules import CATALOGUE

    return max(len(i) for i in [*CATALOGUE, *(r.id for r in RULES)])


def _table(records: list[dict[str, Any]], title: str, *, steady: bool = False) -> Table:
    """The records as a table. ``steady``: column widths fixed by the terminal's width alone
    (shares of it, the rule column as wide as the longest rule id), so the tables ``--follow``
    prints batch by batch line up under the first one's header."""
    table = Table(title=Text(title), show_lines=False, expand=steady)  # a path may hold [brackets]
    rows = [_row(rec) for rec in records]
    # a rule id is never folded across lines, so it can be grepped and copied (cordon rules,
    # a policy): its column is as wide as the longest, the other cells wrap around it
    # several ids in one cell (a content or listing record) wrap between ids: a list kept on
    # one line took the terminal's width from every other column
    rule_width = max((len(word) for row in rows for word in row[5].plain.split()), default=4)
    if steady:
        rule_width = max(rule_width, _longest_rule_id())
    for col in ("time (UTC)", "seq", "server", "tool", "verdict", "rule", "reason", "destination"):
        width = (_STEADY[col] or rule_width) if steady and col in _STEADY else None
        share = _STEADY_SHARES.get(col) if steady else None
        if col == "rule":
            table.add_column(col, min_width=rule_width, width=width)
        else:
            table.add_column(col, overflow="fold", width=width, ratio=share)
    for row in rows:
        table.add_row(*row)
    return table


def _bound(value: str | None, name: str) -> str | None:
    if value is None:
        return None
    try:
        return parse_time_bound(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint=name) from exc


def audit_verify(
    file: FileArg = None,
    audit: AuditOpt = None,
    expect: Annotated[str | None, typer.Option("--expect", help=EXPECT_HELP)] = None,
) -> None:
    """Check the audit log's hash chain (following rotated files); exit 1 at the first break."""
    path = _audit_path(file, audit)
    if chain_files(path) == [path] and not path.exists() and not path.is_symlink():
        # nothing written yet (a new home): not a break, which would read as tampering. A
        # missing current file beside rotated ones, or a dangling link, stays BROKEN
        _console().print(
            Text(
                f"no audit log at {path} yet: cordon writes it from the first call `cordon run` "
                "decides (--audit FILE or a FILE argument names another log)",
                style="yellow",
            )
        )
        raise typer.Exit(1)
    result = verify(path)
    kept = kept_at(path, expect) if result.ok and expect is not None else None
    if result.ok and expect is not None and kept is None:
        _console().print(
            Text(f"BROKEN: {expect_missing(expect)}; {result.message}", style="bold red")
        )
        raise typer.Exit(1)
    if result.ok:
        _console().print(Text(f"OK: {result.message}", style="green"))
        if kept is not None and kept[1] > kept[0]:  # a chain without a key: say what it vouches
            _console().print(Text(kept_note(kept)))
        if expect is None:  # a hash chain cannot see its last records removed: say so
            _console().print(Text(NO_EXPECT_NOTE))
        return
    _console().print(Text(f"BROKEN: {result.message}", style="bold red"))
    raise typer.Exit(1)


def audit_tail(
    file: FileArg = None,
    audit: AuditOpt = None,
    n: Annotated[int, typer.Option("-n", "--lines", help="records to show")] = 20,
    follow: Annotated[
        bool, typer.Option("--follow", "-f", help="keep printing new records")
    ] = False,
) -> None:
    """Show the last N records as a table; with --follow, keep printing new ones."""
    path = _audit_path(file, audit)
    if not path.exists():
        _console(err=True).print(Text(f"no audit log at {path}"))
        raise typer.Exit(1)
    last = tail_records(path, n)
    console = _console()
    steady = follow and fits_steady(console.width)
    console.print(_table(last, f"{path} (last {len(last)})", steady=steady))
    if follow:
        _follow(path, console, steady)


def fits_steady(width: int) -> bool:
    """Whether a terminal ``width`` columns wide has room for a steady table: its fixed
    columns, 8 columns' borders and padding, and 12 columns for each shared one. Narrower,
    each batch ``--follow`` prints keeps its own header instead."""
    fixed = sum(_STEADY.values()) + _longest_rule_id()
    return width >= fixed + 25 + 12 * len(_STEADY_SHARES)


def _follow(path: Path, console: Console, steady: bool) -> None:  # pragma: no cover - loop
    fh = open(path, "rb")  # noqa: SIM115 - reopened on rotation
    fh.seek(0, os.SEEK_END)
    ino = os.fstat(fh.fileno()).st_ino
    partial = b""
    try:
        while True:
            chunk = fh.read()
            if chunk:
                partial += chunk
                *lines, partial = partial.split(b"\n")
                recs = []
                for line in lines:
                    try:
                        recs.append(orjson.loads(line))
                    except orjson.JSONDecodeError:
                        continue
                if recs:
                    table = _table(recs, "", steady=steady)
                    table.show_header = not steady  # else its columns stand under the first
                    console.print(table)
                continue
            try:
                if os.stat(path).st_ino != ino:
                    fh.close()
                    fh = open(path, "rb")  # noqa: SIM115
                    ino = os.fstat(fh.fileno()).st_ino
                    continue
            except FileNotFoundError:
                pass
            time.sleep(0.3)
    except KeyboardInterrupt:
        pass
    finally:
        fh.close()


def audit_show(
    file: FileArg = None,
    audit: AuditOpt = None,
    since: Annotated[str | None, typer.Option(help="e.g. 2h, 7d or 2025-06-01T12:00Z")] = None,
    until: Annotated[str | None, typer.Option(help="same forms as --since")] = None,
    verdict: Annotated[
        list[str] | None, typer.Option(help="allow, deny, ask (or a record kind); repeatable")
    ] = None,
    tool: Annotated[list[str] | None, typer.Option(help="tool name; repeatable")] = None,
    server: Annotated[
        list[str] | None, typer.Option(help="server name (cordon run --name); repeatable")
    ] = None,
    limit: Annotated[int, typer.Option(help="show at most this many (newest)")] = 1000,
) -> None:
    """Show audit records filtered by time, verdict, tool and server, as a table."""
    path = _audit_path(file, audit)
    if not path.exists():
        _console(err=True).print(Text(f"no audit log at {path}"))
        raise typer.Exit(1)
    selected = filter_records(
        iter_records(path),
        since=_bound(since, "--since"),
        until=_bound(until, "--until"),
        verdicts=verdict or (),
        tools=tool or (),
        servers=server or (),
    )
    kept: deque[dict[str, Any]] = deque(maxlen=max(limit, 0))
    matched = 0
    for rec in selected:
        matched += 1
        kept.append(rec)
    rows = list(kept)
    # a cut listing names the total: the rows shown are not the count of what matched
    count = (
        f"{len(rows)} record(s)"
        if matched == len(rows)
        else f"the newest {len(rows)} of {matched} records (--limit)"
    )
    _console().print(_table(rows, f"{path}: {count}{_events(rows)}"))
    if verdict and not rows:
        _unknown_verdicts(path, verdict)
    if tool and not rows:
        _unknown_names(path, tool, "tool")
    if server and not rows:
        _unknown_names(path, server, "server")


def _unknown_verdicts(path: Path, asked: list[str]) -> None:
    """On stderr, each ``--verdict`` value that no record of the log carries and that is no
    verdict: a typo (``denied``) gave an empty table that read as "nothing was denied"."""
    import difflib

    held = {record_verdict(rec) for rec in iter_records(path)}
    known = sorted(held | {"allow", "deny", "ask"})
    for value in asked:
        if value in known:
            continue
        close = difflib.get_close_matches(value, known, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        _console(err=True).print(
            Text(
                f"no record has verdict or kind '{value}': {hint}verdicts are allow, deny, "
                f"ask; this log's verdicts and kinds: {', '.join(sorted(held))}"
            )
        )


def _unknown_names(path: Path, asked: list[str], field: str) -> None:
    """On stderr, each ``--tool`` (``--server``) value that no record of the log names, with
    the close one: a typo gave an empty table that read as "never called" ("never ran")."""
    import difflib

    held = sorted({str(rec[field]) for rec in iter_records(path) if rec.get(field)})
    for value in asked:
        if value in held:
            continue
        close = difflib.get_close_matches(value, held, n=1)
        hint = f"did you mean '{visible(close[0])}'? " if close else ""
        shown = ", ".join(visible(t) for t in held[:20]) + (", ..." if len(held) > 20 else "")
        _console(err=True).print(
            Text(f"no record names {field} '{visible(value)}': {hint}this log's {field}s: {shown}")
        )


def _events(rows: list[dict[str, Any]]) -> str:
    """``", N event(s)"`` when coalesced repeats (audit/repeats.py) among ``rows`` stand for
    more events than rows: a count of records would say a flood was a few."""
    count = EventCount()
    events = sum(count.weight(rec) for rec in rows)
    return f", {events} event(s) with repeats counted" if events > len(rows) else ""


def init(
    config: Annotated[Path, typer.Option("--config", help="the MCP client config to rewrite")],
    server: Annotated[
        list[str] | None, typer.Option("--server", help="only this server; repeatable")
    ] = None,
    project: Annotated[
        Path | None,
        typer.Option(
            "--project",
            help="~/.claude.json: only the servers of this project directory (its local "
            "scope), not the user servers or other projects'; with --server, that name there",
            show_default=False,
        ),
    ] = None,
    policy: Annotated[
        list[Path] | None, typer.Option("--policy", help="policy file for cordon run; repeatable")
    ] = None,
    packs: Annotated[
        bool | None, typer.Option("--packs/--no-packs", help=PACKS_HELP, show_default=False)
    ] = None,
    absolute: Annotated[
        bool,
        typer.Option(
            "--absolute/--no-absolute",
            help="write the absolute path of this cordon (default), so a client started "
            "without its virtualenv on PATH finds it; --no-absolute writes the bare name "
            "`cordon`, looked up on the client's PATH",
        ),
    ] = True,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="write without asking")] = False,
    undo: Annotated[
        bool, typer.Option(help="unwrap cordon's entries, keeping your edits since init")
    ] = False,
    pin_dir: Annotated[
        Path | None,
        typer.Option(
            "--pin-dir",
            help="directory of the per-server pin files (default ~/.cordon/pins)",
            file_okay=False,
            show_default=False,
        ),
    ] = None,
    hook: Annotated[
        bool,
        typer.Option(
            "--hook/--no-hook",
            help="Claude Code, Cursor: also add `cordon hook prompt` as the client's prompt "
            "hook, so cordon run knows your request (default on)",
        ),
    ] = True,
) -> None:
    """Put cordon in front of each server of an MCP client config (or --undo it).

    A stdio server runs as cordon run -- COMMAND; a remote one (a url entry, or npx
    mcp-remote URL) as cordon run --url URL with its headers. Each server gets its own
    --pin-file under ~/.cordon/pins/, so its tool pins last across restarts;
    `cordon pin accept --server NAME` re-approves a changed definition. In ~/.claude.json: the
    user servers and each project's (--project DIR: that project's only, so one project's
    server gets a policy for its directory). The prompt hook goes into ~/.claude/settings.json (Claude
    Code) or ~/.cursor/hooks.json (a Cursor config in .cursor; --no-hook: not). --undo unwraps
    cordon's entries as the file is now, keeping your edits (backups: ~/.cordon/backups/).
    Each server a built-in pack is written for gets a policy file with that pack (--no-packs:
    none, and a hint naming the pack); a --policy replaces them (--packs with it: exit 2).
    A --policy that brings a pack (one server's tools) is refused when more than one server
    would be wrapped with it (all of the file, or several --server): exit 2, nothing
    written. An entry already behind cordon is left as it is: asked for a --policy it does
    not run with (--packs: its pack's; or a --server that cannot be wrapped), init says on
    stderr what was not done and how to do it, and exits 1 when it changed nothing else.
    """
    # the built-in packs apply unless opted out: a server wrapped with no policy lets through
    # what its pack stops (a GitHub issue created in an organisation a planted issue names, a
    # merge). A --policy of the user's replaces them; --packs given with it is refused in
    # plan_init (exit 2), since which one applies would be a guess
    packs = packs if packs is not None else not policy
    plan = _init_plan(config, server or (), project, policy or (), absolute, pin_dir, undo, packs)
    hook_plan, hook_note = _keep_shared_hook(plan, undo, *_hook_plan(plan, hook, undo, absolute))
    _show_plans(plan, hook_plan, undo, absolute, hook_note)
    _confirm_and_write(plan, hook_plan, yes)


def _init_plan(
    config: Path,
    servers: list[str] | tuple[()],
    project: Path | None,
    policies: list[Path] | tuple[()],
    absolute: bool,
    pin_dir: Path | None,
    undo: bool,
    packs: bool = False,
) -> Any:
    """The plan of ``cordon init`` (``--undo``: of unwrapping) for ``config``.

    Raises:
        typer.Exit: the config cannot be planned (exit 2, said on stderr).
    """
    from cordon.clientconfig import ClientConfigError, plan_init, plan_undo, resolve_cordon_command

    try:
        if undo:
            return plan_undo(config, servers=servers, project=project)
        return plan_init(
            config,
            servers=servers,
            policies=policies,
            cordon_command=resolve_cordon_command(absolute),
            pin_dir=pin_dir,
            project=project,
            packs=packs,
        )
    except ClientConfigError as exc:
        _console(err=True).print(Text(f"cordon init: {visible(str(exc))}", style="red"))
        raise typer.Exit(2) from exc


def _record_unchanged(plan: Any) -> None:
    """A config left as it is still gets its ``cordon run`` entries' files recorded in
    ``cordon init``'s list (:mod:`cordon.clientstate`): one wrapped before the list existed,
    or whose record was lost, is protected from tool writes once init runs on it again.

    Raises:
        typer.Exit: the list cannot be written (exit 2).
    """
    from cordon.clientconfig import ClientConfigError
    from cordon.clientstate import record_config

    try:
        record_config(plan.path.resolve(), plan.old)
    except (OSError, ClientConfigError) as exc:
        _console(err=True).print(
            Text(f"cordon init: cannot record cordon's files: {visible(str(exc))}")
        )
        raise typer.Exit(2) from exc


def _confirm_and_write(plan: Any, hook_plan: Any, yes: bool) -> None:
    """Show the diff, ask (unless ``yes``), write; then what was asked and not done."""
    console, err = _console(), _console(err=True)
    if not plan.changed:
        _record_unchanged(plan)
    if not plan.changed and not (hook_plan is not None and hook_plan.changed):
        if plan.not_done:
            _say_not_done(plan)
        console.print("nothing to change")
        return
    console.print(Text(_shown_lines(plan.diff() + (hook_plan.diff() if hook_plan else ""))))
    try:
        ok = yes or typer.confirm("Write these changes?", default=False)
    except typer.Abort:  # no answer: stdin ended (not a terminal), or Ctrl-C
        console.print()  # the prompt's line ends here, not in the message below
        err.print("nothing written: no answer was read; answer y in a terminal, or pass -y")
        raise typer.Exit(1) from None
    if not ok:
        err.print("not written")
        raise typer.Exit(1)
    _write_plans(plan, hook_plan)
    if plan.not_done:
        _say_not_done(plan)


def _shown_lines(text: str) -> str:
    """``text`` (a config's diff) line by line as :func:`visible` shows it: a client config
    is the adversary's text when a cloned project ships it (``.mcp.json``, ``.vscode``), and
    a server's name, command or URL in it must not reach the terminal as an escape sequence
    (an OSC 8 link, an OSC 52 clipboard write, a cursor move that hides a line), a carriage
    return or a bidi override; the diff's own line breaks are kept."""
    return "\n".join(visible(line) for line in text.split("\n"))


def _say_not_done(plan: Any) -> None:
    """What was asked and not done, on stderr; exit 1 when the config itself is unchanged
    (fail closed: an exit 0 reads as "the servers now run as asked")."""
    err = _console(err=True)
    for line in plan.not_done:
        err.print(Text(f"cordon init: NOT done: {visible(line)}", style="red"))
    if not plan.changed:
        err.print(
            Text(
                f"cordon init: {visible(str(plan.path))} not changed: nothing asked was done",
                style="red",
            )
        )
        raise typer.Exit(1)


def _show_plans(
    plan: Any, hook_plan: Any, undo: bool, absolute: bool, hook_note: str | None = None
) -> None:
    """What ``cordon init`` will change: per file, a line per server (or the hook)."""
    console, err = _console(), _console(err=True)
    console.print(Text(f"{visible(str(plan.path))} ({plan.label})", style="bold"))
    for msg in plan.messages:
        console.print(Text(f"  {visible(msg)}"))
    if hook_note is not None:
        console.print(Text(f"  {hook_note}"))
    if plan.changed and not undo:
        console.print(Text(_command_note(absolute)))
    for msg in plan.warnings:
        err.print(Text(f"cordon init: {visible(msg)}"))
    if hook_plan is not None and hook_plan.changed:
        console.print(Text(f"{visible(str(hook_plan.path))} ({hook_plan.label})", style="bold"))
        for msg in hook_plan.messages:
            console.print(Text(f"  {visible(msg)}"))


def _hook_plan(plan: Any, hook: bool, undo: bool, absolute: bool) -> tuple[Any, str | None]:
    """The change to the client's hook file that goes with ``cordon init`` (its prompt
    hook, :mod:`cordon.clienthooks`: Claude Code's settings, Cursor's hooks.json), or None
    for a client without one or ``--no-hook``; and a line saying why a client that has a
    hook does not get it here."""
    from cordon.clientconfig import ClientConfigError, resolve_cordon_command
    from cordon.clienthooks import hook_target, plan_hook_install, plan_hook_undo

    target = hook_target(plan.kind, plan.path) if hook else None
    if not isinstance(target, tuple):
        return None, None if undo else target
    client, path = target
    try:
        if undo:
            return plan_hook_undo(path, client), None
        return plan_hook_install(path, resolve_cordon_command(absolute), client), None
    except ClientConfigError as exc:
        _console(err=True).print(
            Text(f"cordon init: prompt hook: {visible(str(exc))}", style="red")
        )
        raise typer.Exit(2) from exc


def _keep_shared_hook(
    plan: Any, undo: bool, hook_plan: Any, note: str | None
) -> tuple[Any, str | None]:
    """The prompt hook is user-level, shared by every project of the client: an ``--undo``
    that leaves wrapped entries in this config (``--server`` undoes some), or in another
    config cordon wrote whose client uses the same hook file, keeps it, and says so."""
    if not undo or hook_plan is None or not hook_plan.changed:
        return hook_plan, note
    from cordon.clientconfig import WRAPPED_MARK, ClientConfigError, plan_undo, wrapped_configs
    from cordon.clienthooks import hook_target

    users = [plan.path] if plan.new is not None and WRAPPED_MARK in plan.new else []
    for other in wrapped_configs():
        if other.resolve() == Path(plan.path).resolve():
            continue
        try:
            target = hook_target(plan_undo(other).kind, other)
        except ClientConfigError:
            users.append(other)  # unreadable now: kept for it all the same (fail safe)
            continue
        if isinstance(target, tuple) and Path(target[1]) == Path(hook_plan.path):
            users.append(other)
    if not users:
        return hook_plan, note
    more = f" and {len(users) - 1} more" if len(users) > 1 else ""
    verb = "wrap" if len(users) > 1 else "wraps"
    return None, f"prompt hook kept: {users[0]}{more} still {verb} servers"


def _write_plans(plan: Any, hook_plan: Any) -> None:
    """Write the config's plan, then the hook's, each after its backup."""
    from cordon.clientconfig import ClientConfigError, apply_plan
    from cordon.clienthooks import apply_hook_plan

    console, err = _console(), _console(err=True)
    try:
        if plan.changed:  # (the plan's lines were a preview: "will restore")
            restored = f"; restored the exact bytes of {plan.restores}" if plan.restores else ""
            console.print(Text(f"written{restored}; backup at {apply_plan(plan)}"))
        if hook_plan is not None and hook_plan.changed:
            backup = apply_hook_plan(hook_plan)
            done = "removed" if hook_plan.new is None else "written"  # (--undo of the last hook)
            console.print(Text(f"{hook_plan.path} {done}; backup at {backup}"))
    except ClientConfigError as exc:
        err.print(Text(f"cordon init: {visible(str(exc))}", style="red"))
        raise typer.Exit(2) from exc


def _command_note(absolute: bool) -> str:
    """The plan's line on the command the client will start."""
    if absolute:
        return (
            "  command: the absolute path of this cordon, so the client needs no virtualenv "
            "on its PATH (--no-absolute writes `cordon`)"
        )
    return "  command: `cordon`, which the client must find on its own PATH (--no-absolute)"


def register(app: typer.Typer) -> None:
    """Add ``audit verify|tail|show``, ``report`` and ``init`` to the cordon typer app."""
    audit_app = typer.Typer(
        help="Inspect and verify the hash-chained audit log.",
        no_args_is_help=True,
        cls=OneLineSummaries,
    )
    audit_app.command("verify")(audit_verify)
    audit_app.command("tail")(audit_tail)
    audit_app.command("show")(audit_show)
    app.add_typer(audit_app, name="audit")
    from cordon.audit.report_command import report

    app.command("report")(report)
    app.command("init")(init)
