"""The proxy core's questions to a person: cordon's own ``input_required`` result (a
2026-07-28 request) or legacy ``elicitation/create`` for a call the engine asks about, and
acting on the answer in the decision queue (an accept approves the call and checks it again;
no answer by the deadline is a deny).

Legacy ``elicitation/create`` exists from protocol 2025-06-18 on: a connection whose
``initialize`` negotiated an older version (the Slack and GitHub reference servers answer
2024-11-05) gets one-time codes, as a client without the capability does; the official
Python SDK answers ``-32601`` to an elicitation on such a session. A client that answers
cordon's question with a JSON-RPC error cannot ask a person: the call is denied with a
one-time code (never allowed on an error), and after ``-32601`` it is not asked again.

A mixin of :class:`cordon.proxy.core.ProxyCore` (the queue, the lanes and the records live
there), as :class:`cordon.proxy.upstream.UpstreamSide` is.
"""

from __future__ import annotations

import itertools
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from cordon._types import Verdict
from cordon.approvals import display, envelope
from cordon.audit.withheld import withhold_verdict
from cordon.decider import Decision
from cordon.engine.checks import ask_keys
from cordon.proxy.actions import Action, Audit, Job, Log, ToClient, ToUpstream
from cordon.proxy.framing import (
    INTERNAL_ERROR,
    METHOD_NOT_FOUND,
    error_frame,
    id_key,
    result_frame,
)
from cordon.proxy.server_requests import undeclared

if TYPE_CHECKING:
    from cordon.proxy.core import CoreConfig, _Slot
    from cordon.proxy.work import SessionWork

__all__ = ["AskSide", "CODE_HINT", "asks_in_form", "elicitation_negotiated"]

_NOT_FORWARDED = "cordon: internal error; the request was not forwarded"

#: the first protocol version with ``elicitation/create`` (MCP 2025-06-18, client/elicitation)
ELICITATION_SINCE = "2025-06-18"
_DATE_VERSION = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

#: what a call denied with a one-time code tells the agent (``{cordon}``: the command that
#: runs this cordon, :attr:`cordon.proxy.core.CoreConfig.approve_command`; ``{code}``: the
#: code; ``{store}``: `` --store PATH`` when ``cordon run`` was given an approvals store of
#: its own and `` --audit LOG`` when it was given an audit log, so the command works as
#: written, else empty: :attr:`cordon.proxy.core.CoreConfig.store_option`)
CODE_HINT = (
    "A person can approve one retry of this exact call by running, in their own "
    "terminal: {cordon} approve {code}{store}  (expires in 5 minutes)"
)


def elicitation_negotiated(version: Any) -> bool:
    """Whether the protocol version an ``initialize`` negotiated has ``elicitation/create``.
    MCP versions are dates (``YYYY-MM-DD``), ordered as strings; anything else (absent, a
    draft name, not a string) is taken as not having it (fail closed: one-time codes)."""
    return (
        isinstance(version, str)
        and _DATE_VERSION.fullmatch(version) is not None
        and version >= ELICITATION_SINCE
    )


def asks_in_form(caps: Any) -> bool:
    """Whether client capabilities ``caps`` declare elicitation in form mode, the only mode
    cordon's question takes: ``elicitation`` empty (form only, MCP 2025-11-25) or naming
    ``form``. A client that declared URL mode only cannot show the form: it gets a one-time
    code, in either era (a 2026-07-28 client had no way to approve at all)."""
    if not isinstance(caps, dict) or "elicitation" not in caps:
        return False
    return undeclared("elicitation", {"mode": "form"}, caps["elicitation"]) is None


@dataclass(slots=True)
class _Ask:
    """A call waiting for a person's answer to cordon's legacy ``elicitation/create``."""

    id: Any
    tool: str
    args: Any
    line: bytes
    verdict: Verdict
    deadline: float
    #: the arguments as the audit records keep them
    shown: Any = None


