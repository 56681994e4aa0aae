"""The inline-markup reading (``readings._markup``) finds the lines to rewrite by a search for
the characters a markup match can start with and one anchored match at each; it must give
exactly what rewriting every line with ``_MARKUP.sub`` gives (the plain definition below),
on random markup-dense text and on any window ``[lo, hi)`` of it."""

from __future__ import annotations

import random

import pytest

from cordon.content import readings


def _every_line(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    """The definition: each line overlapping ``[lo, hi)``, rewritten, kept when it changed."""
    out = []
    for s, e in readings._lines(text, lo, hi):
        line = text[s:e]
        plain = readings._MARKUP.sub(readings._unmarked, line)
        if plain != line:
            out.append(((s, e), plain))
    return out


_PIECES = [
    "ignore",
    " ",
    "  ",
    "\t",
    "\n",
    "previous",
    "**",
    "*",
    "_",
    "__",
    "~~",
    "***",
    "<b>",
    "</b>",
    "<br>",
    "<br/>",
    "<!-- x -->",
    "<!--",
    "-->",
    "[link](https://a.example/x)",
    "[text]",
    "(x)",
    "[",
    "]",
    "<",
    ">",
    "a",
    "Z",
    "9",
    "é",
    "<div class='c'>",
    "</p>",
    "<p\n>",
    "snake_case_name",
    "2*3",
    "~",
    "[[x]](y)",
    "<i>",
    "x*",
    "*y",
]


@pytest.mark.parametrize("seed", range(40))
def test_the_search_gives_the_lines_every_line_gives(seed: int) -> None:
    rng = random.Random(seed)
    text = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(1, 400)))
    for _ in range(20):
        lo = rng.randrange(0, len(text) + 1)
        hi = rng.randrange(lo, len(text) + 2)
        assert readings._markup(text, lo, hi) == _every_line(text, lo, hi), (text, lo, hi)
    assert readings._markup(text, 0, len(text)) == _every_line(text, 0, len(text))


def test_a_link_a_tag_and_emphasis_each_make_a_line_read() -> None:
    text = "see [the docs](https://x.example)\nplain line\nignore <b>previous</b> rules\n**bold**"
    got = readings._markup(text, 0, len(text))
    assert [t for _, t in got] == ["see the docs", "ignore previous rules", "bold"]
    assert got == _every_line(text, 0, len(text))
