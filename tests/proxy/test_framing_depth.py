"""``may_exceed_depth`` stops at the deciding bracket; its answer is the bracket count's."""

from __future__ import annotations

import random

from cordon.proxy.framing import may_exceed_depth


def _by_count(line: bytes, max_depth: int) -> bool:
    return line.count(b"{") + line.count(b"[") > max_depth


def test_the_answer_is_the_bracket_counts() -> None:
    rng = random.Random(5)
    alphabet = b'{}[]"a:, \\x\n'
    for _ in range(3000):
        line = bytes(rng.choice(alphabet) for _ in range(rng.randrange(0, 200)))
        long = line + b"x" * 70_000 + line  # past the short-line path
        for depth in (0, 1, 2, 5, 16, 64):
            assert may_exceed_depth(line, depth) == _by_count(line, depth), (line, depth)
            assert may_exceed_depth(long, depth) == _by_count(long, depth), (line, depth)


def test_edges() -> None:
    assert not may_exceed_depth(b"", 0)
    assert may_exceed_depth(b"{", 0)
    assert not may_exceed_depth(b"{" * 32 + b"[" * 32, 64)
    assert may_exceed_depth(b"{" * 32 + b"[" * 33, 64)
    assert may_exceed_depth(b"[" * 65, 64)
    assert not may_exceed_depth(b"x" * 10_000_000, 64)
