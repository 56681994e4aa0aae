"""The Hyperscan expression of an anchor with a ranged counted repeat is worked out without
parsing the anchor (:meth:`cordon.content._accel._Db._hs_expr`): the same expression as the
full parse gives, for every anchor the rules hold, so a database loaded from the disk cache
(keyed by the expressions) is the one compiled before the shortcut."""

from __future__ import annotations

import pytest

from cordon.content import _accel, _hsexpr, readings
from cordon.content._fixed import fixed_width
from cordon.content.scanner import _OTHER_IDS, _anchor_index

pytestmark = pytest.mark.skipif(not _accel.available(), reason="hyperscan not installed")


def _full(anchor: str) -> str:
    """The expression as worked out before the shortcut: every changed anchor parsed."""
    wide = _accel._widen(anchor)
    fixed = fixed_width(anchor.encode("utf-8"), _accel._MAX_CONFIRM)
    return _hsexpr.utf8_bounds_dropped(anchor if wide != anchor and fixed else wide)


def _anchor_sets() -> list[tuple[str, ...]]:
    from cordon.content import _SECRET_IDS

    sets: list[tuple[str, ...]] = [tuple(readings._GATE)]
    for only in (None, _SECRET_IDS, _OTHER_IDS or None):
        idx = _anchor_index(only)
        sets += [tuple(idx.accel_anchors), tuple(idx.utf8_anchors)]
    return sets


class _Bare(_accel._Db):
    """A database object that compiles nothing (only its expressions are wanted)."""

    def _compile(self) -> None:
        return None


def test_every_anchor_gets_the_expression_the_full_parse_gives() -> None:
    checked = ranged = 0
    for anchors in _anchor_sets():
        db = _Bare(anchors)
        for i, a in enumerate(anchors):
            assert db._hs_expr(i) == _full(a), a
            checked += 1
            ranged += _accel._ranged(a)
    # the shortcut is taken for hundreds of anchors (else this test proves nothing)
    assert checked > 1000 and ranged > 100


@pytest.mark.parametrize(
    ("anchor", "expected"),
    [
        (r"sk-[a-z0-9_-]{16}", r"sk-[a-z0-9_-]{16}"),  # one width: kept exact, parsed
        (r"sk-[a-z0-9_-]{16,40}", r"sk-[a-z0-9_-]{16,}"),  # two widths: opened, not parsed
        (r"sk-[a-z0-9_-]{16,16}", r"sk-[a-z0-9_-]{16,16}"),  # equal bounds: one width
        (r"\bsk-[a-z]{16}", r"\bsk-[a-z]{16,}"),  # an assertion: no fixed width, opened
        (r"ab{2,3}c{0,9}", r"ab{2,3}c{0,}"),  # small repeats stay as they are
    ],
)
def test_expressions(anchor: str, expected: str) -> None:
    db = _Bare((anchor,))
    assert db._hs_expr(0) == expected == _full(anchor)


def test_ranged_reads_only_counted_repeats_that_differ() -> None:
    assert _accel._ranged(r"x{0,200}")
    assert _accel._ranged(r"x{016,16}") is False
    assert not _accel._ranged(r"x{16}") and not _accel._ranged(r"x\{0,200}")
    assert not _accel._ranged(r"x{5,}")
