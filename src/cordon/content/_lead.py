"""Rule windows, and the search of a rule whose matches start just before an anchor hit.

A rule's pattern runs in merged windows around its anchor hits (:func:`windows`). Where the
anchors of a rule are dense (a manual that says "Send a POST request to https://..." on every
page), the windows merge into one window as long as the text, and ``re`` tries the pattern at
every byte of it: for a pattern that opens with an alternation of clause openings and no
literal, ~60 ns a byte, whatever the anchors say.

A rule with a :attr:`~cordon.content._rule.Rule.lead` declares that each match of its pattern
starts at most ``lead`` bytes before the end of an anchor's leading literal it holds (the
core's verb is the anchor, the order words before it are short). :func:`lead_matches` then
tries the pattern only there, one ``re`` call per literal found in the window that a previous
match did not cover, and yields what ``finditer`` over the whole window yields: the leftmost
match at or after the last match's end, in turn. The cost is bounded by ``lead`` per literal
found, not by the window.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cordon.content._rule import Rule


def windows(spans: list[tuple[int, int]], w: int, size: int) -> list[tuple[int, int]]:
    """Merged ``[start - w, end + w)`` windows around sorted anchor spans."""
    out: list[list[int]] = []
    for s, e in spans:
        ws, we = max(0, s - w), min(size, e + w)
        if out and ws <= out[-1][1]:
            out[-1][1] = max(out[-1][1], we)
        else:
            out.append([ws, we])
    return [(a, b) for a, b in out]


def lead_matches(
    wrapped: re.Pattern[bytes], heads: re.Pattern[bytes], buf: bytes, lo: int, hi: int, lead: int
) -> Iterator[re.Match[bytes]]:
    """What ``pattern.finditer(buf, lo, hi)`` yields, for a pattern each match of which starts
    at most ``lead`` bytes before the end of a match of ``heads`` (the anchors' leading
    literals, found in ``buf`` itself: no offsets to map from the anchor pass); ``wrapped``
    is ``(?s:.{0,lead}?)(pattern)``: its group ``k + 1`` is the pattern's group ``k``.

    A match at or after ``q`` holds a head ending at or after ``q``; the first such end
    ``a`` bounds its start to ``[max(q, a - lead), a]``, and the lazy prefix tries those
    starts in turn. No head in reach: no match, and the bytes between are never tried.
    """
    q = lo
    for h in heads.finditer(buf, lo, hi):
        a = h.end()
        if a < q:
            continue
        m = wrapped.match(buf, max(q, a - lead), hi)
        if m is None:
            continue
        yield m
        q = m.end() if m.end() > m.start(1) else m.end() + 1


def rule_matches(rule: Rule, buf: bytes, lo: int, hi: int) -> Iterator[re.Match[bytes]]:
    """The matches of ``rule``'s pattern in ``buf[lo:hi]``, as ``finditer`` finds them; with
    a :attr:`~cordon.content._rule.Rule.lead`, searched by :func:`lead_matches` (whose
    groups are the pattern's plus one)."""
    pair = rule.lead_compiled
    if pair is not None:
        return lead_matches(pair[0], pair[1], buf, lo, hi, rule.lead)
    assert rule.compiled is not None
    return rule.compiled.finditer(buf, lo, hi)
