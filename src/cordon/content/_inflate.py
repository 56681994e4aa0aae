"""Compressed streams in output inflated a piece at a time, under a budget of work.

:mod:`cordon.content._encoded` reads gzip and zlib streams (in base64) for credentials. A
whole stream inflated at once costs its whole size in memory, so a cap on that size made a
repetitive log (a Helm release, a CI log: 100-1000 times smaller compressed) unreadable past
it and withheld. Here a stream is inflated in pieces of at most :data:`OUT` bytes (memory
stays at a piece, whatever the stream inflates to), and what it costs is counted on a
:class:`Work` budget: every byte inflated, the trials that find where a broken stream breaks
included, and the scan of what was inflated (:func:`charge_candidates`: a stream whose text
is made to be slow to scan spends it sooner). The budget is one text's (:data:`MAX_INFLATED_TEXT`), and the texts of one scan
of a result share one (:func:`work_scope`), so a result of many strings costs no more than one
text. Deflate inflates at most about 1032 times (RFC 1951's longest match, 258 bytes, in one
or two bits), so a piece of :data:`_PIECE` input bytes inflates to a few MiB at most.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

__all__ = [
    "CANDIDATE_COST",
    "MAX_INFLATED_TEXT",
    "OUT",
    "Work",
    "charge_candidates",
    "inflate_pieces",
    "work_scope",
]

#: bytes one text's streams inflate to in all (every stream, the layers decoded inside them,
#: the trials of broken ones); the texts of one result share it (:func:`work_scope`)
MAX_INFLATED_TEXT = 128 << 20
#: bytes asked of the inflater at a time (one piece of output)
OUT = 1 << 20
#: compressed bytes fed at a time: a broken piece is searched for its longest good prefix,
#: each trial inflating at most about 1032 times this (4 MiB)
_PIECE = 1 << 12
_GZIP = b"\x1f\x8b\x08"


class Work:
    """Bytes that may still be inflated (``left``), charged as they are."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


P = ParamSpec("P")
R = TypeVar("R")

_SCOPE: ContextVar[Work | None] = ContextVar("cordon_inflate_work", default=None)

#: bytes of the budget one anchor candidate costs in the scan of decoded text
#: (:func:`charge_candidates`). A byte of ordinary text costs its scan ~0.03 us; a candidate
#: (one Hyperscan report, one Python call) ~0.3-0.5 us, and text made of credential prefixes
#: (``sk-sk-...``, ``eyJeyJ...``) has one a byte: counted as bytes only, such a stream inflated
#: to the budget (128 MiB) held its result for a minute (bench/content/README.md)
CANDIDATE_COST = 16


def charge_candidates(n: int) -> None:
    """Charge ``n`` anchor candidates (:func:`cordon.content._accel.counting`) met in the scan
    of decoded text to the budget in force: a stream whose text is costly to scan stops
    inflating sooner, and what it did not inflate fails closed as any stream past the budget
    does. A count, never a time: the same text always gets the same verdict."""
    work = _SCOPE.get()
    if work is not None:
        work.left -= n * CANDIDATE_COST


class work_scope(Work):  # noqa: N801 - called as the function it replaced: ``work_scope()``
    """A budget of ``limit`` bytes (:data:`MAX_INFLATED_TEXT` if None, read when the scope
    opens), at most what an enclosing scope has left, for what is inflated inside it (the
    layers decoded inside a stream open their own); on exit what it spent is charged to the
    enclosing scope. The scan of a result opens one around its strings: together they inflate
    no more than it.

    ``with work_scope(limit) as work:`` opens one scope (the scope is its own :class:`Work`);
    ``@work_scope()`` opens a new one around every call of the function it decorates (calls
    nested in each other each get their own). A class rather than
    :func:`contextlib.contextmanager`, which builds a helper object and a generator for every
    scope: every scan of a result opens one."""

    __slots__ = ("_limit", "_outer", "_start", "_token")

    def __init__(self, limit: int | None = None) -> None:
        self._limit = limit

    def __enter__(self) -> Work:
        outer = self._outer = _SCOPE.get()
        left = MAX_INFLATED_TEXT if self._limit is None else self._limit
        if outer is not None:
            left = min(left, max(outer.left, 0))
        self.left = self._start = left
        self._token = _SCOPE.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _SCOPE.reset(self._token)
        outer = self._outer
        if outer is not None:
            outer.left -= self._start - self.left

    def __call__(self, func: Callable[P, R]) -> Callable[P, R]:
        limit = self._limit

        @functools.wraps(func)
        def scoped(*args: P.args, **kwargs: P.kwargs) -> R:
            with work_scope(limit):
                return func(*args, **kwargs)

        return scoped


def _drain(d: zlib._Decompress, data: bytes | memoryview, work: Work, keep: bool) -> list[bytes]:
    """Feed ``data`` to ``d`` and take all it gives, :data:`OUT` bytes at a time, charging
    ``work``; stop once ``work`` is spent (the caller reads that as past the cap). The pieces
    are returned when ``keep``."""
    out: list[bytes] = []
    chunk = d.decompress(data, OUT)
    while True:
        work.left -= len(chunk)
        if keep and chunk:
            out.append(chunk)
        if work.left < 0 or d.eof or (not d.unconsumed_tail and len(chunk) < OUT):
            return out
        chunk = d.decompress(d.unconsumed_tail, OUT)


def _member(data: memoryview, work: Work) -> Iterator[bytes | int]:
    """The pieces the stream at the head of ``data`` inflates to, then (an ``int``) the bytes
    it took when it ended (0: it broke or ran out). A piece it breaks in is inflated up to
    its longest prefix that does not break (a prefix of one that breaks breaks too: found by
    bisection, each trial charged)."""
    d = zlib.decompressobj(wbits=47)  # 32 + 15: a zlib or gzip header, read from the stream
    for start in range(0, len(data), _PIECE):
        piece = data[start : start + _PIECE]
        saved = d.copy()
        try:
            got = _drain(d, piece, work, True)
        except zlib.error:
            lo, hi = 0, len(piece) - 1
            while lo < hi and work.left >= 0:
                mid = (lo + hi + 1) // 2
                try:
                    _drain(saved.copy(), piece[:mid], work, False)
                    lo = mid
                except zlib.error:
                    hi = mid - 1
            yield from _drain(saved, piece[:lo], work, True)
            yield 0
            return
        yield from got
        if work.left < 0:
            yield 0
            return
        if d.eof:
            yield start + len(piece) - len(d.unused_data)
            return
    yield 0


def inflate_pieces(data: bytes, work: Work) -> Iterator[bytes]:
    """``data`` (a gzip or zlib stream) inflated, in pieces of at most :data:`OUT` bytes,
    charged to ``work``; it stops early once ``work`` is spent (``work.left < 0``). Gzip
    members after the first are inflated too: RFC 1952 section 2.2, a gzip file is a series
    of members and gunzip prints them all (a benign first member must not hide a second). A
    stream that breaks is read up to the break, one that ends early as far as it goes."""
    if work.left < 0:
        # nothing once the budget is spent: its first piece was inflated (and read) before
        # the check, so every stream after the budget ran out still gave up to OUT bytes
        return
    view = memoryview(data)
    pos = 0
    while True:
        used = 0
        for item in _member(view[pos:], work):
            if isinstance(item, int):
                used = item
            else:
                yield item
        pos += used
        if used == 0 or work.left < 0 or data[pos : pos + 3] != _GZIP:
            return
