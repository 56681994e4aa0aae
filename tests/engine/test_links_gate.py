"""The forwarded-link check passes over a string argument :func:`may_link` rules out (ASCII,
no dot, no encoding that could hide one) without extracting it: whatever it passes over,
:func:`forwarded_links` finds nothing in, read plainly or spelled."""

from __future__ import annotations

import random

from cordon.engine.provenance import forwarded_links, may_link

_PIECES = [
    "hello", " ", "x", ".", "evil", "com", "%2e", "&#46;", "\\u002e", "=2E", "https://",
    "aGVsbG8uZXhhbXBsZS5jb20K", "ｅｖｉｌ", "．", "。", "com/x", "\n", "@", "/", "www",
]  # fmt: skip


def test_what_may_link_rules_out_holds_no_link() -> None:
    rng = random.Random(19)
    ruled_out = 0
    for _ in range(20_000):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(1, 8)))
        if not may_link(text):
            ruled_out += 1
            assert forwarded_links(text) == [], text
            assert forwarded_links(text, spelled=True) == [], text
    assert ruled_out > 1000


def test_links_it_must_not_rule_out() -> None:
    for text in [
        "see evil.example/x",
        "see https://evil.example",
        "see evil%2eexample/x",  # an encoded dot
        "see evil&#46;example/x",
        "see ｅｖｉｌ．ｅｘａｍｐｌｅ/x",  # fullwidth: not ASCII
        "see evil。example/x",  # an ideographic full stop
        "aHR0cHM6Ly9ldmlsLmV4YW1wbGUveA",  # base64 of https://evil.example/x
    ]:
        assert may_link(text), text
    assert not may_link("hello 5") and not may_link("")
