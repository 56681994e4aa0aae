"""The index's token scan finds each token's start with ``str.rfind`` of a space and one match
(falling back to a reversed window), scans a part of a text without copying it, and keys a
plain address without building its key again when the key is the token itself: all of it
gives exactly what the reference below gives, the scan as it was written before (a reversed
copy of the whole text, one bounded match per token)."""

from __future__ import annotations

import random

from cordon.taint._index import (
    _DOT_ANCHOR_RE,
    _OTHER_ANCHOR_RES,
    _TRUN_RE,
    _WINDOW,
    _scan_tokens,
)
from cordon.taint._keys import _STRIP, general_token_keys, token_keys


def _reference_tokens(text: str) -> set[str]:
    """The tokens of ``text`` as the scan found them before (its first version)."""
    first = {m.end(): m.start() for m in _DOT_ANCHOR_RE.finditer(text)}
    for _hint, anchor in _OTHER_ANCHOR_RES:  # every pass, whatever the hints say
        for m in anchor.finditer(text):
            s, e = m.span()
            if first.get(e, e) > s:
                first[e] = s
    rev = text[::-1]
    n = len(text)
    out = set()
    for end, p in first.items():
        q = n - p
        out.add(text[p - _TRUN_RE.match(rev, q, q + _WINDOW).end() + q : end])
    return out


def _reference_keys(text: str) -> set[str]:
    keys: set[str] = set()
    for token in _reference_tokens(text):
        folded = token.lower() if token.isascii() else token.casefold()
        stripped = folded.strip(_STRIP)
        if len(stripped) >= 2:
            general_token_keys(stripped, keys)
    return keys


PIECES = [
    "bob@example.com",
    "bob.smith+invoices@evil-corp.com",
    "+x@example.com",
    "a..@example.com",
    "x.@example.com",
    "https://docs3.example.org/page/12/",
    "https://user@example.org:8443/x",
    "@handle",
    "#channel.name",
    "x://weird",
    "link:https://x.example/y",
    "bоb@example.com",  # Cyrillic о
    "ＥＸＡＭＰＬＥ.com",
    "xn--exmple-4nf.com",
    "a" * 1100 + ".long@x.example",
    "b" * 1023 + ".c",
    "c" * 1024 + ".d",
    "d" * 1025 + "@e",
    "e" * 900 + "@" + "f" * 300 + ".example",
    "%6D%61%6C@evil.example",
    "=?utf-8?q?x@y.example?=",
    "..",
    ".x",
    "a@b",
]
SEPS = [" ", "  ", "\n", "\t", "\r\n", "\x0b", "\x1c", "\u00a0", "\u2028", "\u3000", ", ", "; ",
        '"', "'", "`", "(", ")", "[", "]", "{", "}", "<", ">", "|", "\\", "“", "”", "«", "»",
        "「", "", " \"", "' ", " (", "\t'"]  # fmt: skip


def _text(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randrange(1, 30)):
        parts.append(rng.choice(PIECES) if rng.random() < 0.6 else rng.choice(SEPS))
        if rng.random() < 0.2:
            parts.append("".join(rng.choice("ab1.@#:/-+_ \"'") for _ in range(rng.randrange(8))))
    return "".join(parts)


def test_token_keys_are_the_reference_ones() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        text = _text(rng)
        got: set[str] = set()
        _scan_tokens(text, got, {})
        assert got == _reference_keys(text), repr(text)


def test_tokens_at_the_window_edge() -> None:
    for k in range(_WINDOW - 4, _WINDOW + 4):
        for lead in ("", " ", '"', "x ", " '"):
            for word in ("a" * k + ".com", "a" * k + "@b.example", "q " + "a" * k + ".io"):
                text = lead + word + " tail"
                got: set[str] = set()
                _scan_tokens(text, got, {})
                assert got == _reference_keys(text), (k, lead, word[:8])


def test_plain_addresses_keep_their_key() -> None:
    rng = random.Random(11)
    local_chars = "ab1.+-_'!~"
    for _ in range(5000):
        local = "".join(rng.choice(local_chars) for _ in range(rng.randrange(1, 9)))
        token = f"{local}@mail.example.com"
        fast: set[str] = set()
        token_keys(token, fast)
        general: set[str] = set()
        stripped = token.strip(_STRIP)
        if len(stripped) >= 2:
            general_token_keys(stripped, general)
        assert fast == general, token


def test_a_bounded_scan_is_the_scan_of_the_slice() -> None:
    rng = random.Random(17)
    for _ in range(1500):
        text = _text(rng)
        a = rng.randrange(len(text) + 1)
        b = rng.randrange(a, len(text) + 1)
        bounded: set[str] = set()
        _scan_tokens(text, bounded, {}, a, b)
        sliced: set[str] = set()
        _scan_tokens(text[a:b], sliced, {})
        assert bounded == sliced, (repr(text), a, b)
        assert sliced == _reference_keys(text[a:b])
