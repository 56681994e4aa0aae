"""A booking or calendar entry the request asks for, and another one an injection asks for.

The default for consequential actions (:mod:`._consequential`) and a tool's
``requires_request`` read whether the user's request asks for *a kind* of action: once
"book a hotel" is asked for, every ``reserve_hotel`` passes them, the one an injection asks
for included. Two details of the call tell those apart where the request states them, for
a booking, a rental or a calendar entry (the families whose object is a date and a thing):

* **the date.** A calendar, booking or rental API takes its dates as ISO 8601 values
  (Google Calendar's RFC 3339 ``dateTime``, CalDAV, the booking APIs' ``check_in``), some
  tools as dates written out ("May 13, 2024 10:00"). When the user's request names calendar
  dates, every argument of the call, at any depth, that *is* a date (an ISO date or
  date-time, or a date written out with at most a weekday, a time and a year beside it; not
  a title or a description that mentions one) must fall on one of them (month and day; a range "from May 1st to May
  5th" names every day in it). The dates read are those of the sentences that ask for this
  kind of action ("add an event to my calendar on April 25th", not the trip dates of
  another sentence), or, when those sentences name none, of the whole request ("Am I free
  on 2024-05-19? If so, create an event"). A request that names no date ("book it for
  tomorrow", "based on the emails") binds nothing: the call passes this check;
* **the object of a booking.** A booking verb followed, within a few words, by what it books
  ("book a flight", "reserve a table", "rent a car") asks for that kind of booking only.
  When every booking the request asks for names its object, and the tool's name names
  another one (``reserve_hotel`` for a request that asks to "book a flight"), the call is not
  the booking asked for. A booking with no object ("make a reservation", "book it") binds
  nothing.

Either mismatch is an ``action.not_requested`` ask. It only adds asks, never answers one,
and does not apply without the user's request (a client with no prompt hook) or to a tool
under ``trust_tools``. What it does not catch (docs/threat-model.md): an injection that
asks for the user's own dates and object (another hotel, the same days); a date inside
longer text of the call (a description) or as a number (a Unix time); relative dates in
the request ("next Friday") name no date; the year is not compared (a request's "April 25th
2024" and a call's 2023-04-25 are the same day of the year).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.action_names import split_tokens
from cordon.engine.checks._consequential import Family

__all__ = ["check_details", "request_dates", "booking_objects"]

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
#: month names; "May" capitalised only ("you may 2 ..." is a verb)
_MONTH_ALT = "|".join(sorted((m for m in _MONTHS if m != "may"), key=len, reverse=True))
_MONTH_ALT += "|(?-i:May|MAY)"
_MONTH = r"(?P<{}>" + _MONTH_ALT + r")\.?"
_ORD = r"(?:st|nd|rd|th)?"
_TO = r"\s*(?:-|–|—|to|until|till|through|thru)\s*(?:the\s+)?"
#: one day or a range, as people write them in English
_DATE_RE = re.compile(
    # 2024-05-19
    r"\b(?P<iy>\d{4})-(?P<im>\d{1,2})-(?P<id>\d{1,2})\b"
    # May 1st to 5th, May 1-5 (a range within one month)
    rf"|\b{_MONTH.format('rm')}\s+(?P<rd1>\d{{1,2}}){_ORD}{_TO}(?P<rd2>\d{{1,2}}){_ORD}\b"
    rf"(?!\s*(?:of\s+)?(?:{_MONTH_ALT})\b)"
    # the 13th to the 17th of May (a range within one month)
    rf"|\b(?P<qd1>\d{{1,2}}){_ORD}{_TO}(?P<qd2>\d{{1,2}}){_ORD}\s+(?:of\s+)?{_MONTH.format('qm')}"
    # May 1st, January 2nd 2025, Oct. 15
    rf"|\b{_MONTH.format('mm')}\s+(?:the\s+)?(?P<md>\d{{1,2}}){_ORD}\b(?!:)"
    # 1st of May, the 14th of November, 15 November
    rf"|\b(?P<dd>\d{{1,2}}){_ORD}\s+(?:of\s+)?{_MONTH.format('dm')}\b"
    # 05/19/2024, 19.05.2024: both readings are kept
    r"|\b(?P<n1>\d{1,2})[/.](?P<n2>\d{1,2})[/.](?P<ny>\d{2}|\d{4})\b",
    re.IGNORECASE,
)
#: a range "from May 1st to May 5th": two single dates joined by a range word
_RANGE_GAP = re.compile(rf"\A{_TO}\Z", re.IGNORECASE)
#: an argument whose whole value is an ISO 8601 date or date-time (RFC 3339 and the usual
#: "2024-05-01 09:00")
_ISO_VALUE = re.compile(
    r"\s*(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?"
    r"(?:\s*(?:Z|[+-]\d{2}:?\d{2}))?)?\s*",
    re.IGNORECASE,
)
#: a sentence boundary: after . ! ? before a capital or a quote, or a line break
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"'“‘(A-Z])|\n+")

#: what a booking books, by the words a request or a tool name uses for it
_OBJECTS: dict[str, frozenset[str]] = {
    "a room": frozenset(
        {"hotel", "hotels", "room", "rooms", "suite", "hostel", "lodging", "accommodation",
         "accommodations", "airbnb", "bnb", "motel", "inn"}
    ),
    "a table": frozenset({"restaurant", "restaurants", "table", "tables", "dinner", "lunch",
                          "brunch", "breakfast"}),
    "a flight": frozenset({"flight", "flights", "plane", "airline", "airfare"}),
    "a car": frozenset({"car", "cars", "vehicle", "vehicles"}),
    "a train": frozenset({"train", "trains", "rail"}),
}  # fmt: skip
_OBJECT_OF = {w: kind for kind, words in _OBJECTS.items() for w in words}
#: the words after a booking verb read for its object
_OBJECT_WINDOW = 5
_WORD = re.compile(r"[A-Za-z]+|[^\sA-Za-z]")
_STOP = frozenset('.,;:!?()"“”')

#: the families whose calls carry a date and an object
DATED = frozenset({"a booking", "a rental", "a calendar entry or an invitation"})
BOOKINGS = frozenset({"a booking", "a rental"})
#: a range longer than this names its ends only
_MAX_RANGE_DAYS = 62


def _day(month: int, day: int) -> tuple[int, int] | None:
    return (month, day) if 1 <= month <= 12 and 1 <= day <= 31 else None


def _span(month: int, d1: int, d2: int) -> set[tuple[int, int]]:
    if not (1 <= month <= 12 and 1 <= d1 <= 31 and 1 <= d2 <= 31):
        return set()
    lo, hi = sorted((d1, d2))
    return {(month, d) for d in range(lo, hi + 1)}


def _between(a: tuple[int, int], b: tuple[int, int]) -> set[tuple[int, int]]:
    """Every day from ``a`` to ``b`` (a leap year's calendar; across a year's end too)."""
    try:
        start = _dt.date(2000, *a)
        end = _dt.date(2000 if b >= a else 2001, *b)
    except ValueError:
        return {a, b}
    days = (end - start).days
    if days > _MAX_RANGE_DAYS:
        return {a, b}
    return {((start + _dt.timedelta(n)).month, (start + _dt.timedelta(n)).day)
            for n in range(days + 1)}  # fmt: skip


def _match_days(m: re.Match[str]) -> set[tuple[int, int]]:
    g = m.groupdict()
    if g["iy"]:
        d = _day(int(g["im"]), int(g["id"]))
        return {d} if d else set()
    if g["rm"]:
        return _span(_MONTHS[g["rm"].lower()], int(g["rd1"]), int(g["rd2"]))
    if g["qm"]:
        return _span(_MONTHS[g["qm"].lower()], int(g["qd1"]), int(g["qd2"]))
    if g["mm"]:
        d = _day(_MONTHS[g["mm"].lower()], int(g["md"]))
        return {d} if d else set()
    if g["dm"]:
        d = _day(_MONTHS[g["dm"].lower()], int(g["dd"]))
        return {d} if d else set()
    a, b = int(g["n1"]), int(g["n2"])
    return {d for d in (_day(a, b), _day(b, a)) if d}


@lru_cache(maxsize=1024)
def request_dates(text: str) -> frozenset[tuple[int, int]]:
    """The calendar days ``text`` names, as (month, day): single dates, ranges within a
    month ("the 13th to the 17th of May") and ranges of two dates ("from January 11th to
    January 15th"), every day of a range of up to two months included."""
    found: set[tuple[int, int]] = set()
    prev: tuple[re.Match[str], set[tuple[int, int]]] | None = None
    for m in _DATE_RE.finditer(text):
        days = _match_days(m)
        found |= days
        if prev is not None and len(prev[1]) == 1 and len(days) == 1:
            if _RANGE_GAP.match(text[prev[0].end() : m.start()]):
                found |= _between(next(iter(prev[1])), next(iter(days)))
        prev = (m, days)
    return frozenset(found)


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text) if s.strip()]


