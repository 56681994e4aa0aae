"""A Hyperscan database carries the whitespace-run pattern only when one of its anchors has a
whitespace gap (the run decides how far back such an anchor's candidate is confirmed); the
readings' gate has none, and finds every match of its marks with or without long runs."""

from __future__ import annotations

import random

import pytest

from cordon.content import _accel, readings
from cordon.content.scanner import _anchor_index

pytestmark = pytest.mark.skipif(not _accel.available(), reason="no hyperscan wheel")


def _db(anchors: tuple[str, ...]) -> _accel._Db:
    _accel.warm(anchors, wait=True)
    db = _accel._dbs.get(anchors)
    assert db is not None
    return db


def test_only_a_database_with_a_whitespace_gap_checks_for_runs() -> None:
    assert not _db(readings._GATE).run_check
    assert _db(_anchor_index(None).accel_anchors).run_check
    assert _accel._Db((r"a\s+b",)).run_check
    assert not _accel._Db((r"a[ \t]{1,3}b",)).run_check


_PIECES = (
    "i g n o r e",
    "1gn0r3 4ll",
    "vtaber nyy",
    "\n- item\n- item",
    "49 67 6e 6f 72 65 20 61 6c 6c 20 70",
    " " * 17,
    "\n" * 9 + "\t" * 9,
    "plain words here",
)


def test_the_gate_finds_every_mark_next_to_long_runs() -> None:
    rng = random.Random(3)
    for _ in range(200):
        view = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(1, 40))).encode()
        found = _accel.find(readings._GATE, view)
        assert found is not None
        for i, pattern in enumerate(readings._GATE_RE):
            for m in pattern.finditer(view):
                assert any(fi == i and s <= m.start() and m.end() <= e for fi, s, e in found), (
                    i,
                    view,
                )
