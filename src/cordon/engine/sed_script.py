"""What a sed script does besides printing: the files it writes (``w FILE``, ``W FILE``, the
``s///w FILE`` flag), the files it reads (``r FILE``, ``R FILE``), the shell commands it runs
(GNU ``e COMMAND``) and whether it runs its pattern space as a command (``e`` alone, the
``s///e`` flag). Read as GNU sed reads a script (POSIX sed is a subset). Pure: no I/O.

Attack class: ``sed -n 'w ~/Dropbox/x' .env`` copies a file outside the allowed paths as
``cp`` does; ``sed '1e curl ...'`` runs a command no rule read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["SedScript", "sed_script"]

#: commands that take nothing after them (``q``/``Q``/``l``/``L`` take an optional number)
_PLAIN = frozenset("{}=dDgGhHlnNpPxzFqQL")
_LABELS = frozenset(":btT")
_TEXT = frozenset("aic")
_FILES = frozenset("rRwW")


@dataclass(slots=True)
class SedScript:
    """What one sed script does to files and programs (module docstring)."""

    writes: list[str] = field(default_factory=list)
    reads: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    runs_pattern_space: bool = False


def _line_end(t: str, i: int) -> int:
    j = t.find("\n", i)
    return len(t) if j < 0 else j


def _delimited(t: str, i: int, d: str) -> int:
    """The index just past the unescaped ``d`` that ends the part starting at ``i``; -1 when
    the script ends first."""
    while i < len(t):
        if t[i] == "\\":
            i += 2
            continue
        if t[i] == d:
            return i + 1
        if t[i] == "\n" and d != "\n":
            return -1
        i += 1
    return -1


def _address(t: str, i: int) -> int:
    """The index past one address at ``i`` (none there: ``i``); -1 when it is malformed."""
    if i < len(t) and (t[i] == "/" or t[i] == "\\"):
        if t[i] == "\\":
            if i + 1 >= len(t):
                return -1
            i += 1
        i = _delimited(t, i + 1, t[i])
        while 0 <= i < len(t) and t[i] in "IM":
            i += 1
        return i
    j = i
    if j < len(t) and t[j] in "+~$":
        j += 1
    while j < len(t) and (t[j].isdigit() or t[j] == "~"):
        j += 1
    return j


def _addresses(t: str, i: int) -> int:
    i = _address(t, i)
    if 0 <= i < len(t) and t[i] == ",":
        i = _address(t, _skip(t, i + 1, " \t"))
    return i


def _skip(t: str, i: int, chars: str) -> int:
    while i < len(t) and t[i] in chars:
        i += 1
    return i


def _substitute(t: str, i: int, out: SedScript) -> int:
    """``s`` at ``i - 1``: past its regex, replacement and flags; -1 when malformed."""
    if i >= len(t) or t[i] in "\n\\":
        return -1
    d = t[i]
    i = _delimited(t, i + 1, d)
    i = _delimited(t, i, d) if i >= 0 else -1
    if i < 0:
        return -1
    while i < len(t) and (t[i] in "gpiImMe" or t[i].isdigit()):
        out.runs_pattern_space = out.runs_pattern_space or t[i] == "e"
        i += 1
    if i < len(t) and t[i] == "w":
        end = _line_end(t, i + 1)
        out.writes.append(t[i + 1 : end].strip())
        return end
    return i


def _text(t: str, i: int) -> int:
    """``a``/``i``/``c`` at ``i - 1``: past their text (lines ending in a backslash go on)."""
    while True:
        end = _line_end(t, i)
        if end < len(t) and end > i and t[end - 1] == "\\":
            i = end + 1
            continue
        return end


def _command(t: str, i: int, out: SedScript) -> int:
    """The command at ``i`` (after its addresses): the index past it; -1 when unknown."""
    c = t[i]
    i += 1
    if c in _PLAIN:
        return _skip(t, i, "0123456789") if c in "qQlL" else i
    if c in _LABELS:
        while i < len(t) and t[i] not in ";\n":
            i += 1
        return i
    if c in _TEXT:
        return _text(t, i)
    if c in _FILES or c == "e":
        end = _line_end(t, i)
        arg = t[i:end].strip()
        if c in "wW":
            out.writes.append(arg)
        elif c in "rR":
            out.reads.append(arg)
        elif arg:
            out.commands.append(arg)
        else:
            out.runs_pattern_space = True
        return end
    if c == "s":
        return _substitute(t, i, out)
    if c == "y":
        if i >= len(t):
            return -1
        j = _delimited(t, i + 1, t[i])
        return _delimited(t, j, t[i]) if j >= 0 else -1
    if c == "v":
        while i < len(t) and t[i] not in ";\n}":
            i += 1
        return i
    return -1


def sed_script(text: str) -> SedScript | None:
    """What ``text`` (a sed script: ``-e`` values joined by newlines) does; None when it
    cannot be read (fail closed: the caller asks)."""
    out = SedScript()
    i = 0
    while True:
        i = _skip(text, i, " \t\n;")
        if i >= len(text):
            return out
        if text[i] == "#":
            i = _line_end(text, i)
            continue
        i = _addresses(text, i)
        if i < 0:
            return None
        i = _skip(text, i, " \t!")
        if i >= len(text):
            return None
        i = _command(text, i, out)
        if i < 0:
            return None
