"""A payment the user asked for by payee and amount (no policy key needed).

``action.payment`` asks about every call of a tool that moves money. When the user's own text
names the payee and every amount of the call ("pay 98.70 to GB29 NWBK 6016 1331 9268 19"),
the call is what the user asked for: asking again only trains the user to approve. The
``taint`` check answers the ``actions`` ask then, as it does for a ``requires_request`` tool:
every destination of the call must be named by the user (its usual test, look-alike spellings
included), and here also every amount of the call must be one the user wrote as an amount.

What counts, both sides read strictly (an ask whenever in doubt):

* in the user's text, a number written as money: next to a currency sign or code, with two
  decimals, or within two words after "pay", "amount", "total"... The digit groups of an
  account number ("GB29 NWBK 6016 1331 9268 19"), a date or an invoice number are not
  amounts the user named;
* in the call, every JSON number and every string that is a number, anywhere; and an
  argument named like an amount (``amount``, ``total``, ``sum``, ``price``, ``value``...)
  must hold one, written plainly (``"$98.70"``, ``"98.70 EUR"``): another spelling
  (``"1e4"``, ``"9_870"``) is not read, so the payment is asked about. A call with no amount
  argument at all is asked about too.

An injected payment to a payee the user named, for an amount the user named, is the payment
the user asked for; anything else (another payee, another amount, no amount) is asked about.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from cordon.engine.actions import PAYMENT_TOKENS, split_tokens

__all__ = ["amounts_named", "is_payment_tool"]

#: a currency sign, an ISO 4217-shaped code in capitals, or a currency word
_CURRENCY = r"[$€£¥₹₩₽¢]|\b(?:(?-i:[A-Z]{3})|euros?|dollars?|pounds?|francs?|yen)\b"
_MONEY_WORDS = r"pay|paid|paying|payment|amount|total|sum|refund|transfer|send|price|cost|of"
#: a number the user wrote as money: after a currency sign or code, or before one, or with
#: two decimals, or within two words after a money word ("pay 50", "an amount of 98.7")
_TEXT_AMOUNT_RE = re.compile(
    rf"(?:(?:{_CURRENCY})\s?|\b(?:{_MONEY_WORDS})\b(?:\s+[^\s\d]+){{0,2}}\s+)"
    r"(?<![\w.,])(\d+(?:[.,]\d+)*)(?![\w.,]*\d)"
    r"|(?<![\w.,])(\d+(?:[.,]\d+)*)(?=\s?(?:" + _CURRENCY + r"))"
    r"|(?<![\w.,])(\d+[.,]\d{2})(?![\w.,]*\d)",
    re.IGNORECASE,
)
#: a string argument that is a number and nothing else
_WHOLE_NUMBER_RE = re.compile(r"\s*[-+]?\d+(?:[.,]\d+)*\s*")
#: an amount argument written plainly: a number, with a currency sign or code beside it
_ARG_AMOUNT_RE = re.compile(
    rf"\s*(?:{_CURRENCY})?\s*([-+]?\d+(?:[.,]\d+)*)\s*(?:{_CURRENCY})?\s*", re.IGNORECASE
)
#: argument-name tokens of an amount
_AMOUNT_TOKENS = frozenset(
    {"amount", "amt", "total", "sum", "price", "value", "cost", "money", "payment", "fee"}
)


def is_payment_tool(tool: str) -> bool:
    """Whether ``action.payment`` asks about ``tool`` (its name moves money)."""
    ordered = split_tokens(tool)
    return bool(frozenset(ordered) & PAYMENT_TOKENS) or "sendmoney" in "".join(ordered)


#: "1,234,567.89": commas between groups of three (English)
_COMMA_GROUPS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
#: "1.234.567,89": dots between groups of three (German, Spanish, ...)
_DOT_GROUPS = re.compile(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?")


def _readings(written: str) -> set[float]:
    """The values a number written by a person may mean: ``1,000.50`` is 1000.5, ``98,70``
    98.7 (a decimal comma), ``1.000`` 1.0 or 1000 (both kept: either may be meant)."""
    t = written.strip().lstrip("+")
    candidates = [t]
    if _COMMA_GROUPS.fullmatch(t):
        candidates.append(t.replace(",", ""))
    if _DOT_GROUPS.fullmatch(t):
        candidates.append(t.replace(".", "").replace(",", "."))
    if t.count(",") == 1 and "." not in t:
        candidates.append(t.replace(",", "."))
    out: set[float] = set()
    for candidate in candidates:
        try:
            value = float(candidate)
        except ValueError:
            continue
        if math.isfinite(value):
            out.add(value)
    return out


def _numbers(value: Any) -> Iterable[set[float]]:
    """The value of every number among the arguments: a JSON number is exact; a numeric
    string is read as a person writes one (:func:`_readings`)."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int | float):
        yield {float(value)} if math.isfinite(value) else set()
    elif isinstance(value, str):
        if _WHOLE_NUMBER_RE.fullmatch(value):
            yield _readings(value)
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _numbers(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _numbers(v)


def _amount_arguments(arguments: Mapping[str, Any]) -> list[set[float]] | None:
    """The value of each argument named like an amount (an empty set: one not written as a
    plain amount); None when the call has none."""
    found: list[set[float]] = []
    for name, value in arguments.items():
        if not set(split_tokens(str(name))) & _AMOUNT_TOKENS:
            continue
        if isinstance(value, bool) or value is None:
            found.append(set())
        elif isinstance(value, int | float):
            found.append({float(value)} if math.isfinite(value) else set())
        elif isinstance(value, str):
            m = _ARG_AMOUNT_RE.fullmatch(value)
            found.append(_readings(m.group(1)) if m else set())
        else:
            found.append(set())
    return found or None


def amounts_named(arguments: Mapping[str, Any], trusted_texts: Iterable[str]) -> bool:
    """Whether the call names an amount, and the user's text gives every amount and every
    number of the call as money (module docstring)."""
    amounts = _amount_arguments(arguments)
    if amounts is None:
        return False
    wanted = amounts + list(_numbers(arguments))
    if any(not w for w in wanted):
        return False
    said: set[float] = set()
    for text in trusted_texts:
        for m in _TEXT_AMOUNT_RE.finditer(text):
            said |= _readings(next(g for g in m.groups() if g))
    return all(w & said for w in wanted)
