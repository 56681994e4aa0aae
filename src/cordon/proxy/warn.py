"""The proxy core's sanitising of server output that is not a result, in the warn and block
content modes: notifications (and server requests cordon does not know) and error responses.
Block mode delivers what warn delivers unless a finding reaches ``block_at`` (then the
notification is dropped, the request refused, the error's text withheld). A tool result's
and any other result's sanitising live with their delivery in :mod:`cordon.proxy.upstream`.

A mixin of :class:`cordon.proxy.core.ProxyCore`, as :class:`~cordon.proxy.upstream.UpstreamSide`
is; what it calls on the core is declared below for the type checker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import orjson

from cordon._types import Finding, severity_at_least
from cordon.content.sanitize import Evaluation, Mode, evaluate_result
from cordon.proxy.actions import Action, Audit, Job, Log, ToClient
from cordon.proxy.framing import INTERNAL_ERROR, error_frame

if TYPE_CHECKING:
    from cordon.proxy.core import CoreConfig, _Pending, _Slot
    from cordon.proxy.work import SessionWork

__all__ = ["WarnSide"]

#: a warn-mode frame under this many bytes is sanitised where it arrives and delivered at once
#: (a pure function of the frame: tens of microseconds), its recording queued as in monitor
#: mode; so it does not wait behind a large call's check in the decision queue (the other
#: direction keeps moving). A larger one is scanned in the queue before delivery.
INLINE_SANITISE_BYTES = 32 * 1024
#: the error code of a server request cordon refused by policy (the code a client uses when
#: its user rejects a request: MCP client features)
REFUSED = -1
WITHHELD = "cordon: internal error; the upstream result was withheld"


class WarnSide:
    """Warn- and block-mode sanitising of notifications and error responses (module
    docstring)."""

    cfg: CoreConfig
    work: SessionWork
    _recorded_since_quiet: bool

    if TYPE_CHECKING:

        def _put(self, lane: str, actions: list[Action]) -> list[Action]: ...
        def _slot(self, lane: str) -> _Slot: ...
        def _fill(self, lane: str, slot: _Slot, actions: list[Action]) -> list[Action]: ...
        def _enqueue(self, job: Job) -> list[Action]: ...
        def _answer(self, id_: Any, data: bytes, **kw: Any) -> ToClient: ...
        def _findings(
            self, action: str, tool: str, findings: list[Finding], where: str = "result"
        ) -> Audit: ...
        def _refuse_request(
            self,
            kind: str,
            rid: Any,
            why: str,
            rules: list[str],
            code: int,
            fields: list[str] | None = None,
        ) -> list[Action]: ...
        def _recorded(
            self, tool: str, where: str, report: bool
        ) -> Callable[[Any, BaseException | None], list[Action]]: ...
        def _degraded(self, tool: str, why: str) -> list[Action]: ...
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
        def _scan_then_deliver(
            self,
            id_: Any,
            line: bytes,
            kind: str,
            run: Callable[[], Any],
            then: Callable[[Any], list[Action]],
        ) -> list[Action]: ...

    def _evaluate(self, value: Any) -> Evaluation:
        """``value`` evaluated in the session's content mode (warn or block: block is warn's
        rewrite unless a finding reaches ``block_at``)."""
        mode = cast(Mode, self.cfg.content_mode)  # (the policy allows only the three modes)
        return evaluate_result(value, mode=mode, block_at=self.cfg.block_at)

    def _sanitise_notification(
        self, method: str, msg: dict[str, Any], params: Any, line: bytes, run: Callable[[], Any]
    ) -> list[Action]:
        """Warn and block modes: a notification's params (a log message, a progress message, a stream's
        event) reach the client sanitised as a result's strings are (credentials masked, ANSI
        and invisible characters removed, instructions wrapped): clients show log and progress
        messages, and some hand them to the model. One under :data:`INLINE_SANITISE_BYTES` is
        sanitised where it arrives and delivered at once (it never waits behind a call's
        check), its recording queued as in monitor mode; a larger one is sanitised and
        recorded by one job in the queue, then delivered. What cannot be delivered sanitised
        (a failed inspection, over the scan's caps, in block mode a finding at ``block_at``)
        is dropped; a server request with params is then answered with an error instead
        (nothing waits on it)."""
        has_id = "id" in msg

        def out(ev: Any, early: Job | None = None) -> tuple[list[Action], list[Action]]:
            """(the content record, the frames to send) for evaluation ``ev``; ``None``: the
            inspection failed. ``early``: the job that records a frame delivered before it
            (the frame goes out under the shared store's pending marker)."""
            acts: list[Action] = []
            if ev is not None and ev.findings:
                action = "drop" if ev.action == "block" else ev.action
                acts.append(self._findings(action, method, list(ev.findings), "notification"))
            if ev is not None and ev.action == "deliver":
                return acts, [ToClient(line, early=early)]
            if ev is not None and ev.action == "sanitise":
                frame = orjson.dumps({**msg, "params": ev.result}) + b"\n"
                return acts, [ToClient(frame, early=early)]
            if has_id:
                why = "cordon could not deliver it sanitised"
                rules = sorted({f.rule for f in ev.findings}) if ev is not None else []
                return acts, self._refuse_request(method, msg["id"], why, rules, REFUSED)
            return acts, []

        self._recorded_since_quiet = True
        if len(line) < INLINE_SANITISE_BYTES:
            ev: Any = None
            try:
                ev = self._evaluate(params)
            except Exception as exc:  # noqa: BLE001 - not delivered, still recorded
                logged = [Log(f"error inspecting an upstream {method}, dropped: {exc!r}")]
            else:
                logged = []
            # (the findings of the sanitising are recorded by it, not again by the job)
            report = ev is None or not ev.findings
            if ev is not None:
                evaluated = ev
                run = lambda: self.work.scan_notification(params, evaluated)  # noqa: E731
            job = Job("record", len(line), run, self._recorded(method, "notification", report))
            record, frames = out(ev, job)
            return [*logged, *self._put("upstream", [*record, *frames]), *self._enqueue(job)]
        slot = self._slot("upstream")

        def scan() -> tuple[Any, Any]:
            ev = self._evaluate(params)
            return ev, self.work.scan_notification(params, ev)  # (one scan, not two)

        def done(outcome: Any, error: BaseException | None) -> list[Action]:
            if error is not None:
                log = Log(f"error inspecting an upstream {method}, dropped: {error!r}")
                _, frames = out(None)
                return [
                    log,
                    *self._degraded(method, repr(error)),
                    *self._fill("upstream", slot, frames),
                ]
            ev, recorded = outcome
            acts = self._degraded(method, recorded) if isinstance(recorded, str) else []
            record, frames = out(ev)
            return [*acts, *record, *self._fill("upstream", slot, frames)]

        return self._enqueue(Job("scan", len(line), scan, done))

    def _sanitised_error(
        self, id_: Any, p: _Pending, msg: dict[str, Any], line: bytes
    ) -> list[Action]:
        """Warn and block modes: an error response's ``message`` and ``data`` are server
        output the model reads (a tool's error text, CyberArk's advanced tool poisoning asks
        for secrets in one): sanitised like a result's strings, under
        :data:`INLINE_SANITISE_BYTES` where it arrives (recorded by a job queued behind it),
        larger in a scan job first; one that cannot go out sanitised is answered
        ``withheld``, one block mode blocks with an error naming the rules (never the text)."""
        err = msg["error"]
        where = p.tool or p.method
        withheld = error_frame(id_, INTERNAL_ERROR, WITHHELD)

        def frame(ev: Any) -> bytes:
            if ev.action == "deliver":
                return line
            if ev.action == "sanitise":
                return orjson.dumps({**msg, "error": ev.result}) + b"\n"
            bad = sorted(
                {f.rule for f in ev.findings if severity_at_least(f.severity, self.cfg.block_at)}
            )
            if self.cfg.content_mode != "block" or not bad:
                return withheld
            why = f"cordon blocked the upstream error response: it matched {', '.join(bad)}"
            return error_frame(id_, INTERNAL_ERROR, why)

        def record(ev: Any) -> list[Action]:
            if not ev.findings:
                return []
            action = "block" if ev.action == "block" else ev.action
            return [self._findings(action, where, list(ev.findings), "error")]

        if len(line) >= INLINE_SANITISE_BYTES:

            def run() -> Any:
                ev = self._evaluate(err)
                self.work.record_untrusted(err, ev, where, p.args)  # (its credentials too)
                return ev

            def then(ev: Any) -> list[Action]:
                return [*record(ev), self._answer(id_, frame(ev))]

            return self._scan_then_deliver(id_, line, "scan", run, then)
        try:
            ev = self._evaluate(err)
        except Exception as exc:  # noqa: BLE001 - withheld, as when a scan job fails
            return [
                Log(f"error inspecting an upstream error response, withheld: {exc!r}"),
                *self._deliver_then_record(
                    withheld,
                    id_,
                    lambda: self.work.record_untrusted(err, None, where, p.args),
                    len(line),
                    first=[],
                ),
            ]
        return self._deliver_then_record(
            frame(ev),
            id_,
            lambda: self.work.record_untrusted(err, ev, where, p.args),
            len(line),
            where,
            first=record(ev),
        )
