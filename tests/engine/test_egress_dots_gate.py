"""Egress passes over a value under a key that names no host or URL when a dot is its only
address character (``_dots_only``: an e-mail address, a sentence) without running the text
passes: whatever it passes over, those passes find nothing in, in either egress mode, and
the URL rewrite leaves it as it is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.egress import _dots_only, _judge_text, check_egress
from cordon.textnorm import canonical_urls

_PIECES = [
    "a", "someone", "@", ".", "example", "net", " ", "1", "169", "254", "10", "0",
    "metadata", "METADATA", "google", "internal", "instance-data", "ec2", "Instance-Data",
    ":", "/", "\\", "%2e", "\t", "\n", "\r", "\u3002", "\uff0e", "[", "]", "::1", "fd00",
    "localhost", "http", "file", "burpcollaborator", "oast",
]  # fmt: skip


def _policies() -> list[Any]:
    out = []
    for egress in (None, {"mode": "allowlist", "allow": ["ok.example"]}):
        policy: dict[str, Any] = {"version": 1}
        if egress is not None:
            policy["egress"] = egress
        out.append(Engine.from_policy([policy]).egress)
    return out


def test_what_it_passes_over_no_pass_objects_to() -> None:
    rng = random.Random(19)
    policies = _policies()
    passed = 0
    for _ in range(30_000):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(1, 9)))
        if _dots_only(text):
            passed += 1
            assert canonical_urls(text) == text, text
            for policy in policies:
                assert list(_judge_text(text, "", policy)) == [], text
    assert passed > 2000


@pytest.mark.parametrize(
    "body",
    [
        "see 169.254.169.254 now",  # a dotted quad: a digit after a dot
        "see metadata.google.internal now",
        "see INSTANCE-DATA.ec2.internal now",
        "see http://10.0.0.1/x",
        "see 10\u30020\u30020\u30021",  # ideographic full stops: not ASCII
    ],
)
def test_what_it_must_not_pass_over_is_still_judged(body: str) -> None:
    assert not _dots_only(body)
    v = check_egress({"body": body}, _policies()[0])
    assert v is not None and v.verdict == "deny", body


def test_an_address_and_a_sentence_pass() -> None:
    assert _dots_only("someone.new5@fresh-domain5.example.net")
    assert _dots_only("Thanks. See you on Monday.")
    assert check_egress({"body": "someone.new5@fresh-domain5.example.net"}, _policies()[1]) is None
