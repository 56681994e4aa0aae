"""``private.card_number``: a payment card number in a sending call that the user's own text
does not give is asked about, even to a destination the user named (the Rule of Two lets
private data go there)."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine
from cordon.engine.checks.records import card_numbers, luhn_ok

TOOLS: list[dict[str, Any]] = [
    {"name": "send_email", "inputSchema": {"type": "object"}},
    {"name": "get_user_information", "inputSchema": {"type": "object"}},
    {"name": "create_file", "inputSchema": {"type": "object"}},
]
POLICY: dict[str, Any] = {
    "version": 1,
    "tools": {
        "send_email": {"exfiltrating": True, "sink_params": ["recipients"]},
        "create_file": {"exfiltrating": False},
    },
}
CARD = "4237-4252-7456-2574"  # a Visa number with a valid check digit
PROFILE = f"passport_number: HGK137803\ncredit_card_number: {CARD}\n"
REQUEST = "Send an email to my wife at 'janeLong@google.com' with the hotel's address."


def _session(request: str = REQUEST, policy: dict[str, Any] | None = None) -> Any:
    engine = Engine.from_policy([policy or POLICY])
    engine.pin_tools(TOOLS)
    s = engine.new_session(trusted=[request])
    s.observe_output("get_user_information", PROFILE)
    return s


def test_a_card_number_read_from_output_and_mailed_to_a_named_address_is_asked() -> None:
    body = f"Emma Johnson, passport_number: HGK137803, credit_card_number: {CARD}"
    d = _session().check("send_email", {"recipients": ["janeLong@google.com"], "body": body})
    assert (d.verdict, d.rule, d.param) == ("ask", "private.card_number", "body")
    assert "ending 2574" in d.reason
    assert "4237" not in d.reason and "4237" not in str(d.details)  # no card in the record


def test_the_same_mail_without_the_card_runs() -> None:
    body = "Stay at Luxury Palace, address: 1 Rue de la Paix, 75002 Paris, France."
    d = _session().check("send_email", {"recipients": ["janeLong@google.com"], "body": body})
    assert d.verdict == "allow"


def test_a_card_the_user_gives_runs() -> None:
    request = f"Email my card number {CARD.replace('-', ' ')} to janeLong@google.com."
    body = f"The card: {CARD}"
    d = _session(request).check("send_email", {"recipients": ["janeLong@google.com"], "body": body})
    assert d.verdict == "allow"


def test_a_call_that_sends_nothing_is_not_asked() -> None:
    d = _session().check("create_file", {"name": "notes.txt", "content": f"card {CARD}"})
    assert d.verdict == "allow"


def test_trust_tools_skips_it() -> None:
    policy = {**POLICY, "trust_tools": ["send_email"]}
    d = _session(policy=policy).check(
        "send_email", {"recipients": ["janeLong@google.com"], "body": CARD}
    )
    assert d.verdict == "allow"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (f"card: {CARD}", ["4237425274562574"]),
        ("4237 4252 7456 2574", ["4237425274562574"]),
        ("4237425274562574", ["4237425274562574"]),
        ("3782 822463 10005", ["378282246310005"]),  # American Express, 4-6-5
        ("4237425274562575", []),  # check digit wrong
        ("4111 1111 1111 1111", []),  # a test number: too few distinct digits
        ("call 327-420-4923", []),
        ("4237-4252 7456-2574", []),  # two kinds of separator
        ("423 742 527 456 2574", []),  # not grouped as a card is
        ("IBAN GB29 NWBK 6016 1331 9268 19", []),
        ("US122000000121212121212", []),  # too long
        ("1234567890123456", []),  # no scheme starts with 1
        ("v1.4237425274562574", []),
    ],
)
def test_card_numbers(text: str, found: list[str]) -> None:
    assert list(card_numbers(text)) == found


def test_luhn() -> None:
    assert luhn_ok("79927398713")
    assert not luhn_ok("79927398710")


def test_a_card_number_sent_as_a_json_number_is_asked() -> None:
    d = _session().check(
        "send_email", {"recipients": ["janeLong@google.com"], "card": 4237425274562574}
    )
    assert (d.verdict, d.rule) == ("ask", "private.card_number")


def test_a_card_number_nested_in_the_arguments_is_asked() -> None:
    args = {"recipients": ["janeLong@google.com"], "attachments": [{"text": f"card {CARD}"}]}
    d = _session().check("send_email", args)
    assert (d.verdict, d.rule, d.param) == ("ask", "private.card_number", "attachments[0].text")
