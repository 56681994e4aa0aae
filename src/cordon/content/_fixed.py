"""The anchors of one fixed width and no assertions, found by runs: a text of repeated
credential prefixes costs a search per match, not a search per byte.

:func:`cordon.content._accel.find` confirms each Hyperscan candidate of an anchor with one
``re`` search in a bounded region before it. Anchors are compiled for Hyperscan with their
counted repeats opened (``sk-[a-z0-9_-]{16}`` as ``sk-[a-z0-9_-]{16,}``), so in a run of the
repeat's class every byte is a candidate: ``sk-sk-sk-...``, ``eyJeyJ...`` or ``AKIAAKIA...``
(any server can send them) made one Python callback, one search and one span a byte, and the
scanner then one window step a span (about 0.4 MB/s, bench/content/superlinear.py). The
anchors of this module are therefore compiled for Hyperscan with their repeats exact
(:meth:`cordon.content._accel._Db._hs_expr`): a candidate about a match, not a byte.

An anchor whose every match is ``w`` bytes long and that holds no assertion (no ``\\b``,
``^``, ``$``, look-around or back-reference: :func:`fixed_width`) matches at ``p`` exactly
when ``view[p:p + w]`` is one of its strings, whatever the search's bounds around it. For such
an anchor the per-candidate confirm reports exactly the set of all its matches:

* a candidate ending at ``to`` searches ``[to - w, to + 64)`` and reports the first match at
  ``p >= to - w``, widened to ``to``: ``p + w >= to``, so the report is the match ``(p, p + w)``;
* every match ``(p, p + w)`` ends at an offset Hyperscan reports (the prefilter reports a
  superset of the real ends), and that candidate's search starts at ``p``: it reports it.
  That holds whether the expression Hyperscan compiles is the anchor or its repeats opened:
  each is the anchor's own bytes, classes, groups, branches and repeats (no assertion, no
  syntax the two engines read apart), and prefilter mode reports every end of every match
  of it, overlapping ones too. Exact, the anchor's candidates are its real ends and the few
  more the prefilter's own widening adds; a candidate that stands for no match only adds a
  region whose search finds nothing, or real matches found anyway.

:func:`match_runs` finds that same set by sweeping the candidates' regions merged (each match
found once, by one search from the byte after the last), and reports each run of matches that
overlap or touch as one span. A caller builds merged windows (or blocks) from the spans: a
span that overlaps or touches another adds nothing to their union, so the windows, and the
findings, are those of the per-candidate confirm (``tests/content/test_accel_dense.py``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from re import _constants, _parser  # type: ignore[attr-defined]
from typing import Any

__all__ = ["fixed_width", "match_runs"]

#: ops that each read one byte where they stand (a class, a literal, any byte)
_ONE_BYTE = frozenset((_constants.LITERAL, _constants.NOT_LITERAL, _constants.IN, _constants.ANY))
_REPEATS = (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT)


def _plain(items: Any) -> bool:
    """True when a parsed sequence holds only bytes, groups, branches and repeats of them
    (no assertion: nothing that reads a byte outside the match)."""
    for op, av in items:
        if op in _ONE_BYTE:
            continue
        if op == _constants.SUBPATTERN:
            ok = _plain(av[3])
        elif op == _constants.BRANCH:
            ok = all(_plain(b) for b in av[1])
        elif op in _REPEATS:
            ok = _plain(av[2])
        elif op == _constants.ATOMIC_GROUP:
            ok = _plain(av)
        else:  # AT (``\\b``, ``^``, ``$``), ASSERT, ASSERT_NOT, GROUPREF...
            ok = False
        if not ok:
            return False
    return True


def fixed_width(pattern: bytes, limit: int) -> int:
    """The length of every match of ``pattern`` (a ``bytes`` regex) when all its matches
    have one length, at most ``limit``, and it holds no assertion; else 0."""
    parsed = _parser.parse(pattern.decode("latin-1"))
    lo, hi = parsed.getwidth()
    if lo != hi or not 0 < hi <= limit:
        return 0
    return int(hi) if _plain(parsed) else 0


def match_runs(
    compiled: re.Pattern[bytes], w: int, ends: list[int], view: bytes, after: int, base: int = 0
) -> list[tuple[int, int]]:
    """Every match of ``compiled`` (of fixed width ``w``, :func:`fixed_width`) that lies in
    the regions ``[to - w, to + after)`` of the candidate ends ``ends`` (sorted, each
    ``base`` more than the end it stands for), runs of matches that
    overlap or touch reported as one ``(start, end)`` span, in order."""
    n = len(view)
    search = compiled.search
    out: list[tuple[int, int]] = []
    s0 = e0 = -1  # the run being built
    i, k = 0, len(ends)
    while i < k:
        lo = ends[i] - base - w
        # the regions that overlap or touch this one, in turn, are swept as one: the last
        # end whose region starts by this one's end, until that adds none (a jump of
        # ``w + after`` ends at a time through a run of candidates, not one)
        j = i
        while True:
            last = bisect_right(ends, ends[j] + after + w, j, k) - 1
            if last == j:
                break
            j = last
        hi = ends[j] - base + after
        i = j + 1
        m = search(view, lo if lo > 0 else 0, hi if hi < n else n)
        while m is not None:
            s = m.start()
            if s <= e0:  # overlaps or touches the run (a later start: a later end)
                e0 = s + w
            else:
                if e0 >= 0:
                    out.append((s0, e0))
                s0, e0 = s, s + w
            m = search(view, s + 1, hi if hi < n else n)
    if e0 >= 0:
        out.append((s0, e0))
    return out