class AskSide:
    """Asking a person about a call, and acting on the answer (module docstring)."""

    cfg: CoreConfig
    work: SessionWork
    sealer: Any
    own_prefix: str
    _counter: itertools.count[int]
    asks: dict[str, _Ask]
    clock: Callable[[], float]
    #: whether cordon may send its own ``elicitation/create`` on this connection
    legacy_elicitation: bool
    client_caps: dict[str, Any]
    #: the client's requests not yet answered, and those it cancelled while being decided
    inflight: set[tuple[str, Any]]
    cancelling: set[tuple[str, Any]]

    if TYPE_CHECKING:

        def _put(self, lane: str, actions: list[Action]) -> list[Action]: ...
        def _slot(self, lane: str) -> _Slot: ...
        def _fill(self, lane: str, slot: _Slot, actions: list[Action]) -> list[Action]: ...
        def _enqueue(self, job: Job) -> list[Action]: ...
        def _answer(self, id_: Any, data: bytes, **kw: Any) -> ToClient: ...
        def _record(self, rec: dict[str, Any]) -> Audit: ...
        def _verdict_record(
            self, tool: str, shown: Any, v: Verdict, raw: Any = None, **extra: Any
        ) -> dict[str, Any]: ...
        def _deny(
            self, id_: Any, v: Verdict, modern: bool, extra: str = "", audit: Any = None
        ) -> ToClient: ...
        def _deny_withheld(
            self,
            id_: Any,
            tool: str,
            args: Any,
            v: Verdict,
            modern: bool,
            size: int,
            before: list[Action],
        ) -> list[Action]: ...
        def _forward(
            self,
            id_: Any,
            tool: str,
            args: Any,
            line: bytes,
            v: Verdict,
            modern: bool,
            shown: Any,
            caps: dict[str, Any] | None = None,
        ) -> ToUpstream: ...

    def _retry(
        self, id_: Any, tool: str, args: Any, params: dict[str, Any], modern: bool, size: int
    ) -> list[Action] | tuple[tuple[tuple[Any, ...], ...], dict[str, Any], list[Action]]:
        """A 2026-07-28 retry answering cordon's own question: the actions that end it (a
        denial), or the approval keys (every ask of the call the person was shown), the params
        to forward and the approval record."""
        payload = self.sealer.open(params["requestState"])
        if payload is None or payload.get("call") != envelope.call_digest(tool, args):
            v = Verdict(
                verdict="deny",
                rule="approval.invalid_state",
                reason="approval state is invalid or expired",
            )
            return self._deny_withheld(id_, tool, args, v, modern, size, [])
        responses = dict(params.get("inputResponses") or {})
        answer = responses.pop(envelope.INPUT_KEY, None)
        approved = envelope.is_accept(answer)
        said = (
            "accept"
            if approved
            else (answer or {}).get("action", "none")
            if isinstance(answer, dict)
            else "none"
        )
        record = self._record(
            {
                "kind": "approval",
                "tool": tool,
                "rule": payload.get("rule"),
                "destination": payload.get("destination"),
                "channel": "input_required",
                "answer": said,
            }
        )
        if not approved:
            v = Verdict(
                verdict="deny",
                rule=str(payload.get("rule")),
                reason="a person did not approve this call",
            )
            return self._deny_withheld(id_, tool, args, v, modern, size, [record])
        params = dict(params)
        if payload.get("ir"):
            responses.update(payload["ir"])
        if responses:
            params["inputResponses"] = responses
        else:
            params.pop("inputResponses", None)
        if payload.get("up") is not None:
            params["requestState"] = payload["up"]
        else:
            params.pop("requestState", None)
        return tuple(tuple(k) for k in payload["keys"]), params, [record]

    def _question(self, tool: str, v: Verdict, shown: Any) -> dict[str, Any]:
        """cordon's question about ``v``, its destination spelled as in the call (``shown``:
        the arguments with secret-carrying strings withheld, so none is quoted)."""
        if len(ask_keys(v)) > 1:
            # the reason names each destination; the arguments are shown as a call-wide ask
            # shows them: an approval of several asks covers these exact arguments (a delete
            # whose path only the arguments name), never a call the person did not see
            folded = bool(v.details.get("approval_folded") or v.details.get("odd_spelling"))
            every = envelope.shown_value(shown, None, plain_ascii=folded)
            return envelope.question(self.cfg.server, tool, None, None, v.reason, every)
        dest = envelope.as_spelled(v.destination, shown, v.param)
        exact = bool(v.details.get("odd_spelling"))  # (approval_key: these very arguments)
        value = envelope.shown_value(shown, v.param, plain_ascii=exact)
        return envelope.question(self.cfg.server, tool, v.param, dest, v.reason, value, exact)

    def _ask_input_required(
        self, id_: Any, tool: str, args: Any, params: dict[str, Any], v: Verdict, shown: Any
    ) -> ToClient:
        payload = {
            "call": envelope.call_digest(tool, args),
            # every ask of the call the person is shown: the accept approves them all
            "keys": [list(k) for k in ask_keys(v)],
            "rule": v.rule,
            # (for the retry's approval record: withheld as the ask's own record has it)
            "destination": withhold_verdict(v, args, shown).destination,
            "up": params.get("requestState"),
            "ir": params.get("inputResponses") or None,
        }
        state = self.sealer.seal(payload, ttl_s=self.cfg.approval_timeout_s)
        q = self._question(tool, v, shown)
        result = {
            "resultType": "input_required",
            "inputRequests": {
                envelope.INPUT_KEY: {
                    "method": "elicitation/create",
                    "params": {"mode": "form", **q},
                }
            },
            "requestState": state,
        }
        rec = self._verdict_record(tool, shown, v, args, asked="input_required")
        refused = error_frame(id_, INTERNAL_ERROR, _NOT_FORWARDED)
        return self._answer(id_, result_frame(id_, result), audit=rec, refused=refused, id=id_)

    def _ask_legacy(
        self, id_: Any, tool: str, args: Any, line: bytes, v: Verdict, shown: Any
    ) -> list[Action]:
        key = id_key(id_)
        if key in self.cancelling:
            # cancelled while it was decided: no one is asked about a call the client no
            # longer waits for (an approval would send it upstream after its cancel), no
            # answer goes out (MCP: none to a cancelled request), and its id is free again
            self.cancelling.discard(key)
            self.inflight.discard(key)
            rec = self._verdict_record(tool, shown, v, args, asked="none", answer="cancelled")
            return [Audit(rec)]
        # unguessable on its own (not only through the per-process prefix): a server that
        # knew the id could send a form of its own under it, and the person's accept of
        # that form would answer this question
        eid = f"{self.own_prefix}{next(self._counter)}-{secrets.token_hex(8)}"
        deadline = self.clock() + self.cfg.approval_timeout_s
        self.asks[eid] = _Ask(id_, tool, args, line, v, deadline, shown)
        q = self._question(tool, v, shown)
        frame = orjson.dumps(
            {"jsonrpc": "2.0", "id": eid, "method": "elicitation/create", "params": q}
        )
        rec = self._verdict_record(tool, shown, v, args, asked="elicitation")
        refused = error_frame(id_, INTERNAL_ERROR, _NOT_FORWARDED)
        return [ToClient(frame, audit=rec, refused=refused, id=id_)]

    def _cancel_own(self, msg: dict[str, Any]) -> list[Action] | None:
        """The client cancels cordon's own question (``notifications/cancelled`` naming an id
        of cordon's own): the call it asked about is denied at once, as a decline is, and
        the notification is not forwarded: the upstream must never learn those ids (a server
        that knew the next one could send a form of its own under it, and the person's
        accept of that form would answer cordon's question). None: not one of cordon's ids
        (the core forwards it). Empty: answered or timed out already."""
        params = msg.get("params")
        rid = params.get("requestId") if isinstance(params, dict) else None
        if not (isinstance(rid, str) and rid.startswith(self.own_prefix)):
            return None
        ask = self.asks.pop(rid, None)
        return [] if ask is None else self._answered(ask, "cancelled", False)

    def _record_of(self, ask: _Ask, v: Verdict) -> dict[str, Any]:
        return self._verdict_record(ask.tool, ask.shown, v, ask.args)

    def _queue_answer(self, ask: _Ask, msg: dict[str, Any]) -> list[Action]:
        """A person's answer to cordon's question, acted on in the decision queue (so before
        any frame that came after it): an accept approves and checks the call again."""
        result = msg.get("result")
        if "error" in msg and not isinstance(result, dict):
            return self._cannot_elicit(ask, msg.get("error"))
        answer, approved = "error", False
        if isinstance(result, dict):
            answer = str(result.get("action", "none"))
            approved = envelope.is_accept(result)
            if answer == "accept" and not approved:
                answer = "accept-without-approve"
        return self._answered(ask, answer, approved)

    def _negotiated(self, msg: dict[str, Any]) -> None:
        """The upstream answered ``initialize`` (``msg``): cordon may elicit on this connection
        only when the client declared elicitation and the negotiated version has it. An error
        or a version without it leaves one-time codes (module docstring)."""
        result = msg.get("result")
        version = result.get("protocolVersion") if isinstance(result, dict) else None
        self.legacy_elicitation = asks_in_form(self.client_caps) and elicitation_negotiated(version)

    def _cannot_elicit(self, ask: _Ask, error: Any) -> list[Action]:
        """The client answered cordon's question with a JSON-RPC error: it cannot ask a person.
        The call is denied with a one-time code, as for a client without elicitation (not
        checked again: an error never allows); after ``-32601`` no question goes out again."""
        code = error.get("code") if isinstance(error, dict) else None
        acts: list[Action] = []
        if code == METHOD_NOT_FOUND and self.legacy_elicitation:
            self.legacy_elicitation = False
            acts.append(
                Log(
                    "the client answered cordon's elicitation/create with -32601 (method not "
                    "found): asks on this connection get one-time codes from now on"
                )
            )
        record = self._approval_record(ask, "error")
        slot = self._slot("client")

        def run() -> Decision:
            if not self.cfg.codes:
                return Decision(ask.verdict)
            return self.work.code_for(ask.verdict, ask.tool, ask.args)

        def done(d: Decision | None, failed: BaseException | None) -> list[Action]:
            out: list[Action] = list(acts)
            if failed is not None or d is None:
                out.append(Log(f"error issuing a one-time code, denying without: {failed!r}"))
                d = Decision(ask.verdict)
            out += [Log(p) for p in d.problems]
            denied = self._code_deny(ask.id, ask.tool, ask.args, ask.shown, ask.verdict, d.code)
            return self._fill("client", slot, [*out, record, denied])

        return self._enqueue(Job("answer", len(ask.line), run, done, id=ask.id, label=ask.tool))

    def _code_deny(
        self,
        id_: Any,
        tool: str,
        args: Any,
        shown: Any,
        v: Verdict,
        code: str | None,
        modern: bool = False,
    ) -> ToClient:
        """Deny the ask ``v`` that no person could be asked about through the client, with
        its one-time code when it has one (``asked: code``), else plainly (``asked: none``)."""
        cfg = self.cfg
        extra = (
            CODE_HINT.format(cordon=cfg.approve_command, code=code, store=cfg.store_option)
            if code
            else ""
        )
        rec = self._verdict_record(
            tool, shown, v, args, asked="code" if code else "none", answer="deny", code=code
        )
        # (the reason may quote the adversary's text, a program name: no control reaches the
        # client that shows the person the code, and its length is capped to its start and
        # its end, :mod:`cordon.approvals.display`)
        said = display.clipped(v.reason, envelope.REASON_CHARS)
        denied = Verdict(verdict="deny", rule=v.rule, reason=f"needs approval: {said}")
        return self._deny(id_, denied, modern, extra, audit=rec)

    def _approval_record(self, ask: _Ask, answer: str) -> Audit:
        return self._record(
            {
                "kind": "approval",
                "tool": ask.tool,
                "rule": ask.verdict.rule,
                "destination": withhold_verdict(ask.verdict, ask.args, ask.shown).destination,
                "channel": "elicitation",
                "answer": answer,
            }
        )

    def _answered(self, ask: _Ask, answer: str, approved: bool) -> list[Action]:
        record = self._approval_record(ask, answer)
        if not approved:
            d = Verdict(
                verdict="deny",
                rule=ask.verdict.rule,
                reason=f"a person did not approve this call ({answer})",
            )
            return self._put(
                "client",
                [
                    record,
                    self._deny(ask.id, d, False, audit=self._record_of(ask, d)),
                ],
            )
        slot = self._slot("client")

        def run() -> Verdict:
            return self.work.approved(ask.verdict, ask.tool, ask.args)

        def done(v2: Verdict | None, error: BaseException | None) -> list[Action]:
            key = id_key(ask.id)
            if key in self.cancelling:
                # cancelled while the accept was acted on: the client no longer waits for
                # the call, and one sent after its cancel would run with its result unread
                # (as for a call cancelled while it was decided, _ask_legacy): no answer
                # (MCP: none to a cancelled request), its id free again
                self.cancelling.discard(key)
                self.inflight.discard(key)
                rec = self._verdict_record(
                    ask.tool,
                    ask.shown,
                    ask.verdict,
                    ask.args,
                    asked="elicitation",
                    answer="cancelled",
                )
                return self._fill("client", slot, [record, Audit(rec)])
            if error is not None or v2 is None:
                failed = self._answer(ask.id, error_frame(ask.id, INTERNAL_ERROR, _NOT_FORWARDED))
                return [
                    Log(f"error acting on an approval: {error!r}"),
                    *self._fill("client", slot, [failed]),
                ]
            if v2.verdict == "allow":
                act: Action = self._forward(
                    ask.id, ask.tool, ask.args, ask.line, v2, False, ask.shown
                )
            else:
                act = self._deny(ask.id, v2, False, audit=self._record_of(ask, v2))
            return self._fill("client", slot, [record, act])

        return self._enqueue(Job("answer", len(ask.line), run, done, id=ask.id, label=ask.tool))

    def next_deadline(self) -> float | None:
        """When :meth:`tick` next has something to do (monotonic seconds), or None. (A
        transport asks after every batch of actions: no generator when nothing is asked.)"""
        if not self.asks:
            return None
        return min(a.deadline for a in self.asks.values())

    def tick(self, now: float) -> list[Action]:
        """Deny the calls whose question timed out (no answer from a person is a deny)."""
        out: list[Action] = []
        for eid, ask in list(self.asks.items()):
            if ask.deadline <= now:
                del self.asks[eid]
                out += self._answered(ask, "timeout", False)
        return out
