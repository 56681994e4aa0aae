"""Aggregating the audit log, the policy and a tools list into a :class:`ReportData`.

Record shapes read (written by ``cordon.proxy.relay`` through :class:`~cordon.audit.AuditLog`):
``kind`` = ``start`` (version, policy_hash), ``verdict`` (tool, verdict, rule, destination(s),
``answer`` when an ask was answered), ``approval`` (tool, rule, channel, answer: one of
:data:`UNANSWERED` makes the deny after it ``unanswered``), ``pin``
(rule ``pin.changed`` with ``details.changed_fields``), ``content`` (where, tool, rules,
action, max_severity) and ``frame_refused``. A record coalesced with its repeats
(audit/repeats.py: ``repeat``, ``first_seq``, ``final``) is counted as the events it stands for.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cordon.audit.listing import per_tool
from cordon.audit.log import VerifyResult, iter_records, verify
from cordon.audit.query import filter_records
from cordon.audit.repeats import EventCount
from cordon.audit.report._controls import (
    ControlsSection,
    controls_section,
)
from cordon.audit.report._data import ReportData, _fmt_ts, _timeline, _ts_epoch
from cordon.audit.report._mappings import AIUC1_MAP, OWASP_LLM_2025, MapItem
from cordon.audit.verify import expect_missing, kept_at

__all__ = ["UNANSWERED", "build_report"]

#: an approval record's ``answer`` when no person answered the ask (``timeout``: none in
#: ``--approval-timeout``; ``cancelled``: the client withdrew the question; ``none``: a retry
#: that carried no answer; ``error``: the client could not put it): the call's deny that
#: follows is its own outcome in the summary, not a refusal by a rule or a person
UNANSWERED = frozenset({"timeout", "cancelled", "none", "error"})


@dataclass(kw_only=True, slots=True)
class _Tally:
    """Counts gathered in one streaming pass over the log's records."""

    verdicts: Counter[str] = field(default_factory=Counter)
    rule_verdicts: Counter[tuple[str, str]] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    denied: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    asks: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    content: Counter[tuple[str, str, str, str]] = field(default_factory=Counter)
    rug: list[dict[str, Any]] = field(default_factory=list)
    approved: list[dict[str, Any]] = field(default_factory=list)  # accepted approvals
    starts: list[dict[str, Any]] = field(default_factory=list)
    sessions: set[str] = field(default_factory=set)
    # server -> tools a tools/list named
    listed: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    # server -> tools a call named
    called: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    # servers named by records cordon serve wrote (their policy: its start record's)
    served: set[str] = field(default_factory=set)
    # session -> the verdict records of its calls (each policy's share of a server's calls)
    decided: Counter[str] = field(default_factory=Counter)
    # server -> policy.unknown_tool entries
    unlisted: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    points: list[tuple[float, str]] = field(default_factory=list)
    # (session, tool) of an ask whose approval record says nobody answered: the deny that
    # follows it is counted ``unanswered`` (:data:`UNANSWERED`)
    unanswered: set[tuple[str, str]] = field(default_factory=set)
    repeats: EventCount = field(default_factory=EventCount)
    total: int = 0
    events: int = 0
    first_ts: str | None = None
    last_ts: str | None = None

    def add(self, rec: dict[str, Any]) -> None:
        """Count one record."""
        self.total += 1
        ts = str(rec.get("ts", ""))
        self.first_ts = self.first_ts or ts
        self.last_ts = ts
        kind = str(rec.get("kind", "verdict" if "verdict" in rec else "?"))
        # a coalesced repeat stands for the repeats since its event's last record
        events = self.repeats.weight(rec)
        self.events += events
        self.kinds[kind] += events
        if kind == "listing":
            self._add_listing(rec)
            return
        self._add_kind(rec, ts, kind, events=events)

    def _add_listing(self, rec: dict[str, Any]) -> None:
        """A tools/list page's hidden and flagged tools (audit/listing.py): its named tools
        as the per-tool records older logs hold (tools, rug pulls, definition findings),
        each hiding rule counted over the whole set (a repeat of a set adds nothing)."""
        for one in per_tool(rec):
            self._add_kind(one, str(rec.get("ts", "")), str(one["kind"]), counted=False)
        rules = rec.get("rules")
        for rule, n in rules.items() if isinstance(rules, dict) else ():
            if isinstance(n, int):
                self.rule_verdicts[(str(rule), "hidden")] += n

    def _add_kind(
        self, rec: dict[str, Any], ts: str, kind: str, counted: bool = True, events: int = 1
    ) -> None:
        if rec.get("session"):
            self.sessions.add(str(rec["session"]))
        server, tool = str(rec.get("server", "?")), rec.get("tool")
        if rec.get("via") == "serve":
            self.served.add(server)
        if isinstance(tool, str):
            self._note_tool(kind, rec, server, tool)
        if kind == "start":
            self.starts.append(rec)
        elif kind == "verdict":
            self._add_verdict(rec, ts, tool)
        elif kind == "approval":
            if str(rec.get("answer")) in UNANSWERED:
                self.unanswered.add((str(rec.get("session")), str(tool)))
            self.asks[
                (str(tool), str(rec.get("rule")), f"{rec.get('answer')} ({rec.get('channel')})")
            ] += 1
            if rec.get("answer") == "accept":
                self.approved.append(_approved(rec, ts, server))
        elif kind == "pin" and str(rec.get("rule", "")).startswith("pin.changed"):
            # (a log's fields are not vouched for: a rewritten log's chain verifies, and one
            # record of another shape must not stop the whole pack from being written)
            details = rec.get("details")
            details = details if isinstance(details, dict) else {}
            fields = details.get("changed_fields")
            self.rug.append(
                {
                    "ts": ts,
                    "server": server,
                    "tool": tool,
                    "changed_fields": fields if isinstance(fields, list) else [],
                    "changed": _short_digests(details.get("changed")),
                }
            )
        elif kind == "content":
            self._add_content(rec, tool, events)
        if kind == "pin" and counted:
            self.rule_verdicts[(str(rec.get("rule")), _pin_outcome(rec))] += 1

    def _note_tool(self, kind: str, rec: dict[str, Any], server: str, tool: str) -> None:
        # a policy.unknown_tool record names a tool the server did NOT list
        if kind == "policy" and rec.get("rule") == "policy.unknown_tool":
            self.unlisted[server].add(tool)
        elif kind == "pin" or (
            kind == "content" and rec.get("where", "definition") == "definition"
        ):
            self.listed[server].add(tool)  # a definition hidden or flagged in a tools/list
        elif kind == "verdict" and rec.get("rule") == "pin.unknown_tool":
            pass  # a call to a tool the server does not list: no sign that it exists
        elif kind in ("verdict", "approval", "content"):
            self.called[server].add(tool)

    def _add_verdict(self, rec: dict[str, Any], ts: str, tool: Any) -> None:
        v, rule = str(rec.get("verdict", "?")), str(rec.get("rule", "?"))
        asked = (str(rec.get("session")), str(tool))
        if asked in self.unanswered:  # the refusal that ends an ask nobody answered
            self.unanswered.discard(asked)
            v = "unanswered" if v == "deny" else v
        self.verdicts[v] += 1
        self.decided[str(rec.get("session"))] += 1
        self.rule_verdicts[(rule, v)] += 1
        epoch = _ts_epoch(ts)
        if epoch is not None:
            self.points.append((epoch, v))
        if v == "deny":
            dests = list(rec.get("destinations") or ())
            if rec.get("destination") and rec["destination"] not in dests:
                dests.append(rec["destination"])
            for d in dests:
                self.denied[str(d)][rule] += 1
        if v == "ask" or "answer" in rec:
            self.asks[(str(tool), rule, _answer(rec))] += 1

    def _add_content(self, rec: dict[str, Any], tool: Any, events: int) -> None:
        rules = rec.get("rules") or ([rec["rule"]] if rec.get("rule") else [])
        rules = rules if isinstance(rules, list) else [rules]  # (a rewritten log's shape)
        self.content[
            (
                str(rec.get("where", "?")),
                str(tool or "-"),
                ", ".join(map(str, rules)),
                str(rec.get("action", rec.get("max_severity", "-"))),
            )
        ] += events


