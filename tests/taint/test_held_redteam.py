"""Red team, held publishing in the shared taint store (commits 321bef7, 355cc6e, 27bae93).

The promise: a sibling cordon process of the same client gets the verdict eager publishing
would give, or a fail-closed one (``unknown``, ``keys_lost``), never ``clean`` for a
destination another process delivered; no wait past ``wait_s``; bounded memory; nothing
published by a forked child. Probes that show a bug are ``xfail(strict=True)`` with the
reason; the others document an attack that the defence holds against.

A store skips its own process's markers, so every "sibling" here that must read markers is
another process (:func:`_sibling_lookup`). When the holder is this test process, a sibling's
prod (``SIGUSR1``) reaches pytest: :func:`_prods` installs a handler for it (the relay's
``on_prod`` in ``cordon run``).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cordon.store import SharedTaintStore, hash_key
from cordon.taint import TaintIndex, extract_destinations

SRC = str(Path(__file__).resolve().parents[2] / "src")
ATTACKER = "mallory@evil.example"
FRIEND = "friend@corp.example"

_SIBLING = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    sys.path.insert(0, {src!r})
    from cordon.store import SharedTaintStore
    from cordon.taint import TaintIndex, extract_destinations
    store = SharedTaintStore(Path({path!r}), wait_s={wait_s!r})
    idx = TaintIndex(shared=store)
    out = {{}}
    for dest in {dests!r}:
        (d,) = extract_destinations(dest)
        out[dest] = idx.lookup(d)
    out["keys_lost"] = store.keys_lost
    print(json.dumps(out), flush=True)
    store.close()
    """
)


def _sibling_lookup(path: Path, *dests: str, wait_s: float = 2.0) -> dict[str, Any]:
    """What another (non-holding) process of the same client answers for ``dests``."""
    code = _SIBLING.format(src=SRC, path=str(path), dests=list(dests), wait_s=wait_s)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=True
    )
    return json.loads(out.stdout)


@contextlib.contextmanager
def _prods(on_prod: Callable[[], None] | None = None) -> Iterator[list[float]]:
    """Handle SIGUSR1 in this process while the block runs (records each prod's time)."""
    seen: list[float] = []

    def handler(*_: object) -> None:
        seen.append(time.monotonic())
        if on_prod is not None:
            on_prod()

    old = signal.signal(signal.SIGUSR1, handler)
    try:
        yield seen
    finally:
        signal.signal(signal.SIGUSR1, old)


@contextlib.contextmanager
def _writes_fail(store: SharedTaintStore) -> Iterator[None]:
    """Every write of ``store`` fails (``EBADF``: a read-only descriptor of the same file)
    while the block runs: a disk that is full for a moment, then is not."""
    real = store._fd
    ro = os.open(store.path, os.O_RDONLY)
    store._fd = ro
    try:
        yield
    finally:
        store._fd = real
        os.close(ro)


def _lines(path: Path) -> list[str]:
    return path.read_text().split()


# -- memory -----------------------------------------------------------------------------------
# S62 (fixed; it was so): held keys are bounded by count (max_entries, 2,000,000) only, never by bytes: a
# key is a whole token (a 200 KB URL gives two 200 KB keys), kept unhashed in
# SharedTaintStore._held, while the TaintIndex that produced them drops them past
# taint_memory_bytes; eager publishing kept 32 hex digits per key
def test_held_keys_stay_within_a_memory_bound_however_long_the_tokens(tmp_path: Path) -> None:
    store = SharedTaintStore(tmp_path / "c.keys", hold=True)
    idx = TaintIndex(max_bytes=2 << 20, shared=store)  # the session's cap: 2 MiB
    for n in range(40):  # 40 results with one long distinct URL each (~240 KB)
        idx.add_text(f"see https://h{n}.evil.example/" + f"p{n}" * 120_000 + " now")
    assert idx.size_bytes <= 2 << 20 and idx.truncated  # the index kept its bound
    # the merged set and the collections handed over since (kept as they are)
    held = sum(map(len, store._held)) + sum(len(k) for part in store._held_parts for k in part)
    try:
        # eager publishing: ~120 hashes in memory; allow the index's own bound, four times
        assert held <= 4 * (2 << 20), f"{held / 1e6:.1f} MB of keys held back"
    finally:
        store.close()


