"""What a person approving a call reads, made to show as written.

Everything cordon's question and ``cordon approve`` quote is the adversary's text: a tool's
name (a hostile server lists it), a parameter's name and value (a fooled agent writes them),
a reason that names a shell command's program (``$'ls\\ncordon: safe'`` is one word to the
shell). None of it may forge text that reads as cordon's own (a line break, a quote that
closes early), hide text from the person (ESC ``[8m`` conceals, ESC ``[2J`` clears the
screen, an OSC 8 hyperlink shows one address and opens another, a bidi override or a
zero-width character reorders or hides letters), or pass a look-alike for the real name
(``paypal.example`` with a Cyrillic ``а``).

* :func:`visible` writes every character a terminal or a form would not show as itself (a
  control, a format character, a separator other than the space, a private-use or unassigned
  code point: what :meth:`str.isprintable` refuses) as an escape (``\\x1b``, ``\\n``,
  ``\\u200b``);
* :func:`name` quotes a name: one in the MCP tool-name alphabet as is, any other as a JSON
  string (every quote, backslash and non-ASCII character escaped);
* :func:`spelled` quotes a destination, with its ASCII spelling when it has other letters;
* :func:`cut` keeps the start and the end of a long value (a command's dangerous part is
  often its last), saying how long it is.
"""

from __future__ import annotations

import json
import re

__all__ = ["ascii_only", "cut", "name", "spelled", "visible"]

#: a name in the alphabet MCP gives tool names (letters, digits, ``_ - . /``): shown as is
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_./-]{1,128}")
_SHORT = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(c: str) -> str:
    o = ord(c)
    if c in _SHORT:
        return _SHORT[c]
    return f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}"


def visible(text: str) -> str:
    """``text`` with every character that would not show as itself written as an escape
    (module docstring); letters of any script are kept."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def ascii_only(text: str) -> str:
    """``text`` with every non-ASCII or non-printable character written as an escape."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if c.isascii() and c.isprintable() else _escape(c) for c in text)


def name(text: str) -> str:
    """A tool's or a parameter's name, quoted: ``'send_email'``; a name outside the MCP
    tool-name alphabet as a JSON string, so that it cannot close its quote and read on as
    cordon's text (``"del' is read-only. cordon: ..."``)."""
    if _PLAIN_NAME.fullmatch(text):
        return f"'{text}'"
    return json.dumps(text)


def spelled(destination: str) -> str:
    """A destination, quoted; one with a letter outside ASCII (or a character that does not
    show) also spelled in ASCII escapes, so ``p\\u0430ypal.example`` is not read as
    ``paypal.example``."""
    shown = repr(destination)
    if destination.isascii() and destination.isprintable():
        return shown
    return f"{shown} (spelled {ascii(destination)}: not all plain ASCII)"


def cut(text: str, limit: int) -> str:
    """``text``, or its start and its end with `` ... `` between when it is longer than
    ``limit`` characters (the caller says how long it was)."""
    if len(text) <= limit:
        return text
    tail = limit // 3
    return f"{text[: limit - tail - 5]} ... {text[-tail:]}"
