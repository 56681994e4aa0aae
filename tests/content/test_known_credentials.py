"""cordon's own credentials masked in a server frame's bytes (``cordon.content.known``)."""

from __future__ import annotations

import json

import orjson
import pytest

from cordon.content.known import MASK, KnownCredentials

KEY = "Zq7Xv2Lm9Rt4Wp8Kd3Hs6Nb1"
SLASHED = "a1B2/c3D4+e5F6/g7H8=="


def _frame(text: str, *, ensure_ascii: bool = True) -> bytes:
    msg = {"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": text}]}}
    return json.dumps(msg, ensure_ascii=ensure_ascii).encode()


def _text(frame: bytes) -> str:
    return str(orjson.loads(frame)["result"]["content"][0]["text"])


def test_a_frame_without_a_credential_is_the_same_object() -> None:
    frame = _frame("nothing to see \u00e9 \u003c")
    assert KnownCredentials([KEY]).mask(frame) is frame


@pytest.mark.parametrize("ensure_ascii", [True, False])
def test_each_json_spelling_is_masked_and_the_frame_stays_json(ensure_ascii: bool) -> None:
    known = KnownCredentials([KEY, SLASHED, "pässwört-Geheim"])
    for value in (KEY, SLASHED, "pässwört-Geheim"):
        frame = _frame(f"key {value} again {value}", ensure_ascii=ensure_ascii)
        out = _text(known.mask(frame))
        assert value not in out and out.count(MASK.decode()) == 2
        escaped = frame.replace(b"/", b"\\/")  # an encoder that escapes the solidus
        assert value not in _text(known.mask(escaped))


def test_a_key_in_an_object_member_name_is_masked() -> None:
    frame = json.dumps({"jsonrpc": "2.0", "id": 1, "result": {f"k{KEY}": 1}}).encode()
    out = orjson.loads(KnownCredentials([KEY]).mask(frame))
    assert list(out["result"]) == [f"k{MASK.decode()}"]


def test_letters_escaped_on_purpose_are_not_masked() -> None:
    # a server that means to hand its key over can always encode it (module docstring)
    spelled = "".join(f"\\u{ord(c):04x}" for c in KEY)
    frame = _frame("x").replace(b'"x"', b'"' + spelled.encode() + b'"')
    assert _text(frame) == KEY
    assert KnownCredentials([KEY]).mask(frame) is frame


def test_a_longer_credential_holding_a_shorter_one_is_masked_whole() -> None:
    long = KEY + "Tail0000"
    out = _text(KnownCredentials([KEY, long]).mask(_frame(f"[{long}]")))
    assert out == f"[{MASK.decode()}]"


def test_short_and_numeric_values_are_not_masked() -> None:
    known = KnownCredentials(["short", "12345678", "1.5e+100"])
    assert not known
    frame = json.dumps({"id": 1, "result": {"n": 123456789, "t": "12345678"}}).encode()
    assert known.mask(frame) is frame


def test_a_credential_added_later_is_masked_from_then_on() -> None:
    known = KnownCredentials()
    frame = _frame(f"token {KEY}")
    assert known.mask(frame) is frame
    known.add(KEY)
    assert KEY not in _text(known.mask(frame))
