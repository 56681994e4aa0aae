"""``holds_no_key`` answers True only for a text the taint index finds no key in.

Held to the index itself (:func:`cordon.taint._index._index_view`, both readings: as
:func:`~cordon.taint._index._prepare` and as ``mark_lookalikes`` give the first view) on the
lines and short windows of the benign corpora, the content rules' fixtures and generated
text built from everything a search of the index starts at; and it must answer True often
enough to be worth asking (the usual short result: an echo, a status line).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cordon.taint import _index
from cordon.taint._nokeys import holds_no_key
from cordon.textnorm import mark_lookalikes
from tests.content.fixtures_outside import HITS, NEAR_MISSES

CORPUS = Path(__file__).resolve().parents[2] / "bench" / "content" / "corpus"


def _keys(view: str, spelled: bool) -> set[str]:
    out: set[str] = set()
    prepare = mark_lookalikes if spelled else None
    _index._index_view(view, out, 0, {}, prepare)
    return out


def _check(texts: list[str]) -> int:
    """Assert on each text, both readings; return how many the test answered True for."""
    true = 0
    for text in texts:
        for spelled in (False, True):
            view = mark_lookalikes(text) if spelled else _index._prepare(text)
            if holds_no_key(view):
                true += 1
                assert _keys(view, spelled) == set(), (text, spelled)
    return true


def _corpus_texts() -> list[str]:
    texts: list[str] = []
    for p in sorted(CORPUS.rglob("*")):
        if p.is_file():
            body = p.read_text("utf-8", "replace")
            texts += body.splitlines()[:300]
            texts += [body[i : i + n] for n in (6, 12, 24, 48) for i in range(0, 3000, 89)]
    return texts


def test_corpus_lines_and_windows() -> None:
    texts = _corpus_texts()
    assert len(texts) > 5000
    assert _check(texts) > 1000


def test_fixtures() -> None:
    texts = [t for pair in HITS.values() for t in pair] + list(NEAR_MISSES.values())
    _check(texts)


_PIECES = (
    "hello",
    "ok",
    " ",
    "\n",
    "42",
    "1234",
    "555",
    "-",
    "(",
    ")",
    "+",
    "_",
    "ABC",
    "C0EV1LX99",
    "W",
    "aGVsbG8gd29y",
    "68656c6c6f20",
    "QUJDREVGR0hJSktM",
    "x",
    "é",
    "\u200b",
    "\uff20",  # fullwidth @: NFKC makes it @
    "\uff0e",
    "\u0430",  # Cyrillic a
    ".",
    "@",
    "#",
    ":",
    "/",
    "%",
    "&",
    "\\",
    "=",
    "xn--",
    "mail",
    "example",
    "com",
)


@pytest.mark.parametrize("seed", range(4))
def test_generated(seed: int) -> None:
    rng = random.Random(seed)
    texts = ["".join(rng.choice(_PIECES) for _ in range(rng.randrange(0, 8))) for _ in range(4000)]
    assert _check(texts) > 400


def test_what_it_answers() -> None:
    for text in ("hello 42", "hello 502", "ok", "", "done in 3 s", "Status: fine"):
        assert holds_no_key(text), text
    for text in (
        "a.b",
        "x@y",
        "#chan",
        "a://",
        "o/r",
        "%41",
        "&amp;",
        "\\u0041",
        "=3D",
        "5550100",  # seven digits: a phone number
        "555 010 0199",
        "C0EV1LX99 x",
        "aGVsbG8gd29ybGQ",  # a base64 run
        "Ym9iQGV2aWwuZXhhbXBsZQ",  # one that holds an address
        "emVxeXJnbmJwQGxzcg",  # one with six X class bytes only: zeqyrgnbp@lsr
    ):
        assert not holds_no_key(text), text
    for text in ("555 010 0199", "Ym9iQGV2aWwuZXhhbXBsZQ", "emVxeXJnbmJwQGxzcg"):
        assert _keys(text, False), text


def test_index_keys_unchanged_for_short_results() -> None:
    """The whole index's keys for the echo's own results, as the index finds them."""
    idx = _index.TaintIndex()
    for i in range(2000):
        text = f"hello {i}"
        assert holds_no_key(text)
        assert idx._keys_of(text) == set()
