"""The recording worker: a forked process that records part of each large deferred result.

In monitor mode the relay delivers a result first and records it later (docs/internals.md,
"lazy recording"): its taint indexing and content scan (~105 and ~70 ms of one core per
10 MB) run when a decision reads that history, after a quiet period, or when the queue passes
its cap, all in the relay's thread. With the worker, each time the queue is recorded
(:meth:`cordon.engine.core.Session.settle`, or a read of the taint index), its texts of at
least :data:`MIN_CHARS` characters are handed to this worker first. For each, the worker keys
the address tokens of its last :data:`TOKEN_SHARE` (an ASCII text only, from a whitespace
offset: :func:`cordon.taint._index.split_point`) and runs its content scan, on the other core,
while the relay indexes the rest of its taint; the relay then stores each text's keys as one
generation and takes its hits in queue order (:func:`cordon.taint._index.split_tokens`,
:func:`cordon.content.scanner.prefetch`, both by string identity), waiting for what is not
back yet. When a queue over its cap records its oldest results (a stream of large results),
the worker keys :data:`BACKGROUND_TOKEN_SHARE` of their tokens (all of a non-ASCII text's
taint: :func:`cordon.taint._index.offload`) and the relay does not wait: it takes the keys
and hits at its next settle, which every read of that history makes first. Nothing else
changes:

- the worker runs the same code with the same rules (it is a fork of the relay), and a
  token never holds whitespace, so keys, findings, secrets and their order in the audit log
  are those of recording in the relay;
- a worker that dies, answers garbage or, while the relay waits on it, uses no CPU for
  :data:`STALL_S` fails what it holds: the taint index counts as truncated (its misses are ``unknown``) and the session
  is ``degraded`` (sends are refused), as when recording fails in the relay; later results
  are recorded in the relay;
- memory: the texts are the session's queue (about 32 MiB at most). A text that fits goes
  through :data:`_RING_SIZE` bytes of memory shared with the worker (mapped before the fork,
  so no other process has it): one copy, and its place through the job pipe; the worker
  copies it out before it answers anything for it, and the relay reuses those bytes only
  then (:meth:`Recorder._place`). Another text goes through the pipe (an ASCII one straight
  from the string's buffer, another as its UTF-8 encoding); the worker's reader thread
  takes each in whole, so it holds the texts of one settle at most.

The worker is forked (not spawned), so it runs the relay's code and rules: by ``cordon run``
at start-up, before any thread runs (:meth:`Recorder.start_early`, once the scanner's Python
side is built and before its compile thread starts), with a small heap; the relay sends it
the compiled Hyperscan databases through the job pipe when they are ready, and it scans
nothing before it has them (it never compiles). Otherwise (threads running, the library) it
is forked at the first large result once the databases are compiled (never while a compile
thread runs), with every module and database in place. It closes every inherited descriptor
but its two pipes, ignores the terminal's and siblings' signals (``SIGINT``, ``SIGHUP``,
``SIGUSR1``, ``SIGTERM``) and exits at the end of its job pipe, when the relay closes it or
dies.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import mmap
import os
import queue
import select
import signal
import struct
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from cordon.content import _accel, scanner
from cordon.content import warm as content_warm
from cordon.content.rules import RULES
from cordon.proxy import _malloc
from cordon.taint import _index as taint_index

__all__ = ["MIN_CHARS", "STALL_S", "Recorder", "RecordingFailed"]

#: texts at least this long (characters) are scanned by the worker; shorter ones in the relay
MIN_CHARS = 256 * 1024
#: the share of an ASCII text's address tokens the worker keys as well (its tail, from the
#: first whitespace at this fraction on): the relay's index (~105 ms per 10 MB) and the
#: worker's scan (~70 ms) then take about as long
TOKEN_SHARE = 0.25
#: the share for a settle that takes the keys and hits later (a queue over its cap, in a
#: stream: :meth:`cordon.engine.core.Session.settle` with ``keep_bytes``): the relay keys its
#: part of the tokens and the text's other keys at once and returns; the worker keys the rest
#: and scans while the relay delivers the next results. Chosen so both take about as long
BACKGROUND_TOKEN_SHARE = 0.8

#: a worker the relay waits on that answers nothing, takes no byte and uses no CPU for this
#: long is killed (its jobs fail)
STALL_S = 30.0
_HDR = struct.Struct("!Q")
#: a keys answer in its compact form: ``K``, the job's sequence number, then the keys in UTF-8
#: (lone surrogates kept) joined by NUL; ~6x cheaper to build and parse than JSON for the
#: ~24,000 keys of a 10 MB result. A key holding a NUL (``%00`` decoded) travels as JSON
_KEYS_TAG = b"K"
_SEQ = struct.Struct("!Q")
#: a job's header: its kind (:data:`_TEXT` or :data:`_DBS`), its payload's length in bytes,
#: and (a text) where the worker's share of its tokens starts (-1: none)
_JOB = struct.Struct("!BQq")
#: a text job whose text is in the shared ring (:data:`_RING`), and where: its offset
_RING_JOB = 2
_OFFSET = struct.Struct("!Q")
#: a text job's ``split`` when the worker keys no tokens (a non-ASCII text: the relay does)
_NO_KEYS = -1
#: ... and when it indexes all of the text's taint (a settle that takes the keys later)
_WHOLE = -2
_TEXT = 0
#: the scanner's databases, compiled by the relay after an early fork (``_accel.export``); the
#: worker scans nothing before it has this message (an empty one: it has them already, or
#: there are none)
_DBS = 1
#: the largest reply the relay accepts from the worker (the hits of one text: at most 64 per
#: rule): a larger length prefix is garbage, and fails the worker
_MAX_REPLY = 1 << 30
_F_SETPIPE_SZ = 1031
#: the longest a settle waits for the scanner's start-up compile before forking the worker
_COMPILE_WAIT_S = 2.0
_PIPE_SIZE = 1 << 20
#: bytes of the memory shared with the worker (an anonymous shared mapping made before the
#: fork): a text that fits goes there with one copy, and only its place goes through the
#: job pipe; one that does not fit waits for nothing and goes through the pipe, as before
_RING_SIZE = 48 << 20


def _probe_ascii_offset() -> int | None:
    """Where a compact ASCII string's characters start, from its object's address (CPython
    stores them right after the object header, one byte each), or None when this
    interpreter does not, as checked on a probe string."""
    if sys.implementation.name != "cpython":
        return None
    off = sys.getsizeof("") - 1
    probe = "cordon-probe-" + os.urandom(8).hex()
    try:
        buf = (ctypes.c_char * len(probe)).from_address(id(probe) + off)
        return off if bytes(buf) == probe.encode("ascii") else None
    except Exception:  # noqa: BLE001 - no shortcut: encode instead
        return None


_ASCII_OFFSET = _probe_ascii_offset()


def _ascii_view(text: str) -> memoryview | None:
    """The UTF-8 bytes of an ASCII ``text`` without copying them: a view of the string's own
    buffer, valid only while ``text`` lives (the caller keeps it referenced next to the view),
    else None. Saves a 10 MB copy and its page faults per 10 MB result."""
    if _ASCII_OFFSET is None or type(text) is not str or not text.isascii():
        return None
    if sys.getsizeof(text) != _ASCII_OFFSET + len(text) + 1:
        return None  # not a compact string (its characters are elsewhere)
    buf = (ctypes.c_char * len(text)).from_address(id(text) + _ASCII_OFFSET)
    return memoryview(buf).cast("B")


_RULE_IDS = frozenset(r.id for r in RULES)


def _keys_answer(seq: int, keys: list[str]) -> bytes | None:
    """The compact form of a keys answer (:data:`_KEYS_TAG`), or None when a key holds a NUL
    or there is none (the answer goes as JSON then)."""
    joined = "\0".join(keys)
    if not keys or joined.count("\0") != len(keys) - 1:
        return None
    return _KEYS_TAG + _SEQ.pack(seq) + joined.encode("utf-8", "surrogatepass")


def _answer(payload: bytes) -> tuple[int, int, bool, Any]:
    """One answer of the worker, checked: ``[seq, kind, ok, value]`` in JSON, where an ``ok``
    value is a list of key strings (``kind`` 0) or of ``[rule id, severity, [start, end],
    value]`` hits (``kind`` 1), and a failed one is the error's name; or a keys answer in its
    compact form (:data:`_KEYS_TAG`). Raises ValueError (or a JSON error) for anything
    else."""
    if payload[:1] == _KEYS_TAG:
        if len(payload) < 1 + _SEQ.size:
            raise ValueError("bad keys answer")
        (seq,) = _SEQ.unpack_from(payload, 1)
        keys = payload[1 + _SEQ.size :].decode("utf-8", "surrogatepass").split("\0")
        return seq, 0, True, keys
    seq, kind, ok, value = json.loads(payload)
    if type(seq) is not int or kind not in (0, 1) or type(ok) is not bool:
        raise ValueError("bad answer header")
    if not ok:
        if not isinstance(value, str):
            raise ValueError("bad error")
        return seq, kind, ok, value
    if not isinstance(value, list):
        raise ValueError("bad answer value")
    if kind == 0:
        if not set(map(type, value)) <= {str}:  # (one C pass: ~20,000 keys per 10 MB)
            raise ValueError("bad key")
        return seq, kind, ok, value
    hits: list[tuple[str, str, tuple[int, int], str]] = []
    for rid, sev, span, val in value:
        a, b = span
        if not (
            isinstance(rid, str)
            and rid in _RULE_IDS
            and sev in ("low", "medium", "high", "critical")
            and type(a) is int
            and type(b) is int
            and isinstance(val, str)
        ):
            raise ValueError("bad hit")
        hits.append((rid, sev, (a, b), val))
    return seq, kind, ok, hits


class RecordingFailed(RuntimeError):
    """The worker could not record a result (it died, stalled or failed on it)."""


class _Job(scanner.Prefetched):
    __slots__ = (
        "owner",
        "seq",
        "split",
        "keys_done",
        "hits_done",
        "answered",
        "_keys",
        "_hits",
        "error",
    )

    def __init__(self, owner: Recorder, seq: int, split: int) -> None:
        self.owner = owner
        self.seq = seq
        self.split = split
        #: the worker answered something for it (so it has copied the text out of the ring)
        self.answered = False
        self.keys_done = split == _NO_KEYS
        self.hits_done = False
        self._keys: list[str] = []
        self._hits: list[tuple[str, str, tuple[int, int], str]] = []
        self.error: str | None = None

    @property
    def done(self) -> bool:
        return self.keys_done and self.hits_done

    def _fail(self, why: str) -> None:
        self.error = self.error or why
        self.keys_done = self.hits_done = True

    def token_keys(self) -> list[str]:
        """The keys of the tokens of the text's tail (``split`` on), or of the whole text
        (``split`` is :data:`_WHOLE`), distinct."""
        if not self.keys_done:
            self.owner.wait(self, keys=True)
        if self.error is not None:
            raise RecordingFailed(self.error)
        return self._keys

    def hits(self) -> list[tuple[str, str, tuple[int, int], str]]:
        if not self.hits_done:
            self.owner.wait(self, keys=False)
        if self.error is not None:
            raise RecordingFailed(self.error)
        return self._hits


class Recorder:
    """The relay's side of the recording worker.

    :meth:`prefetch` (the session's ``prefetch`` hook) hands the large texts of a settle to the
    worker, forking it the first time: each is written whole at once (the worker's reader
    thread takes it in at memory speed, ~4 ms per 10 MB), so the worker scans while the
    relay indexes taint; a job's ``hits()`` waits for its answer. Everything is synchronous:
    the relay's event loop only reads the answers as they come (:attr:`watch`), and a settle
    that needs one waits for it.
    """

    def __init__(self, *, nice: int = 0) -> None:
        self.pid: int | None = None
        self.job_fd = -1
        self.result_fd = -1
        self.failed: str | None = None
        self.nice = nice
        #: jobs not fully answered, by sequence number (the worker numbers them alike)
        self.jobs: dict[int, _Job] = {}
        self._seq = 0
        self._ticks = -1
        self._in = bytearray()
        self._last_progress = 0.0
        #: the worker has (or was sent) the scanner's databases
        self.dbs_sent = False
        #: called with the answer pipe's descriptor once the worker runs, and before that
        #: descriptor is closed: the relay's event loop reads answers as they come
        #: (:meth:`poll`), so a worker whose answers nobody waits for yet (a background
        #: settle's) never blocks on a full pipe
        self.watch: Callable[[int], object] | None = None
        self.unwatch: Callable[[int], object] | None = None
        #: the memory shared with the worker (None: every text goes through the pipe), and
        #: the texts in it, oldest first: ``(job's number, offset, length)``; a text's bytes
        #: are free again once its job has an answer (the worker copies a text out before
        #: answering). Numbers, not jobs: a finished job is not kept alive here
        self._ring: mmap.mmap | None = None
        self._in_ring: deque[tuple[int, int, int]] = deque()

    # -- the relay's side --------------------------------------------------------------
    @property
    def outstanding(self) -> int:
        """Jobs handed over and not answered yet."""
        return len(self.jobs)

    def start(self) -> bool:
        """Fork the worker now if it is not running (and never failed); True when it runs."""
        if self.pid is None and self.failed is None:
            self._start()
        return self.pid is not None

    def start_early(self) -> bool:
        """Fork the worker now, at start-up, if this process runs no other thread yet (in
        particular before the scanner's compile thread: :func:`cordon.content.warm`); True
        when it runs. The worker then holds a copy of a small heap, and gets the scanner's
        databases from the relay once they are compiled, before its first scan."""
        if threading.active_count() != 1:
            return False  # never fork with a thread running (it may hold a lock)
        return self.start()

    def prefetch(self, texts: list[str], *, background: bool = False) -> None:
        """Hand each text of at least :data:`MIN_CHARS` characters that is not with the worker
        yet to it (in order), for the next full scan of that very string object.
        ``background``: the caller takes the keys and the hits later, not in this settle: the
        worker keys :data:`BACKGROUND_TOKEN_SHARE` of the tokens (all of a non-ASCII text's
        taint: :func:`cordon.taint._index.offload`), not :data:`TOKEN_SHARE`."""
        big = [t for t in texts if len(t) >= MIN_CHARS and not scanner.prefetched(t)]
        if big and self.pid is None and self.failed is None:
            # a proxy's first second: the scanner's databases may still compile, and until
            # they are ready a scan here takes the slow path; the settle waits for them (at
            # most the compile's rest, ~0.5 s after start-up), then forks the worker
            _accel.wait_compiled(_COMPILE_WAIT_S)
        for text in big:
            if self.submit(text, background=background) is None:
                return

    def submit(self, text: str, *, background: bool = False) -> _Job | None:
        """Hand ``text`` to the worker, which keys the tokens of its last
        :data:`TOKEN_SHARE` (``background``: :data:`BACKGROUND_TOKEN_SHARE`, or all of a
        non-ASCII text's taint) and scans it; None when it cannot take it (then record it
        here)."""
        if self.failed is None and self.pid is not None:
            # the answers already there first, then a worker that died (end of file): record
            # here. Not only when no job is out: a job whose answers wait unread in the pipe
            # hid a worker that died after writing them, and this text went to it (CI flake,
            # session 7: "the recording worker died", the session degraded)
            self.poll()
        if self.failed is not None:
            return None
        if self.pid is None and not self._start():
            return None
        self.send_databases(wait=False)
        data = _ascii_view(text)
        if data is None:
            data = memoryview(text.encode("utf-8", "surrogatepass"))
        split = taint_index.split_point(
            text, 1.0 - (BACKGROUND_TOKEN_SHARE if background else TOKEN_SHARE)
        )
        if background and split < 0:
            split = _WHOLE  # no split: the worker indexes it all
        job = _Job(self, self._seq, split)
        self._seq += 1
        if not self.jobs:
            self._last_progress = time.monotonic()
        self.jobs[job.seq] = job
        scanner.prefetch(text, job)
        if split == _WHOLE:
            taint_index.offload(text, job)
        elif split >= 0:
            taint_index.split_tokens(text, split, job)
        at = self._place(len(data))
        if at is not None:
            # one copy into the shared memory; the job pipe carries where it is
            assert self._ring is not None
            self._ring[at : at + len(data)] = data
            self._in_ring.append((job.seq, at, len(data)))
            self._write(memoryview(_JOB.pack(_RING_JOB, len(data), split) + _OFFSET.pack(at)))
            return job
        # written now, whole (``data`` may be a view of ``text``'s own buffer: ``text`` is
        # referenced here until the last byte is out)
        for part in (memoryview(_JOB.pack(_TEXT, len(data), split)), data):
            self._write(part)
        return job

    def _place(self, n: int) -> int | None:
        """Where a text of ``n`` bytes goes in the shared memory (free bytes after the newest
        text there, else from its start up to the oldest), or None: it does not fit now."""
        ring, spans, jobs = self._ring, self._in_ring, self.jobs
        if ring is None or n == 0:
            return None
        while spans:
            job = jobs.get(spans[0][0])
            if job is not None and not job.answered:
                break
            spans.popleft()  # answered (a job gone from ``jobs`` is done or failed)
        size = len(ring)
        if not spans:
            return 0 if n <= size else None
        tail = spans[0][1]
        _, last, length = spans[-1]
        head = last + length
        if last >= tail:  # in order: room after the newest, else before the oldest
            if n <= size - head:
                return head
            return 0 if n <= tail else None
        return head if n <= tail - head else None  # wrapped: room between them

    def send_databases(
        self, *, wait: bool, dbs: list[tuple[tuple[str, ...], bytes]] | None = None
    ) -> None:
        """Send the worker the scanner's databases once they are compiled (with ``wait``,
        waiting for the compile first: at most its rest, ~0.5 s after start-up), unless it
        has them. Until then the worker keys tokens but scans nothing."""
        if self.dbs_sent or self.pid is None or self.failed is not None:
            return
        if _accel.compiling():
            if not wait:
                return
            _accel.wait_compiled(_COMPILE_WAIT_S)  # past it: none (the Python pass, same hits)
        if dbs is None:
            dbs = [] if _accel.compiling() else _accel.export()
        head = json.dumps([[list(key), len(blob)] for key, blob in dbs]).encode() + b"\n"
        payload = head + b"".join(blob for _, blob in dbs)
        self.dbs_sent = True
        for part in (memoryview(_JOB.pack(_DBS, len(payload), -1)), memoryview(payload)):
            self._write(part)

    def _write(self, view: memoryview) -> None:
        """Write all of ``view`` to the job pipe, reading answers meanwhile; a worker gone or
        stalled for :data:`STALL_S` (counted from when this write began at the earliest: time
        the relay spent busy elsewhere is not the worker's) fails."""
        start = time.monotonic()
        while view and self.failed is None:
            try:
                n = os.write(self.job_fd, view)
            except BlockingIOError:
                left = max(self._last_progress, start) + STALL_S - time.monotonic()
                if left <= 0 and not self._working():
                    self.fail(f"the recording worker made no progress for {STALL_S:.0f} s")
                    return
                if self._ready(left, write=True):
                    self.poll()
                continue
            except OSError as exc:
                self.fail(f"the recording worker is gone ({type(exc).__name__})")
                return
            self._last_progress = time.monotonic()
            view = view[n:]

    def poll(self) -> int:
        """Read the worker's answers that are there now; returns how many jobs completed."""
        done = 0
        while self.failed is None:
            try:
                chunk = os.read(self.result_fd, 1 << 20)
            except BlockingIOError:
                break
            except OSError as exc:
                self.fail(f"the recording worker is gone ({type(exc).__name__})")
                break
            if not chunk:
                self.fail("the recording worker died")
                break
            self._last_progress = time.monotonic()
            self._in += chunk
            done += self._parse()
        return done

    def wait(self, job: _Job, *, keys: bool) -> None:
        """Block until ``job``'s keys (or hits) are answered, or the worker fails. A stall
        counts from when the wait began at the earliest (the relay may have been busy
        indexing for longer than :data:`STALL_S` while the answers waited in the pipe)."""
        if not keys:
            self.send_databases(wait=True)  # the worker scans nothing before it has them
        start = time.monotonic()
        self.poll()  # the answers already there first
        while not (job.keys_done if keys else job.hits_done) and self.failed is None:
            left = max(self._last_progress, start) + STALL_S - time.monotonic()
            if left <= 0 and not self._working():
                self.fail(f"the recording worker made no progress for {STALL_S:.0f} s")
                break
            if self._ready(left):
                self.poll()
        if not job.done and self.failed is not None:  # pragma: no cover - fail() did it
            job._fail(self.failed)

    def fail(self, why: str) -> None:
        """Stop the worker: every job it holds fails with ``why``; no new job is taken."""
        if self.failed is not None:
            return
        self.failed = why
        for job in self.jobs.values():
            job._fail(why)
        self.jobs.clear()
        self._shutdown(kill=True)

    def close(self) -> None:
        """Let the worker exit (end of its job pipe); kill it if it does not within 1 s."""
        if self.pid is None:
            return
        self.failed = self.failed or "closed"
        busy = bool(self.jobs)
        for job in self.jobs.values():
            job._fail("the recording worker was closed")
        self.jobs.clear()
        self._shutdown(kill=busy)

    # -- internals -----------------------------------------------------------------------
    def _working(self) -> bool:
        """True (and the stall clock restarted) when the worker used CPU since this was last
        asked: a long scan of a crafted result is work, not a stall; a stopped, hung or
        starved worker uses none. False where ``/proc`` cannot tell."""
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            ticks = int(fields[11]) + int(fields[12])  # utime + stime
        except (OSError, ValueError, IndexError):
            return False
        if ticks == self._ticks:
            return False
        self._ticks = ticks
        self._last_progress = time.monotonic()
        return True

    def _ready(self, timeout: float, *, write: bool = False) -> bool:
        """Wait up to ``timeout`` s for an answer (or, with ``write``, room in the job
        pipe); True when an answer (or the end of the result pipe) is there to read."""
        p = select.poll()
        p.register(self.result_fd, select.POLLIN)
        if write:
            p.register(self.job_fd, select.POLLOUT)
        events = p.poll(max(0, int(timeout * 1000)) or 1)
        return any(fd == self.result_fd for fd, _ in events)

    def _parse(self) -> int:
        done = 0
        buf = self._in
        while len(buf) >= _HDR.size:
            (n,) = _HDR.unpack_from(buf)
            if n > _MAX_REPLY:
                self.fail("the recording worker answered garbage")
                return done
            if len(buf) < _HDR.size + n:
                break
            payload = bytes(buf[_HDR.size : _HDR.size + n])
            del buf[: _HDR.size + n]
            try:
                # JSON, not pickle: whatever writes this pipe gets data, never code
                seq, kind, ok, value = _answer(payload)
                job = self.jobs[seq]
            except Exception:  # noqa: BLE001 - garbage from the worker fails it
                self.fail("the recording worker answered garbage")
                return done
            job.answered = True
            if not ok:
                job._fail(f"recording a result failed in the worker: {value}")
            elif kind == 0:
                job._keys, job.keys_done = value, True
            else:
                job._hits, job.hits_done = value, True
            if job.done:
                del self.jobs[seq]
                done += 1
        return done

    def _start(self) -> bool:
        if not hasattr(os, "fork") or _accel.compiling():
            return False  # never fork while a thread compiles (it may hold a lock)
        r1 = w1 = r2 = w2 = -1
        if self._ring is None:
            try:
                self._ring = mmap.mmap(-1, _RING_SIZE)  # anonymous, shared with the child
            except (OSError, ValueError):
                self._ring = None  # the pipe alone
        self._in_ring.clear()
        try:
            r1, w1 = os.pipe()
            r2, w2 = os.pipe()
            for fd in (w1, w2):
                with contextlib.suppress(OSError):
                    import fcntl

                    fcntl.fcntl(fd, _F_SETPIPE_SZ, _PIPE_SIZE)
            pid = os.fork()
        except OSError:
            for fd in (r1, w1, r2, w2):
                if fd >= 0:
                    os.close(fd)
            self._drop_ring()
            return False
        if pid == 0:  # pragma: no cover - the child (its work is tested through the relay)
            code = 0
            try:
                _child(r1, w2, self.nice, self._ring)
            except BaseException:  # noqa: BLE001
                code = 1
            finally:
                os._exit(code)
        os.close(r1)
        os.close(w2)
        if self._ring is not None:
            # the worker has it now; a later fork of this process (another session's worker,
            # a library user's child) must not (red team, session 8)
            with contextlib.suppress(AttributeError, OSError, ValueError):
                self._ring.madvise(mmap.MADV_DONTFORK)
        os.set_blocking(w1, False)
        os.set_blocking(r2, False)
        self.pid, self.job_fd, self.result_fd = pid, w1, r2
        if self.watch is not None:
            with contextlib.suppress(Exception):
                self.watch(r2)
        self.dbs_sent = False
        if not _accel.available() or _accel.export():
            # a late fork: the worker has this process's databases already (or there are
            # none): an empty message lets it scan
            self.send_databases(wait=False, dbs=[])
        return True

    def trim(self) -> None:
        """Give the shared memory's pages back when no text is in it (the relay's quiet
        moment): a stream touches all of it, and idle it would stay resident in both
        processes. The next large text faults its pages in again (~2 ms per 10 MB)."""
        ring = self._ring
        if ring is None or not hasattr(mmap, "MADV_REMOVE"):
            return
        if self.pid is not None and self.failed is None:
            self.poll()
        if self._place(1) != 0 or self._in_ring:
            return  # (a text still in it)
        with contextlib.suppress(OSError, ValueError):
            ring.madvise(mmap.MADV_REMOVE)

    def _drop_ring(self) -> None:
        if self._ring is not None:
            # this process's mapping only: a worker still running keeps its own
            with contextlib.suppress(BufferError, OSError):
                self._ring.close()
            self._ring = None
            self._in_ring.clear()

    def _shutdown(self, *, kill: bool) -> None:
        self._drop_ring()
        if self.result_fd >= 0 and self.unwatch is not None:
            with contextlib.suppress(Exception):
                self.unwatch(self.result_fd)
        for fd in (self.job_fd, self.result_fd):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self.job_fd = self.result_fd = -1
        pid, self.pid = self.pid, None
        if pid is None:
            return
        if not kill:  # end of file on its job pipe: it exits at once
            deadline = time.monotonic() + 1.0
            while True:
                try:
                    if os.waitpid(pid, os.WNOHANG)[0] == pid:
                        return
                except ChildProcessError:
                    return
                if time.monotonic() >= deadline:
                    break
                time.sleep(0.002)
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, 0)


def _child(  # pragma: no cover - runs in the worker
    rfd: int, wfd: int, nice: int, ring: mmap.mmap | None = None
) -> None:
    """The worker's loop: read a text, answer ``(seq, 0, ok, keys)`` for its tail's tokens
    when asked, then ``(seq, 1, ok, hits)``; exit at end of file."""
    with contextlib.suppress(ValueError, OSError):
        signal.set_wakeup_fd(-1)
    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGUSR1, signal.SIGTERM):
        with contextlib.suppress(ValueError, OSError):
            signal.signal(sig, signal.SIG_IGN)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    # every inherited descriptor but the two pipes: the client's and the upstream's pipes, the
    # audit log, the event loop's (all of them where /proc lists them, else up to the hard
    # limit: one inherited above a lowered soft limit is closed too)
    if os.path.isdir("/proc/self/fd"):
        for name in os.listdir("/proc/self/fd"):
            if int(name) not in (0, 1, 2, rfd, wfd):
                with contextlib.suppress(OSError):
                    os.close(int(name))
    else:
        import resource

        top = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        top = 1 << 20 if top == resource.RLIM_INFINITY else min(top, 1 << 20)
        lo = 3
        for fd in sorted({rfd, wfd}):
            os.closerange(lo, fd)
            lo = fd + 1
        os.closerange(lo, max(lo, top))
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    # large freed buffers stay in this process's heap (glibc): each text's 10 MB copies are
    # not faulted in afresh (the relay keeps glibc's defaults: there it gained nothing)
    with contextlib.suppress(Exception):
        _malloc.tune()
    scanner._PREFETCH.clear()  # the relay's registry, copied by the fork: not ours
    scanner._RECENT.clear()
    # never compile here: forked early, the worker gets the relay's databases (a missing one
    # means the Python pass: same hits); the scanner's Python side is built now if the relay
    # did not build it before the fork
    _accel.hold = True
    if not _accel.export():
        with contextlib.suppress(Exception):
            content_warm(compile=False)
    texts: queue.SimpleQueue[tuple[int, bytearray, int]] = queue.SimpleQueue()

    def take_in() -> None:
        # drains the job pipe at once, so the relay's writes never wait for a scan; the
        # relay ends it (end of file: exit, nobody reads the answers any more)
        while True:
            head = _read_exact(rfd, _JOB.size)
            if head is None:
                os._exit(0)
            kind, n, split = _JOB.unpack(head)
            if kind == _RING_JOB:  # the text is in the shared memory: where
                where = _read_exact(rfd, _OFFSET.size)
                if where is None:
                    os._exit(0)
                texts.put((kind, (_OFFSET.unpack(where)[0], n), split))
                continue
            data = _read_exact(rfd, n)
            if data is None:
                os._exit(0)
            texts.put((kind, data, split))

    def answer(seq: int, kind: int, ok: bool, value: Any) -> None:
        out = _keys_answer(seq, value) if kind == 0 and ok else None
        if out is None:
            # ensure_ascii: a lone surrogate in a key travels as an escape and comes back whole
            out = json.dumps([seq, kind, ok, value], ensure_ascii=True).encode("ascii")
        _write_all(wfd, _HDR.pack(len(out)) + out)

    # the scanning thread holds the GIL: hand it to the reader often, so a text the relay
    # writes while a scan runs goes in without keeping the relay waiting
    sys.setswitchinterval(0.0002)
    threading.Thread(target=take_in, name="cordon-recorder-in", daemon=True).start()
    cache: dict[str, set[str]] = {}
    scans: deque[tuple[int, str]] = deque()
    seq = 0
    dbs_ready = False
    while True:
        if scans and dbs_ready and texts.empty():
            # the relay needs the token keys first (it indexes before it scans): scan only
            # when no text waits for its tokens
            s, text = scans.popleft()
            try:
                hits = [(h.rule.id, h.severity, h.span, h.value) for h in scanner.scan_hits(text)]
                answer(s, 1, True, hits)
            except Exception as exc:  # noqa: BLE001 - reported; the relay fails closed
                answer(s, 1, False, type(exc).__name__)
            scanner._RECENT.clear()
            continue
        kind, data, split = texts.get()
        if kind == _DBS:
            dbs_ready = True
            with contextlib.suppress(Exception):  # not loadable: compiled here on demand
                head, _, blobs = bytes(data).partition(b"\n")
                at = 0
                for anchors, n in json.loads(head):
                    _accel.install(anchors, blobs[at : at + n])
                    at += n
            continue
        s, seq = seq, seq + 1
        try:
            if kind == _RING_JOB:
                at, n = data
                if ring is None or at + n > len(ring):
                    raise ValueError("outside the shared memory")
                with memoryview(ring) as view:
                    # copied out before any answer: the relay reuses these bytes after one
                    text = str(view[at : at + n], "utf-8", "surrogatepass")
            else:
                text = str(data, "utf-8", "surrogatepass")
        except Exception as exc:  # noqa: BLE001
            answer(s, 1, False, type(exc).__name__)
            continue
        del data
        if split != _NO_KEYS:
            try:
                if split == _WHOLE:
                    keys = taint_index.whole_text_keys(text, cache)
                else:
                    keys = taint_index.suffix_token_keys(text, split, cache)
                answer(s, 0, True, list(keys))
            except Exception as exc:  # noqa: BLE001
                answer(s, 0, False, type(exc).__name__)
                continue
        scans.append((s, text))


def _read_exact(fd: int, n: int) -> bytearray | None:  # pragma: no cover - in the worker
    buf = bytearray(n)
    view = memoryview(buf)
    got = 0
    while got < n:
        k = os.readv(fd, [view[got:]])
        if k == 0:
            return None
        got += k
    return buf


def _write_all(fd: int, data: bytes) -> None:  # pragma: no cover - in the worker
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]
