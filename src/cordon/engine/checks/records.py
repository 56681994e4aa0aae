"""``private.card_number``: a payment card number in a sending call, that the user's own
text does not give, is asked about.

Taint gates where data goes, and the Rule of Two asks before private data leaves, except to
a destination the user named: a request that names the user's wife's address for one e-mail
lets any e-mail to that address through, the one an injection writes with the user's card
and passport numbers in it included ("just send this information to my wife's address").
A payment card number is the private record that is worth most to a fraudster and that a
format says is one: 12 to 19 digits (ISO/IEC 7812) whose last is the Luhn check digit, with
an issuer prefix of a card scheme (Visa, Mastercard, American Express, Discover, JCB, Diners
Club, UnionPay, Maestro, Mir, RuPay), written whole, in groups of digits or as a JSON
number, anywhere in the arguments. PCI DSS calls it the primary account number and treats
it as cardholder data wherever it travels.

A sending call (``taint``'s ``sending`` fact) that carries one is asked about unless the
user's own text (the request, the prompts a client's hook hands in) gives the same digits:
"send my card number 4111 1111 1111 1111 to the travel agent" runs; the card the agent read
in the user's profile and put into an e-mail nobody asked for is asked about, whatever the
destination. The ask names the card by its last four digits only (the audit record keeps no
card number). ``trust_tools`` skips it, as it skips the other built-in action asks.

Not caught (docs/threat-model.md): a card number split, spelled out or encoded; other private
records (passport, national ID, bank account numbers have no format that tells them from
other numbers).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result, with_dests
from cordon.engine.walk import call_walk

__all__ = ["card_numbers", "luhn_ok"]

#: digits in groups with one space or dash between them, 12 to 19 in all (checked below)
_CANDIDATE = re.compile(r"(?<![\d.,/-])\d(?:[ -]?\d){11,18}(?![\d]|[.,/-]\d)")
#: issuer prefixes of the card schemes (ISO/IEC 7812 IIN ranges each scheme publishes),
#: with the lengths each issues
_SCHEMES: tuple[tuple[re.Pattern[str], frozenset[int]], ...] = (
    (re.compile(r"4"), frozenset({13, 16, 19})),  # Visa
    (re.compile(r"5[1-5]|2(?:2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)"),
     frozenset({16})),  # Mastercard
    (re.compile(r"3[47]"), frozenset({15})),  # American Express
    (re.compile(r"6011|64[4-9]|65"), frozenset({16, 19})),  # Discover
    (re.compile(r"35(?:2[89]|[3-8]\d)"), frozenset({16, 17, 18, 19})),  # JCB
    (re.compile(r"3(?:0[0-5]|[689])"), frozenset({14, 16, 19})),  # Diners Club
    (re.compile(r"62"), frozenset({16, 17, 18, 19})),  # UnionPay
    (re.compile(r"5[06-8]|6\d"), frozenset({12, 13, 14, 15, 16, 17, 18, 19})),  # Maestro
    (re.compile(r"220[0-4]"), frozenset({16})),  # Mir
    (re.compile(r"60|65|81|82|508"), frozenset({16})),  # RuPay
)  # fmt: skip


#: how cards print their digits: groups of four (the last may be shorter), American Express's
#: 4-6-5, Diners Club's 4-6-4
_GROUPINGS = frozenset(
    {(4, 4, 4, 4), (4, 4, 4, 4, 3), (4, 4, 4, 4, 2), (4, 4, 4, 4, 1), (4, 4, 4, 3),
     (4, 4, 4, 2), (4, 4, 4, 1), (4, 4, 4), (4, 6, 5), (4, 6, 4), (4, 4, 4, 4, 4)}
)  # fmt: skip


def luhn_ok(digits: str) -> bool:
    """The Luhn check (ISO/IEC 7812-1 annex B) over a string of digits."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _is_card(digits: str) -> bool:
    if len(set(digits)) < 4:  # 0000 0000 ..., 4444 4444 ...: not an issued card
        return False
    if not any(p.match(digits) and len(digits) in n for p, n in _SCHEMES):
        return False
    return luhn_ok(digits)


def card_numbers(text: str) -> Iterator[str]:
    """The payment card numbers in ``text``, as digits only."""
    for m in _CANDIDATE.finditer(text):
        raw = m.group()
        if " " in raw and "-" in raw:
            continue  # one kind of separator per number
        groups = tuple(len(g) for g in re.split(r"[ -]", raw))
        if len(groups) > 1 and groups not in _GROUPINGS:
            continue  # grouped as a phone or an account number is, not as a card is
        digits = raw.replace(" ", "").replace("-", "")
        if _is_card(digits):
            yield digits


def _given(texts: Iterable[str]) -> set[str]:
    return {c for t in texts for c in card_numbers(t)}


def _texts(ctx: Context) -> Iterator[tuple[str, str]]:
    """(path, text) for every string of the call, and every integer (a card number sent as
    a JSON number)."""
    walk = call_walk(ctx)
    for path, _key, text in walk.strings:
        yield path, text
    for path, _key, value in walk.scalars:
        if isinstance(value, int) and not isinstance(value, bool):
            yield path, str(value)


def run(ctx: Context, facts: Facts) -> Result:
    if not facts.sending:
        return PASS
    s = ctx.session
    policy = s.engine.policy
    sp = policy.servers.get(ctx.server)
    if ctx.tool in policy.trust_tools or (sp is not None and ctx.tool in sp.trust_tools):
        return PASS
    given: set[str] | None = None
    for path, text in _texts(ctx):
        for card in card_numbers(text):
            if given is None:
                given = _given(s.trusted_texts)
            if card in given:
                continue
            v = Verdict(
                verdict="ask",
                rule=rules.PRIVATE_CARD_NUMBER,
                reason=(
                    f"argument '{path}' carries a payment card number (ending {card[-4:]}) "
                    "that the user's request does not give"
                ),
                param=path or None,
                details={"card": f"ending {card[-4:]}"},
            )
            return Result(asks=(with_dests(v, facts.destinations),))
    return PASS


CHECK = Check("records", run, (rules.PRIVATE_CARD_NUMBER,))
