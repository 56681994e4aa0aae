"""What a check reads (:class:`Context`, :class:`Facts`) and what it returns (:class:`Result`).

A check is a function from (context, facts) to a result. It reads the session and never
writes it, and it never sees another check's result: only the :class:`Facts` the pipeline
built from the results before it, each fact set by exactly one check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson

from cordon._types import Verdict
from cordon.engine._frozen import setters
from cordon.policy.view import ToolView

if TYPE_CHECKING:
    from cordon.engine.core import Session
    from cordon.policy import ToolPolicy

import hashlib

_new = object.__new__


@dataclass(frozen=True, slots=True, init=False)
class Context:
    """One tools/call, as every check sees it.

    Attributes:
        session: the session the call belongs to (read, never written, by a check).
        tool: the tool name.
        arguments: the call's arguments (a JSON object).
        server: the logical server name.
        scopes: the caller's granted scopes (``None``: not given).
        tp: the tool's policy.
        tv: the fields of ``tp`` and of the engine's policy the checks read, as plain slots
            (:meth:`cordon.policy.Policy.tool_view`: the same values, without the
            model's attribute hook).
        memo: what several checks derive from this call alike, derived once (a pure function
            of the call, so reading it from here changes nothing but the time taken):
            ``command_strings`` (:func:`cordon.engine.commands.command_strings`), ``walk``
            (:func:`cordon.engine.walk.call_walk`); and ``format_quiet``, set by the ``dlp``
            check when the DLP's first test finds no string that can hold a credential in a
            known format (:attr:`cordon.engine.core.Session.format_quiet` hands it on).
    """

    session: Session
    tool: str
    arguments: Mapping[str, Any]
    server: str
    scopes: Iterable[str] | None
    tp: ToolPolicy
    memo: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # (keyword only, derived from ``tp`` when not given: the positional order is kept)
    tv: ToolView = field(kw_only=True, compare=False, hash=False, repr=False)

    def __init__(
        self,
        session: Session,
        tool: str,
        arguments: Mapping[str, Any],
        server: str,
        scopes: Iterable[str] | None,
        tp: ToolPolicy,
        memo: dict[str, Any] | None = None,
        tv: ToolView | None = None,
    ) -> None:
        # (slot setters, not the generated __init__: cordon.engine._frozen)
        _CTX_SESSION(self, session)
        _CTX_TOOL(self, tool)
        _CTX_ARGUMENTS(self, arguments)
        _CTX_SERVER(self, server)
        _CTX_SCOPES(self, scopes)
        _CTX_TP(self, tp)
        _CTX_MEMO(self, {} if memo is None else memo)
        _CTX_TV(self, session.engine.policy.tool_view(tool, tp) if tv is None else tv)


class SinkFacts(NamedTuple):
    """What the ``taint`` check found in a sending call's sink arguments, for the checks
    after it: one immutable carrier the check builds whole (:func:`sink_facts`), read
    through :attr:`Facts.taint`.

    A named tuple: built by one C call from its values in order (a frozen slots dataclass
    sets each of eight slots through its descriptor, about 1,000 instructions a field), and a
    send reads it about ten times.

    Attributes:
        fallback: a sending tool was called without its declared sinks, and every string
            argument was searched for address-shaped destinations instead.
        sink_names: the argument names checked as destinations.
        destinations: every destination key found in the sink arguments.
        cleared: at least one destination, and every one allowlisted or cleared.
        odd: keys the call spells with look-alike characters.
        spellings: ``(key, raw text)`` of each destination the call spells plainly (an
            allowed send's, published with the echo of its key: :mod:`cordon.taint._echo`).
        over_taint: keys seen in output that something cleared anyway, with what.
        hosts: the host of each URL or host destination the call spells plainly (an allowed
            send's are kept: ``Session.used_hosts``).
    """

    fallback: bool = False
    sink_names: frozenset[str] = frozenset()
    destinations: tuple[str, ...] = ()
    cleared: bool = False
    odd: frozenset[str] = frozenset()
    spellings: tuple[tuple[str, str], ...] = ()
    over_taint: Mapping[str, str] = MappingProxyType({})
    hosts: frozenset[str] = frozenset()


def sink_facts(
    fallback: bool,
    sink_names: frozenset[str],
    destinations: tuple[str, ...],
    cleared: bool,
    odd: frozenset[str],
    spellings: tuple[tuple[str, str], ...],
    over_taint: Mapping[str, str],
    hosts: frozenset[str],
) -> SinkFacts:
    """``SinkFacts(fallback, ...)``, without the named tuple's generated ``__new__`` (a Python
    frame binding eight arguments): the tuple built from the values in field order."""
    return _tuple_new(SinkFacts, (fallback, sink_names, destinations, cleared, odd, spellings,
                                  over_taint, hosts))  # fmt: skip


_tuple_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class Legs:
    """The Rule of Two's legs of one call (``rule_of_two``), which an allowed call adds to
    the session (:meth:`cordon.engine.trifecta.TrifectaState.record_call`): one read-only
    object for each combination without a steered repository, shared by every such call.

    Attributes:
        external: the call communicates externally.
        sensitive: the call reads sensitive data.
        steered: the repository (``owner`` and ``repo``) the call reads sensitive data from,
            when the user's text does not name it; else None.
    """

    external: bool = False
    sensitive: bool = False
    steered: tuple[str, str] | None = None


#: the legs of a call before ``rule_of_two`` reads it: none
NO_LEGS = Legs()
#: the legs of a call that communicates externally and reads nothing sensitive
EXTERNAL = Legs(external=True)


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Facts:
    """What the checks so far established, for the checks after them. Each field is set by
    one check only (named in its comment); the pipeline refuses a second setter.

    Attributes:
        requested: ``requests``: the tool needs a request and the user's own text asks for it.
        rendered: ``rendered``: ``(argument path, url)`` of each resource a page showing the
            call's content fetches by itself (a ``renders: true`` tool).
        sending: ``taint``: the call sends data somewhere (a sink argument, or
            ``exfiltrating``).
        taint: ``taint``: what it found in the sink arguments (:class:`SinkFacts`:
            destinations, whether all were cleared, look-alike keys...); :data:`NO_SINKS`
            for a call that does not send.
        legs: ``rule_of_two``: the call's legs (:class:`Legs`: external, sensitive, steered).
    """

    requested: bool = False
    rendered: tuple[tuple[str, str], ...] = ()
    sending: bool = False
    taint: SinkFacts = field(default_factory=SinkFacts)
    legs: Legs = field(default_factory=Legs)

    def __init__(
        self,
        *,
        requested: bool = False,
        rendered: tuple[tuple[str, str], ...] = (),
        sending: bool = False,
        taint: SinkFacts | None = None,
        legs: Legs | None = None,
        external: bool = False,
    ) -> None:
        """``external``: ``legs`` of a call that communicates externally, for a reading
        outside the pipeline (a client's answer, read as a send is)."""
        _FACTS_REQUESTED(self, requested)
        _FACTS_RENDERED(self, rendered)
        _FACTS_SENDING(self, sending)
        _FACTS_TAINT(self, NO_SINKS if taint is None else taint)
        _FACTS_LEGS(self, (EXTERNAL if external else NO_LEGS) if legs is None else legs)


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Result:
    """What one check found.

    Attributes:
        deny: a deny: the pipeline stops here and returns it as it is.
        asks: asks, in the order the person should see them.
        answers: names of earlier checks whose asks this check's finding answers (the
            user's own request naming every destination answers the ``actions`` ask).
        facts: :class:`Facts` fields this check establishes for the checks after it.
    """

    deny: Verdict | None = None
    asks: tuple[Verdict, ...] = ()
    answers: frozenset[str] = frozenset()
    facts: Mapping[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        *,
        deny: Verdict | None = None,
        asks: tuple[Verdict, ...] = (),
        answers: frozenset[str] = frozenset(),
        facts: Mapping[str, Any] | None = None,
    ) -> None:
        _RESULT_DENY(self, deny)
        _RESULT_ASKS(self, asks)
        _RESULT_ANSWERS(self, answers)
        _RESULT_FACTS(self, {} if facts is None else facts)


(
    _CTX_SESSION,
    _CTX_TOOL,
    _CTX_ARGUMENTS,
    _CTX_SERVER,
    _CTX_SCOPES,
    _CTX_TP,
    _CTX_MEMO,
    _CTX_TV,
) = setters(Context, "session", "tool", "arguments", "server", "scopes", "tp", "memo", "tv")
#: the sink facts of a call that does not send (nothing found; immutable, so one serves
#: every call)
NO_SINKS = SinkFacts()
#: the fields of :class:`Facts`, in order
_FACT_FIELDS = ("requested", "rendered", "sending", "taint", "legs")
_FACT_SETTERS = setters(Facts, *_FACT_FIELDS)
(
    _FACTS_REQUESTED,
    _FACTS_RENDERED,
    _FACTS_SENDING,
    _FACTS_TAINT,
    _FACTS_LEGS,
) = _FACT_SETTERS
#: each field of :class:`Facts` by name, its slot setter: how the pipeline adds the facts of a
#: later check to the call's :class:`Facts` (:func:`cordon.engine.checks._pipeline.run`)
FACT_SETTERS = dict(zip(_FACT_FIELDS, _FACT_SETTERS, strict=True))
(_RESULT_DENY, _RESULT_ASKS, _RESULT_ANSWERS, _RESULT_FACTS) = setters(
    Result, "deny", "asks", "answers", "facts"
)


#: no objection, nothing established
PASS = Result()


def context(
    session: Session,
    tool: str,
    arguments: Mapping[str, Any],
    server: str,
    scopes: Iterable[str] | None,
    tp: ToolPolicy,
) -> Context:
    """``Context(session, tool, arguments, server, scopes, tp)``, for the engine's own call
    of every decision: the same instance by the same slot setters, without the class call's
    ``__init__`` frame and its defaults (about 1,000 instructions)."""
    c: Context = _new(Context)
    _CTX_SESSION(c, session)
    _CTX_TOOL(c, tool)
    _CTX_ARGUMENTS(c, arguments)
    _CTX_SERVER(c, server)
    _CTX_SCOPES(c, scopes)
    _CTX_TP(c, tp)
    _CTX_MEMO(c, {})
    _CTX_TV(c, session.engine.policy.tool_view(tool, tp))
    return c


def facts_of(new: Mapping[str, Any]) -> Facts:
    """``Facts(**new)`` (a check's facts, the first a call's pipeline sets), without the
    keyword call: the same instance by the same slot setters. A name that is no field of
    :class:`Facts` is a ``TypeError``, as the keyword call's is."""
    if not new.keys() <= _FACT_NAMES:
        raise TypeError(f"Facts has no field {sorted(set(new) - _FACT_NAMES)[0]!r}")
    f: Facts = _new(Facts)
    get = new.get
    _FACTS_REQUESTED(f, get("requested", False))
    _FACTS_RENDERED(f, get("rendered", ()))
    _FACTS_SENDING(f, get("sending", False))
    taint = get("taint")
    _FACTS_TAINT(f, NO_SINKS if taint is None else taint)
    legs = get("legs")
    _FACTS_LEGS(f, NO_LEGS if legs is None else legs)
    return f


#: the fields :func:`facts_of` sets (``external`` is :class:`Facts`' keyword for a reading
#: outside the pipeline, never a check's fact)
_FACT_NAMES = frozenset(_FACT_FIELDS)


def result(
    deny: Verdict | None,
    asks: tuple[Verdict, ...],
    answers: frozenset[str],
    facts: Mapping[str, Any],
) -> Result:
    """``Result(deny=..., asks=..., answers=..., facts=...)`` with every field given, for a
    check's result on every send (``taint``'s): the same instance by the same slot setters,
    without the keyword call (about 1,500 instructions)."""
    r: Result = _new(Result)
    _RESULT_DENY(r, deny)
    _RESULT_ASKS(r, asks)
    _RESULT_ANSWERS(r, answers)
    _RESULT_FACTS(r, facts)
    return r


@dataclass(frozen=True, slots=True)
class Check:
    """One step of the pipeline.

    Attributes:
        name: a short name (what :attr:`Result.answers` refers to).
        run: the check itself.
        rules: every rule id it can return.
        applies: ``applies(tool, tp)`` False when ``run`` returns :data:`PASS` for every
            call of the tool ``tool`` with the policy ``tp``, whatever its arguments and the
            session's state (a test per check holds it to that); ``None``: always run. The
            pipeline leaves such a check out of that tool's list (:class:`CheckLists`).
    """

    name: str
    run: Callable[[Context, Facts], Result]
    rules: tuple[str, ...]
    applies: Callable[[str, ToolPolicy], bool] | None = None


def verdict(
    kind: str,
    rule: str,
    reason: str,
    *,
    param: str | None = None,
    destination: str | None = None,
    destinations: tuple[str, ...] = (),
    details: dict[str, Any] | None = None,
) -> Verdict:
    """``Verdict(verdict=kind, ...)``, built by slot setters (:mod:`cordon.engine._frozen`):
    the pipeline builds one or two for every ask, at about 14,500 instructions each through
    the generated ``__init__`` (``Verdict`` has no ``__post_init__`` to skip: checked at
    import)."""
    v = _new(Verdict)
    _V_VERDICT(v, kind)
    _V_RULE(v, rule)
    _V_REASON(v, reason)
    _V_PARAM(v, param)
    _V_DESTINATION(v, destination)
    _V_DESTINATIONS(v, destinations)
    _V_DETAILS(v, {} if details is None else details)
    _V_ARGUMENTS(v, None)  # (set by Session.check on what it returns)
    return v


#: ``Context.memo`` key: the verdict :func:`cordon.engine.checks.resolve` built for this call
#: alone (an ask, or an allow naming destinations), which no one has read yet
OWN_VERDICT = "own_verdict"


#: ``Context.memo`` key: the ask a check built for this call alone (a new :class:`Verdict`
#: with a new ``details`` dict, held by nothing but the check's :class:`Result`), which the
#: pipeline may complete in place (:func:`completed`) instead of building the ask again
OWN_ASK = "own_ask"


def completed(
    ctx: Context,
    v: Verdict,
    reason: str,
    destinations: tuple[str, ...],
    details: dict[str, Any],
) -> Verdict | None:
    """``v`` with ``reason``, ``destinations`` and ``details`` set in place, when it is the
    ask a check marked as this call's own (:data:`OWN_ASK`); else None (the caller builds a
    new one). Each field is set once, before anyone but the pipeline has read ``v`` (as the
    pipeline sets a call's own :class:`Facts`): ``resolve`` of a send's one ask built it a
    second time (about 6,000 instructions)."""
    own: Verdict | None = ctx.memo.get(OWN_ASK)
    if own is not v:
        return None
    del ctx.memo[OWN_ASK]  # (completed once)
    if reason is not v.reason:  # (a lone ask without a look-alike note keeps its own)
        _V_REASON(v, reason)
    _V_DESTINATIONS(v, destinations)
    _V_DETAILS(v, details)
    return v


def with_arguments(
    v: Verdict, arguments: dict[str, Any] | None, ctx: Context | None = None
) -> Verdict:
    """``dataclasses.replace(v, arguments=arguments)``, built by slot setters: a copy of
    ``v`` holding the same field values, ``arguments`` its own (``Session.check`` hands one
    back with every verdict that is not a deny; ``replace`` builds its keywords and goes
    through the generated ``__init__``, about 20,000 instructions).

    ``v`` itself, its ``arguments`` set, when it is the verdict the pipeline built for
    ``ctx``'s call alone (:data:`OWN_VERDICT`: built with ``arguments`` None, handed to
    nobody before this; set once, as the pipeline sets a call's own :class:`Facts`): a
    shared verdict (``ALLOW``, a check's cached one) is never written."""
    own: Verdict | None = None if ctx is None else ctx.memo.pop(OWN_VERDICT, None)
    if own is v and own.arguments is None:
        _V_ARGUMENTS(own, arguments)
        return own
    c = _new(Verdict)
    _V_VERDICT(c, v.verdict)
    _V_RULE(c, v.rule)
    _V_REASON(c, v.reason)
    _V_PARAM(c, v.param)
    _V_DESTINATION(c, v.destination)
    _V_DESTINATIONS(c, v.destinations)
    _V_DETAILS(c, v.details)
    _V_ARGUMENTS(c, arguments)
    return c


if hasattr(Verdict, "__post_init__"):  # (a check the builder would skip)
    raise TypeError("Verdict has a __post_init__: build it with Verdict(...)")
_VERDICT_FIELDS = ("verdict", "rule", "reason", "param", "destination", "destinations", "details")
if tuple(f.name for f in fields(Verdict)) != (*_VERDICT_FIELDS, "arguments"):
    raise TypeError("Verdict: set every field in verdict() and with_arguments()")
(
    _V_VERDICT,
    _V_RULE,
    _V_REASON,
    _V_PARAM,
    _V_DESTINATION,
    _V_DESTINATIONS,
    _V_DETAILS,
    _V_ARGUMENTS,
) = setters(
    Verdict,
    *_VERDICT_FIELDS,
    "arguments",
)


def asks(*found: Verdict | None) -> Result:
    """A result holding the asks among ``found`` (``None``: no objection)."""
    kept = tuple(v for v in found if v is not None)
    return Result(asks=kept) if kept else PASS


def deny_or_ask(v: Verdict | None) -> Result:
    """A result for a layer function that returns a deny, an ask or ``None``."""
    if v is None:
        return PASS
    return Result(deny=v) if v.verdict == "deny" else Result(asks=(v,))


def approval_key(
    v: Verdict, server: str, tool: str, arguments: Mapping[str, Any]
) -> tuple[Any, ...]:
    """What an approval of the ask ``v`` covers: its destination, or (a look-alike spelling,
    or no destination) these very arguments."""
    if v.destination is not None and not v.details.get("odd_spelling"):
        return (server, tool, v.rule, v.param, v.destination)
    digest = hashlib.sha256(orjson.dumps(arguments, option=orjson.OPT_SORT_KEYS)).hexdigest()
    return (server, tool, v.rule, v.param, digest)


def ask_keys(v: Verdict) -> list[tuple[Any, ...]]:
    """Every approval key the ask ``v`` stands for: all the asks of one call that no approval
    covered are put to a person as one question (:func:`cordon.engine.checks._pipeline.resolve`),
    so one approval covers all of them (``details["approval_keys"]``), else the ask's own
    ``approval_key``; none for a verdict that is not an ask or carries no key."""
    if v.verdict != "ask":
        return []
    keys = v.details.get("approval_keys")
    if keys:
        return [tuple(k) for k in keys]
    key = v.details.get("approval_key")
    return [tuple(key)] if key else []


def with_dests(v: Verdict, found: Iterable[str]) -> Verdict:
    """``v`` carrying every destination found in the call (for the audit record)."""
    found = tuple(found)
    if v.destinations or not found:
        return v
    return Verdict(
        verdict=v.verdict,
        rule=v.rule,
        reason=v.reason,
        param=v.param,
        destination=v.destination,
        destinations=found,
        details=v.details,
    )