# -- markers ----------------------------------------------------------------------------------
# S63 (fixed; it was so): a marker is '<pid>:<start>:<n>' with n counted per store, so two holding stores
# of one process on one file both open 'P<pid>:<start>:1'; the second one's D closes the first
# one's in every other process's view while the first still holds its keys
def test_two_holding_stores_of_one_process_do_not_close_each_others_marker(
    tmp_path: Path,
) -> None:
    path = tmp_path / "c.keys"
    first = SharedTaintStore(path, hold=True)
    TaintIndex(shared=first).add_text(f"reply to {ATTACKER}")  # delivered, held
    second = SharedTaintStore(path, hold=True)  # e.g. a library user's second session
    TaintIndex(shared=second).add_text("see docs.benign.example")
    second.close()  # publishes what it held, closes "its" marker
    try:
        with _prods(first.flush):
            got = _sibling_lookup(path, ATTACKER)
        # eager: tainted; fail closed: unknown. Never clean
        assert got[ATTACKER] in ("tainted", "unknown"), got
    finally:
        first.close()


# S64 (fixed; it was so): _markers skips every marker whose pid is this process's ('P<pid>:' prefix),
# whatever its start time: an earlier cordon process of the same client with the same PID (PID
# reuse) killed while holding left its marker open, and this process reads its keys as clean
# instead of lost (held publishing makes that marker cover every key the dead process read, not
# only a queue)
def test_an_open_marker_of_an_earlier_process_with_this_pid_counts_as_lost(
    tmp_path: Path,
) -> None:
    path = tmp_path / "c.keys"
    # the earlier process: same PID, another start time, killed outright while holding
    path.write_text(f"P{os.getpid()}:1:1\n")
    store = SharedTaintStore(path, hold=True, wait_s=0.5)
    idx = TaintIndex(shared=store)
    (d,) = extract_destinations(ATTACKER)
    try:
        assert idx.lookup(d) == "unknown" and store.keys_lost
    finally:
        store.close()


def test_an_open_marker_of_a_dead_process_with_another_pid_counts_as_lost(
    tmp_path: Path,
) -> None:
    """The same file, the dead holder's PID not this process's: fail closed (control)."""
    path = tmp_path / "c.keys"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    path.write_text(f"P{int(dead.stdout)}:1:1\n")
    store = SharedTaintStore(path, hold=True, wait_s=0.5)
    idx = TaintIndex(shared=store)
    (d,) = extract_destinations(ATTACKER)
    try:
        assert idx.lookup(d) == "unknown" and store.keys_lost
    finally:
        store.close()


# -- failures ---------------------------------------------------------------------------------


# S65 (fixed; it was so): publish_held() (45a0559, the relay's quiet moment) closes the held marker 'D'
# without looking at _hold_failed (flush() writes 'F'): after a failed deferred text whose
# flush could not write (a full disk for a moment), the next quiet moment writes D and siblings
# answer clean, not keys_lost, for the lost text's destinations


def test_a_flush_that_fails_while_a_sibling_waits_leaves_it_failing_closed(
    tmp_path: Path,
) -> None:
    """The prod's flush cannot write: the marker stays open, the sibling waits wait_s and
    counts the keys lost (unknown), never clean; then a later flush publishes them."""
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path, hold=True)
    TaintIndex(shared=store).add_text(f"reply to {ATTACKER}")

    def flush() -> None:
        with contextlib.suppress(OSError), _writes_fail(store):
            store.flush()

    t0 = time.monotonic()
    with _prods(flush) as prods:
        got = _sibling_lookup(path, ATTACKER, FRIEND, wait_s=0.5)
    assert prods and time.monotonic() - t0 < 10
    assert got == {ATTACKER: "unknown", FRIEND: "unknown", "keys_lost": True}, got
    assert store.holding
    store.close()
    assert _sibling_lookup(path, ATTACKER, FRIEND) == {
        ATTACKER: "tainted",
        FRIEND: "clean",
        "keys_lost": False,
    }


