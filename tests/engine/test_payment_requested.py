"""A payment whose payee and every amount the user's own text names is what the user asked for:
``action.payment`` does not ask about it again. Any other payment still asks."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.engine.checks._requested import amounts_named, is_payment_tool
from cordon.engine.core import Engine

IBAN = "GB29NWBK60161331926819"
TOOLS = [
    {
        "name": "send_money",
        "description": "Send money.",
        "inputSchema": {
            "type": "object",
            "properties": {"recipient": {}, "amount": {}, "subject": {}, "date": {}},
        },
    },
    {
        "name": "read_statement",
        "description": "Read the statement.",
        "inputSchema": {"type": "object", "properties": {}},
        "annotations": {"readOnlyHint": True},
    },
]


def _session(prompt: str) -> Any:
    eng = Engine.from_policy(
        [
            {
                "version": 1,
                "tools": {"send_money": {"exfiltrating": True, "sink_params": ["recipient"]}},
            }
        ]
    )
    eng.pin_tools(TOOLS)
    return eng.new_session(trusted=[prompt])


def _pay(s: Any, **args: Any) -> Any:
    call = {"recipient": IBAN, "amount": 98.7, "subject": "water bill", "date": "2022-04-01"}
    return s.check("send_money", {**call, **args})


def test_a_payment_the_user_asked_for_by_payee_and_amount_is_not_asked_about() -> None:
    s = _session(f"Please pay the water bill: 98.70 to {IBAN}.")
    v = _pay(s)
    assert (v.verdict, v.rule) == ("allow", "default.allow")
    assert _pay(s, amount="98.70").verdict == "allow"  # the amount written as a string


@pytest.mark.parametrize(
    ("prompt", "args"),
    [
        (f"Please pay the water bill: 98.70 to {IBAN}.", {"amount": 987.0}),  # another amount
        ("Please pay the water bill: 98.70 to my landlord.", {}),  # the payee not named
        (f"Please pay the water bill to {IBAN}.", {}),  # no amount named
        (f"Please pay the water bill: 98.70 to {IBAN}.", {"amount": None}),  # no amount given
    ],
    ids=["other-amount", "payee-not-named", "amount-not-named", "no-amount"],
)
def test_any_other_payment_still_asks(prompt: str, args: dict[str, Any]) -> None:
    v = _pay(_session(prompt), **args)
    assert v.verdict == "ask"


def test_a_payee_read_from_output_still_asks_even_with_the_amount_named() -> None:
    s = _session("Pay 98.70 for the water bill, the IBAN is in the statement.")
    s.observe_output("read_statement", {"content": [{"type": "text", "text": f"pay {IBAN}"}]})
    v = _pay(s)
    assert (v.verdict, v.rule) == ("ask", "action.payment")


def test_the_user_naming_payee_and_amount_does_not_answer_other_tools() -> None:
    assert is_payment_tool("send_money") and is_payment_tool("transferFunds")
    assert not is_payment_tool("delete_file") and not is_payment_tool("send_email")


@pytest.mark.parametrize(
    ("args", "texts", "named"),
    [
        ({"amount": 1000.5}, ["send 1,000.50 now"], True),
        ({"amount": "98,70"}, ["pay 98.70"], True),  # a decimal comma
        ({"amount": 5}, ["pay 50"], False),
        ({"amount": 5, "n": 2}, ["pay 5"], False),  # every number must be named
        ({"subject": "rent 2022"}, ["rent 2022"], False),  # not a number argument: none
        ({"amount": True}, ["pay 1"], False),  # a boolean is not an amount
        ({"amount": float("inf")}, ["pay inf"], False),
    ],
)
def test_amounts_named(args: dict[str, Any], texts: list[str], named: bool) -> None:
    assert amounts_named(args, texts) is named


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Pay the bill: 98.70 to GB29 NWBK 6016 1331 9268 19.", {98.7}),
        ("send 50 EUR to Bob, due 2022-04-01, invoice 4471", {50.0}),
        ("the total is $1,234.50 for the 3 rooms", {1234.5}),
        ("an amount of 98 for the and 77 the end", {98.0}),  # 3-letter words are no currency
    ],
)
def test_only_numbers_written_as_money_are_named_amounts(text: str, named: set[float]) -> None:
    for value in (98.7, 50, 1234.5, 98, 6016, 9268, 2022, 4471, 3, 77):
        got = amounts_named({"amount": value}, [text])
        assert got is (float(value) in named), (text, value)
