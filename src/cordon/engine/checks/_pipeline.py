"""Run checks in order and combine their results into one verdict.

The combination rule, the whole of it:

1. the checks run in order; the first deny stops the pipeline and is the verdict, as its
   check made it (no later check runs, so none can raise on or be slowed by such a call);
2. otherwise the asks of every check, in pipeline order, except those of a check that a
   later result :attr:`~Result.answers`;
3. those asks no approval covers are the verdict, one ask (a one-time approval is used up by
   the call it covers): the first of them, its reason naming each, carrying the call's
   destinations, its ``approval_key`` and, for more than one, every key (``approval_keys``:
   one approval of the ask covers them all) and the rule of each (``approval_labels``); a
   destination of them that looks like an allowlisted, user-named or already-used domain
   without being it (:mod:`cordon.engine.near_domains`) is said first (``lookalikes``);
4. otherwise allow (``default.allow``), with the destinations found; when an approval a
   person gave earlier in the session covered an ask of the call, the allow names it (the
   approved ask's rule, ``details.approved``: ``session``): the audit says why it ran.

Facts flow forward only: a check sees the :class:`Facts` of the checks before it, and a fact
set twice is a bug (``RuntimeError``), not a silent overwrite.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cordon._types import ALLOW, Verdict
from cordon.engine import rules
from cordon.engine._frozen import setters
from cordon.engine.checks._base import (
    FACT_SETTERS,
    OWN_VERDICT,
    PASS,
    Check,
    Context,
    Facts,
    Result,
    approval_key,
    completed,
    facts_of,
    verdict,
)
from cordon.engine.near_domains import Index, host_of, index, owned, resembles

if TYPE_CHECKING:
    from cordon.policy import ToolPolicy


@dataclass(frozen=True, slots=True, init=False)
class Outcome:
    """The verdict, and the facts the checks established (what an allow adds to the
    session: destinations vouched for, Rule-of-Two legs)."""

    verdict: Verdict
    facts: Facts

    def __init__(self, verdict: Verdict, facts: Facts) -> None:
        # (slot setters, not the generated __init__: cordon.engine._frozen)
        _VERDICT(self, verdict)
        _FACTS(self, facts)


_VERDICT, _FACTS = setters(Outcome, "verdict", "facts")


def _outcome(verdict: Verdict, facts: Facts) -> Outcome:
    """``Outcome(verdict, facts)`` for :func:`run`, once a decision: the same instance by
    the same slot setters, without the class call's ``__init__`` frame."""
    o: Outcome = _new(Outcome)
    _VERDICT(o, verdict)
    _FACTS(o, facts)
    return o


_new = object.__new__


#: the facts before any check (a frozen value, so one serves every call)
_NO_FACTS = Facts()


class CheckLists:
    """Per tool, the checks of a pipeline that may object to one of its calls: those whose
    :attr:`Check.applies` is not False for the tool's name and policy. A check left out is
    one whose ``run`` returns :data:`PASS` for every call of that tool (what ``applies``
    states, and its tests hold it to), and :data:`PASS` changes neither the facts nor the
    verdict (:func:`run`), so a tool's list decides as the whole pipeline does; it saves the
    calls that would each find nothing (``budgets`` without ``max_calls``, ``requests`` for
    a tool no family's name gives, ...: 1-3 µs a decision).

    A list is derived from the tool's name, its :class:`~cordon.policy.ToolPolicy` object
    and the pipeline, and is derived again when either object is another one (a policy
    replaced, as :class:`cordon.gateway.Gateway` does when it merges a tool's entry; a
    pipeline a test swaps in); the objects are held, so their identity cannot be reused.
    At most :data:`MAX_TOOLS` names are kept (a client may call any name): past it the
    lists are dropped and derived again."""

    MAX_TOOLS = 1024

    def __init__(self) -> None:
        self._pipeline: Sequence[Check] = ()
        self._lists: dict[str, tuple[ToolPolicy, tuple[Check, ...]]] = {}

    def get(self, pipeline: Sequence[Check], tool: str, tp: ToolPolicy) -> Sequence[Check]:
        """The checks of ``pipeline`` that apply to ``tool`` with the policy ``tp``, in
        ``pipeline``'s order."""
        if pipeline is not self._pipeline:
            self._pipeline, self._lists = pipeline, {}
        got = self._lists.get(tool)
        if got is not None and got[0] is tp:
            return got[1]
        if len(self._lists) >= self.MAX_TOOLS:
            self._lists = {}
        kept = tuple(c for c in pipeline if c.applies is None or c.applies(tool, tp))
        self._lists[tool] = (tp, kept)
        return kept


