"""Reading a regular expression's source text without parsing it: its literal head, a
top-level alternation, its last group (the anchor merging and deferring of
:mod:`cordon.content._accel` and :mod:`cordon.content._deferred`)."""

from __future__ import annotations

from collections.abc import Iterator

_QUANTIFIER_START = frozenset("*+?{")
_REGEX_SPECIAL = frozenset(".^$*+?{}[]|()\\")


def literal_head(anchor: str) -> int:
    """Length of ``anchor``'s source up to its first item that is not one literal character
    taken exactly once (a class, a group, an escape such as ``\\s``, a quantified character)."""
    i = 0
    n = len(anchor)
    while i < n:
        ch = anchor[i]
        if ch == "\\":
            if i + 1 >= n or anchor[i + 1].isalnum():  # \s, \b, \d, \x41...: not one literal
                break
            step = 2
        elif ch in _REGEX_SPECIAL:
            break
        else:
            step = 1
        if i + step < n and anchor[i + step] in _QUANTIFIER_START:
            break
        i += step
    return i


def _class_end(pattern: str, i: int) -> int:
    """Where the character class opened at ``pattern[i]`` (``[``) ends, one past its ``]``
    (a leading ``^`` or ``]`` is a member, an escape inside it is one member)."""
    n = len(pattern)
    j = i + 1
    if pattern[j : j + 1] == "^":
        j += 1
    if pattern[j : j + 1] == "]":  # a leading ] is a member, not the end
        j += 1
    while j < n:
        if pattern[j] == "\\":
            j += 2
            continue
        if pattern[j] == "]":
            return j + 1
        j += 1
    return n


def _items(pattern: str) -> Iterator[tuple[int, str, int]]:
    """Each item of ``pattern``'s source: ``(position, character, depth)``, the depth being
    the number of groups open before it. An escape (``\\s``) is one item whose character is
    ``\\``; a character class (``[...]``) is one item whose character is ``[`` (its members
    are not read); ``(`` is at the depth outside the group it opens, ``)`` inside it is not."""
    depth = i = 0
    n = len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            yield i, ch, depth
            i += 2
            continue
        if ch == "[":
            yield i, ch, depth
            i = _class_end(pattern, i)
            continue
        if ch == ")":
            depth -= 1
        yield i, ch, depth
        if ch == "(":
            depth += 1
        i += 1


def top_level_bar(pattern: str) -> bool:
    """True when ``pattern`` holds a ``|`` outside every group and class (an alternation of
    the whole pattern, which a head put in front of it would not distribute over)."""
    return any(ch == "|" and depth == 0 for _, ch, depth in _items(pattern))


def last_group(e: str) -> int:
    """Where ``e``'s last top-level ``(?:...)`` group starts when ``e`` ends with it (no
    quantifier after it) and has no top-level ``|``; else -1."""
    if not e.endswith(")"):
        return -1
    last = -1
    for i, ch, depth in _items(e):
        if depth == 0 and ch == "(":
            last = i
        elif depth == 0 and ch == "|":
            return -1
    return last if last > 0 and e.startswith("(?:", last) else -1


def inner_word(e: str, least: int = 5) -> int:
    """Where the first run of ``least`` or more letters at ``e``'s top level (outside every
    group and class, not escaped) starts, after ``e``'s start; -1 when there is none, when the
    run ends in a quantified letter, or when ``e`` has a top-level ``|``. ``e[p:]`` is then a
    suffix of ``e`` at its top level: every match of ``e`` ends with a match of it."""
    n = len(e)
    start = found = -1
    for i, ch, depth in _items(e):
        if ch == "|" and depth == 0:
            return -1
        if depth == 0 and "a" <= ch <= "z":
            start = i if start < 0 else start
            if found < 0 and start > 0 and i - start + 1 >= least:
                k = i + 1
                while k < n and "a" <= e[k] <= "z":
                    k += 1
                if k < n and e[k] in "*+?{":
                    return -1
                found = start
        else:
            start = -1
    return found
