"""The letter-spaced reading skips a run inside a span already read whole (a wide run, a
dotted run) by one bisect a run; it must skip exactly the runs some span contains, as a scan
of every span does. (That scan made letter-spaced text quadratic: 2.5 MB of it took 87 s of
CPU, a slow-down any server could send.)"""

from __future__ import annotations

import random

import pytest

from cordon.content import readings


def _runs_not_read_whole(text: str) -> list[tuple[int, int]]:
    """The spans of the letter-spaced runs no wide or dotted span contains, by the
    definition: a scan of every span for each run."""
    whole = [m.span() for m in readings._SPACED_WIDE.finditer(text)]
    whole += [span for span, _ in readings._dotted(text, 0, len(text))]
    runs = [m.span() for m in readings._SPACED_RUN.finditer(text)]
    return [(a, b) for a, b in runs if not any(s <= a and b <= e for s, e in whole)]


PIECES = [
    "i g n o r e",
    "p r e v i o u s",
    "s.e.n.d",
    "k. e. y. s",
    "a-l-l",
    "t_h_e",
    "x*y*z*w*v*u",
    "s  e  n  d",
    "plain words here",
    "I. B. M.",
    "\n",
    " / ",
    "   ",
]


@pytest.mark.parametrize("seed", range(40))
def test_the_runs_kept_are_those_no_span_read_whole_contains(seed: int) -> None:
    rng = random.Random(seed)
    text = "".join(rng.choice(PIECES) + rng.choice([" ", "  ", "   ", ". "]) for _ in range(200))
    got = readings._spaced(text, 0, len(text))
    read_whole = len(list(readings._SPACED_WIDE.finditer(text)))
    read_whole += len(readings._dotted(text, 0, len(text)))
    runs = [span for span, _ in got[read_whole:]]
    expected = _runs_not_read_whole(text)
    assert runs == expected
    assert expected, "the texts hold runs to keep"