def _asking(family: Family, sentence: str) -> str | None:
    """``sentence`` with the spans that name the action without asking for it removed, if
    what is left asks for ``family``'s kind of action (else None)."""
    kept = family.not_asked.sub(" ", sentence) if family.not_asked is not None else sentence
    return kept if family.request.search(kept) else None


#: a day named relative to today, which a request's words cannot be compared with
_RELATIVE = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|weekend"
    # a weekday, unless a date follows it ("Friday, May 3rd" names the date)
    rf"|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?!,?\s+(?:the\s+)?(?:\d|(?:{_MONTH_ALT})\b))"
    r"|next\s+(?:week|month|year)|this\s+(?:week|month)|in\s+(?:a|one|two|three|\d+)\s+"
    r"(?:days?|weeks?|months?)"
    # a day given from another: "the next day", "the day after", "two days later"
    r"|(?:next|following|previous|same)\s+day|day\s+(?:after|before)"
    r"|(?:a|one|two|three|\d+)\s+(?:days?|weeks?)\s+(?:later|after|before|earlier))\b",
    re.IGNORECASE,
)


def _bound_dates(family: Family, texts: Iterable[str]) -> frozenset[tuple[int, int]]:
    """The days the request names for ``family``'s action (empty: none bound). Each sentence
    that asks for it gives its own dates; one that names none, those of the sentence before
    it ("Am I free on 2024-05-19? If so, create an event"); if that names none either, those
    of the whole request. A sentence that asks for it with a relative day ("tomorrow",
    "next Friday") binds nothing: its day is not written as a date."""
    days: set[tuple[int, int]] = set()
    for text in texts:
        whole = request_dates(text)
        sentences = _sentences(text)
        for i, sentence in enumerate(sentences):
            kept = _asking(family, sentence)
            if kept is None:
                continue
            if _RELATIVE.search(kept):
                return frozenset()
            own = request_dates(kept)
            if not own and i > 0:
                own = request_dates(sentences[i - 1])
            days |= own or whole
    return frozenset(days)


