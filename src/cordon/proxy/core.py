"""The proxy core: frames and finished jobs in, actions out (sans-I/O).

In the style of h11, this module does no I/O and imports no asyncio, subprocess or threads.
A transport (:mod:`cordon.proxy.stdio`, :mod:`cordon.proxy.memory`) feeds it what arrives and
carries out the :mod:`actions <cordon.proxy.actions>` it returns, in list order::

    core.client_frame(raw)  -> [Action]     a line from the client
    core.server_frame(raw)  -> [Action]     a line from the upstream server
    core.job_done(job, result, error) -> [Action]
    core.tick(now)          -> [Action]     approval deadlines
    core.prod() / core.quiet() -> [Action]  publish the shared taint store's held keys

Two structures carry every ordering rule:

**One decision queue.** Every piece of work that touches the session (decide a call, record
output already delivered, scan output before delivery, pin a tools/list page, act on a
person's answer, publish held taint keys) is a :class:`~cordon.proxy.actions.Job` appended to
one FIFO queue when its frame arrives, and started only when every job before it is done. So
a call is decided on exactly the output that arrived before it, whatever each job costs and
wherever it runs.

**Two output lanes**, one per source. The actions a frame leads to take a slot in its source's
lane, in arrival order; a slot whose job is not done yet holds back the slots behind it, and
nothing else. Frames of one direction therefore leave in the order they came, while the
other direction moves: a ping from the client goes on while a large result is scanned, and a
result is delivered while a large call is checked (its recording queued behind the verdict).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from cordon._exceptions import DuplicateKeyError, OversizeError, ProtocolError
from cordon._types import Verdict
from cordon.approvals import envelope
from cordon.approvals.display import visible
from cordon.audit.log import record_for_call, verdict_record
from cordon.audit.withheld import withhold_verdict
from cordon.content.known import OWN_CREDENTIAL, KnownCredentials
from cordon.decider import Decision
from cordon.engine import rules
from cordon.engine.anchored_paths import anchored_arguments
from cordon.engine.client_requests import DECIDED_METHODS
from cordon.policy.model import DEFAULT_CONTENT_MODE, ToolPolicy
from cordon.proxy.actions import Action, Audit, Job, Log, ToClient, ToUpstream
from cordon.proxy.asking import _NOT_FORWARDED, AskSide, _Ask, asks_in_form
from cordon.proxy.client_requests import RequestSide
from cordon.proxy.framing import (
    CR,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    InexactIntError,
    Oversize,
    blocked_result,
    check_depth,
    check_duplicate_keys,
    check_exact_ints,
    error_frame,
    frame_tail,
    id_frame,
    id_key,
    may_exceed_depth,
    parse_frame,
    plain_id,
    result_frame,
    sniff_id,
)
from cordon.proxy.identity import IdentitySide
from cordon.proxy.lanes import BACKLOG_BYTES, BACKLOG_FRAMES, LaneSide, _Lane
from cordon.proxy.lanes import _Slot as _Slot  # (re-exported: the mixins' type hints)
from cordon.proxy.paging import Cursors
from cordon.proxy.server_requests import answer_refusal
from cordon.proxy.upstream import UpstreamSide
from cordon.proxy.warn import REFUSED, WarnSide
from cordon.proxy.work import SessionWork

__all__ = ["CoreConfig", "ProxyCore", "id_key"]

_CAPS_KEY = "io.modelcontextprotocol/clientCapabilities"
#: on every 2026-07-28 request (its ``_meta``); a request without it is of the handshake era
_VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
#: methods cordon intercepts as requests: sent without an id they would skip every check
_REQUEST_ONLY = (
    frozenset({"tools/call", "tools/list", "initialize", "server/discover"}) | DECIDED_METHODS
)
#: cancelled requests remembered at most (their late answers dropped, their ids not reused);
#: past it the oldest is forgotten (its late answer, if one ever comes, matches nothing)
_CANCELLED_MAX = 4096
#: task ids of calls remembered at most (``ProxyCore._note_task``): the oldest go first
_MAX_TASKS = 4096
#: the result an allowed call gets instead when its audit record cannot be written
#: (invariant 4), per era (2026-07-28 or not): the same for every call but its id, so it is
#: built and serialised once (every forwarded call carries its refusal: :func:`id_frame`)
_AUDIT_REFUSED = {
    modern: blocked_result(rules.AUDIT_UNWRITABLE, "the audit log cannot be written", modern=modern)
    for modern in (False, True)
}
_AUDIT_REFUSED_TAIL = {modern: frame_tail(result=r) for modern, r in _AUDIT_REFUSED.items()}


@dataclass(frozen=True, slots=True)
class CoreConfig:
    """What the core needs to know of the policy and the command line."""

    server: str
    session_id: str
    content_mode: str = DEFAULT_CONTENT_MODE
    block_at: str = "high"
    max_bytes: int = 16 * 1024 * 1024
    max_depth: int = 64
    approval_timeout_s: float = 120.0
    #: whether one-time approval codes can be issued (an approval store is configured)
    codes: bool = True
    #: `` --store PATH`` and `` --audit LOG`` for the one-time code hint, each when that file
    #: is not the default one
    store_option: str = ""
    #: the command that hint names: ``cordon``, or this cordon's path when no PATH finds it
    approve_command: str = "cordon"
    #: per kind of server-to-client request (sampling, elicitation, roots): ``scan``,
    #: ``allow`` or ``deny`` (policy ``servers.<name>.server_requests``)
    server_requests: Mapping[str, str] = field(default_factory=dict)
    #: cordon's own credentials, masked in server output (:mod:`cordon.content.known`)
    own_credentials: tuple[str, ...] = ()
    #: a side is not read past this many bytes, or this many frames, of its frames waiting
    #: for a job or behind one (:meth:`cordon.proxy.lanes.LaneSide.flow`)
    backlog_bytes: int = BACKLOG_BYTES
    backlog_frames: int = BACKLOG_FRAMES
    #: where the files a result links resolve (``output_files``): the working directory a
    #: stdio upstream inherits; None for a remote server, whose files are not on this machine
    files_cwd: str | None = None
    #: the policy of a tool as the engine applies it (``Engine.tool_policy``): an allowed
    #: call's relative paths go out joined to its ``base_dir``; None forwards them as sent
    tool_policy: Callable[[str], ToolPolicy] | None = None


@dataclass(slots=True)
class _Pending:
    """A client request forwarded upstream, until its response."""

    method: str
    id: Any
    tool: str | None = None
    args: Any = None
    #: a 2026-07-28 call's ``clientCapabilities`` (its server's questions must fit them)
    caps: dict[str, Any] | None = None


#: the answer to a ``ping`` (or any request answered with an empty result): nothing in it can
#: carry a secret, so it goes without a job
_EMPTY_ANSWER: dict[str, Any] = {"result": {}}


def _request_id(msg: dict[str, Any]) -> Any:
    """The id of a request (None for a response or a notification, or an id of the wrong
    type): what an error about that request is sent with."""
    return plain_id(msg.get("id")) if "method" in msg else None


class ProxyCore(LaneSide, IdentitySide, UpstreamSide, WarnSide, AskSide, RequestSide):
    """One upstream server behind one client connection, as a state machine.

    Args:
        config: names, caps and the content policy.
        work: the session-side half of every job (:class:`cordon.proxy.work.SessionWork`).
        clock: monotonic seconds (approval deadlines).
        sealer: seals the state of cordon's own ``input_required`` questions.
        nonce: makes the ids of cordon's own requests unguessable to the upstream.
    """

    def __init__(
        self,
        config: CoreConfig,
        work: SessionWork,
        *,
        clock: Callable[[], float],
        sealer: envelope.Sealer | None = None,
        nonce: str = "0",
    ) -> None:
        self.cfg = config
        self.work = work
        self.clock = clock
        self.sealer = sealer or envelope.Sealer()
        self.own_prefix = f"cordon-{nonce}-"
        self._counter = itertools.count(1)
        #: client requests forwarded upstream, by :func:`id_key`
        self.pending: dict[tuple[str, Any], _Pending] = {}
        #: client request ids not answered yet (forwarded, being decided, or asked about)
        self.inflight: set[tuple[str, Any]] = set()
        #: forwarded requests the client cancelled and the upstream has not answered, oldest
        #: first: their answer is dropped, a request reusing their id refused (:meth:`_cancel`)
        self.cancelled: dict[tuple[str, Any], None] = {}
        #: calls the client cancelled while they were being decided (:meth:`_forward`)
        self.cancelling: set[tuple[str, Any]] = set()
        #: cordon's own legacy questions, by their request id
        self.asks: dict[str, _Ask] = {}
        self.legacy_elicitation = False
        #: the client features declared at ``initialize`` (server requests must fit them)
        self.client_caps: dict[str, Any] = {}
        self.queue: deque[Job] = deque()
        self.running: Job | None = None
        self.lanes = {"client": _Lane(), "upstream": _Lane()}
        #: per source, the size of the frames whose jobs are queued or running (bytes)
        self.queued = {"client": 0, "upstream": 0}
        self.jobs = {"client": 0, "upstream": 0}
        self.paused = {"client": False, "upstream": False}
        #: whether output was recorded since the shared store last published in a quiet moment
        self._recorded_since_quiet = False
        self.own_credentials = KnownCredentials(config.own_credentials)
        #: a task-augmented call's task id -> its tool and arguments (MCP 2025-11-25 tasks)
        self.tasks: dict[str, tuple[str, Any]] = {}
        self.cursors = Cursors()
        #: the lane slot a queued job fills (opened right before it is queued): a job whose
        #: ``done`` raises fills it with its error answer, so the lane goes on
        self._opened: tuple[str, _Slot] | None = None
        self._slot_of: dict[int, tuple[str, _Slot]] = {}

    # -- helpers ------------------------------------------------------------------------
    def _record(self, rec: dict[str, Any]) -> Audit:
        return Audit({"session": self.cfg.session_id, "server": self.cfg.server, **rec})

    def _verdict_record(
        self, tool: str, shown: Any, v: Verdict, raw: Any = None, **extra: Any
    ) -> dict[str, Any]:
        """The audit record of verdict ``v``: ``shown``, the call's arguments with every string
        carrying a secret withheld; ``raw``, the arguments as they came (None: ``shown``),
        whose withheld strings are kept out of the destinations, reason and parameter too
        (:func:`cordon.audit.withheld.withhold_verdict`)."""
        if (
            not extra
            and (raw is None or shown is raw)
            and v.param is None
            and v.destination is None
            and not v.destinations
            and not v.details
            and type(shown) is dict
        ):
            # the usual allow: nothing withheld, so nothing of the verdict to scrub
            # (withhold_verdict returns it as is), and no optional member: record_for_call's
            # common members alone, without its keyword call
            cfg = self.cfg
            return verdict_record(
                cfg.session_id, cfg.server, tool, shown, v.verdict, v.rule, v.reason
            )
        if raw is not None:
            v = withhold_verdict(v, raw, shown)
        details = v.details and {
            k: x for k, x in v.details.items() if k not in ("approval_key", "approval_keys")
        }
        return record_for_call(
            session=self.cfg.session_id,
            server=self.cfg.server,
            tool=tool,
            arguments=shown if isinstance(shown, dict) else {"_": shown},
            verdict=v.verdict,
            rule=v.rule,
            reason=v.reason,
            param=v.param,
            destination=v.destination,
            destinations=v.destinations,
            details=details or None,
            **extra,
        )

    def _answer(self, id_: Any, data: bytes, **kw: Any) -> ToClient:
        """A response to the client's request ``id_``: the id is free to reuse from here."""
        key = id_key(id_)
        self.inflight.discard(key)
        self.cancelling.discard(key)
        return ToClient(data, **kw)

    def _deny(
        self, id_: Any, v: Verdict, modern: bool, extra: str = "", audit: Any = None
    ) -> ToClient:
        # (the reason may quote the adversary's text, a program name: the client shows it
        # to its user, so no control or line break of it reaches them: approvals.display)
        said = visible(v.reason)
        frame = result_frame(id_, blocked_result(v.rule, said, extra, modern=modern))
        refused = error_frame(id_, INTERNAL_ERROR, _NOT_FORWARDED)
        return self._answer(id_, frame, audit=audit, refused=refused, id=id_)

    def _refuse(self, direction: str, reason: str, **extra: Any) -> Audit:
        return self._record(
            {"kind": "frame_refused", "direction": direction, "reason": reason, **extra}
        )

    def withheld_record(self, id_: Any) -> Audit:
        """The record of a frame the transport did not deliver because the shared taint
        store's pending marker could not be written (it sent the frame's ``withheld`` answer,
        or nothing): so the log does not read as if the frame went out (a ``content`` record
        of its sanitising says what was found, not what the client got)."""
        return self._refuse("server", "shared taint store unwritable: output withheld", id=id_)

    def refused(self, id_: Any) -> None:
        """The transport could not write the audit record covering an action for request
        ``id_`` and answered it with a refusal instead: it is no longer pending or asked."""
        key = id_key(id_)
        self.pending.pop(key, None)
        self.inflight.discard(key)
        self.cancelling.discard(key)
        self.cancelled.pop(key, None)  # (a cancelled call refused here never went out)
        for eid, ask in list(self.asks.items()):
            if id_key(ask.id) == key:
                del self.asks[eid]

    # -- client -> server --------------------------------------------------------------
    def _client_frame(self, item: bytes | Oversize) -> list[Action]:
        """One line from the client (after :meth:`IdentitySide.client_frame`)."""
        if isinstance(item, Oversize):
            rid = sniff_id(item.head, item.tail)
            return [
                self._refuse("client", "oversize", size=item.size),
                ToClient(
                    error_frame(
                        rid,
                        INVALID_REQUEST,
                        f"cordon: message over the size cap ({self.cfg.max_bytes} bytes)",
                    )
                ),
            ]
        msg: dict[str, Any] | None = None
        try:
            msg = parse_frame(item)
            if may_exceed_depth(item, self.cfg.max_depth):
                check_depth(msg, self.cfg.max_depth)
            # every client frame, not only tools/call: parsers disagree on which duplicate
            # wins, so what cordon read could differ from what the server acts on
            check_duplicate_keys(item, msg)
            # and numbers: an integer orjson read as a float is not the one the server runs
            check_exact_ints(item)
        except ProtocolError as exc:
            # a request refused for its depth still names its id (parsed, or for a frame
            # too deep to parse read from its ends as for an oversized one): answered with
            # it, the client's request ends instead of waiting forever; JSON that does not
            # parse gets id null (JSON-RPC 2.0 section 5), and so does a repeated "id" key
            # (which of the two is not known)
            rid = None
            if isinstance(exc, OversizeError):
                rid = _request_id(msg) if msg is not None else sniff_id(item[:4096], item[-4096:])
            elif isinstance(exc, DuplicateKeyError) and msg is not None:
                rid = None if "duplicate key 'id'" in str(exc) else _request_id(msg)
            elif isinstance(exc, InexactIntError) and msg is not None:
                rid = _request_id(msg)  # (an id that is such an integer was read as a float)
                rid = None if isinstance(rid, float) else rid
            return [
                self._refuse("client", str(exc)),
                ToClient(error_frame(plain_id(rid), exc.code, f"cordon: {exc}")),
            ]
        if CR in item:
            # a raw CR is only ever whitespace between tokens of a frame that parsed (JSON
            # strings cannot hold one), but a reader with universal newlines (Python's
            # TextIOWrapper: the SDK's stdio servers) ends a line there: a request hidden
            # between two CRs would run upstream unchecked and unaudited. Forwarded with
            # the CRs as spaces, the frame is the one message cordon read.
            item = item.replace(b"\r", b" ")
        invalid = self._invalid(msg)
        if invalid is not None:
            rid = _request_id(msg)
            return [
                self._refuse("client", invalid),
                ToClient(error_frame(rid, INVALID_REQUEST, f"cordon: {invalid}")),
            ]
        method = msg.get("method")
        if method is None:
            return self._client_response(msg, item)
        if "id" not in msg:
            own = self._cancel_own(msg) if method == "notifications/cancelled" else None
            if own is not None:  # (cordon's own question: the upstream never learns its id)
                return own
            before = self._cancel(msg) if method == "notifications/cancelled" else []
            return self._put("client", [*before, ToUpstream(item)])
        self.inflight.add(id_key(msg["id"]))
        self.cursors.asked(id_key(msg["id"]), method, msg.get("params"))  # (paging.py)
        if method == "tools/call":
            return self._tools_call(msg, item)
        decided = self._client_request(msg, item)
        if decided is not None:
            return decided
        if method == "initialize":
            caps = (msg.get("params") or {}).get("capabilities") or {}
            self.client_caps = dict(caps) if isinstance(caps, dict) else {}
            # no question of cordon's own until the upstream's answer names a protocol
            # version that has elicitation (AskSide._negotiated)
            self.legacy_elicitation = False
        self.pending[id_key(msg["id"])] = _Pending(method=str(method), id=msg["id"])
        return self._put("client", [ToUpstream(item)])

    def _invalid(self, msg: dict[str, Any]) -> str | None:
        """Why a client message is not valid JSON-RPC 2.0 as MCP uses it, else None."""
        if msg.get("jsonrpc") != "2.0":
            return 'a JSON-RPC message needs "jsonrpc": "2.0"'
        method = msg.get("method")
        if method is not None and not isinstance(method, str):
            return "a JSON-RPC method must be a string"
        if method is None:
            return None
        if "id" not in msg:
            if method in _REQUEST_ONLY:
                return f"{method} must be a request with an id"
            return None
        rid = msg["id"]
        if rid is None:
            return "a request id must not be null (MCP)"
        if isinstance(rid, bool) or not isinstance(rid, (str, int, float)):
            return "a request id must be a string or a number"
        key = id_key(rid)
        if key in self.inflight:
            return "a request with this id is already in flight"
        if key in self.cancelled:
            return "a request with this id was cancelled and the server may still answer it"
        return None

    def _cancel(self, msg: dict[str, Any]) -> list[Action]:
        """The client cancels its request ``params.requestId`` (MCP cancellation; the cancel
        itself is forwarded as it came). A forwarded request leaves the pending table at once
        and is remembered as cancelled (:attr:`cancelled`): the upstream may still answer it,
        and that answer is dropped (:meth:`late_answer`). A call being decided is forwarded
        before the cancel (lane order) and remembered then (:meth:`_forward`). A call waiting
        for a person's answer is dropped, with an ``approval`` record: it never goes out."""
        params = msg.get("params")
        rid = params.get("requestId") if isinstance(params, dict) else None
        if isinstance(rid, bool) or not isinstance(rid, (str, int, float)):
            return []
        key = id_key(rid)
        if key not in self.inflight:
            return []  # answered already, or never asked: nothing to forget
        if self.pending.pop(key, None) is not None:
            self._cancelled(key)
            return []
        for eid, ask in list(self.asks.items()):
            if id_key(ask.id) == key:
                del self.asks[eid]
                self.inflight.discard(key)
                return [self._approval_record(ask, "cancelled")]
        self.cancelling.add(key)
        return []

    def _cancelled(self, key: tuple[str, Any]) -> None:
        """Request ``key`` was forwarded and then cancelled: not in flight, not pending; its
        late answer is dropped and its id refused until then (at most :data:`_CANCELLED_MAX`
        remembered)."""
        self.inflight.discard(key)
        self.cancelled[key] = None
        if len(self.cancelled) > _CANCELLED_MAX:
            del self.cancelled[next(iter(self.cancelled))]

    def late_answer(self, id_: Any) -> list[Action] | None:
        """The actions for an upstream response ``id_`` that matches no pending request when it
        answers a cancelled one (dropped, as the client ignores it: MCP cancellation), else
        None."""
        key = id_key(id_)
        if key not in self.cancelled:
            return None
        del self.cancelled[key]
        return [
            self._refuse("server", "answer to a cancelled request", id=id_),
            Log("dropped an upstream answer to a request the client cancelled"),
        ]

    def _client_response(self, msg: dict[str, Any], item: bytes) -> list[Action]:
        """The client answers a request: the upstream's (checked, then forwarded) or cordon's
        own."""
        rid = msg.get("id")
        if not (isinstance(rid, str) and rid.startswith(self.own_prefix)):
            return self._check_answer(msg, item)
        ask = self.asks.pop(rid, None)
        if ask is None:
            return []  # a late answer after a timeout: dropped
        return self._queue_answer(ask, msg)

    def _check_answer(self, msg: dict[str, Any], item: bytes) -> list[Action]:
        """The client's answer to a server request (sampling, elicitation, roots, any other)
        reaches the server only once a ``reply`` job found no credential in it
        (:meth:`cordon.proxy.work.SessionWork.check_answer`), in its place in the client lane.
        Refused, or not checked: never forwarded; one audit record, then an error with the
        code a client answers when its user declines (as cordon's other refusals of a server
        request: declined, not failed, so a server is not led to ask again)."""
        answer = {k: v for k, v in msg.items() if k not in ("jsonrpc", "id")}
        if answer == _EMPTY_ANSWER:
            return self._put("client", [ToUpstream(item)])
        slot = self._slot("client")
        rid = plain_id(msg.get("id"))

        def done(v: Verdict | None, error: BaseException | None) -> list[Action]:
            if error is None and v is None:
                return self._fill("client", slot, [ToUpstream(item)])
            rec, told, why = answer_refusal(rid, None if error is not None else v)
            # (the error's name only: its message could quote the answer)
            told += f" ({type(error).__name__})" if error is not None else ""
            acts: list[Action] = [self._record(rec), Log(told)]
            if rid is not None:
                frame = error_frame(rid, REFUSED, f"cordon refused the client's answer: {why}")
                acts.append(ToUpstream(frame))
            return self._fill("client", slot, acts)

        job = Job("reply", len(item), lambda: self.work.check_answer(answer), done, label="answer")
        return self._enqueue(job)

    def _tools_call(self, msg: dict[str, Any], line: bytes) -> list[Action]:
        id_ = msg["id"]
        params = msg.get("params")
        meta = params.get("_meta") if isinstance(params, dict) else None
        modern = isinstance(meta, dict) and _VERSION_KEY in meta
        if not isinstance(params, dict) or not isinstance(params.get("name"), str):
            return [
                self._answer(
                    id_, error_frame(id_, INVALID_PARAMS, "cordon: tools/call needs params.name")
                )
            ]
        tool = params["name"]  # (duplicate keys: refused in client_frame)
        args = params.get("arguments")
        if args is None:
            args = {}
        approve: tuple[tuple[Any, ...], ...] | None = None
        out: list[Action] = []
        state = params.get("requestState")
        if isinstance(state, str) and state.startswith(envelope.PREFIX):
            opened = self._retry(id_, tool, args, params, modern, len(line))
            if isinstance(opened, list):
                return opened
            approve, params, out = opened
            line = orjson.dumps({**msg, "params": params})
        return out + self._queue_decide(id_, tool, args, params, line, modern, approve)

    def _deny_withheld(
        self,
        id_: Any,
        tool: str,
        args: Any,
        v: Verdict,
        modern: bool,
        size: int,
        before: list[Action],
    ) -> list[Action]:
        """Deny a call cordon does not decide (a retry it cannot honour) after ``before``. Its
        record keeps the arguments with every string carrying a secret withheld, as a decided
        call's does: finding them reads the session's secrets, so that runs as a job of the
        decision queue (if it fails, the record keeps no argument string at all)."""
        slot = self._slot("client")

        def done(shown: Any, error: BaseException | None) -> list[Action]:
            if error is not None:
                shown = {"_": "[withheld: the arguments could not be checked for secrets]"}
            audit = self._verdict_record(tool, shown, v, args)
            return self._fill("client", slot, [*before, self._deny(id_, v, modern, audit=audit)])

        job = Job("decide", size, lambda: self.work.shown(args), done, id=id_, label=tool)
        return self._enqueue(job)

    def _can_ask(self, params: dict[str, Any]) -> str | None:
        """How a person can be asked about this call through the client: ``input_required``
        (a 2026-07-28 request declaring elicitation), ``elicitation`` (a legacy connection
        that declared it), else None (a one-time code)."""
        meta = params.get("_meta")
        caps = meta.get(_CAPS_KEY) if isinstance(meta, dict) else None
        if isinstance(caps, dict):
            return "input_required" if asks_in_form(caps) else None
        return "elicitation" if self.legacy_elicitation else None

    def _queue_decide(
        self,
        id_: Any,
        tool: str,
        args: Any,
        params: dict[str, Any],
        line: bytes,
        modern: bool,
        approve: tuple[tuple[Any, ...], ...] | None,
    ) -> list[Action]:
        channel = self._can_ask(params)
        slot = self._slot("client")
        issue_code = channel is None and self.cfg.codes

        # a retry's answers to the upstream's questions leave with the call: checked with it
        answers = params.get("inputResponses")
        given = {} if answers is None else {"answers": answers}

        def run() -> Decision:
            return self.work.decide(
                tool, args, approve=approve, issue_code=issue_code, params=params, **given
            )

        def done(d: Decision | None, error: BaseException | None) -> list[Action]:
            if error is not None or d is None:
                failed = self._answer(id_, error_frame(id_, INTERNAL_ERROR, _NOT_FORWARDED))
                return [
                    Log(f"error deciding a call, answered with an error: {error!r}"),
                    *self._fill("client", slot, [failed]),
                ]
            acts: list[Action] = [Log(p) for p in d.problems]
            acts += [self._record(r) for r in d.records]
            shown = d.shown if d.shown is not None else args  # what the audit log keeps
            acts += self._act(id_, tool, args, shown, params, line, modern, channel, d)
            return self._fill("client", slot, acts)

        return self._enqueue(Job("decide", len(line), run, done, id=id_, label=tool))

    def _act(
        self,
        id_: Any,
        tool: str,
        args: Any,
        shown: Any,
        params: dict[str, Any],
        line: bytes,
        modern: bool,
        channel: str | None,
        d: Decision,
    ) -> list[Action]:
        """Act on a verdict: an allow is forwarded under its audit record, a deny answered;
        an ask goes to a person (``input_required``, ``elicitation``) or gets a code.
        ``shown``: the arguments as the audit records keep them."""
        v = d.verdict
        if v.verdict == "allow":
            return [self._forward(id_, tool, args, line, v, modern, shown, _caps(params))]
        if v.verdict == "deny":
            return [self._deny(id_, v, modern, audit=self._verdict_record(tool, shown, v, args))]
        if channel == "input_required":
            return [self._ask_input_required(id_, tool, args, params, v, shown)]
        if channel == "elicitation":
            return self._ask_legacy(id_, tool, args, line, v, shown)
        return [self._code_deny(id_, tool, args, shown, v, d.code, modern)]

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
    ) -> ToUpstream:
        """Forward an allowed call; the transport writes its audit record first and, if that
        fails, refuses it instead (invariant 4: no audit record, no forwarding). A call the
        client cancelled while it was decided goes out with its cancel right behind it, and
        is not pending."""
        self._sent(id_, "tools/call", tool, args, caps)
        refused = id_frame(id_, _AUDIT_REFUSED_TAIL[modern])
        rec = self._verdict_record(tool, shown, v, args)
        # the server opens the paths cordon confined, not its own reading of a relative one
        # (cordon.engine.anchored_paths); the record says what went out
        policy_of = self.cfg.tool_policy
        tp = None if policy_of is None else policy_of(tool)
        anchored = None if tp is None else anchored_arguments(args, tp)
        if tp is not None and anchored is not None:
            msg = orjson.loads(line)
            params = {**msg["params"], "arguments": anchored.arguments}
            line = orjson.dumps({**msg, "params": params})
            # (the record's paths from the arguments as it keeps them: a secret withheld)
            kept = anchored_arguments(shown, tp)
            rec = {**rec, "forwarded_paths": list(kept.paths if kept else anchored.paths)}
        return ToUpstream(line, audit=rec, refused=refused, id=id_)

    def _sent(
        self,
        id_: Any,
        method: str,
        tool: str | None = None,
        args: Any = None,
        caps: dict[str, Any] | None = None,
        task: Any = None,
    ) -> None:
        """A decided request goes upstream now: pending until answered, unless the client
        cancelled it while it was decided (it goes out with its cancel right behind it).
        ``task``: a ``tasks/result`` request's task id; the answer to one of a call's task is
        taken as that call's result (its tool's provenance, its content checks)."""
        key = id_key(id_)
        if method == "tasks/result" and isinstance(task, str) and task in self.tasks:
            method, (tool, args) = "tools/call", self.tasks[task]
        if key in self.cancelling:
            self.cancelling.discard(key)
            self._cancelled(key)
        else:
            self.pending[key] = _Pending(method, id_, tool, args, caps)

    def _note_task(self, p: _Pending, result: dict[str, Any]) -> None:
        """A ``tools/call`` answered with a task (``CreateTaskResult``): its id is kept with
        the call's tool and arguments (at most :data:`_MAX_TASKS`)."""
        task = result.get("task")
        tid = task.get("taskId") if isinstance(task, dict) else None
        if isinstance(tid, str) and p.tool is not None:
            self.tasks[tid] = (p.tool, p.args)
            while len(self.tasks) > _MAX_TASKS:
                del self.tasks[next(iter(self.tasks))]

    # -- the shared taint store ---------------------------------------------------------
    def prod(self) -> list[Action]:
        """A sibling cordon process of the same client missed a lookup while this one held
        keys back: publish them, after everything recorded before this moment."""
        return self._publish(go_on_holding=False)

    def quiet(self) -> list[Action]:
        """Traffic stopped for a moment: publish what the shared store holds and go on
        holding (a process killed outright later leaves less counted lost by its siblings)."""
        if not self._recorded_since_quiet:
            return []
        self._recorded_since_quiet = False
        return self._publish(go_on_holding=True)

    def _publish(self, *, go_on_holding: bool) -> list[Action]:
        def done(problem: str | None, error: BaseException | None) -> list[Action]:
            if error is not None:
                return [Log(f"publishing the held taint keys failed: {error!r}")]
            return [Log(problem)] if problem else []

        return self._enqueue(
            Job("publish", 0, lambda: self.work.publish(go_on_holding=go_on_holding), done)
        )

    # -- cordon's own secrets ------------------------------------------------------------
    def server_frame(self, item: bytes | Oversize) -> list[Action]:
        """One line from the upstream server (:meth:`UpstreamSide.server_frame`), refused when
        it holds an integer orjson reads as a float (:meth:`_inexact_server_frame`), else
        cordon's own credentials masked in it first, before it is read
        (:mod:`cordon.content.known`); monitor delivers output as it came."""
        if isinstance(item, bytes):
            refused = self._inexact_server_frame(item)
            if refused is not None:
                return refused
        if isinstance(item, bytes) and self.own_credentials and self.cfg.content_mode != "monitor":
            masked = self.own_credentials.mask(item)
            if masked is not item:
                rec = {"kind": "content", "where": "frame", "action": "sanitise"}
                own = self._record({**rec, "rules": [OWN_CREDENTIAL], "max_severity": "high"})
                return [own, *super().server_frame(masked)]
        return super().server_frame(item)

    def _inexact_server_frame(self, item: bytes) -> list[Action] | None:
        """The refusal of a server frame holding an integer outside ``[-2**63, 2**64 - 1]``
        (:func:`check_exact_ints`), else None. orjson reads it as a float while a client that
        parses the digits (the Python SDK) gets the integer: the output checks (the registered
        and shared secrets read in it, the numbers a result's recording keeps as text for
        taint) would judge another value than the one delivered. Refused, as a client frame
        is, rather than read again exactly: the recording, the sanitiser and the rebuilt
        frame read and write orjson's value, and orjson cannot write such an integer. A
        response's request is answered with an error (it must not wait), a server request is
        refused upstream, a notification dropped; cordon's own discover is left to
        :meth:`IdentitySide.server_frame` (read for the server's name, never relayed)."""
        try:
            check_exact_ints(item)
            return None
        except InexactIntError as exc:
            why = str(exc)
        try:
            msg = parse_frame(item)
        except ProtocolError:
            return None  # (no JSON object: refused as such by UpstreamSide.server_frame)
        rid = plain_id(msg.get("id"))
        if rid is not None and rid == self.probe_id and "method" not in msg:
            return None  # (the answer; a request of the server's under that id is relayed)
        acts: list[Action] = [
            self._refuse("server", why),
            Log(f"dropped an upstream message: {why}"),
        ]
        if type(rid) not in (str, int):
            return acts  # (no id, or one that is such an integer: read as a float)
        if "method" in msg and "result" not in msg and "error" not in msg:
            refusal = error_frame(rid, INVALID_REQUEST, f"cordon refused this request: {why}")
            return self._put("upstream", [*acts, ToUpstream(refusal)])
        pend = self.pending.pop(id_key(rid), None)
        if pend is None:
            return acts
        answer = error_frame(pend.id, INTERNAL_ERROR, f"cordon: upstream reply refused: {why}")
        return self._put("upstream", [*acts, self._answer(pend.id, answer)])

    def add_secret(self, value: str) -> list[Action]:
        """A credential cordon obtained during the session (an OAuth login or refresh): no
        call decided after this job may carry it out (rule ``secret.egress``)."""

        def done(_: None, error: BaseException | None) -> list[Action]:
            return [Log(f"registering a secret failed: {type(error).__name__}")] if error else []

        self.own_credentials.add(value)  # masked in server output from this frame on
        return self._enqueue(Job("secret", 0, lambda: self.work.register_secret(value), done))

    # -- the end (and :meth:`IdentitySide.upstream_gone`) ------------------------------
    def drop_decisions(self) -> None:
        """Cordon is exiting on a signal: queued calls are not decided (nor forwarded); what
        records output already delivered stays queued, so it is recorded first."""
        self.queue = deque(j for j in self.queue if j.kind in ("record", "publish"))
        kept = {id(j) for j in self.queue}
        self._slot_of = {k: v for k, v in self._slot_of.items() if k in kept}
        self._recount()


def _caps(params: dict[str, Any]) -> dict[str, Any] | None:
    """A 2026-07-28 request's ``clientCapabilities`` (None on a handshake-era request)."""
    meta = params.get("_meta")
    caps = meta.get(_CAPS_KEY) if isinstance(meta, dict) else None
    return caps if isinstance(caps, dict) else None