def _pin_outcome(rec: dict[str, Any]) -> str:
    """What a ``pin`` record did: a changed, new or swapped definition (a tool, a prompt,
    the whole server) is hidden; a tool named as another server's (``pin.shadowed_tool``)
    stays listed, its calls asked about, or only reported when it is another instance of
    the same program (``asked: false``)."""
    if rec.get("rule") == "pin.shadowed_tool":
        return "reported" if rec.get("asked") is False else "asked"
    return "hidden"


def _evidence_counts(
    rule_verdicts: Counter[tuple[str, str]], kinds: Counter[str], items: Iterable[MapItem]
) -> dict[str, int]:
    keys = {k for item in items for k in item.evidence}
    out: dict[str, int] = {}
    for key in keys:
        if key.startswith("kind:"):
            out[key] = kinds.get(key[5:], 0)
        else:
            out[key] = sum(
                n
                for (rule, verdict), n in rule_verdicts.items()
                if rule.startswith(key) and verdict != "allow"
            )
    return out


def _verify_chain(audit: Path) -> VerifyResult:
    if audit.exists():
        return verify(audit)
    return VerifyResult(ok=False, records=0, first_bad_line=None, message=f"{audit}: no such file")


def build_report(
    *,
    audit: Path | str,
    policies: Sequence[Path | str] = (),
    tools_file: Path | str | None = None,
    since: str | None = None,
    until: str | None = None,
    servers: Sequence[str] = (),
    expect: str | None = None,
) -> ReportData:
    """Aggregate an audit log, policies and a tools list into a :class:`ReportData`.

    ``since``/``until`` are audit timestamp strings (see
    :func:`cordon.audit.query.parse_time_bound`). The log is streamed once; memory grows with
    the number of distinct rules, tools and destinations, plus one float per verdict for the
    timeline. The chain is verified over the whole log regardless of the time window.

    ``tools_file`` is a saved tools/list or a ``cordon run --pin-file``: what each server
    listed. The log itself names listed tools only through pin, definition and
    ``policy.unknown_tool`` records, so without it a policy tool never called shows as "not
    seen in this log". A ``policy.unknown_tool`` entry no server is known to list or to have
    been called with is a finding (a likely typo).

    The policy is one server's: its controls are shown for ``servers`` (``--server``) when
    given, else for every server whose start records do not name another policy.

    ``expect`` (``--expect``): a last hash kept elsewhere, which the log must still hold, as
    for ``cordon audit verify --expect`` (a chain cut back to before it verifies on its own).

    Raises:
        OSError: a file cannot be read.
        ValueError: the tools file is neither a tools/list result nor a pin file.
        cordon.PolicyError: a policy file is invalid.
    """
    audit = Path(audit)
    chain = _verify_chain(audit)
    kept = kept_at(audit, expect) if chain.ok and expect is not None else None
    tally = _Tally()
    records = iter_records(audit) if audit.exists() else iter(())
    carried: dict[str, dict[str, Any]] = {}
    for rec in filter_records(_carrying(records, since, carried), since=since, until=until):
        tally.add(rec)
    section = controls_section(
        policies,
        tools_file,
        listed=tally.listed,
        called=tally.called,
        unlisted=tally.unlisted,
        # a server whose cordon run started before the window (a long-running one) ran
        # under its latest start's policy: the window's own starts alone would not say
        starts=_served_starts([*carried.values(), *tally.starts], tally.served),
        servers=servers,
        decided=tally.decided,
    )
    findings = section.findings
    if not chain.ok:
        findings.insert(0, f"Audit chain does not verify: {chain.message}")
    elif expect is not None and kept is None:
        findings.insert(0, f"Audit chain does not hold the kept hash: {expect_missing(expect)}")
    if not tally.starts and tally.total:
        findings.append("No start record in the selected window: version and policy unknown.")
    if tally.rug:
        findings.append(
            f"{len(tally.rug)} tool definition change(s) (rug pulls) were caught and denied."
        )
    data = _assemble(
        audit=audit, since=since, until=until, chain=chain, tally=tally, section=section
    )
    return replace(data, expect=expect, kept=kept)


