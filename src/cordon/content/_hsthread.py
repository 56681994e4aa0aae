"""The one background thread that compiles, or loads from the disk cache, the content
scanner's Hyperscan databases and rule filters (:mod:`cordon.content._accel`), one job after
another in the order they were asked for."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["changed", "compiles", "compiling", "lock", "note_compiling", "submit", "wait_compiled"]

lock = threading.Lock()
#: notified when a database is ready and when a compile starts or ends (on :data:`lock`)
changed = threading.Condition(lock)
#: one job per key (an anchors tuple, or a batch of rule filters), each with the event set
#: when it is done
_jobs: dict[tuple[str, ...], threading.Event] = {}
_queue: list[tuple[Callable[[], None], threading.Event]] = []
_worker: threading.Thread | None = None
#: compiles running now (not loads from the disk cache)
_compiles = 0


def submit(key: tuple[str, ...], job: Callable[[], None]) -> threading.Event:
    """Queue ``job`` under ``key`` (once per key) for the compile thread; its done event.

    Every compile runs on one background thread, one after another, and the thread ends when
    the queue is empty. glibc gives each thread that allocates its own heap (an *arena*) and
    keeps what a compile freed there; the four start-up databases compiled on four threads
    at once left four such heaps (measured: 10 MB more resident than one thread in turn).
    Caller holds :data:`lock`.
    """
    global _worker
    ev = _jobs.get(key)
    if ev is None:
        ev = _jobs[key] = threading.Event()
        _queue.append((job, ev))
        if _worker is None:
            _worker = threading.Thread(target=_work, name="cordon-hs", daemon=True)
            _worker.start()
    return ev


def _work() -> None:
    global _worker
    while True:
        with lock:
            if not _queue:
                _worker = None
                return
            job, ev = _queue.pop(0)
        try:
            job()
        finally:
            ev.set()


def compiling() -> bool:
    """True while a database compiles on a background thread (a process must not fork then:
    the child would have no such thread, and could inherit a held lock)."""
    with lock:
        return _worker is not None


def wait_compiled(timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for the background compiles; True when none runs."""
    deadline = time.monotonic() + timeout
    while True:
        with lock:
            th = _worker
        if th is None:
            return True
        th.join(max(0.0, deadline - time.monotonic()))
        if time.monotonic() >= deadline:
            return not compiling()


def note_compiling(now: bool) -> None:
    """:func:`cordon.content._hscache.compile_db`'s report that a compile starts or ends."""
    global _compiles
    with changed:
        _compiles += 1 if now else -1
        changed.notify_all()


def compiles() -> bool:
    """Whether a compile (not a load) runs now. Caller holds :data:`lock`."""
    return _compiles > 0