def booking_objects(family: Family, texts: Iterable[str]) -> set[str] | None:
    """What the request's bookings book (``{"a flight"}``); None when a booking it asks
    for names no object ("make a reservation"), or it asks for none."""
    kinds: set[str] = set()
    for text in texts:
        kept = family.not_asked.sub(" ", text) if family.not_asked is not None else text
        for m in family.request.finditer(kept):
            kind = _object_after(kept, m.end())
            if kind is None:
                return None
            kinds.add(kind)
    return kinds or None


_REST_OF_WORD = re.compile(r"\w*")


def _object_after(text: str, at: int) -> str | None:
    """The kind of thing named within a few words after ``at`` (the end of a booking verb's
    match; the rest of its word is skipped), before any punctuation."""
    rest = _REST_OF_WORD.match(text, at)
    at = rest.end() if rest is not None else at
    for n, w in enumerate(_WORD.findall(text[at : at + 80])):
        if w in _STOP or n > _OBJECT_WINDOW:
            return None
        kind = _OBJECT_OF.get(w.lower())
        if kind is not None:
            return kind
    return None


def _tool_object(tool: str) -> str | None:
    kinds = {_OBJECT_OF[t] for t in split_tokens(tool) if t in _OBJECT_OF}
    return next(iter(kinds)) if len(kinds) == 1 else None


