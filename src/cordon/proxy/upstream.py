"""The proxy core's upstream side: what it does with each frame the server sends.

A mixin of :class:`cordon.proxy.core.ProxyCore` (the queue, the lanes and the client side
live there). Everything a server sends is untrusted output (invariant 6). A frame whose
delivery needs no decision goes out now and is recorded by a job queued behind it
(:meth:`UpstreamSide._deliver_then_record`); one that must be inspected first (a tools/list
page to pin, a result in warn or block mode, any other result, server instructions) takes a
slot in the upstream lane and goes out when its job is done, the frames after it waiting
behind it (:meth:`UpstreamSide._scan_then_deliver`). What the server sends on its own
(notifications, its requests) is handled in :mod:`cordon.proxy.server_messages`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import orjson

from cordon._exceptions import ProtocolError
from cordon._types import Finding, severity_at_least
from cordon.content._ansi import ANSI_HINT
from cordon.content.sanitize import evaluate_result, strip_ansi
from cordon.engine.core import Observation
from cordon.proxy.actions import Action, Audit, Job, Log, ToClient
from cordon.proxy.framing import (
    CR,
    INTERNAL_ERROR,
    LF,
    Oversize,
    check_depth,
    error_frame,
    frame_tail,
    id_frame,
    id_key,
    may_exceed_depth,
    parse_frame,
    result_frame,
    sniff_id,
)
from cordon.proxy.identity import SERVER_INFO_META
from cordon.proxy.linked_output import LinkedObservation, record_linked
from cordon.proxy.paging import Cursors
from cordon.proxy.server_messages import ServerMessageSide
from cordon.proxy.server_requests import (
    KINDS,
    Inspection,
    asks_for_secrets,
    imitates_cordon,
    refusal,
    undeclared,
)
from cordon.proxy.warn import INLINE_SANITISE_BYTES, WITHHELD
from cordon.proxy.work import ListOutcome

if TYPE_CHECKING:
    from cordon.proxy.core import CoreConfig, _Pending, _Slot
    from cordon.proxy.work import SessionWork

__all__ = ["WITHHELD", "UpstreamSide"]

#: what a frame delivered before its recording is replaced by when the shared taint store
#: cannot cover it (every delivered result carries one: serialised once, :func:`id_frame`)
_WITHHELD_TAIL = frame_tail(error={"code": INTERNAL_ERROR, "message": WITHHELD})

#: results a client shows its user as a list to pick from (a prompt picker, a resource
#: browser, a completion drop-down): no terminal control in them in any content mode, as
#: in a tools/list (a concealing escape hides words from the person picking)
_PICKED = frozenset(
    {"prompts/list", "resources/list", "resources/templates/list", "completion/complete"}
)
#: the members of a JSON-RPC 2.0 message (every other is dropped, unscanned: server_frame)
_MEMBERS = frozenset({"jsonrpc", "id", "method", "params", "result", "error"})


class UpstreamSide(ServerMessageSide):
    """Server -> client handling (see the module docstring)."""

    cfg: CoreConfig
    work: SessionWork
    pending: dict[tuple[str, Any], _Pending]
    cursors: Cursors  #: the cursors of the client's listings (paging.py)
    _recorded_since_quiet: bool
    #: the client features declared at ``initialize`` (sampling, elicitation, roots ...)
    client_caps: dict[str, Any]
    #: the last result ``serverInfo`` found to be the pinned one (:meth:`_named_elsewhere`)
    _named_ok: Any = None

    if TYPE_CHECKING:

        def _put(self, lane: str, actions: list[Action]) -> list[Action]: ...
        def _slot(self, lane: str) -> _Slot: ...
        def _fill(self, lane: str, slot: _Slot, actions: list[Action]) -> list[Action]: ...
        def _enqueue(self, job: Job) -> list[Action]: ...
        def _answer(self, id_: Any, data: bytes, **kw: Any) -> ToClient: ...
        def _refuse(self, direction: str, reason: str, **extra: Any) -> Audit: ...
        def _record(self, rec: dict[str, Any]) -> Audit: ...
        def late_answer(self, id_: Any) -> list[Action] | None: ...
        def _note_task(self, p: _Pending, result: dict[str, Any]) -> None: ...
        def _negotiated(self, msg: dict[str, Any]) -> None: ...
        def _sanitised_error(
            self, id_: Any, p: _Pending, msg: dict[str, Any], line: bytes
        ) -> list[Action]: ...
        def _evaluate(self, value: Any) -> Any: ...
        def _own_id_request(self, msg: dict[str, Any]) -> list[Action] | None: ...

    def awaiting(self, id_: Any) -> bool:
        """Request ``id_`` went upstream and has had no answer yet (nor was it cancelled or
        answered with an error): read-only, for a transport deciding whether an exchange that
        ended (an SSE stream closed early) must be resumed or answered with an error."""
        return id_key(id_) in self.pending

    def upstream_event(self, event: str, reason: str, **extra: Any) -> list[Action]:
        """The audit record of something the transport did with the upstream on its own (a
        remote session renewed after the server forgot it, or one it could not renew)."""
        return [self._record({"kind": "upstream", "event": event, "reason": reason, **extra})]

    def server_frame(self, item: bytes | Oversize) -> list[Action]:
        """One line from the upstream server."""
        if isinstance(item, Oversize):
            return self._put("upstream", self._oversize_reply(item))
        try:
            msg = parse_frame(item)
        except ProtocolError as exc:
            acts: list[Action] = [
                self._refuse("server", str(exc)),
                Log(f"dropped an upstream message: {exc}"),
            ]
            # an answer cordon cannot parse (1e400, invalid UTF-8) is still the answer: the
            # request it names gets an error instead of waiting forever
            rid = sniff_id(item[:4096], item[-4096:])
            pend = self.pending.pop(id_key(rid), None) if rid is not None else None
            if pend is None:
                return acts
            why = f"cordon: upstream reply refused: {exc}"
            return self._put(
                "upstream",
                [*acts, self._answer(pend.id, error_frame(pend.id, INTERNAL_ERROR, why))],
            )
        if type(msg.get("id")) is str:  # (a request under an id of cordon's own: refused)
            own = self._own_id_request(msg)
            if own is not None:
                return own
        extra = None if _MEMBERS.issuperset(msg) else msg.keys() - _MEMBERS
        if extra or LF in item or CR in item:
            # a Streamable HTTP frame may break lines between tokens (a JSON body, an SSE
            # event of several data lines) and the client reads line by line: every frame
            # goes out as the one line inspected. A member JSON-RPC 2.0 does not define
            # (sections 4, 5) is neither scanned nor relayed: the frame is rebuilt without it
            msg = {k: v for k, v in msg.items() if k not in extra} if extra else msg
            item = orjson.dumps(msg)
        method = msg.get("method")
        if "method" in msg and not isinstance(method, str):
            # neither a request, a notification nor a response (JSON-RPC 2.0 section 4): a
            # client that reads it as the answer to its request would skip every check
            return [
                self._refuse("server", "method is not a string"),
                Log("dropped an upstream message whose method is not a string"),
            ]
        if method is not None and ("result" in msg or "error" in msg):
            return self._request_and_response(msg)
        if method is not None:
            if ANSI_HINT.search(method):
                # no MCP method carries one, and a client that logs an unknown method would
                # print it to its user's terminal (every escape is removed from a frame's
                # params, not from its method: dropped, not turned into a method it names)
                return [
                    self._refuse("server", "method carries a terminal escape"),
                    Log("dropped an upstream message whose method carries a terminal escape"),
                ]
            if "id" in msg and method in KINDS:
                return self._server_request(KINDS[method], msg, item)
            # notifications and server-to-client requests are server output (invariant 6)
            params = msg.get("params")
            if not params:
                return self._put("upstream", [ToClient(item)])
            return self._notification(str(method), msg, params, item)
        return self._response(msg, item)

    def _request_and_response(self, msg: dict[str, Any]) -> list[Action]:
        """Both a request (or notification) and a response, which JSON-RPC 2.0 forbids (read
        one way or the other, unscanned): dropped; the request its id names gets an error."""
        acts: list[Action] = [
            self._refuse("server", "a message with both a method and a result or error"),
            Log("dropped an upstream message with both a method and a result or error"),
        ]
        pend = self.pending.pop(id_key(msg["id"]), None) if "id" in msg else None
        if pend is None:
            return acts
        why = "cordon: upstream reply refused: not a valid JSON-RPC response"
        return self._put(
            "upstream", [*acts, self._answer(pend.id, error_frame(pend.id, INTERNAL_ERROR, why))]
        )

    def _oversize_reply(self, item: Oversize) -> list[Action]:
        rid = sniff_id(item.head, item.tail)
        out: list[Action] = [self._refuse("server", "oversize", size=item.size)]
        pend = self.pending.pop(id_key(rid), None) if rid is not None else None
        if pend is None:
            return [*out, Log(f"dropped an upstream message over the size cap ({item.size} bytes)")]
        why = f"cordon: upstream reply over the size cap ({self.cfg.max_bytes} bytes)"
        return [*out, self._answer(pend.id, error_frame(pend.id, INTERNAL_ERROR, why))]

    def _deliver_then_record(
        self,
        line: bytes,
        id_: Any,
        run: Callable[[], Any],
        size: int,
        tool: str = "",
        where: str = "result",
        first: list[Action] | None = None,
    ) -> list[Action]:
        """Deliver a frame now and record it in the queue: delivery needs no decision, and a
        call that arrives after it is decided with it recorded (it is later in the queue).
        ``first``: the content record of a result sanitised before delivery (its findings are
        not recorded again by the job)."""

        job = Job("record", size, run, self._recorded(tool, where, first is None), label=tool)
        withheld = id_frame(id_, _WITHHELD_TAIL) if id_ is not None else None
        frame = (
            self._answer(id_, line, early=job, withheld=withheld, id=id_)
            if id_ is not None
            else ToClient(line, early=job)
        )
        self._recorded_since_quiet = True
        return self._put("upstream", [*(first or []), frame]) + self._enqueue(job)

    def _recorded(
        self, tool: str, where: str, report: bool
    ) -> Callable[[Any, BaseException | None], list[Action]]:
        """The end of a ``record`` job for output already delivered: a failed recording
        degrades the session; ``report``: its findings become a content record (not when
        the sanitising before delivery recorded them)."""

        def done(outcome: Any, error: BaseException | None) -> list[Action]:
            if error is not None:
                return self._degraded(tool or "server output", repr(error))
            if isinstance(outcome, str):
                return self._degraded(tool or "server output", outcome)
            findings = getattr(outcome, "findings", None) if report else None
            acts: list[Action] = (
                [self._findings("deliver", tool, findings, where)] if findings else []
            )
            if isinstance(outcome, LinkedObservation) and outcome.linked:
                acts.append(self._findings("deliver", tool, outcome.linked, "linked file"))
            return acts

        return done

    def _withheld(self, slot: _Slot, id_: Any, error: BaseException) -> list[Action]:
        """A result whose inspection failed: the client gets ``withheld`` in its slot."""
        failed = self._answer(id_, error_frame(id_, INTERNAL_ERROR, WITHHELD))
        return [
            Log(f"error inspecting an upstream result, withheld: {error!r}"),
            *self._fill("upstream", slot, [failed]),
        ]

    def _degraded(self, tool: str, why: str) -> list[Action]:
        return [
            self._record(
                {"kind": "session", "rule": "session.degraded", "tool": tool, "reason": why[:200]}
            ),
            Log(f"recording a {tool} result failed: {why}"),
        ]

    def _findings(
        self, action: str, tool: str, findings: list[Finding], where: str = "result"
    ) -> Audit:
        """A ``content`` record; ``tool`` is the tool of a result, the method of a
        notification (``where: notification``)."""
        return self._record(
            {
                "kind": "content",
                "where": where,
                "method" if where == "notification" else "tool": tool,
                "action": action,
                "rules": sorted({f.rule for f in findings}),
                "max_severity": max(
                    (f.severity for f in findings),
                    key=lambda s: ["low", "medium", "high", "critical"].index(s),
                ),
            }
        )

    def _response(self, msg: dict[str, Any], line: bytes) -> list[Action]:
        id_ = msg.get("id")
        p = self.pending.pop(id_key(id_), None)
        if p is None:  # an answer to nothing the client asked (or to a refused call)
            late = self.late_answer(id_)  # (or to a cancelled one)
            if late is not None:
                return late
            return [
                self._refuse("server", "response to an unknown id"),
                Log("dropped an upstream response whose id matches no pending request"),
            ]
        if type(id_) is not type(p.id) or id_ != p.id:
            # the client would match it anyway; hand it the id it sent
            msg = {**msg, "id": p.id}
            line = orjson.dumps(msg)
            id_ = p.id
        err = msg.get("error")
        if ("result" in msg) == ("error" in msg) or (
            "error" in msg
            and not (
                isinstance(err, dict)
                and type(err.get("code")) is int
                and isinstance(err.get("message"), str)
            )
        ):
            # JSON-RPC 2.0 section 5: exactly one of result and error, an error an object with
            # an integer code and a string message. Clients disagree on what else means (the
            # Python SDK reads the result of {"result": ..., "error": null}): refused, the
            # request answered with an error, nothing of it delivered
            why = "cordon: upstream reply refused: not a valid JSON-RPC response"
            return self._put(
                "upstream",
                [
                    self._refuse("server", "invalid response", tool=p.tool),
                    self._answer(id_, error_frame(id_, INTERNAL_ERROR, why)),
                ],
            )
        if p.method == "initialize":
            self._negotiated(msg)  # whether cordon may send elicitation/create (asking.py)
        if "error" in msg:
            if self.cfg.content_mode != "monitor":  # (block: warn's rewrite, or withheld)
                return self._sanitised_error(id_, p, msg, line)
            where = p.tool or p.method  # (a credential in it is kept as a result's)
            return self._deliver_then_record(
                line, id_, lambda: self.work.record_untrusted(err, None, where, p.args), len(line)
            )
        result = msg.get("result")
        if not isinstance(result, dict):
            return self._not_an_object(id_, p, result, line)
        try:
            if p.method in ("tools/call", "tools/list") and may_exceed_depth(
                line, self.cfg.max_depth
            ):
                check_depth(result, self.cfg.max_depth)
        except ProtocolError as exc:
            why = f"cordon: upstream reply refused: {exc}"
            return self._put(
                "upstream",
                [
                    self._refuse("server", str(exc), tool=p.tool),
                    self._answer(id_, error_frame(id_, INTERNAL_ERROR, why)),
                ],
            )
        # a listing that never ends goes out as its last page (paging.py)
        result, why = self.cursors.answered(id_key(p.id), p.method, result)
        acts = [self._refuse("server", why, method=p.method)] if why else []
        line = orjson.dumps({**msg, "result": result}) if why else line
        if p.method == "tools/list":
            return acts + self._tools_list(id_, result, line)
        if p.method not in ("initialize", "server/discover") and (
            (named := self._named_elsewhere(id_, p, result, line)) is not None
        ):
            return acts + named
        if p.method == "tools/call":
            self._note_task(p, result)
            return self._tool_result(id_, p, result, line)
        if p.method in ("initialize", "server/discover"):
            return self._init_result(id_, result, line)
        return acts + self._other_result(id_, p.method, result, line, p.caps, requested=p.args)

    def _named_elsewhere(
        self, id_: Any, p: _Pending, result: dict[str, Any], line: bytes
    ) -> list[Action] | None:
        """A 2026-07-28 result (a call's, a read's ...) whose ``_meta`` ``serverInfo`` is not
        the pinned one: a stateless request that reached another server behind the entry (a
        swapped instance, a rug pull of the identity). As a ``tools/list`` page naming
        another server is (:meth:`SessionWork.pin_list`): the server is shut off (every later
        call refused, ``pin.server_changed``), and this result is withheld from the client
        and recorded as untrusted output. None when it names no server or the pinned one."""
        meta = result.get("_meta")
        named = meta.get(SERVER_INFO_META) if isinstance(meta, dict) else None
        if not isinstance(named, dict) or named == self._named_ok:
            return None
        if (swapped := self.work._named_again(named)) is None:
            # (compared once: the pin file is read from disk, and a 2026-07-28 server
            # stamps the same serverInfo on every result)
            self._named_ok = named
            return None
        why = f"cordon withheld this {p.method} result: {swapped.problems[0]}"
        return self._deliver_then_record(
            error_frame(id_, INTERNAL_ERROR, why),
            id_,
            lambda: self.work.record_untrusted(result, None, p.tool or p.method, p.args),
            len(line),
            p.tool or p.method,
            first=[*map(Log, swapped.problems), *map(self._record, swapped.records)],
        )

    def _not_an_object(self, id_: Any, p: _Pending, value: Any, line: bytes) -> list[Action]:
        """A result that is not a JSON object (a string, an array, a number, null). MCP's
        every result is an object (schema: ``Result``); the content checks (warn mode's
        masking and marking, block mode's threshold) read an object's content, so a bare
        string or array would reach the model as sent, in every mode. It is refused in every
        mode: the client gets a JSON-RPC error saying why (nothing of the value), the refusal
        is audited, and the value is recorded as untrusted output, as a server's error
        message is (invariant 6: a destination in it is tainted)."""
        why = (
            "cordon: upstream reply refused: the server's result is not a JSON object "
            f"(MCP requires one; it sent {_json_kind(value)})"
        )
        refusal = self._refuse("server", "result is not an object", tool=p.tool, method=p.method)
        return self._deliver_then_record(
            error_frame(id_, INTERNAL_ERROR, why),
            id_,
            lambda: self.work.record_untrusted(value),
            len(line),
            p.tool or p.method,
            first=[refusal],
        )

    def _scan_then_deliver(
        self,
        id_: Any,
        line: bytes,
        kind: str,
        run: Callable[[], Any],
        then: Callable[[Any], list[Action]],
    ) -> list[Action]:
        """Inspect a result in the queue, then deliver what ``then`` makes of it (in the
        upstream lane: the frames after it wait for it, the client's do not)."""
        slot = self._slot("upstream")
        self._recorded_since_quiet = True  # its keys reach the held store too

        def done(outcome: Any, error: BaseException | None) -> list[Action]:
            if error is not None:
                return self._withheld(slot, id_, error)
            return self._fill("upstream", slot, then(outcome))

        return self._enqueue(Job(kind, len(line), run, done, id=id_))

    def _tools_list(self, id_: Any, result: dict[str, Any], line: bytes) -> list[Action]:
        tools = result.get("tools")
        if not isinstance(tools, list):
            why = "cordon: upstream tools/list result has no tools array"
            return self._put("upstream", [self._answer(id_, error_frame(id_, INTERNAL_ERROR, why))])
        final = not result.get("nextCursor")

        # 2026-07-28 list results say how long a client may reuse them: a list cordon did
        # not see must never be served from a cache, so the page goes out immediately stale
        # and never shared (ttlMs 0, cacheScope "private", the SDK's own defaults)
        cached = _cacheable(result)
        # (a 2026-07-28 page names its server: compared with the pin, discover or not)
        meta = result.get("_meta")
        named = meta.get(SERVER_INFO_META) if isinstance(meta, dict) else None

        def then(o: ListOutcome) -> list[Action]:
            acts: list[Action] = [Log(p) for p in o.problems]
            acts += [self._record(r) for r in o.records]
            out = {**cached, "tools": o.visible if o.visible is not None else tools}
            shown = self._shown(out)
            if shown is None:
                why = "cordon: upstream tools/list result withheld: it could not be sanitised"
                return [*acts, self._answer(id_, error_frame(id_, INTERNAL_ERROR, why))]
            if o.visible is None and cached is result and shown is out:
                return [*acts, self._answer(id_, line)]
            return [*acts, self._answer(id_, result_frame(id_, shown))]

        return self._scan_then_deliver(
            id_, line, "scan", lambda: self.work.pin_list(tools, final, named), then
        )

    def _tool_result(
        self, id_: Any, p: _Pending, result: dict[str, Any], line: bytes
    ) -> list[Action]:
        tool = p.tool or ""
        if result.get("resultType") == "input_required":
            # the upstream's questions are server output: scanned like any other result, and
            # each must be a kind the call's client declared (server_requests)
            return self._other_result(id_, "tools/call", result, line, p.caps)
        if self.cfg.content_mode == "monitor":
            # monitor mode never changes a result: delivered now, recorded in the queue
            return self._deliver_then_record(
                line, id_, lambda: self._record_result(tool, result, p.args), len(line), tool
            )
        if self.cfg.content_mode == "warn":
            if len(line) >= INLINE_SANITISE_BYTES:
                return self._sanitise_deliver_record(id_, tool, result, line, p.args)
            # sanitising reads only the result: done here, and what the agent gets is
            # delivered now; the session records the result as the server sent it, in the
            # queue, before any call that arrives after it is decided
            try:
                ev = evaluate_result(result, mode="warn", block_at=self.cfg.block_at)
            except Exception as exc:  # noqa: BLE001 - withheld, as when a scan job fails
                # the client gets an answer (nothing waits forever) and the session still
                # records the result as it came
                return [
                    Log(f"error inspecting an upstream result, withheld: {exc!r}"),
                    *self._deliver_then_record(
                        error_frame(id_, INTERNAL_ERROR, WITHHELD),
                        id_,
                        lambda: self._record_result(tool, result, p.args),
                        len(line),
                        tool,
                        first=[],
                    ),
                ]
            return self._deliver_then_record(
                self._sanitised_frame(id_, result, ev, line),
                id_,
                lambda: self._record_result(tool, result, p.args, ev),
                len(line),
                tool,
                first=self._content_record(tool, ev),
            )

        def then(obs: Any) -> list[Action]:
            acts: list[Action] = (
                [self._findings(obs.action, tool, obs.findings)] if obs.findings else []
            )
            if obs.action == "deliver":
                return [*acts, self._answer(id_, line)]
            out = dict(obs.result)
            if "resultType" in result:  # 2026-07-28 results carry their type
                out.setdefault("resultType", result["resultType"])
            return [*acts, self._answer(id_, result_frame(id_, out))]

        return self._scan_then_deliver(
            id_, line, "scan", lambda: self._scan_result(tool, result, p.args), then
        )

    def _sanitised_frame(self, id_: Any, result: dict[str, Any], ev: Any, line: bytes) -> bytes:
        """The frame the client gets for a warn-mode evaluation ``ev`` of ``result``."""
        if ev.action == "deliver":
            return line
        out = dict(ev.result)
        if "resultType" in result:  # 2026-07-28 results carry their type
            out.setdefault("resultType", result["resultType"])
        return result_frame(id_, out)

    def _record_result(
        self, tool: str, result: dict[str, Any], args: Any, ev: Any = None
    ) -> Observation | str:
        """Record a delivered result, and the files it links when its tool sets
        ``output_files`` (:mod:`cordon.proxy.linked_output`)."""
        obs = self.work.record_result(tool, result, args, ev)
        return record_linked(self.work, tool, result, args, self.cfg.files_cwd, obs)

    def _scan_result(self, tool: str, result: dict[str, Any], args: Any) -> Observation:
        """Record and scan a result before delivery (block mode), and the files it links
        (when recording them fails, the session is degraded and the result decided as is)."""
        obs = self.work.scan_result(tool, result, args)
        linked = record_linked(self.work, tool, result, args, self.cfg.files_cwd, obs)
        if isinstance(linked, LinkedObservation):  # (audited with the result's findings)
            obs.findings.extend(linked.linked)
        return obs

    def _content_record(self, tool: str, ev: Any) -> list[Action]:
        return [self._findings(ev.action, tool, list(ev.findings))] if ev.findings else []

    def _sanitise_deliver_record(
        self, id_: Any, tool: str, result: dict[str, Any], line: bytes, args: Any
    ) -> list[Action]:
        """A large warn-mode result: sanitised by a ``scan`` job (on the decision thread, in
        queue order), delivered as soon as that is done, and recorded as the server sent it
        by the ``record`` job queued right behind it when the frame arrived: a call that
        arrives after the result is decided with it recorded, and the delivery does not wait
        for the recording (the frame goes out under the shared store's pending marker)."""
        slot = self._slot("upstream")
        self._recorded_since_quiet = True
        evaluated: list[Any] = []

        def record() -> Any:
            if not evaluated:  # the sanitising failed: record the result as it came
                return self._record_result(tool, result, args)
            return self._record_result(tool, result, args, evaluated[0])

        rec_job = Job(
            "record", len(line), record, self._recorded(tool, "result", False), label=tool
        )

        def sanitise() -> Any:
            ev = evaluate_result(result, mode="warn", block_at=self.cfg.block_at)
            evaluated.append(ev)
            return ev

        def sanitised(ev: Any, error: BaseException | None) -> list[Action]:
            if error is not None:
                return self._withheld(slot, id_, error)
            withheld = error_frame(id_, INTERNAL_ERROR, WITHHELD)
            frame = self._answer(
                id_,
                self._sanitised_frame(id_, result, ev, line),
                early=rec_job,
                withheld=withheld,
                id=id_,
            )
            return self._fill("upstream", slot, [*self._content_record(tool, ev), frame])

        scan_job = Job("scan", len(line), sanitise, sanitised, id=id_)
        return self._enqueue(scan_job) + self._enqueue(rec_job)

    def _other_result(
        self,
        id_: Any,
        method: str,
        result: dict[str, Any],
        line: bytes,
        caps: dict[str, Any] | None = None,
        requested: Any = None,
    ) -> list[Action]:
        """Any other result (resources/read, prompts/get, input_required ...) is server output
        (invariant 6): recorded and scanned before delivery; in warn and block modes one with a
        finding is sanitised like a tool result (a resource's text and a prompt's messages are
        read by the model too); in block mode a finding at or above the threshold replaces it
        with a JSON-RPC error naming the rules. An ``input_required`` result whose questions
        :func:`_input_refusal` refuses becomes a JSON-RPC error naming why; questions it
        passes are sanitised in warn and block modes and lose their ANSI escapes in every
        mode, as a legacy server request does. ``requested``: the values the request was
        decided on (its URI: a resource's own URI echoed in its contents is not output)."""
        sanitise = self.cfg.content_mode != "monitor"
        asks = result.get("resultType") == "input_required"
        sent = result

        def run() -> tuple[Any, Any]:
            nonlocal result
            pins = self.work.list_pins.get(method)
            if pins is not None:  # a changed prompt or resource is hidden (a rug pull)
                result = pins.listed(sent, self.work.session)
            if not sanitise:
                return self.work.scan_other(method, result, requested=requested), None
            if asks:
                # the questions are refused whole (_input_refusal reads every finding) or
                # sanitised with the rest, as a legacy server request is; the server's
                # opaque requestState comes back on the retry as it was sent
                body = {k: v for k, v in result.items() if k != "requestState"}
                ev = self._evaluate(body)
                if ev.action == "sanitise" and "requestState" in result:
                    whole = {**ev.result, "requestState": result["requestState"]}
                    ev = dataclasses.replace(ev, result=whole)
                return self.work.scan_other(method, result, requested=requested), ev
            # one per-field scan: what is delivered and what the session records agree
            ev = self._evaluate(result)
            return self.work.scan_other(method, result, ev, requested=requested), ev

        def then(outcome: tuple[Any, Any]) -> list[Action]:
            obs, ev = outcome
            why = self._input_refusal(result, caps, obs.findings)
            if why is not None:
                rec = {"kind": "server_request", "request": "input_required", "action": "refuse"}
                msg = f"cordon refused the server's input request: {why}"
                return [
                    self._record({**rec, "reason": why}),
                    self._answer(id_, error_frame(id_, INTERNAL_ERROR, msg)),
                ]
            bad = self._blocking(obs.findings)
            # withheld by the evaluation: over the caps (an unscanned rest), or in block mode
            # a finding at block_at
            withheld = ev is not None and ev.action == "block"
            block = (bool(bad) and self.cfg.content_mode == "block") or withheld
            action = "block" if block else ev.action if ev is not None else "deliver"
            acts = self._list_pin_acts(method)
            if obs.findings:
                rules = sorted({f.rule for f in obs.findings})
                acts.append(
                    self._record(
                        {"kind": "content", "where": method, "rules": rules, "action": action}
                    )
                )
            if block:
                why = f"cordon blocked this {method} result: {', '.join(bad or ['content.cap_exceeded'])}"
                return [*acts, self._answer(id_, error_frame(id_, INTERNAL_ERROR, why))]
            out = dict(ev.result) if ev is not None and ev.action == "sanitise" else result
            if asks or method in _PICKED:  # shown to a person: no terminal control, any mode
                out = strip_ansi(out)
            if out is sent:
                return [*acts, self._answer(id_, line)]
            return [*acts, self._answer(id_, result_frame(id_, out))]

        return self._scan_then_deliver(id_, line, "scan", run, then)

    def _list_pin_acts(self, method: str) -> list[Action]:
        """What hiding a changed prompt or resource of a ``method`` listing told: its audit
        records and problems (none for a method whose items are not pinned)."""
        pins = self.work.list_pins.get(method)
        if pins is None:
            return []
        records, problems = pins.take()
        return [*map(Log, problems), *map(self._record, records)]

    def _input_refusal(
        self, result: dict[str, Any], caps: dict[str, Any] | None, findings: list[Finding]
    ) -> str | None:
        """Why the 2026-07-28 ``inputRequests`` of ``result`` are refused, or None: each must
        fit the request's ``clientCapabilities`` (``caps``), else those of ``initialize``."""
        if result.get("resultType") != "input_required":
            return None
        declared = caps if caps is not None else self.client_caps
        asks = result.get("inputRequests")
        for q in asks.values() if isinstance(asks, dict) else ():
            kind = KINDS.get(str(q.get("method"))) if isinstance(q, dict) else None
            if kind is None:
                continue
            params = q.get("params")
            if kind not in declared:
                return f"the client did not declare {kind}"
            missing = undeclared(kind, params, declared.get(kind))
            if missing is not None:
                return f"the client did not declare {missing}"
            rule = self.cfg.server_requests.get(kind, "scan")
            found = Inspection(findings if kind == "sampling" else [], asks_for_secrets(params))
            found.imitates = imitates_cordon(kind, params)
            why = refusal(kind, rule, found)
            if why is not None:
                return why
        return None

    def _init_result(self, id_: Any, result: dict[str, Any], line: bytes) -> list[Action]:
        """Check the server's identity against its pins (a changed one answers an error and
        shuts the server off), and scan its instructions, before the result is delivered."""
        text = result.get("instructions")

        def run() -> tuple[str | None, list[Finding]]:
            changed = self.work.check_identity(result)
            if isinstance(text, str) and text:
                return changed, self.work.scan_instructions(text)
            return changed, []

        def then(outcome: tuple[str | None, list[Finding]]) -> list[Action]:
            changed, findings = outcome
            if changed is not None:
                rec = {"kind": "pin", "rule": "pin.server_changed", "reason": changed}
                return [
                    Log(changed),
                    self._record(rec),
                    self._answer(id_, error_frame(id_, INTERNAL_ERROR, changed)),
                ]
            bad = self._blocking(findings)
            acts: list[Action] = []
            if findings:
                acts.append(
                    self._record(
                        {
                            "kind": "content",
                            "where": "instructions",
                            "rules": sorted({f.rule for f in findings}),
                        }
                    )
                )
            out = result
            if bad:
                removed = "[cordon removed the server instructions: " + ", ".join(bad) + "]"
                out = {**result, "instructions": removed}
            shown = self._shown(out)  # serverInfo, _meta, the instructions below block_at
            if shown is None:
                why = "cordon: upstream handshake result withheld: it could not be sanitised"
                return [*acts, self._answer(id_, error_frame(id_, INTERNAL_ERROR, why))]
            if shown is result:
                return [*acts, self._answer(id_, line)]
            return [*acts, self._answer(id_, result_frame(id_, shown))]

        return self._scan_then_deliver(id_, line, "scan", run, then)

    def _shown(self, value: dict[str, Any]) -> dict[str, Any] | None:
        """What the client gets of a handshake result or a tools/list page (what the server
        says about itself, its tools and the rest of the page): in every content mode without
        ANSI escapes or terminal controls; in warn and block modes sanitised as warn
        sanitises a result (credentials masked, hidden characters removed, instructions
        marked: what block mode hid or removed is gone already, and what stays under
        ``block_at`` is warn's). ``value`` itself when nothing changes; None when it cannot be
        sanitised (over the scan's caps), which the caller answers with an error."""
        if self.cfg.content_mode == "monitor":
            return cast(dict[str, Any], strip_ansi(value))
        ev = evaluate_result(value, mode="warn", block_at=self.cfg.block_at)
        if ev.action == "block":
            return None
        return ev.result if ev.action == "sanitise" else value

    def _blocking(self, findings: list[Finding]) -> list[str]:
        return sorted(
            {f.rule for f in findings if severity_at_least(f.severity, self.cfg.block_at)}
        )


def _cacheable(result: dict[str, Any]) -> dict[str, Any]:
    """``result`` with ``ttlMs`` 0 and ``cacheScope`` ``private`` where it carries either
    field with another value (``result`` itself when it needs no change)."""
    if "ttlMs" not in result and "cacheScope" not in result:
        return result
    if result.get("ttlMs") == 0 and result.get("cacheScope") == "private":
        return result
    return {**result, "ttlMs": 0, "cacheScope": "private"}


def _json_kind(value: Any) -> str:
    """What JSON value ``value`` is, by its type only (the server's text is not repeated)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    return "a string" if isinstance(value, str) else "an array"
