"""``cordon.textnorm.mark_lookalikes`` and ``TaintIndex(spelled=True)``: keys of a look-alike
spelling never fold onto the plain spelling it imitates (threat model S69 F5), while case,
fullwidth forms, ligatures and invisible characters are folded as usual."""

from __future__ import annotations

import base64

import pytest

from cordon.taint import TaintIndex, extract_destinations
from cordon.textnorm import mark_lookalikes

CYR = "ops@\u0445\u043e\u0440.ru"  # Cyrillic х о р: folded key ops@xop.ru
ASCII = "ops@xop.ru"


def _dest(text: str):  # type: ignore[no-untyped-def]
    (d,) = extract_destinations(text)
    return d


@pytest.mark.parametrize(
    "text",
    ["plain ascii ops@xop.ru", "", "Zoë wrote “hi” «à» ‹x›", "José <jose@example.com>"],
)
def test_text_without_look_alikes_is_unchanged(text: str) -> None:
    assert mark_lookalikes(text) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\uff2f\uff30\uff33@example.com", "OPS@example.com"),  # fullwidth: NFKC
        ("of\ufb01ce@example.com", "office@example.com"),  # ligature: NFKC
        ("ops@exam\u200dple.com\u200b", "ops@example.com"),  # invisible: removed
    ],
)
def test_compatibility_forms_and_invisible_characters_fold_as_usual(
    text: str, expected: str
) -> None:
    assert mark_lookalikes(text) == expected


@pytest.mark.parametrize(
    "text", [CYR, "ops@XN--N1AEN.ru", "ops@xn--n1aen.ru", "stra\u00dfe.example", "w\u0456ki.corp"]
)
def test_look_alikes_and_punycode_are_marked(text: str) -> None:
    marked = mark_lookalikes(text)
    assert marked != text
    assert marked.isascii() is False
    # a text never spells a mark: marking the marked text escapes the marks it holds
    assert mark_lookalikes(marked) != marked
    keys = {d.key for d in extract_destinations(marked)}
    assert keys.isdisjoint({d.key for d in extract_destinations(text)})


def test_distinct_look_alikes_stay_distinct() -> None:
    # Cyrillic х and Greek χ both fold to x; marked, they are different characters
    assert mark_lookalikes("\u0445") != mark_lookalikes("\u03c7")


def test_delimiting_quotes_are_never_marked() -> None:
    # ‹ › ‚ fold to < > , in the skeleton, but they end a token: kept
    assert mark_lookalikes("\u2039ops@example.com\u203a") == "\u2039ops@example.com\u203a"


@pytest.mark.parametrize(
    "text",
    [
        f"Email {CYR} now",
        "Email ops@&#x445;&#x43e;&#x440;.ru now",  # HTML entities
        "Email ops@\\u0445\\u043e\\u0440.ru now",  # JSON escapes
        "Email ops@%D1%85%D0%BE%D1%80.ru now",  # percent
        "Email " + base64.b64encode(CYR.encode()).decode() + " now",  # base64
        "Email ops@xn--n1aen.ru now",  # punycode
    ],
)
def test_a_spelled_index_keeps_no_plain_key_of_a_look_alike(text: str) -> None:
    folded = TaintIndex(min_length=1)
    spelled = TaintIndex(min_length=1, spelled=True)
    folded.add_text(text)
    spelled.add_text(text)
    assert folded.lookup(_dest(ASCII)) == "tainted"  # the fold the engine guards against
    assert spelled.lookup(_dest(ASCII)) == "clean"


@pytest.mark.parametrize(
    "text",
    [
        "Email “ops@xop.ru” now",
        "Email ops@xop.ru\u2014thanks",
        "Email Jos\u00e9<ops@xop.ru>",
        "Email \uff2f\uff30\uff33@xop.ru",
        "Email ops@xop.ru\u200b.",
        "Email ops@%78op.ru now",
    ],
)
def test_a_spelled_index_keeps_plain_addresses_beside_non_ascii_characters(text: str) -> None:
    spelled = TaintIndex(min_length=1, spelled=True)
    spelled.add_text(text)
    assert spelled.lookup(_dest(ASCII)) == "tainted"


@pytest.mark.parametrize("c", ["\u0589", "\u3014", "\u2032", "\ufd3e", "\u2039", "\u201c"])
def test_look_alikes_of_punctuation_are_not_marked(c: str) -> None:
    # ։ 〔 ′ ﴾ ‹ “ fold to punctuation: they end a host or a channel as the taint keys read them
    assert mark_lookalikes(f"wiki.corp.example{c}") == f"wiki.corp.example{c}"


def test_a_hyphen_look_alike_is_marked() -> None:
    assert mark_lookalikes("my\u2010company.com") != "my\u2010company.com"


def test_private_use_characters_in_a_text_never_spell_a_mark() -> None:
    mark = mark_lookalikes("\u0445")
    assert mark_lookalikes(mark) != mark
    assert mark_lookalikes(f"ops@{mark}.ru") != f"ops@{mark}.ru"
