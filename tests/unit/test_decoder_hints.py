"""Which decoders :func:`cordon.textnorm.decoded_views` applies to a text: each exactly when
its hint is in the text, in the documented order, and none exactly when
:func:`cordon.textnorm.has_decoder_hint` is false (the one-search fast path)."""

from __future__ import annotations

import random

from cordon import textnorm

_PIECES = [
    "%",
    "%41",
    "&amp;",
    "&#x41;",
    "\\u0041",
    "=?utf-8?b?aGk=?=",
    "=3D",
    "=",
    "xn--",
    "XN--",
    "aGVsbG8gd29ybGQ",
    "68656c6c6f20776f726c64",
    "fresh-domain",
    "@",
    ".",
    " ",
    "a",
    "\n",
]


def _expected(text: str) -> list[object]:
    runs = textnorm._may_have_runs(text)
    table = [
        ("%" in text, textnorm.decode_percent),
        ("&" in text, textnorm.decode_html_entities),
        ("\\" in text, textnorm.decode_json_escapes),
        ("=?" in text, textnorm.decode_rfc2047),
        ("=" in text, textnorm.decode_quoted_printable),
        ("xn--" in text or "XN--" in text, textnorm.decode_idna),
        (runs, textnorm.decode_base64_runs),
        (runs, textnorm.decode_hex_runs),
    ]
    return [decoder for hinted, decoder in table if hinted]


def test_each_decoder_exactly_when_its_hint_is_in_the_text() -> None:
    rnd = random.Random(19)
    for _ in range(5000):
        text = "".join(rnd.choice(_PIECES) for _ in range(rnd.randint(0, 8)))
        got = textnorm._decoders(text)
        assert got == _expected(text), text
        assert bool(got) is textnorm.has_decoder_hint(text), text


def test_a_text_without_hints_is_its_only_view() -> None:
    for text in ["", "hello", "bob@example.com", "fresh domain"]:
        assert textnorm._decoders(text) == []
        assert textnorm.decoded_views(text) == [text]
