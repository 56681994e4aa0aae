"""Reading a regular expression's source text without parsing it: its literal head, a
top-level alternation, its last group (the anchor merging and deferring of
:mod:`cordon.content._accel` and :mod:`cordon.content._deferred`)."""

from __future__ import annotations

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


def top_level_bar(pattern: str) -> bool:
    """True when ``pattern`` holds a ``|`` outside every group and class (an alternation of
    the whole pattern, which a head put in front of it would not distribute over)."""
    depth = 0
    i = 0
    in_class = False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if pattern[i + 1 : i + 2] == "^":
                i += 1
            if pattern[i + 1 : i + 2] == "]":  # a leading ] is a member, not the end
                i += 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            return True
        i += 1
    return False


def last_group(e: str) -> int:
    """Where ``e``'s last top-level ``(?:...)`` group starts when ``e`` ends with it (no
    quantifier after it) and has no top-level ``|``; else -1."""
    if not e.endswith(")"):
        return -1
    depth, i, in_class, last = 0, 0, False, -1
    while i < len(e):
        ch = e[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if e[i + 1 : i + 2] == "^":
                i += 1
            if e[i + 1 : i + 2] == "]":  # a leading ] is a member, not the end
                i += 1
        elif ch == "(":
            if depth == 0:
                last = i
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            return -1
        i += 1
    return last if last > 0 and e.startswith("(?:", last) else -1


def inner_word(e: str, least: int = 5) -> int:
    """Where the first run of ``least`` or more letters at ``e``'s top level (outside every
    group and class, not escaped) starts, after ``e``'s start; -1 when there is none, when the
    run ends in a quantified letter, or when ``e`` has a top-level ``|``. ``e[p:]`` is then a
    suffix of ``e`` at its top level: every match of ``e`` ends with a match of it."""
    depth, i, in_class, start, n = 0, 0, False, -1, len(e)
    found = -1
    while i < n:
        ch = e[i]
        if ch == "\\":
            start, i = -1, i + 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class, start = True, -1
            if e[i + 1 : i + 2] == "^":
                i += 1
            if e[i + 1 : i + 2] == "]":
                i += 1
        elif ch in "()":
            depth += 1 if ch == "(" else -1
            start = -1
        elif ch == "|" and depth == 0:
            return -1
        elif depth == 0 and "a" <= ch <= "z":
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
        i += 1
    return found
