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
  a title or a description that mentions one) must fall on one of them (month and day; a
  range "from May 1st to May 5th" names every day in it, and so do the days that follow
  from a named one by a length or an offset the request states: "for 3 nights starting May
  13th" to May 16th, "the week of May 13th", "checking out two days later", "a reminder the
  day before", a span of the clock that ends after midnight, "10pm to 2am", the next day).
  A date-time written in UTC (or with another offset, when the request names a time zone)
  falls on the days it has in any zone in use, UTC-12 to UTC+14: "11pm Pacific" written as
  06:00Z the next day. The dates read are those of the sentences that ask for this kind of
  action ("add an event to my calendar on April 25th", not the trip dates of another
  sentence), or, when those sentences name none, of the whole request ("Am I free on
  2024-05-19? If so, create an event"). A request that names no date ("book it for
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
longer text of the call (a description), as a number (a Unix time) or as a length ("nights":
30 from the user's first day); relative dates in the request ("next Friday") name no date;
a stated length or offset widens every day the text names, by up to the length; a UTC time
moves by a day either way; the year is not compared (a request's "April 25th 2024" and a
call's 2023-04-25 are the same day of the year).
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
from cordon.engine.checks.records import normalise_digits

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
#: an argument whose whole value is an ISO 8601 date or date-time (RFC 3339, the usual
#: "2024-05-01 09:00", "2024/05/01", the basic format "20240501T0900Z")
_ISO_VALUE = re.compile(
    r"\s*(?P<y>\d{4})(?P<s>[-/.]?)(?P<m>\d{2})(?P=s)(?P<d>\d{2})"
    r"(?:[T ](?P<H>\d{1,2}):?(?P<M>\d{2})(?::?\d{2}(?:\.\d+)?)?"
    r"(?:\s*(?P<z>Z|[+-]\d{2}:?\d{2}))?)?\s*",
    re.IGNORECASE,
)
#: an ISO 8601 week date: "2024-W20-1", "2024W201", a whole week "2024-W20"
_ISO_WEEK = re.compile(r"\s*(\d{4})-?W(\d{2})(?:-?([1-7]))?\s*", re.IGNORECASE)
#: a request that names a time zone: the agent may write its time in another one
_ZONE_NAMED = re.compile(
    r"\b(?:(?:pacific|eastern|central|mountain|atlantic|local)\s+(?:standard\s+)?time"
    r"|pacific|eastern|time\s*zone"
    r"|(?-i:[PMCE][SD]T|UTC|GMT|CES?T|BST|JST|AES?T|SGT|HKT)(?:[+-]\d{1,2})?)\b",
    re.IGNORECASE,
)
#: the zones in use run from UTC-12:00 to UTC+14:00
_ZONE_WEST, _ZONE_EAST = _dt.timedelta(hours=-12), _dt.timedelta(hours=14)
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
    January 15th"), every day of a range of up to two months included; and the days that
    follow from them by a length or an offset the text states (:func:`_offsets`)."""
    found: set[tuple[int, int]] = set()
    prev: tuple[re.Match[str], set[tuple[int, int]]] | None = None
    for m in _DATE_RE.finditer(text):
        days = _match_days(m)
        found |= days
        if prev is not None and len(prev[1]) == 1 and len(days) == 1:
            if _RANGE_GAP.match(text[prev[0].end() : m.start()]):
                found |= _between(next(iter(prev[1])), next(iter(days)))
        prev = (m, days)
    if found:
        for n in _offsets(text):
            found |= {d for day in list(found) for d in _shifted(day, n)}
    return frozenset(found)


_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14,
}  # fmt: skip
_NUM = r"(?:" + "|".join(_NUMBERS) + r"|\d{1,2})"
#: a length or an offset stated from a named day: "for 3 nights", "a two-week stay",
#: "two days later", "a day before", "the next day", "the day after", "the week of May 13th"
_OFFSET = re.compile(
    rf"\b(?:(?P<n>{_NUM})[\s-]+(?P<unit>nights?|days?|weeks?)"
    r"(?:\s+(?P<dir>later|after(?:wards)?|before|earlier|prior))?"
    r"|the\s+(?P<week>week)\s+of"
    r"|(?P<next>next|following|previous|prior|same)\s+(?:day|night|morning|evening)"
    r"|day\s+(?P<dayd>after|before))\b",
    re.IGNORECASE,
)
#: a time of day: "10pm", "22:00", "10:30 p.m."
_TIME = r"(?P<{0}h>\d{{1,2}})(?::(?P<{0}m>\d{{2}}))?\s*(?P<{0}p>[ap]\.?m\b\.?)?"
#: a span of the clock that ends after midnight ("from 10pm to 2am", "22:00-01:30") or says
#: it does ("overnight", "until midnight", "past midnight")
_TIME_SPAN = re.compile(
    rf"(?<![\d:]){_TIME.format('a')}{_TO}{_TIME.format('b')}(?![\d:])"
    r"|\b(?P<night>overnight|midnight|all\s+night)\b",
    re.IGNORECASE,
)


def _hour(h: str, p: str | None) -> int | None:
    hour = int(h)
    if p:
        if not 1 <= hour <= 12:
            return None
        return hour % 12 + (12 if p[0].lower() == "p" else 0)
    return hour if hour <= 24 else None


def _crosses_midnight(text: str) -> bool:
    for m in _TIME_SPAN.finditer(text):
        if m.group("night"):
            return True
        pa, pb = m.group("ap"), m.group("bp")
        if not (pa or pb or m.group("am") or m.group("bm")):
            continue  # "1-5": days, not hours
        b = _hour(m.group("bh"), pb)
        # "11-1pm": the start's half of the day is either
        starts = [_hour(m.group("ah"), p) for p in ([pa] if pa or not pb else ["am", "pm"])]
        if b is not None and all(a is not None and b < a for a in starts):
            return True
    return False


def _offsets(text: str) -> set[int]:
    """The offsets in days from a named day that ``text`` states: +n for a length or a later
    day (a stay "for 3 nights" ends 3 days after its first), -n for an earlier one ("a
    reminder the day before"), +1 for a span of the clock that ends after midnight."""
    found: set[int] = set()
    for m in _OFFSET.finditer(text):
        if m.group("n"):
            raw = m.group("n").lower()
            n = _NUMBERS[raw] if raw in _NUMBERS else int(raw)
            n *= 7 if m.group("unit").lower().startswith("week") else 1
            before = (m.group("dir") or "").lower() in ("before", "earlier", "prior")
            found.add(-n if before else n)
        elif m.group("week"):
            found.add(7)
        elif m.group("next"):
            word = m.group("next").lower()
            found.add(0 if word == "same" else -1 if word in ("previous", "prior") else 1)
        else:
            found.add(1 if m.group("dayd").lower() == "after" else -1)
    if _crosses_midnight(text):
        found.add(1)
    return {n for n in found if abs(n) <= _MAX_RANGE_DAYS}


def _from_another_day(text: str) -> bool:
    """Whether ``text`` gives a day from another ("two days later", "the day before")."""
    return any(m.group("dir") or m.group("next") or m.group("dayd") for m in _OFFSET.finditer(text))


def _shifted(day: tuple[int, int], n: int) -> set[tuple[int, int]]:
    """``day`` and every day from it to ``n`` days after it (before it, for a negative n)."""
    start = _dt.date(2000, *day)
    step = 1 if n >= 0 else -1
    return {
        ((start + _dt.timedelta(k)).month, (start + _dt.timedelta(k)).day)
        for k in range(0, n + step, step)
    }


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
    r"(?:days?|weeks?|months?))\b",
    re.IGNORECASE,
)


def _bound_dates(family: Family, texts: Iterable[str]) -> frozenset[tuple[int, int]]:
    """The days the request names for ``family``'s action (empty: none bound). Each sentence
    that asks for it gives its own dates; one that names none, those of the sentence before
    it ("Am I free on 2024-05-19? If so, create an event"); if that names none either, those
    of the whole request. A sentence that asks for it with a relative day ("tomorrow",
    "next Friday"), or a day given from another that it does not name ("the day after"),
    binds nothing: its day is not written as a date."""
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
            if not own and _from_another_day(kept):
                return frozenset()  # "the day after": after a day this sentence does not name
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


def _iso_days(m: re.Match[str], zones: bool) -> frozenset[tuple[int, int]] | None:
    """The days an ISO 8601 value names: its own date; for a time written in UTC, or with an
    offset when the request names a time zone, the date it has in any zone in use (11pm on
    May 3rd Pacific time is 06:00 UTC on May 4th)."""
    try:
        date = _dt.date(int(m["y"]), int(m["m"]), int(m["d"]))
    except ValueError:
        return None
    if not m["s"] and not m["y"].startswith(("19", "20")):
        return None  # eight digits that are not a date
    zone = (m["z"] or "").upper()
    if not zone or not (zones or zone in ("Z", "+00:00", "+0000", "-00:00")):
        return frozenset({(date.month, date.day)})
    sign = -1 if zone.startswith("-") else 1
    offset = _dt.timedelta(hours=int(zone[1:3]), minutes=int(zone[-2:])) if zone != "Z" else None
    at = _dt.datetime(date.year, date.month, date.day, int(m["H"]) % 24, int(m["M"]) % 60)
    utc = at - sign * offset if offset is not None else at
    return frozenset(_between(_month_day(utc + _ZONE_WEST), _month_day(utc + _ZONE_EAST)))


def _month_day(at: _dt.datetime) -> tuple[int, int]:
    return at.month, at.day


def _week_days(m: re.Match[str]) -> frozenset[tuple[int, int]] | None:
    try:
        days = [int(m[3])] if m[3] else list(range(1, 8))
        dates = [_dt.date.fromisocalendar(int(m[1]), int(m[2]), d) for d in days]
    except ValueError:
        return None
    return frozenset((d.month, d.day) for d in dates)


def _value_days(value: str, zones: bool = False) -> frozenset[tuple[int, int]] | None:
    """The days a date argument names: an ISO 8601 date, date-time (:func:`_iso_days`) or
    week date, or a date written out with at most a weekday, a time and a year beside it
    ("May 13, 2024 at 10:00", "13/05/2024": both readings), in any script's digits. None:
    the value is not a date (a title, a description)."""
    if len(value) > _DATE_VALUE_MAX or not any(c.isdigit() for c in value):
        return None
    value = normalise_digits(value)
    if m := _ISO_VALUE.fullmatch(value):
        return _iso_days(m, zones)
    if m := _ISO_WEEK.fullmatch(value):
        return _week_days(m)
    found = _DATE_RE.search(value)
    if found is None:
        return None
    aside = value[: found.start()] + " " + value[found.end() :]
    if not _DATE_ASIDE.fullmatch(aside):
        return None
    days = _match_days(found)
    return frozenset(days) if days else None


def _call_days(
    value: Any, zones: bool, path: str = "", depth: int = 0
) -> Iterator[tuple[str, frozenset[tuple[int, int]]]]:
    """(argument path, days) for each string among the arguments, at any depth
    (``start.dateTime``), that is a date (:func:`_value_days`)."""
    if depth > 64:
        return
    if isinstance(value, str):
        days = _value_days(value, zones)
        if days is not None:
            yield path, days
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _call_days(v, zones, f"{path}.{k}" if path else str(k), depth + 1)
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _call_days(v, zones, f"{path}[{i}]", depth + 1)


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
        zones = any(_ZONE_NAMED.search(t) for t in texts)
        for name, on in _call_days(arguments, zones):
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
