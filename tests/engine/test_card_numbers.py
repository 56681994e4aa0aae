"""``private.card_number``: a payment card number in a sending call that the user's own text
does not give is asked about, even to a destination the user named (the Rule of Two lets
private data go there)."""

from __future__ import annotations

import random
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
        ("4237-4252 7456-2574", ["4237425274562574"]),  # two kinds of separator
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


FULLWIDTH = "４２３７ ４２５２ ７４５６ ２５７４"
ARABIC_INDIC = "٤٢٣٧٤٢٥٢٧٤٥٦٢٥٧٤"


@pytest.mark.parametrize(
    "body",
    [
        "card 4237.4252.7456.2574",  # dots, as some receipts print
        "card 4237\u00a04252\u00a07456\u00a02574",  # no-break spaces (copied from HTML)
        "card 4237\u20094252\u20097456\u20092574",  # thin spaces
        "card 4237\u20074252\u20077456\u20072574",  # figure spaces
        "card 4237  4252  7456  2574",  # two spaces
        "card 4237\t4252\t7456\t2574",
        "card 4237/4252/7456/2574",
        "card 4237_4252_7456_2574",
        "card 4237–4252–7456–2574",  # en dash
        "card 4237—4252—7456—2574",  # em dash
        "card 4237 - 4252 - 7456 - 2574",
        f"card {FULLWIDTH}",
        f"card {ARABIC_INDIC}",
        "card 4237 4252 7456 2574 exp 12/27",
        "card 4237 4252 7456 2574 12/27",  # the expiry right after it
    ],
)
def test_a_card_number_in_any_separator_or_digits_is_asked(body: str) -> None:
    d = _session().check("send_email", {"recipients": ["janeLong@google.com"], "body": body})
    assert (d.verdict, d.rule) == ("ask", "private.card_number"), body


def test_a_card_number_split_over_two_arguments_is_asked() -> None:
    args = {"recipients": ["janeLong@google.com"], "subject": "card 4237 4252", "body": "7456 2574"}
    d = _session().check("send_email", args)
    assert (d.verdict, d.rule, d.param) == ("ask", "private.card_number", None)
    assert "together" in d.reason


def test_two_numbers_in_two_arguments_that_make_no_card_run() -> None:
    args = {
        "recipients": ["janeLong@google.com"],
        "subject": "order 4237 4252",
        "body": "7456 2575",
    }
    assert _session().check("send_email", args).verdict == "allow"


@pytest.mark.parametrize(
    "given", ["4237.4252.7456.2574", "４２３７４２５２７４５６２５７４", "4237 4252 7456 2574"]
)
def test_a_card_the_user_gives_in_another_format_runs(given: str) -> None:
    request = f"Email my card {given} to janeLong@google.com."
    args = {"recipients": ["janeLong@google.com"], "body": f"card {CARD}"}
    assert _session(request).check("send_email", args).verdict == "allow"


def test_another_card_than_the_one_the_user_gives_is_asked() -> None:
    request = "Email my card 4237.4252.7456.2574 to janeLong@google.com."
    args = {"recipients": ["janeLong@google.com"], "body": "card 4000 0566 5566 5556"}
    d = _session(request).check("send_email", args)
    assert (d.verdict, d.rule) == ("ask", "private.card_number")


def _with_check_digit(body: str) -> str:
    return next(body + c for c in "0123456789" if luhn_ok(body + c))


#: an issuer prefix and length of each network (a number is made with a valid check digit)
NETWORKS = [
    ("423742527456", 16),  # Visa
    ("423742527456", 19),
    ("51234", 16),  # Mastercard
    ("27201", 16),
    ("22219", 16),
    ("34827", 15),  # American Express
    ("37193", 15),
    ("601172", 16),  # Discover
    ("64519", 19),
    ("622126", 16),
    ("35287", 16),  # JCB
    ("3589", 19),
    ("30569", 14),  # Diners Club
    ("36271", 14),
    ("62170", 16),  # UnionPay
    ("62170", 19),
    ("675964", 16),  # Maestro
    ("501837", 19),
    ("22031", 16),  # Mir
    ("60728", 16),  # RuPay
    ("5061234", 19),  # Verve
    ("979256", 16),  # Troy
]


