"""What ``echo`` and ``printf`` with literal arguments write, escapes decoded as bash's
builtins decode them (for :mod:`.shell_commands`' ``literal_output``).

Attack class: SQL or commands spelt with escapes so no rule reads them, decoded by the
builtin on their way into a client or a shell (``printf 'DR\\x4fP TABLE users' | psql``,
``echo -e '\\x44ROP TABLE users' | sqlite3 db``). The text is decoded as bash does
(``printf``'s format and its ``%b`` arguments, ``echo -e``); a plain ``echo`` whose words
hold an escape another shell's ``echo`` decodes (dash's and zsh's decode ``\\0NNN`` and
``\\c`` without ``-e``) writes text that depends on the shell, and so does a ``printf``
conversion other than ``%s``, ``%b``, ``%c`` and ``%%``: both are :data:`DYNAMIC` (fail
closed: what the client reads is not known here). Pure: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["echo_output", "printf_output"]

#: a value known only at run time (the shell guard's marker, :data:`.shell.DYNAMIC`)
DYNAMIC = "\x00"

_LETTERS = {
    "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r",
    "t": "\t", "v": "\v", "\\": "\\",
}  # fmt: skip
#: a backslash escape: hex (1-2 digits), Unicode (1-4, 1-8), octal (group 4: ``\\0NNN``,
#: group 5: ``\\NNN``), ``\\c`` (group 6), one other character (group 7)
_ESCAPE_RE = re.compile(
    r"(?s)\\(?:x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})"
    r"|0([0-7]{0,3})|([1-7][0-7]{0,2})|(c)|(.))"
)
#: ``printf``'s format: a conversion (group 1: flags, width and precision; group 2: its
#: letter), or text up to the next one
_CONVERSION_RE = re.compile(r"%([-+ #0-9.*]*)([a-zA-Z%]?)")
_OPTION_RE = re.compile(r"-[neE]+")


class _Stop(Exception):
    """``\\c``: nothing more is written."""


def _decode(text: str, mode: str) -> str:
    """``text`` with the escapes decoded that ``mode`` decodes: ``format`` (printf's format:
    ``\\NNN``, ``\\"``, ``\\'``, ``\\?``; ``\\c`` kept), ``echo`` (``echo -e``: ``\\0NNN``,
    ``\\c`` stops), ``b`` (``%b``: both octal forms, ``\\c`` stops). Raises :class:`_Stop`
    with the text before a ``\\c`` that stops."""

    def sub(m: re.Match[str]) -> str:
        hexa, u4, u8, zero, octal, stop, other = m.groups()
        if hexa or u4 or u8:
            code = int(hexa or u4 or u8, 16)
            return chr(code) if code < 0x110000 else DYNAMIC
        if zero is not None:
            if mode == "format":  # (\0104: \010 then "4")
                return chr(int(("0" + zero)[:3], 8)) + ("0" + zero)[3:]
            return chr(int(zero or "0", 8) & 0xFF)
        if octal is not None:
            return chr(int(octal, 8) & 0xFF) if mode != "echo" else m.group()
        if stop is not None:
            if mode == "format":
                return m.group()
            raise _Stop(text[: m.start()])
        if other in _LETTERS:
            return _LETTERS[other]
        if mode == "format" and other in "\"'?":
            return other
        return m.group()

    out: list[str] = []
    pos = 0
    for m in _ESCAPE_RE.finditer(text):
        out.append(text[pos : m.start()])
        try:
            out.append(sub(m))
        except _Stop:
            raise _Stop("".join(out)) from None
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def echo_output(args: tuple[str, ...]) -> str:
    """What ``echo ARGS`` writes, without the newline it ends with (bash: leading words of
    ``-n``/``-e``/``-E`` are options, the last ``e`` or ``E`` decides the escapes)."""
    words = list(args)
    escapes = False
    while words and _OPTION_RE.fullmatch(words[0]):
        for ch in words.pop(0)[1:]:
            escapes = {"e": True, "E": False}.get(ch, escapes)
    text = " ".join(words)
    if "\\" not in text:
        return text
    try:
        decoded = _decode(text, "b" if not escapes else "echo")
    except _Stop as stop:
        decoded = f"{stop.args[0]}{DYNAMIC}" if not escapes else stop.args[0]
    if not escapes:  # (bash writes the words; dash, zsh and xpg_echo decode them)
        return text if decoded == text else DYNAMIC
    return decoded


def printf_output(args: tuple[str, ...]) -> str | None:
    """What ``printf FORMAT [ARGS]`` writes (the format reused while arguments are left, as
    bash does); None with an option (``-v NAME`` writes nothing)."""
    words = list(args[1:] if args[:1] == ("--",) else args)
    if not words or (words[0].startswith("-") and args[:1] != ("--",)):
        return None
    fmt, values = words[0], words[1:]
    out: list[str] = []
    try:
        while True:
            used = _format_once(fmt, values, out)
            values = values[used:]
            if not used or not values:
                return "".join(out)
    except _Stop as stop:
        out.append(stop.args[0])
        return "".join(out)


def _format_once(fmt: str, values: list[str], out: list[str]) -> int:
    """Append one pass of ``fmt`` over ``values`` to ``out``; the number used."""
    used, pos = 0, 0
    for m in _CONVERSION_RE.finditer(fmt):
        out.append(_decode(fmt[pos : m.start()], "format"))
        pos = m.end()
        flags, letter = m.groups()
        if letter == "%" and not flags:
            out.append("%")
            continue
        value = values[used] if used < len(values) else ""
        used += 1
        if flags or letter not in ("s", "b", "c"):
            out.append(DYNAMIC)  # (a width, a number, %q: not read here)
        elif letter == "s":
            out.append(value)
        elif letter == "c":
            out.append(value[:1] or "\x00")  # (bash writes a NUL for no character)
        else:
            try:
                out.append(_decode(value, "b"))
            except _Stop as stop:
                out.append(stop.args[0])
                raise _Stop("") from None
    out.append(_decode(fmt[pos:], "format"))
    return used
