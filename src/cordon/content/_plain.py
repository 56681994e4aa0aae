"""A small result whose every string is known to need nothing: delivered as it came, without
the walk that reads each string at its JSON pointer.

Warn and block mode read every string of a result (:func:`cordon.content._walk.scan_value`):
its keys and values, each at its path, with a byte and a depth budget, each string's hits
scanned (short ones memoised by value, :data:`cordon.content.scanner._SHORT`) and each plain
string tested for terminal control. An echo result's five strings cost ~11 us of that walk,
although four of them (``content``, ``type``, ``text``, ``"text"``) are the same in every
result. A string is *plain* when the scan finds no hit in it and it holds no terminal
control (:func:`cordon.content.sanitize._without_controls` leaves it as it is): the full
walk then neither rewrites it nor reports it. Both are pure functions of the text, so a
short plain string is remembered by value (:data:`_PLAIN`), as the scan's memo remembers
its hits.

:func:`all_plain` answers True only where the full walk would find nothing and change
nothing: every string (keys included) at most :data:`~cordon.content.scanner._SHORT_MAX`
characters with no line break (a line-broken string is read rejoined too), no resource
``blob`` and no image or audio object (their values are decoded first), within the depth
cap (a scalar's depth counts, as the walk's does) and the byte cap (non-ASCII counted at 4
bytes a character, never under its UTF-8 length). Anything else, or a string with a hit or
a control, goes to the full walk, which finds, reports and rewrites as it always has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cordon.content._inflate import work_scope
from cordon.content.scanner import _SHORT_MAX

__all__ = ["all_plain", "note_plain"]

#: short strings the scan found no hit in and that hold no terminal control, by value;
#: bounded by count (at most :data:`_PLAIN_COUNT` strings of :data:`_SHORT_MAX` characters)
_PLAIN: set[str] = set()
_PLAIN_COUNT = 4096
_MEDIA = ("image", "audio")


def note_plain(text: str) -> None:
    """Remember ``text``, which the full walk found plain (no hit, no control)."""
    if len(text) <= _SHORT_MAX and "\n" not in text:
        if len(_PLAIN) >= _PLAIN_COUNT:
            _PLAIN.clear()  # one atomic step, as the scan's memo is cleared
        _PLAIN.add(text)


def _collect(v: Any, depth: int, max_depth: int, out: list[str]) -> bool:
    """Append ``v``'s strings to ``out`` in the walk's order (a key before its value); False
    at the first thing only the full walk reads right."""
    if depth > max_depth:
        return False
    if isinstance(v, str):
        if len(v) > _SHORT_MAX or "\n" in v:
            return False
        out.append(v)
    elif isinstance(v, dict):
        if "blob" in v or v.get("type") in _MEDIA:
            return False
        for k, item in v.items():
            if type(k) is not str or len(k) > _SHORT_MAX or "\n" in k:
                return False
            out.append(k)
            if not _collect(item, depth + 1, max_depth, out):
                return False
    elif isinstance(v, (list, tuple)):
        for item in v:
            if not _collect(item, depth + 1, max_depth, out):
                return False
    return True


def all_plain(value: Any, max_depth: int, max_bytes: int, is_plain: Callable[[str], bool]) -> bool:
    """Whether every string of ``value`` is plain, so the full walk would deliver it unchanged
    with no finding. Strings not yet known are tested with ``is_plain`` in the walk's order,
    under one inflating budget for the result (:func:`~cordon.content._inflate.work_scope`,
    as the walk opens one), and remembered when plain."""
    strings: list[str] = []
    if not _collect(value, 0, max_depth, strings):
        return False
    total = 0
    fresh: list[str] = []
    for s in strings:
        total += len(s) if s.isascii() else 4 * len(s)
        if s not in _PLAIN:
            fresh.append(s)
    if total > max_bytes:
        return False
    if fresh:
        with work_scope():
            for s in fresh:
                if not is_plain(s):
                    return False
                note_plain(s)
    return True