def run(checks: Sequence[Check], ctx: Context) -> Outcome:
    """Run ``checks`` on ``ctx`` and combine their results (module docstring)."""
    facts = _NO_FACTS
    setters: list[tuple[str, Mapping[str, Any]]] = []  # (check, facts) of each that set any
    results: list[tuple[str, Result]] = []  # those with asks or answers (rules 2 and 3)
    for check in checks:
        r = check.run(ctx, facts)
        if r is PASS:  # (most checks on most calls: no objection, nothing established)
            continue
        if r.facts:
            if setters:
                _set_once(setters, check.name, r.facts)
            setters.append((check.name, r.facts))
            facts = _with_facts(facts, r.facts)
        if r.deny is not None:
            return _outcome(r.deny, facts)
        if r.asks or r.answers:
            results.append((check.name, r))
    if not results:
        return _outcome(resolve(ctx, (), facts), facts)
    answered: set[str] = set()
    for _, r in results:
        answered |= r.answers
    pending: list[Verdict] = []
    for name, r in results:  # (a loop: a comprehension is a frame of its own in 3.11)
        if name not in answered:
            pending.extend(r.asks)
    return _outcome(resolve(ctx, pending, facts), facts)


def _set_once(
    setters: Sequence[tuple[str, Mapping[str, Any]]], name: str, new: Mapping[str, Any]
) -> None:
    """Refuse a fact of ``new`` (check ``name``'s) that an earlier check in ``setters`` set:
    one set test per earlier setter (a send has one or two), not a lookup per fact."""
    for _, theirs in setters:
        if theirs.keys().isdisjoint(new):
            continue
        for key in new:  # (the first fact set twice, as each fact is read in order)
            for earlier, fs in setters:
                if key in fs:
                    raise RuntimeError(f"fact {key!r} set by {earlier} and {name}")


def _with_facts(facts: Facts, new: Mapping[str, Any]) -> Facts:
    """``facts`` with the fields ``new`` sets. The first check that sets facts gets this
    call's own :class:`Facts` (the shared empty one is never written); a later check's are
    set into that same object by its slot setters, where a new :class:`Facts` of every field
    set so far cost a second build of all of them. Each field is
    set once (:func:`run` refuses a second setter), before any later check reads it, and no
    check keeps the facts it was given, so each check sees what a new object would show."""
    if facts is _NO_FACTS:
        return facts_of(new)
    for key, value in new.items():
        setter = FACT_SETTERS.get(key)
        if setter is None:
            raise TypeError(f"Facts has no field {key!r}")
        setter(facts, value)
    return facts


def first_objection(checks: Sequence[Check], ctx: Context, facts: Facts) -> Verdict | None:
    """The first deny or ask of ``checks`` on ``ctx``, or None: for what is read for
    credentials outside a call's pipeline (a client's answer, a request's other params),
    where nobody is asked and the caller refuses whatever objects."""
    for check in checks:
        found = check.run(ctx, facts)
        v = found.deny or (found.asks[0] if found.asks else None)
        if v is not None:
            return v
    return None


def resolve(ctx: Context, asks: Sequence[Verdict], facts: Facts) -> Verdict:
    """The asks no approval covers, put as one ask, else allow (rules 3 and 4 of the module
    docstring)."""
    s = ctx.session
    pending: list[tuple[Verdict, tuple[Any, ...]]] = []
    seen: set[tuple[Any, ...]] = set()  # keys pending, and one-time approvals this call used
    covered: list[tuple[str, str]] | None = ctx.memo.get(COVERED)  # (a check's own: taint's)
    for a in asks:
        key = approval_key(a, ctx.server, ctx.tool, ctx.arguments)
        if key in s.approvals:
            covered = [] if covered is None else covered
            covered.append((a.rule, repr(a.destination) if a.destination else "its arguments"))
            continue
        if key in seen:
            continue
        seen.add(key)
        if key in s.once:
            s.once.discard(key)
            continue
        pending.append((a, key))
    if pending:
        # (a generator: read only when the session trusts a domain to compare with)
        v = _ask(ctx, pending, facts, lookalikes(ctx, (a.destination for a, _ in pending)))
    elif covered:
        v = _covered(covered, facts)
    elif facts.taint.destinations:
        over = facts.taint.over_taint
        v = verdict(
            "allow",
            rules.DEFAULT_ALLOW,
            "no rule objected",
            destinations=facts.taint.destinations,
            # for the auditor: destinations seen in output that the user's text, a
            # directory or the allowlist cleared (each wins over taint by policy)
            details={"cleared_over_taint": dict(over)} if over else {},
        )
    else:
        return ALLOW
    ctx.memo[OWN_VERDICT] = v  # (built here for this call alone: with_arguments)
    return v


