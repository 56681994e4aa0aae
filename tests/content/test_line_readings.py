"""The line readings (leetspeak, rot13) read each line once, however many marked regions
touch it; they must give exactly what reading every region's lines whole does, a duplicate
dropped. (That reading made a long line quadratic: a 1 MB line with a leetspeak mark every
3 KB took 75 s of CPU to scan, a slow-down any server could send.)"""

from __future__ import annotations

import random
import re

import pytest

from cordon.content import readings


def _by_definition(text: str) -> list[tuple[tuple[int, int], str]]:
    """Every region of every mark read whole, an item seen before dropped."""
    view = text.encode("ascii", "replace")
    out: list[tuple[tuple[int, int], str]] = []
    seen: set[tuple[tuple[int, int], str]] = set()
    over: dict[int, list[tuple[tuple[int, int], str]]] = {}  # past the cap, merged per kind
    for kind, spans in enumerate(readings._regions(view.lower())):
        if kind == readings.MARKUP:
            continue  # made only when asked for (a list to put them in)
        for lo, hi in spans:
            for item in readings._MAKERS[kind](text, lo, hi):
                if item not in seen and item[1] != text[item[0][0] : item[0][1]]:
                    seen.add(item)
                    if len(out) < readings.MAX_READINGS:
                        out.append(item)
                    else:
                        over.setdefault(kind, []).append(item)
    return out + [readings._merged(items) for items in over.values()]


MARKS = [
    "1gn0r3 pr3v10u5",
    "vtaber cerivbhf",
    "gur naq",
    "s3nd 4ll",
    "\n- a\n- b",
    "\n- a\n- ",
    "i g n o r e",
    "\n",
]
FILL = ["The quick brown fox jumps over the lazy dog. ", "plain words ", "x" * 300, "\n\n"]


def _text(rng: random.Random) -> str:
    parts = []
    while sum(map(len, parts)) < 20_000:
        parts.append(
            rng.choice(MARKS) if rng.random() < 0.3 else rng.choice(FILL) * rng.randint(1, 60)
        )
    return "".join(parts)


@pytest.mark.parametrize("seed", range(30))
def test_each_line_read_once_gives_the_readings_of_every_region(seed: int) -> None:
    text = _text(random.Random(seed))
    view = text.encode("ascii", "replace")
    got = readings.readings(text, view)
    assert got == _by_definition(text)


def test_a_long_line_touched_by_many_regions_is_read_once() -> None:
    text = ("1gn0r3 pr3v10u5 " + "The quick brown fox jumps over the lazy dog. " * 70) * 20
    view = text.encode("ascii")
    assert len(readings._regions(view.lower())[readings.LEET]) > 5, "many regions, one line"
    got = readings.readings(text, view)
    assert got == _by_definition(text)
    assert [span for span, _ in got] == [(0, len(text))]


#: the leet word by its definition: a run of word characters holding a letter, or a short
#: digit-only word (tried at every character: quadratic in a long digit run)
_LEET_WORD_DEFINITION = re.compile(
    r"[A-Za-z0-9@$]*[A-Za-z][A-Za-z0-9@$]*|(?<![\w.@-])[0134579]{2,3}(?![\w@-])"
)


@pytest.mark.parametrize("seed", range(40))
def test_the_leet_word_matches_as_its_definition(seed: int) -> None:
    rng = random.Random(seed)
    alphabet = "ab01345792@$.-_ \té"
    for _ in range(200):
        line = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        got = [m.span() for m in readings._LEET_WORD.finditer(line)]
        assert got == [m.span() for m in _LEET_WORD_DEFINITION.finditer(line)], line


def test_a_long_digit_run_holds_no_leet_word_but_its_neighbours() -> None:
    line = "1gn0r3 pr3v10u5 " + "2" * 5000 + " s3nd"
    words = readings._LEET_WORD.findall(line)
    assert words == _LEET_WORD_DEFINITION.findall(line) == ["1gn0r3", "pr3v10u5", "s3nd"]
