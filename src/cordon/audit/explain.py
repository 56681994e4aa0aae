"""``cordon explain``: one audit verdict record, in plain words (issue 24).

Given a record (by its ``seq`` in the log, or the last deny or ask) it says which rule decided and
why (the rule's :data:`cordon.engine.rules.CATALOGUE` entry), the tool, parameter and
destination(s) of the call, what in the session's history led there (for a taint rule: the
earlier calls whose output cordon read, and content findings on their results), and the
smallest change that would allow a legitimate call (the catalogue's ``allow`` text). For an
allow it says what cleared it (``details.cleared_over_taint``, an approval, an allowlist).

The log keeps no tool output text (only verdicts, arguments as sanitised and truncated by
:func:`cordon.audit.log.record_for_call`, and content-finding rule ids), so the explanation
names the earlier calls that could have carried a destination rather than quoting their
output. Everything printed comes from the record as written, passed again through
:func:`cordon.audit.log.sanitize`: nothing is read from elsewhere. The record quotes the
adversary's text (a tool's name a fooled agent called, argument names and values, a reason
that repeats them), and the log keeps its line breaks and most format characters: each line
printed is :func:`cordon.approvals.display.clipped`, so a line break cannot start a line that
reads as cordon's (``verdict: ALLOW``), a zero-width or line-separator character shows as an
escape, and a name of 200,000 characters shows as its start and end (the verdict and the fix
stay in sight).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer

from cordon.approvals.display import clipped
from cordon.audit.log import default_audit_path, iter_records, sanitize
from cordon.engine.rules import CATALOGUE

__all__ = ["explain_record", "find_record", "register"]

_MAX_LISTED = 10
_VALUE_WIDTH = 120
_HISTORY_LAYERS = frozenset({"destination taint", "Rule of Two", "session", "secrets"})


def _short(value: Any, width: int = _VALUE_WIDTH) -> str:
    text = value if isinstance(value, str) else orjson.dumps(value).decode()
    return text if len(text) <= width else text[: width - 1] + "…"


def _is_verdict(rec: dict[str, Any]) -> bool:
    return rec.get("kind") == "verdict" and "verdict" in rec


def find_record(
    records: list[dict[str, Any]],
    *,
    seq: int | None = None,
    last_deny: bool = False,
    last: Iterable[str] = ("deny", "ask"),
) -> dict[str, Any]:
    """The verdict record with ``seq``, or (no ``seq``) the last whose verdict is one of
    ``last`` (a deny or an ask: both stopped the call the agent made), or (``last_deny``)
    the last deny.

    Raises:
        LookupError: no such record, or the record with ``seq`` is not a verdict record.
    """
    # declared: mypy infers ``reversed()`` of a list of ``dict[str, Any]`` as ``Any``
    rec: dict[str, Any]
    if seq is not None and not last_deny:
        for rec in records:
            if rec.get("seq") == seq:
                if not _is_verdict(rec):
                    raise LookupError(_not_a_verdict(seq, rec))
                return rec
        raise LookupError(f"no record with seq {seq} in the log")
    wanted = ("deny",) if last_deny else tuple(last)
    for rec in reversed(records):
        if _is_verdict(rec) and rec.get("verdict") in wanted:
            return rec
    raise LookupError(f"no {' or '.join(wanted)} in the log")


def _not_a_verdict(seq: int, rec: dict[str, Any]) -> str:
    """Why record ``seq`` has no verdict to explain, with what it says (an ``upstream``
    record's event and reason: a server that did not start or exited)."""
    kind = rec.get("kind", "?")
    said = [str(rec[k]) for k in ("event", "reason") if isinstance(rec.get(k), (str, int))]
    what = f" ({': '.join(said)})" if said else ""
    return (
        f"record {seq} is not a verdict on a tool call: its kind is '{kind!s}'{what}; "
        "`cordon audit show` lists the verdicts"
    )


def _later_ask(records: list[dict[str, Any]], rec: dict[str, Any]) -> dict[str, Any] | None:
    """The last ask recorded after ``rec``, or None."""
    later: dict[str, Any] | None = None
    for r in reversed(records):
        if r is rec:
            break
        if later is None and _is_verdict(r) and r.get("verdict") == "ask":
            later = r
    return later


def _destinations(rec: dict[str, Any]) -> list[str]:
    out: list[str] = []
    dests = rec.get("destinations")
    for d in [rec.get("destination"), *(dests if isinstance(dests, list) else [])]:
        if isinstance(d, str) and d and d not in out:
            out.append(d)
    return out


def _call_line(rec: dict[str, Any]) -> str:
    args = rec.get("arguments")
    shown = _short(args, 80) if args else "{}"
    return (
        f"seq {rec.get('seq')} {rec.get('ts', '')} {rec.get('server', '?')}/{rec.get('tool', '?')}"
        f" {shown} -> {rec.get('verdict', '?')} ({rec.get('rule', '?')})"
    )


def _head(rec: dict[str, Any]) -> list[str]:
    """Which record, the verdict and the rule with its catalogue entry, and the reason."""
    rule_id = str(rec.get("rule", "?"))
    rule = CATALOGUE.get(rule_id)
    session = str(rec.get("session", "?"))
    lines = [
        f"record {rec.get('seq')} ({rec.get('ts', '?')}), server {rec.get('server', '?')}, "
        f"session {session}",
        f"verdict: {str(rec.get('verdict', '?')).upper()} by rule {rule_id}"
        + (f" ({rule.layer})" if rule else ""),
    ]
    if rule is not None:
        label = "the rule" if rule.verdict == "allow" else "the rule stops"
        lines.append(f"  {label}: {rule.summary}")
        if rule.source and rule.source != "-":
            lines.append(f"  why it exists: {rule.source}")
    else:
        lines.append("  (this rule id is not in this cordon's rule catalogue)")
    lines.append(f"reason: {rec.get('reason', '(none recorded)')}")
    return lines


def _call(rec: dict[str, Any]) -> list[str]:
    """The tool, the parameter, the destination(s), the arguments and details as recorded."""
    lines = [f"call: tool {rec.get('tool', '?')}"]
    if rec.get("param"):
        lines.append(f"  parameter: {rec['param']}")
    dests = _destinations(rec)
    if dests:
        lines.append(f"  destination(s): {', '.join(dests)}")
    args = rec.get("arguments")
    if isinstance(args, dict) and args:
        lines.append("  arguments (as recorded: sanitised, long values truncated):")
        lines.extend(f"    {k}: {_short(v)}" for k, v in args.items())
    details = rec.get("details")
    if isinstance(details, dict):
        shown = {k: v for k, v in details.items() if k != "cleared_over_taint"}
        lines.extend(f"  {k}: {_short(v)}" for k, v in shown.items())
    return lines


def _earlier(records: Iterable[dict[str, Any]], rec: dict[str, Any]) -> list[dict[str, Any]]:
    seq = rec.get("seq")
    return [r for r in records if isinstance(r.get("seq"), int) and r["seq"] < (seq or 0)]


def _mentions(rec: dict[str, Any], dests: list[str]) -> bool:
    blob = orjson.dumps({k: rec.get(k) for k in ("arguments", "destination", "destinations")})
    text = blob.decode().lower()
    return any(d.lower() in text for d in dests)


def _history(rec: dict[str, Any], records: list[dict[str, Any]]) -> list[str]:
    """For a taint-like rule: the earlier calls whose output cordon read, in this session and
    in the log's other sessions (taint is shared between the cordon processes of one client,
    so a destination read through one server is denied when sent through another: the output
    it came from may be another session's), content findings on results, and records
    naming the destination."""
    earlier = _earlier(records, rec)
    session = rec.get("session")
    mine = [r for r in earlier if r.get("session") == session]
    lines = [
        "history: the audit log does not keep tool output text, so it cannot quote the output "
        "a destination came from; these are the earlier calls whose output cordon read:"
    ]
    reads = [r for r in mine if _is_verdict(r) and r.get("verdict") == "allow"]
    others = [
        r
        for r in earlier
        if r.get("session") != session and _is_verdict(r) and r.get("verdict") == "allow"
    ]
    if reads:
        lines.append("  allowed calls in this session, most recent last:")
        lines.extend(f"    {_call_line(r)}" for r in reads[-_MAX_LISTED:])
    else:
        lines.append("  no earlier call in this session was allowed (no output read here)")
    if others:
        lines.append(
            "  allowed calls in other sessions of this log (taint is shared across cordon "
            "processes: the output may have come through another server), most recent last:"
        )
        lines.extend(f"    {_call_line(r)}" for r in others[-_MAX_LISTED:])
    if not reads and not others:
        lines.append("  no earlier allowed call in the log either")
    lines.extend(_findings(earlier, session))
    dests = _destinations(rec)
    named = [r for r in mine if _is_verdict(r) and dests and _mentions(r, dests)]
    if named:
        lines.append("  earlier calls in this session that named the same destination:")
        lines.extend(f"    {_call_line(r)}" for r in named[-_MAX_LISTED:])
    return lines


def _findings(earlier: list[dict[str, Any]], session: Any) -> list[str]:
    """The content firewall's findings on earlier results (an injection it flagged is the
    likeliest carrier), this session's by tool, another session's by server and tool."""
    found = [r for r in earlier if r.get("kind") == "content" and r.get("where") == "result"]
    out = []
    for r in found[-_MAX_LISTED:]:
        rules = ", ".join(str(x) for x in r.get("rules") or [])
        tool = str(r.get("tool", "?"))
        if r.get("session") != session:
            tool = f"{r.get('server', '?')}/{tool} (another session)"
        out.append(
            f"  seq {r.get('seq')}: the content firewall flagged the result of "
            f"{tool} ({rules}; {r.get('action', '?')})"
        )
    return out


def _approved_how(rec: dict[str, Any]) -> str:
    """How an accepted approval was given: its channel, and for a one-time code the code
    (its ask's record names it), when ``cordon approve`` was run and by whom."""
    how = str(rec.get("channel", "?"))
    if rec.get("code"):
        how += f" {rec.get('code')}"
    if rec.get("approved_at"):
        how += f", approved {rec.get('approved_at')}"
    if rec.get("approved_by"):
        how += f" by {rec.get('approved_by')}"
    return how


def _approvals(rec: dict[str, Any], records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    dests = set(_destinations(rec))
    return [
        r
        for r in records
        if r.get("kind") == "approval"
        and r.get("session") == rec.get("session")
        and r.get("tool") == rec.get("tool")
        and (not dests or r.get("destination") in dests or r.get("destination") is None)
    ]


def _asked_by_caller(rec: dict[str, Any], records: list[dict[str, Any]]) -> str:
    """Who got an ask that ``cordon run`` did not put to a person (a record with no
    ``asked``): ``cordon serve`` hands it back to its caller, the library's Gateway to its
    ``on_ask``; neither issues a code, so ``cordon approve`` has nothing to approve."""
    if rec.get("via") == "serve":
        return (
            "returned to the harness that called cordon serve, which keeps no approvals "
            "(no one-time code: the harness puts it to a person and, on a yes, runs the call)"
        )
    if any(r.get("channel") == "on_ask" for r in _approvals(rec, records)):
        return "put to the harness's on_ask (the library's Gateway; no one-time code)"
    return "returned to the program that checked it (the library; no one-time code)"


def _ask(rec: dict[str, Any], records: list[dict[str, Any]]) -> list[str]:
    """How an ask was put to a person and what came of it."""
    asked = rec.get("asked")
    lines = ["asked: " + {
        "code": f"no client prompt; a one-time code was given ({rec.get('code', '?')})",
        "elicitation": "the client prompted the person (elicitation)",
        "input_required": "the client was asked for input (input_required)",
        "none": "nobody could be asked (no prompt, no code store)",
    }.get(str(asked), f"{asked}" if asked is not None else _asked_by_caller(rec, records))]  # fmt: skip
    if "answer" in rec:
        lines.append(f"  answer recorded with the call: {rec['answer']}")
    if asked == "code":
        lines.append(
            "  the call was not forwarded; after `cordon approve CODE` one retry of exactly "
            "this call goes through"
        )
    later = [r for r in _approvals(rec, records) if (r.get("seq") or 0) > (rec.get("seq") or 0)]
    for r in later[:_MAX_LISTED]:
        lines.append(
            f"  seq {r.get('seq')}: approval by {r.get('channel', '?')}: {r.get('answer', '?')}"
        )
    same = [
        r
        for r in records
        if _is_verdict(r)
        and (r.get("seq") or 0) > (rec.get("seq") or 0)
        and r.get("session") == rec.get("session")
        and r.get("tool") == rec.get("tool")
        and r.get("arguments") == rec.get("arguments")
    ]
    if same:
        lines.append("  the same call later in this session:")
        lines.extend(f"    {_call_line(r)}" for r in same[:_MAX_LISTED])
    return lines


def _cleared(rec: dict[str, Any], records: list[dict[str, Any]]) -> list[str]:
    """What let an allow through."""
    details = rec.get("details") if isinstance(rec.get("details"), dict) else {}
    over = details.get("cleared_over_taint") if details else None
    lines = ["what cleared it:"]
    if isinstance(over, dict) and over:
        lines.append(
            "  destination(s) seen in untrusted output, cleared by policy (cleared_over_taint):"
        )
        lines.extend(f"    {dest}: {_short(how)}" for dest, how in over.items())
    elif rec.get("rule") not in (None, "default.allow"):
        lines.append(f"  rule {rec.get('rule')} allowed it: {rec.get('reason', '')}")
    else:
        lines.append("  no rule objected (default.allow)")
    accepted = [
        r
        for r in _approvals(rec, records)
        if (r.get("seq") or 0) < (rec.get("seq") or 0) and r.get("answer") == "accept"
    ]
    lines.extend(
        f"  seq {r.get('seq')}: a person approved {r.get('tool')} to "
        f"{r.get('destination') or '?'} ({_approved_how(r)})"
        for r in accepted[-_MAX_LISTED:]
    )
    if _destinations(rec) and not over and not accepted:
        lines.append(
            "  the destination(s) were not tainted by output in the history, or an allowlist "
            "(`trusted_destinations`, `egress.allow`) or the user's request vouched for them; "
            "the record does not say which"
        )
    return lines


def _fix(rec: dict[str, Any]) -> list[str]:
    """The smallest change (policy key or approval) that would allow a legitimate call."""
    rule = CATALOGUE.get(str(rec.get("rule", "")))
    if rec.get("verdict") == "allow":
        return ["to allow it: nothing to change, it was allowed"]
    head = "smallest change to allow it, if the call was legitimate:"
    if rule is None or rule.allow in ("", "-"):
        return [head, "  the catalogue names none for this rule"]
    return [head, f"  {rule.allow}"]


def explain_record(rec: dict[str, Any], records: list[dict[str, Any]]) -> list[str]:
    """Plain-words explanation of the verdict record ``rec`` (one of ``records``), as lines."""
    lines = _head(rec) + _call(rec)
    rule = CATALOGUE.get(str(rec.get("rule", "")))
    verdict = rec.get("verdict")
    if rule is not None and rule.layer in _HISTORY_LAYERS and verdict != "allow":
        lines += _history(rec, records)
    if verdict == "ask" or "asked" in rec:
        lines += _ask(rec, records)
    if verdict == "allow":
        lines += _cleared(rec, records)
    lines += _fix(rec)
    return [clipped(str(sanitize(line)), _LINE_CHARS) for line in lines]


#: the most characters of a line shown (twice the longest catalogue text)
_LINE_CHARS = 1000


def explain_cmd(
    seq: Annotated[
        int | None,
        typer.Argument(help="the record's seq (default: the last deny or ask, --last)"),
    ] = None,
    last: Annotated[
        bool,
        typer.Option("--last", help="explain the last deny or ask (the default without SEQ)"),
    ] = False,
    last_deny: Annotated[
        bool, typer.Option("--last-deny", help="explain the last deny in the log")
    ] = False,
    last_ask: Annotated[
        bool, typer.Option("--last-ask", help="explain the last ask (needs approval)")
    ] = False,
    audit: Annotated[
        Path | None, typer.Option(help="audit log (default ~/.cordon/audit.jsonl)")
    ] = None,
) -> None:
    """Explain one audit verdict in plain words: rule, reason, history, and the fix. Without
    SEQ: the last call cordon stopped, by a deny or an ask (which one is said first)."""
    path = audit or default_audit_path()
    if (seq is not None) + last + last_deny + last_ask > 1:
        raise typer.BadParameter("give one of SEQ, --last, --last-deny, --last-ask")
    if not path.exists():
        typer.echo(f"cordon explain: no audit log at {path}", err=True)
        raise typer.Exit(1)
    records = list(iter_records(path))
    kinds = ("ask",) if last_ask else ("deny", "ask")
    try:
        rec = find_record(records, seq=seq, last_deny=last_deny, last=kinds)
    except LookupError as exc:
        typer.echo(f"cordon explain: {path}: {exc}", err=True)
        raise typer.Exit(1) from exc
    if seq is None:
        what = "deny" if last_deny else " or ".join(kinds)
        verdict = str(rec.get("verdict")).upper()
        typer.echo(f"the last {what} in the log: record {rec.get('seq')}, {verdict}")
    ask = _later_ask(records, rec) if last_deny else None
    if ask is not None:
        typer.echo(
            f"cordon explain: note: an ASK came after this deny (record {ask.get('seq')}): "
            "`cordon explain --last` or `--last-ask` explains it",
            err=True,
        )
    for line in explain_record(rec, records):
        typer.echo(line)


def register(app: typer.Typer) -> None:
    """Add ``explain`` to the cordon typer app."""
    app.command("explain")(explain_cmd)
