"""The transport of ``cordon run``: the client on cordon's stdin and stdout, an upstream
adapter on the other side, the :class:`~cordon.proxy.core.ProxyCore` in between.

This module only moves bytes and runs jobs; every decision about what to send, where and in
which order is the core's. It carries out the core's actions in list order:

- a job under :data:`OFFLOAD_BYTES` runs right away on the event loop (a usual check takes
  tens of microseconds: handing it to a thread costs more than it saves); a larger one runs
  on the one decision thread, while the loop goes on reading and writing both sides. The
  core starts a job only when the one before it is done, so there is never more than one;
- a frame delivered before it is recorded (``ToClient.early``) is covered by a pending
  marker in the client's shared taint store first (:class:`PendingMarker`);
- a side is not read while the other side's write buffer is full, or while the frames it
  sent that wait for a job pass :data:`BACKLOG_BYTES` or :data:`BACKLOG_FRAMES` (the core's
  :meth:`~cordon.proxy.lanes.LaneSide.flow`); the rest of a read already split into lines
  then waits here, as bytes, and goes to the core as its backlog goes down (bounded memory).

The upstream is an :class:`Upstream`: a subprocess on stdio (:mod:`cordon.proxy.stdio`) or a
Streamable HTTP server (:mod:`cordon.proxy.http`). An idle proxy sleeps: the only timers are
a quiet-moment one armed by traffic (a moment without I/O and without a large job running)
and the deadline of a question put to a person.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import signal
import sys
import time
from collections import deque
from typing import Any, Protocol

from cordon._exceptions import AuditError, ProtocolError
from cordon.approvals.display import visible
from cordon.audit.repeats import Repeats
from cordon.proxy.actions import Action, Audit, Job, Log, Pause, StartJob, ToClient, ToUpstream
from cordon.proxy.core import ProxyCore
from cordon.proxy.framing import (
    INTERNAL_ERROR,
    LineSplitter,
    Oversize,
    error_frame,
    parse_frame,
)
from cordon.proxy.lanes import BACKLOG_BYTES, BACKLOG_FRAMES

__all__ = [
    "BACKLOG_BYTES",
    "BACKLOG_FRAMES",
    "OFFLOAD_BYTES",
    "PendingMarker",
    "Transport",
    "Upstream",
    "run",
]

#: a job over this many bytes runs on the decision thread (a check of 32 KB takes ~6 ms)
OFFLOAD_BYTES = 32 * 1024
#: traffic stopped this long: the shared store publishes what it holds (seconds)
QUIET_S = 0.05
#: an upstream that could not be started: how long the client's first request is waited
#: for, to answer it with the reason (an MCP client sends ``initialize`` at once)
REFUSE_WAIT_S = 10.0
#: after the client's EOF, how long the server has to answer a discover of cordon's own
#: still out (the frames held behind it then go on); past it they are dropped, never
#: forwarded: a server that ignores a method it does not know would keep both processes up
PROBE_EOF_S = 30.0


def log(msg: str) -> None:
    """One line on cordon's stderr, written as :func:`cordon.approvals.display.visible` shows
    it: it may quote what a server sent (a method name, an error, a tool's name), and a
    terminal would act on a control (ESC ``[2J``, a line break forging a line of cordon's),
    a bidi override would reorder it (Trojan Source, CVE-2021-42574), and a variation
    selector or a Hangul filler would hide text in it: each is written as an escape."""
    sys.stderr.write(f"cordon: {visible(msg)}\n")
    sys.stderr.flush()


_log = log


class Upstream(Protocol):
    """One side of the proxy: where frames to the server go and frames from it come from.

    ``start`` connects (or spawns) it and hands each frame from the server to
    ``t.from_upstream``; ``ended`` is set once the server can deliver nothing more (a
    subprocess's stdout closed); ``reading`` turns reading off and on (backpressure);
    ``close`` ends it when the client went away; ``status`` is the exit status to report when
    it ended first.
    """

    ended: asyncio.Future[None]

    async def start(self, t: Transport) -> bool: ...

    def send(self, data: bytes) -> None: ...

    def reading(self, on: bool) -> None: ...

    async def close(self) -> None: ...

    async def status(self) -> int: ...


class PendingMarker:
    """One pending marker in the client's shared taint store, open while any frame delivered
    before its recording is not recorded yet (the client's other cordon processes wait for
    those keys instead of answering ``clean``). Counted: opened at the first, closed after
    the last, ``F`` (lost) if any of their recordings failed. Used on the event loop only,
    and a thread job holds one count while it runs, so the store is never written here
    while the decision thread uses it."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.count = 0
        self.marker: str | None = None
        self.failed = False

    def acquire(self) -> None:
        """Raises OSError when the marker cannot be written (nothing is then delivered)."""
        if self.store is None:
            return
        if self.count == 0:
            self.marker = self.store.mark_pending()
            self.failed = False
        self.count += 1

    def release(self, ok: bool = True) -> None:
        if self.store is None or self.count == 0:
            return
        self.failed = self.failed or not ok
        self.count -= 1
        if self.count == 0 and self.marker is not None:
            marker, self.marker = self.marker, None
            try:
                self.store.mark_done(marker, ok=not self.failed)
            except OSError as exc:  # left open: the siblings count these keys lost
                _log(f"closing a pending marker failed: {exc!r}")


class Transport:
    """Runs one :class:`ProxyCore` between cordon's stdio and an :class:`Upstream`.

    Args:
        core: the proxy core.
        upstream: the server side (a subprocess, or a Streamable HTTP server).
        audit: an object with ``write(record)`` (:class:`cordon.audit.log.AuditLog`), and
            ``append(record)`` when it has one (a verdict's record: the same line, no answer).
        shared: the client's shared taint store, or None.
        max_bytes: the frame size cap.
    """

    def __init__(
        self,
        core: ProxyCore,
        upstream: Upstream,
        *,
        audit: Any,
        shared: Any = None,
        max_bytes: int,
    ) -> None:
        self.core = core
        self.upstream = upstream
        self.audit = audit
        #: a verdict's record written before its action: the log's ``append`` (the line
        #: ``write`` writes, without the copy of the record ``write`` answers with, which
        #: nothing here reads), or ``write`` for a log that has no ``append``
        self._audit_line: Any = getattr(audit, "append", None) or getattr(audit, "write", None)
        self.shared = shared
        #: the standalone records; those a peer can repeat without bound coalesced
        self.repeats = Repeats(lambda rec: self.audit.write(rec))
        self.marker = PendingMarker(shared)
        self.max_bytes = max_bytes
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: concurrent.futures.ThreadPoolExecutor | None = None
        #: the job on the decision thread, with its future
        self.on_thread: tuple[Job, concurrent.futures.Future[Any]] | None = None
        #: jobs whose frame went out early under the pending marker (released after them)
        self.covered: set[Job] = set()
        self.out: asyncio.WriteTransport | None = None
        self.client_in: asyncio.ReadTransport | None = None
        self.client_full = False  # the client's write buffer is over its high-water mark
        self.upstream_full = False  # the upstream cannot take more now
        self.reading = {"client": True, "upstream": True}
        #: per side, whether the core's backlog is over a cap (:meth:`ProxyCore.flow`), and
        #: the frames read meanwhile (the rest of one read: the reading is paused), in order
        self.backed_up = {"client": False, "upstream": False}
        self.stash: dict[str, deque[bytes | Oversize]] = {"client": deque(), "upstream": deque()}
        self.draining = False
        self.exiting = False
        #: a recording job held until the client has taken what was delivered (:meth:`_start`)
        self.waiting: Job | None = None
        self.last_io = 0.0
        self.quiet_timer: asyncio.TimerHandle | None = None
        self.deadline_timer: asyncio.TimerHandle | None = None
        self.idle_waiters: list[asyncio.Future[None]] = []
        self.client_eof: asyncio.Future[None] | None = None

    # -- carrying out actions ----------------------------------------------------------
    def feed(self, actions: list[Action]) -> None:
        """Carry out ``actions`` in order; a job run on the loop has its actions carried out
        where it stood in the list."""
        work: deque[Action] = deque(actions)
        while work:
            a = work.popleft()
            if isinstance(a, StartJob):
                work.extendleft(reversed(self._start(a.job)))
            else:
                self._do(a)
        self._after()

    def _do(self, a: Action) -> None:
        if isinstance(a, ToClient):
            if a.audit is not None and not self._audited(a.audit, a.refused, a.id):
                return
            if a.early is not None:
                try:
                    self.marker.acquire()
                except OSError as exc:
                    _log(f"the shared taint store is unwritable, output withheld: {exc!r}")
                    if a.withheld is not None:
                        self.to_client(a.withheld)
                    self._do(self.core.withheld_record(a.id))
                    return
                self.covered.add(a.early)
            self.to_client(a.data)
        elif isinstance(a, ToUpstream):
            if a.audit is not None and not self._audited(a.audit, a.refused, a.id):
                return
            if not self.exiting:
                self.to_upstream(a.data)
        elif isinstance(a, Audit):
            try:
                self.repeats.write(a.record)  # (a repeat a peer can send at will: counted)
            except AuditError as exc:
                _log(f"audit log unwritable: {exc}")
        elif isinstance(a, Log):
            _log(a.message)

    def _audited(self, record: dict[str, Any], refused: bytes | None, id_: Any) -> bool:
        """Write a verdict's record; if that fails, answer ``refused`` instead (invariant 4)."""
        try:
            self._audit_line(record)
            return True
        except AuditError as exc:
            _log(f"audit log unwritable, call refused: {exc}")
        if refused is not None:
            self.to_client(refused)
        self.core.refused(id_)
        return False

    def _start(self, job: Job) -> list[Action]:
        """Run ``job``: on the loop (returns its actions), or on the decision thread.

        Delivery first: the recording of output already delivered waits while the client's
        write buffer is over its mark (a large result still going out), so the recording does
        not take the GIL from the delivery; only its start moves, never its place in the
        queue (what comes after it still waits for it)."""
        if job.kind == "record" and self.client_full and not self.exiting:
            self.waiting = job
            return []
        if job.size >= OFFLOAD_BYTES and not self.exiting and self.loop is not None:
            try:
                if self.thread is None:
                    self.thread = concurrent.futures.ThreadPoolExecutor(1, "cordon-decide")
                self.marker.acquire()  # covers what is delivered early meanwhile
            except (RuntimeError, OSError) as exc:
                _log(f"the decision thread cannot take a job, running it on the loop: {exc!r}")
            else:
                fut = self.thread.submit(job.run)
                self.on_thread = (job, fut)
                loop = self.loop

                def back(f: concurrent.futures.Future[Any]) -> None:
                    with contextlib.suppress(RuntimeError):  # the loop is closed: exiting
                        loop.call_soon_threadsafe(self._thread_done, job, f)

                fut.add_done_callback(back)
                return []
        try:
            result, error = job.run(), None
        except Exception as exc:  # noqa: BLE001 - the core answers it, fail closed
            result, error = None, exc
        return self._finished(job, result, error)

    def _start_waiting(self) -> None:
        """The client took the delivered bytes (or is gone): start the held recording."""
        job, self.waiting = self.waiting, None
        if job is not None:
            self.io()  # the quiet moment counts from the end of this work (:meth:`_on_quiet`)
            self.feed(self._start(job))

    def _thread_done(self, job: Job, fut: concurrent.futures.Future[Any]) -> None:
        if self.on_thread is None or self.on_thread[0] is not job:
            return  # already taken (a signal waited for it)
        self.on_thread = None
        self.io()  # the quiet moment counts from the end of a large job (:meth:`_on_quiet`)
        try:
            result, error = fut.result(), None
        except Exception as exc:  # noqa: BLE001
            result, error = None, exc
        actions = self._finished(job, result, error)
        self.marker.release()
        self.feed(actions)

    def _finished(self, job: Job, result: Any, error: BaseException | None) -> list[Action]:
        if job in self.covered:
            self.covered.discard(job)
            self.marker.release(ok=error is None and not isinstance(result, str))
        return self.core.job_done(job, result, error)

    def _after(self) -> None:
        """After each batch: which sides to read (and the frames that waited for that),
        the deadline timer, idle waiters."""
        self._sync_reading()
        if (self.stash["client"] or self.stash["upstream"]) and not self.draining:
            self._drain()
            self._sync_reading()
        deadline = self.core.next_deadline()
        if deadline is not None and self.deadline_timer is None and self.loop is not None:
            self.deadline_timer = self.loop.call_at(deadline, self._on_deadline)
        if self.idle_waiters and self._idle():
            waiters, self.idle_waiters = self.idle_waiters, []
            for w in waiters:
                if not w.done():
                    w.set_result(None)

    def _on_deadline(self) -> None:
        self.deadline_timer = None
        self.feed(self.core.tick(time.monotonic()))

    def _sync_reading(self) -> None:
        # (also called from inside a write, by pause_writing: hands no frame to the core,
        # whose output would go out in the middle of the frame being written)
        # (after every batch of actions, twice per proxied call: plain locals, no dict)
        backed, stash, reading = self.backed_up, self.stash, self.reading
        for f in self.core.flow():
            backed[f.source] = isinstance(f, Pause)
        up = not self.client_full and not backed["upstream"] and not stash["upstream"]
        if up != reading["upstream"]:
            reading["upstream"] = up
            self.upstream.reading(up)
        client = not self.upstream_full and not backed["client"] and not stash["client"]
        if self.client_in is not None and client != reading["client"]:
            reading["client"] = client
            with contextlib.suppress(RuntimeError, AttributeError):
                if client:
                    self.client_in.resume_reading()
                else:
                    self.client_in.pause_reading()

    # -- bytes -------------------------------------------------------------------------
    def to_client(self, data: bytes) -> None:
        if self.out is None or self.out.is_closing() or self.exiting:
            return
        if data.endswith(b"\n"):
            self.out.write(data)
        elif len(data) < 65536:
            self.out.write(data + b"\n")  # one write, one system call
        else:  # a large line is not copied just to append its newline
            self.out.write(data)
            self.out.write(b"\n")
        self.io()

    def to_upstream(self, data: bytes) -> None:
        self.upstream.send(data)
        self.io()

    def from_upstream(self, item: bytes | Oversize) -> None:
        """One frame from the server (called by the upstream adapter)."""
        self.io()
        self._arrive("upstream", item)

    def from_client(self, item: bytes | Oversize) -> None:
        self._arrive("client", item)

    def _arrive(self, side: str, item: bytes | Oversize) -> None:
        """A frame read from ``side``: to the core now, unless that side's backlog is over a
        cap or frames wait before it (then it waits, in order: :meth:`_drain`)."""
        if self.backed_up[side] or self.stash[side]:
            self.stash[side].append(item)
            return
        self._hand(side, item)

    def _hand(self, side: str, item: bytes | Oversize) -> None:
        if side == "client":
            self._frame(self.core.client_frame, item, client=True)
        else:
            self._frame(self.core.server_frame, item, client=False)

    def _drain(self) -> None:
        """Frames read while their side was over a cap go to the core, in order, while it is
        within them (a frame handed on runs :meth:`_after` again: not re-entered)."""
        if self.exiting:
            return
        self.draining = True
        try:
            for side, waiting in self.stash.items():
                while waiting and not self.backed_up[side]:
                    self._hand(side, waiting.popleft())
        finally:
            self.draining = False

    def _frame(self, handle: Any, item: bytes | Oversize, *, client: bool) -> None:
        try:
            actions = handle(item)
        except Exception as exc:  # noqa: BLE001 - a bug never forwards the frame
            _log(f"error handling a frame, not relayed: {exc!r}")
            actions = _internal_error(item) if client else []
        self.feed(actions)

    def io(self) -> None:
        """Traffic (or the end of a large job): the quiet-moment timer is armed (once; it
        re-arms itself until quiet)."""
        self.last_io = time.monotonic()
        if self.quiet_timer is None and self.loop is not None:
            self.quiet_timer = self.loop.call_later(QUIET_S, self._on_quiet)

    def _on_quiet(self) -> None:
        self.quiet_timer = None
        quiet = time.monotonic() - self.last_io
        if quiet < QUIET_S and self.loop is not None:
            self.quiet_timer = self.loop.call_later(QUIET_S - quiet, self._on_quiet)
            return
        if self.on_thread is not None or self.waiting is not None:
            # not a quiet moment: a large job runs (a 10 MB scan takes ~0.2 s without I/O)
            # or a recording waits for the client. Publishing now would put ~30,000 hashes
            # in the queue ahead of the next call; the job's end arms the timer again.
            return
        self.feed(self.core.quiet())

    def _idle(self) -> bool:
        return self.core.idle() and not self.stash["client"] and not self.stash["upstream"]

    async def idle(self) -> None:
        """Return once nothing is queued, running or held in the core, nor read and waiting
        to go to it."""
        while not self._idle():
            w: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.idle_waiters.append(w)
            await w

    # -- lifecycle ---------------------------------------------------------------------
    async def run(self) -> int:
        """Relay until the client or the upstream goes away; returns the exit status. On
        the way out the shared taint store publishes what it held."""
        try:
            return await self._run()
        finally:
            if self.thread is not None:
                self.thread.shutdown(wait=False)
            self.last_counts()
            self.publish()
            with contextlib.suppress(ValueError, OSError, RuntimeError):
                asyncio.get_running_loop().remove_signal_handler(signal.SIGUSR1)
                signal.signal(signal.SIGUSR1, signal.SIG_IGN)  # a late prod must not kill it

    def last_counts(self) -> None:
        """On the way out: the exact count of each repeat held back (audit/repeats.py)."""
        try:
            self.repeats.flush()
        except AuditError as exc:
            _log(f"audit log unwritable: {exc}")

    def publish(self) -> None:
        if self.shared is not None:
            try:
                self.shared.flush()
            except OSError as exc:
                _log(f"publishing the held taint keys failed: {exc!r}")

    def _signals(self, loop: asyncio.AbstractEventLoop) -> None:
        try:
            loop.add_signal_handler(signal.SIGUSR1, lambda: self.feed(self.core.prod()))
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                loop.add_signal_handler(sig, self.on_signal, sig)
        except (NotImplementedError, RuntimeError, ValueError):
            # not the main thread: no prods from sibling processes, so nothing is held back
            self.publish()

    async def _connect_client(self, loop: asyncio.AbstractEventLoop) -> None:
        out, _ = await loop.connect_write_pipe(lambda: _ClientWriter(self), sys.stdout.buffer)
        out.set_write_buffer_limits(high=65536, low=0)
        self.out = out
        self.client_in, _ = await loop.connect_read_pipe(
            lambda: _Reader(self, self.from_client, self._client_ended), sys.stdin.buffer
        )

    async def _run(self) -> int:
        loop = self.loop = asyncio.get_running_loop()
        self._signals(loop)
        self.client_eof = loop.create_future()
        if not await self.upstream.start(self):
            why = getattr(self.upstream, "failure", None) or "the upstream server did not start"
            # on the audit record too, not on stderr alone: read later, the log must tell a
            # server that never started from one that was never called
            self.feed(self.core.upstream_event("start_failed", why))
            await self._refuse_client(loop, why)
            return 127
        await self._connect_client(loop)
        ended = self.upstream.ended
        await asyncio.wait({self.client_eof, ended}, return_when=asyncio.FIRST_COMPLETED)
        if self.client_eof.done() and self.core.probe_id is not None:
            loop.call_later(PROBE_EOF_S, lambda: self.feed(self.core.abandon_probe()))
        await self.idle()  # what arrived is decided and recorded
        if self.client_eof.done() and not ended.done():
            await self.upstream.close()
            await self.idle()  # results the upstream delivered meanwhile are recorded too
            # frames still held behind a handshake the server never answered: refused and
            # recorded, never forwarded (every frame the client sent leaves a record)
            self.feed(self.core.abandon_probe())
            await self.idle()
            await self._flush()
            return 0
        rc = await self.upstream.status()
        if self.client_eof.done():
            return 0
        # the cause first (a server that exits at once says why on its stderr only), then the
        # requests it leaves unanswered. A remote server has no exit status: its upstream
        # says what ended the session (the URL, the transport, the HTTP status or error)
        end = getattr(self.upstream, "end", None)
        if isinstance(end, str):
            self.feed(self.core.upstream_event("ended", end))
        else:
            end = f"the upstream server exited with status {rc}"
            self.feed(self.core.upstream_event("exited", end, status=rc))
        self.feed(self.core.upstream_gone(end))
        await self._flush()
        _log(f"{end.removeprefix('the ')}; stopping")
        return rc if rc not in (0, None) else 1

    async def _refuse_client(self, loop: asyncio.AbstractEventLoop, why: str) -> None:
        """The upstream could not be started: each request the client sends (its
        ``initialize`` first) gets a JSON-RPC error saying why, so the client shows the
        reason instead of waiting on a server that never answers. Returns after the first
        answer has been written, at the client's EOF, or after :data:`REFUSE_WAIT_S`
        without a request; at once when stdin is a terminal (a person reads stderr)."""
        if os.isatty(0):
            return
        done: asyncio.Future[None] = loop.create_future()
        message = f"cordon: {why}"

        def refuse(item: bytes | Oversize) -> None:
            if isinstance(item, Oversize):
                return
            try:
                msg = parse_frame(item)
            except ProtocolError:
                return
            if "method" not in msg or msg.get("id") is None:
                return  # a notification: nothing to answer
            if self.out is not None and not self.out.is_closing():
                self.out.write(error_frame(msg["id"], INTERNAL_ERROR, message))
            _done(done)

        self.out, _ = await loop.connect_write_pipe(asyncio.Protocol, sys.stdout.buffer)
        self.client_in, _ = await loop.connect_read_pipe(
            lambda: _Lines(refuse, lambda: _done(done), self.max_bytes), sys.stdin.buffer
        )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done, REFUSE_WAIT_S)
        self.client_in.close()
        await self._flush()

    def _client_ended(self) -> None:
        _done(self.client_eof)

    async def _flush(self) -> None:
        """Wait (bounded) for the client's write buffer to drain."""
        for _ in range(100):
            if self.out is None or self.out.is_closing() or not self.out.get_write_buffer_size():
                return
            await asyncio.sleep(0.01)

    def on_signal(self, sig: int) -> None:
        """Terminated, interrupted or hung up: queued calls are not decided or forwarded;
        output already delivered is recorded first (its findings reach the log, and the
        client's other cordon processes are not left waiting on a pending marker), the
        shared store publishes, then cordon dies of the signal."""
        self.exiting = True
        self.core.drop_decisions()
        if self.on_thread is not None:
            job, fut = self.on_thread
            self.on_thread = None
            try:
                result, error = fut.result(), None
            except Exception as exc:  # noqa: BLE001
                result, error = None, exc
            actions = self._finished(job, result, error)
            self.marker.release()
            self.feed(actions)
        self._start_waiting()  # (runs on the loop now: exiting)
        self.last_counts()
        self.publish()
        loop = asyncio.get_running_loop()
        loop.remove_signal_handler(sig)
        if sig == signal.SIGINT:
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # not Python's KeyboardInterrupt
        os.kill(os.getpid(), sig)


class _Reader(asyncio.Protocol):
    """A pipe's incoming bytes, split into lines and handed on in the read callback."""

    def __init__(self, t: Transport, handle: Any, ended: Any) -> None:
        self.t = t
        self.handle = handle
        self.ended_cb = ended
        self.lines = LineSplitter(t.max_bytes)
        self.ended = False

    def data_received(self, data: bytes) -> None:
        self.t.io()
        for item in self.lines.feed(data):
            self.handle(item)

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
            self.handle(item)
        self.ended_cb()


class _Lines(asyncio.Protocol):
    """A pipe's lines, each handed to ``handle``; ``ended`` is called at EOF (no
    :class:`Transport` behind it: used while no upstream runs)."""

    def __init__(self, handle: Any, ended: Any, max_bytes: int) -> None:
        self.handle = handle
        self.ended = ended
        self.lines = LineSplitter(max_bytes)

    def data_received(self, data: bytes) -> None:
        for item in self.lines.feed(data):
            self.handle(item)

    def eof_received(self) -> bool:
        for item in self.lines.end():
            self.handle(item)
        self.ended()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended()


class _ClientWriter(asyncio.Protocol):
    """cordon's stdout: when the client reads slowly, stop reading the upstream."""

    def __init__(self, t: Transport) -> None:
        self.t = t

    def pause_writing(self) -> None:
        self.t.client_full = True
        self.t._sync_reading()

    def resume_writing(self) -> None:
        self.t.client_full = False
        self.t._sync_reading()
        self.t._start_waiting()

    def connection_lost(self, exc: Exception | None) -> None:
        self.t.client_full = False
        _done(self.t.client_eof)
        self.t._start_waiting()


def _internal_error(item: bytes | Oversize) -> list[Action]:
    """A client request whose handling raised gets an error, not silence (fail closed: it
    was not forwarded)."""
    if isinstance(item, Oversize):
        return []
    try:
        msg = parse_frame(item)
    except ProtocolError:
        return []
    if "method" not in msg or msg.get("id") is None:
        return []
    why = "cordon: internal error; the request was not forwarded"
    return [ToClient(error_frame(msg["id"], INTERNAL_ERROR, why))]


def _done(fut: asyncio.Future[Any] | None) -> None:
    if fut is not None and not fut.done():
        fut.set_result(None)


def run(transport: Transport) -> int:
    """Run the transport to completion on a fresh event loop; returns the exit status."""
    try:
        with asyncio.Runner() as runner:
            return runner.run(transport.run())
    finally:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGUSR1, signal.SIG_IGN)