#: ``ctx.memo`` key: ``(rule, what)`` of each ask a check left out because a person's
#: approval earlier in the session covers it (:func:`resolve` names them on the allow)
COVERED = "covered"


def _covered(covered: Sequence[tuple[str, str]], facts: Facts) -> Verdict:
    """The allow of a call an approval given earlier in the session let through: the first
    approved ask's rule, and each rule with what it covered (a destination, or the call's
    arguments), instead of ``default.allow`` ("no rule objected", read as if nothing had
    been asked)."""
    what = "; ".join(f"{rule} for {target}" for rule, target in dict.fromkeys(covered))
    details: dict[str, Any] = {"approved": "session"}
    if facts.taint.over_taint:
        details["cleared_over_taint"] = dict(facts.taint.over_taint)
    return verdict(
        "allow",
        covered[0][0],
        f"covered by a person's approval earlier in this session: {what}",
        destinations=facts.taint.destinations,
        details=details,
    )


#: the most destinations this session used (or words the user's text has) that a call's are
#: compared with (the first in sorted order past it): a session sends to a few hundred
_MAX_KNOWN = 4096


def _capped(keys: Collection[str]) -> frozenset[str]:
    return frozenset(keys if len(keys) <= _MAX_KNOWN else sorted(keys)[:_MAX_KNOWN])


def _session_index(held: dict[str, tuple[int, Index]], kind: str, keys: Collection[str]) -> Index:
    """:func:`index` of the session's ``keys`` (capped), kept in ``held`` under ``kind`` until
    the set grows. Both sets only grow (``Session.vouched``, ``trusted_words``), so a size
    that did not change is a set that did not change: an ask then reads the index instead of
    copying, hashing (and past the cap sorting) every destination of the session, which made
    the look-alike comparison grow with the session."""
    got = held.get(kind)
    if got is None or got[0] != len(keys):
        got = held[kind] = (len(keys), index(_capped(keys)))
    return got[1]


def lookalikes(ctx: Context, destinations: Iterable[str | None]) -> list[dict[str, str]]:
    """Each of ``destinations`` whose domain looks like a trusted one without being it
    (:func:`cordon.engine.near_domains.resembles`: an ASCII typosquat, MITRE ATT&CK
    T1583.001): ``{"destination", "looks_like", "as"}``, ``as`` saying what trusts it:
    ``"allowlisted"`` (the policy's ``trusted_destinations``, the tool's, ``egress.allow``),
    ``"named"`` (the user's text) or ``"used"`` (sent to or approved in this session). Read
    for an ask only: it says so, it clears nothing."""
    s = ctx.session
    entries = (*ctx.tv.trusted_destinations, *s.engine.egress.allow)
    if not entries and not s.trusted_words and not s.vouched:
        return []  # (nothing trusted at all: the usual session before its first allow)
    every = (
        ("allowlisted", index(frozenset(entries))),
        ("named", _session_index(s.lookalike_indexes, "named", s.trusted_words)),
        ("used", _session_index(s.lookalike_indexes, "used", s.vouched)),
    )
    trusted = [(kind, idx) for kind, idx in every if idx.domains]
    if not trusted:  # (nothing trusted names a domain: nothing to look like)
        return []
    hosts = [(d, host_of(d)) for d in dict.fromkeys(d for d in destinations if d)]
    hosts = [(d, h) for d, h in hosts if h]
    found: list[dict[str, str]] = []
    for d, h in hosts:
        if any(owned(h, idx) for _, idx in trusted):
            continue
        for kind, idx in trusted:
            t = resembles(h, idx)
            if t is not None:
                found.append({"destination": d, "looks_like": t, "as": kind})
                break
    return found


