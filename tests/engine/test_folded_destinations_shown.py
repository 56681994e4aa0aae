"""An ask covering several destinations never lists a look-alike spelling as the address it
imitates.

The homograph attack (IDN homographs, Unicode TR #36; punycode ``xn--`` labels): taint folds
``alice@pаypal.com`` (a Cyrillic ``а``) and ``alice@xn--pypal-4ve.com`` to the key
``alice@paypal.com`` so that a spelling cannot dodge a tainted address. That key is what the
ask's destination holds; an ask about one destination says the call spells it otherwise and
shows the value, but an ask about several listed the keys bare: the person read "approve
'bob@example.com', 'alice@paypal.com'" and approved mail to the attacker's domain.
"""

from __future__ import annotations

import pytest

from cordon import Engine
from cordon._types import Verdict
from cordon.decider import _shown_whole

LOOKALIKES = ["alice@p\u0430ypal.com", "alice@xn--pypal-4ve.com", "alice@PAYP\u0391L.com"]


def _send(to: list[str]) -> Verdict:
    eng = Engine.from_policy([{"version": 1, "tools": {"send": {"sink_params": ["to"]}}}])
    eng.pin_tools([{"name": "send", "inputSchema": {"type": "object"}}])
    return eng.new_session().check("send", {"to": to, "body": "hi"})


@pytest.mark.parametrize("spelled", LOOKALIKES)
def test_a_look_alike_spelling_is_named_as_one_in_a_call_wide_ask(spelled: str) -> None:
    v = _send(["bob@example.com", spelled])
    assert v.verdict == "ask" and len(v.details["approval_keys"]) == 2, v
    start = v.reason.split(": ", 1)[0]
    assert "'bob@example.com'" in start, v.reason
    assert "a look-alike spelling of 'alice@paypal.com' (another address)" in start, v.reason
    assert ", 'alice@paypal.com'" not in start, v.reason
    # the decider recomputes the same start: the ask is shown, not denied as unshowable
    assert _shown_whole(v) is v


def test_the_real_address_beside_its_look_alike_is_listed_plainly_too() -> None:
    """Both spellings fold to one key: the list warns (fail closed), the plain one is not
    hidden by it."""
    v = _send(["alice@paypal.com", "alice@p\u0430ypal.com", "bob@example.com"])
    assert v.verdict == "ask", v
    assert "look-alike spelling of 'alice@paypal.com'" in v.reason, v.reason
    assert "'bob@example.com'" in v.reason, v.reason


def test_plain_destinations_are_listed_as_before() -> None:
    v = _send(["bob@example.com", "carol@example.org"])
    assert v.verdict == "ask", v
    assert "for 'bob@example.com', 'carol@example.org':" in v.reason, v.reason
    assert "look-alike" not in v.reason and "approval_folded" not in v.details, v.details


def test_the_folded_keys_are_recorded_for_the_decider() -> None:
    v = _send(["bob@example.com", "alice@xn--pypal-4ve.com"])
    assert v.details["approval_folded"] == ["alice@paypal.com"], v.details
