"""The taint check's whole-URL test (``_whole_url``, read for every string argument of a tool
no policy describes: ``echo("hello")`` too) returns False at once for a value with no dot,
colon, slash or backslash. It must answer as the full test does on every value."""

from __future__ import annotations

import random

from cordon.engine.checks.taint import _HOST_TAIL, _MAX_URL, _SPACE, _URL_SHAPE, _whole_url
from cordon.taint import extract_destinations


def _full(value: str) -> bool:
    """The test without the gate (as it read before it)."""
    word = value.strip()
    if len(word) > _MAX_URL:
        if _SPACE.search(word):
            return False
        word = word[:_MAX_URL]
    if not _URL_SHAPE.fullmatch(word) and not word.lower().startswith("mailto:"):
        return False
    if word.startswith(("//", "\\\\")) and len(word) > 2 and word[2] not in "/\\":
        return True
    if word.lower().startswith("mailto:"):
        return True
    for d in extract_destinations(word):
        if d.kind == "url" or (d.kind == "host" and _HOST_TAIL.match(word)):
            return True
    return False


_PIECES = [
    "hello", " ", "\t", "\n", "https", "://", ":", ".", "/", "//", "\\", "\\\\", "mailto",
    "MAILTO", "mailto:", "x.example", "?d=1", "#f", ":8080", "@", "www", "é", "ｅ", "\u3002",
    "%2e", "a", "1", "K", "\u212a", "-", "_",
]  # fmt: skip


def test_gate_answers_as_the_full_test() -> None:
    rng = random.Random(7)
    values = ["hello 1", "x" * (_MAX_URL + 5), "a" * _MAX_URL + ".example/x", "mailto:b@x.io"]
    values += [
        "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 7))) for _ in range(30_000)
    ]
    urls = 0
    for v in values:
        got = _whole_url(v)
        assert got == _full(v), v
        urls += got
    assert urls > 500  # (the values hold URLs too: the comparison is not all False)
