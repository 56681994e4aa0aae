"""Every rule: a hit with its exact span, a near-miss, and catalogue invariants."""

from __future__ import annotations

import pytest

from cordon.content import CATEGORIES, RULES, rule_by_id, scan_result, scan_text
from tests.content.fixtures import HITS, NEAR_MISSES, RESULT_ONLY

RULE_IDS = [r.id for r in RULES]


def test_rule_ids_unique_and_prefixed() -> None:
    assert len(RULE_IDS) == len(set(RULE_IDS))
    for r in RULES:
        assert r.id.startswith(CATEGORIES[r.category]) or r.id.startswith("content.")
        assert r.summary and r.why and r.fix and r.source
        assert rule_by_id(r.id) is r


def test_every_rule_has_a_hit_and_a_near_miss() -> None:
    for rid in RULE_IDS:
        if rid in RESULT_ONLY:
            continue
        assert rid in HITS, f"{rid} has no hit fixture"
        assert rid in NEAR_MISSES, f"{rid} has no near-miss fixture"
    assert set(HITS) <= set(RULE_IDS) and set(NEAR_MISSES) <= set(RULE_IDS)


@pytest.mark.parametrize("rid", sorted(HITS))
def test_hit(rid: str) -> None:
    text, expected = HITS[rid]
    start = text.index(expected)
    spans = [f.span for f in scan_text(text) if f.rule == rid]
    assert (start, start + len(expected)) in spans, (rid, spans)


@pytest.mark.parametrize("rid", sorted(NEAR_MISSES))
def test_near_miss(rid: str) -> None:
    found = [f for f in scan_text(NEAR_MISSES[rid]) if f.rule == rid]
    assert not found, found


def test_unknown_rule_raises() -> None:
    with pytest.raises(KeyError):
        rule_by_id("inj.nope")


def test_cap_exceeded_depth_and_size() -> None:
    deep: dict = {"v": "x"}
    for _ in range(70):
        deep = {"a": deep}
    f = scan_result({"structuredContent": deep}, max_depth=64)
    assert [x.rule for x in f if x.severity == "critical"] == ["content.cap_exceeded"]
    big = {"content": [{"type": "text", "text": "a" * 2000}]}
    assert any(x.rule == "content.cap_exceeded" for x in scan_result(big, max_bytes=1000))
    assert not scan_result(big, max_bytes=10_000)
