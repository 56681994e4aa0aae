"""``private.card_number``'s digit count: a sending call whose strings and integers hold
fewer than 12 decimal digits all together is passed without looking for card numbers. The
count must see every digit a card can be written in (any script's, a JSON number's, digits
spread over arguments), and a call at the threshold must still be read."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.checks import records
from cordon.engine.checks.records import _call_cards, _few_digits, card_numbers

TOOLS: list[dict[str, Any]] = [{"name": "send_email", "inputSchema": {"type": "object"}}]
POLICY: dict[str, Any] = {
    "version": 1,
    "tools": {"send_email": {"exfiltrating": True, "sink_params": ["recipients"]}},
}
TO = ["janeLong@google.com"]
MAESTRO_12 = "675912340006"  # the shortest length a network issues: 12 digits, grouped 4-4-4


def _check(args: dict[str, Any]) -> Any:
    engine = Engine.from_policy([POLICY])
    engine.pin_tools(TOOLS)
    s = engine.new_session(trusted=["Send an email to my wife at 'janeLong@google.com'."])
    return s.check("send_email", args)


def _digits(text: str) -> int:
    return len(re.findall(r"\d", text))


def test_no_network_issues_a_number_shorter_than_the_count() -> None:
    assert records._MIN_DIGITS <= min(min(lengths) for _p, lengths in records._SCHEMES)


def test_a_12_digit_card_is_at_the_threshold_and_still_asked() -> None:
    grouped = f"{MAESTRO_12[:4]} {MAESTRO_12[4:8]} {MAESTRO_12[8:]}"
    assert _digits(grouped) == 12 and not _few_digits(grouped)
    d = _check({"recipients": TO, "body": f"card {grouped}"})
    assert (d.verdict, d.rule) == ("ask", "private.card_number")


def test_a_card_split_over_two_arguments_with_no_other_digit_is_asked() -> None:
    # neither argument alone holds 12 digits: only the call's count together does
    d = _check({"recipients": TO, "subject": "card 4237 4252", "body": "7456 2574"})
    assert (d.verdict, d.rule, d.param) == ("ask", "private.card_number", None)
    d = _check({"recipients": TO, "subject": "card 6759 1234", "body": "0006"})
    assert (d.verdict, d.rule, d.param) == ("ask", "private.card_number", None)


@pytest.mark.parametrize(
    "args",
    [
        {"body": "card ４２３７ ４２５２ ７４５６ ２５７４"},  # fullwidth
        {"body": "card ٤٢٣٧٤٢٥٢٧٤٥٦٢٥٧٤"},  # Arabic-Indic
        {"subject": "card ４２３７ ４２５２", "body": "7456 2574"},  # fullwidth and ASCII, split
        {"subject": "card ٦٧٥٩ ١٢٣٤", "body": "0006"},  # 12 digits in two scripts
    ],
)
def test_digits_of_other_scripts_are_counted(args: dict[str, Any]) -> None:
    d = _check({"recipients": TO, **args})
    assert (d.verdict, d.rule) == ("ask", "private.card_number"), args


def test_a_card_number_sent_as_a_json_integer_is_counted() -> None:
    d = _check({"recipients": TO, "card": 4237425274562574})
    assert (d.verdict, d.rule, d.param) == ("ask", "private.card_number", "card")
    # 4 digits in the strings, 12 in three JSON integers: together a card, split
    d = _check({"recipients": TO, "subject": "card 4237", "a": 4252, "b": 7456, "c": 2574})
    assert (d.verdict, d.rule, d.param) == ("ask", "private.card_number", None)


def test_eleven_digits_pass_and_twelve_are_read() -> None:
    assert _few_digits("hello 12345678901 x")
    assert not _few_digits("hello 123456789012 x")
    assert _few_digits("١٢٣٤٥٦٧٨٩٠١")  # eleven Arabic-Indic digits
    assert not _few_digits("１２３４５６７８９０１２")  # twelve fullwidth ones
    assert _few_digits("")


_ALPHABET = "0123456789 -./\nab@４٢\u0966"  # ASCII, fullwidth, Arabic-Indic, Devanagari digits


def test_the_count_equals_a_count_of_every_decimal_digit() -> None:
    rng = random.Random(19)
    for _ in range(20_000):
        text = "".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 40)))
        assert _few_digits(text) == (_digits(text) < 12), text


def test_a_call_the_count_passes_holds_no_card() -> None:
    # the gate is exact in one direction: whenever it passes a call, the full reading (each
    # text, and the texts' ends joined) finds nothing
    rng = random.Random(7)
    pieces = ["4237", "4252", "7456", "2574", "６７５９", "1234", "0006", " ", "-", "\n", "x"]
    for _ in range(20_000):
        texts = [
            (f"a{i}", "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 5))))
            for i in range(rng.randrange(1, 4))
        ]
        if _few_digits("\n".join(t for _p, t in texts)):
            assert list(_call_cards(texts)) == [], texts
            assert not any(list(card_numbers(t)) for _p, t in texts)
