"""One decision service for every front end: check, one-time code, re-check, approval.

The proxy (``cordon run``), the library :class:`cordon.gateway.Gateway` and ``cordon serve``
all ask the same question of a session: may this call run? A :class:`Decider` answers it the
same way for each, so a verdict never depends on which front end carried the call (the parity
test feeds one sequence to all three). It returns the audit records its own steps produced
(an approval by one-time code); the caller writes them, and the verdict's own record, before
it acts on the verdict (invariant 4).

It runs where the session may be touched: in the proxy, as a job of the decision queue. The
proxy asks a person asynchronously (elicitation, ``input_required``) and calls
:meth:`Decider.approved` when the answer comes; the library gateway asks ``on_ask`` in a loop
around :meth:`Decider.decide` and :meth:`Decider.approved`; ``cordon serve`` only decides (the
agent that asked carries an ask to its person itself). The gateway and ``cordon serve`` build
a verdict's audit record with :func:`verdict_record`; the proxy's ``ProxyCore._verdict_record``
builds the same record (with its non-object arguments as ``{"_": args}``, as serve does).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cordon._exceptions import ApprovalError
from cordon._types import Verdict
from cordon.approvals import display, envelope
from cordon.audit.log import record_for_call, utc_ts
from cordon.audit.withheld import withhold_verdict
from cordon.engine import rules
from cordon.engine.checks import ask_keys
from cordon.engine.checks._pipeline import listed
from cordon.engine.dlp import Detector, withhold
from cordon.engine.walk import walk

__all__ = [
    "Decider",
    "Decision",
    "ask_code_key",
    "code_key",
    "shown_arguments",
    "verdict_record",
]


#: the details that are the engine's, not the auditor's (what an approval covers)
_KEYS = frozenset({"approval_key", "approval_keys"})


def shown_arguments(arguments: Any, secrets: Any, detector: Detector, quiet: Any = None) -> Any:
    """``arguments`` as an audit record may keep them: :func:`cordon.engine.dlp.withhold`
    with the session's ``secrets`` and ``detector``, ``arguments`` itself when they carry no
    secret. A call's usual arguments (an object, no registered or seen secret in the session,
    no credential in a known format) are told apart with one :func:`cordon.engine.walk.walk`,
    the views the engine's own ``secret.pattern`` check reads, instead of the two walks
    ``withhold``'s own test makes (about 8 of its 14 us for a one-string call): the same
    strings in the same order, so the same answer; anything else goes to ``withhold``.
    ``quiet``: :attr:`cordon.engine.core.Session.format_quiet`; when it is ``arguments``
    itself, that check already found the answer with the same detector on the same walk
    (about 4 us of the decision's path to the forward, a call's usual arguments)."""
    if type(arguments) is dict and (secrets is None or not len(secrets)):
        if quiet is arguments:
            return arguments
        try:
            views = walk(arguments)
        except ValueError:  # nested too deeply: withhold reads it as it always did
            views = None
        if views is not None and next(detector.hits(arguments, views), None) is None:
            return arguments
    return withhold(arguments, secrets, detector)


def code_key(key: Any, tool: str, args: Any) -> list[Any]:
    """A one-time code's key: the ask's approval key and the digest of the whole call
    (:func:`cordon.approvals.envelope.call_digest`), so a code lets through a retry of exactly
    the call the person was shown, not another body to the same destination."""
    return [*key, envelope.call_digest(tool, args)]


def ask_code_key(v: Verdict, tool: str, args: Any) -> list[Any] | None:
    """The one-time code key of the ask ``v`` (None: it carries no approval key). An ask that
    stands for several (:func:`cordon.engine.checks.ask_keys`: the call has more than one
    destination nobody approved) is keyed by all their keys and the call's digest, so one code
    covers the whole call the person was shown, and only that call."""
    keys = ask_keys(v)
    if not keys:
        return None
    if len(keys) == 1:
        return code_key(keys[0], tool, args)
    return [*(list(k) for k in keys), envelope.call_digest(tool, args)]


def verdict_record(
    v: Verdict,
    *,
    session: str,
    server: str,
    tool: str,
    arguments: Any,
    known: Any = None,
    **extra: Any,
) -> dict[str, Any]:
    """The audit record of verdict ``v`` for a call (:func:`cordon.audit.log.record_for_call`),
    without the verdict's ``approval_key`` (a key is the engine's, not the auditor's).
    ``arguments`` go in with every string that carries a secret withheld
    (:func:`cordon.engine.dlp.withhold`: a marker with the secret's hash): a credential in a
    known format always, a registered or seen one when ``known`` (the engine session) is
    given; what the withheld strings held is kept out of the destinations, reason and
    parameter too (:func:`cordon.audit.withheld.withhold_verdict`). ``extra`` keys are added
    (``via``, ``asked``, ``answer``)."""
    if known is not None:
        shown = shown_arguments(arguments, known.secrets, known.engine.dlp)
    else:
        shown = withhold(arguments)
    v = withhold_verdict(v, arguments, shown)
    arguments = shown
    details = {k: x for k, x in v.details.items() if k not in _KEYS}
    return record_for_call(
        session=session,
        server=server,
        tool=tool,
        arguments=arguments,
        verdict=v.verdict,
        rule=v.rule,
        reason=v.reason,
        param=v.param,
        destination=v.destination,
        destinations=v.destinations,
        details=details or None,
        **extra,
    )


#: the most characters of an ask's reason every place a person approves it shows whole
#: (cordon's question caps it at ``envelope.REASON_CHARS``, `cordon approve` at 300)
SHOWN_REASON_CHARS = min(envelope.REASON_CHARS, 300)


def _shown_len(text: str) -> int:
    """How many characters ``text`` takes where a person reads it (escaped, or in ASCII)."""
    return max(len(display.visible(text)), len(display.ascii_only(text)))


def _shown_whole(v: Verdict) -> Verdict:
    """``v``, or a deny (``approval.unshowable``) for an ask that covers several approvals
    (``approval_keys``: one approval covers every destination it lists) whose start (a
    destination that looks like a trusted domain, the rule of each approval, the list of
    destinations: :func:`cordon.engine.checks._pipeline.listed`) is longer than the start a
    person is shown of a long reason (:func:`cordon.approvals.display.clipped` keeps two
    thirds of what it shows from the start, one third from the end): an approval must not
    cover an address cut from the person's sight, nor a rule (a destructive tool, a card
    number) whose reason a long list pushed into the cut. The reasons after the start may be
    cut (the cut is said); their rules are in it."""
    n = len(v.details.get("approval_keys") or ())
    if v.verdict != "ask" or n < 2:
        return v
    start = listed(
        n,
        v.details.get("approval_destinations") or (),
        v.details.get("approval_labels") or (),
        v.details.get("lookalikes") or (),
        v.details.get("approval_folded") or (),
    )
    if not v.reason.startswith(start):
        start = v.reason  # (not the list's form: the whole reason must show)
    if _shown_len(v.reason) <= SHOWN_REASON_CHARS:  # shown whole
        return v
    if _shown_len(start) <= SHOWN_REASON_CHARS - SHOWN_REASON_CHARS // 3:  # the start is
        return v
    return Verdict(
        verdict="deny",
        rule=rules.APPROVAL_UNSHOWABLE,
        reason=(
            f"{n} approvals needed together, a list (their rules and destinations) longer "
            "than a person is shown whole: "
            "nobody was asked; make the call with fewer destinations at a time"
        ),
        param=v.param,
        destination=v.destination,
        destinations=v.destinations,
        details={"asked_for": v.rule, "approvals": n},
    )


def _named_whole(v: Verdict, args: Any) -> Verdict:
    """``v``, or a deny (``approval.unshowable``) for an ask whose question shows the call's
    arguments (an approval of these exact arguments: no destination, a look-alike spelling,
    several approvals at once) when the call has more top-level arguments than the question
    names (:data:`cordon.approvals.envelope.SHOWN_ARGS`: arguments a server ignores, put
    first, pushed the one that matters, the command, out of the question, and the person
    approved a delete they never saw), a name longer than it shows whole
    (:data:`cordon.approvals.envelope.SHOWN_NAME_CHARS`), or values longer than it shows whole
    (:data:`cordon.approvals.envelope.SHOWN_VALUE_BYTES`)."""
    if v.verdict != "ask" or not isinstance(args, dict):
        return v
    if v.destination is not None and not v.details.get("odd_spelling") and len(ask_keys(v)) < 2:
        return v  # (a destination's approval: the question shows the destination, not these)
    if len(args) > envelope.SHOWN_ARGS:
        why = (
            f"an approval of these exact arguments, {len(args)} of them, more than a person "
            f"is shown ({envelope.SHOWN_ARGS}): nobody was asked; make the call with only the "
            "arguments the tool needs"
        )
        return _unshowable(v, why, arguments=len(args))
    if any(len(str(k)) > envelope.SHOWN_NAME_CHARS for k in args):
        # (a name is cut to its start and its end: what its middle says reaches a server that
        # reads its arguments by any name, unseen)
        why = (
            "an approval of these exact arguments, one named with more characters than a "
            f"person is shown whole ({envelope.SHOWN_NAME_CHARS}): nobody was asked; make the "
            "call with only the arguments the tool needs"
        )
        return _unshowable(v, why, name_chars=max(len(str(k)) for k in args))
    size = envelope.shown_bytes(args)
    if size <= envelope.SHOWN_VALUE_BYTES:
        return v
    # (a value cut to its start and its end hid what it did in its middle: a delete in a
    # 456-character command was approved unseen)
    why = (
        f"an approval of these exact arguments, {size:,} bytes of values, more than a person "
        f"is shown whole ({envelope.SHOWN_VALUE_BYTES:,}): nobody was asked; make the call "
        "in smaller pieces, or let the tool do it in the policy"
    )
    return _unshowable(v, why, value_bytes=size)


def _unshowable(v: Verdict, why: str, **details: Any) -> Verdict:
    return Verdict(
        verdict="deny",
        rule=rules.APPROVAL_UNSHOWABLE,
        reason=why,
        param=v.param,
        destination=v.destination,
        destinations=v.destinations,
        details={"asked_for": v.rule, **details},
    )


@dataclass(slots=True)
class Decision:
    """A verdict and what led to it.

    ``records``: audit records to write before acting on the verdict (an approval by code).
    ``code``: a one-time code issued for an ask nobody can answer through the client.
    ``problems``: lines for stderr (an unusable approval store). ``shown``: the call's
    arguments as the audit log may keep them (a string carrying a known secret withheld),
    or None when they carry none.
    """

    verdict: Verdict
    records: list[dict[str, Any]] = field(default_factory=list)
    code: str | None = None
    problems: list[str] = field(default_factory=list)
    shown: Any = None


class Decider:
    """Decides calls for one session of one server.

    Args:
        session: the engine session (:class:`cordon.engine.core.Session`).
        server: the logical server name verdicts and approvals are keyed by.
        codes: the one-time approval code store (:class:`cordon.approvals.codes.CodeStore`),
            or None to never issue or consume codes.

    ``gate``: called with the tool and each verdict of the session, returns the verdict to
    use (the proxy's ask about a tool another server of the client also lists); None: the
    session's verdict.
    """

    def __init__(self, session: Any, *, server: str, codes: Any = None) -> None:
        self.session = session
        self.server = server
        self.codes = codes
        self.gate: Callable[[str, Verdict], Verdict] | None = None

    def check(
        self,
        tool: str,
        args: Any,
        scopes: Collection[str] | None = None,
        pipeline: Sequence[Any] | None = None,
    ) -> Verdict:
        """The session's verdict on a call (``pipeline``: a client request's checks instead,
        :func:`cordon.engine.client_requests.request_values`; the gate is for tools only)."""
        if pipeline is not None:
            request: Verdict = self.session.check(tool, args, server=self.server, pipeline=pipeline)
            return request
        # (no copy to hand back: the proxy forwards the bytes it parsed, cordon serve and
        # the Gateway hand back a copy of their own: cordon.engine.checked_args)
        if scopes is None:
            v: Verdict = self.session.check(tool, args, server=self.server, forward=False)
        else:
            v = self.session.check(tool, args, server=self.server, scopes=scopes, forward=False)
        return _named_whole(_shown_whole(v if self.gate is None else self.gate(tool, v)), args)

    def decide(
        self,
        tool: str,
        args: Any,
        *,
        scopes: Collection[str] | None = None,
        issue_code: bool = False,
        pipeline: Sequence[Any] | None = None,
    ) -> Decision:
        """Check a call. An ask that a person already approved with a one-time code for this
        exact call becomes that approval and is checked again; an ask nobody can answer
        through the client gets a code (``issue_code``), which the caller shows in its deny.
        ``pipeline``: a client request's checks (:meth:`check`)."""
        v = self.check(tool, args, scopes, pipeline)
        d = Decision(v)
        key = ask_code_key(v, tool, args)
        if key and self.codes is not None:
            try:
                used = self.codes.consume(key)
            except ApprovalError as exc:  # a corrupt store approves nothing
                d.problems.append(f"approval store unusable: {exc}")
                used = None
            if used is not None:
                # the record keeps no secret the call carried (a format a tool's
                # allow_secret_patterns lets through), as the ask's own record does
                shown = shown_arguments(args, self.session.secrets, self.session.engine.dlp)
                d.records.append(
                    {
                        "kind": "approval",
                        "tool": tool,
                        "rule": v.rule,
                        "destination": withhold_verdict(v, args, shown).destination,
                        "channel": "code",
                        "answer": "accept",
                        # which ask it answers (the ask's record names the same code), and
                        # when and by whom `cordon approve` was run: this record is written
                        # at the retry, which may come minutes later
                        "code": used.code,
                        "approved_at": utc_ts(used.approved_at or used.used_at or 0.0),
                        "approved_by": used.approved_by,
                    }
                )
                # the code covers every ask of this call it was issued for, for this one
                # check: what the check leaves unused is withdrawn, never kept for a later call
                added = self.session.once_approve(v)
                try:
                    d.verdict = by_approval(v, self.check(tool, args, scopes, pipeline), "code")
                finally:
                    self.session.once_withdraw(added)
        if issue_code:
            self.issue_code(d, tool, args)
        return d

    def issue_code(self, d: Decision, tool: str, args: Any) -> None:
        """Give the ask ``d.verdict`` a one-time code for exactly this call (``d.code``); an
        unusable store leaves it without one and says so in ``d.problems`` (the caller denies
        all the same). Nothing for a verdict that is not an ask with an approval key."""
        v = d.verdict
        key = ask_code_key(v, tool, args)
        if not key or self.codes is None:
            return
        try:
            d.code = self.codes.issue(
                server=self.server,
                tool=tool,
                param=v.param,
                destination=v.destination,
                rule=v.rule,
                reason=v.reason,
                approval_key=key,
            )
        except ApprovalError as exc:
            d.problems.append(f"approval store unusable, denying without a code: {exc}")

    def approved(
        self,
        v: Verdict,
        tool: str,
        args: Any,
        scopes: Collection[str] | None = None,
        *,
        with_call: bool = False,
    ) -> Verdict:
        """A person approved the ask ``v`` for the rest of the session: record the approval
        and check the call again (a deny can never be approved away).

        ``with_call``: also give :meth:`cordon.engine.core.Session.approve` the call (tool,
        arguments, server), as the library gateway always has. It then keys an ask that
        carries no ``approval_key`` by the call. The proxy leaves it off: its asks carry
        their key.
        """
        if with_call:
            self.session.approve(v, tool=tool, arguments=args, server=self.server)
        else:
            self.session.approve(v)
        return by_approval(v, self.check(tool, args, scopes), "asked")


#: how a person approved, as the reason of the call's verdict says it
_HOW = {"code": "cordon approve CODE", "asked": "when asked"}


def by_approval(asked: Verdict, now: Verdict, channel: str) -> Verdict:
    """``now``, the check of a call again after a person approved its ask ``asked``: an
    allow no rule objected to (``default.allow``) names the ask it passed instead (its rule,
    "approved by a person", the ask's reason; ``details.approved``: ``code`` or ``asked``),
    so its audit record says why the call went through; so is one the approval just given
    covers (``details.approved``: ``session``, :func:`cordon.engine.checks._pipeline.resolve`).
    Any other verdict as it is."""
    if now.verdict != "allow" or (
        now.rule != rules.DEFAULT_ALLOW and now.details.get("approved") != "session"
    ):
        return now
    return replace(
        now,
        rule=asked.rule,
        reason=f"approved by a person ({_HOW[channel]}): {asked.reason}",
        details={**now.details, "approved": channel},
    )
