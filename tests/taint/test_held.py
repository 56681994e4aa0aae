"""Held publishing in the shared taint store (issue 2, throughput): a process alone on its
client's file keeps its keys in memory under one pending marker and publishes them as soon as
another process can need them. Every answer a sibling gets must be the one eager publishing
gives, or a fail-closed one (``unknown``, keys lost), never a ``clean`` that should be
``tainted``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

from cordon.store import SharedTaintStore, hash_key
from cordon.taint import TaintIndex, extract_destinations

SRC = str(Path(__file__).resolve().parents[2] / "src")
ATTACKER = "mallory@evil.example"


def _lines(path: Path) -> list[str]:
    return path.read_text().split()


def test_lines_of_processes_that_have_exited_do_not_end_holding(tmp_path: Path) -> None:
    """A client restarts a server: the new cordon process finds the old one's lines."""
    path = tmp_path / "c.keys"
    path.write_text(f"{hash_key('x@y.example')}\nP1:2:3\nD1:2:3\n")
    store = SharedTaintStore(path, hold=True)
    store.publish([ATTACKER])
    assert store.contains("x@y.example") and not store.contains("friend@corp.example")
    assert store.holding and len(_lines(path)) == 4  # its marker only
    store.close()
    assert _lines(path)[-2:] == [hash_key(ATTACKER), "D" + _lines(path)[3][1:]]


def test_another_processs_line_ends_holding(tmp_path: Path) -> None:
    """Lines not its own show another process: at its next append, publish or read, the
    store publishes what it held and closes its marker, then publishes every key at once."""
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path, hold=True)
    store.publish([ATTACKER])
    with open(path, "a") as f:
        f.write(hash_key("other@sibling.example") + "\n")
    store.publish(["second@evil.example"])
    assert not store.holding
    lines = _lines(path)
    marker = lines[0][1:]
    assert lines[1] == hash_key("other@sibling.example")
    assert lines[2:] == [hash_key(ATTACKER), "D" + marker, hash_key("second@evil.example")]
    store.publish(["third@evil.example"])
    assert _lines(path)[-1] == hash_key("third@evil.example")
    store.close()
    assert _lines(path).count("D" + marker) == 1  # closed once


def test_stores_and_sessions_of_one_process_see_held_keys(tmp_path: Path) -> None:
    """A store skips its own process's markers, so another store of this process on the
    same file makes the holder publish on a miss; indexes on one store share its held keys."""
    path = tmp_path / "c.keys"
    a = SharedTaintStore(path, hold=True)
    one, two = TaintIndex(shared=a), TaintIndex(shared=a)
    one.add_text(f"reply to {ATTACKER}")
    (d,) = extract_destinations(ATTACKER)
    assert two.lookup(d) == "tainted"
    b = SharedTaintStore(path, hold=True)
    assert b.contains(ATTACKER) and not a.holding
    a.close()
    b.close()


def test_a_forked_child_never_publishes_its_parents_held_keys(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path, hold=True)
    store.publish([ATTACKER])
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            store.flush()
            store.close()
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    assert len(_lines(path)) == 1 and store.holding
    store.close()


# -- other processes ------------------------------------------------------------------------
_HOLDER = textwrap.dedent(
    """
    import signal, sys, time
    from pathlib import Path
    sys.path.insert(0, {src!r})
    from cordon.store import SharedTaintStore
    from cordon.taint import TaintIndex, extract_destinations
    store = SharedTaintStore(Path({path!r}), hold=True)
    idx = TaintIndex(shared=store)
    def prodded(*_):
        idx.settle()
        store.flush()
    signal.signal(signal.SIGUSR1, prodded)
    idx.add_text("the attacker is " + {mine!r})
    print("ready", flush=True)
    sys.stdin.readline()
    (d,) = extract_destinations({theirs!r})
    t0 = time.monotonic()
    print(idx.lookup(d), round(time.monotonic() - t0, 3), flush=True)
    time.sleep({linger})
    """
)


def _holder(path: Path, mine: str, theirs: str = "x@y.example", linger: float = 30) -> Any:
    code = _HOLDER.format(src=SRC, path=str(path), mine=mine, theirs=theirs, linger=linger)
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def test_a_siblings_miss_prods_the_holder_which_publishes(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    proc = _holder(path, ATTACKER)
    try:
        assert len(_lines(path)) == 1  # held: the marker only
        reader = SharedTaintStore(path)
        assert reader.contains(ATTACKER) and not reader.truncated
        lines = _lines(path)
        assert lines[-1] == "D" + lines[0][1:]
        assert not reader.contains("friend@corp.example") and not reader.truncated
        reader.close()
    finally:
        proc.kill()
        proc.wait()


def test_a_holder_killed_outright_leaves_its_keys_lost(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    proc = _holder(path, ATTACKER)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    reader = SharedTaintStore(path)
    idx = TaintIndex(shared=reader)
    (d,) = extract_destinations(ATTACKER)
    assert idx.lookup(d) == "unknown" and reader.keys_lost  # never "clean"
    reader.close()


def test_a_holder_alone_answers_without_waiting_and_stays_holding(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path, hold=True, wait_s=5)
    idx = TaintIndex(shared=store)
    idx.add_text(f"to {ATTACKER}")
    (d,) = extract_destinations("friend@corp.example")
    t0 = time.monotonic()
    assert idx.lookup(d) == "clean" and time.monotonic() - t0 < 0.5
    assert store.holding and len(_lines(path)) == 1
    store.close()


def test_repeated_output_does_not_end_holding_early(tmp_path: Path) -> None:
    """Held collections are counted with repeats; past ``max_entries`` they are merged first,
    and the store stops holding only when the distinct keys are over it."""
    store = SharedTaintStore(tmp_path / "c.keys", hold=True, max_entries=100)
    keys = [f"user{i}@evil.example" for i in range(40)]
    for _ in range(10):  # 400 handed, 40 distinct
        store.publish(list(keys))
    assert store.holding and store.contains("user7@evil.example")
    store.publish([f"other{i}@evil.example" for i in range(70)])  # 110 distinct: over it
    assert not store.holding
    store.close()
