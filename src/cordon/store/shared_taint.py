"""Cross-server taint: one shared key file per MCP client process.

:class:`SharedTaintStore` is the file-backed implementation of
:class:`cordon.taint.SharedTaint`, the interface the taint index is given; it lives here, at
the edge, because it opens files, takes locks, signals and waits for other processes.

Issue 3, "What counts as untrusted output": when several servers of one client are each
wrapped by their own ``cordon run`` process, a destination read through one server and sent
through another must be denied, not asked. The mechanism:

* All cordon processes started by the same client (the same parent process) share one file,
  ``~/.cordon/taint/client-<PID>-<START>.keys``, where ``<PID>`` is cordon's parent process id
  and ``<START>`` is that process's start time (field 22 of ``/proc/<PID>/stat``, in clock
  ticks since boot), so a later process that reuses the PID gets a different file and
  sessions never merge. Where ``/proc`` is unavailable the start time is ``unknown``; PID reuse
  can then merge two clients' taint, which only makes cordon stricter.
* The directory is created with mode 0700 and the file with mode 0600.
* Each line is the first 32 hex digits (128 bits) of the SHA-256 of one normalised destination
  key (never the destination itself, so the file reveals nothing readable). A key a session
  saw only as an echo of its own allowed send is published in two other forms instead, an
  echo form and a sent form of each spelling sent (:mod:`cordon.taint._echo`), hashed alike:
  the store does not tell them apart.
* A process appends the keys it newly indexes in one ``write`` per batch on a descriptor opened
  with ``O_APPEND``, under an exclusive ``flock``, so concurrent appenders never interleave
  within a line.
* Before each lookup a process ``fstat``\\ s the file and reads only the bytes appended since its
  last read (it keeps the offset, and consumes only complete lines), adding them to an
  in-memory set: a lookup stays O(1) and the cost of catching up is proportional to what others
  wrote since, never to the history. A process's own append that comes right after its last
  read moves that offset past itself (its hashes are in its set already, its markers are
  skipped on reading); one that comes after another process's lines is read back with them.
* Taint only grows (docs/threat-model.md control 5): nothing is ever removed from a live file. Files
  whose client process is gone are deleted by :meth:`SharedTaintStore.for_client`.
* Memory is bounded by ``max_entries``; past it the store stops learning and reports
  ``truncated``, which turns misses into ``unknown`` (ask, never allow).
* Deferred indexing (``cordon run`` queues a result's keys and delivers it first): before the
  result is delivered, the process appends a pending marker ``P<pid>:<start>:<n>``; once the
  keys are appended it appends ``D<pid>:<start>:<n>`` (or ``F...`` if indexing failed). A
  process whose lookup misses while another live process has a marker open sends that
  process ``SIGUSR1`` (``cordon run`` settles its queue on it) and waits, re-reading the file,
  until the marker closes. A marker of a process that is gone, an ``F`` marker, or a wait
  longer than ``wait_s`` makes the store ``truncated`` (misses become ``unknown``): the answer
  is never a ``clean`` that the eager order would have made ``tainted``. Hash lines are 32
  hex digits and markers start with ``P``, ``D`` or ``F``, so the two never mix up.
* Held publishing (``hold=True``, what ``cordon run`` uses): a client with one cordon process
  has nobody to publish to, yet hashing and writing ~30,000 keys per 10 MB of new output was
  the largest single cost of recording a stream (issue 2). So while no other process of the
  client has shown itself, a holding store appends one pending marker (before the first key
  it holds reaches the agent, as above) and keeps the keys in memory, unhashed; later
  :meth:`SharedTaintStore.mark_pending` calls write nothing. It publishes what it holds, closes
  that marker and publishes every later key at once (:meth:`SharedTaintStore.flush`) as soon as
  another process can need them: that process's lookup misses and prods it (``SIGUSR1``, the
  wait above), the file grew by lines not its own since this store opened it, this store is
  about to wait for another's open marker (that one may be waiting for this one), or it
  exits (``cordon run`` flushes on every exit path it survives). ``cordon run`` also
  publishes what is held, and closes that marker, whenever traffic stops for a moment
  (:meth:`SharedTaintStore.publish_held`), and goes on holding. A holding process killed
  outright leaves its marker open: the others count what it held since then as lost (fail
  closed, as for any open marker). Lines already in the file when the store opens it (processes of this
  client that have exited) do not end holding.
* cordon's own credentials (:func:`cordon.engine.shared_secrets.own_keys`) are appended at
  start-up, also while holding, as one block: a line ``K<pid>:<start>:<n>`` and the ``n``
  hashes after it (:meth:`SharedTaintStore.publish_own`). A holding store does not take such
  a block for a sign that another process needs its keys (that process's lookups prod it as
  any sibling's do), so a process starting with a credential does not end its siblings'
  holding. A reader keeps the hashes like any others and skips the ``K`` line (it is not 32
  hex digits, and not a marker: earlier readers skip it too).
* Whose a key is (``watch``, :meth:`SharedTaintStore.published_elsewhere`): for a few keys
  given when it opens the file (:data:`cordon.engine.shared_secrets.ANY_KEY`, in every
  credential publication), a store tells its own lines from every other writer's by where
  they are in the file: it keeps the byte ranges of its own appends that carry one (the
  offsets its ``O_APPEND`` write under the lock returned), and each such hash it reads
  anywhere else is another writer's. A process whose credentials are the only ones published
  so skips the shared match of its calls (its own credentials are in its own ``SecretSet``);
  a line it cannot place counts as another's.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import itertools
import os
import re
import signal
import time
import weakref
from collections.abc import Callable, Collection, Iterable
from pathlib import Path

from cordon.store.private import open_regular

__all__ = ["SharedTaintStore", "hash_key"]

_HASH_HEX = 32
_READ_CHUNK = 1 << 20
#: the head of a block of a process's own credentials: ``K<pid>:<start>:<count>``
_BLOCK_RE = re.compile(rb"K\d+:[^:\n]*:(\d+)")
#: stores of this process that hold keys: a store skips its own process's markers, so on a
#: miss it flushes the others on its file instead of waiting for them
_HOLDING: weakref.WeakSet[SharedTaintStore] = weakref.WeakSet()
#: marker numbers, one sequence per process: two stores of one process on one file never
#: name the same marker (else one store's flush could settle the other's keys)
_MARK_NUMBERS = itertools.count(1)


@functools.lru_cache(maxsize=256)
def hash_key(key: str) -> str:
    """The stored form of a normalised key: the first 32 hex digits of its SHA-256.

    Remembered for the last 256 keys: a lookup asks for the same few keys call after call
    (:data:`cordon.engine.shared_secrets.ANY_KEY` in every call); publishing hashes its
    many keys itself (:meth:`SharedTaintStore._publish`), not through here."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_HEX]


