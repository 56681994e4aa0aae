"""The merged Hyperscan anchors (:func:`cordon.content._accel.merge_anchors`) lose no match.

Every rule anchor is checked on its own against its merged anchor: wherever the anchor
matches in a corpus text (every fixture, near miss, evasion and benign file), the Hyperscan
pass reports a span of the merged anchor, for the same rules, that covers that match (the
windows the rules' patterns run in are built from those spans). The same holds on raw views
with whitespace runs longer than the normaliser leaves, where the confirming search must
use an anchor's full width. ``test_accel.py`` compares the findings of both passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cordon.content import RULES, _accel, warm
from cordon.content.normalize import normalize
from cordon.content.scanner import _anchor_index

from .fixtures import HITS, NEAR_MISSES
from .test_evasions import EVASIONS

pytestmark = pytest.mark.skipif(not _accel.available(), reason="hyperscan wheel not installed")

CORPUS = Path(__file__).parents[2] / "bench" / "content" / "corpus"
SECRET_IDS = frozenset(r.id for r in RULES if r.category == "secrets")


@pytest.fixture(scope="module", autouse=True)
def _ready() -> None:
    warm(wait=True)


def _texts() -> Iterator[str]:
    for text, _ in HITS.values():
        yield text
    yield from NEAR_MISSES.values()
    yield from EVASIONS.values()
    for p in sorted((CORPUS / "benign").iterdir()):
        yield p.read_text(encoding="utf-8", errors="replace")


def _members(only: frozenset[str] | None) -> dict[str, tuple[int, tuple[int, ...]]]:
    """Each rule anchor of the index -> (its merged anchor's index, its rules)."""
    idx = _anchor_index(only)
    plain: dict[str, set[int]] = {}
    for i, r in enumerate(idx.rules):
        for a in r.anchors:
            plain.setdefault(a, set()).add(i)
    merged = _accel.merge_anchors({a: tuple(sorted(rs)) for a, rs in plain.items()})
    assert sorted(merged) == sorted(idx.accel_anchors)
    out: dict[str, tuple[int, tuple[int, ...]]] = {}
    for mi, m in enumerate(idx.accel_anchors):
        for a in merged[m]:
            assert a not in out
            out[a] = (mi, tuple(sorted(plain[a])))
            # the merged anchor stands for the rules of each member
            assert idx.accel_rules[mi] == out[a][1], a
    assert sorted(out) == sorted(plain)
    return out


def _uncovered(only: frozenset[str] | None, views: list[bytes]) -> list[tuple[str, bytes]]:
    idx = _anchor_index(only)
    members = _members(only)
    compiled = {a: re.compile(b"(?=(" + a.encode() + b"))") for a in members}
    missed: list[tuple[str, bytes]] = []
    for view in views:
        found = _accel.find(idx.accel_anchors, view)
        assert found is not None
        spans: dict[int, list[tuple[int, int]]] = {}
        for mi, s, e in found:
            spans.setdefault(mi, []).append((s, e))
        for a, (mi, _rules) in members.items():
            for m in compiled[a].finditer(view):  # every position the anchor matches at
                s, e = m.start(), m.start() + len(m.group(1))
                if not any(fs <= s and e <= fe for fs, fe in spans.get(mi, ())):
                    missed.append((a, view[max(0, s - 40) : e + 40]))
    return missed


def test_merging_folds_many_anchors_into_fewer_patterns() -> None:
    idx = _anchor_index(None)
    n = sum(len(v) for v in _accel.merge_anchors(dict.fromkeys(_members(None), 0)).values())
    assert len(idx.accel_anchors) < 0.8 * n


@pytest.mark.parametrize("only", [None, SECRET_IDS], ids=["text", "secrets"])
def test_every_anchor_match_is_covered_by_its_merged_anchor(only: frozenset[str] | None) -> None:
    views = [normalize(t).ascii_view.lower() for t in _texts()]
    assert len(views) > 250
    assert _uncovered(only, views) == []


def test_covered_on_views_with_long_whitespace_runs() -> None:
    # raw views (not normalised): a run the normaliser would fold sends the confirming
    # search of an anchor with a whitespace gap to its full width
    views = []
    for gap in (b" " * 17, b"\n" * 9 + b"\t" * 9, b" " * 300):
        views += [normalize(t).ascii_view.lower().replace(b" ", gap, 3) for t, _ in HITS.values()]
    assert _uncovered(None, views) == []


def test_merge_keeps_apart_what_does_not_share_rules_or_continuation() -> None:
    merged = _accel.merge_anchors(
        {
            r"send\s+to\s": "a",
            r"post\s+to\s": "a",
            r"mail\s+to\s": "b",  # other rules
            r"post\s+it\s": "a",  # other continuation
            r"\.env\b": "a",  # an escaped literal head
            r"\.npmrc\b": "a",
            r"ab|cd": "a",  # a whole-pattern alternation: a head would not distribute over it
            r"xb|cd": "a",
            r"[a-z]+\.sh": "a",  # no literal head
            r"not\s": "c",
            r"note\s": "c",  # one head a prefix of the other
        }
    )
    assert merged == {
        r"(?:post|send)\s+to\s": (r"post\s+to\s", r"send\s+to\s"),
        r"mail\s+to\s": (r"mail\s+to\s",),
        r"post\s+it\s": (r"post\s+it\s",),
        r"(?:\.npmrc|\.env)\b": (r"\.npmrc\b", r"\.env\b"),
        r"ab|cd": (r"ab|cd",),
        r"xb|cd": (r"xb|cd",),
        r"[a-z]+\.sh": (r"[a-z]+\.sh",),
        r"(?:note|not)\s": (r"note\s", r"not\s"),
    }
    view = b"we post to you, send to them; not now, note this"
    for m, members in merged.items():
        hits = {mm.start() for mm in re.finditer(b"(?=" + m.encode() + b")", view)}
        own = {mm.start() for a in members for mm in re.finditer(b"(?=" + a.encode() + b")", view)}
        assert hits == own, m


def test_an_unbounded_member_is_not_merged() -> None:
    # a candidate the region cannot confirm falls back to a search of the whole text, which
    # is fast only for a pattern that starts with a literal
    merged = _accel.merge_anchors({r"ab[a-z]+\.x": 0, r"cd[a-z]+\.x": 0})
    assert merged == {r"ab[a-z]+\.x": (r"ab[a-z]+\.x",), r"cd[a-z]+\.x": (r"cd[a-z]+\.x",)}


def _missed_by_find(members: dict[str, tuple[str, ...]], view: bytes) -> list[tuple[str, int]]:
    """Member matches (as ``re`` finds them, the Python pass) no span of ``find`` covers."""
    keys = tuple(sorted(members))
    _accel.warm(keys, wait=True)
    found = _accel.find(keys, view)
    assert found is not None
    missed = []
    for mi, m in enumerate(keys):
        for a in members[m]:
            for mm in re.finditer(b"(?=(" + a.encode() + b"))", view):
                s, e = mm.start(), mm.start() + len(mm.group(1))
                if not any(fi == mi and fs <= s and e <= fe for fi, fs, fe in found):
                    missed.append((a, s))
    return missed


@pytest.mark.parametrize("run", [b" " * 30, b" " * 40, b"\t" * 64, b" " * 300])
def test_an_anchor_with_an_opened_repeat_keeps_its_matches_next_to_a_long_run(run: bytes) -> None:
    # Hyperscan (5.4) can report no match of an anchor whose repeat _widen opened and that
    # has a whitespace gap after it, next to 30 or more spaces: post[^\n]{0,}\s+z in "post" +
    # 40 spaces + "z" in a database of its own; which anchors lose their match depends on
    # the database (merged: the member heads differ; alone: others), so the merged set could
    # lose a match the unmerged set has. Each set must cover every match re finds (the
    # Python pass).
    anchors = {r"post[^\n]{0,20}\s+z": 0, r"send[^\n]{0,20}\s+z": 0, r"x[^\n]{0,20}\s+z": 0}
    merged = _accel.merge_anchors(anchors)
    assert list(merged) == [r"(?:post|send|x)[^\n]{0,20}\s+z"]
    sets = [merged, {a: (a,) for a in anchors}, *({a: (a,)} for a in anchors)]
    views = [b"qxx" + run + b"z", b"post" + run + b"z", b"a send" + run[:20] + b"b" + run + b"z."]
    for members in sets:
        for view in views:
            assert _missed_by_find(members, view) == [], (members, view)
