"""Outbound DLP's quiet call (``dlp._all_quiet``): one test of a call's strings and the seams
of its joined views, instead of each string and each whole view, must never skip a string
or view the full reading would find something in.

Every credential here is built at run time from pieces, so no literal in this file looks like a
live secret."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from cordon import textnorm
from cordon.engine import dlp
from cordon.engine.dlp import Detector, Hit, default_detector, joined_views, string_leaves
from cordon.engine.walk import walk
from cordon.textnorm import has_decoder_hint

# pieces that make hints only together (a literal or a run cut in two), hints, and plain text
_PIECES = [
    "PRIVATE", " KEY", "PRIVATE K", "EY", "-----BEGIN RSA ", "PuTTY-", "User-Key", "PuTTY-User",
    "-Key", "xn", "-", "--", "XN", "x", "n-", "AKIA", "ASIA", "gh" + "p_", "npm_", "sk-ant-",
    "A", "B7", "Q", "abc", "defgh", "ijklmnop", "0123", "45678", "+", "/", "_", "=", "%", "&",
    "\\", " ", ".", "@", ",", ":", "\n", "\t", "é", "\u200b", "ｘ", "Z" * 11, "z" * 15, "9" * 7,
    "someone.new1@fresh-domain1.example.net", "hello 1", "https://x.example/?a=b",
]  # fmt: skip


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 5)))


def _arguments(rng: random.Random) -> Any:
    """A call's arguments: mostly flat objects of strings, some nested, some with non-strings."""
    out: dict[str, Any] = {}
    for i in range(rng.randint(0, 9)):
        kind = rng.random()
        key = rng.choice(["to", "body", f"k{i}", _text(rng) or "x", "PRIVATE"])
        if kind < 0.7:
            out[key] = _text(rng)
        elif kind < 0.85:
            out[key] = [_text(rng) for _ in range(rng.randint(0, 3))]
        elif kind < 0.95:
            out[key] = {"a": _text(rng), "b": [_text(rng), 3]}
        else:
            out[key] = rng.choice([1, None, True, 2.5])
    return out


def _quiet(text: str) -> bool:
    """Quiet in the fast path's sense: ASCII, no key marker or run, no decoder hint."""
    return text.isascii() and not dlp._hinted(text) and not has_decoder_hint(text)


def _full_hits(det: Detector, arguments: Any) -> Iterator[tuple[Hit, str]]:
    """What :meth:`Detector.hits` read before the quiet test: every string, every joined view."""
    for path, text in string_leaves(arguments, keys=True):
        for hit in det.find_text(text):
            yield hit, path
    for joined in joined_views(arguments):
        for hit in det.find_text(joined):
            if hit.encoding == "plain":
                hit = Hit(hit.kind, hit.secret_type, hit.value, "joined")
            yield hit, ""


@pytest.mark.parametrize("seed", range(4))
def test_a_quiet_call_has_every_string_and_joined_view_quiet(seed: int) -> None:
    rng = random.Random(seed)
    quiet_calls = 0
    for _ in range(5000):
        arguments = _arguments(rng)
        w = walk(arguments)
        texts = [t for _, t in w.texts]
        if not dlp._all_quiet(texts, w.values):
            continue
        quiet_calls += 1
        for text in [*texts, *joined_views(arguments, w.values)]:
            assert _quiet(text), (arguments, text)
    assert quiet_calls > 500  # (the generator makes quiet calls, not only noisy ones)


@pytest.mark.parametrize("seed", range(2))
def test_hits_are_those_of_reading_every_string_and_view(seed: int) -> None:
    det = default_detector()
    rng = random.Random(100 + seed)
    for _ in range(3000):
        arguments = _arguments(rng)
        want = list(_full_hits(det, arguments))
        assert list(det.hits(arguments, walk(arguments))) == want, arguments
        assert list(det.hits(arguments)) == want, arguments


def test_a_hint_only_across_two_values_is_not_quiet() -> None:
    """The seams: a run, a key marker or a decoder hint that only the joined views have."""
    run = "AbCdEfGh"
    for values in (
        [run, run],  # a 16-run in "".join(values)
        ["xyz PRIVATE", " KEY abc"],
        ["abc x", "n--b"],  # "xn--", a punycode label, in the view only
        ["q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8"],  # a run over seven seams
        ["zz Qwert", " ", "yuiopas zz"],  # a pair not adjacent in either order: "Qwertyuiopas"
    ):
        texts = list(values)
        assert all(_quiet(v) for v in values), values
        assert not dlp._all_quiet(texts, values), values
        assert not all(_quiet(j) for j in joined_views(None, values)), values


def test_a_joined_credential_is_still_found() -> None:
    """An AWS key id split across two arguments: each half quiet, the call not."""
    key_id = "AKIA" + "Q7RBNS3T5VX2ZC4M"
    arguments = {"a": key_id[:9], "b": key_id[9:]}
    hits = list(default_detector().hits(arguments, walk(arguments)))
    assert [(h.kind, h.encoding, path) for h, path in hits] == [("aws", "joined", "")]


@pytest.mark.parametrize("seed", range(2))
def test_the_decoder_hint_is_a_substring_test(seed: int) -> None:
    """``has_decoder_hint`` is true for a text exactly when one of its literals is in it or a
    run start (the backtracking pattern) matches somewhere: what ``_all_quiet`` relies on."""
    rng = random.Random(200 + seed)
    start = re.compile(r"[A-Z0-9+/_-][A-Za-z0-9+/_-]{11}")
    literals = ("%", "&", "\\", "=", "xn--", "XN--")
    for _ in range(20000):
        text = _text(rng) + _text(rng)
        want = any(x in text for x in literals) or start.search(text) is not None
        assert has_decoder_hint(text) is want, text


_WIDE = "AZaz09+/_-=.@ \n\r\t%&\\éÀ\u200b\ud800xnX" + "abcXYZ019+-_/" * 3


@pytest.mark.parametrize("seed", range(2))
def test_the_run_tests_on_class_bytes_are_the_patterns(seed: int) -> None:
    """The run start of the decoder hint and DLP's run of 16, found in translated bytes, are
    the patterns searched in the text (non-ASCII and lone surrogates included for the first;
    the second reads ASCII only), across the length where the first switches to its scan."""
    rng = random.Random(300 + seed)
    start = re.compile(r"[A-Z0-9+/_-][A-Za-z0-9+/_-]{11}")
    run16 = re.compile(r"[A-Za-z0-9_+/=-]{16}")
    for i in range(20000):
        n = rng.randint(4080, 4110) if i % 50 == 0 else rng.randint(0, 40)
        text = "".join(rng.choice(_WIDE) for _ in range(n))
        assert textnorm._may_have_runs(text) is (start.search(text) is not None), text
        ascii_text = text.encode("ascii", "ignore").decode()
        assert dlp._run16(ascii_text) is (run16.search(ascii_text) is not None), ascii_text
