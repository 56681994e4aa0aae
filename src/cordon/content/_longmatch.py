"""When can an anchor with an unbounded repeat match more than a given number of bytes?

:func:`cordon.content._accel.find` confirms each Hyperscan candidate of an anchor in a bounded
region before its end. An anchor unbounded beyond whitespace (``provide[a-z]*\\s+...``,
``@[a-z0-9-]+\\.``) can in principle match more bytes than that region holds, so a candidate
the region cannot confirm used to send the anchor to a search of the whole text (on 10 MB of
installed documents: seven anchors, ~42 ms of a ~750 ms scan).

A match longer than ``width`` bytes needs its unbounded repeats to consume most of it: if the
rest of the pattern (every bounded item at its largest) spans at most ``bounded`` bytes and
the unbounded repeats occur at most ``count`` times in one match, some repeat consumed a run
of at least ``ceil((width - bounded) / count)`` bytes *all in the repeated items' byte set*
within the match's last ``width`` bytes (each repeat's bytes are contiguous). :func:`run_bound`
computes ``(byte set, run length)`` for a pattern, or ``None`` when it cannot tell (a construct
it does not model, a repeat inside an unbounded repeat); a caller that finds no such run
before a candidate's end knows no match longer than ``width`` ends there.

Conservative by construction: every estimate errs towards a wider byte set, a larger
``bounded`` and a larger ``count`` (a shorter run), which only sends more anchors to the
whole-text search, never fewer than the exact answer would.
"""

from __future__ import annotations

import math
import re
from re import _constants as _c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

__all__ = ["run_bound", "run_table"]

_ALL = frozenset(range(256))
_DIGIT = frozenset(range(0x30, 0x3A))
_SPACE = frozenset(b" \t\n\r\x0b\x0c")
_WORD = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_CATEGORY = {
    _c.CATEGORY_DIGIT: _DIGIT,
    _c.CATEGORY_NOT_DIGIT: _ALL - _DIGIT,
    _c.CATEGORY_SPACE: _SPACE,
    _c.CATEGORY_NOT_SPACE: _ALL - _SPACE,
    _c.CATEGORY_WORD: _WORD,
    _c.CATEGORY_NOT_WORD: _ALL - _WORD,
}


class _Unknown(Exception):
    """A construct this module does not model: the caller keeps its whole-text search."""


def _case_closed(chars: frozenset[int]) -> frozenset[int]:
    """``chars`` with the other case of each ASCII letter in it."""
    return chars | {c ^ 0x20 for c in chars if 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A}


def _charset(items: list[tuple[Any, Any]]) -> frozenset[int]:
    """The bytes one character item (an ``IN`` set's members) can match."""
    out: set[int] = set()
    negate = False
    for op, av in items:
        if op is _c.NEGATE:
            negate = True
        elif op is _c.LITERAL:
            out.add(av)
        elif op is _c.RANGE:
            out.update(range(av[0], av[1] + 1))
        elif op is _c.CATEGORY and av in _CATEGORY:
            out |= _CATEGORY[av]
        else:
            return _ALL  # anything else: every byte (wider is safe)
    chars = frozenset(out)
    return _ALL - chars if negate else chars


def _walk(seq: Any, dotall: bool) -> tuple[int, int, frozenset[int]]:
    """``(bounded, count, chars)`` of a parsed sequence: the most bytes its bounded items
    match, how many unbounded repeats one match can hold, the bytes those repeats match."""
    bounded = count = 0
    chars: frozenset[int] = frozenset()
    for op, av in seq:
        if op in (_c.LITERAL, _c.NOT_LITERAL, _c.ANY, _c.IN):
            bounded += 1
        elif op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue  # zero width (a look-around's bytes are not consumed)
        elif op is _c.SUBPATTERN:
            if av[1] or av[2]:
                raise _Unknown("scoped flags")
            b, k, ch = _walk(av[-1], dotall)
            bounded, count, chars = bounded + b, count + k, chars | ch
        elif op is _c.ATOMIC_GROUP:
            b, k, ch = _walk(av, dotall)
            bounded, count, chars = bounded + b, count + k, chars | ch
        elif op is _c.BRANCH:
            parts = [_walk(alt, dotall) for alt in av[1]]
            bounded += max(p[0] for p in parts)
            count += max(p[1] for p in parts)
            for p in parts:
                chars |= p[2]
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            lo, hi, item = av
            b, k, ch = _walk(item, dotall)
            if hi == _c.MAXREPEAT:
                if k:
                    raise _Unknown("an unbounded repeat inside an unbounded repeat")
                count += 1
                chars |= ch | _bytes_of(item, dotall)
            else:
                bounded, count, chars = bounded + hi * b, count + hi * k, chars | ch
        else:
            raise _Unknown(str(op))
    return bounded, count, chars


def _bytes_of(seq: Any, dotall: bool) -> frozenset[int]:
    """Every byte any character item in ``seq`` can match (a superset)."""
    out: frozenset[int] = frozenset()
    for op, av in seq:
        if op is _c.LITERAL:
            out |= {av}
        elif op is _c.NOT_LITERAL:
            out |= _ALL - {av}
        elif op is _c.ANY:
            out |= _ALL if dotall else _ALL - {0x0A}
        elif op is _c.IN:
            out |= _charset(av)
        elif op is _c.SUBPATTERN:
            out |= _bytes_of(av[-1], dotall)
        elif op is _c.ATOMIC_GROUP:
            out |= _bytes_of(av, dotall)
        elif op is _c.BRANCH:
            for alt in av[1]:
                out |= _bytes_of(alt, dotall)
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            out |= _bytes_of(av[2], dotall)
        elif op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue
        else:
            raise _Unknown(str(op))
    return out


def run_bound(pattern: bytes, width: int) -> tuple[frozenset[int], int] | None:
    """For a ``bytes`` regex: ``(chars, length)`` such that every match longer than ``width``
    bytes holds, within its last ``width`` bytes, a run of ``length`` consecutive bytes all in
    ``chars``; ``None`` when that cannot be told (then assume any match can be that long)."""
    try:
        parsed = _parser.parse(pattern)
        flags = parsed.state.flags
        dotall = bool(flags & re.DOTALL)
        bounded, count, chars = _walk(parsed, dotall)
    except (_Unknown, RecursionError):
        return None
    if flags & re.IGNORECASE:
        chars = _case_closed(chars)
    if count == 0 or bounded >= width:
        return None
    return frozenset(chars), max(1, math.ceil((width - bounded) / count))


def run_table(chars: frozenset[int]) -> bytes:
    """A ``bytes.translate`` table: bytes in ``chars`` -> ``x``, every other byte -> ``.``."""
    return bytes(ord("x") if i in chars else ord(".") for i in range(256))
