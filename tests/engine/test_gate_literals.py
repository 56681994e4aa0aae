"""The substring gates that stand in for a regular-expression search on every call: each
answers as the pattern it replaces does (``rendered.plain_text``'s one-character gates,
``provenance``'s encoding hint), on random strings built from the characters they test."""

from __future__ import annotations

import random
import re

from cordon.engine.provenance import _text
from cordon.engine.provenance.links import may_link
from cordon.engine.rendered import plain_text

#: the patterns the gates replace, as they were written
_ENCODED_HINT = re.compile(r"[%&\\=]|[A-Za-z0-9+/_-]{16,}")
_GATE_CHAR = re.compile(r"[!<(\[{]")

_ALPHABET = 'aZ09+/_-.:@ \n%&\\=!<([{]"é\u200b'


def _strings(seed: int, n: int = 4000) -> list[str]:
    rng = random.Random(seed)
    out = ["", "hello 5", "someone.new5@fresh-domain5.example.net", "a" * 15, "a" * 16]
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(0, 6)):
            if rng.random() < 0.4:
                parts.append("".join(rng.choice("aZ09+/_-") for _ in range(rng.randint(1, 20))))
            else:
                parts.append("".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 4))))
        out.append("".join(parts))
    return out


def test_encoded_hint_is_the_search() -> None:
    for text in _strings(1):
        assert _text.encoded_hint(text) == (_ENCODED_HINT.search(text) is not None), text


def test_runs_at_the_edge_of_sixteen() -> None:
    for n in range(10, 20):
        for text in ("x" * n, f" {'x' * n} ", f"{'y' * 15} {'x' * n}", f"{'x' * (n - 1)}.x"):
            assert _text.encoded_hint(text) == (_ENCODED_HINT.search(text) is not None)


def test_may_link_as_before() -> None:
    for text in _strings(2):
        before = not text.isascii() or "." in text or _ENCODED_HINT.search(text) is not None
        assert may_link(text) == before, text


def test_plain_text_as_before() -> None:
    for text in _strings(3):
        before = (
            _GATE_CHAR.search(text) is None
            and "::" not in text
            and "]:" not in text
            and "@import" not in text
            and text.lstrip()[:1] != '"'
        )
        assert plain_text(text) == before, text
