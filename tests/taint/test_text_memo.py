"""``TaintIndex``'s memo of short texts: a text indexed again gives the keys its views give,
without scanning them again, and the index is the one the full scan builds."""

from __future__ import annotations

import random

import pytest

import cordon.taint._index as index_mod
from cordon.taint import TaintIndex, extract_destinations

#: pieces that make keys (addresses, hosts, URLs, phones, Slack IDs, repos, encodings) and
#: pieces that make none, joined at random into short texts
PIECES = [
    "hello",
    "ok",
    "bob.smith@evil-corp.com",
    "https://x.example/a?b=c",
    "evil.example",
    "+1 (415) 555-0134",
    "C0EV1LX99",
    "octo/repo",
    "github.com/octo/repo",
    "bob.smith%40evil-corp%2Ecom",
    "bob&#64;evil.example",
    "Ym9iQGV2aWwuZXhhbXBsZQ==",
    "ｂｏｂ．ｓｍｉｔｈ＠ｅｖｉｌ．ｃｏｍ",
    "ev\u200bil.example",
    "#general",
    "\n",
    " ",
    "content",
    "x" * 200,
]


def _texts(seed: int, n: int) -> list[str]:
    rnd = random.Random(seed)
    texts = ["".join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 4))) for _ in range(n)]
    # every text again, in another order: the memo answers these
    return texts + rnd.sample(texts, len(texts))


@pytest.mark.parametrize("spelled", [False, True])
def test_memo_builds_the_index_the_full_scan_builds(
    monkeypatch: pytest.MonkeyPatch, spelled: bool
) -> None:
    texts = _texts(7, 150)
    memo = TaintIndex(min_length=1, spelled=spelled)
    for text in texts:
        memo.add_text(text)
    monkeypatch.setattr(index_mod, "_TEXT_MAX", -1)  # no text is kept: every one scanned
    full = TaintIndex(min_length=1, spelled=spelled)
    for text in texts:
        full.add_text(text)
    assert memo._gen_of == full._gen_of
    assert memo.failure is None and full.failure is None
    for dest in ("bob.smith@evil-corp.com", "evil.example", "https://x.example/a", "+14155550134"):
        (d,) = extract_destinations(dest)
        assert memo.lookup(d) == full.lookup(d)


def test_each_text_alone_has_the_keys_of_a_new_index() -> None:
    memo = TaintIndex(min_length=1)
    for text in _texts(11, 100):
        fresh = TaintIndex(min_length=1)
        fresh.add_text(text)
        assert memo._keys_of(text) == set(fresh._gen_of)


def test_a_short_text_is_scanned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    scan = index_mod._index_view

    def counted(text: str, *a: object, **k: object) -> None:
        calls.append(text)
        scan(text, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(index_mod, "_index_view", counted)
    ix = TaintIndex()
    ix.add_text("write to bob.smith@evil-corp.com")
    ix.add_text("write to bob.smith@evil-corp.com")
    assert calls == ["write to bob.smith@evil-corp.com"]
    (d,) = extract_destinations("bob.smith@evil-corp.com")
    assert ix.lookup(d) == "tainted"
    long = "evil.example " * 30  # over the memo's 256 characters: scanned each time
    ix.add_text(long)
    ix.add_text(long)
    assert calls[1:] == [long, long]


def test_the_memo_is_bounded() -> None:
    ix = TaintIndex()
    for i in range(index_mod._TEXT_ENTRIES + 5):
        ix.add_text(f"line {i}")
    assert 0 < len(ix._texts) <= index_mod._TEXT_ENTRIES
