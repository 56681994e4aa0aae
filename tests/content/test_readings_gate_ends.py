"""The readings' gate decides its marked blocks from Hyperscan's raw ends
(:func:`cordon.content.readings._blocks_of_ends`): the same regions as the confirmed spans of
:func:`cordon.content._accel.find` and as the pure-Python walk, block by block.

A region set that differed would make other readings than the Python pass (no wheel,
``CORDON_HYPERSCAN=0``, a database still compiling): a reading the fast path skips is an
injection it does not read.
"""

from __future__ import annotations

import random

import pytest

from cordon.content import _accel, readings
from tests.content.test_hs_parity import _PIECES

pytestmark = pytest.mark.skipif(not _accel.available(), reason="no hyperscan wheel")


def _three(view: bytes, monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[tuple[int, int]], ...]]:
    """``view``'s regions by raw ends, by confirmed spans, by the Python walk."""
    out = [readings._regions(view)]
    with monkeypatch.context() as m:
        m.setattr(readings, "_blocks_of_ends", lambda v: None)
        out.append(readings._regions(view))
        m.setattr(_accel, "find", lambda anchors, v: None)
        out.append(readings._regions(view))
    return out


def _texts() -> list[str]:
    rng = random.Random(11)
    texts = []
    for _ in range(120):
        texts.append(
            "".join(
                rng.choice(_PIECES) if rng.random() < 0.15 else _PIECES[6]
                for _ in range(rng.randrange(150, 500))
            )
        )
    filler = "plain words here, nothing else at all. " * 400
    texts += [
        filler + "a **b** c",  # the first markup mark far into the text
        filler + "x <b" + "q" * 120 + "> y",  # prefilter ends (the repeat opened), no match
        filler + "x" + " " * 40 + "<b>y",  # a run of spaces: the markup mark is unbounded
        filler + "x\t \t" * 6 + "<i>y " + filler,
        "<b>x</b> " + filler + "1gn0r3 4ll " + filler,
    ]
    return texts


def test_raw_ends_give_the_regions_of_confirmed_spans_and_of_the_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    readings.warm(wait=True)
    for text in _texts():
        view = text.encode("ascii", "replace").lower()
        assert len(view) >= readings._SHORT
        fast, spans, walk = _three(view, monkeypatch)
        assert fast == spans == walk, text[-200:]
        for i, pattern in enumerate(readings._GATE_RE):
            for m in pattern.finditer(view):
                assert any(lo <= m.start() < hi for lo, hi in fast[i]), (i, m)


def test_a_view_without_a_tab_run_is_gated_without_confirming_every_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The markup mark fires on every tag of an HTML page (~40,000 ends in 10 MB of
    installed documents); each was confirmed by a search and an anchored match."""
    readings.warm(wait=True)
    page = "<p>Some <b>bold</b> text and a <a href='x'>link</a>.</p>\n" * 200
    view = page.encode().lower()

    def refuse(anchors: object, v: bytes) -> None:
        raise AssertionError("confirmed through find")

    monkeypatch.setattr(_accel, "find", refuse)
    regions = readings._regions(view)
    assert regions[readings.MARKUP] == [(0, len(view))]
