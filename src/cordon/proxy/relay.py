"""The raw stdio relay behind ``cordon run``.

cordon starts the upstream MCP server as a subprocess and relays newline-delimited JSON-RPC
both ways, unchanged, except for what it must intercept (docs/internals.md):

- client -> server ``tools/call`` requests: decided by the engine; a denied call is never
  forwarded, the client gets a CallToolResult with ``isError: true`` instead;
- server -> client ``tools/list`` results (every page): pinned or compared, changed, new and
  poisoned tools are removed from the list;
- server -> client ``tools/call`` results, error messages and ``notifications/message``:
  recorded as untrusted output (taint) and passed through the content firewall;
- ``initialize`` / ``server/discover`` results: the server's ``instructions`` are scanned.

Other messages are forwarded as the same bytes, after reading only their method and id.
Both directions are protocol callbacks on one event loop; neither waits on the other's I/O
(each has its own flow control). A usual check takes tens of microseconds and runs on the
loop. A message of ``_OFFLOAD_BYTES`` or more is decided on a decision thread while the loop
goes on relaying the other direction: a ``tools/call`` (its check costs ~2 ms per 10 KB;
:meth:`Relay.check_off_loop`, :meth:`Relay.from_server`) and a result scanned before it is
delivered (warn and block modes, resources and prompts: :meth:`Relay.scan_off_loop`,
:meth:`Relay.from_client`). What arrives meanwhile and needs the session waits for it, so a
verdict depends on the order frames arrived in, never on how long a decision took. In monitor
mode a large result's recording runs mostly in the recording worker.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import math
import os
import selectors
import signal
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from cordon._exceptions import ApprovalError, AuditError, ProtocolError
from cordon._types import Verdict, severity_at_least
from cordon.approvals import envelope
from cordon.audit.log import record_for_call
from cordon.engine.core import Engine, RecordedOutput, Session
from cordon.engine.egress import warm as warm_egress
from cordon.engine.pins import PinFile
from cordon.policy import load_pack
from cordon.proxy.framing import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_DEPTH,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    LineSplitter,
    Oversize,
    blocked_result,
    check_depth,
    check_duplicate_keys,
    error_frame,
    may_exceed_depth,
    parse_frame,
    result_frame,
    sniff_id,
)
from cordon.proxy.recorder import MIN_CHARS, Recorder

_CAPS_KEY = "io.modelcontextprotocol/clientCapabilities"
#: on every 2026-07-28 request (its ``_meta``); a request without it is of the handshake era
_VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
# Methods cordon intercepts as requests; sent without an id they are refused, not relayed.
# Monitor mode records results lazily (Session.defer_output): what is still unrecorded is
# recorded when a decision reads it, after this long without traffic either way, when a
# sibling cordon process asks for it (SIGUSR1, shared taint), or past these bounds.
_QUIET_S = 0.05
#: quiet time before the Public Suffix List is loaded (:meth:`Relay.warm_psl`)
_PSL_QUIET_S = 0.5
_SETTLE_BYTES = 32 * 1024 * 1024
_SETTLE_RESULTS = 4096
#: the oldest a queued result may get while traffic never pauses (a notification stream)
_MAX_AGE_S = 1.0
_REQUEST_ONLY = frozenset({"tools/call", "tools/list", "initialize", "server/discover"})
#: a ``tools/call`` frame at least this long (bytes) is checked on the decision thread, so
#: the upstream's frames move while it is checked (below, the thread hand-off costs more
#: than it saves: a check of 32 KB takes ~6 ms, bench/perf/large_args.py)
_OFFLOAD_BYTES = 32 * 1024
#: deferred output at least this large (characters; or any result whose scan is in flight)
#: is recorded on the decision thread: by the next call's check, which goes there even when
#: the call is small, and in a quiet moment (~5-8 ms of indexing per MB on the loop)
_RECORD_OFF_LOOP = 256 * 1024
#: upstream frames held while a call is checked, past which the upstream is not read until
#: the verdict (bytes; what the deferred-result queue allows, _SETTLE_BYTES)
_HELD_BYTES = 32 * 1024 * 1024


def _log(msg: str) -> None:
    sys.stderr.write(f"cordon: {msg}\n")
    sys.stderr.flush()


def _id_key(id_: Any) -> tuple[str, Any]:
    """The key a JSON-RPC id is matched by, the way clients match it.

    The TypeScript SDK compares ``Number(response.id)`` and the Python SDK coerces numeric
    strings too, so an upstream that answers request ``3`` with id ``"3"`` or ``3.0`` is
    matched to it by the client: cordon must match it the same way, or such a reply would
    skip every check on its way back (red-team finding F1).
    """
    if isinstance(id_, bool):
        return ("o", id_)
    if isinstance(id_, int):
        return ("n", id_)
    if isinstance(id_, float):
        return ("n", int(id_)) if id_.is_integer() else ("f", id_)
    if isinstance(id_, str):
        try:
            f = float(id_)
        except ValueError:
            return ("s", id_)
        if f.is_integer() and abs(f) < 2**63:
            return ("n", int(f))
        return ("s", id_)
    return ("o", repr(id_))


@dataclass
class _Pending:
    method: str
    tool: str | None = None
    id: Any = None
    final_page_unknown: bool = True


class Relay:
    """One upstream server behind one client connection.

    Args:
        engine: the decision engine (policy and pins).
        session: the engine session for this client connection.
        command: the upstream command line.
        server: the logical server name (``--name``) for audit records and approvals.
        audit: an object with ``write(record: dict)`` (``cordon.audit.AuditLog``).
        codes: the one-time approval code store, or None to never issue codes.
        pin_file: persisted pins (trust on first use), or None.
        repin: replace persisted pins with the first tools/list seen.
        recorder: a recording worker forked at start-up (:meth:`Recorder.start_early`), used
            in monitor mode unless ``CORDON_RECORDER=0``, else closed by :meth:`run`; without
            one, the worker is forked at the first large result.
    """

    def __init__(
        self,
        *,
        engine: Engine,
        session: Session,
        command: list[str],
        server: str,
        audit: Any,
        codes: Any = None,
        pin_file: PinFile | None = None,
        repin: bool = False,
        max_bytes: int = DEFAULT_MAX_BYTES,
        max_depth: int = DEFAULT_MAX_DEPTH,
        approval_timeout_s: float | None = None,
        env: dict[str, str] | None = None,
        recorder: Recorder | None = None,
    ) -> None:
        self.engine = engine
        self.session = session
        self.command = command
        self.server = server
        self.audit = audit
        self.codes = codes
        self.pin_file = pin_file
        self.repin = repin
        self.max_bytes = max_bytes
        self.max_depth = max_depth
        self.timeout = approval_timeout_s or engine.policy.approval_timeout_s
        self.env = env
        self.pending: dict[tuple[str, Any], _Pending] = {}
        self.own: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.nonce = os.urandom(4).hex()
        self.own_prefix = f"cordon-{self.nonce}-"
        self.counter = itertools.count(1)
        self.sealer = envelope.Sealer()
        self.legacy_elicitation = False
        #: whether the ``tools/call`` being handled is a 2026-07-28 request
        self._modern_call = True
        self.listing: list[dict[str, Any]] = []
        self.pins_stored = False
        self.up: Any = None  # asyncio.SubprocessTransport
        self.up_in: asyncio.WriteTransport | None = None
        self.up_out: asyncio.ReadTransport | None = None
        self.out: asyncio.WriteTransport | None = None
        self.client_in: asyncio.ReadTransport | None = None
        self.client_eof: asyncio.Future[None] | None = None
        self.upstream_eof: asyncio.Future[None] | None = None
        self.upstream_exit: asyncio.Future[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        #: monitor mode: record results lazily (off when the shared taint store is on and
        #: SIGUSR1 cannot be handled, since sibling processes would wait for the quiet timer)
        self.defer = True
        self.last_io = 0.0
        self.idle_timer: asyncio.TimerHandle | None = None
        #: when each result now queued was queued (monotonic seconds), oldest first (results
        #: are recorded oldest first: the first ``unsettled_results`` of them are still queued)
        self.queued_at: deque[float] = deque()
        #: the queue passed its cap while a result was still being written to the client: its
        #: oldest results are recorded once the client has taken that result (resume_writing)
        self.settle_after_write = False
        #: the client's write buffer is over its high-water mark (upstream reading paused)
        self.client_paused = False
        #: the size of the last result queued (characters)
        self.last_size = 0
        session.report = self.report_settled
        #: monitor mode: the forked worker that scans large deferred results while the relay
        #: indexes their taint (set up by :meth:`run`; ``CORDON_RECORDER=0`` turns it off)
        self.recorder: Recorder | None = None
        self.early_recorder = recorder
        #: the decision thread (:meth:`check_off_loop`), started by the first large call
        self.lane: concurrent.futures.ThreadPoolExecutor | None = None
        #: the job running on the decision thread, if any: while it runs, the session is
        #: touched by nothing else. During a check (:meth:`check_off_loop`) client frames wait
        #: in :attr:`held` (and the client is not read), and upstream frames are delivered at
        #: once when their delivery needs no decision (:meth:`deliver_during_check`), their
        #: recording queued in :attr:`held`; during a result's scan (:meth:`scan_off_loop`)
        #: the upstream is not read and client frames other than ``tools/call`` go on
        self.busy: concurrent.futures.Future[Any] | None = None
        #: what :attr:`busy` decides: ``"call"`` (a client's ``tools/call``) or ``"result"`` (an
        #: upstream result scanned before delivery)
        self.busy_kind = ""
        #: how many ``("client", frame)`` entries :attr:`held` has
        self.client_held = 0
        #: the recording worker's answers are not read by the loop while a job runs (the
        #: thread may record, and reads them itself)
        self.reader_off = False
        #: a quiet moment's recording job is done: publish the held keys after the drain
        self.publish_after = False
        #: work that arrived while the thread worked, in arrival order: ``("client", frame)``,
        #: ``("server", frame)`` (held whole) or ``("state", fn)`` (the recording of an upstream
        #: frame already delivered)
        self.held: deque[tuple[str, Any]] = deque()
        #: how many ``("server", frame)`` entries :attr:`held` has (later upstream frames wait
        #: behind them, so upstream frames reach the client in the order they were sent)
        self.server_held = 0
        #: the size of the upstream frames :attr:`held` keeps (bytes)
        self.held_bytes = 0
        #: the upstream is not read because :attr:`held_bytes` passed its cap
        self.held_paused = False
        #: the upstream's stdin is full (client reading paused for that)
        self.upstream_full = False
        #: pending markers opened in the shared taint store for the results delivered while
        #: calls are checked (closed once those are queued for recording: :meth:`drain`)
        self.lane_markers: list[str] = []
        #: whether upstream frames may be delivered during the current check: not with a
        #: shared taint store whose pending marker could not be written, nor without deferral
        self.early = True
        #: the recording of a frame delivered during a check failed: the markers close failed
        self.lane_failed = False
        self.idle_waiters: list[asyncio.Future[None]] = []
        #: the own-question id whose answer was handled from :attr:`held`: the rest waits
        #: until :meth:`ask_legacy` has acted on it (approved and forwarded, or denied)
        self.drain_waits: str | None = None

    # -- output helpers ----------------------------------------------------------------
    def to_client(self, data: bytes) -> None:
        if self.out is None or self.out.is_closing():
            return
        if data.endswith(b"\n"):
            self.out.write(data)
        elif len(data) < 65536:
            self.out.write(data + b"\n")  # one write, one system call
        else:
            # two writes: a large line is not copied just to append its newline
            self.out.write(data)
            self.out.write(b"\n")
        self.last_io = time.monotonic()

    def to_upstream(self, data: bytes) -> None:
        if self.up_in is None or self.up_in.is_closing():
            return
        self.up_in.write(data if data.endswith(b"\n") else data + b"\n")
        self.last_io = time.monotonic()

    def guard(self, handler: Callable[[Any], None], item: Any) -> None:
        """Run a frame handler; an unexpected error (a bug, an unwritable audit log) answers
        the frame's request with a JSON-RPC error, never forwards it, and keeps the session
        going (fail closed): a client request is not forwarded, an upstream result is
        withheld."""
        try:
            handler(item)
        except Exception as exc:  # noqa: BLE001 - a bug must not forward or end the session
            _log(f"error handling a frame, answered with an error: {exc!r}")
            if not isinstance(item, bytes):
                return
            try:
                msg = parse_frame(item)
            except ProtocolError:
                return
            if "id" not in msg:
                return
            if "method" in msg and handler == self.on_client_line:
                why = "cordon: internal error; the request was not forwarded"
            elif "method" not in msg and handler == self.on_server_line:
                why = "cordon: internal error; the upstream result was withheld"
            else:
                return
            with contextlib.suppress(Exception):
                self.to_client(error_frame(msg["id"], INTERNAL_ERROR, why))

    def record(self, rec: dict[str, Any]) -> None:
        self.audit.write({"session": self.session.id, "server": self.server, **rec})

    def record_verdict(self, tool: str, arguments: Any, v: Verdict, **extra: Any) -> None:
        details = {k: x for k, x in v.details.items() if k != "approval_key"}
        self.audit.write(
            record_for_call(
                session=self.session.id,
                server=self.server,
                tool=tool,
                arguments=arguments if isinstance(arguments, dict) else {"_": arguments},
                verdict=v.verdict,
                rule=v.rule,
                reason=v.reason,
                param=v.param,
                destination=v.destination,
                destinations=v.destinations,
                details=details or None,
                **extra,
            )
        )

    # -- lifecycle ---------------------------------------------------------------------
    async def run(self) -> int:
        """Relay until the client or the upstream goes away; returns the exit status. On
        the way out, while the event loop still handles ``SIGUSR1``, the shared taint store
        publishes what it held; prods are ignored from then on (a sibling's late prod must
        not kill a process that is exiting, red-team S66)."""
        try:
            return await self._run()
        finally:
            if self.lane is not None:
                self.lane.shutdown(wait=False)
            self.flush_shared()
            with contextlib.suppress(ValueError, OSError, RuntimeError):
                asyncio.get_running_loop().remove_signal_handler(signal.SIGUSR1)
                signal.signal(signal.SIGUSR1, signal.SIG_IGN)

    async def _run(self) -> int:
        """:meth:`run`'s body.

        I/O uses asyncio protocols (callbacks, no per-message awaits): each complete line is
        handled synchronously as it arrives. Backpressure: when one side's write buffer is
        full, reading from the other side pauses until it drains.

        The upstream's stdout is a pipe cordon reads with its own read transport: asyncio's
        subprocess transport would hand each chunk over through ``call_soon``, one more turn
        of the event loop between reading a result and writing it to the client.
        """
        loop = asyncio.get_running_loop()
        loop.call_later(_PSL_QUIET_S, self.warm_psl)
        try:
            loop.add_signal_handler(signal.SIGUSR1, self.on_prod)
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                loop.add_signal_handler(sig, self.on_sigterm, sig)
        except (NotImplementedError, RuntimeError, ValueError):
            # not the main thread: no prods from sibling processes, so no deferral with
            # them, and no holding back the shared store's keys
            self.defer = self.engine.shared_taint is None
            self.flush_shared()
        if (
            self.defer
            and self.engine.policy.content.mode == "monitor"
            and os.environ.get("CORDON_RECORDER", "1") != "0"
        ):
            self.recorder = rec = self.early_recorder or Recorder()
            self.session.prefetch = rec.prefetch
            rec.watch = lambda fd: loop.add_reader(fd, rec.poll)
            rec.unwatch = loop.remove_reader
            if rec.pid is not None and rec.result_fd >= 0:  # forked at start-up
                rec.watch(rec.result_fd)
        elif self.early_recorder is not None:
            self.early_recorder.close()
        self.client_eof = loop.create_future()
        self.upstream_eof = loop.create_future()
        self.upstream_exit = loop.create_future()
        out_r, out_w = os.pipe()
        try:
            self.up, _ = await loop.subprocess_exec(
                lambda: _UpstreamProtocol(self),
                *self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=out_w,
                stderr=None,
                env=self.env,
            )
        except OSError as exc:
            os.close(out_r)
            _log(f"cannot start upstream {self.command[0]!r}: {exc.strerror or exc}")
            return 127
        finally:
            os.close(out_w)  # the child holds its own copy: EOF when it (and its children) close it
        self.up_out, _ = await loop.connect_read_pipe(
            lambda: _UpstreamReader(self), open(out_r, "rb", buffering=0)
        )  # type: ignore[assignment]
        selector = getattr(loop, "_selector", None)
        if isinstance(selector, _SpinSelector):
            selector.may_spin = self.may_spin
        self.up_in = self.up.get_pipe_transport(0)  # type: ignore[assignment]
        self.out, _ = await loop.connect_write_pipe(lambda: _ClientWriter(self), sys.stdout.buffer)  # type: ignore[assignment]
        # writing resumes (and a queue over its cap is recorded) once all of a large result
        # is in the pipe: the client takes the whole of it meanwhile
        self.out.set_write_buffer_limits(high=65536, low=0)  # type: ignore[union-attr]
        self.client_in, _ = await loop.connect_read_pipe(
            lambda: _ClientReader(self), sys.stdin.buffer
        )  # type: ignore[assignment]
        await asyncio.wait(
            {self.client_eof, self.upstream_eof}, return_when=asyncio.FIRST_COMPLETED
        )
        await self.lane_idle()  # a call being checked is acted on, what arrived meanwhile too
        self.settle_now()  # content findings reach the log; sibling processes stop waiting
        if self.client_eof.done() and not self.upstream_eof.done():
            await self.shutdown_upstream()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(self.upstream_eof), 2)
            # results the upstream delivered meanwhile (calls made just before the client
            # closed its end) are recorded too (red-team S60)
            self.settle_now()
            await self._flush()
            return 0
        # upstream ended first (its stdout closed)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.upstream_exit), 5)
        rc = self.up.get_returncode()
        if self.client_eof.done():
            return 0
        for pend in list(self.pending.values()):
            self.to_client(
                error_frame(pend.id, INTERNAL_ERROR, "cordon: the upstream server exited")
            )
        self.pending.clear()
        await self._flush()
        _log(f"upstream server exited with status {rc}; stopping")
        return rc if rc not in (0, None) else 1

    async def _flush(self) -> None:
        """Wait (bounded) for the client's write buffer to drain."""
        for _ in range(100):
            if self.out is None or self.out.is_closing() or not self.out.get_write_buffer_size():
                return
            await asyncio.sleep(0.01)

    async def shutdown_upstream(self, grace_s: float = 2.0) -> None:
        """Client EOF: close the upstream's stdin, then SIGTERM, then SIGKILL after a grace.

        Waits on the process-exit callback, not ``Process.wait()``, which on Python 3.11 also
        waits for pipe EOF that a grandchild can hold open.
        """
        if self.up_in is not None and not self.up_in.is_closing():
            self.up_in.close()
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig is not None and self.up.get_returncode() is None:
                with contextlib.suppress(ProcessLookupError):
                    self.up.send_signal(sig)
            try:
                await asyncio.wait_for(asyncio.shield(self.upstream_exit), grace_s)
                return
            except TimeoutError:
                continue

    def spawn(self, coro: Any) -> None:
        t = asyncio.create_task(coro)
        self.tasks.add(t)
        t.add_done_callback(self.tasks.discard)

    # -- client -> server --------------------------------------------------------------
    def on_client_line(self, item: bytes | Oversize) -> None:
        """Handle one frame from the client (synchronously; asks spawn a task)."""
        if isinstance(item, Oversize):
            self.record(
                {
                    "kind": "frame_refused",
                    "direction": "client",
                    "reason": "oversize",
                    "size": item.size,
                }
            )
            self.to_client(
                error_frame(
                    sniff_id(item.head, item.tail),
                    INVALID_REQUEST,
                    f"cordon: message over the size cap ({self.max_bytes} bytes)",
                )
            )
            return
        try:
            msg = parse_frame(item)
            if may_exceed_depth(item, self.max_depth):
                check_depth(msg, self.max_depth)
        except ProtocolError as exc:
            self.record({"kind": "frame_refused", "direction": "client", "reason": str(exc)})
            self.to_client(error_frame(None, exc.code, f"cordon: {exc}"))
            return
        method = msg.get("method")
        if method is not None and "id" not in msg and method in _REQUEST_ONLY:
            # A request method sent as a notification would skip every check if relayed;
            # JSON-RPC gives it no reply, so it is dropped, logged and answered with an error.
            self.record(
                {
                    "kind": "frame_refused",
                    "direction": "client",
                    "reason": f"{method} without an id",
                }
            )
            self.to_client(
                error_frame(None, INVALID_REQUEST, f"cordon: {method} must be a request with an id")
            )
            return
        if method is None:
            rid = msg.get("id")
            if isinstance(rid, str) and rid.startswith(self.own_prefix):
                fut = self.own.pop(rid, None)  # a late answer after a timeout is dropped
                if fut is not None and not fut.done():
                    fut.set_result(msg)
                    if self.held:  # handled from what was held: its call before the rest
                        self.drain_waits = rid
                return
            self.to_upstream(item)
        elif "id" in msg:
            if method == "tools/call":
                self.on_tools_call(msg, item)
            else:
                if method == "initialize":
                    caps = (msg.get("params") or {}).get("capabilities") or {}
                    self.legacy_elicitation = isinstance(caps, dict) and "elicitation" in caps
                self.pending[_id_key(msg["id"])] = _Pending(method=str(method), id=msg["id"])
                self.to_upstream(item)
        else:
            self.to_upstream(item)

    def _deny(self, id_: Any, v: Verdict, extra: str = "", modern: bool | None = None) -> None:
        """Answer the ``tools/call`` ``id_`` with a blocked result; ``modern``: whether it was
        a 2026-07-28 request (default: the ``tools/call`` being handled now)."""
        modern = self._modern_call if modern is None else modern
        self.to_client(result_frame(id_, blocked_result(v.rule, v.reason, extra, modern=modern)))

    def on_tools_call(self, msg: dict[str, Any], line: bytes) -> None:
        id_ = msg["id"]
        params = msg.get("params")
        meta = params.get("_meta") if isinstance(params, dict) else None
        self._modern_call = isinstance(meta, dict) and _VERSION_KEY in meta
        if not isinstance(params, dict) or not isinstance(params.get("name"), str):
            self.to_client(error_frame(id_, INVALID_PARAMS, "cordon: tools/call needs params.name"))
            return
        try:
            check_duplicate_keys(line, msg)
        except ProtocolError as exc:
            self.record({"kind": "frame_refused", "direction": "client", "reason": str(exc)})
            self.to_client(error_frame(id_, exc.code, f"cordon: {exc}"))
            return
        tool = params["name"]
        args = params.get("arguments")
        if args is None:
            args = {}
        # a 2026-07-28 retry answering cordon's own question
        state = params.get("requestState")
        if isinstance(state, str) and state.startswith(envelope.PREFIX):
            payload = self.sealer.open(state)
            if payload is None or payload.get("call") != envelope.call_digest(tool, args):
                v = Verdict(
                    verdict="deny",
                    rule="approval.invalid_state",
                    reason="approval state is invalid or expired",
                )
                self.record_verdict(tool, args, v)
                self._deny(id_, v)
                return
            responses = dict(params.get("inputResponses") or {})
            answer = responses.pop(envelope.INPUT_KEY, None)
            approved = envelope.is_accept(answer)
            self.record(
                {
                    "kind": "approval",
                    "tool": tool,
                    "rule": payload.get("rule"),
                    "destination": payload.get("destination"),
                    "channel": "input_required",
                    "answer": "accept"
                    if approved
                    else (answer or {}).get("action", "none")
                    if isinstance(answer, dict)
                    else "none",
                }
            )
            if not approved:
                v = Verdict(
                    verdict="deny",
                    rule=str(payload.get("rule")),
                    reason="a person did not approve this call",
                )
                self.record_verdict(tool, args, v)
                self._deny(id_, v)
                return
            self.session.approvals.add(tuple(payload["key"]))
            params = dict(params)
            up_resp = payload.get("ir")
            if up_resp:
                responses.update(up_resp)
            if responses:
                params["inputResponses"] = responses
            else:
                params.pop("inputResponses", None)
            if payload.get("up") is not None:
                params["requestState"] = payload["up"]
            else:
                params.pop("requestState", None)
            msg = {**msg, "params": params}
            line = orjson.dumps(msg)
        if (len(line) >= _OFFLOAD_BYTES or self.recording_heavy()) and self.check_off_loop(
            id_, tool, args, params, line
        ):
            return
        self.decided(
            id_, tool, args, params, line, self.session.check(tool, args, server=self.server)
        )

    def decided(
        self, id_: Any, tool: str, args: Any, params: dict[str, Any], line: bytes, v: Verdict
    ) -> None:
        """Act on the verdict for the ``tools/call`` ``id_``: a one-time code may turn an ask
        into an allow; an allow is audited, then forwarded; a deny is audited and answered;
        an ask goes to a person (elicitation, input_required or a code)."""
        if v.verdict == "ask" and self.codes is not None:
            key = v.details.get("approval_key")
            try:
                used = self.codes.consume(self._code_key(key, tool, args)) if key else None
            except ApprovalError as exc:  # a corrupt store approves nothing
                _log(f"approval store unusable: {exc}")
                used = None
            if used is not None:
                self.record(
                    {
                        "kind": "approval",
                        "tool": tool,
                        "rule": v.rule,
                        "destination": v.destination,
                        "channel": "code",
                        "answer": "accept",
                    }
                )
                self.session.once_approve(v)
                v = self.session.check(tool, args, server=self.server)
        if v.verdict == "allow":
            try:
                self.record_verdict(tool, args, v)
            except AuditError as exc:  # invariant 4: no audit record, no forwarding
                _log(f"audit log unwritable, call refused: {exc}")
                self._deny(
                    id_,
                    Verdict(
                        verdict="deny",
                        rule="audit.unwritable",
                        reason="the audit log cannot be written",
                    ),
                )
                return
            self.pending[_id_key(id_)] = _Pending(method="tools/call", tool=tool, id=id_)
            self.to_upstream(line)
            return
        if v.verdict == "deny":
            self.record_verdict(tool, args, v)
            self._deny(id_, v)
            return
        # ask
        meta = params.get("_meta") if isinstance(params.get("_meta"), dict) else {}
        caps = meta.get(_CAPS_KEY) if isinstance(meta, dict) else None
        if isinstance(caps, dict):  # 2026-07-28 request
            if "elicitation" in caps:
                self.record_verdict(tool, args, v, asked="input_required")
                self.ask_input_required(id_, tool, args, params, v)
                return
        elif self.legacy_elicitation:
            self.record_verdict(tool, args, v, asked="elicitation")
            self.spawn(self.ask_legacy(id_, tool, args, line, v))
            return
        self.deny_with_code(id_, tool, args, v)

    def check_off_loop(
        self, id_: Any, tool: str, args: Any, params: dict[str, Any], line: bytes
    ) -> bool:
        """Check a large ``tools/call`` on the decision thread, so the upstream's frames move
        while it is checked; :meth:`finished` acts on the verdict back on the loop. False
        (nothing done) without a running loop or a thread.

        Every deferred result is recorded first, here: the thread only decides. Until the
        verdict is acted on, nothing else touches the session: the client is not read (its
        frames wait, in order), and an upstream frame is delivered at once only when its
        delivery needs no decision (:meth:`deliver_during_check`), its recording queued
        behind the verdict. So the call is decided on exactly the history that arrived
        before it, as on the loop.
        """
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        if not self.thread_can_record():
            self.session.settle()  # (the worker would be forked there: never off the loop)
            if len(line) < _OFFLOAD_BYTES:
                return False  # a small call, now cheap to check: on the loop
        marker = self.open_lane_marker()
        modern = self._modern_call
        if self.client_in is not None:
            self.client_in.pause_reading()

        def then(v: Verdict) -> None:
            self._modern_call = modern
            self.decided(id_, tool, args, params, line, v)

        job = (self.session.check, (tool, args), {"server": self.server})
        if self.offload("call", job, then, id_, "the request was not forwarded"):
            if marker is not None:
                self.lane_markers.append(marker)
            return True
        self.drop_lane_marker(marker)
        if self.client_in is not None and not self.upstream_full:
            self.client_in.resume_reading()
        return False

    def recording_heavy(self) -> bool:
        """Whether the deferred output a decision may have to record first is large enough
        to record on the decision thread (``_RECORD_OFF_LOOP``)."""
        s = self.session
        return bool(s.scans_in_flight) or s.unsettled_bytes >= _RECORD_OFF_LOOP

    def thread_can_record(self) -> bool:
        """Whether the decision thread may record deferred output: without a recording
        worker, or with one already running (a fork stays on the loop)."""
        rec = self.recorder
        return rec is None or (rec.pid is not None and rec.failed is None)

    def open_lane_marker(self) -> str | None:
        """With a shared taint store: write a pending marker before a job whose meantime may
        deliver upstream frames before they are recorded (:meth:`deliver_during_check`), so
        the client's other cordon processes wait for their keys (as Session.defer_output's
        marker does for a result). Sets :attr:`early`: False when it cannot be written, or
        recording is not deferred (nothing is then delivered early)."""
        shared = self.engine.shared_taint
        self.early = True
        if shared is None:
            return None
        if not self.lane_markers:
            self.lane_failed = False
        marker = None
        try:
            marker = shared.mark_pending()
        except OSError as exc:
            _log(f"the shared taint store is unwritable, frames wait for the job: {exc!r}")
        self.early = marker is not None and self.defer
        return marker

    def drop_lane_marker(self, marker: str | None) -> None:
        shared = self.engine.shared_taint
        if marker is not None and shared is not None:
            with contextlib.suppress(OSError):
                shared.mark_done(marker)

    def record_off_loop(self) -> bool:
        """In a quiet moment: record the deferred output on the decision thread (then publish
        what the shared store holds and give the worker's shared memory back), so a frame
        that comes meanwhile moves, as during a check. False (nothing done) when it stays on
        the loop."""
        if not (self.recording_heavy() and self.thread_can_record()):
            return False
        marker = self.open_lane_marker()

        if self.offload("record", (self.record_quietly, (), {}), lambda _: None, None, ""):
            if marker is not None:
                self.lane_markers.append(marker)
            self.publish_after = True  # (whether or not the job raises)
            return True
        self.drop_lane_marker(marker)
        return False

    def record_quietly(self) -> None:
        """(On the decision thread.) What :meth:`on_idle` does in a quiet moment: a recording
        that raises still publishes the held keys and gives the memory back (as on the loop,
        red team of the recording job)."""
        try:
            self.session.settle()
        finally:
            # and publish the shared store's held keys: a proxy killed outright later leaves
            # only what it held since then counted lost by its siblings
            self.flush_shared(go_on_holding=True)
            rec = self.recorder
            if rec is not None:  # the memory shared with the worker, if no text is in it
                with contextlib.suppress(Exception):
                    rec.trim()

    def offload(
        self,
        kind: str,
        job: tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]],
        then: Callable[[Any], None],
        id_: Any,
        why: str,
    ) -> bool:
        """Run ``job`` (a function, its arguments and keywords) on the decision thread and
        ``then`` with its return value back on the loop, then :meth:`drain`; a job that
        raises answers ``id_`` with an internal error (``why`` says what was not done).
        False when there is no running loop or no thread can start (nothing is done)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        if self.lane is None:
            self.lane = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="cordon-check")
        fn, args, kwargs = job
        rec = self.recorder
        if rec is not None and rec.result_fd >= 0 and rec.watch is not None:
            # the thread may record and read the worker's answers itself meanwhile
            with contextlib.suppress(Exception):
                loop.remove_reader(rec.result_fd)
            self.reader_off = True
        try:
            fut = self.lane.submit(fn, *args, **kwargs)
        except RuntimeError as exc:  # no thread (a process limit): done on the loop
            _log(f"the decision thread cannot start, deciding on the loop: {exc!r}")
            self.reader_on()
            return False
        self.busy, self.busy_kind = fut, kind

        def done(f: concurrent.futures.Future[Any]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: cordon is exiting
                loop.call_soon_threadsafe(self.finished, f, then, id_, why)

        fut.add_done_callback(done)
        return True

    def finished(
        self, fut: concurrent.futures.Future[Any], then: Callable[[Any], None], id_: Any, why: str
    ) -> None:
        """The decision thread's job is done: act on it, then handle what arrived meanwhile,
        in order (:meth:`drain`). A job that raised answers ``id_`` with an error and forwards
        or delivers nothing (fail closed)."""
        self.busy, self.busy_kind = None, ""
        self.reader_on()
        try:
            then(fut.result())
        except Exception as exc:  # noqa: BLE001 - a bug must not forward or end the session
            _log(f"error on the decision thread: {exc!r}")
            if id_ is not None:
                with contextlib.suppress(Exception):
                    self.to_client(
                        error_frame(id_, INTERNAL_ERROR, f"cordon: internal error; {why}")
                    )
        self.drain()

    def reader_on(self) -> None:
        """Read the recording worker's answers on the loop again (after a job)."""
        if not self.reader_off:
            return
        self.reader_off = False
        rec = self.recorder
        if rec is not None and rec.result_fd >= 0 and rec.failed is None and rec.watch:
            with contextlib.suppress(Exception):
                rec.watch(rec.result_fd)

    def drain(self) -> None:
        """Handle the work held while the decision thread worked, oldest first, until it is
        done or another large message goes to the thread; then read both sides again."""
        while self.held and self.busy is None and self.drain_waits is None:
            kind, x = self.held.popleft()
            if kind == "client":
                self.client_held -= 1
                self.guard(self.on_client_line, x)
            elif kind == "server":
                self.server_held -= 1
                self.guard(self.on_server_line, x)
            else:
                self.run_state(x)
        if self.drain_waits is not None:
            return  # an answer to cordon's question: its call first (:meth:`ask_legacy`)
        if self.busy is not None:
            self.read_for_job()
            return
        self.close_lane_markers()
        if self.publish_after:
            # a quiet moment's job published while the lane's marker was out, which keeps
            # the held marker open: publish again now that it is closed
            self.publish_after = False
            self.flush_shared(go_on_holding=True)
        self.held_bytes = 0
        if self.client_in is not None and not self.upstream_full:
            self.client_in.resume_reading()
        if self.held_paused:
            self.held_paused = False
            if self.up_out is not None and not self.client_paused:
                self.up_out.resume_reading()
        waiters, self.idle_waiters = self.idle_waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)

    def run_state(self, fn: Callable[[], None]) -> None:
        """Run the recording of a frame delivered during a check; a failure is logged and
        closes the check's pending markers failed (:meth:`close_lane_markers`)."""
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - delivered: logged, never answered
            self.lane_failed = True
            _log(f"recording a frame delivered during a check failed: {exc!r}")

    def read_for_job(self) -> None:
        """A job started while the held work was handled: read the side its kind lets move
        (a check: the upstream, unless held frames passed their cap; a scan: the client,
        unless a client frame is held or the upstream's stdin is full)."""
        if self.busy_kind in ("call", "record"):
            if self.held_paused and self.held_bytes <= _HELD_BYTES:
                self.held_paused = False
                if self.up_out is not None and not self.client_paused:
                    self.up_out.resume_reading()
        if (
            self.busy_kind in ("result", "record")
            and self.client_in is not None
            and not self.client_held
            and not self.upstream_full
        ):
            self.client_in.resume_reading()

    def close_lane_markers(self) -> None:
        """Close the shared store's markers for frames delivered during checks, once those
        are recorded or queued (their own markers, Session.defer_output, take over): failed
        (``F``, the siblings count the keys lost) if recording one of them failed."""
        shared = self.engine.shared_taint
        markers, self.lane_markers = self.lane_markers, []
        ok, self.lane_failed = not self.lane_failed, False
        for marker in markers:
            if shared is not None:
                try:
                    shared.mark_done(marker, ok=ok)
                except OSError as exc:  # left open: the siblings count its keys lost
                    _log(f"closing a pending marker failed: {exc!r}")

    async def lane_idle(self, *, drained: bool = True) -> None:
        """Return once the decision thread is idle and (``drained``) what arrived meanwhile
        is handled."""
        while self.busy is not None or (drained and self.held):
            w: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.idle_waiters.append(w)
            await w

    def session_work(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` (which touches the session) now, or after the check on the decision
        thread, in arrival order with the frames held meanwhile."""
        if not self.lane_busy:
            fn()
        else:
            self.held.append(("state", fn))

    def from_client(self, item: bytes | Oversize) -> None:
        """A frame from the client: handled now, or held while the decision thread works.
        While it scans a result, a frame that needs no decision (anything but a
        ``tools/call``: requests, notifications, answers) is still handled now, unless a
        client frame is already held (the upstream gets them in the order they were sent);
        a ``tools/call`` or an answer to cordon's own question is held, and the client is not
        read until the result is done."""
        if not self.lane_busy or (
            self.busy_kind in ("result", "record")
            and not self.client_held
            and not self.needs_session(item)
        ):
            self.guard(self.on_client_line, item)
            return
        self.held.append(("client", item))
        self.client_held += 1
        if self.client_in is not None:
            self.client_in.pause_reading()

    def needs_session(self, item: bytes | Oversize) -> bool:
        """Whether a client frame's handling touches the session: a ``tools/call``, or an
        answer to cordon's own elicitation (it approves and checks a call). One that cannot be
        parsed does not: the relay answers it with an error and nothing else."""
        if isinstance(item, Oversize):
            return False
        try:
            msg = parse_frame(item)
        except ProtocolError:
            return False
        rid = msg.get("id")
        return msg.get("method") == "tools/call" or (
            "method" not in msg and isinstance(rid, str) and rid.startswith(self.own_prefix)
        )

    @property
    def lane_busy(self) -> bool:
        """The decision thread works, or what arrived meanwhile is not all handled yet (a
        frame that comes now waits behind it)."""
        return self.busy is not None or bool(self.held)

    def from_server(self, item: bytes | Oversize) -> None:
        """A frame from the upstream: handled now; while a call is checked, delivered at once
        when that needs no decision (:meth:`deliver_during_check`), else held (and every
        upstream frame after it, so the client gets them in the order they were sent)."""
        if not self.lane_busy:
            self.guard(self.on_server_line, item)
            return
        if not self.server_held and self.busy_kind in ("call", "record"):
            try:
                if self.deliver_during_check(item):
                    return
            except Exception as exc:  # noqa: BLE001 - held instead: the handler decides later
                _log(f"error relaying a frame during a check, held: {exc!r}")
        self.held.append(("server", item))
        self.server_held += 1
        self.note_held(item.size if isinstance(item, Oversize) else len(item))

    def note_held(self, size: int) -> None:
        """Count ``size`` bytes more held behind a check; past ``_HELD_BYTES`` the upstream
        is not read until the verdict (bounded memory, as the deferred-result queue's cap)."""
        self.held_bytes += size
        if self.held_bytes > _HELD_BYTES and not self.held_paused and self.up_out is not None:
            self.held_paused = True
            self.up_out.pause_reading()

    def deliver_during_check(self, item: bytes | Oversize) -> bool:
        """While a call is checked on the decision thread: deliver an upstream frame now if its
        delivery depends on no decision, and queue its recording behind the verdict. True
        when delivered: a notification or server-to-client request, an error response, a
        response whose result is not an object, a monitor-mode ``tools/call`` result (which
        is delivered before it is recorded anyway, :meth:`on_tool_result`). False (nothing
        done) for the rest: a frame that is malformed, oversize, answers an unknown id or
        one of another type, or is a result cordon may change or must scan first (tools/list,
        warn and block modes, input_required, initialize), and every frame when the shared
        taint store's pending marker could not be written or recording is not deferred
        (:meth:`check_off_loop`)."""
        if isinstance(item, Oversize) or not self.early:
            return False
        try:
            msg = parse_frame(item)
        except ProtocolError:
            return False
        if msg.get("method") is not None:
            params = msg.get("params")
            self.to_client(item)
            if params:
                self.held.append(("state", lambda: self.observe_params(params)))
                self.note_held(len(item))
            return True
        id_ = msg.get("id")
        key = _id_key(id_)
        p = self.pending.get(key)
        if p is None or type(id_) is not type(p.id) or id_ != p.id:
            return False
        if "error" in msg:
            err = msg.get("error")
            self.pending.pop(key)
            self.to_client(item)
            self.held.append(("state", lambda: self.session.observe_untrusted(err)))
            self.note_held(len(item))
            return True
        result = msg.get("result")
        if not isinstance(result, dict):
            self.pending.pop(key)
            self.to_client(item)
            return True
        if (
            p.method != "tools/call"
            or self.engine.policy.content.mode != "monitor"
            or not self.defer
            or result.get("resultType") == "input_required"
            or may_exceed_depth(item, self.max_depth)
        ):
            return False
        self.pending.pop(key)
        self.to_client(item)
        tool = p.tool or ""
        self.held.append(("state", lambda: self.after_delivery(tool, result)))
        self.note_held(len(item))
        return True

    @staticmethod
    def _code_key(key: Any, tool: str, args: Any) -> list[Any]:
        """A one-time code's key: the ask's approval key and the digest of the whole call
        (:func:`cordon.approvals.envelope.call_digest`), so the code lets through a retry of
        exactly the call the person was shown, not another body to the same destination."""
        return [*key, envelope.call_digest(tool, args)]

    def deny_with_code(self, id_: Any, tool: str, args: Any, v: Verdict) -> None:
        extra = ""
        code = None
        key = v.details.get("approval_key")
        if self.codes is not None and key:
            try:
                code = self.codes.issue(
                    server=self.server,
                    tool=tool,
                    param=v.param,
                    destination=v.destination,
                    rule=v.rule,
                    reason=v.reason,
                    approval_key=self._code_key(key, tool, args),
                )
            except ApprovalError as exc:
                _log(f"approval store unusable, denying without a code: {exc}")
        if code is not None:
            extra = (
                f"A person can approve one retry of this exact call by running, in their own "
                f"terminal: cordon approve {code}  (expires in 5 minutes)"
            )
        self.record_verdict(
            tool, args, v, asked="code" if code else "none", answer="deny", code=code
        )
        self._deny(
            id_, Verdict(verdict="deny", rule=v.rule, reason=f"needs approval: {v.reason}"), extra
        )

    def ask_input_required(
        self, id_: Any, tool: str, args: Any, params: dict[str, Any], v: Verdict
    ) -> None:
        payload = {
            "call": envelope.call_digest(tool, args),
            "key": list(v.details.get("approval_key") or []),
            "rule": v.rule,
            "destination": v.destination,
            "up": params.get("requestState"),
            "ir": params.get("inputResponses") or None,
        }
        state = self.sealer.seal(payload, ttl_s=self.timeout)
        q = envelope.question(self.server, tool, v.param, v.destination, v.reason)
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
        self.to_client(result_frame(id_, result))

    async def ask_legacy(self, id_: Any, tool: str, args: Any, line: bytes, v: Verdict) -> None:
        eid = f"{self.own_prefix}{next(self.counter)}"
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.own[eid] = fut
        q = envelope.question(self.server, tool, v.param, v.destination, v.reason)
        self.to_client(
            orjson.dumps({"jsonrpc": "2.0", "id": eid, "method": "elicitation/create", "params": q})
        )
        try:
            await self.asked_legacy(eid, fut, id_, tool, args, line, v)
        finally:
            if self.drain_waits == eid:  # what arrived after the answer goes on
                self.drain_waits = None
                self.drain()

    async def asked_legacy(
        self,
        eid: str,
        fut: asyncio.Future[dict[str, Any]],
        id_: Any,
        tool: str,
        args: Any,
        line: bytes,
        v: Verdict,
    ) -> None:
        """Wait for the person's answer to ``eid`` and act on it: an approval lets the call
        be checked again (and forwarded if allowed), anything else denies it."""
        answer = "timeout"
        approved = False
        try:
            resp = await asyncio.wait_for(fut, self.timeout)
            result = resp.get("result")
            if isinstance(result, dict):
                answer = str(result.get("action", "none"))
                approved = envelope.is_accept(result)
                if answer == "accept" and not approved:
                    answer = "accept-without-approve"
            else:
                answer = "error"
        except TimeoutError:
            self.own.pop(eid, None)
        self.record(
            {
                "kind": "approval",
                "tool": tool,
                "rule": v.rule,
                "destination": v.destination,
                "channel": "elicitation",
                "answer": answer,
            }
        )
        if not approved:
            d = Verdict(
                verdict="deny", rule=v.rule, reason=f"a person did not approve this call ({answer})"
            )
            self.record_verdict(tool, args, d)
            self._deny(id_, d, modern=False)
            return
        # the session is the decision thread's while it works (and when this answer was held,
        # the frames after it wait for this coroutine: drain_waits)
        await self.lane_idle(drained=False)
        self.session.approve(v)
        v2 = self.session.check(tool, args, server=self.server)
        self.record_verdict(tool, args, v2)
        if v2.verdict == "allow":
            self.pending[_id_key(id_)] = _Pending(method="tools/call", tool=tool, id=id_)
            self.to_upstream(line)
        else:
            self._deny(id_, v2, modern=False)

    # -- server -> client --------------------------------------------------------------
    def on_server_line(self, item: bytes | Oversize) -> None:
        """Handle one frame from the upstream (synchronously)."""
        if isinstance(item, Oversize):
            rid = sniff_id(item.head, item.tail)
            self.record(
                {
                    "kind": "frame_refused",
                    "direction": "server",
                    "reason": "oversize",
                    "size": item.size,
                }
            )
            pend = self.pending.pop(_id_key(rid), None) if rid is not None else None
            if pend is not None:
                rid = pend.id
                self.to_client(
                    error_frame(
                        rid,
                        INTERNAL_ERROR,
                        f"cordon: upstream reply over the size cap ({self.max_bytes} bytes)",
                    )
                )
            else:
                _log(f"dropped an upstream message over the size cap ({item.size} bytes)")
            return
        try:
            msg = parse_frame(item)
        except ProtocolError as exc:
            self.record({"kind": "frame_refused", "direction": "server", "reason": str(exc)})
            _log(f"dropped an upstream message: {exc}")
            return
        method = msg.get("method")
        if method is not None:
            # notifications and server-to-client requests (sampling, elicitation) are server
            # output too: their text is recorded for taint
            params = msg.get("params")
            if params:
                self.observe_params(params)
            self.to_client(item)
        else:
            self.on_response(msg, item)

    def observe_params(self, params: Any) -> None:
        """Record a notification's or server-to-client request's params as server output."""
        self.session.observe_untrusted(params)
        if self.session.unsettled_bytes > _SETTLE_BYTES:
            # queued behind a deferred result: a notification flood must not grow memory
            # past the cap (red-team S22)
            self.settle_now()

    def on_response(self, msg: dict[str, Any], line: bytes) -> None:
        id_ = msg.get("id")
        p = self.pending.pop(_id_key(id_), None)
        if p is None:
            # an answer to nothing the client asked (or to a call cordon refused): fail closed
            self.record(
                {
                    "kind": "frame_refused",
                    "direction": "server",
                    "reason": "response to an unknown id",
                }
            )
            _log("dropped an upstream response whose id matches no pending request")
            return
        if type(id_) is not type(p.id) or id_ != p.id:
            # the client would match it anyway; hand it the id it sent
            msg = {**msg, "id": p.id}
            line = orjson.dumps(msg)
            id_ = p.id
        if "error" in msg:
            self.session.observe_untrusted(msg.get("error"))
            self.to_client(line)
            return
        result = msg.get("result")
        if not isinstance(result, dict):
            self.to_client(line)
            return
        try:
            if p.method in ("tools/call", "tools/list") and may_exceed_depth(line, self.max_depth):
                check_depth(result, self.max_depth)
        except ProtocolError as exc:
            self.record(
                {"kind": "frame_refused", "direction": "server", "reason": str(exc), "tool": p.tool}
            )
            self.to_client(
                error_frame(id_, INTERNAL_ERROR, f"cordon: upstream reply refused: {exc}")
            )
            return
        if p.method == "tools/list":
            self.on_tools_list(id_, result, line)
        elif p.method == "tools/call":
            self.on_tool_result(id_, p.tool or "", result, line)
        elif p.method in ("initialize", "server/discover"):
            self.on_init_result(id_, result, line)
        else:
            self.on_other_result(id_, p.method, result, line)

    def on_other_result(self, id_: Any, method: str, result: dict[str, Any], line: bytes) -> None:
        """Any other result (resources/read, prompts/get, completion/complete...) is server
        output too (invariant 6): recorded for taint and secrets and scanned. In block mode a
        finding at or above the threshold replaces it with a JSON-RPC error naming the rules;
        warn mode logs (only tool results are rewritten)."""
        if len(line) >= _OFFLOAD_BYTES and self.scan_off_loop(
            (self.observe_other, (method, result), {}),
            lambda obs: self.deliver_other(id_, method, line, obs),
            id_,
        ):
            return
        self.deliver_other(id_, method, line, self.observe_other(method, result))

    def observe_other(self, method: str, result: dict[str, Any]) -> Any:
        """Record another result as server output and scan it (monitor: it is not changed)."""
        recorded = self.session.record_output(result)
        return self.session.observe_output(
            method, result, server=self.server, content_mode="monitor", recorded=recorded
        )

    def deliver_other(self, id_: Any, method: str, line: bytes, obs: Any) -> None:
        """Log another result's findings and deliver it, or in block mode refuse it."""
        policy = self.engine.policy.content
        bad = sorted(
            {f.rule for f in obs.findings if severity_at_least(f.severity, policy.block_at)}
        )
        if obs.findings:
            self.record(
                {
                    "kind": "content",
                    "where": method,
                    "rules": sorted({f.rule for f in obs.findings}),
                    "action": "block" if bad and policy.mode == "block" else "deliver",
                }
            )
        if bad and policy.mode == "block":
            self.to_client(
                error_frame(
                    id_, INTERNAL_ERROR, f"cordon blocked this {method} result: {', '.join(bad)}"
                )
            )
            return
        self.to_client(line)

    def on_tools_list(self, id_: Any, result: dict[str, Any], line: bytes) -> None:
        tools = result.get("tools")
        if not isinstance(tools, list):
            self.to_client(
                error_frame(
                    id_, INTERNAL_ERROR, "cordon: upstream tools/list result has no tools array"
                )
            )
            return
        self.session.observe_untrusted(tools)  # definitions are server output too (invariant 6)
        final = not result.get("nextCursor")
        first = not self.engine.pins.get(self.server) or not self.engine.pins[self.server].complete
        report = self.engine.pin_tools(
            [t for t in tools if isinstance(t, dict)], server=self.server, complete=final
        )
        if first:
            self.listing.extend(t for t in tools if isinstance(t, dict))
            if final and self.pin_file is not None and not self.pins_stored:
                self.pin_file.store(self.server, self.listing)
                self.pins_stored = True
            if final:
                self.warn_stray_policy_entries()
        for name, v in report.hidden.items():
            rec: dict[str, Any] = {
                "kind": "pin" if v.rule.startswith("pin.") else "content",
                "tool": name,
                "rule": v.rule,
                "reason": v.reason,
            }
            if v.details:
                rec["details"] = v.details
            self.record(rec)
            if v.rule in ("pin.changed", "pin.unknown_tool") and self.pin_file is not None:
                changed = next(
                    (t for t in tools if isinstance(t, dict) and t.get("name") == name), None
                )
                if changed is not None:
                    self.pin_file.record_pending(self.server, changed)
        for name, findings in report.findings.items():
            if name not in report.hidden:
                self.record(
                    {
                        "kind": "content",
                        "where": "definition",
                        "tool": name,
                        "rules": sorted({f.rule for f in findings}),
                    }
                )
        if not report.hidden:
            self.to_client(line)
            return
        self.to_client(result_frame(id_, {**result, "tools": report.visible}))

    def warn_stray_policy_entries(self) -> None:
        """A policy entry naming a tool this server does not list is most likely a typo that
        leaves the real tool uncontrolled: say so on stderr and in the audit log."""
        listed = {str(t.get("name")) for t in self.listing}
        from_packs: set[str] = set()
        for pack in self.engine.policy.packs:
            from_packs.update((load_pack(pack).get("tools") or {}).keys())
        for name in sorted(set(self.engine.policy.tools) - listed - from_packs):
            _log(f"policy names tool {name!r}, which server {self.server!r} does not list")
            self.record({"kind": "policy", "rule": "policy.unknown_tool", "tool": name})

    def on_tool_result(self, id_: Any, tool: str, result: dict[str, Any], line: bytes) -> None:
        if result.get("resultType") == "input_required":
            # the upstream's questions (and anything else in the result) are server output:
            # recorded and scanned like any other result
            self.on_other_result(id_, "tools/call", result, line)
            return
        if self.engine.policy.content.mode == "monitor" and self.defer:
            # Monitor mode never changes a result: deliver it now and record it lazily
            # (Session.defer_output): a decision that reads the taint index, the secrets or
            # the degraded flag records every deferred result first, so it never sees less
            # history than the client has; the shared store's pending marker, written before
            # delivery, makes the client's other cordon processes wait for the keys the same
            # way. The rest runs after the write, in this same callback, so no decision can
            # come in between.
            self.session.taint.open_pending()  # before the bytes are out (OSError: withheld)
            self.to_client(line)
            # delivered: from here an error is logged, never answered (no second response)
            self.guard(lambda _: self.after_delivery(tool, result), None)
            return
        if len(line) >= _OFFLOAD_BYTES and self.scan_off_loop(
            (self.session.observe_output, (tool, result), {"server": self.server}),
            lambda obs: self.deliver_observed(tool, result, id_, line, obs),
            id_,
        ):
            return
        self.observe(tool, result, id_, line)

    def scan_off_loop(
        self,
        job: tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]],
        then: Callable[[Any], None],
        id_: Any,
    ) -> bool:
        """Record and scan a large result on the decision thread, then deliver it (``then``)
        back on the loop, while the client's frames that need no decision go on to the
        upstream (:meth:`from_client`). Every deferred result is recorded first, here; the
        upstream is not read until it is delivered (its later frames come after it)."""
        self.session.settle()
        if not self.offload("result", job, then, id_, "the upstream result was withheld"):
            return False
        self.held_paused = True
        if self.up_out is not None:
            self.up_out.pause_reading()
        return True

    def after_delivery(self, tool: str, result: dict[str, Any]) -> None:
        """Queue a delivered monitor-mode result (Session.defer_output) and schedule its
        recording; if queueing fails, the session fails closed (taint truncated, degraded)."""
        before = self.session.unsettled_bytes
        try:
            self.session.defer_output(tool, result, server=self.server)
        except Exception as exc:
            self.lane_failed = True  # (if it was delivered during a check: its marker fails)
            why = f"recording a {tool} result failed: {type(exc).__name__}"
            self.session.taint.fail(why)
            self.session.degraded = why
            self.report_settled(tool, [], exc)
            return
        self.queued_at.append(time.monotonic())
        self.last_size = max(0, self.session.unsettled_bytes - before)
        rec = self.recorder
        if rec is not None and rec.pid is None and self.session.unsettled_bytes >= MIN_CHARS:
            # fork the worker now, while the queue is small: the pages the relay writes
            # after a fork are copied once, and they are fewer now than at the cap
            rec.start()
        if self.session.unsettled_results > _SETTLE_RESULTS:
            self.settle_now()
        elif self.session.unsettled_bytes > _SETTLE_BYTES:
            if self.client_paused:
                # the result is still being written (and the upstream is not read meanwhile):
                # let the client have it first, then record
                self.settle_after_write = True
            else:
                self.settle_over_cap()
        elif self.idle_timer is None:
            self.idle_timer = asyncio.get_running_loop().call_later(_QUIET_S, self.on_idle)

    def may_spin(self) -> bool:
        """Whether the event loop may poll before it sleeps (:class:`_SpinSelector`): not
        while the recording worker scans in the background (:attr:`Session.scans_in_flight`,
        a stream of large results), since on 2 cores the polling takes the CPU that scan,
        the client and the upstream need (bench/perf/README.md, session 6)."""
        return not self.session.scans_in_flight

    def settle_over_cap(self) -> None:
        """Record the oldest deferred results until the queue is back under its cap, with
        room for one more result the size of the last one (what eager recording would have
        done by now, oldest first); the rest stays lazy."""
        self.settle_after_write = False
        if self.session.unsettled_bytes > _SETTLE_BYTES:
            # and room for one more result the size of the last one: in a stream of large
            # results, every other result records two, not every result one
            keep = max(0, _SETTLE_BYTES - self.last_size)
            self.guard(lambda _: self.session.settle(keep_bytes=keep), None)
            if self.session.unsettled_bytes > _SETTLE_BYTES:
                self.settle_now()  # (text queued behind them, e.g. notifications)
        if self.idle_timer is None and (
            self.session.unsettled_results or self.session.scans_in_flight
        ):
            # their scans (in the worker) and the rest are taken once traffic stops
            self.idle_timer = asyncio.get_running_loop().call_later(_QUIET_S, self.on_idle)

    def warm_psl(self) -> None:
        """At the first half second with no I/O (an agent's thinking time), load the Public
        Suffix List on another thread (:func:`cordon.engine.egress.warm`), so the first check
        that names a host does not load it on this loop; never during a burst of traffic,
        whose GIL it would take."""
        quiet = time.monotonic() - self.last_io
        if quiet >= _PSL_QUIET_S:
            warm_egress()
        else:
            asyncio.get_running_loop().call_later(_PSL_QUIET_S - quiet, self.warm_psl)

    def on_idle(self) -> None:
        """Record the deferred results once neither side has sent anything for a while."""
        self.idle_timer = None
        if self.lane_busy:  # the session is the decision thread's: look again later
            self.idle_timer = asyncio.get_running_loop().call_later(_QUIET_S, self.on_idle)
            return
        now = time.monotonic()
        for t in (self.out, self.up_in):
            if t is not None and not t.is_closing() and t.get_write_buffer_size():
                self.last_io = now  # still writing: not quiet
        quiet = now - self.last_io
        queued = self.queued_at
        while len(queued) > self.session.unsettled_results:
            queued.popleft()  # recorded since (oldest first)
        oldest = queued[0] if queued else now
        if quiet >= _QUIET_S:
            if self.record_off_loop():
                return
            self.settle_now()
            # and publish the shared store's held keys: a proxy killed outright later
            # leaves only what it held since then counted lost by its siblings
            self.flush_shared(go_on_holding=True)
            rec = self.recorder
            if rec is not None:  # the memory shared with the worker, if no text is in it
                self.guard(lambda _: rec.trim(), None)
        elif now - oldest >= _MAX_AGE_S:
            self.settle_now()
        elif self.session.unsettled_results or self.session.scans_in_flight:
            self.idle_timer = asyncio.get_running_loop().call_later(_QUIET_S - quiet, self.on_idle)

    def on_sigterm(self, sig: int = signal.SIGTERM) -> None:
        """Terminated (SIGTERM), interrupted (SIGINT) or hung up (SIGHUP): record what is
        queued (so the client's other cordon processes are not left waiting on a pending
        marker, then counting these keys as lost), then die of the signal as before. A call
        being checked on the decision thread is not forwarded; the recording of what arrived
        meanwhile is done first."""
        if self.lane_busy:
            if self.busy is not None:
                with contextlib.suppress(Exception):
                    self.busy.result()  # the session is the job's until it returns
            self.busy = None
            held, self.held = self.held, deque()
            for kind, x in held:
                if kind == "state":
                    self.run_state(x)
            self.close_lane_markers()
        self.settle_now()
        self.flush_shared()
        loop = asyncio.get_running_loop()
        loop.remove_signal_handler(sig)
        if sig == signal.SIGINT:
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # not Python's KeyboardInterrupt
        os.kill(os.getpid(), sig)

    def settle_now(self) -> None:
        """Record every deferred result (their findings and failures reach the audit log)."""
        self.guard(lambda _: self.session.settle(), None)

    def on_prod(self) -> None:
        """A sibling cordon process of the same client missed a lookup while this one had a
        pending marker open (``SIGUSR1``, :class:`cordon.taint.SharedTaintStore`): record
        what is queued, then publish the keys the shared store holds back."""
        if self.lane_busy:  # after the decision thread's job, in order
            self.held.append(("state", self.on_prod))
            return
        self.settle_now()
        self.flush_shared()

    def flush_shared(self, *, go_on_holding: bool = False) -> None:
        """Publish the keys the shared taint store holds back, and stop holding them back
        (or, ``go_on_holding``, in a quiet moment: go on holding from now). A write that
        fails leaves the marker open: the siblings count these keys as lost (fail closed)."""
        shared = self.engine.shared_taint
        if shared is not None:
            try:
                if go_on_holding:
                    shared.publish_held()
                else:
                    shared.flush()
            except OSError as exc:
                _log(f"publishing the held taint keys failed: {exc!r}")

    def report_settled(self, tool: str, findings: list[Any], error: BaseException | None) -> None:
        """A deferred result was recorded: log its content findings, or the failure that
        leaves the session degraded (its sends are refused from then on)."""
        if error is not None:
            self.record(
                {
                    "kind": "session",
                    "rule": "session.degraded",
                    "tool": tool,
                    "reason": str(error)[:200],
                }
            )
            _log(f"recording a {tool} result failed: {error!r}")
            return
        self.record_findings(tool, "deliver", findings)

    def record_findings(self, tool: str, action: str, findings: list[Any]) -> None:
        self.record(
            {
                "kind": "content",
                "where": "result",
                "tool": tool,
                "action": action,
                "rules": sorted({f.rule for f in findings}),
                "max_severity": max(
                    (f.severity for f in findings),
                    key=lambda s: ["low", "medium", "high", "critical"].index(s),
                ),
            }
        )

    def observe(
        self,
        tool: str,
        result: dict[str, Any],
        id_: Any,
        line: bytes | None,
        recorded: RecordedOutput | None = None,
    ) -> None:
        """Record a result; with ``line`` given, also deliver it (or its sanitised form)."""
        obs = self.session.observe_output(tool, result, server=self.server, recorded=recorded)
        self.deliver_observed(tool, result, id_, line, obs)

    def deliver_observed(
        self, tool: str, result: dict[str, Any], id_: Any, line: bytes | None, obs: Any
    ) -> None:
        """Log a scanned result's findings and deliver it (or its sanitised form)."""
        if obs.findings:
            self.record_findings(tool, obs.action, obs.findings)
        if line is None:
            return
        if obs.action == "deliver":
            self.to_client(line)
        else:
            out = dict(obs.result)
            if "resultType" in result:  # 2026-07-28 results carry their type
                out.setdefault("resultType", result["resultType"])
            self.to_client(result_frame(id_, out))

    def on_init_result(self, id_: Any, result: dict[str, Any], line: bytes) -> None:
        text = result.get("instructions")
        if isinstance(text, str) and text:
            self.session.observe_untrusted(text)
            findings = self.engine.scan_instructions(text)
            bad = [
                f
                for f in findings
                if severity_at_least(f.severity, self.engine.policy.content.block_at)
            ]
            if findings:
                self.record(
                    {
                        "kind": "content",
                        "where": "instructions",
                        "rules": sorted({f.rule for f in findings}),
                    }
                )
            if bad:
                self.to_client(
                    result_frame(
                        id_,
                        {
                            **result,
                            "instructions": "[cordon removed the server instructions: "
                            + ", ".join(sorted({f.rule for f in bad}))
                            + "]",
                        },
                    )
                )
                return
        self.to_client(line)


class _ClientReader(asyncio.Protocol):
    """cordon's stdin: frames from the client."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay
        self.lines = LineSplitter(relay.max_bytes)

    def data_received(self, data: bytes) -> None:
        self.relay.last_io = time.monotonic()
        for item in self.lines.feed(data):
            self.relay.from_client(item)

    def eof_received(self) -> bool:
        for item in self.lines.end():
            self.relay.from_client(item)
        _done(self.relay.client_eof)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        _done(self.relay.client_eof)


class _ClientWriter(asyncio.Protocol):
    """cordon's stdout: when the client reads slowly, stop reading the upstream."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay

    def pause_writing(self) -> None:
        self.relay.client_paused = True
        if self.relay.up_out is not None:
            self.relay.up_out.pause_reading()

    def resume_writing(self) -> None:
        self.relay.client_paused = False
        if self.relay.settle_after_write:
            # before the upstream is read again (after the check, if a call is being checked)
            self.relay.session_work(self.relay.settle_over_cap)
        if self.relay.up_out is not None and not self.relay.held_paused:
            self.relay.up_out.resume_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        _done(self.relay.client_eof)


class _UpstreamReader(asyncio.Protocol):
    """The upstream's stdout: its frames, handled in the read callback itself."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay
        self.lines = LineSplitter(relay.max_bytes)
        self.ended = False

    def data_received(self, data: bytes) -> None:
        self.relay.last_io = time.monotonic()
        for item in self.lines.feed(data):
            self.relay.from_server(item)

    def eof_received(self) -> bool:
        self._end()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._end()

    def _end(self) -> None:
        if self.ended:
            return
        self.ended = True
        for item in self.lines.end():
            self.relay.from_server(item)
        _done(self.relay.upstream_eof)


class _UpstreamProtocol(asyncio.SubprocessProtocol):
    """The upstream process: its stdin flow control and its exit."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay

    def pause_writing(self) -> None:  # the upstream's stdin is full: stop reading the client
        self.relay.upstream_full = True
        if self.relay.client_in is not None:
            self.relay.client_in.pause_reading()

    def resume_writing(self) -> None:
        r = self.relay
        r.upstream_full = False
        # (while a call is checked, or a client frame waits for a result being scanned, the
        # client is not read: Relay.drain resumes it)
        if r.client_in is not None and (
            not r.lane_busy or (r.busy_kind in ("result", "record") and not r.client_held)
        ):
            r.client_in.resume_reading()

    def process_exited(self) -> None:
        _done(self.relay.upstream_exit)
        # a process that exits while a grandchild keeps its stdout open still ends the session
        asyncio.get_running_loop().call_later(2.0, _done, self.relay.upstream_eof)


def _done(fut: asyncio.Future[Any] | None) -> None:
    if fut is not None and not fut.done():
        fut.set_result(None)


class _SpinSelector(selectors.EpollSelector):
    """An epoll selector that polls for up to ``spin_s`` before it sleeps.

    A relay's traffic comes in answers: a request forwarded upstream is answered within tens
    of microseconds, and a client sends its next call soon after a result. A process that
    sleeps in ``epoll_wait`` between the two pays a wake-up, and on a VM whose idle vCPUs halt
    that is a trip through the host (tens of microseconds, twice per call for a relay). Polling
    briefly first catches the answer awake; an idle proxy spins once, then sleeps as before.
    """

    def __init__(self, spin_s: float) -> None:
        super().__init__()
        self.spin_s = spin_s
        #: asked before each poll: False sleeps at once (:meth:`Relay.may_spin`)
        self.may_spin: Callable[[], bool] | None = None

    def select(self, timeout: float | None = None) -> list[Any]:
        ready = super().select(0)
        if ready or (timeout is not None and timeout <= 0):
            return ready
        if self.may_spin is not None and not self.may_spin():
            return super().select(timeout)
        budget = self.spin_s if timeout is None else min(self.spin_s, timeout)
        clock = time.perf_counter
        deadline = clock() + budget
        while clock() < deadline:
            ready = super().select(0)
            if ready:
                return ready
        if timeout is not None:
            timeout = max(0.0, timeout - budget)
        return super().select(timeout)


#: the longest poll before sleeping that ``CORDON_SPIN_US`` may ask for (10 ms)
_MAX_SPIN_S = 0.01


def _loop_factory() -> asyncio.AbstractEventLoop:
    spin = os.environ.get("CORDON_SPIN_US", "500")
    try:
        spin_s = float(spin) / 1e6
    except ValueError:
        spin_s = 0.0
    if not math.isfinite(spin_s) or spin_s < 0:
        spin_s = 0.0
    spin_s = min(spin_s, _MAX_SPIN_S)  # a typo must not make an idle proxy burn a core
    if spin_s and hasattr(selectors, "EpollSelector"):
        return asyncio.SelectorEventLoop(_SpinSelector(spin_s))
    return asyncio.new_event_loop()


def run_relay(relay: Relay) -> int:
    """Run a relay to completion on a fresh event loop; returns the exit status."""
    try:
        with asyncio.Runner(loop_factory=_loop_factory) as runner:
            return runner.run(relay.run())
    finally:
        if relay.recorder is not None:
            relay.session.prefetch = None
            relay.recorder.watch = relay.recorder.unwatch = None  # (the loop is closed)
            relay.recorder.close()  # the worker exits at the end of its job pipe
        # a sibling's late prod (SIGUSR1) must not kill a process that is exiting anyway
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGUSR1, signal.SIG_IGN)
