"""Anchors of one fixed width are compiled for Hyperscan with their repeats exact: a text of
repeated credential prefixes costs about one Hyperscan candidate (one Python callback) a
match, not one a byte.

With every counted repeat opened (``sk-[a-z0-9_-]{16}`` as ``{16,}``), each byte of a run of
the repeat's class was a candidate end: ``sk-sk-...`` three a match, ``eyJ`` then base64
letters one a byte where there is one match. Work is asserted as counts, never as time.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cordon.content import _accel, _hscache, scanner, warm
from cordon.content._fixed import fixed_width

pytestmark = pytest.mark.skipif(not _accel.available(), reason="hyperscan wheel not installed")

SIZE = 30_000
SHAPES = {
    "sk_prefix": "sk-" * (SIZE // 3),
    "jwt_prefix": "eyJ" * (SIZE // 3),
    "akia_prefix": "AKIA" * (SIZE // 4),
    "jwt_then_base64": "eyJ" + "aGVsbG8gd29ybGQ" * (SIZE // 15),
    "sk_then_run": "sk-" + "a" * SIZE,
}


@pytest.fixture(scope="module", autouse=True)
def _ready() -> None:
    warm(wait=True)


def _real_ends(anchors: tuple[str, ...], view: bytes) -> int:
    """The distinct end offsets of every match (overlapping ones too) of the fixed-width
    anchors in ``view``: the fewest candidates a superset of the real ends can have."""
    total = 0
    for a in anchors:
        if fixed_width(a.encode("utf-8"), 4096):
            look = re.compile(b"(?=(" + a.encode("utf-8") + b"))")
            total += sum(1 for _ in look.finditer(view))
    return total


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_repeated_prefixes_cost_about_one_candidate_a_match(shape: str) -> None:
    anchors = scanner._anchor_index(None).accel_anchors
    view = SHAPES[shape].lower().encode("ascii")
    assert _accel.find(anchors, b"warm") is not None
    with _accel.counting() as seen:
        found = _accel.find(anchors, view)
    assert found is not None
    real = _real_ends(anchors, view)
    # every byte was a candidate with the repeats opened (SIZE of them); now the real ends
    # and a few more (the prefilter may widen a repeat of its own)
    assert seen[0] <= real + 16, (seen[0], real)
    assert seen[0] < len(view) // 2


def test_fixed_width_anchors_compile_exact_and_the_cache_key_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CORDON_HS_CACHE", "1")
    anchors = ("sk-[a-z0-9_-]{16}", r"post[^\n]{0,200}z", r"\bsk-[a-z]{16}")
    db = _accel._Db(anchors)
    exprs = [db._hs_expr(i) for i in range(len(anchors))]
    # one fixed width, no assertion: exact; two widths, or an assertion: opened
    assert exprs == ["sk-[a-z0-9_-]{16}", r"post[^\n]{0,}z", r"\bsk-[a-z]{16,}"]
    # the cached database is named by the expressions compiled, so a cache written with
    # the repeats opened is never loaded for the exact ones
    hs = _accel._hs
    assert hs is not None
    raw = [e.encode("utf-8") for e in exprs]
    ids, flags = [0, 1, 2], [hs.HS_FLAG_PREFILTER] * 3
    key = _hscache._key(hs, raw, ids, flags, hs.HS_MODE_BLOCK)
    wide = [_accel._widen(a).encode("utf-8") for a in anchors]
    assert key != _hscache._key(hs, wide, ids, flags, hs.HS_MODE_BLOCK)
    cache = _hscache.cache_dir()
    assert cache is not None
    assert (cache / f"{key}.hsdb").is_file()
    view = b"sk-" * 1000
    found: list[int] = []
    db.db.scan(view, match_event_handler=lambda i, *_: found.append(i), scratch=db.scratch())
    assert found.count(0) == 1000 - 6  # one candidate a match of the exact anchor
