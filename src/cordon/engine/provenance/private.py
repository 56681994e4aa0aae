"""Private values (``private_values``): identifier-shaped values of a private record and
the other ways each is commonly written."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

#: identifier-shaped private values (:func:`private_ids`)
_ID_TOKEN = re.compile(
    r"(?<![\w.+/-])(?:\+?\d{1,4}(?: \d{2,5}){2,}"
    r"|[A-Z]{1,4}\d{0,4}(?: [A-Z0-9]{2,6})+"  # "HGK 137803", "GB29 NWBK 6016 1331 9268 19"
    r"|\(\d{2,5}\) ?\d{2,5}[-. ]\d{2,5}"  # "(327) 420-4923"
    r"|[A-Za-z0-9]+(?:[-./][A-Za-z0-9]+)*)(?![\w])"
)


_DATE_LIKE = re.compile(r"\d{4}[-./]\d{2}[-./]\d{2}$|\d{2}[-./]\d{2}[-./]\d{4}$")


_ID_SEPARATORS = re.compile(r"[ ./()+-]")


#: a passport-shaped value: letters, then digits ("HGK137803" is also written "HGK 137803")
_LETTERS_DIGITS = re.compile(r"([A-Za-z]{1,4})(\d{6,})")


#: how a number of this many digits is usually grouped (a card, a phone, a social security
#: number): the groups' sizes
_DIGIT_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {
    9: ((3, 2, 4), (3, 3, 3)),
    10: ((3, 3, 4),),
    11: ((1, 3, 3, 4),),
    12: ((4, 4, 4),),
    14: ((4, 6, 4),),
    15: ((4, 6, 5),),
    16: ((4, 4, 4, 4),),
    19: ((4, 4, 4, 4, 3),),
}


def private_ids(text: str) -> Iterator[str]:
    """The identifier-shaped values in a private record's text (a ``private_values`` tool's
    output, in any shape: JSON, YAML, a Python repr): passport, card, account, ID and phone
    numbers.

    A value is a run of letters and digits joined by ``-``, ``.`` or ``/`` (``HGK137803``,
    ``4237-4252-7456-2574``), groups of digits joined by single spaces (``+1 327 420
    4923``), upper-case groups led by letters (``HGK 137803``, ``GB29 NWBK 6016 1331 9268
    19``) or a phone number with its area code in brackets (``(327) 420-4923``), 8 to 40
    characters long with 6 or more digits, that is not a date or time (``2024-05-13``). Yields each as written and, when separators split it, its compact form
    (``4237425274562574``). Names, street addresses and e-mail addresses are not identifiers
    (a documented gap: they are private too, but too common in legitimate messages to gate).
    """
    seen: set[str] = set()
    for m in _ID_TOKEN.finditer(text):
        item = m.group()
        if not 8 <= len(item) <= 40 or sum(c.isdigit() for c in item) < 6:
            continue
        if _DATE_LIKE.match(item) or item in seen:
            continue
        seen.add(item)
        yield item
        compact = _ID_SEPARATORS.sub("", item)
        if compact != item and len(compact) >= 8 and compact not in seen:
            seen.add(compact)
            yield compact


def compact_view(value: Any) -> Any:
    """``value`` (a call's arguments) with the separators of identifiers (space ``- . / ( )
    +``) dropped from every string and every number written as such a string, same shape and
    keys: what :func:`private_ids`' compact forms are matched against, so ``4237 4252 7456
    2574`` and ``4237425274562574`` (a JSON number) both carry ``4237-4252-7456-2574``.
    Iterative; booleans and ``None`` are left out."""
    root: dict[str, Any] = {}
    stack: list[tuple[Any, Any, Any]] = [(root, "v", value)]
    while stack:
        parent, key, v = stack.pop()
        if isinstance(v, str):
            parent[key] = _ID_SEPARATORS.sub("", v)
        elif isinstance(v, int | float) and not isinstance(v, bool):
            parent[key] = _ID_SEPARATORS.sub("", str(v))
        elif isinstance(v, dict):
            out: dict[Any, Any] = {}
            parent[key] = out
            stack.extend((out, k, item) for k, item in v.items())
        elif isinstance(v, list | tuple):
            items: list[Any] = [None] * len(v)
            parent[key] = items
            stack.extend((items, i, item) for i, item in enumerate(v))
    return root.get("v")


def private_forms(value: str) -> list[str]:
    """``value`` (one of :func:`private_ids`) and the other ways it is commonly written, to
    register each (a card recorded ``4237-4252-7456-2574`` and sent
    ``4237 4252 7456 2574`` is not matched by the value and its compact form alone).

    ``Session.observe_output`` registers every form; sends are also matched in their
    :func:`compact_view`. Forms: the value, its compact form, its groups
    joined by a space, a dash or a dot, the same without a leading ``+`` country code, and a
    number's usual grouping (:data:`_DIGIT_GROUPS`); each 8+ characters with 6+ digits.
    Irregular or mixed separators are not covered.
    """
    out: list[str] = []
    for form in (value, *_id_variants(value)):
        if form not in out and len(form) >= 8 and sum(c.isdigit() for c in form) >= 6:
            out.append(form)
    return out


def _id_variants(item: str) -> list[str]:
    """The other spellings of an identifier (:func:`private_forms`)."""
    groups = [g for g in _ID_SEPARATORS.split(item) if g]
    compact = "".join(groups)
    out = [compact]
    m = _LETTERS_DIGITS.fullmatch(compact)
    if m is not None:
        groups = [m.group(1), m.group(2)]
    options = [groups]
    if item.startswith("+") and len(groups) > 2:
        options.append(groups[1:])
    digits = compact.isdigit()
    if digits and compact.startswith("1") and len(compact) == 11:
        options.append([compact[1:]])
    for opt in list(options):
        joined = "".join(opt)
        for sizes in _DIGIT_GROUPS.get(len(joined), ()) if digits else ():
            cut, at = [], 0
            for n in sizes:
                cut.append(joined[at : at + n])
                at += n
            options.append(cut)
            if len(sizes) == 3 and len(joined) == 10:
                out.append(f"({cut[0]}) {cut[1]}-{cut[2]}")
                out.append(f"({cut[0]}) {cut[1]} {cut[2]}")
    for opt in options:
        out.append("".join(opt))
        if len(opt) > 1:
            out.extend(sep.join(opt) for sep in (" ", "-", "."))
    return out
