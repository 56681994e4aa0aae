"""The content scanner's anchor pass in pure Python: where Hyperscan is not installed, switched
off (``CORDON_HYPERSCAN=0``), or its database for a rule set is not ready yet.

Every anchor is re-headed at its rarest literal character (:func:`_rehead`), the anchors are
grouped by that first character into one pattern each (``c(?=rest|rest...)``), and each
position those find is confirmed with the anchors of its character, compiled at its first
candidate. Same findings as the Hyperscan pass (tested differentially). The tables are built
at this pass's first run (:func:`build`), not at start-up: with the Hyperscan databases ready
it does not run, and building them took ~1 s of CPU and left ~2.5 MB of every ``cordon run``
resident (bench/perf/README.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cordon.content._rule import Rule, anchor_head

__all__ = ["PythonPass", "build"]

#: rough frequency rank of ASCII bytes in English prose and code (lower = rarer); an anchor is
#: re-headed at its rarest literal character so the anchor pass stops at few positions
_COMMON = " etaoinsrhldcumfpgwybvkxjqz"
_RANK = {ord(c): 1000 - i for i, c in enumerate(_COMMON)}
_RANK.update({ord("."): 900, ord("-"): 800, ord("/"): 790, ord("'"): 780, ord("_"): 700})
_LITERAL_ESC = frozenset(".[]()|$^*+?{}\\/-<>!`'\"~@#%&=:;,")


def _literal_prefix(rest: str) -> tuple[list[str], str]:
    """Split a regex into its leading literal characters and the remainder."""
    out: list[str] = []
    i = 0
    while i < len(rest):
        ch = rest[i]
        if ch == "\\" and i + 1 < len(rest) and rest[i + 1] in _LITERAL_ESC:
            lit, step = rest[i + 1], 2
        elif ch not in ".[]()|$^*+?{}\\":
            lit, step = ch, 1
        else:
            break
        if i + step < len(rest) and rest[i + step] in "?*{":
            break  # optional: not part of every match
        if i + step < len(rest) and rest[i + step] == "+":
            out.append(lit)
            break
        out.append(lit)
        i += step
    return out, rest[i:] if i < len(rest) else ""


def _rehead(anchor: str) -> str:
    """``anchor`` rewritten to start at its rarest leading literal character.

    ``ignore\\s`` becomes ``gnore(?<=ignore)\\s``: it matches at the same places (shifted),
    and the combined pattern's first-character set only holds rare characters.
    """
    head = anchor_head(anchor)
    assert head is not None
    lits, rest = _literal_prefix(anchor)
    if len(lits) < 2:
        return anchor
    k = min(range(len(lits)), key=lambda i: (_RANK.get(ord(lits[i]), 0), i))
    if k == 0:
        return anchor
    tail = "".join(re.escape(c) for c in lits[k:])
    behind = "".join(re.escape(c) for c in lits)
    return f"{tail}(?<={behind}){rest}"


@dataclass(frozen=True, slots=True)
class PythonPass:
    """What the pure-Python anchor pass searches with (:func:`build`)."""

    #: one pattern per first character: ``c(?=rest|rest...)``
    patterns: tuple[re.Pattern[bytes], ...]
    #: first byte -> [(anchor, rule indexes)], compiled into ``by_head`` at its first candidate
    head_anchors: dict[int, tuple[tuple[bytes, tuple[int, ...]], ...]]
    by_head: dict[int, list[tuple[re.Pattern[bytes], tuple[int, ...]]]]

    def anchor_hits(self, lview: bytes, hits: dict[int, list[tuple[int, int]]]) -> None:
        """Add rule index -> anchor spans in ``lview`` (the lower-cased ASCII view) to ``hits``."""
        by_head = self.by_head
        for pattern in self.patterns:
            for m in pattern.finditer(lview):  # a lookahead consumes one character: overlaps
                pos = m.start()
                anchors = by_head.get(lview[pos])
                if anchors is None:  # the head's first candidate (two threads: either is kept)
                    anchors = [(re.compile(a), ids) for a, ids in self.head_anchors[lview[pos]]]
                    by_head[lview[pos]] = anchors
                for compiled, rule_ids in anchors:
                    am = compiled.match(lview, pos)
                    if am is not None:
                        for ri in rule_ids:
                            hits.setdefault(ri, []).append((pos, am.end()))


def build(rules: Sequence[Rule]) -> PythonPass:
    """The tables of the pass over the anchors of ``rules`` (rule indexes into ``rules``)."""
    by_anchor: dict[str, set[int]] = {}
    for i, r in enumerate(rules):
        for a in r.anchors:
            by_anchor.setdefault(_rehead(a), set()).add(i)
    heads: dict[str, list[tuple[str, str]]] = {}
    for a in by_anchor:
        head = anchor_head(a)
        assert head is not None
        heads.setdefault(head[0], []).append((a, head[1]))
    patterns = []
    head_anchors: dict[int, tuple[tuple[bytes, tuple[int, ...]], ...]] = {}
    for ch, items in sorted(heads.items()):
        rests = sorted({rest for _, rest in items})
        branch = re.escape(ch) + ("(?=" + "|".join(rests) + ")" if all(rests) else "")
        patterns.append(re.compile(branch.encode("ascii")))
        head_anchors[ord(ch)] = tuple(
            (a.encode("ascii"), tuple(sorted(by_anchor[a]))) for a, _ in items
        )
    return PythonPass(tuple(patterns), head_anchors, {})
