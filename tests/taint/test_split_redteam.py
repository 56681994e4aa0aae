"""Red team of the split taint keying (session 4, recording worker): the relay keys an ASCII
text's address tokens up to a whitespace offset and the worker keys the rest
(``split_point``, ``suffix_token_keys``, ``_index_view(tokens_end=)``). Every whitespace
offset of adversarial texts must give the whole text's keys: separators that ``str.isspace``
and ``\\s`` count as whitespace (``\\x1c``-``\\x1f``, ``\\v``, ``\\f``, ``\\r``), tokens longer
than the 1 KiB look-back window on either side of the offset, encodings and delimiters right
at it. Held at the time of writing."""

from __future__ import annotations

import random

import pytest

from cordon.taint._index import _index_view, split_point, suffix_token_keys

ALPHABET = [
    *"ab.c@#:/-_",
    *" \t\x1c\x1d\x1e\x1f\x0b\x0c\r\n",
    *"\"'()<>[]{}`|\\,;%&=?+~!*",
    "www.",
    "://",
    "xn--",
    "http",
    ".com",
    "1",
    "12345678",
    "%41",
    "&#64;",
    "\\u0040",
    "=40",
]


def _texts(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 60)))
        if rng.random() < 0.25:  # tokens past the look-back window on both sides
            text = "x" * rng.randrange(1000, 1100) + text + "." + "y" * rng.randrange(1000, 1100)
        out.append(text)
    return out


def _whole(text: str) -> set[str]:
    keys: set[str] = set()
    _index_view(text, keys, 0, {})
    return keys


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_whitespace_offset_gives_the_whole_keys(seed: int) -> None:
    for text in _texts(seed, 700):
        whole = _whole(text)
        for k, ch in enumerate(text):
            if not ch.isspace():
                continue
            head: set[str] = set()
            _index_view(text, head, 0, {}, tokens_end=k)
            assert head | suffix_token_keys(text, k) == whole, (text, k)


@pytest.mark.parametrize("sep", [" ", "\t", "\x1c", "\x1f", "\x0b", "\x0c", "\r"])
def test_an_address_on_either_side_of_the_split(sep: str) -> None:
    """The split lands exactly between two addresses: each is keyed by one side."""
    tail = "tail.side@evil-mail.example;" + "z" * 3000
    a = 3 * (1 + len(tail))
    head = "head.side@evil-mail.example"
    text = "y" * (a - len(head) - 1) + ";" + head + sep + tail
    k = split_point(text, 0.75)
    assert k == a and text[k] == sep
    keys: set[str] = set()
    _index_view(text, keys, 0, {}, tokens_end=k)
    rest = suffix_token_keys(text, k)
    assert "head.side@evil-mail.example" in keys and "tail.side@evil-mail.example" in rest
    assert keys | rest == _whole(text)


def test_non_ascii_whitespace_never_splits() -> None:
    for ws in ("\u00a0", "\u2028", "\u2029", "\u3000", "\x85"):
        assert split_point("a" * 100 + ws + "bob@x.example " * 10, 0.5) == -1
