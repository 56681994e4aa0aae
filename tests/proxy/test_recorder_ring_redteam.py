"""Red team of the memory shared with the recording worker (``Recorder._ring``, commit
ea23c91): a text that fits is copied into an anonymous shared mapping made before the fork,
and only its place goes through the job pipe; its bytes are reused once its job has an
answer. Probes: a stale or wrong text for the worker (stopped worker, ``_NO_KEYS``,
``_WHOLE``, non-ASCII, empty, larger than the ring), failure paths (death, garbage, close,
no mapping), who else maps the ring, and what the ring keeps alive.

Findings (both fixed, their probes pass now): R1, finished jobs were kept alive by the
ring's list of texts (it now holds job numbers); R2, a later fork of the relay inherited the
ring (``MADV_DONTFORK`` once the worker is forked).
"""

from __future__ import annotations

import gc
import json
import os
import signal
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from cordon.content import warm
from cordon.content.scanner import _PREFETCH, scan_hits
from cordon.proxy import recorder as recmod
from cordon.proxy.recorder import MIN_CHARS, Recorder, RecordingFailed
from cordon.taint import _index as ti
from tests.conftest import Harness
from tests.proxy.test_recorder import FILLER, TAILS

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "fork"), reason="the worker is forked"),
    pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads /proc"),
]

SLOT = MIN_CHARS + 4000  # about one text (ASCII) of the ring


