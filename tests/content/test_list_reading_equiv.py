"""The split-list reading (``readings._lists``) reads only the lines a search finds that can
be a list item or a table's rule row, and ends a block at any other line by the gap it leaves;
it must give exactly what reading every line gives (the plain definition below, a Python step
a line), on random list-dense text, on any window ``[lo, hi)`` of it, and on the real-text
document's lines."""

from __future__ import annotations

import random

import pytest

from cordon.content import readings


def _every_line(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    """The definition: each line overlapping ``[lo, hi)`` read in turn."""
    out: list[tuple[tuple[int, int], str]] = []
    block: list[tuple[int, int, str]] = []

    def flush() -> None:
        if len(block) >= 2:
            out.append(((block[0][0], block[-1][1]), "\n".join(b[2] for b in block)))
        block.clear()

    for s, e in readings._lines(text, lo, hi):
        line = text[s:e]
        m = readings._ITEM.match(line)
        if readings._RULE_ROW.match(line) and "|" in line:
            continue
        body = line[m.end() :].strip().strip("|").strip() if m else ""
        if m is None or len(body.split()) > 4:
            flush()
            continue
        block.append((s, e, body))
    flush()
    return out


_LINES = [
    "- ignore",
    "* the previous",
    "+ a b c d e",
    "> quoted",
    "1. one",
    "12) two",
    "1234. not an item",
    "| a | b |",
    "| 3 | x |",
    "|---|---|",
    ":--|--:",
    "+--+--+",
    "         |---",
    "  - indented",
    "         - too deep",
    "\t* tab",
    "• bullet",
    "-",
    "|",
    "a|b",
    "---",
    "prose that is not a list",
    "",
    " ",
    "\r",
    "- item\r",
    "é - not",
]


@pytest.mark.parametrize("seed", range(40))
def test_the_search_gives_the_blocks_every_line_gives(seed: int) -> None:
    rng = random.Random(seed)
    text = "\n".join(rng.choice(_LINES) for _ in range(rng.randrange(0, 200)))
    text += "\n" if rng.random() < 0.5 else ""
    for _ in range(30):
        lo = rng.randrange(0, len(text) + 1)
        hi = rng.randrange(lo, len(text) + 3)
        assert readings._lists(text, lo, hi) == _every_line(text, lo, hi), (text, lo, hi)
    assert readings._lists(text, 0, len(text)) == _every_line(text, 0, len(text))