@pytest.mark.parametrize(("prefix", "length"), NETWORKS)
def test_every_network_is_caught_whole_and_grouped(prefix: str, length: int) -> None:
    body = (prefix + "3141592653589793238")[: length - 1]
    card = _with_check_digit(body)
    assert list(card_numbers(f"card {card}")) == [card]
    if length == 16:
        grouped = " ".join(card[i : i + 4] for i in range(0, 16, 4))
        assert list(card_numbers(f"card {grouped}")) == [card]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("4237 425 274 564", ["4237425274564"]),  # an old 13-digit Visa, 4-3-3-3
        ("4237425274564", []),  # 13 digits as one run: an EAN-13 barcode's length
        ("5018 1234 5673", ["501812345673"]),  # a grouped 12-digit Maestro
        ("501812345673", []),  # a UPC-A barcode's length
        ("4 006381 333931", []),  # an EAN-13 as it prints under the bar code
        ("5712345678901234", []),  # 57: no network issues 16 digits there
        ("6912345678901236", []),  # 69: Maestro's old range, not issued now
    ],
)
def test_lengths_and_prefixes_each_network_issues(text: str, found: list[str]) -> None:
    assert list(card_numbers(text)) == found


def _ean13(rng: random.Random, prefix: str) -> str:
    body = prefix + "".join(rng.choice("0123456789") for _ in range(12 - len(prefix)))
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return body + str((10 - s % 10) % 10)


@pytest.mark.parametrize("prefix", ["", "4", "50", "57", "690"])
def test_ean13_barcodes_are_not_cards(prefix: str) -> None:
    """Before the lengths per network, ~10% of the barcodes with these prefixes passed (the
    Luhn check at chance); the uniform set 2.3%."""
    rng = random.Random(7)
    hits = sum(1 for _ in range(5000) if list(card_numbers("item " + _ean13(rng, prefix))))
    assert hits == 0


def test_random_16_digit_ids_are_rarely_cards() -> None:
    """Random 16-digit IDs that start with 6 passed at 10.0% (Maestro's old 6x range) and
    uniform ones at 3.9%; with the ranges each network issues 3.8% and 2.8%: the issuer
    ranges cover ~28% of 16-digit prefixes and the Luhn check passes one in ten."""
    rng = random.Random(7)
    six = ["6" + "".join(rng.choice("0123456789") for _ in range(15)) for _ in range(5000)]
    uniform = ["".join(rng.choice("0123456789") for _ in range(16)) for _ in range(5000)]
    assert sum(1 for x in six if list(card_numbers(x))) < 5000 * 0.05
    assert sum(1 for x in uniform if list(card_numbers(x))) < 5000 * 0.035


def test_numbers_one_a_line_are_not_one_number() -> None:
    assert list(card_numbers("4237\n4252\n7456\n2574")) == []
    assert list(card_numbers("4237\r\n4252\r\n7456\r\n2574")) == []
    assert list(card_numbers("4237\t4252\t7456\t2574")) == ["4237425274562574"]


def test_a_card_number_split_over_three_arguments_around_long_text_is_asked() -> None:
    args = {
        "recipients": ["janeLong@google.com"],
        "subject": "x " * 200 + "4237",
        "body": "4252-7456",
        "footer": "2574 " + "y " * 200,
    }
    d = _session().check("send_email", args)
    assert (d.verdict, d.rule, d.param) == ("ask", "private.card_number", None)
    args["body"] = "4252 " + "z " * 100 + "7456"  # the middle of a long argument is not an end
    assert _session().check("send_email", args).verdict == "allow"