def _start_time(pid: int) -> str:
    """Start time of ``pid`` in clock ticks since boot (Linux ``/proc``), else ``unknown``."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return "unknown"
    fields = stat.rpartition(")")[2].split()
    # fields[0] is field 3 (state); starttime is field 22
    return fields[19] if len(fields) > 19 and fields[19].isdigit() else "unknown"


def _alive(pid: int, start: str) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return start == "unknown" or _start_time(pid) in (start, "unknown")


class SharedTaintStore:
    """An append-only file of hashed destination keys shared by the cordon processes of one
    client (see the module docstring for the mechanism).

    Args:
        path: the shared file; created with mode 0600 if missing, its directory must exist.
        max_entries: the most hashes kept in memory; past it ``truncated`` becomes True.
        watch: keys whose other writers :meth:`published_elsewhere` tells apart from this
            store (module docstring).

    Raises:
        OSError: the file cannot be opened or created.
    """

    def __init__(
        self,
        path: Path,
        *,
        max_entries: int = 2_000_000,
        wait_s: float = 10.0,
        hold: bool = False,
        watch: Collection[str] = (),
    ) -> None:
        self.path = Path(path)
        self.max_entries = max_entries
        self.wait_s = wait_s
        # not through a symbolic link, and only a regular file: a link to /dev/null or a
        # FIFO in its place would take every key and leg published and answer every lookup
        # with a miss (fail closed: the caller cannot open its store)
        self._fd = open_regular(self.path)
        self._offset = 0
        self._hashes: set[str] = set()
        self._truncated = False
        pid = os.getpid()
        self._me = f"{pid}:{_start_time(pid)}:"
        #: other processes' open pending markers: marker -> (pid, start time)
        self._open: dict[str, tuple[int, str]] = {}
        #: open markers already waited for until ``wait_s`` ran out: not waited for again, and
        #: ``truncated`` until they close
        self._given_up: set[str] = set()
        #: another process lost keys it had marked pending (it died, or marked ``F``)
        self._lost = False
        #: the file's end as this process last knew it (after its own append or read): a
        #: larger size means another process of the client wrote
        self._known_end = os.fstat(self._fd).st_size
        #: held publishing (module docstring): keys not published yet, the one marker open
        #: for them, and the markers handed out meanwhile that are not done yet
        self._holding = hold
        #: held keys: the collections handed to :meth:`publish`, kept as they are (each
        #: result's keys are not inserted one by one into a set of the whole session), merged
        #: into :attr:`_held` only for a :meth:`contains` that asks; counted with repeats
        self._held_parts: list[Collection[str]] = []
        self._held: set[str] = set()
        self._held_count = 0
        self._hold_marker: str | None = None
        self._hold_failed = False
        self._held_marks: set[str] = set()
        self._owner = os.getpid()
        if self._holding:
            _HOLDING.add(self)
        #: each watched key's hash line: True once read where this store did not write it
        self._watched = {hash_key(k).encode("ascii"): False for k in watch}
        #: the byte ranges of this store's own appends that carry a watched hash and that it
        #: has not read past (it reads them back when another process appended before them)
        self._own_ranges: list[tuple[int, int]] = []

    @classmethod
    def for_client(
        cls, base_dir: Path | None = None, *, hold: bool = False, watch: Collection[str] = ()
    ) -> SharedTaintStore:
        """The store of the client that started this process (cordon's parent process).

        ``base_dir`` defaults to ``~/.cordon/taint``; it and any missing parent (``~/.cordon``)
        are created with mode 0700. Files of clients that are no longer running are removed.
        ``hold``: held publishing (module docstring); the caller must call :meth:`flush` when
        prodded (``SIGUSR1``) and :meth:`close` before it exits. ``watch``: as the class's.

        Raises:
            OSError: the directory or file cannot be created.
        """
        base = Path(base_dir) if base_dir is not None else Path.home() / ".cordon" / "taint"
        # each missing directory 0700, not only the last (``parents=True`` gives the others
        # the umask's mode: ``~/.cordon`` would be 0755, readable by other users)
        for d in [*(p for p in reversed(base.parents) if not p.exists()), base]:
            d.mkdir(mode=0o700, exist_ok=True)
        with contextlib.suppress(OSError):
            os.chmod(base, 0o700)
        ppid = os.getppid()
        start = _start_time(ppid)
        _prune(base, keep=f"client-{ppid}-{start}.keys")
        return cls(base / f"client-{ppid}-{start}.keys", hold=hold, watch=watch)

    @property
    def truncated(self) -> bool:
        """True once ``max_entries`` was reached and some keys were not loaded, another
        process lost keys it had marked pending, or a pending marker is still open after
        waiting for it."""
        return self._truncated or bool(self._open) or bool(self._given_up)

    @property
    def keys_lost(self) -> bool:
        """True when another process's output may hold keys this store will not see: it
        died or failed with a pending marker open, or its marker stayed open past ``wait_s``
        (``truncated`` for these reasons, not for ``max_entries``). The engine denies a send
        to a destination it cannot clear then (``taint.history_lost``): that output was
        delivered to the agent, so its destinations may be anywhere in what the agent read.
        """
        return self._lost or bool(self._given_up)

    @property
    def holding(self) -> bool:
        """True while this store holds keys back instead of publishing them (module
        docstring, "Held publishing")."""
        return self._holding

    def publish(self, keys: Iterable[str]) -> None:
        """Append the hashes of ``keys`` (normalised destination keys) in one write; while
        :attr:`holding`, keep them in memory under the open pending marker instead. A set,
        list or tuple is kept as it is, not copied: the caller does not change it afterwards.

        Raises:
            OSError: the write failed.
        """
        if self._holding and self._others_wrote(os.fstat(self._fd).st_size):
            self.flush()  # another process wrote: from now on, publish
        if self._holding and self._hold_marker is None:
            self._open_hold_marker()  # (may show another process, and flush)
        if self._holding:
            if not isinstance(keys, (set, frozenset, list, tuple)):
                keys = list(keys)
            self._held_parts.append(keys)
            self._held_count += len(keys)
            # memory: as many as the store itself keeps (repeats merged away first)
            if self._held_count > self.max_entries and len(self._take_held()) > self.max_entries:
                self.flush()
            return
        self._publish(keys)

    def publish_own(self, keys: Collection[str]) -> None:
        """Append the hashes of ``keys`` (this process's own credentials) at once, also while
        holding, as one block headed ``K<pid>:<start>:<n>`` (module docstring): a sibling
        must find them before this process has relayed anything, and a holding sibling does
        not stop holding for them.

        Raises:
            OSError: the write failed.
        """
        sha256 = hashlib.sha256
        hashes = [sha256(k.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_HEX] for k in keys]
        if not hashes:
            return
        if self._holding and self._others_wrote(os.fstat(self._fd).st_size):
            self.flush()
        self._remember(hashes)
        head = f"K{self._me}{len(hashes)}\n"
        self._append((head + "\n".join(hashes) + "\n").encode("ascii"))

    def _others_wrote(self, size: int) -> bool:
        """True when the file grew past :attr:`_known_end` by lines other than credential
        blocks (:meth:`publish_own`); blocks alone move :attr:`_known_end` past them."""
        if size == self._known_end:
            return False
        if not self._only_blocks(self._known_end, size):
            return True
        self._known_end = size
        return False

    def _only_blocks(self, start: int, stop: int) -> bool:
        """True when the bytes ``start`` to ``stop`` of the file are whole credential blocks
        (a ``K`` line and as many 32-digit hashes as it says), nothing else."""
        if not 0 < stop - start <= _READ_CHUNK:
            return False
        data = os.pread(self._fd, stop - start, start)
        if len(data) != stop - start or not data.endswith(b"\n"):
            return False
        lines = data[:-1].split(b"\n")
        i = 0
        while i < len(lines):
            head = _BLOCK_RE.fullmatch(lines[i])
            if head is None:
                return False
            n = int(head[1])
            body = lines[i + 1 : i + 1 + n]
            if len(body) != n or any(len(h) != _HASH_HEX for h in body):
                return False
            i += 1 + n
        return True

    def _take_held(self) -> set[str]:
        """Every held key, merged into :attr:`_held`."""
        held = self._held
        for part in self._held_parts:
            held.update(part)
        self._held_parts.clear()
        self._held_count = len(held)
        return held

    def _drop_held(self) -> None:
        self._held = set()
        self._held_parts = []
        self._held_count = 0

    def _publish(self, keys: Iterable[str], tail: bytes = b"") -> None:
        sha256 = hashlib.sha256  # (inline: ~30,000 keys per 10 MB of new output)
        hashes = [sha256(k.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_HEX] for k in keys]
        if hashes:
            self._remember(hashes)
            self._append(("\n".join(hashes) + "\n").encode("ascii") + tail)
        elif tail:
            self._append(tail)

    def _open_hold_marker(self) -> None:
        marker = self._hold_marker = f"{self._me}{next(_MARK_NUMBERS)}"
        try:
            self._append(f"P{marker}\n".encode("ascii"))
        except OSError:
            self._hold_marker = None
            raise

    def publish_held(self) -> None:
        """Publish what is held and close the held marker, and go on holding (a new marker
        is opened with the next key). For a quiet moment: a holder killed later leaves only
        what it held since then counted lost. The marker stays open while a marker handed
        out meanwhile is not done. A no-op for a store that does not hold, or in a forked
        child.

        Raises:
            OSError: the write failed (the keys stay held, the marker open).
        """
        if not self._holding or os.getpid() != self._owner or self._hold_marker is None:
            return
        if self._hold_failed:  # a held text was lost: F, never D (D: all its keys published)
            self.flush()
            return
        tail = b"" if self._held_marks else f"D{self._hold_marker}\n".encode("ascii")
        self._publish(self._take_held(), tail)
        self._drop_held()
        if tail:
            self._hold_marker = None

    def flush(self) -> None:
        """Stop holding: publish the held keys and close the held marker (``D``, or ``F`` if
        a held marker failed) in one write; every later key is published at once. A no-op
        for a store that does not hold, and in a forked child (the keys are its parent's).
        The marker stays open while a marker handed out during holding is not done.

        Raises:
            OSError: the write failed (the held keys stay held, the marker open).
        """
        if not self._holding or os.getpid() != self._owner:
            return
        tail = b""
        if self._hold_marker is not None and not self._held_marks:
            tail = f"{'F' if self._hold_failed else 'D'}{self._hold_marker}\n".encode("ascii")
        self._holding = False  # (before the write: an append that shows others flushes)
        try:
            self._publish(self._take_held(), tail)
        except OSError:
            self._holding = True
            raise
        self._drop_held()
        _HOLDING.discard(self)
        if tail:
            self._hold_marker = None

    def _append(self, data: bytes) -> None:
        """Append ``data`` (whole lines) under the lock. When nothing was appended since this
        process last read the file, its read offset moves past ``data``: its own hashes are
        remembered already (:meth:`publish`) and its own markers are skipped on reading, so
        reading them back (~30,000 lines per 10 MB of new output) would change nothing.
        Lines that came between show another process: a holding store stops holding."""
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        try:
            view = memoryview(data)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
            end = os.lseek(self._fd, 0, os.SEEK_CUR)  # O_APPEND: the end of what we wrote
        finally:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        if self._offset == end - len(data):
            self._offset = end
        elif self._watched and any(w in data for w in self._watched):
            self._own_ranges.append((end - len(data), end))  # read back later: its own
        before = end - len(data)
        others = before != self._known_end and not self._only_blocks(self._known_end, before)
        self._known_end = end
        if others and self._holding:
            # (what was written stands: a flush that fails leaves this store holding, its
            # marker open, and the others wait for it as for any open marker)
            with contextlib.suppress(OSError):
                self.flush()

    def mark_pending(self) -> str:
        """Append a pending marker: keys this process has not indexed yet are on their way.
        Returns the marker for :meth:`mark_done`.

        Raises:
            OSError: the write failed.
        """
        if self._holding:  # covered by the held marker: nothing to write
            if self._hold_marker is None:
                self._open_hold_marker()
            if self._holding:  # (opening it may have shown another process)
                marker = f"{self._me}{next(_MARK_NUMBERS)}"
                self._held_marks.add(marker)
                return marker
        marker = f"{self._me}{next(_MARK_NUMBERS)}"
        self._append(f"P{marker}\n".encode("ascii"))
        return marker

    def mark_done(self, marker: str, *, ok: bool = True) -> None:
        """Close a pending marker once its keys are published (``ok``) or lost (not ``ok``).

        Raises:
            OSError: the write failed.
        """
        if marker in self._held_marks:  # handed out while holding
            self._held_marks.discard(marker)
            self._hold_failed = self._hold_failed or not ok
            if self._hold_marker is None:
                return
            if not ok and self._holding:
                self.flush()  # the others learn of the loss now
            elif not self._holding and not self._held_marks:  # the last one after a flush
                state = "F" if self._hold_failed else "D"
                self._append(f"{state}{self._hold_marker}\n".encode("ascii"))
                self._hold_marker = None
            return
        self._append(f"{'D' if ok else 'F'}{marker}\n".encode("ascii"))

    def contains(self, key: str) -> bool:
        """True when any process of this client published ``key``. Reads only new bytes; on a
        miss, first waits for other processes' open pending markers (module docstring)."""
        if self._held_parts:
            self._take_held()
        if key in self._held:
            return True
        self.refresh()
        h = hash_key(key)
        if h in self._hashes:
            return True
        if self._other_holders() and self._flush_local_siblings():
            self.refresh()
            if h in self._hashes:
                return True
        if self._open:
            if self._holding:  # the others may be waiting for this one: publish first
                with contextlib.suppress(OSError):
                    self.flush()
            self._wait_open()
            return h in self._hashes
        return False

    def present(self, keys: Collection[str]) -> set[str]:
        """The keys of ``keys`` another process of this client published (or this one, once
        it no longer holds them), as :meth:`contains` answers each, with one read of the file
        for them all: while any is missing, other processes' open pending markers are waited
        for once. For the credentials of :mod:`cordon.engine.shared_secrets`, looked up many
        at a time in every call: the keys this process holds are not looked at (its engine
        knows its own credentials), so a lone process merges no held keys for them (it
        hashes a call's text once its own credentials are published: :meth:`publish_own`)."""
        self.refresh()
        if len(keys) <= 8:  # (remembered: ANY_KEY, in every call)
            hashed = {hash_key(k): k for k in keys}
        else:  # a call's heads: thousands, each asked for once
            sha256 = hashlib.sha256
            hashed = {
                sha256(k.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_HEX]: k for k in keys
            }

        def hits() -> set[str]:
            return {k for h, k in hashed.items() if h in self._hashes}

        got = hits()
        if len(got) < len(keys):
            self._settle(lambda: len(hits()) == len(keys))
            got = hits()
        return got

    def published_elsewhere(self, key: str) -> bool:
        """True when a writer other than this store (another process of the client, or
        another store of this process) published ``key``, one of ``watch`` (module
        docstring); what this store published or holds does not count. Waits for other
        processes' open pending markers while it is False, as :meth:`present` does. A key
        not watched: whether any writer published it (:meth:`present`)."""
        line = hash_key(key).encode("ascii")
        if line not in self._watched:
            return bool(self.present((key,)))
        self.refresh()
        if not self._watched[line]:
            self._settle(lambda: self._watched[line])
        return self._watched[line]

    def _settle(self, found: Callable[[], bool]) -> None:
        """After a lookup missed: flush this process's other holding stores on the file,
        then, while ``found()`` is False, wait for other processes' open pending markers."""
        if self._other_holders() and self._flush_local_siblings():
            self.refresh()
        if not found() and self._open:
            if self._holding:  # the others may be waiting for this one: publish first
                with contextlib.suppress(OSError):
                    self.flush()
            self._wait_open()

    def _other_holders(self) -> bool:
        """True when another store of this process holds keys (cheap: a lookup asks it on
        every miss, and a lone holding store, what ``cordon run`` has, is the usual case)."""
        return len(_HOLDING) > (self in _HOLDING)

    def _flush_local_siblings(self) -> bool:
        """Flush the other holding stores of this process on the same file; True if any."""
        others = [o for o in list(_HOLDING) if o is not self and o.path == self.path]
        for other in others:
            with contextlib.suppress(OSError):
                other.flush()
        return bool(others)

    def _wait_open(self) -> None:
        """Prod the processes with open markers (``SIGUSR1``) and wait until they close, the
        process is gone, or ``wait_s`` passes (the markers left open keep ``truncated``)."""
        deadline = time.monotonic() + self.wait_s
        prodded: set[int] = set()
        delay = 0.0002
        while self._open:
            for marker, (pid, start) in list(self._open.items()):
                if not _alive(pid, start):
                    self.refresh()  # its last lines may have landed just before it exited
                    if self._open.pop(marker, None) is not None:
                        self._truncated = True  # its keys are lost
                        self._lost = True
                elif pid not in prodded:
                    prodded.add(pid)
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGUSR1)
            if not self._open:
                return
            if time.monotonic() >= deadline:
                self._given_up.update(self._open)
                self._open.clear()
                return
            time.sleep(delay)
            delay = min(delay * 2, 0.01)
            self.refresh()

    def refresh(self) -> None:
        """Load the complete lines appended since the last read. A holding store that finds
        lines another process appended since it opened the file stops holding
        (:meth:`flush`)."""
        size = os.fstat(self._fd).st_size
        if self._holding and self._others_wrote(size):
            self.flush()
            size = os.fstat(self._fd).st_size
        while self._offset < size:
            chunk = os.pread(self._fd, min(_READ_CHUNK, size - self._offset), self._offset)
            if not chunk:
                break
            cut = chunk.rfind(b"\n")
            if cut == -1:
                if len(chunk) < _READ_CHUNK:
                    break  # a partial line is still being written
                cut = len(chunk) - 1  # a corrupt over-long line: skip it
            if self._watched:
                self._see_watched(chunk[:cut], self._offset)
            self._offset += cut + 1
            lines = chunk[:cut].decode("ascii", "replace").split("\n")
            self._remember(
                line for line in lines if len(line) == _HASH_HEX and line[0] not in "PDF"
            )
            if b"P" in chunk or b"D" in chunk or b"F" in chunk:
                self._markers(lines)

    def _see_watched(self, data: bytes, start: int) -> None:
        """Mark each watched hash that is a whole line of ``data`` (whole lines, the file's
        bytes from offset ``start``) outside this store's own appends as another's."""
        for line, seen in list(self._watched.items()):
            at = -1 if seen else data.find(line)
            while at != -1:
                after = at + _HASH_HEX
                whole = (at == 0 or data[at - 1] == 0x0A) and data[after : after + 1] in b"\n"
                if whole and not any(a <= start + at < b for a, b in self._own_ranges):
                    self._watched[line] = True
                    break
                at = data.find(line, at + 1)
        if self._own_ranges:  # read past: never read again
            stop = start + len(data) + 1  # (and its last newline)
            self._own_ranges = [r for r in self._own_ranges if r[1] > stop]

    def _markers(self, lines: list[str]) -> None:
        for line in lines:
            kind = line[:1]
            if kind not in ("P", "D", "F") or line.startswith(self._me, 1):
                # a hash, or this process's own marker (it settles before reading); an
                # earlier process with this PID has another start time (PID reuse)
                continue
            marker = line[1:]
            if kind == "P":
                pid, _, rest = marker.partition(":")
                start = rest.partition(":")[0]
                if pid.isdigit():
                    self._open[marker] = (int(pid), start)
                continue
            self._open.pop(marker, None)
            self._given_up.discard(marker)
            if kind == "F":
                self._truncated = True
                self._lost = True

    def _remember(self, hashes: Iterable[str]) -> None:
        if isinstance(hashes, list) and len(self._hashes) + len(hashes) <= self.max_entries:
            self._hashes.update(hashes)  # far from the cap: one C call
            return
        for h in hashes:
            if len(self._hashes) >= self.max_entries:
                if h not in self._hashes:
                    self._truncated = True
                continue
            self._hashes.add(h)

    def close(self) -> None:
        """Publish what is held (:meth:`flush`) and close the file descriptor (the file stays
        for the client's other processes). A held marker still in use is closed failed: its
        keys will never be published."""
        if self._fd >= 0:
            if self._hold_marker is not None and os.getpid() == self._owner:
                with contextlib.suppress(OSError):
                    if self._held_marks:
                        self._hold_failed = True
                        self._held_marks.clear()
                    if self._holding:
                        self.flush()
                    else:  # flushed already, a held marker was still in use
                        self._append(f"F{self._hold_marker}\n".encode("ascii"))
                        self._hold_marker = None
            elif self._holding and os.getpid() == self._owner:
                _HOLDING.discard(self)  # held nothing
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> SharedTaintStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - best effort
        with contextlib.suppress(Exception):
            self.close()


def _prune(base: Path, *, keep: str) -> None:
    """Delete ``client-<pid>-<start>.keys`` files whose client process is gone."""
    try:
        entries = list(base.glob("client-*.keys"))
    except OSError:
        return
    for entry in entries:
        if entry.name == keep:
            continue
        parts = entry.name[len("client-") : -len(".keys")].split("-")
        if len(parts) != 2 or not parts[0].isdigit():
            continue
        if not _alive(int(parts[0]), parts[1]):
            with contextlib.suppress(OSError):
                entry.unlink()
