"""A registered secret that is all digits may not leave as a JSON number either.

A client or a library caller sends ``{"n": 4111111111111111}`` as readily as the string; the
server reads the same digits. Integer leaves (not booleans) are matched as their decimal
text, and the audit log keeps such a number as the withheld marker."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.engine.dlp import withhold
from cordon.engine.secrets import SecretSet, check_secrets

_CARD = "4111111111111111"
_LONG = "123456789012345678901234567890"


def _set() -> SecretSet:
    s = SecretSet()
    s.add(_CARD, name="CARD")
    s.add(_LONG, name="LONG_NUMBER")
    return s


@pytest.mark.parametrize(
    "arguments",
    [
        {"n": int(_CARD)},
        {"n": int(_LONG)},
        {"a": [1, {"b": int(_LONG)}]},
        {"n": -int(_CARD)},
        {"a": "card ending", "b": int(_CARD[:8]), "c": int(_CARD[8:])},  # split across values
    ],
)
def test_a_secret_sent_as_a_number_is_denied(arguments: dict[str, Any]) -> None:
    v = check_secrets(arguments, _set(), sending=True)
    assert v is not None and v.verdict == "deny" and v.rule == "secret.egress", v
    kept = repr(withhold(arguments, _set()))
    assert _CARD not in kept and _LONG not in kept and _CARD[8:] not in kept, kept


def test_other_numbers_and_booleans_pass() -> None:
    s = _set()
    for arguments in ({"n": 4111111111111112}, {"n": True, "m": 0, "f": 4111111111111111.5}):
        assert check_secrets(arguments, s, sending=True) is None
        assert withhold(arguments, s) is arguments
    # a whole float is the integer to a lax server (JSON.parse, int(x)): refused as it is
    v = check_secrets({"f": 4.111111111111111e15}, s, sending=True)
    assert v is not None and v.rule == "secret.egress"
