"""Anchors of the shape "a verb, up to N words, a noun" scanned only where their noun is.

An anchor such as ``show[a-z]*\\s+(?:[a-z',-]+\\s+){0,8}(?:credential|secret|...)`` is
compiled for Hyperscan with its word run opened (``{0,}``, :func:`cordon.content._accel._widen`).
In prose the verb's literal (``show``, ``export``) starts an automaton that stays alive across
every following word until a digit or a punctuation mark, so Hyperscan steps it over most of
the text: two such anchors were a quarter of the anchor pass over 10 MB of generated prose
(``bench/content/README.md``), where their nouns never occur.

Such an anchor is *deferred*: the main database holds only its last group (the *trigger*, the
nouns), and a second database holding the deferred anchors' own expressions is scanned only
over the pieces of the text around a trigger's match, so the ends it reports are exactly the
ends a scan of the whole text gives:

- every match of ``X(?:T)`` ends with a match of ``(?:T)`` at the same offset, so every end of
  a deferred anchor is the end of a trigger match;
- every byte of a match is one the expression can match (:func:`byteset`, worked out from its
  parse; an expression with anything else, ``^``, ``$``, a look-around, ``.``, is not
  deferred), so a match ending at a trigger's end lies inside the run of such bytes that holds
  the byte before that end: a piece from that run's start to the trigger's end holds it;
- each piece is scanned with one byte before it (a ``\\b`` at the match's start reads it) and
  :data:`_MARGIN` after (a ``\\b`` at its end), and only the ends up to its last trigger end are
  kept: an end beyond may be one that the margin's cut made (a ``\\b`` at the piece's end), and
  a real one there is the end of a later trigger, whose piece holds it. Pieces that overlap
  are merged, so no end is reported twice.

``tests/content/test_accel_deferred.py`` compares the candidates with one database of every
anchor on random texts and real documents.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from re import _constants as _c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

from cordon.content._source import inner_word, last_group

#: a run of words opened for Hyperscan, ``(?:[a-z',-]+\s+){0,}``: the shape that keeps an
#: automaton alive across prose (one word class, then whitespace, repeated without bound)
_WORD_RUN = re.compile(r"\(\?:\[[^\]\\]+\][+*]\\s[+*]\)(?:\{\d+,\}|\*|\+)")
#: an anchor that starts with a word of at most four letters (or a group of such words) and
#: whitespace: in prose such a head starts Hyperscan's automaton every few words
_SHORT_HEAD = re.compile(r"(?:[a-z]{1,4}|\(\?:[a-z]{1,4}(?:\|[a-z]{1,4})*\))\\s")
#: a trigger end this close to the piece before joins it (:func:`pieces`)
_JOIN = 512
#: bytes scanned after a piece's last trigger end (a ``\b`` after a match reads one)
_MARGIN = 8
_SPACE = frozenset(b" \t\n\r\x0b\x0c")
_DIGIT = frozenset(b"0123456789")


@dataclass(frozen=True, slots=True)
class Plan:
    """Which anchors of a database are deferred, their triggers, and the bytes they hold."""

    #: indexes (into the database's anchors) of the deferred anchors
    anchors: tuple[int, ...]
    #: the distinct trigger expressions (each deferred anchor's last group)
    triggers: tuple[str, ...]
    #: byte -> ``k`` where a deferred anchor's match can hold it, else ``.``
    table: bytes


def plan(exprs: Sequence[str]) -> Plan | None:
    """The deferred anchors among ``exprs`` (anchors as compiled for Hyperscan), or ``None``."""
    anchors: list[int] = []
    triggers: dict[str, None] = {}
    held: set[int] = set()
    for i, e in enumerate(exprs):
        p = last_group(e)
        if p <= 0 or not _WORD_RUN.search(e[:p]):
            # or a short common word first ("and", "in", "the"): from its first longer word
            p = inner_word(e) if _SHORT_HEAD.match(e) else -1
        if p <= 0:
            continue
        k = byteset(e)
        trigger = e[p:]
        if k is None or _min_width(trigger) == 0:
            continue
        anchors.append(i)
        triggers[trigger] = None
        held |= k
    if not anchors:
        return None
    table = bytes(ord("k") if b in held else ord(".") for b in range(256))
    return Plan(tuple(anchors), tuple(triggers), table)


def _min_width(e: str) -> int:
    return int(_parser.parse(e).getwidth()[0])


def byteset(expr: str) -> frozenset[int] | None:
    """Every byte a match of ``expr`` (a ``bytes`` regex over the lower-cased view, as ``str``)
    can hold, or ``None`` when the parse holds anything but literals, classes of literals,
    ranges, ``\\s`` and ``\\d``, groups, alternations, repeats and ``\\b``/``\\B``."""
    out: set[int] = set()
    try:
        _walk(_parser.parse(expr), out)
    except ValueError:
        return None
    return frozenset(out)


def _walk(items: object, out: set[int]) -> None:
    for op, av in items:  # type: ignore[attr-defined]
        if op is _c.LITERAL:
            out.add(av)
        elif op is _c.IN:
            _members(av, out)
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            _walk(av[2], out)
        elif op is _c.SUBPATTERN:
            _walk(av[-1], out)
        elif op is _c.BRANCH:
            for branch in av[1]:
                _walk(branch, out)
        elif not (op is _c.AT and av in (_c.AT_BOUNDARY, _c.AT_NON_BOUNDARY)):
            raise ValueError(op)


def _members(items: list[tuple[object, object]], out: set[int]) -> None:
    for op, av in items:
        if op is _c.LITERAL and isinstance(av, int):
            out.add(av)
        elif op is _c.RANGE and isinstance(av, tuple):
            out.update(range(av[0], av[1] + 1))
        elif op is _c.CATEGORY and av is _c.CATEGORY_SPACE:
            out.update(_SPACE)
        elif op is _c.CATEGORY and av is _c.CATEGORY_DIGIT:
            out.update(_DIGIT)
        else:  # a negated class, a negated category: (almost) every byte
            raise ValueError(op)


def _run_start(view: bytes, end: int, table: bytes) -> int:
    """The start of the run of held bytes (``table``) that ends at or after ``end - 1``."""
    hi, step = end, 256
    while hi > 0:
        lo = hi - step if hi > step else 0
        r = view[lo:hi].translate(table).rfind(b".")
        if r >= 0:
            return lo + r + 1
        hi, step = lo, step * 4
    return 0


def pieces(view: bytes, ends: list[int], table: bytes) -> list[tuple[int, int, int]]:
    """The pieces of ``view`` to scan for the deferred anchors, given the trigger ``ends``:
    ``(scan from, scan to, keep ends up to)``, in order, not overlapping in what they keep.

    A trigger end within :data:`_JOIN` bytes of the piece before extends that piece: its run
    starts no earlier than that piece's (a run starts after a byte no match holds), and the
    bytes between hold no end of a deferred anchor (every such end is a trigger's), so one
    scan of both gives the same ends as two, for one Hyperscan call and one run search less.
    """
    runs: list[list[int]] = []  # [start, last trigger end]
    for e in sorted(set(ends)):
        if runs and e - runs[-1][1] <= _JOIN:
            runs[-1][1] = e
            continue
        s = _run_start(view, e, table)
        if runs and s <= runs[-1][1]:  # the run of the piece before
            runs[-1][1] = e
        else:
            runs.append([s, e])
    n = len(view)
    return [(s - 1 if s > 0 else 0, k + _MARGIN if k + _MARGIN < n else n, k) for s, k in runs]


def scan(db: Any, scratch: Any, view: bytes, lo: int, hi: int, keep: int) -> list[tuple[int, int]]:
    """``(anchor index, end)`` of every match of ``db`` (the deferred anchors) in
    ``view[lo:hi]`` that ends at or before ``keep``, ends as offsets in ``view``."""
    out: list[tuple[int, int]] = []
    put = out.append

    def on_match(i: int, _from: int, to: int, _flags: int, _ctx: Any) -> None:
        if to + lo <= keep:
            put((i, to + lo))

    db.scan(view[lo:hi], match_event_handler=on_match, scratch=scratch)
    return out
