"""The encoded runs' kinds are searched only where their first needle occurs
(:func:`cordon.content._encoded._present`, one Hyperscan pass): the runs found are the same
as with every kind searched, and prose with no needle costs one pass, not seven searches.

A kind skipped where its search would have found a run is a credential neither masked nor
registered (fails open): the needles must be exactly what each search starts from.
"""

from __future__ import annotations

import base64
import gzip
import random

import pytest

from cordon.content import _accel, _encoded

pytestmark = pytest.mark.skipif(not _accel.available(), reason="no hyperscan wheel")

_PROSE = "the quarterly report shows revenue growth in all regions while costs stayed flat\n"
_KEY = b"AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"


def _pieces() -> list[str]:
    b64 = base64.b64encode(_KEY * 3).decode()
    wrapped = "data: |\n  " + "\n  ".join(b64[i : i + 40] for i in range(0, len(b64), 40))
    stream = base64.b64encode(gzip.compress(_KEY)).decode()
    hexrun = _KEY.hex()
    dump = "\n".join(
        f"{i * 16:08x}  " + " ".join(f"{b:02x}" for b in _KEY[i * 16 : i * 16 + 16])
        for i in range(3)
    )
    b32 = base64.b32encode(_KEY).decode().rstrip("=")
    return [wrapped, "key=" + b64, stream, hexrun, dump, b32, b32.lower(), "0x" + hexrun]


def _runs(view: bytes) -> list[tuple[int, int, bytes | None]]:
    return list(_encoded._kinds(view))


def test_the_same_runs_with_the_needles_pass_as_with_every_kind_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(9)
    pieces = _pieces()
    texts = [_PROSE * 1000]
    for _ in range(40):
        chosen = rng.sample(pieces, rng.randrange(1, 4))
        body = [_PROSE * rng.randrange(0, 900) for _ in range(len(chosen) + 1)]
        texts.append("".join(b + "\n" + p + "\n" for b, p in zip(body, chosen, strict=False)))
        texts[-1] += body[-1] + _PROSE * 800
    for text in texts:
        view = text.encode()
        assert len(view) >= _encoded._PRESENT_MIN
        fast = _runs(view)
        with monkeypatch.context() as m:
            m.setattr(_encoded, "_present", lambda v: (True, True, True, True))
            assert fast == _runs(view), text[:200]


def test_prose_without_a_needle_runs_no_kind_search(monkeypatch: pytest.MonkeyPatch) -> None:
    view = (_PROSE * 2000).encode()

    def refuse(*_: object) -> None:
        raise AssertionError("searched")

    for name in ("_wrapped_runs", "_gzip_runs", "_dump_runs", "_long_runs"):
        monkeypatch.setattr(_encoded, name, refuse)
    assert _runs(view) == []
