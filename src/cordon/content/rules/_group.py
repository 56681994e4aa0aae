"""Anchor building shared by the rule modules."""

from __future__ import annotations

import re

#: one literal character of a regex: an escaped punctuation mark or a plain character
_LITERAL = re.compile(r"\\[^A-Za-z0-9]|[^\\.\[\]()|$^*+?{}]")
#: literal characters a group of anchors shares: enough for the pure-Python anchor pass, which
#: starts at the rarest of an anchor's leading literals, to stay off common letters
_KEEP = 3


def _lead(head: str) -> str:
    """The first :data:`_KEEP` literal characters of ``head`` as written (fewer when the head
    is shorter or a quantifier follows one)."""
    pos = 0
    for _ in range(_KEEP):
        m = _LITERAL.match(head, pos)
        if m is None or head[m.end() : m.end() + 1] in ("?", "*", "{", "+"):
            break
        pos = m.end()
    return head[:pos]


def grouped(heads: tuple[str, ...] | list[str], tail: str) -> tuple[str, ...]:
    """Anchors ``head + tail`` with the heads that share their first three literal characters
    folded into one alternation (``sen(?:de|den|det)`` + tail): a long ``tail`` (a bounded gap
    to a destination or a path) is compiled once per group rather than once per word, and
    every anchor still starts with three literals."""
    by_lead: dict[str, list[str]] = {}
    for h in heads:
        lead = _lead(h)
        if not lead:
            raise ValueError(f"anchor head {h!r} must start with a literal character")
        by_lead.setdefault(lead, []).append(h[len(lead) :])
    out = []
    for lead, rests in by_lead.items():
        alts = sorted(set(rests), key=lambda r: (-len(r), r))
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        out.append(lead + body + tail)
    return tuple(out)