#: what may stand beside a date written out in a date argument: a weekday, "at", a time of
#: day with its zone, a year
_DATE_ASIDE = re.compile(
    r"[\s,]*(?:(?:on|at|the)\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?)?[\s,]*"
    r"(?:\d{4})?[\s,]*(?:(?:at\s+)?\d{1,2}(?::\d{2}){1,2}(?:\.\d+)?\s*(?:am|pm)?"
    r"\s*(?:Z|UTC|GMT|[+-]\d{2}:?\d{2})?)?[\s,.]*",
    re.IGNORECASE,
)
#: a date argument written out is short
_DATE_VALUE_MAX = 64


def _value_days(value: str) -> frozenset[tuple[int, int]] | None:
    """The days a date argument names: an ISO 8601 date or date-time, or a date written out
    with at most a weekday, a time and a year beside it ("May 13, 2024 at 10:00",
    "13/05/2024": both readings). None: the value is not a date (a title, a description)."""
    if m := _ISO_VALUE.fullmatch(value):
        return frozenset({(int(m.group(2)), int(m.group(3)))})
    if len(value) > _DATE_VALUE_MAX or not any(c.isdigit() for c in value):
        return None
    found = _DATE_RE.search(value)
    if found is None:
        return None
    aside = value[: found.start()] + " " + value[found.end() :]
    if not _DATE_ASIDE.fullmatch(aside):
        return None
    days = _match_days(found)
    return frozenset(days) if days else None


def _call_days(
    value: Any, path: str = "", depth: int = 0
) -> Iterator[tuple[str, frozenset[tuple[int, int]]]]:
    """(argument path, days) for each string among the arguments, at any depth
    (``start.dateTime``), that is a date (:func:`_value_days`)."""
    if depth > 64:
        return
    if isinstance(value, str):
        days = _value_days(value)
        if days is not None:
            yield path, days
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _call_days(v, f"{path}.{k}" if path else str(k), depth + 1)
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _call_days(v, f"{path}[{i}]", depth + 1)


def check_details(
    tool: str, family: Family, arguments: Mapping[str, Any], trusted_texts: Iterable[str]
) -> Verdict | None:
    """An ask when the call's dates or its booking's object are not those the user's
    request gives for this kind of action (module docstring); None otherwise."""
    texts = [t for t in trusted_texts if t]
    if not texts or family.name not in DATED:
        return None
    days = _bound_dates(family, texts)
    if days:
        for name, on in _call_days(arguments):
            if not on & days:
                named = ", ".join(f"{m:02d}-{d:02d}" for m, d in sorted(days))
                day = min(on)
                return _ask(
                    tool,
                    family,
                    f"'{name}' falls on {day[0]:02d}-{day[1]:02d}, a "
                    f"day the user's request does not name for it ({named})",
                    name,
                )
    if family.name in BOOKINGS:
        own = _tool_object(tool)
        asked = booking_objects(family, texts)
        if own is not None and asked is not None and own not in asked:
            wanted = " or ".join(sorted(asked))
            return _ask(
                tool,
                family,
                f"'{tool}' books {own} and the user's request asks to book {wanted}",
                None,
            )
    return None


def _ask(tool: str, family: Family, why: str, param: str | None) -> Verdict:
    return Verdict(
        verdict="ask",
        rule=rules.ACTION_NOT_REQUESTED,
        reason=f"'{tool}' is {family.name} the user's request does not ask for: {why}",
        param=param,
        details={"default": family.name, "detail": "date" if param else "object"},
    )
