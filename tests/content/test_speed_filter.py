"""A rule's Hyperscan filter never rules out a window its pattern matches in.

The scanner runs a rule's own pattern (Python ``re``) only in windows that the rule's filter,
its pattern compiled for Hyperscan in prefilter mode, allows
(:func:`cordon.content._accel.rule_filter`). The findings must be those of ``re`` alone:

* every match of every rule's pattern, in every corpus text, is allowed by the filter when
  the filter sees only the match and the bytes either side of it (a window's search starts
  one byte early for ``\\b`` and ``^`` at its start, and ends where the window does);
* scans with the filters on and off give the same hits, on every corpus text and on large
  texts where the filters are used.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cordon.content import _accel, scanner, warm
from cordon.content.normalize import normalize
from cordon.content.rules import RULES

from .fixtures import HITS, NEAR_MISSES
from .test_evasions import EVASIONS

pytestmark = pytest.mark.skipif(not _accel.available(), reason="hyperscan wheel not installed")

CORPUS = Path(__file__).parents[2] / "bench" / "content" / "corpus"
PATTERN_RULES = [r for r in RULES if r.pattern is not None]


@pytest.fixture(scope="module", autouse=True)
def _ready() -> None:
    warm(wait=True)
    _accel.want_filters([r.pattern for r in PATTERN_RULES if r.pattern], wait=True)


def _texts() -> Iterator[str]:
    for text, _ in HITS.values():
        yield text
    yield from NEAR_MISSES.values()
    yield from EVASIONS.values()
    for sub in ("benign", "benign_real"):
        for p in sorted((CORPUS / sub).iterdir()):
            yield p.read_text(encoding="utf-8", errors="replace")


def test_every_rule_has_a_filter() -> None:
    missing = [r.id for r in PATTERN_RULES if _accel.rule_filter(r.pattern or "") is None]
    assert not missing, f"no Hyperscan filter (the rule's windows all run re): {missing}"


def test_the_filter_allows_every_match() -> None:
    checked = 0
    for text in _texts():
        nz = normalize(text)
        raw = nz.text.encode("utf-8", "surrogatepass")
        for rule in PATTERN_RULES:
            assert rule.compiled is not None and rule.pattern is not None
            flt = _accel.rule_filter(rule.pattern)
            if flt is None:
                continue
            buf = raw if rule.case_sensitive else raw.lower()
            for m in rule.compiled.finditer(buf):
                tight = buf[max(0, m.start() - 1) : m.end() + 1]
                assert _accel.may_match(flt, tight), (rule.id, m.group()[:80])
                checked += 1
    assert checked > 200


def _hits(text: str, filters: bool) -> list[tuple[str, str, tuple[int, int], str]]:
    saved = scanner.FILTERS
    scanner.FILTERS = filters
    scanner._SHORT.clear()  # short strings' scans are memoised by value
    try:
        return [(h.rule.id, h.severity, h.span, h.value) for h in scanner.scan_hits(text)]
    finally:
        scanner.FILTERS = saved
        scanner._SHORT.clear()


def test_same_hits_with_and_without_filters() -> None:
    n = 0
    for text in _texts():
        assert _hits(text, True) == _hits(text, False), text[:200]
        n += 1
    assert n > 300


def test_same_hits_in_large_texts() -> None:
    """Rule hits spliced into 200 KB of prose, code and JSON, where every rule's filter is
    used and most windows are ruled out."""
    rng = random.Random(22)
    filler = [
        "The build step writes its output under dist/ and the test step reads it back.\n",
        "Do not run this as root; the user must log in first and provide the token.\n",
        '  "instructions": "see the README", "tool": "search", "send": false,\n',
        "Система работает нормально, пользователь вошёл в систему.\n",
        "    if previous is None:\n        return the_system_prompt(user)\n",
    ]
    hits = [t for t, _ in HITS.values()]
    for _ in range(3):
        parts: list[str] = []
        size = 0
        while size < 200_000:
            piece = rng.choice(hits) + "\n" if rng.random() < 0.05 else rng.choice(filler)
            parts.append(piece)
            size += len(piece)
        text = "".join(parts)
        with_filters = _hits(text, True)
        assert with_filters == _hits(text, False)
        assert len(with_filters) > 20


def test_python_only_syntax_gets_no_filter() -> None:
    """``x{,3}`` is ``x{0,3}`` to ``re`` and literal text to Hyperscan: such a pattern's
    windows are all searched by ``re``."""
    for pattern in (r"ab{,3}c", r"[[:alpha:]]+x"):
        _accel.want_filters([pattern], wait=True)
        assert _accel.rule_filter(pattern) is None
