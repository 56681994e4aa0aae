"""A payment the user asked for by payee and amount (no policy key needed).

``action.payment`` asks about every call of a tool that moves money. When the user's own text
names the payee and every amount of the call ("pay 98.70 to GB29 NWBK 6016 1331 9268 19"),
the call is what the user asked for: asking again only trains the user to approve. The
``taint`` check answers the ``actions`` ask then, as it does for a ``requires_request`` tool:
every destination of the call must be named by the user (its usual test, look-alike spellings
included), and here also every number among the arguments must appear in the user's text.
An injected payment to a payee the user named, for an amount the user named, is the
payment the user asked for; anything else (another payee, another amount, no amount at all)
is still asked about.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from cordon.engine.actions import PAYMENT_TOKENS, split_tokens

__all__ = ["amounts_named", "is_payment_tool"]

#: a number as people write amounts: digits, with "," or "." between groups or before cents
_NUMBER_RE = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*")
#: a string argument that is a number and nothing else
_WHOLE_NUMBER_RE = re.compile(r"\s*[-+]?\d+(?:[.,]\d+)*\s*")


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


def amounts_named(arguments: Mapping[str, Any], trusted_texts: Iterable[str]) -> bool:
    """Whether the call has at least one number and the user's text gives every one of
    them (as a number: ``98.7`` in the call matches ``98.70`` in the text)."""
    wanted = list(_numbers(arguments))
    if not wanted or any(not w for w in wanted):
        return False
    said: set[float] = set()
    for text in trusted_texts:
        for m in _NUMBER_RE.finditer(text):
            said |= _readings(m.group())
    return all(w & said for w in wanted)
