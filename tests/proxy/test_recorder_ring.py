"""The memory shared with the recording worker (``Recorder._ring``): a text that fits is
copied there and only its place goes through the job pipe; its bytes are reused only once the
worker has answered for it (it copies the text out first). The worker's keys and hits are
those of this process whichever way a text went (issue 2, a stream of large results)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from cordon.content import warm
from cordon.content.scanner import _PREFETCH, scan_hits
from cordon.proxy import recorder as recmod
from cordon.proxy.recorder import MIN_CHARS, Recorder
from cordon.taint import _index as ti
from tests.proxy.test_recorder import FILLER, TAILS

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the worker is forked")


def _text(i: int, size: int) -> str:
    # every text distinct, so a stale copy of another text would show in the keys
    head = f"text {i}: write to owner{i}@host{i}.example first\n"
    return head + FILLER * (size // len(FILLER) + 1) + TAILS[i % len(TAILS)] + f" end{i}.example"


def _hits_here(text: str) -> list[tuple[str, str, tuple[int, int], str]]:
    _PREFETCH.clear()
    return [(h.rule.id, h.severity, h.span, h.value) for h in scan_hits(text)]


@pytest.fixture
def small_ring(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    warm(wait=True)
    # room for about three texts: the ring fills, wraps, and some texts take the pipe
    monkeypatch.setattr(recmod, "_RING_SIZE", 3 * (MIN_CHARS + 4000))
    r = Recorder()
    try:
        yield r
    finally:
        r.close()
        _PREFETCH.clear()
        ti._SPLIT.clear()
        ti._OFFLOAD.clear()


def test_texts_through_the_ring_and_the_pipe_give_the_keys_and_hits_of_this_process(
    small_ring: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    rec = small_ring
    placed: list[int | None] = []
    real_place = rec._place

    def place(n: int) -> int | None:
        at = real_place(n)
        placed.append(at)
        return at

    monkeypatch.setattr(rec, "_place", place)
    rng = random.Random(2)
    pending: list[tuple[str, recmod._Job]] = []
    for i in range(14):
        text = _text(i, MIN_CHARS + rng.randrange(0, 3000))
        job = rec.submit(text, background=rng.random() < 0.5)
        assert job is not None
        pending.append((text, job))
        # take some answers now and some later, so the ring is freed out of order
        while pending and rng.random() < 0.4:
            t, j = pending.pop(rng.randrange(len(pending)))
            _check(t, j)
    for t, j in pending:
        _check(t, j)
    assert rec.failed is None
    used = [a for a in placed if a is not None]
    assert len(used) >= 6 and 0 in used[1:]  # the ring was used, and wrapped to its start
    assert None in placed  # and a text that did not fit took the pipe


def _check(text: str, job: recmod._Job) -> None:
    if job.split == recmod._WHOLE:
        want: set[str] = set()
        ti._index_view(ti._prepare(text), want, 0, {})
        assert set(job.token_keys()) == {k for k in want}
    elif job.split >= 0:
        assert set(job.token_keys()) == ti.suffix_token_keys(text, job.split)
    assert job.hits() == _hits_here(text)


def test_a_text_larger_than_the_ring_goes_through_the_pipe(
    small_ring: Recorder,
) -> None:
    text = _text(99, 4 * (MIN_CHARS + 4000))
    assert small_ring._place(len(text.encode("utf-8", "surrogatepass"))) is None
    job = small_ring.submit(text)
    assert job is not None and job.hits() == _hits_here(text)


class _FakeJob:
    def __init__(self) -> None:
        self.answered = False


def test_a_place_never_overlaps_a_text_the_worker_has_not_answered_for() -> None:
    rng = random.Random(5)
    rec = Recorder()
    try:
        rec._ring = bytearray(1000)  # type: ignore[assignment]  # only its length is read
        live: list[tuple[_FakeJob, int, int]] = []
        wrapped = 0
        for seq in range(5000):
            if live and rng.random() < 0.45:
                rng.choice(live)[0].answered = True  # answers come out of order
            n = rng.randrange(1, 400)
            at = rec._place(n)
            live = [s for s in live if not s[0].answered]
            if at is None:
                continue
            assert 0 <= at and at + n <= 1000
            for _, a, m in live:
                assert at + n <= a or a + m <= at, (at, n, a, m)
            job = _FakeJob()
            wrapped += at == 0 and bool(live)
            rec.jobs[seq] = job  # type: ignore[assignment]
            rec._in_ring.append((seq, at, n))
            live.append((job, at, n))
        assert wrapped > 50
    finally:
        rec._ring = None
        rec.jobs.clear()


def test_a_quiet_moment_gives_the_ring_s_pages_back_only_when_no_text_is_in_it(
    small_ring: Recorder,
) -> None:
    rec = small_ring
    text = _text(7, MIN_CHARS + 100)
    job = rec.submit(text)
    assert job is not None and rec._ring is not None and rec._in_ring
    start = text.encode("utf-8", "surrogatepass")[:64]
    assert rec._ring[:64] == start
    real_jobs = dict(rec.jobs)
    # a text not answered yet: kept
    rec.jobs[job.seq].answered = False
    monkey_poll = rec.poll
    rec.poll = lambda: 0  # type: ignore[method-assign]  # the answer not read yet
    rec.trim()
    assert rec._ring[:64] == start
    rec.poll = monkey_poll  # type: ignore[method-assign]
    rec.jobs.update(real_jobs)
    _check(text, job)  # answered: the bytes are free
    rec.trim()
    assert rec._ring[:64] == bytes(64)  # the pages were given back (they read as zeros)
    again = _text(8, MIN_CHARS + 100)
    job = rec.submit(again)  # and the ring works on
    assert job is not None
    _check(again, job)
