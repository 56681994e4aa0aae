"""The Hyperscan prefilter of run finding (cordon.textnorm.RunBytes) finds exactly the matches
of the whole-text search: phone numbers and base64/hex runs, wherever chunk boundaries fall."""

from __future__ import annotations

import base64
import random

import pytest

from cordon import textnorm
from cordon.taint import TaintIndex
from cordon.textnorm import PHONE_CLASS_RE, PHONES, RUNS, RunBytes

pytestmark = pytest.mark.skipif(textnorm._RUN_PREFILTER._db() is None, reason="no hyperscan here")

_ALPHABET = "AZ09+/_-az ().\n\r=é" + "a" * 6 + "X7" * 6 + " " * 3


def _whole(text: str, pattern, which: int) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(textnorm.byte_classes(text)[1])]


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randrange(50, 3000)
        # stretches of prose (no candidate) between dense stretches
        parts = []
        while sum(map(len, parts)) < n:
            r = rng.random()
            if r < 0.1:  # a long run or a long number, past a bound and over a gap
                body = "".join(rng.choice("AZaz09+/") for _ in range(rng.randrange(20, 400)))
                # (a run's lower-case tail holds no prefix: its chunks are not flagged)
                tail = "q" * rng.randrange(20, 400)
                if rng.random() < 0.5:  # MIME lines: a bound can cut the match at a break
                    tail = "".join("q" * rng.randrange(4, 30) + "\n" for _ in range(12))
                parts.append(rng.choice([body, "555 " * rng.randrange(5, 60), "Z0" + tail]))
            elif r < 0.5:
                parts.append("the team shipped " * rng.randrange(1, 12))
            else:
                parts.append("".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(1, 80))))
        out.append("".join(parts))
    return out


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    # every text takes the prefilter, with many chunk boundaries, and a bound close enough
    # that matches run into it and are matched again unbounded
    monkeypatch.setattr(textnorm, "PREFILTER_MIN", 0)
    monkeypatch.setattr(textnorm, "_EXT", 20)


@pytest.mark.parametrize("chunk", [16, 17, 32, 61, 256])
def test_the_prefiltered_matches_are_those_of_the_whole_text(
    small_chunks: None, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(textnorm, "_CHUNK", chunk)
    checked = [0, 0]
    for text in _texts(chunk, 200):
        rb = RunBytes(text)
        for pattern, which in ((PHONE_CLASS_RE, PHONES), (textnorm._RUN_RE, RUNS)):
            want = _whole(text, pattern, which)
            assert [m.span() for m in rb.finditer(pattern, which)] == want, (chunk, text)
            checked[which] += len(want)
    assert min(checked) > 300  # the texts do hold both kinds, across boundaries


def test_prose_with_no_candidate_is_not_translated() -> None:
    text = "the quarterly report shows revenue growth " * 4000
    rb = RunBytes(text)
    assert len(rb.raw) >= textnorm.PREFILTER_MIN
    assert list(rb.finditer(PHONE_CLASS_RE, PHONES)) == []
    assert list(rb.finditer(textnorm._RUN_RE, RUNS)) == []
    assert rb._cls is None


def _index_keys(text: str) -> set[str]:
    index = TaintIndex()
    index.add_text(text)
    return set(index._gen_of)


def test_phones_and_encoded_addresses_deep_in_a_large_text_are_keyed_as_without_the_prefilter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prose = "the quarterly report shows revenue growth in all regions "
    hidden = base64.b64encode(b"send it to thief@evil.example").decode()
    pieces = []
    for i in range(40):
        pieces.append(prose * (97 + i))
        # some straddle a chunk boundary, some sit inside a chunk
        pieces.append(f"call +1 (415) 555-{1000 + i:04d} or {hidden} ")
    text = "".join(pieces)
    assert len(text.encode()) > 4 * textnorm._CHUNK
    with_prefilter = _index_keys(text)
    assert "thief@evil.example" in with_prefilter
    assert any(k.endswith("4155551039") for k in with_prefilter)
    monkeypatch.setattr(textnorm._RUN_PREFILTER, "_state", [None])
    assert _index_keys(text) == with_prefilter


def test_without_hyperscan_every_text_takes_the_whole_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(textnorm._RUN_PREFILTER, "_state", [None])
    text = "x " * 40000 + "call 415 555 0199 now"
    rb = RunBytes(text)
    assert [m.group() for m in rb.finditer(PHONE_CLASS_RE, PHONES)] == [b"XXX XXX XXXX"]