def lookalike_note(item: dict[str, str]) -> str:
    """What the person reads first of a destination that looks like a trusted domain: the
    domain compared, then the destination it is in when that is more than the domain or an
    address at it (a key with a path: ``paypa1.com/paypal.com`` in the domain's place reads
    as ending in the trusted name, the path spelled to look like one)."""
    t, d = item["looks_like"], item["destination"]
    h, at = host_of(d), d.lower().rsplit("@", 1)[-1].removeprefix("*.").rstrip(".")
    other = repr(d) if not h or at == h else f"{h!r} (in {d!r})"
    if item.get("as") == "allowlisted":
        return f"looks like allowlisted {t!r} but is another domain: {other}"
    named = item.get("as") == "named"
    whose = "named in the user's request" if named else "already used in this session"
    return f"looks like {t!r}, {whose}, but is another domain: {other}"


def listed(
    n: int,
    destinations: Sequence[str],
    labels: Sequence[str] = (),
    near: Sequence[dict[str, str]] = (),
    folded: Collection[str] = (),
) -> str:
    """The start of the reason of an ask covering ``n`` approvals: a destination that looks
    like a trusted domain (``near``: :func:`lookalikes`), the rule of each approval
    (``labels``), each destination they cover, once: what a person approves, and what
    :func:`cordon.decider` checks is shown whole (a reason after it may be cut from sight,
    its rule may not). A destination in ``folded`` is the key cordon read from a look-alike
    spelling (``alice@pаypal.com``, ``xn--pypal-4ve.com``: the homograph attack): said to be
    one, never listed bare as the address it imitates. A destination its look-alike note
    names is not named again: the list refers to the note, so the start a person must see
    whole does not hold a long destination twice."""
    noted = {x["destination"] for x in near}
    names = [
        f"a look-alike spelling of {d!r} (another address)" if d in folded else repr(d)
        for d in destinations
        if d not in noted
    ]
    if noted:
        names.append("the look-alike above" if len(noted) == 1 else "the look-alikes above")
    start = f"{n} approvals needed together"
    if labels:
        start += f" ({', '.join(labels)})"
    if names:
        start += f", for {', '.join(names)}"
    return "; ".join([*map(lookalike_note, near), start])


def _ask(
    ctx: Context,
    pending: Sequence[tuple[Verdict, tuple[Any, ...]]],
    facts: Facts,
    near: Sequence[dict[str, str]] = (),
) -> Verdict:
    """One ask for every ask of the call no approval covers (``pending``, with their keys).

    A person is asked once about the whole call: the first ask is the verdict (its rule,
    parameter and destination), its reason names every destination that needs approval and
    the rule of each, and ``approval_keys`` holds every key, so one approval (an elicitation,
    a one-time code) covers all of them. Asking about one destination at a time would never
    converge for a one-time code: the code approves the retry of one call once, and the
    retry would then ask about the next destination with the first approval spent. A
    destination that looks like a trusted domain (``near``) is said first. A lone ask a check
    built for this call alone (:func:`cordon.engine.checks._base.completed`) is completed in
    place: the same fields as the new one."""
    a, key = pending[0]
    details = {**a.details, "approval_key": list(key)}
    if near:
        details["lookalikes"] = [dict(x) for x in near]
    reason = "; ".join([*map(lookalike_note, near), a.reason]) if near else a.reason
    if len(pending) > 1:
        details["approval_keys"] = [list(k) for _, k in pending]
        # the rule of each approval, every destination once, then each distinct reason
        # once: the start is what the person approves, so it is kept short enough to be
        # shown whole (cordon.decider); a reason after it may be cut, its rule is not
        named = [p.destination for p, _ in pending if p.destination]
        # (a look-alike spelling's destination is its folded key, the address it imitates:
        # taint.gate marks it odd_spelling, as approval_key reads it)
        folded = [
            p.destination for p, _ in pending if p.destination and p.details.get("odd_spelling")
        ]
        labels = list(dict.fromkeys(p.rule for p, _ in pending))
        details["approval_destinations"] = named
        details["approval_labels"] = labels
        if folded:
            details["approval_folded"] = folded
        whys = "; ".join(dict.fromkeys(p.reason for p, _ in pending))
        reason = listed(len(pending), named, labels, near, folded) + f": {whys}"
    else:
        own = completed(ctx, a, reason, tuple(facts.taint.destinations), details)
        if own is not None:
            return own
    return verdict(  # (with_dests of it, built once)
        "ask",
        a.rule,
        reason,
        param=a.param,
        destination=a.destination,
        destinations=tuple(facts.taint.destinations),
        details=details,
    )
