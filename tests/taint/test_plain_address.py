"""``plain_address`` names a destination only for a text whose full reading gives that one.

The taint check reads a lone plain address (the usual sink value) through it instead of its
spelling tests and its extraction (:func:`cordon.engine.checks._spelling.spellings`,
:func:`cordon.taint.extract_marked`), so each text it answers for must give what those give:
one ``email`` destination keyed as extraction keys it, unmarked, in both readings; plain,
vouchable and its only view (``decoded_views`` at both depths). Held on addresses and near
misses (upper case, punycode, ``www.``, escapes, base64 and hex runs, a dotted local part,
display names, URLs) and on generated ones built from those characters.
"""

from __future__ import annotations

import random

from cordon.engine.checks._spelling import spellings
from cordon.taint import extract_destinations, extract_marked, plain_address
from cordon.textnorm import decoded_views

PLAIN = [
    "bob@example.com",
    "someone.new7@fresh-domain7.example.net",
    "a_b-c.d@sub.example.co.uk",
    "x@y.io",
    "ops@12345678901234.example.com",  # (a hex-looking run: what the decoders make of it)
    "dots.@example.com",
]
NEAR = [
    "Bob@example.com",
    "bob@EXAMPLE.com",
    "bob@xn--pypal-4ve.com",
    "www.bob@example.com",
    "bob@example.com.",
    "bob+tag@example.com",
    "bob%40example.com",
    "bob@example.com ",
    "Bob <bob@example.com>",
    "mailto:bob@example.com",
    "https://example.com/bob",
    "bob@ex&#97;mple.com",
    "bob@example",
    "b\u043eb@example.com",
    "ZXZpbEBldmlsLmV4YW1wbGUuY29t@example.com",
    "6576696c406576696c2e636f6d@example.com",
    "bob@-AAAAAAAAAAAAAAAAAAAA.example.com",
    "bob@a" + "b" * 5000 + ".com",
]
#: a plain address's characters, and (one in twenty) those that break one or that a decoder or
#: the look-alike test reads
_PLAIN_CHARS = "abcxyz0123456789._-"
_ODD_CHARS = "@+%=&ABXn\\\u0430 :/<"  # (\u0430: Cyrillic a)


def _word(rng: random.Random, n: int) -> str:
    return "".join(
        rng.choice(_ODD_CHARS if rng.random() < 0.05 else _PLAIN_CHARS) for _ in range(n)
    )


def _generated(n: int) -> list[str]:
    rng = random.Random(364)
    out = []
    for _ in range(n):
        local = _word(rng, rng.randint(1, 16))
        labels = [_word(rng, rng.randint(1, 14)) for _ in range(rng.randint(1, 3))]
        out.append(f"{local}@{'.'.join(labels)}")
    return out


def _holds(text: str) -> bool:
    """Assert ``plain_address(text)`` agrees with the full reading; whether it answered."""
    lone = plain_address(text)
    if lone is None:
        return False
    dests, marked = extract_marked(text)
    assert marked is False, text
    assert [(d.kind, d.raw, d.key) for d in dests] == [(lone.kind, lone.raw, lone.key)], text
    spelled = extract_destinations(text, spelled=True)
    assert [(d.kind, d.key) for d in spelled] == [(lone.kind, lone.key)], text
    odd, vouchable, _folds, one_view = spellings(text)
    assert (odd, vouchable, one_view) == (False, True, True), text
    assert decoded_views(text, max_depth=1) == [text] == decoded_views(text, max_depth=2), text
    return True


def test_plain_addresses_are_read_so() -> None:
    assert all(_holds(t) for t in PLAIN[:4])
    assert plain_address("someone.new7@fresh-domain7.example.net").key == (  # type: ignore[union-attr]
        "someone.new7@fresh-domain7.example.net"
    )
    for t in PLAIN[4:]:
        _holds(t)


def test_near_misses_are_left_to_the_full_reading() -> None:
    for t in NEAR:
        _holds(t)
    assert plain_address("Bob@example.com") is None
    assert plain_address("bob@xn--pypal-4ve.com") is None
    assert plain_address("b\u043eb@example.com") is None
    assert plain_address("bob@a" + "b" * 5000 + ".com") is None


def test_generated_addresses() -> None:
    answered = sum(_holds(t) for t in _generated(3000))
    assert answered > 100  # (the shortcut is taken often enough to be worth having)
