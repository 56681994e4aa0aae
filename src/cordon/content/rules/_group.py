"""Anchor building shared by the rule modules."""

from __future__ import annotations

from cordon.content._rule import anchor_head


def grouped(heads: tuple[str, ...] | list[str], tail: str) -> tuple[str, ...]:
    """Anchors ``head + tail`` with the heads that share a first character folded into one
    alternation (``s(?:ende|chicke)`` + tail): one anchor per first character instead of one per
    head, so a long ``tail`` (a bounded gap to a destination or a path) is compiled once per
    letter rather than once per word."""
    by_first: dict[str, list[str]] = {}
    for h in heads:
        split = anchor_head(h)
        if split is None:
            raise ValueError(f"anchor head {h!r} must start with a literal character")
        first, rest = split
        lit = h[: len(h) - len(rest)]  # the first character as written ("\\?" stays escaped)
        by_first.setdefault(lit, []).append(rest)
    out = []
    for lit, rests in by_first.items():
        alts = sorted(set(rests), key=lambda r: (-len(r), r))
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        out.append(lit + body + tail)
    return tuple(out)