def _served_starts(starts: list[dict[str, Any]], served: set[str]) -> list[dict[str, Any]]:
    """``starts``, and for each server only ``cordon serve`` decided for (no start record of
    its own), the latest ``serve`` start record as its own: one process decides for every
    server its callers name, under the policy that record names."""
    serve = [
        s
        for s in starts
        if s.get("server") == "serve" and str(s.get("session", "")).startswith("serve-")
    ]
    own = {str(s.get("server") or "?") for s in starts}
    if not serve:
        return starts
    return [*starts, *({**serve[-1], "server": name} for name in sorted(served - own))]


def _carrying(
    records: Iterable[dict[str, Any]], since: str | None, carried: dict[str, dict[str, Any]]
) -> Iterator[dict[str, Any]]:
    """``records`` as they come; each server's latest start record before ``since`` is kept
    in ``carried`` (its policy was in force when the window began)."""
    for rec in records:
        if since is not None and rec.get("kind") == "start" and str(rec.get("ts", "")) < since:
            carried[str(rec.get("server") or "?")] = rec
        yield rec


def _assemble(
    *,
    audit: Path,
    since: str | None,
    until: str | None,
    chain: VerifyResult,
    tally: _Tally,
    section: ControlsSection,
) -> ReportData:
    timeline, bucket = _timeline(tally.points)
    rule_counts = tuple(
        sorted(
            ((r, v, n) for (r, v), n in tally.rule_verdicts.items()), key=lambda x: (-x[2], x[0])
        )
    )
    denied_rows = tuple(
        sorted(
            ((d, sum(c.values()), ", ".join(sorted(c))) for d, c in tally.denied.items()),
            key=lambda x: (-x[1], x[0]),
        )
    )
    return ReportData(
        generated=_fmt_ts(time.time()),
        audit_path=audit,
        since=since,
        until=until,
        chain=chain,
        total_records=tally.total,
        total_events=tally.events,
        first_ts=tally.first_ts,
        last_ts=tally.last_ts,
        sessions=len(tally.sessions),
        starts=tuple(tally.starts),
        verdict_counts=dict(tally.verdicts),
        rule_counts=rule_counts,
        denied_destinations=denied_rows,
        asks=tuple((t, r, a, n) for (t, r, a), n in sorted(tally.asks.items())),
        rug_pulls=tuple(tally.rug),
        approvals=tuple(tally.approved),
        content_findings=tuple(
            (w, t, r, a, n) for (w, t, r, a), n in sorted(tally.content.items())
        ),
        frames_refused=tally.kinds.get("frame_refused", 0),
        timeline=timeline,
        bucket_seconds=bucket,
        policy_files=section.policy_files,
        policy_note=section.note,
        global_controls=tuple(section.global_controls),
        controls=tuple(section.rows),
        findings=tuple(section.findings),
        evidence=_evidence_counts(tally.rule_verdicts, tally.kinds, (*OWASP_LLM_2025, *AIUC1_MAP)),
    )


