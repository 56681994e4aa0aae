"""The proxy core's decisions on client requests that are not calls but carry values the agent
chose: ``resources/read`` (and subscribe/unsubscribe), ``prompts/get``,
``completion/complete`` (:mod:`cordon.engine.client_requests` says what is checked and why).

Each is a ``decide`` job of the decision queue, in its place in the client lane, as a
``tools/call`` is: decided on exactly the output that arrived before it. The verdict is one
audit record (``kind: verdict``, ``tool``: the method), written before the request is
forwarded (invariant 4). A deny is a JSON-RPC error (:data:`POLICY_DENIED`) that names the
rule, and the request never reaches the server (invariant 1). An ask has no form to put it
in (an error is the only answer a request of these methods can get that is not its result),
so it is denied with a one-time code: a person who runs ``cordon approve CODE`` lets one
retry of the same request through.

Refusals come first, as for a call (:meth:`cordon.proxy.work.SessionWork.decide_request`):
a server that is not the one pinned, a policy that does not fit the server
(``policy.unknown_tool``: the server's settings it meant to give may be lost), and a
2026-07-28 retry's ``inputResponses`` (``resources/read`` and ``prompts/get`` take them, as
``tools/call`` does: the client's answers to the server's questions) carrying a credential.

A mixin of :class:`cordon.proxy.core.ProxyCore`, as :class:`cordon.proxy.asking.AskSide` is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cordon._types import Verdict
from cordon.decider import Decision
from cordon.engine.client_requests import other_params, request_values
from cordon.proxy.actions import Action, Audit, Job, Log, ToClient, ToUpstream
from cordon.proxy.asking import _NOT_FORWARDED, CODE_HINT
from cordon.proxy.framing import INTERNAL_ERROR, INVALID_PARAMS, error_frame

if TYPE_CHECKING:
    from cordon.proxy.core import CoreConfig, _Slot
    from cordon.proxy.work import SessionWork

__all__ = ["POLICY_DENIED", "RequestSide"]

#: the JSON-RPC error code of a client request cordon denied: in the range JSON-RPC 2.0
#: (section 5.1) leaves to implementations, and used by no MCP SDK (-32000 connection
#: closed, -32001 request timeout, -32002 resource not found, -32042 URL elicitation)
POLICY_DENIED = -32003
#: what the client gets instead when the record of an allowed request cannot be written
_AUDIT_REFUSED = "cordon: the audit log cannot be written; the request was not forwarded"


class RequestSide:
    """Deciding client requests other than ``tools/call`` (see the module docstring)."""

    cfg: CoreConfig
    work: SessionWork

    if TYPE_CHECKING:

        def _slot(self, lane: str) -> _Slot: ...
        def _fill(self, lane: str, slot: _Slot, actions: list[Action]) -> list[Action]: ...
        def _enqueue(self, job: Job) -> list[Action]: ...
        def _answer(self, id_: Any, data: bytes, **kw: Any) -> ToClient: ...
        def _refuse(self, direction: str, reason: str, **extra: Any) -> Audit: ...
        def _record(self, rec: dict[str, Any]) -> Audit: ...
        def _sent(
            self,
            id_: Any,
            method: str,
            tool: str | None = None,
            args: Any = None,
            caps: dict[str, Any] | None = None,
            task: Any = None,
        ) -> None: ...
        def _verdict_record(
            self, tool: str, shown: Any, v: Verdict, raw: Any = None, **extra: Any
        ) -> dict[str, Any]: ...

    def _client_request(self, msg: dict[str, Any], line: bytes) -> list[Action] | None:
        """The actions for a client request of a decided method; None for any other method
        (forwarded as it came)."""
        id_, method = msg["id"], msg["method"]
        try:
            picked = request_values(method, msg.get("params"))
        except ValueError as exc:
            return [
                self._refuse("client", str(exc), id=id_),
                self._answer(id_, error_frame(id_, INVALID_PARAMS, f"cordon: {exc}")),
            ]
        if picked is None:
            return self._other_request(msg, line)
        values, pipeline = picked
        slot = self._slot("client")
        issue_code = self.cfg.codes
        params = msg["params"]  # (an object: request_values refused any other)
        answers = params.get("inputResponses")

        def run() -> Decision:
            return self.work.decide_request(
                method, values, pipeline, issue_code=issue_code, answers=answers, params=params
            )

        def done(d: Decision | None, error: BaseException | None) -> list[Action]:
            if error is not None or d is None:
                failed = self._answer(id_, error_frame(id_, INTERNAL_ERROR, _NOT_FORWARDED))
                return [
                    Log(f"error deciding a {method} request, answered with an error: {error!r}"),
                    *self._fill("client", slot, [failed]),
                ]
            acts: list[Action] = [Log(p) for p in d.problems]
            acts += [self._record(r) for r in d.records]
            acts.append(self._act_on_request(id_, method, values, line, d, caps_of(params)))
            return self._fill("client", slot, acts)

        return self._enqueue(Job("decide", len(line), run, done, id=id_, label=method))

    def _other_request(self, msg: dict[str, Any], line: bytes) -> list[Action] | None:
        """A request of a method that decides nothing (a list, ``tasks/get``,
        ``logging/setLevel``, one cordon does not know) whose params hold anything
        (:func:`cordon.engine.client_requests.other_params`): read for credentials by a job of
        the decision queue (what the session knows of secrets depends on the output before
        it), forwarded when none is found. A refusal is a deny verdict in the audit log and a
        JSON-RPC error; a request that passes is not a decision of the agent's and gets no
        record. None: nothing to read (``ping``, a list without a cursor, the handshake)."""
        id_, method, params = msg["id"], msg["method"], msg.get("params")
        if not other_params(method, params):
            return None
        slot = self._slot("client")

        def done(d: Decision | None, error: BaseException | None) -> list[Action]:
            if error is not None:
                failed = self._answer(id_, error_frame(id_, INTERNAL_ERROR, _NOT_FORWARDED))
                return [
                    Log(f"error checking a {method} request, answered with an error: {error!r}"),
                    *self._fill("client", slot, [failed]),
                ]
            if d is None:
                task = params.get("taskId") if isinstance(params, dict) else None
                self._sent(id_, method, caps=caps_of(params), task=task)
                return self._fill("client", slot, [ToUpstream(line)])
            return self._fill("client", slot, [self._act_on_request(id_, method, {}, line, d)])

        def run() -> Decision | None:
            return self.work.check_params(method, params)

        return self._enqueue(Job("decide", len(line), run, done, id=id_, label=method))

    def _act_on_request(
        self,
        id_: Any,
        method: str,
        values: dict[str, Any],
        line: bytes,
        d: Decision,
        caps: dict[str, Any] | None = None,
    ) -> Action:
        """Forward an allowed request under its audit record; answer any other verdict with
        an error naming the rule (an ask: with its one-time code, if it got one). ``caps``:
        a 2026-07-28 request's ``clientCapabilities``, which the server's questions
        (``input_required``) in its answer must fit."""
        v = d.verdict
        shown = d.shown if d.shown is not None else values
        refused = error_frame(id_, INTERNAL_ERROR, _AUDIT_REFUSED)
        if v.verdict == "allow":
            self._sent(id_, method, None, values, caps)
            rec = self._verdict_record(method, shown, v, values, method=method)
            return ToUpstream(line, audit=rec, refused=refused, id=id_)
        extra: dict[str, Any] = {"method": method}
        reason = v.reason
        if v.verdict == "ask":
            extra.update(asked="code" if d.code else "none", answer="deny", code=d.code)
            reason = f"needs approval: {v.reason}"
            if d.code is not None:
                cfg = self.cfg
                hint = CODE_HINT.format(
                    cordon=cfg.approve_command, code=d.code, store=cfg.store_option
                )
                reason += ". " + hint.replace("this exact call", "this exact request")
        rec = self._verdict_record(method, shown, v, values, **extra)
        told = f"cordon denied this {method} request ({v.rule}): {reason}"
        return self._answer(
            id_, error_frame(id_, POLICY_DENIED, told), audit=rec, refused=refused, id=id_
        )


def caps_of(params: Any) -> dict[str, Any] | None:
    """A 2026-07-28 request's ``clientCapabilities`` (``_meta``), or None (a handshake-era
    request: the capabilities declared at ``initialize`` hold)."""
    meta = params.get("_meta") if isinstance(params, dict) else None
    caps = (
        meta.get("io.modelcontextprotocol/clientCapabilities") if isinstance(meta, dict) else None
    )
    return caps if isinstance(caps, dict) else None
