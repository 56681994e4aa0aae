"""Text made of repeated credential prefixes: the anchor pass's work is a search a match,
not a search a byte, the windows are those of the per-candidate confirm, and a compressed
stream of it fails closed within a bounded count of work.

``sk-sk-sk-...``, ``eyJeyJ...``, ``AKIAAKIA...`` put a Hyperscan candidate on every byte (the
anchors' repeats are opened for Hyperscan); each was confirmed with its own ``re`` search and
reported as its own span (about 0.4 MB/s). :mod:`cordon.content._fixed` finds the matches of
such fixed-width anchors by sweeping their regions, runs as one span. Work is asserted as
counts (searches, spans, candidates), never as time.
"""

from __future__ import annotations

import base64
import gzip
import random
import re
from typing import Any

import pytest

from cordon.content import _accel, _inflate, scanner, warm
from cordon.content._fixed import fixed_width
from cordon.content._lead import windows
from cordon.content.scanner import scan_hits

pytestmark = pytest.mark.skipif(not _accel.available(), reason="hyperscan wheel not installed")

SIZE = 30_000
SHAPES = {
    "sk_prefix": "sk-" * (SIZE // 3),
    "jwt_prefix": "eyJ" * (SIZE // 3),
    "akia_prefix": "AKIA" * (SIZE // 4),
    "sk_then_run": "sk-" + "a" * SIZE,
}


@pytest.fixture(scope="module", autouse=True)
def _ready() -> None:
    warm(wait=True)


def _db() -> tuple[tuple[str, ...], Any]:
    anchors = scanner._anchor_index(None).accel_anchors
    assert _accel.find(anchors, b"warm") is not None
    return anchors, _accel._dbs[anchors]


class _Counting:
    """A compiled anchor whose searches are counted."""

    def __init__(self, compiled: re.Pattern[bytes], calls: list[int]) -> None:
        self.compiled, self.calls = compiled, calls

    def search(self, *args: Any) -> re.Match[bytes] | None:
        self.calls[0] += 1
        return self.compiled.search(*args)

    def finditer(self, *args: Any) -> Any:
        self.calls[0] += 1
        return self.compiled.finditer(*args)


def _reference(db: Any, view: bytes) -> list[tuple[int, int, int]]:
    """The per-candidate confirm as it was, for the anchors of a fixed width: one search in
    ``[to - w, to + 64)`` a candidate, its match widened to ``to``."""
    cands: list[tuple[int, int]] = []
    n = len(db.anchors)

    def on_match(i: int, _f: int, to: int, _fl: int, _c: Any) -> None:
        if i < n:
            cands.append((i, to))

    db.db.scan(view, match_event_handler=on_match, scratch=db.scratch())
    out = []
    for i, to in cands:
        w = db.fixed_width(i)
        if not w:
            continue
        m = db.compile_anchor(i).search(view, max(0, to - w), min(len(view), to + 64))
        if m is not None:
            out.append((i, m.start(), max(m.end(), to)))
    return out


def _windows_by_anchor(spans: list[tuple[int, int, int]], size: int) -> dict[Any, Any]:
    by: dict[int, list[tuple[int, int]]] = {}
    for i, s, e in spans:
        by.setdefault(i, []).append((s, e))
    return {(i, w): windows(sorted(sp), w, size) for i, sp in by.items() for w in (0, 1, 37, 320)}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_run_of_credential_prefixes_is_one_span_and_few_searches(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    anchors, db = _db()
    view = SHAPES[name].lower().encode()
    calls = [0]
    counted: list[Any] = []
    for i, c in enumerate(db.compiled):
        if c is None and any(p in anchors[i] for p in ("sk-", "eyj", "kia")):
            c = db.compile_anchor(i)
        counted.append(c if c is None else _Counting(c, calls))
    monkeypatch.setattr(db, "compiled", counted)
    found = _accel.find(anchors, view)
    assert found is not None
    # one span a run (it was one a candidate: a byte); a search a match at most (a byte)
    assert len(found) <= 2, len(found)
    matches = len(re.findall(rb"(?=sk-|eyj|akia)", view))
    assert calls[0] <= matches + 2, (calls[0], matches)


def _texts() -> list[str]:
    rng = random.Random(7)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
    out = [s[:4000] for s in SHAPES.values()]
    for _ in range(40):
        parts = []
        for _ in range(rng.randint(1, 60)):
            parts.append(rng.choice(["sk-", "eyJ", "AKIA", "ASIA", "-us1", "npm_", " ", "."]))
            parts.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))))
        out.append("".join(parts))
    return out


