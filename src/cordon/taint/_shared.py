"""Cross-server taint: one shared key file per MCP client process.

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
  key (never the destination itself, so the file reveals nothing readable).
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
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import signal
import time
from collections.abc import Iterable
from pathlib import Path

__all__ = ["SharedTaintStore", "hash_key"]

_HASH_HEX = 32
_READ_CHUNK = 1 << 20


def hash_key(key: str) -> str:
    """The stored form of a normalised key: the first 32 hex digits of its SHA-256."""
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

    Raises:
        OSError: the file cannot be opened or created.
    """

    def __init__(self, path: Path, *, max_entries: int = 2_000_000, wait_s: float = 10.0) -> None:
        self.path = Path(path)
        self.max_entries = max_entries
        self.wait_s = wait_s
        self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        with contextlib.suppress(OSError):
            os.fchmod(self._fd, 0o600)
        self._offset = 0
        self._hashes: set[str] = set()
        self._truncated = False
        pid = os.getpid()
        self._me = f"{pid}:{_start_time(pid)}:"
        self._pid_prefix = f"{pid}:"
        self._marks = 0
        #: other processes' open pending markers: marker -> (pid, start time)
        self._open: dict[str, tuple[int, str]] = {}
        #: open markers already waited for until ``wait_s`` ran out: not waited for again, and
        #: ``truncated`` until they close
        self._given_up: set[str] = set()
        #: another process lost keys it had marked pending (it died, or marked ``F``)
        self._lost = False

    @classmethod
    def for_client(cls, base_dir: Path | None = None) -> SharedTaintStore:
        """The store of the client that started this process (cordon's parent process).

        ``base_dir`` defaults to ``~/.cordon/taint``; it and any missing parent (``~/.cordon``)
        are created with mode 0700. Files of clients that are no longer running are removed.

        Raises:
            OSError: the directory or file cannot be created.
        """
        base = Path(base_dir) if base_dir is not None else Path.home() / ".cordon" / "taint"
        # each missing directory 0700, not only the last (``parents=True`` gives the others
        # the umask's mode: ``~/.cordon`` came out 0755, newcomer trial)
        for d in [*(p for p in reversed(base.parents) if not p.exists()), base]:
            d.mkdir(mode=0o700, exist_ok=True)
        with contextlib.suppress(OSError):
            os.chmod(base, 0o700)
        ppid = os.getppid()
        start = _start_time(ppid)
        _prune(base, keep=f"client-{ppid}-{start}.keys")
        return cls(base / f"client-{ppid}-{start}.keys")

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

    def publish(self, keys: Iterable[str]) -> None:
        """Append the hashes of ``keys`` (normalised destination keys) in one write.

        Raises:
            OSError: the write failed.
        """
        sha256 = hashlib.sha256  # (inline: ~30,000 keys per 10 MB of new output)
        hashes = [sha256(k.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_HEX] for k in keys]
        if not hashes:
            return
        self._remember(hashes)
        self._append(("\n".join(hashes) + "\n").encode("ascii"))

    def _append(self, data: bytes) -> None:
        """Append ``data`` (whole lines) under the lock. When nothing was appended since this
        process last read the file, its read offset moves past ``data``: its own hashes are
        remembered already (:meth:`publish`) and its own markers are skipped on reading, so
        reading them back (~30,000 lines per 10 MB of new output) would change nothing."""
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

    def mark_pending(self) -> str:
        """Append a pending marker: keys this process has not indexed yet are on their way.
        Returns the marker for :meth:`mark_done`.

        Raises:
            OSError: the write failed.
        """
        self._marks += 1
        marker = f"{self._me}{self._marks}"
        self._append(f"P{marker}\n".encode("ascii"))
        return marker

    def mark_done(self, marker: str, *, ok: bool = True) -> None:
        """Close a pending marker once its keys are published (``ok``) or lost (not ``ok``).

        Raises:
            OSError: the write failed.
        """
        self._append(f"{'D' if ok else 'F'}{marker}\n".encode("ascii"))

    def contains(self, key: str) -> bool:
        """True when any process of this client published ``key``. Reads only new bytes; on a
        miss, first waits for other processes' open pending markers (module docstring)."""
        self.refresh()
        h = hash_key(key)
        if h in self._hashes:
            return True
        if self._open:
            self._wait_open()
            return h in self._hashes
        return False

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
        """Load the complete lines appended since the last read."""
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
            self._offset += cut + 1
            lines = chunk[:cut].decode("ascii", "replace").split("\n")
            self._remember(
                line for line in lines if len(line) == _HASH_HEX and line[0] not in "PDF"
            )
            if b"P" in chunk or b"D" in chunk or b"F" in chunk:
                self._markers(lines)

    def _markers(self, lines: list[str]) -> None:
        for line in lines:
            kind = line[:1]
            if kind not in ("P", "D", "F") or line.startswith(self._pid_prefix, 1):
                continue  # a hash, or this process's own marker (it settles before reading)
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
        """Close the file descriptor (the file stays for the client's other processes)."""
        if self._fd >= 0:
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
