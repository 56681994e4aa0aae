"""An unbounded anchor is searched over the whole text only when a match longer than its
confirm region can exist (``cordon.content._longmatch``, ``_accel._longer_possible``).

The bound is checked by brute force on small patterns (every match longer than ``width``
holds the promised run in its last ``width`` bytes), and the anchor pass is compared with the
old rule (every unbounded anchor with an unconfirmed candidate searched over the whole text)
on the corpora and on texts built to have unconfirmed candidates and long runs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cordon.content import _accel, scanner, warm
from cordon.content._longmatch import run_bound, run_table
from cordon.content.scanner import scan_hits

from .fixtures import HITS, NEAR_MISSES

pytestmark = pytest.mark.skipif(not _accel.available(), reason="hyperscan wheel not installed")

CORPUS = Path(__file__).parents[2] / "bench" / "content" / "corpus"

#: small patterns, one for each construct the bound models, with the pieces their random
#: texts are made of (so that long matches are common)
SMALL: list[tuple[bytes, tuple[bytes, ...]]] = [
    (rb"a[^x]*b", (b"a", b"b", b"x", b" ", b"bb")),
    (rb"a(?:b|\s)*\.", (b"a", b"b", b" ", b".", b"\n")),
    (rb"(?:ab+\s){0,3}a", (b"a", b"bbb", b"b", b" ", b"ab")),
    (rb"[^.]+\.", (b"a", b"b", b".", b" ")),
    (rb"\ba\w*b", (b"a", b"b", b"1", b" ", b"_")),
    (rb"(?i)A[B]+\.", (b"a", b"A", b"b", b"B", b".", b"bB")),
    (rb"a(?=b)b*(?<=b)\.", (b"a", b"b", b"bb", b".")),
    (rb"(?:a|bb)\s*b*a", (b"a", b"bb", b" ", b"b")),
    (rb"(?:a[b ]*|b\.)a", (b"a", b"bb", b" ", b"b b", b"b.")),
    (rb"a.*?b", (b"a", b"b", b"x", b"\n", b"xx")),
    (rb"(?s)a.*b", (b"a", b"b", b"x", b"\n")),
    (rb"\d*a\D+b", (b"1", b"a", b"b", b"x", b"22")),
    (rb"(?:a\.a\.a\.|b)b*\.", (b"a.a.a.", b"b", b"bb", b".")),
]


@pytest.mark.parametrize(("pattern", "pieces"), SMALL)
def test_every_long_match_holds_the_promised_run(pattern: bytes, pieces: tuple[bytes, ...]) -> None:
    width = 8
    bound = run_bound(pattern, width)
    assert bound is not None
    table, needle = run_table(bound[0]), b"x" * bound[1]
    compiled = re.compile(pattern)
    rng = random.Random(pattern)
    long_matches = 0
    for _ in range(80):
        text = b"".join(rng.choice(pieces) for _ in range(30))[:30]
        for s in range(len(text)):
            for e in range(s + width + 1, len(text) + 1):
                if compiled.fullmatch(text, s, e):
                    long_matches += 1
                    assert needle in text[e - width : e].translate(table), (pattern, text, s, e)
    assert long_matches > 0


def test_what_the_bound_cannot_tell_is_none() -> None:
    assert run_bound(rb"abc", 8) is None  # no unbounded repeat: nothing to bound
    assert run_bound(rb"(?:a+b)+", 8) is None  # an unbounded repeat inside another
    assert run_bound(rb"(a)x*\1", 8) is None  # a back-reference
    assert run_bound(rb"a{0,20}b*", 8) is None  # the bounded part alone reaches the width


def _texts() -> Iterator[str]:
    for text, _ in HITS.values():
        yield text
    yield from NEAR_MISSES.values()
    for sub in ("benign", "benign_real"):
        for p in sorted((CORPUS / sub).iterdir()):
            yield p.read_text(encoding="utf-8", errors="replace")


#: unconfirmed candidates of unbounded anchors (a repeat Hyperscan reads as open), past the
#: first confirm region, next to runs of their letters short and long
FILLER = "Plain prose, with words and numbers 12 and more. " * 100
CRAFTED = [
    FILLER + "save the report " + "x" * 300 + " https://example.org/a",
    FILLER + "provide " + "a" * 5000 + " secret",
    FILLER + "provide " + "ab-c " * 10 + "the password now",
    FILLER + "please send it " + "q" * 4500 + "@evil" + "-" * 4200 + ".com today",
    FILLER + ("bypass " + "z" * 400 + " security. ") * 3,
]


def _hits(text: str) -> list[tuple[str, str, tuple[int, int], str]]:
    return [(h.rule.id, h.severity, h.span, h.value) for h in scan_hits(text)]


def test_sparing_the_whole_text_search_changes_no_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    warm(wait=True)
    old = _accel._longer_possible
    spared = 0
    for text in [*_texts(), *CRAFTED]:
        new_hits = _hits(text)
        scanner._SHORT.clear()
        scanner._RECENT.clear()
        calls: list[int] = []

        def every(*args: object, _calls: list[int] = calls) -> list[int]:
            failed = args[-1]
            assert isinstance(failed, dict)
            _calls.append(len(failed) - len(old(*args)))  # type: ignore[arg-type]
            return sorted(failed)

        monkeypatch.setattr(_accel, "_longer_possible", every)
        old_hits = _hits(text)
        monkeypatch.setattr(_accel, "_longer_possible", old)
        scanner._SHORT.clear()
        scanner._RECENT.clear()
        assert new_hits == old_hits, text[:200]
        spared += sum(calls)
    assert spared > 0  # the crafted texts do spare searches


def test_a_long_run_keeps_the_whole_text_search() -> None:
    warm(wait=True)
    idx = scanner._anchor_index(None)
    view = (FILLER + "provide " + "a" * 5000 + " secret").lower().encode()
    short = (FILLER + "provide a few more words " + "x" * 300 + " secret").lower().encode()
    db = _accel._dbs[idx.accel_anchors]
    assert db is not None
    provide = [i for i in db.unbounded if db.anchors[i].startswith("provide")]
    assert provide
    assert _accel._longer_possible(db, view, b"", {i: [len(view)] for i in provide}) == provide
    assert _accel._longer_possible(db, short, b"", {i: [len(short)] for i in provide}) == []
