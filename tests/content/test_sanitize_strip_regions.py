"""Warn mode's strip of a string with hits: the invisible runs are looked for only in the
pieces of the string that are not ASCII, with the same outcome as a search of the whole
string (every run the normaliser reads as obfuscation removed, every other run kept).

Timing compares two passes over the same text in one process (a ratio), never an absolute
duration.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from cordon.content import _strip as sanitize
from cordon.content._ansi import _START, TERMINAL_RE, has_terminal_control
from cordon.content._strip import _INVISIBLE_RUN_RE, _obfuscating, _strip


def _whole(text: str) -> str:
    """The strip as one pass over the whole string: the reference."""
    if has_terminal_control(text):
        text = TERMINAL_RE.sub("", text)
    return _INVISIBLE_RUN_RE.sub(lambda m: _obfuscating(m.string, m.start(), m.end()), text)


_ALPHABET = [
    *"ab \n.",
    "\x1b[31m",
    "\r",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u202e",
    "\u2066",
    "\ufe0f",
    "\U000e0041",
    "\U000e007f",
    "\U0001f469",
    "\u0627",
    "\u0928",
    "é",
    "’",
]


def _texts(seed: int, n: int) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(n):
        yield "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 40)))


@pytest.mark.parametrize("piece", [1, 3, 4, 7, 1 << 16])
def test_the_same_text_as_a_pass_over_the_whole_string(
    piece: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = sanitize._non_ascii_regions
    monkeypatch.setattr(sanitize, "_non_ascii_regions", lambda t: real(t, piece))
    for text in _texts(piece, 3_000):
        assert _strip(text) == _whole(text), repr(text)


def test_regions_hold_every_character_outside_ascii() -> None:
    for text in _texts(5, 3_000):
        regions = sanitize._non_ascii_regions(text, 4)
        inside = {i for lo, hi in regions for i in range(lo, hi)}
        assert all(i in inside for i, c in enumerate(text) if not c.isascii())
        assert all(a < b for a, b in regions)


def test_a_large_ascii_text_with_one_hidden_run_costs_about_one_class_pass() -> None:
    prose = "the quarterly report shows revenue growth in all regions.\n" * 20_000
    text = prose + "te\u200b\u200c\u200bxt\n" + prose
    t0 = time.thread_time()
    _START.search(text)
    one_pass = time.thread_time() - t0
    t0 = time.thread_time()
    out = _strip(text)
    strip = time.thread_time() - t0
    assert "\ntext\n" in out and out.isascii()
    # the run pattern over the whole string cost ~8 such passes
    assert strip < 5 * max(one_pass, 1e-3), (strip, one_pass)