def _approved(rec: dict[str, Any], ts: str, server: str) -> dict[str, Any]:
    """One accepted approval as the pack lists it: when it was given (a one-time code's
    record, written at the retry, names when ``cordon approve`` was run), what it allowed,
    how, and who gave it (a code's approver; an answer in the client is the client's user,
    whom cordon does not know)."""
    channel = str(rec.get("channel", "?"))
    code = rec.get("code")
    return {
        "ts": str(rec.get("approved_at") or ts),
        "server": server,
        "tool": str(rec.get("tool", "?")),
        "destination": str(rec.get("destination") or "-"),
        "how": f"{channel} {code}" if code else channel,
        "by": str(
            rec.get("approved_by")
            or ("not recorded" if channel == "code" else "the MCP client's user")
        ),
        "seq": rec.get("seq"),
    }


def _answer(rec: dict[str, Any]) -> str:
    """How an ask's verdict record says it was answered. An ask that issued a one-time code
    is refused until a person approves it (the record's ``answer`` is ``deny``); its use
    is the ``accept (code)`` approval record, so a row says which of the two it counts."""
    answer = rec.get("answer")
    if rec.get("asked") == "code" and answer == "deny":
        return "code issued, call refused until approved"
    return str(answer) if answer is not None else "asked (see approval records)"


def rug_fields(row: dict[str, Any]) -> str:
    """A rug pull's changed fields as the report's table shows them, each with its short
    digests when the record has them (``description (pinned 1a2b..., served 3c4d...)``)."""
    short = row.get("changed") or {}
    return ", ".join(
        f"{f} ({short[f]})" if f in short else f for f in map(str, row.get("changed_fields") or [])
    )


def _short_digests(changed: Any) -> dict[str, str]:
    """A ``pin.changed`` record's ``details.changed`` (field -> ``pinned`` and ``served``
    ``sha256:HEX``) as field -> ``pinned 1a2b..., served 3c4d...``, each digest's first 12
    hex digits: enough to match by eye the pin file's pending entry, or another record of
    the same change (a log written before, or a value not a digest, gives nothing)."""
    out: dict[str, str] = {}
    for name, pair in changed.items() if isinstance(changed, dict) else ():
        if isinstance(pair, dict):
            a, b = (_short(pair.get(k)) for k in ("pinned", "served"))
            out[str(name)] = f"pinned {a}, served {b}"
    return out


def _short(digest: Any) -> str:
    """``sha256:HEX`` as its first 12 hex digits; an absent field as ``(none)``."""
    if isinstance(digest, str) and digest.startswith("sha256:"):
        return digest[7:19]
    return "(none)"