def _text(i: int, size: int = MIN_CHARS + 500, tail: str | None = None) -> str:
    # every text distinct (head and tail), so a stale copy of another shows in keys and hits
    head = f"text {i}: write to owner{i}@host{i}.example first\n"
    tail = TAILS[i % len(TAILS)] if tail is None else tail
    return head + FILLER * (size // len(FILLER) + 1) + tail + f" end{i}.example"


def _hits_here(text: str) -> list[tuple[str, str, tuple[int, int], str]]:
    _PREFETCH.clear()
    return [(h.rule.id, h.severity, h.span, h.value) for h in scan_hits(text)]


def _check(text: str, job: recmod._Job) -> None:
    """The worker's keys and hits for ``job`` are those of ``text`` in this process."""
    if job.split == recmod._WHOLE:
        want: set[str] = set()
        ti._index_view(ti._prepare(text), want, 0, {})
        assert set(job.token_keys()) == want
    elif job.split >= 0:
        assert set(job.token_keys()) == ti.suffix_token_keys(text, job.split)
    assert job.hits() == _hits_here(text)


def _clear() -> None:
    _PREFETCH.clear()
    ti._SPLIT.clear()
    ti._OFFLOAD.clear()


def _ring_maps(pid: int | str) -> dict[int, int]:
    """The anonymous shared mappings of ``pid``: inode -> size in bytes."""
    out: dict[int, int] = {}
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        parts = line.split()
        if len(parts) >= 6 and parts[1].endswith("s") and "/dev/zero" in line:
            lo, hi = (int(x, 16) for x in parts[0].split("-"))
            out[int(parts[4])] = hi - lo
    return out


def _rss_of(pid: int, inode: int) -> int:
    """Resident kB of ``pid``'s mapping of ``inode`` (0: none)."""
    rss, inside = 0, False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        parts = line.split()
        if "-" in parts[0] and len(parts) >= 5 and ":" in parts[3]:
            inside = parts[4] == str(inode) and "/dev/zero" in line
        elif inside and parts[0] == "Rss:":
            rss += int(parts[1])
    return rss


def _ring_inode(rec: Recorder) -> int:
    """The inode of ``rec``'s ring in this process's maps (found by its size and address)."""
    assert rec._ring is not None
    import ctypes

    addr = ctypes.addressof(ctypes.c_char.from_buffer(rec._ring))
    for line in Path("/proc/self/maps").read_text().splitlines():
        parts = line.split()
        lo, hi = (int(x, 16) for x in parts[0].split("-"))
        if lo <= addr < hi:
            return int(parts[4])
    raise AssertionError("the ring is not in this process's maps")


@pytest.fixture
def small_ring(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    warm(wait=True)
    monkeypatch.setattr(recmod, "_RING_SIZE", 3 * SLOT)  # room for three texts
    r = Recorder()
    try:
        yield r
    finally:
        r.close()
        _clear()


# -- stale or wrong text ------------------------------------------------------------------
def test_a_stopped_worker_s_texts_are_never_overwritten(small_ring: Recorder) -> None:
    """The worker is stopped before it reads any ring text: the ring fills, and the next
    text has no place (it would take the pipe) rather than reuse bytes nobody copied. Once it
    runs again every text gives its own keys and hits."""
    rec = small_ring
    assert rec.start() and rec.pid is not None
    rec.send_databases(wait=True)
    os.kill(rec.pid, signal.SIGSTOP)
    try:
        texts = [_text(i) for i in range(3)]
        jobs = [rec.submit(t, background=i == 1) for i, t in enumerate(texts)]
        assert len(rec._in_ring) == 3
        spans = [(a, n) for _, a, n in rec._in_ring]
        for i, (a, n) in enumerate(spans):
            for b, m in spans[i + 1 :]:
                assert a + n <= b or b + m <= a
        assert rec._place(len(_text(3))) is None  # no free byte: never an unread one
    finally:
        os.kill(rec.pid, signal.SIGCONT)
    for t, j in zip(texts, jobs, strict=True):
        assert j is not None
        _check(t, j)
    assert rec.failed is None


def test_a_no_keys_text_holds_its_bytes_until_its_scan_answers(small_ring: Recorder) -> None:
    """A foreground non-ASCII text (``_NO_KEYS``) gets no keys answer: its only answer is
    its hits, after the worker's scan. Texts that follow and are answered first (their keys)
    do not free its bytes; each text's keys and hits stay its own."""
    rec = small_ring
    first = _text(0, tail=TAILS[2])  # non-ASCII: the relay keys it, the worker only scans
    j0 = rec.submit(first)
    assert j0 is not None and j0.split == recmod._NO_KEYS
    assert rec._in_ring and rec._in_ring[0][0] == j0.seq
    others = [_text(i, tail=TAILS[0]) for i in range(1, 6)]
    jobs = []
    for t in others:
        j = rec.submit(t)
        assert j is not None
        j.token_keys()  # answered (keys) before j0's scan may be
        jobs.append(j)
        if not j0.answered:
            a0 = rec._in_ring[0][1]
            for seq, a, n in rec._in_ring:
                if seq != j0.seq:
                    assert a + n <= a0 or a0 + len(first.encode("utf-8")) <= a
    _check(first, j0)
    for t, j in zip(others, jobs, strict=True):
        _check(t, j)
    assert rec.failed is None


@pytest.mark.parametrize("background", [False, True])
def test_non_ascii_and_surrogate_texts_through_the_ring_are_the_same_text(
    small_ring: Recorder, background: bool
) -> None:
    rec = small_ring
    texts = [_text(i, tail=TAILS[2 + i % 2] * 50) for i in range(5)]
    jobs = []
    for t in texts:
        j = rec.submit(t, background=background)
        assert j is not None
        jobs.append((t, j))
    for t, j in jobs:
        _check(t, j)
    assert rec.failed is None


def test_an_empty_text_and_a_text_larger_than_the_ring_take_the_pipe(
    small_ring: Recorder,
) -> None:
    rec = small_ring
    for background in (False, True):
        j = rec.submit("", background=background)
        assert j is not None
        assert j.hits() == []
        if j.split != recmod._NO_KEYS:
            assert set(j.token_keys()) <= {""}
    big = _text(7, 4 * SLOT)
    assert rec._place(len(big)) is None
    j = rec.submit(big, background=True)
    assert j is not None and (j.split == recmod._WHOLE or j.split >= 0)
    _check(big, j)
    assert rec.failed is None


def test_foreground_and_background_settles_interleaved_keep_each_text(
    small_ring: Recorder,
) -> None:
    """Background jobs left unanswered while foreground ones are waited on, non-ASCII and
    ``_WHOLE`` ones among them, the ring wrapping: no text's answer is another's."""
    rec = small_ring
    held: list[tuple[str, recmod._Job]] = []
    for i in range(10):
        tail = TAILS[i % 4] if i % 3 else TAILS[2]
        t = _text(10 + i, MIN_CHARS + 300 * i, tail=tail)
        bg = i % 2 == 0
        j = rec.submit(t, background=bg)
        assert j is not None
        if bg:
            held.append((t, j))  # taken at a later settle
        else:
            _check(t, j)
            if len(held) > 2:
                _check(*held.pop(0))
    for t, j in held:
        _check(t, j)
    assert rec.failed is None


# -- failure paths -------------------------------------------------------------------------
def test_a_worker_killed_with_texts_in_the_ring_fails_them_and_takes_no_more(
    small_ring: Recorder,
) -> None:
    rec = small_ring
    assert rec.start() and rec.pid is not None
    os.kill(rec.pid, signal.SIGSTOP)
    j = rec.submit(_text(1))
    assert j is not None and rec._in_ring
    os.kill(rec.pid, signal.SIGKILL)
    with pytest.raises(RecordingFailed):
        j.hits()
    assert rec.failed is not None and rec._ring is None and not rec._in_ring
    assert rec.submit(_text(2)) is None  # recorded in the relay instead
    assert rec.start() is False


def test_a_garbage_answer_or_one_for_no_job_fails_the_worker_closed(
    small_ring: Recorder,
) -> None:
    rec = small_ring
    j = rec.submit(_text(1))
    assert j is not None and rec._in_ring
    payload = json.dumps([j.seq + 5, 0, True, []]).encode()  # an answer for no job
    rec._in += recmod._HDR.pack(len(payload)) + payload
    rec._parse()
    assert rec.failed is not None
    assert not j.answered  # never counted as copied
    with pytest.raises(RecordingFailed):
        j.hits()
    assert rec._ring is None and rec.submit(_text(2)) is None


def test_close_with_jobs_in_the_ring_then_a_submit(small_ring: Recorder) -> None:
    rec = small_ring
    j = rec.submit(_text(1), background=True)
    assert j is not None and rec._in_ring
    rec.close()
    assert rec._ring is None and not rec._in_ring and rec.pid is None
    with pytest.raises(RecordingFailed):
        j.token_keys()
    assert rec.submit(_text(2)) is None
    rec.prefetch([_text(3)])  # no crash, nothing handed over
    assert rec.outstanding == 0


def test_without_the_mapping_every_text_takes_the_pipe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    warm(wait=True)

    def no_mmap(*a: object, **k: object) -> object:
        raise OSError(12, "no memory")

    monkeypatch.setattr(recmod.mmap, "mmap", no_mmap)
    rec = Recorder()
    try:
        t = _text(1)
        j = rec.submit(t)
        assert j is not None and rec._ring is None and not rec._in_ring
        _check(t, j)
    finally:
        rec.close()
        _clear()


def test_the_worker_is_forked_after_the_ring_exists_and_maps_it(small_ring: Recorder) -> None:
    rec = small_ring
    assert rec.start() and rec.pid is not None
    inode = _ring_inode(rec)
    assert inode in _ring_maps(rec.pid)
    t = _text(1)
    j = rec.submit(t)
    assert j is not None and rec._in_ring
    _check(t, j)


# -- who else maps it ----------------------------------------------------------------------
@pytest.mark.e2e
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
def test_the_upstream_of_cordon_run_does_not_map_the_ring(harness: Harness) -> None:
    from tests.e2e.test_recording_worker import FILLER as E2E_FILLER
    from tests.e2e.test_recording_worker import Raw, _box

    box = _box(harness, E2E_FILLER * 25_000 + "Reply to late.attacker@evil-mail.example.\n")
    c = Raw(harness, box)
    try:
        worker, _ = c.read_until_worker()
        c.call("read_inbox", {})  # a ~2 MB text through the ring
        sent = c.call("send_email", {"to": "late.attacker@evil-mail.example", "body": "x"})
        assert sent.get("isError")  # the settle read it: tainted, denied
        proxy = c.proc.pid
        rings = {i: n for i, n in _ring_maps(proxy).items() if n == recmod._RING_SIZE}
        assert len(rings) == 1, _ring_maps(proxy)
        (inode,) = rings
        assert inode in _ring_maps(worker)
        assert _rss_of(proxy, inode) > 1024  # the text went through it
        kids = Path(f"/proc/{proxy}/task/{proxy}/children").read_text().split()
        upstream = [int(k) for k in kids if int(k) != worker]
        assert upstream, kids
        for pid in upstream:
            assert inode not in _ring_maps(pid)
            assert recmod._RING_SIZE not in _ring_maps(pid).values()
    finally:
        assert c.close() == 0


def test_a_later_fork_does_not_inherit_the_ring(small_ring: Recorder) -> None:
    first = small_ring
    assert first.start()
    inode = _ring_inode(first)
    second = Recorder()
    try:
        assert second.start() and second.pid is not None
        first.close()
        assert inode not in _ring_maps(second.pid)
    finally:
        second.close()


# -- what it keeps alive -------------------------------------------------------------------
def test_a_done_and_taken_job_is_not_kept_by_the_ring(small_ring: Recorder) -> None:
    rec = small_ring
    t = _text(1)
    job = rec.submit(t, background=True)
    assert job is not None and rec._in_ring  # it went through the ring
    job.token_keys()
    job.hits()
    assert rec.outstanding == 0
    _clear()  # the relay took its keys and hits (the registries no longer hold it)
    ref = weakref.ref(job)
    del job
    gc.collect()
    assert ref() is None


def test_the_keys_a_crafted_text_gives_are_several_times_its_size() -> None:
    """(Sizes behind R1.) A text of short distinct addresses: the worker's share of its
    keys, as the relay parses them, holds several times the text's bytes."""
    import tracemalloc

    parts: list[str] = []
    i = 0
    while sum(map(len, parts)) < MIN_CHARS:
        parts.append(f"u{i}@h{i}.io ")
        i += 1
    text = "".join(parts)
    split = ti.split_point(text, 1.0 - recmod.BACKGROUND_TOKEN_SHARE)
    keys = list(ti.suffix_token_keys(text, split))
    out = recmod._keys_answer(0, keys)
    assert out is not None
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        parsed = recmod._answer(out)[3]
        held = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert len(parsed) == len(keys)
    assert held > 3 * len(text), (held, len(text))


def test_the_ring_s_bytes_are_reused_from_its_start_when_all_are_answered(
    small_ring: Recorder,
) -> None:
    """An idle ring starts again at 0 (its pages are reused, not walked through)."""
    rec = small_ring
    for i in range(3):
        t = _text(i)
        j = rec.submit(t)
        assert j is not None
        _check(t, j)
        assert rec._in_ring[-1][1] == 0


class _FakeJob:
    def __init__(self, answered: bool) -> None:
        self.answered = answered


def test_every_short_sequence_of_places_and_answers_on_a_tiny_ring() -> None:
    """Exhaustive over a 5-byte ring, seven steps (a place of 1..5 bytes, or an answer for any
    text in it, in any order): a place is inside the ring and never overlaps a text not
    answered yet; and a text always fits an empty ring."""
    size = 5
    rec = Recorder()
    rec._ring = bytearray(size)  # type: ignore[assignment]  # only its length is read
    checked = 0

    def place(state: list[list[object]], n: int) -> int | None:
        rec._in_ring.clear()
        rec.jobs.clear()
        for seq, cell in enumerate(state):
            cell[3] = _FakeJob(bool(cell[0]))
            rec.jobs[seq] = cell[3]  # type: ignore[assignment]
            rec._in_ring.append((seq, cell[1], cell[2]))  # type: ignore[arg-type]
        return rec._place(n)

    def walk(state: list[list[object]], depth: int) -> None:
        nonlocal checked
        if depth == 0:
            return
        for n in range(1, size + 1):
            at = place(state, n)
            checked += 1
            live = [(a, m) for ans, a, m, _ in state if not ans]
            if not live:
                assert at is not None or n > size
            if at is None:
                continue
            assert isinstance(at, int) and 0 <= at and at + n <= size
            for a, m in live:
                assert at + n <= a or a + m <= at, (state, n, at)  # type: ignore[operator]
            # what _place popped is gone (answered at the front)
            kept = [
                [c[3].answered, c[1], c[2], None] for c in state[len(state) - len(rec._in_ring) :]
            ]  # type: ignore[union-attr]
            walk([*kept, [False, at, n, None]], depth - 1)
        for i, cell in enumerate(state):
            if not cell[0]:
                nxt = [list(c) for c in state]
                nxt[i][0] = True
                walk(nxt, depth - 1)

    try:
        walk([], 7)
    finally:
        rec._ring = None
        rec._in_ring.clear()
        rec.jobs.clear()
    assert checked > 1000, checked
