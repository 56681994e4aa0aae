"""The hex and base32 runs the credential reading decodes, searched only inside the long runs
of the base64 alphabet (:func:`cordon.content._encoded._long_runs`), are the runs a search
of the whole text finds: the same spans, in the same order, cut at ``MAX_RUN`` alike."""

from __future__ import annotations

import base64
import binascii
import random
import re
from collections.abc import Iterator

import pytest

from cordon.content import _encoded
from cordon.content._encoded import MAX_RUN, MIN_RUN


def _whole(cls: bytes, mark: bytes) -> Iterator[tuple[int, int]]:
    """The maximal runs of ``mark`` in ``cls`` of ``MIN_RUN`` or more, by definition."""
    for m in re.finditer(re.escape(mark) + b"{%d,}" % MIN_RUN, cls):
        yield m.start(), min(m.end(), m.start() + MAX_RUN)


def _text(rng: random.Random) -> bytes:
    parts: list[bytes] = []
    for _ in range(rng.randint(1, 14)):
        k = rng.random()
        if k < 0.2:
            parts.append(binascii.hexlify(rng.randbytes(rng.randint(8, 48))))
        elif k < 0.3:
            parts.append(binascii.hexlify(rng.randbytes(rng.randint(8, 48))).upper())
        elif k < 0.45:
            enc = base64.b32encode(rng.randbytes(rng.randint(12, 48))).rstrip(b"=")
            parts.append(enc.lower() if rng.random() < 0.3 else enc)
        elif k < 0.55:
            parts.append(base64.b64encode(rng.randbytes(rng.randint(20, 90))))
        elif k < 0.75:
            alphabet = b"0123456789abcdefABCDEFGHIJKLMNOPQRSTUVWXYZxyz+/=-_ :\n\t.?"
            parts.append(bytes(rng.choice(alphabet) for _ in range(rng.randint(1, 120))))
        else:
            parts.append(rng.choice([b" ", b"\n", b"word ", b"?", b"-", b"/usr/share/", b"="]))
    return b"".join(parts)


@pytest.mark.parametrize("seed", range(8))
def test_class_runs_are_the_whole_text_runs(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        view = _text(rng)
        long = _encoded._long_runs(view.translate(_encoded._B64))
        for table, mark in (
            (_encoded._HEX, b"h"),
            (_encoded._B32, b"b"),
            (_encoded._B32_LOWER, b"b"),
        ):
            got = list(_encoded._class_runs(view, long, table, mark))
            assert got == list(_whole(view.translate(table), mark)), view


def test_a_run_past_max_run_is_cut_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_encoded, "MAX_RUN", 40)
    view = b"x " + b"ab12" * 30 + b" " + b"A" * 33
    long = _encoded._long_runs(view.translate(_encoded._B64))
    # 120 hex digits from 2 (cut at 40), then 33 A's from 123: hex and base32 alike
    assert list(_encoded._class_runs(view, long, _encoded._HEX, b"h")) == [(2, 42), (123, 156)]
    assert list(_encoded._class_runs(view, long, _encoded._B32, b"b")) == [(123, 156)]


def test_hex_and_base32_runs_outside_every_long_run_are_none() -> None:
    # hex and base32 letters, but no run of the base64 alphabet MIN_RUN long: nothing to read
    view = b" ".join([b"deadbeef" * 3, b"ABCDEFGH234567"] * 50)
    assert _encoded._long_runs(view.translate(_encoded._B64)) == []
    assert list(_encoded._kinds(view)) == []
