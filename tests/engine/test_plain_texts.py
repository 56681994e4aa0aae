"""The rendered check's fast path reads a flat call's strings joined (``plain_texts``): the
same answer as :func:`cordon.engine.rendered.plain_text` of each string, on random strings
made of the gates' characters, the pairs, ``@import``, quotes and white space."""

from __future__ import annotations

import random

from cordon.engine.rendered import plain_text, plain_texts

_PIECES = ["!", "<", "(", "[", "{", ":", "]", "@import", "@", "import", '"', " ", "\n", "\t",
           "a", "b", "x@y.example", "hello", "::", "]:", "\u00a0"]  # fmt: skip


def test_joined_is_each_on_random_texts() -> None:
    rng = random.Random(19)
    for _ in range(20_000):
        texts = [
            "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 4)))
            for _ in range(rng.randint(0, 4))
        ]
        assert plain_texts(texts) == all(plain_text(t) for t in texts), texts


def test_no_pair_across_two_texts() -> None:
    assert plain_texts(["a:", ":b"]) and plain_texts(["x]", ":y"]) and plain_texts(["@imp", "ort"])
    assert not plain_texts(["hello", '  "quoted'])
    assert plain_texts(["hello", 'a "quoted" word'])
    assert plain_texts([]) and plain_texts(["someone@example.net", "hello 1"])
