"""A sink value's spelling test hands destination extraction what it learnt of the value's
decodings (``spellings``' ``one_view``), so a fresh address is not decoded twice. The answer
must be exactly "no decoder changes this text", at the depth and view count extraction asks
with, and extraction told so must give what it gives untold."""

from __future__ import annotations

import random

from cordon.engine.checks._spelling import spellings
from cordon.taint import _extract
from cordon.taint._extract import extract_marked
from cordon.textnorm import decoded_views

# pieces that make decoder hints alone or only together (a run of 12 cut in two, a
# punycode label, escapes), address parts, and plain text
_PIECES = [
    "someone.new1", "@", "fresh-domain1", ".example.net", "bob", "Example", ".com", "-", "_",
    "0123456", "789abc", "ABCDEF", "xn", "--", "XN", "%", "%41", "&amp;", "&#x43e;", "\\",
    "\\u0430", "=", "=?utf-8?b?", "?=", "QUJD", "REVG", "aGVsbG8gd29ybGQ=", "+", "/", " ",
    "www.", "https://", "mailto:", "é", "а", "\u200b", "z" * 11, "9" * 11, "hello 1",
]  # fmt: skip


def _texts(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    out = [f"someone.new{i}@fresh-domain{i % 50}.example.net" for i in range(50)]
    out += ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 6))) for _ in range(n)]
    return out


def test_one_view_is_no_decoding() -> None:
    """``one_view`` is true exactly when ``decoded_views`` gives the text alone, at the
    spelling test's depth and at extraction's (one decoder, six views)."""
    for text in _texts(1, 20_000):
        one_view = spellings(text)[3]
        assert one_view == (decoded_views(text, max_depth=2) == [text]), text
        if one_view:
            assert decoded_views(text, max_depth=1, max_views=6) == [text], text


def test_extraction_told_one_view_is_unchanged() -> None:
    """Extraction told that no decoder changes the value gives the destinations and the
    ``marked`` answer it gives when it finds that out itself."""
    checked = 0
    for text in _texts(2, 20_000):
        if not spellings(text)[3]:
            continue
        _extract._MEMO.clear()
        told = extract_marked(text, one_view=True)
        _extract._MEMO.clear()
        assert told == extract_marked(text), text
        checked += 1
    assert checked > 5_000