def test_the_windows_are_those_of_the_per_candidate_confirm() -> None:
    anchors, db = _db()
    for text in _texts():
        view = text.lower().encode()
        found = _accel.find(anchors, view)
        assert found is not None
        fixed = [(i, s, e) for i, s, e in found if db.fixed_width(i)]
        assert _windows_by_anchor(fixed, len(view)) == _windows_by_anchor(
            _reference(db, view), len(view)
        ), text[:120]


@pytest.mark.parametrize("text", [s[:6000] for s in SHAPES.values()] + _texts()[4:14])
def test_the_python_pass_finds_the_same(text: str) -> None:
    saved = scanner.ACCEL
    try:
        scanner.ACCEL = False
        slow = [(h.rule.id, h.span, h.value) for h in scan_hits(text)]
        scanner.ACCEL = True
        scanner._SHORT.clear()
        fast = [(h.rule.id, h.span, h.value) for h in scan_hits(text)]
    finally:
        scanner.ACCEL = saved
    assert slow == fast


def test_fixed_width_is_only_for_anchors_with_no_assertion() -> None:
    assert fixed_width(rb"sk-[a-z0-9_-]{16}", 4096) == 19
    assert fixed_width(rb"a(?:kia|sia)[a-z2-7]{16}", 4096) == 20
    assert fixed_width(rb"\bsk-[a-z]{16}", 4096) == 0  # reads the byte before
    assert fixed_width(rb"sk-(?=x)", 4096) == 0
    assert fixed_width(rb"sk-[a-z]{1,16}", 4096) == 0  # two widths
    assert fixed_width(rb"x$", 4096) == 0


def test_a_stream_of_credential_prefixes_fails_closed_within_a_count_of_work() -> None:
    """8 MiB of ``sk-`` gzipped (a few KiB sent) was inflated and scanned whole, about 2.7 s
    a MiB: its scan's candidates are charged to the inflate budget, which it now passes."""
    raw = b"sk-" * ((8 << 20) // 3)
    text = "log: " + base64.b64encode(gzip.compress(raw, 9)).decode() + " end"
    with _accel.counting() as seen:
        rules = {h.rule.id for h in scan_hits(text)}
    assert "content.cap_exceeded" in rules
    # the budget (1 MiB + 1024 a character sent) in candidates, and the pieces in flight
    budget = (1 << 20) + 1024 * len(text)
    assert seen[0] <= budget // _inflate.CANDIDATE_COST + 3 * (2 << 20), seen[0]


def test_streams_after_the_budget_is_spent_are_not_inflated() -> None:
    """Each stream used to inflate (and have scanned) its first MiB before the budget was
    checked: ten streams of a MiB of ``sk-`` each cost ten MiB of candidates."""
    one = base64.b64encode(gzip.compress(b"sk-" * ((1 << 20) // 3), 9)).decode()
    text = "\n".join(f"part {j}: {one} end" for j in range(10))
    with _accel.counting() as seen:
        rules = {h.rule.id for h in scan_hits(text)}
    assert "content.cap_exceeded" in rules
    # the budget (1 MiB + 1024 a character: ~15 MiB) is spent by the first scan of two
    # streams (~17 a byte); the stream inflated meanwhile is read, no other
    assert seen[0] <= 4 * (1 << 20), seen[0]
