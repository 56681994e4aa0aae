"""Splitting an ASCII text's tokens at a whitespace offset between two processes gives the
keys of the whole text (``split_point``, ``suffix_token_keys``, ``_index_view(tokens_end=)``:
the relay's recording worker keys the tail while the relay indexes the rest)."""

from __future__ import annotations

import random

from cordon.taint._index import _index_view, _scan_tokens, split_point, suffix_token_keys

PIECES = [
    "mail bob.smith@corp.example",
    "see https://docs.example.org/a/b?x=1#frag",
    "@handle",
    "#channel",
    "x://weird",
    "www.example.com/path/",
    "user+tag@sub.example.co.uk.",
    "a.b",
    "ends.with.dot.",
    "(paren@x.example)",
    '"quoted@x.example"',
    "a" * 1100 + ".long@x.example",
    "b" * 900 + "@" + "c" * 300 + ".example",
    "xn--exmple-4nf.com",
    "call +1 (555) 010-0199 now",
    "ZXZlQGV2aWwuZXhhbXBsZQ==",
    "%6D%61%6C@evil.example",
    "tab\tsep.example",
    "line\nbreak@x.example",
    "link:https://x.example/y",
    "host.example:8080/p",
    "a@b",
    "..",
    ".x",
    "=?utf-8?q?x@y.example?=",
]


def _text(rng: random.Random) -> str:
    seps = [" ", "\n", "\t", "  ", " \r\n", ", ", "; "]
    return "".join(rng.choice(PIECES) + rng.choice(seps) for _ in range(rng.randrange(1, 40)))


def _whole(text: str) -> set[str]:
    keys: set[str] = set()
    _index_view(text, keys, 0, {})
    return keys


def test_tokens_split_at_any_whitespace_are_the_whole_texts() -> None:
    rng = random.Random(11)
    for _ in range(300):
        text = _text(rng)
        whole: set[str] = set()
        _scan_tokens(text, whole, {})
        for k in [i for i, ch in enumerate(text) if ch.isspace()][:: max(1, len(text) // 60)]:
            head: set[str] = set()
            _scan_tokens(text[:k], head, {})
            assert head | suffix_token_keys(text, k) == whole, (text, k)


def test_an_indexing_split_by_split_point_gives_the_whole_keys() -> None:
    rng = random.Random(12)
    for _ in range(200):
        text = _text(rng)
        for frac in (0.0, 0.3, 0.75, 0.99):
            k = split_point(text, frac)
            if k < 0:
                continue
            assert text[k].isspace()
            keys: set[str] = set()
            _index_view(text, keys, 0, {}, tokens_end=k)
            assert keys | suffix_token_keys(text, k) == _whole(text), (text, k)


def test_no_split_without_whitespace_or_for_non_ascii() -> None:
    assert split_point("abc.example", 0.5) == -1
    assert split_point("grüße an bob@x.example und mehr", 0.2) == -1
    assert split_point("a b", 0.0) == 1
