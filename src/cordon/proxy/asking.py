"""The proxy core's questions to a person: cordon's own ``input_required`` result (a
2026-07-28 request) or legacy ``elicitation/create`` for a call the engine asks about, and
acting on the answer in the decision queue (an accept approves the call and checks it again;
no answer by the deadline is a deny).

A mixin of :class:`cordon.proxy.core.ProxyCore` (the queue, the lanes and the records live
there), as :class:`cordon.proxy.upstream.UpstreamSide` is.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from cordon._types import Verdict
from cordon.approvals import envelope
from cordon.audit.withheld import withhold_verdict
from cordon.proxy.actions import Action, Audit, Job, Log, ToClient, ToUpstream
from cordon.proxy.framing import INTERNAL_ERROR, error_frame, result_frame

if TYPE_CHECKING:
    from cordon.proxy.core import CoreConfig, _Slot
    from cordon.proxy.work import SessionWork

__all__ = ["AskSide"]

_NOT_FORWARDED = "cordon: internal error; the request was not forwarded"


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

    def _ask_input_required(
        self, id_: Any, tool: str, args: Any, params: dict[str, Any], v: Verdict, shown: Any
    ) -> ToClient:
        payload = {
            "call": envelope.call_digest(tool, args),
            "key": list(v.details.get("approval_key") or []),
            "rule": v.rule,
            # (for the retry's approval record: withheld as the ask's own record has it)
            "destination": withhold_verdict(v, args, shown).destination,
            "up": params.get("requestState"),
            "ir": params.get("inputResponses") or None,
        }
        state = self.sealer.seal(payload, ttl_s=self.cfg.approval_timeout_s)
        q = envelope.question(self.cfg.server, tool, v.param, v.destination, v.reason)
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
        eid = f"{self.own_prefix}{next(self._counter)}"
        deadline = self.clock() + self.cfg.approval_timeout_s
        self.asks[eid] = _Ask(id_, tool, args, line, v, deadline, shown)
        q = envelope.question(self.cfg.server, tool, v.param, v.destination, v.reason)
        frame = orjson.dumps(
            {"jsonrpc": "2.0", "id": eid, "method": "elicitation/create", "params": q}
        )
        rec = self._verdict_record(tool, shown, v, args, asked="elicitation")
        refused = error_frame(id_, INTERNAL_ERROR, _NOT_FORWARDED)
        return [ToClient(frame, audit=rec, refused=refused, id=id_)]

    def _record_of(self, ask: _Ask, v: Verdict) -> dict[str, Any]:
        return self._verdict_record(ask.tool, ask.shown, v, ask.args)

    def _queue_answer(self, ask: _Ask, msg: dict[str, Any]) -> list[Action]:
        """A person's answer to cordon's question, acted on in the decision queue (so before
        any frame that came after it): an accept approves and checks the call again."""
        result = msg.get("result")
        answer, approved = "error", False
        if isinstance(result, dict):
            answer = str(result.get("action", "none"))
            approved = envelope.is_accept(result)
            if answer == "accept" and not approved:
                answer = "accept-without-approve"
        return self._answered(ask, answer, approved)

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
        """When :meth:`tick` next has something to do (monotonic seconds), or None."""
        return min((a.deadline for a in self.asks.values()), default=None)

    def tick(self, now: float) -> list[Action]:
        """Deny the calls whose question timed out (no answer from a person is a deny)."""
        out: list[Action] = []
        for eid, ask in list(self.asks.items()):
            if ask.deadline <= now:
                del self.asks[eid]
                out += self._answered(ask, "timeout", False)
        return out
