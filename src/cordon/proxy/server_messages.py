"""The proxy core's handling of what a server sends on its own: notifications (a log line,
progress, a resource update) and requests (sampling, elicitation, roots, any other).

A mixin of :class:`cordon.proxy.core.ProxyCore`, through
:class:`cordon.proxy.upstream.UpstreamSide` (which reads each server frame and hands these
here). They are server output (invariant 6): scanned and recorded like a result; a request
of a kind the client did not declare, or the policy denies, is refused
(:mod:`cordon.proxy.server_requests`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import orjson

from cordon.content.sanitize import Mode, evaluate_result, strip_ansi
from cordon.proxy.actions import Action, Audit, Job, Log, ToClient, ToUpstream
from cordon.proxy.framing import error_frame
from cordon.proxy.server_requests import Inspection, refusal, undeclared
from cordon.proxy.warn import REFUSED

if TYPE_CHECKING:
    from cordon.proxy.core import CoreConfig, _Slot
    from cordon.proxy.work import SessionWork

__all__ = ["ServerMessageSide"]


class ServerMessageSide:
    """Server notifications and server requests (see the module docstring)."""

    cfg: CoreConfig
    work: SessionWork
    _recorded_since_quiet: bool
    #: the client features declared at ``initialize`` (sampling, elicitation, roots ...)
    client_caps: dict[str, Any]

    if TYPE_CHECKING:

        def _put(self, lane: str, actions: list[Action]) -> list[Action]: ...
        def _slot(self, lane: str) -> _Slot: ...
        def _fill(self, lane: str, slot: _Slot, actions: list[Action]) -> list[Action]: ...
        def _enqueue(self, job: Job) -> list[Action]: ...
        def _record(self, rec: dict[str, Any]) -> Audit: ...
        def _sanitise_notification(
            self, method: str, msg: dict[str, Any], params: Any, line: bytes, run: Any
        ) -> list[Action]: ...
        def _deliver_then_record(
            self,
            line: bytes,
            id_: Any,
            run: Callable[[], Any],
            size: int,
            tool: str = "",
            where: str = "result",
            first: list[Action] | None = None,
        ) -> list[Action]: ...

    def _notification(
        self, method: str, msg: dict[str, Any], params: Any, line: bytes
    ) -> list[Action]:
        """A notification (a log line, progress, a ``subscriptions/listen`` event ...) or
        another server request with params: recorded and scanned like a result, findings
        audited (``where: notification``); warn and block modes deliver it sanitised
        (:meth:`WarnSide._sanitise_notification`), block mode drops one with a finding at
        ``block_at`` (a request is answered with an error). What is delivered has no ANSI
        escape in any mode (:func:`_bare` in monitor mode), as a tools/list has not: a client
        prints log and progress messages to its user's terminal."""
        run = lambda: self.work.scan_notification(params)  # noqa: E731
        if self.cfg.content_mode != "monitor":  # (sanitised: an escape is a finding)
            return self._sanitise_notification(method, msg, params, line, run)
        shown = _bare(msg, params, line)
        return self._deliver_then_record(shown, None, run, len(line), method, "notification")

    def _server_request(self, kind: str, msg: dict[str, Any], line: bytes) -> list[Action]:
        """A server's sampling, elicitation or roots request (:mod:`server_requests`):
        refused when the client did not declare ``kind`` (or the mode or feature it uses) or
        the policy denies it, else scanned in the queue and refused or passed on, in order
        with the frames around it. In warn and block modes what passes is sanitised as a
        notification is (credentials masked, hidden characters removed, instructions marked;
        block mode refuses one with a finding at ``block_at``): a form's
        message, its fields' titles and defaults and a sampling prompt are server output
        that a person or the client's model reads (invariant 6)."""
        rid, params = msg["id"], msg.get("params")
        rule = self.cfg.server_requests.get(kind, "scan")
        missing = "it" if kind not in self.client_caps else None
        missing = missing or undeclared(kind, params, self.client_caps.get(kind))
        if missing is not None:
            why = f"the client did not declare {missing}"
            return self._put("upstream", self._refuse_request(kind, rid, why, [], -32601))
        if rule == "deny":
            return self._put(
                "upstream",
                self._refuse_request(
                    kind, rid, refusal(kind, rule, Inspection()) or "", [], REFUSED
                ),
            )
        mode = cast(Mode, self.cfg.content_mode)  # (the policy allows only these three)

        def then(found: Inspection, ev: Any) -> list[Action]:
            why = refusal(kind, rule, found)
            if why is None and ev is not None and ev.action == "block":  # (or over the caps)
                why = f"its content is blocked or unscanned (content mode {mode})"
            seen = [*found.findings, *(ev.findings if ev is not None else ())]
            rules = sorted({f.rule for f in seen})
            if why is not None:
                return self._refuse_request(kind, rid, why, rules, REFUSED, found.secret_fields)
            rec = {"kind": "server_request", "method": msg["method"], "action": "deliver"}
            if ev is not None and ev.action == "sanitise":
                rec["action"] = "sanitise"
                shown: dict[str, Any] = {**msg, "params": ev.result}
            else:
                shown = msg
            acts: list[Action] = [self._record({**rec, "rules": rules})] if rules else []
            # a question or prompt shown to a person or a model: no terminal control in it
            # (ESC [2J clears the screen around an approval dialog), in every mode
            bare = strip_ansi(shown)
            return [*acts, ToClient(line if bare is msg else orjson.dumps(bare) + b"\n")]

        self._recorded_since_quiet = True
        slot = self._slot("upstream")

        def done(found: Any, error: BaseException | None) -> list[Action]:
            if error is not None:
                acts = self._refuse_request(kind, rid, "cordon could not inspect it", [], REFUSED)
                return [
                    Log(f"error inspecting a {kind} request: {error!r}"),
                    *self._fill("upstream", slot, acts),
                ]
            return self._fill("upstream", slot, then(*found))

        def run() -> tuple[Inspection, Any]:
            found = self.work.inspect_request(kind, params)
            if mode == "monitor" or not isinstance(params, dict):  # (block: refused at block_at)
                return found, None
            return found, evaluate_result(params, mode=mode, block_at=self.cfg.block_at)

        return self._enqueue(Job("scan", len(line), run, done))

    def _refuse_request(
        self,
        kind: str,
        rid: Any,
        why: str,
        rules: list[str],
        code: int,
        fields: list[str] | None = None,
    ) -> list[Action]:
        """Answer the server's request ``rid`` with an error (nothing waits on it) and audit it."""
        rec: dict[str, Any] = {
            "kind": "server_request",
            "request": kind,
            "action": "refuse",
            "reason": why,
        }
        if rules:
            rec["rules"] = rules
        if fields:
            rec["fields"] = fields
        frame = error_frame(rid, code, f"cordon refused this {kind} request: {why}")
        return [self._record(rec), ToUpstream(frame)]


#: how a terminal control ``strip_ansi`` removes (``cordon.content._ansi``: an escape's
#: introducer, a backspace or carriage return, DEL, any C1 control) can appear in a frame:
#: JSON escapes a C0 control (``\u001b``, ``\b``, ``\r``; a raw one does not parse), DEL
#: and a C1 control may come as their UTF-8 bytes
_INTRODUCERS = re.compile(rb"\\u00|\\[br]|\x7f|\xc2[\x80-\x9f]")


def _bare(msg: dict[str, Any], params: Any, line: bytes) -> bytes:
    """The frame ``line`` (``msg``, whose ``params`` is ``params``) with every ANSI escape
    removed from its params: ``line`` itself when it carries none (a frame with no escape
    introducer in its bytes is not walked; the id is never changed, the server's answer
    to its own request matches it)."""
    if _INTRODUCERS.search(line) is None:
        return line
    bare = strip_ansi(params)
    return line if bare is params else orjson.dumps({**msg, "params": bare}) + b"\n"
