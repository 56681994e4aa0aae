"""The stdio transport of ``cordon run``: the client on cordon's stdin and stdout, the upstream
server as a subprocess, the :class:`~cordon.proxy.core.ProxyCore` in between.

This module only moves bytes and runs jobs; every decision about what to send, where and in
which order is the core's. It carries out the core's actions in list order:

- a job under :data:`OFFLOAD_BYTES` runs right away on the event loop (a usual check takes
  tens of microseconds: handing it to a thread costs more than it saves); a larger one runs
  on the one decision thread, while the loop goes on reading and writing both sides. The
  core starts a job only when the one before it is done, so there is never more than one;
- a frame delivered before it is recorded (``ToClient.early``) is covered by a pending
  marker in the client's shared taint store first (:class:`PendingMarker`);
- a side is not read while the other side's write buffer is full, or while the frames it
  sent that wait for a job pass :data:`BACKLOG_BYTES` (bounded memory).

An idle proxy sleeps: the only timers are a quiet-moment one armed by traffic and the
deadline of a question put to a person.
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
from typing import Any

from cordon._exceptions import AuditError, ProtocolError
from cordon.proxy.actions import Action, Audit, Job, Log, StartJob, ToClient, ToUpstream
from cordon.proxy.core import ProxyCore
from cordon.proxy.framing import INTERNAL_ERROR, LineSplitter, Oversize, error_frame, parse_frame

__all__ = ["BACKLOG_BYTES", "OFFLOAD_BYTES", "PendingMarker", "StdioTransport", "run_stdio"]

#: a job over this many bytes runs on the decision thread (a check of 32 KB takes ~6 ms)
OFFLOAD_BYTES = 32 * 1024
#: past this many bytes of one side's frames waiting for jobs, that side is not read
BACKLOG_BYTES = 32 * 1024 * 1024
#: traffic stopped this long: the shared store publishes what it holds (seconds)
QUIET_S = 0.05
#: quiet time before the Public Suffix List is loaded (an agent's thinking time)
PSL_QUIET_S = 0.5


def _log(msg: str) -> None:
    sys.stderr.write(f"cordon: {msg}\n")
    sys.stderr.flush()


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


class StdioTransport:
    """Runs one :class:`ProxyCore` between cordon's stdio and an upstream subprocess.

    Args:
        core: the proxy core.
        command: the upstream command line.
        audit: an object with ``write(record)`` (:class:`cordon.audit.log.AuditLog`).
        shared: the client's shared taint store, or None.
        max_bytes: the frame size cap.
        env: the upstream's environment (None: cordon's).
        warm: called once at the first quiet half second (loads the Public Suffix List).
    """

    def __init__(
        self,
        core: ProxyCore,
        *,
        command: list[str],
        audit: Any,
        shared: Any = None,
        max_bytes: int,
        env: dict[str, str] | None = None,
        warm: Any = None,
    ) -> None:
        self.core = core
        self.command = command
        self.audit = audit
        self.shared = shared
        self.marker = PendingMarker(shared)
        self.max_bytes = max_bytes
        self.env = env
        self.warm = warm
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: concurrent.futures.ThreadPoolExecutor | None = None
        #: the job on the decision thread, with its future
        self.on_thread: tuple[Job, concurrent.futures.Future[Any]] | None = None
        #: jobs whose frame went out early under the pending marker (released after them)
        self.covered: set[Job] = set()
        self.up: Any = None
        self.up_in: asyncio.WriteTransport | None = None
        self.up_out: asyncio.ReadTransport | None = None
        self.out: asyncio.WriteTransport | None = None
        self.client_in: asyncio.ReadTransport | None = None
        self.client_full = False  # the client's write buffer is over its high-water mark
        self.upstream_full = False  # the upstream's stdin is full
        self.reading = {"client": True, "upstream": True}
        self.exiting = False
        self.last_io = 0.0
        self.quiet_timer: asyncio.TimerHandle | None = None
        self.deadline_timer: asyncio.TimerHandle | None = None
        self.idle_waiters: list[asyncio.Future[None]] = []
        self.client_eof: asyncio.Future[None] | None = None
        self.upstream_eof: asyncio.Future[None] | None = None
        self.upstream_exit: asyncio.Future[None] | None = None

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
                self.audit.write(a.record)
            except AuditError as exc:
                _log(f"audit log unwritable: {exc}")
        elif isinstance(a, Log):
            _log(a.message)

    def _audited(self, record: dict[str, Any], refused: bytes | None, id_: Any) -> bool:
        """Write a verdict's record; if that fails, answer ``refused`` instead (invariant 4)."""
        try:
            self.audit.write(record)
            return True
        except AuditError as exc:
            _log(f"audit log unwritable, call refused: {exc}")
        if refused is not None:
            self.to_client(refused)
        self.core.refused(id_)
        return False

    def _start(self, job: Job) -> list[Action]:
        """Run ``job``: on the loop (returns its actions), or on the decision thread."""
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

    def _thread_done(self, job: Job, fut: concurrent.futures.Future[Any]) -> None:
        if self.on_thread is None or self.on_thread[0] is not job:
            return  # already taken (a signal waited for it)
        self.on_thread = None
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
        """After each batch: which sides to read, the deadline timer, idle waiters."""
        self._sync_reading()
        deadline = self.core.next_deadline()
        if deadline is not None and self.deadline_timer is None and self.loop is not None:
            self.deadline_timer = self.loop.call_at(deadline, self._on_deadline)
        if self.idle_waiters and self.core.idle():
            waiters, self.idle_waiters = self.idle_waiters, []
            for w in waiters:
                if not w.done():
                    w.set_result(None)

    def _on_deadline(self) -> None:
        self.deadline_timer = None
        self.feed(self.core.tick(time.monotonic()))

    def _sync_reading(self) -> None:
        want = {
            "upstream": not self.client_full and self.core.backlog("upstream") <= BACKLOG_BYTES,
            "client": not self.upstream_full and self.core.backlog("client") <= BACKLOG_BYTES,
        }
        for side, transport in (("upstream", self.up_out), ("client", self.client_in)):
            if transport is None or want[side] == self.reading[side]:
                continue
            self.reading[side] = want[side]
            with contextlib.suppress(RuntimeError, AttributeError):
                if want[side]:
                    transport.resume_reading()
                else:
                    transport.pause_reading()

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
        if self.up_in is None or self.up_in.is_closing():
            return
        self.up_in.write(data if data.endswith(b"\n") else data + b"\n")
        self.io()

    def io(self) -> None:
        """Traffic: the quiet-moment timer is armed (once; it re-arms itself until quiet)."""
        self.last_io = time.monotonic()
        if self.quiet_timer is None and self.loop is not None:
            self.quiet_timer = self.loop.call_later(QUIET_S, self._on_quiet)

    def _on_quiet(self) -> None:
        self.quiet_timer = None
        quiet = time.monotonic() - self.last_io
        if quiet < QUIET_S and self.loop is not None:
            self.quiet_timer = self.loop.call_later(QUIET_S - quiet, self._on_quiet)
            return
        self.feed(self.core.quiet())

    def _warm_when_quiet(self) -> None:
        """At the first half second without I/O, load the Public Suffix List (on its own
        thread), so the first check that names a host does not load it, and never during a
        burst of traffic, whose GIL it would take."""
        quiet = time.monotonic() - self.last_io
        if quiet >= PSL_QUIET_S or self.loop is None:
            if self.warm is not None:
                self.warm()
        else:
            self.loop.call_later(PSL_QUIET_S - quiet, self._warm_when_quiet)

    async def idle(self) -> None:
        """Return once nothing is queued, running or held in the core."""
        while not self.core.idle():
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
            self.publish()
            with contextlib.suppress(ValueError, OSError, RuntimeError):
                asyncio.get_running_loop().remove_signal_handler(signal.SIGUSR1)
                signal.signal(signal.SIGUSR1, signal.SIG_IGN)  # a late prod must not kill it

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

    async def _spawn(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Start the upstream and connect both sides; False when it cannot start."""
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
            return False
        finally:
            os.close(out_w)  # the child holds its copy: EOF when it (and its children) close it
        # the upstream's stdout is read with a read transport of its own: the subprocess
        # transport would hand each chunk over one more turn of the loop later
        self.up_out, _ = await loop.connect_read_pipe(
            lambda: _Reader(self, self.core.server_frame, self._upstream_ended),
            open(out_r, "rb", buffering=0),
        )  # type: ignore[assignment]
        self.up_in = self.up.get_pipe_transport(0)
        self.out, _ = await loop.connect_write_pipe(lambda: _ClientWriter(self), sys.stdout.buffer)  # type: ignore[assignment]
        self.out.set_write_buffer_limits(high=65536, low=0)  # type: ignore[union-attr]
        self.client_in, _ = await loop.connect_read_pipe(
            lambda: _Reader(self, self.core.client_frame, self._client_ended), sys.stdin.buffer
        )  # type: ignore[assignment]
        return True

    async def _run(self) -> int:
        loop = self.loop = asyncio.get_running_loop()
        loop.call_later(PSL_QUIET_S, self._warm_when_quiet)
        self._signals(loop)
        self.client_eof = loop.create_future()
        self.upstream_eof = loop.create_future()
        self.upstream_exit = loop.create_future()
        if not await self._spawn(loop):
            return 127
        await asyncio.wait(
            {self.client_eof, self.upstream_eof}, return_when=asyncio.FIRST_COMPLETED
        )
        await self.idle()  # what arrived is decided and recorded
        if self.client_eof.done() and not self.upstream_eof.done():
            await self.shutdown_upstream()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(self.upstream_eof), 2)
            await self.idle()  # results the upstream delivered meanwhile are recorded too
            await self._flush()
            return 0
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.upstream_exit), 5)
        rc = self.up.get_returncode()
        if self.client_eof.done():
            return 0
        self.feed(self.core.upstream_gone())
        await self._flush()
        _log(f"upstream server exited with status {rc}; stopping")
        return rc if rc not in (0, None) else 1

    def _client_ended(self) -> None:
        _done(self.client_eof)

    def _upstream_ended(self) -> None:
        _done(self.upstream_eof)

    async def _flush(self) -> None:
        """Wait (bounded) for the client's write buffer to drain."""
        for _ in range(100):
            if self.out is None or self.out.is_closing() or not self.out.get_write_buffer_size():
                return
            await asyncio.sleep(0.01)

    async def shutdown_upstream(self, grace_s: float = 2.0) -> None:
        """Client EOF: close the upstream's stdin, then SIGTERM, then SIGKILL after a grace
        (on the process-exit callback: a grandchild may hold its pipes open)."""
        if self.up_in is not None and not self.up_in.is_closing():
            self.up_in.close()
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig is not None and self.up.get_returncode() is None:
                with contextlib.suppress(ProcessLookupError):
                    self.up.send_signal(sig)
            try:
                await asyncio.wait_for(asyncio.shield(self.upstream_exit), grace_s)  # type: ignore[arg-type]
                return
            except TimeoutError:
                continue

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
        self.publish()
        loop = asyncio.get_running_loop()
        loop.remove_signal_handler(sig)
        if sig == signal.SIGINT:
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # not Python's KeyboardInterrupt
        os.kill(os.getpid(), sig)


class _Reader(asyncio.Protocol):
    """One side's incoming bytes, split into frames and handed to the core in the callback."""

    def __init__(self, t: StdioTransport, handle: Any, ended: Any) -> None:
        self.t = t
        self.handle = handle
        self.ended_cb = ended
        self.lines = LineSplitter(t.max_bytes)
        self.ended = False

    def data_received(self, data: bytes) -> None:
        self.t.io()
        for item in self.lines.feed(data):
            self._frame(item)

    def _frame(self, item: bytes | Oversize) -> None:
        try:
            actions = self.handle(item)
        except Exception as exc:  # noqa: BLE001 - a bug never forwards the frame
            _log(f"error handling a frame, not relayed: {exc!r}")
            actions = _internal_error(item) if self.handle == self.t.core.client_frame else []
        self.t.feed(actions)

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
            self._frame(item)
        self.ended_cb()


class _ClientWriter(asyncio.Protocol):
    """cordon's stdout: when the client reads slowly, stop reading the upstream."""

    def __init__(self, t: StdioTransport) -> None:
        self.t = t

    def pause_writing(self) -> None:
        self.t.client_full = True
        self.t._sync_reading()

    def resume_writing(self) -> None:
        self.t.client_full = False
        self.t._sync_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        _done(self.t.client_eof)


class _UpstreamProtocol(asyncio.SubprocessProtocol):
    """The upstream process: its stdin flow control and its exit."""

    def __init__(self, t: StdioTransport) -> None:
        self.t = t

    def pause_writing(self) -> None:  # the upstream's stdin is full: stop reading the client
        self.t.upstream_full = True
        self.t._sync_reading()

    def resume_writing(self) -> None:
        self.t.upstream_full = False
        self.t._sync_reading()

    def process_exited(self) -> None:
        _done(self.t.upstream_exit)
        # a process that exits while a grandchild keeps its stdout open still ends the session
        asyncio.get_running_loop().call_later(2.0, _done, self.t.upstream_eof)


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


def run_stdio(transport: StdioTransport) -> int:
    """Run the transport to completion on a fresh event loop; returns the exit status."""
    try:
        with asyncio.Runner() as runner:
            return runner.run(transport.run())
    finally:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGUSR1, signal.SIG_IGN)
