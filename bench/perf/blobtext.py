"""Deterministic filler text for large tool results: words, numbers, an address now and then.

Shared by the perf servers and the engine benchmark so every measurement reads the same kind
of text (plain prose with a few emails and URLs per kilobyte, like a mailbox or a web page).
"""

from __future__ import annotations

import random

_WORDS = (
    "the quarterly report shows revenue growth in all regions while costs stayed flat and "
    "the team shipped three releases with fixes for login export search and billing issues "
    "customers asked for faster sync better filters and a dark theme on mobile devices"
).split()


def blob_text(size: int, seed: int = 7) -> str:
    """ASCII text of exactly ``size`` characters (and bytes)."""
    rng = random.Random(seed)
    parts: list[str] = []
    n = 0
    i = 0
    chunk_words = [rng.choice(_WORDS) for _ in range(4096)]
    base = " ".join(chunk_words)
    while n < size:
        i += 1
        piece = (
            f"{base[: 900 + (i % 97)]} contact user{i}@mail{i % 13}.example.com or see "
            f"https://docs{i % 7}.example.org/page/{i} ref {i * 7919 % 100000}\n"
        )
        parts.append(piece)
        n += len(piece)
    return "".join(parts)[:size]
