"""A credential format is searched only in a view that holds its literal
(:func:`cordon.engine.dlp._needed`): a long run of letters or digits (a base64 image a writer
is given, a hex dump) made every format without a literal of its own searched at every
position, ~60 formats of 20-80 characters, seconds of one call's decision a megabyte."""

from __future__ import annotations

import base64
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from cordon.engine.dlp import Detector, _needed, default_detector


@pytest.fixture(scope="module")
def det() -> Detector:
    return default_detector()


@pytest.mark.parametrize(
    ("pattern", "flags", "need"),
    [
        (r"(?<![\w-])xai-[A-Za-z0-9]{80}", 0, "xai-"),  # the look-behind reads no literal
        (r"(?<![\w-])PMAK-[0-9a-f]{24}-[0-9a-f]{34}", 0, "pmak-"),  # the longest run
        (r"[0-9a-z]{32}-us[0-9]{1,2}", 0, "-us"),  # inside the pattern
        (r"tvly-(?:dev-)?[a-z]{32}", 0, "tvly-"),  # an optional group is not required
        (r"(ghp|gho)_[a-z]{36}", 0, "_"),  # a branch is not required
        (r"xox(?:a|b)-\d+", re.IGNORECASE, ""),  # under re.I 's' matches 'ſ': none
        (r"[a-z]{40}", 0, ""),
    ],
)
def test_needed(pattern: str, flags: int, need: str) -> None:
    assert _needed(re.compile(pattern, flags)) == need


def _searched(det: Detector, monkeypatch: pytest.MonkeyPatch, text: str) -> int:
    """How many of the detector's regexes search ``text``'s views."""
    count = [0]

    class Counting:
        def __init__(self, rx: re.Pattern[str]) -> None:
            self.rx, self.flags, self.pattern = rx, rx.flags, rx.pattern

        def finditer(self, view: str) -> Any:
            count[0] += 1
            return self.rx.finditer(view)

    kinds = tuple(replace(k, regexes=tuple(Counting(rx) for rx in k.regexes)) for k in det.kinds)
    monkeypatch.setattr(det, "kinds", kinds)
    list(det.find_text(text))
    return count[0]


@pytest.mark.parametrize(
    "text",
    [
        "a" * 50_000,
        random.Random(7).randbytes(20_000).hex(),
        base64.b64encode(random.Random(8).randbytes(30_000)).decode(),
    ],
)
def test_a_long_run_is_not_searched_by_every_format(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    det = default_detector()
    det._needs = None
    searched = _searched(det, monkeypatch, text)
    det._needs = tuple(("",) * len(k.regexes) for k in det.kinds)  # as before: no literals
    every = _searched(det, monkeypatch, text)
    # before: every format without a literal of its own, in each view (about 60 of ~75)
    assert searched * 3 < every


def test_the_same_hits_as_searching_every_view(det: Detector) -> None:
    from tests.engine.test_dlp import aws_key_id, github_token, jwt, private_key, slack_token

    rng = random.Random(31)
    hexes = "".join(rng.choices("0123456789abcdef", k=128))
    alnum = "".join(
        rng.choices("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", k=128)
    )
    tokens = [
        "sk-or-v1-" + hexes[:64],
        "gsk_" + alnum[:52],
        "xai-" + alnum[:80],
        "PMAK-" + hexes[:24] + "-" + hexes[:34],
        "dapi" + hexes[:32],
        "tvly-dev-" + alnum[:32],
        "glrt-" + alnum[:30],
        "hf_" + "".join(c for c in alnum if c.isalpha())[:34],
        github_token(),
        aws_key_id(),
        jwt(),
        private_key(),
        slack_token(),
        alnum.lower()[:32] + "-us12",
        "//registry.npmjs.org/:_authToken=" + "ab12cd34-" * 4,
    ]
    texts = [f"here: {t} end" for t in tokens] + [f"{t[::-1]}" for t in tokens]
    texts.append(base64.b64encode(" ".join(tokens).encode()).decode())
    plain = Detector.__new__(Detector)
    plain.kinds, plain._memo = det.kinds, {}
    plain._needs = tuple(("",) * len(k.regexes) for k in det.kinds)  # search every view
    found = 0
    for text in texts:
        got = list(det._find_text(text))
        assert got == list(plain._find_text(text)), text
        found += bool(got)
    assert found >= len(tokens)  # (the formats are found, else this compares nothing)
