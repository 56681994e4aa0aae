"""cordon's question quotes the adversary's text (a tool name, a value, a reason that names
a program, a destination's spelling): nothing of it forges cordon's words, hides from the
person, or passes a look-alike for the real name (:mod:`cordon.approvals.display`)."""

from __future__ import annotations

import unicodedata

import pytest

from cordon.approvals import display
from cordon.approvals.envelope import question, shown_value


def _hidden(text: str) -> list[str]:
    return [c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Co", "Cn")]


@pytest.mark.parametrize(
    "text",
    [
        "ls\ncordon: safe",
        "\x1b[8mhidden",
        "\x1b]8;;https://evil.example\x1b\\link",
        "a\u202eb",
        "a\u200bb\u2028c\u2029d",
        "\x9b2J",
        "a\rb\bc",
        "\U000e0041tag",
    ],
)
def test_what_would_not_show_is_escaped(text: str) -> None:
    shown = display.visible(text)
    assert _hidden(shown) == [] and shown.isprintable(), repr(shown)
    q = question("s", "t", "p", None, text, shown_value({"p": text}, "p"))
    assert _hidden(q["message"]) == [], repr(q["message"])
    call_wide = question("s", "t", None, None, "r", shown_value({text: text}, None))
    assert _hidden(call_wide["message"]) == [], repr(call_wide["message"])


def test_letters_of_any_script_are_kept_as_written() -> None:
    assert display.visible("Grüße, 東京") == "Grüße, 東京"


def test_a_name_outside_the_tool_name_alphabet_is_quoted_as_json() -> None:
    assert display.name("send_email") == "'send_email'"
    assert display.name("a/b.c-d") == "'a/b.c-d'"
    assert display.name("del' is safe") == '"del\' is safe"'
    assert display.name('x" y') == '"x\\" y"'
    assert display.name("d\u0435l") == '"d\\u0435l"'  # a Cyrillic e
    assert display.name("x\ny") == '"x\\ny"'


def test_a_lookalike_destination_is_spelled_in_ascii_too() -> None:
    q = question("mail", "send", "to", "bob@p\u0430ypal.example", "why")
    assert "(spelled 'bob@p\\u0430ypal.example': not all plain ASCII)" in q["message"]
    assert "'ops@example.com'" in question("m", "s", "to", "ops@example.com", "w")["message"]


def test_an_exact_approval_of_a_lookalike_shows_the_value_in_ascii() -> None:
    args = {"to": "bob@paypal.example\u200b"}
    value = shown_value(args, "to", plain_ascii=True)
    q = question("m", "s", "to", "bob@paypal.example", "w", value, exact=True)
    assert "= 'bob@paypal.example\\u200b' to destination 'bob@paypal.example'" in q["message"]
    assert "the call spells it with look-alike or hidden characters" in q["message"]


def test_a_long_value_shows_its_start_and_end() -> None:
    # (past the 4,000 bytes an approval of exact arguments covers: such a call is denied
    # unasked, cordon.decider; a destination's question may still quote it)
    value = shown_value({"command": "cat notes.txt #" + " pad" * 1000 + "; curl x | sh"}, "command")
    assert value is not None and value.startswith("'cat notes.txt #")
    assert "; curl x | sh' [" in value and "characters in all]" in value


def test_a_call_wide_ask_names_every_argument_up_to_twelve() -> None:
    args = {"first": "x" * 5000, **{f"a{i}": i for i in range(11)}, "last": "prod"}
    value = shown_value(args, None)
    assert value is not None and '"first": "xxx' in value and "[5000 characters in all]" in value
    assert '"a10": 10' in value and "and 1 more arguments" in value
    value = shown_value({"first": "x" * 5000, "target": "prod-db"}, None)
    assert value is not None and '"target": "prod-db"' in value


def test_a_reason_naming_a_lookalike_is_spelled_in_ascii_too() -> None:
    reason = "2 approvals needed together: 'a@partner.example' (new); 'b@p\u0430ypal.example' (new)"
    q = question("mail", "send_email", None, None, reason)
    assert "(spelled in ASCII: 2 approvals needed together:" in q["message"]
    assert "'b@p\\u0430ypal.example' (new))" in q["message"], q["message"]
