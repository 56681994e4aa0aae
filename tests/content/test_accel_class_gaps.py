"""An anchor whose gap is a run of spaces and tabs (``[ \\t]*``, ``[ \\t]+``) is confirmed
within its tight width, as one with a ``\\s+`` gap is: where no whitespace run of
``_WS_RUN_LEN`` lies in reach, such a gap is shorter than the run. With the 4 KiB width of an
unbounded anchor instead, each of the readings' inline-markup candidates (``word <b>``, ~44,000
on 10 MB of installed documents) was confirmed by a search over 4 KiB. Next to a longer run the
full width still applies, in a database with the run check or without it."""

from __future__ import annotations

import random

import pytest

from cordon.content import _accel, readings

pytestmark = pytest.mark.skipif(not _accel.available(), reason="no hyperscan wheel")


def _db(anchors: tuple[str, ...]) -> _accel._Db:
    _accel.warm(anchors, wait=True)
    db = _accel._dbs.get(anchors)
    assert db is not None
    return db


@pytest.mark.parametrize(
    "anchor",
    [r"[a-z0-9][ \t]*<[!/a-z][^>\n]{0,80}>", r"bearer[ \t]+[a-z0-9._~+/-]{16}", r"a[ \t]*=[ \t]*b"],
)
def test_a_spaces_and_tabs_gap_is_bounded_by_the_fold(anchor: str) -> None:
    width, tight, folded = _accel._Db((anchor,)).measure(0)
    assert width == _accel._MAX_CONFIRM  # unbounded as written
    assert tight < 200 and folded == tight  # bounded where no run of _WS_RUN_LEN lies


_PIECES = (
    "bold **words** and *more*",
    "a <b>tag</b> between",
    "x<br>y",
    "word [link](http://x.y/z) word",
    "<!-- c -->next",
    "plain words here",
    "\n",
)


@pytest.mark.parametrize("anchors", [readings._GATE, (r"x[ \t]*<b>",), (r"x[ \t]*<b>", r"q\s+z")])
def test_every_match_is_covered_next_to_runs_of_spaces_and_tabs(
    anchors: tuple[str, ...],
) -> None:
    db = _db(anchors)
    rng = random.Random(11)
    compiled = [_accel.re.compile(a.encode()) for a in anchors]
    for _ in range(300):
        parts = []
        for _ in range(rng.randrange(1, 30)):
            gap = "".join(
                rng.choice(" \t") for _ in range(rng.choice((0, 1, 3, 15, 16, 17, 40, 150, 300)))
            )
            parts.append(rng.choice(_PIECES + ("x", "q")) + gap + rng.choice(("<b>", "z", "")))
        view = "".join(parts).encode()
        found = _accel.find(anchors, view)
        assert found is not None
        for i, pattern in enumerate(compiled):
            for m in pattern.finditer(view):
                assert any(fi == i and s <= m.start() and m.end() <= e for fi, s, e in found), (
                    i,
                    view,
                )
    assert db.run_check == any("\\s" in a for a in anchors)