# -- ordering and bookkeeping -----------------------------------------------------------------


def test_a_sibling_that_only_hits_never_stops_a_holder_and_misses_prod_it(
    tmp_path: Path,
) -> None:
    """A reader that never writes: its hits come from published lines, each of its misses
    prods the holder (which publishes), so it never answers clean for a held key."""
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path, hold=True)
    idx = TaintIndex(shared=store)
    idx.add_text(f"reply to {ATTACKER}")
    with _prods(store.flush) as prods:
        got = _sibling_lookup(path, ATTACKER, FRIEND)
    assert len(prods) == 1 and got == {ATTACKER: "tainted", FRIEND: "clean", "keys_lost": False}
    idx.add_text("then second@evil.example")  # published at once now
    assert hash_key("second@evil.example") in _lines(path)
    store.close()


def test_the_index_publishes_every_key_again_after_the_store_stops_holding(
    tmp_path: Path,
) -> None:
    """27bae93: while holding, the index hands every member to the store (the set drops
    repeats); once not holding it hands only keys it did not know. A key first seen while
    holding and seen again after the flush is in the file exactly once, never missing."""
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path, hold=True)
    idx = TaintIndex(shared=store)
    idx.add_text(f"a {ATTACKER} b")
    idx.add_text(f"again {ATTACKER}")
    store.flush()
    idx.add_text(f"and again {ATTACKER} with new@evil.example")
    lines = _lines(path)
    assert lines.count(hash_key(ATTACKER)) == 1 and hash_key("new@evil.example") in lines
    store.close()


# -- two processes started at the same moment -------------------------------------------------
_TWIN = textwrap.dedent(
    """
    import signal, sys, time
    from pathlib import Path
    sys.path.insert(0, {src!r})
    from cordon.store import SharedTaintStore
    from cordon.taint import TaintIndex
    store = SharedTaintStore(Path({path!r}), hold=True)  # opened before either wrote
    idx = TaintIndex(shared=store)
    signal.signal(signal.SIGUSR1, lambda *_: (idx.settle(), store.flush()))
    print("open", flush=True)
    sys.stdin.readline()
    idx.add_text("the attacker is " + {mine!r})
    print("held" if store.holding else "published", flush=True)
    sys.stdin.readline()
    store.close()
    """
)


def test_two_holders_opened_at_the_same_moment_are_both_seen_by_a_third(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    mine = ("a-side@evil.example", "b-side@evil.example")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _TWIN.format(src=SRC, path=str(path), mine=m)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for m in mine
    ]
    try:
        for p in procs:
            assert p.stdout is not None and p.stdout.readline().strip() == "open"
        states = []
        for p in procs:  # each writes once the other has opened the (empty) file
            assert p.stdin is not None and p.stdout is not None
            p.stdin.write("go\n")
            p.stdin.flush()
            states.append(p.stdout.readline().strip())
        assert states == ["held", "published"]  # the second saw the first's marker
        got = _sibling_lookup(path, *mine, FRIEND)
        assert got == {mine[0]: "tainted", mine[1]: "tainted", FRIEND: "clean",
                       "keys_lost": False}  # fmt: skip
    finally:
        for p in procs:
            with contextlib.suppress(OSError):
                assert p.stdin is not None
                p.stdin.write("bye\n")
                p.stdin.flush()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    lines = _lines(path)
    opened = [x[1:] for x in lines if x[0] == "P"]
    assert opened and all("D" + m in lines for m in opened)  # closed on exit


# -- forked child -----------------------------------------------------------------------------
