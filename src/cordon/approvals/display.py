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
  code point: what :meth:`str.isprintable` refuses; and the default-ignorable code points it
  lets through, variation selectors and Hangul fillers, which a renderer shows as nothing)
  as an escape (``\\x1b``, ``\\n``, ``\\u200b``, ``\\ufe00``);
* :func:`name` quotes a name: one in the MCP tool-name alphabet as is, any other as a JSON
  string (every quote, backslash and non-ASCII character escaped);
* :func:`spelled` quotes a destination, with its ASCII spelling when it has other letters;
* :func:`cut` keeps the start and the end of a long value (a command's dangerous part is
  often its last), saying how long it is;
* :func:`clipped` shows a text (:func:`visible`, or another view) within a number of shown
  characters, its start and its end, saying how much was cut: ten thousand characters of a
  reason or a name would push what matters (the destination, what the approval covers, the
  question itself) off the screen or out of a client's form. :func:`name` and
  :func:`spelled` cap what they quote the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable

__all__ = ["ascii_only", "clipped", "cut", "name", "spelled", "visible"]

#: the most characters of a name (a server's, a tool's, a parameter's) shown: MCP tool names
#: are at most 128 characters, so a plain name is never cut
NAME_CHARS = 160
#: the most characters of a destination shown (a host name is at most 253)
DESTINATION_CHARS = 300

#: a name in the alphabet MCP gives tool names (letters, digits, ``_ - . /``): shown as is
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_./-]{1,128}")
_SHORT = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
#: the Default_Ignorable_Code_Points (UAX #44) :meth:`str.isprintable` accepts: combining
#: grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian free variation
#: selectors, variation selectors 1-256. A renderer shows none of them, so a value can carry
#: any text spelled in them (one byte a variation selector after an emoji: "emoji
#: smuggling") past the person who approves it. The rest of the ignorables (zero-width
#: characters, bidi controls, tags) are format characters, escaped as not printable. Kept
#: equal to the printable part of ``cordon._textnorm_unicode.INVISIBLE_CHARS`` by a test.
_HIDDEN = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\ufe00-\ufe0f\uffa0"
    "\U000e0100-\U000e01ef]"
)


def _escape(c: str) -> str:
    o = ord(c)
    if c in _SHORT:
        return _SHORT[c]
    return f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}"


def visible(text: str) -> str:
    """``text`` with every character that would not show as itself written as an escape
    (module docstring); letters of any script are kept."""
    if text.isprintable() and (text.isascii() or _HIDDEN.search(text) is None):
        return text
    return "".join(c if c.isprintable() and not _HIDDEN.match(c) else _escape(c) for c in text)


def ascii_only(text: str) -> str:
    """``text`` with every non-ASCII or non-printable character written as an escape."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if c.isascii() and c.isprintable() else _escape(c) for c in text)


def name(text: str) -> str:
    """A tool's or a parameter's name, quoted: ``'send_email'``; a name outside the MCP
    tool-name alphabet as a JSON string, so that it cannot close its quote and read on as
    cordon's text (``"del' is read-only. cordon: ..."``); a long one as the JSON strings of
    its start and its end, the cut said between them (:func:`clipped`)."""
    if _PLAIN_NAME.fullmatch(text):
        return f"'{text}'"
    return _quoted_ends(text, NAME_CHARS, json.dumps)


def spelled(destination: str) -> str:
    """A destination, quoted; one with a letter outside ASCII (or a character that does not
    show) also spelled in ASCII escapes, so ``p\\u0430ypal.example`` is not read as
    ``paypal.example``; a long one cut to its start and its end (:func:`clipped`: the end
    holds the registered domain)."""
    shown = _quoted_ends(destination, DESTINATION_CHARS, repr)
    if destination.isascii() and destination.isprintable():
        return shown
    spelling = _quoted_ends(destination, DESTINATION_CHARS, ascii)
    return f"{shown} (spelled {spelling}: not all plain ASCII)"


def _quoted_ends(text: str, limit: int, quote: Callable[[str], str]) -> str:
    """``quote(text)`` (``repr``, ``ascii``, ``json.dumps``: a quoted literal); past
    ``limit`` characters the quoted start and the quoted end of ``text``, the cut said
    between them (each part is quoted whole, so none can close its quote early)."""
    whole = quote(text)
    if len(whole) <= limit:
        return whole
    n_head, n_tail = _ends(text, limit, lambda c: quote(c)[1:-1])
    left_out = len(text) - n_head - n_tail
    return f"{quote(text[:n_head])}{_note(left_out, len(text))}{quote(text[len(text) - n_tail :])}"


def _fit(chars: Iterable[str], budget: int, show: Callable[[str], str]) -> int:
    """How many of ``chars``, from the first, show in ``budget`` characters, each whole (an
    escape is never split)."""
    used = 0
    n = 0
    for c in chars:
        used += len(show(c))
        if used > budget:
            break
        n += 1
    return n


#: the longest word a cut moves out of to the word's edge: a longer run of word characters
#: (an encoded blob, a padded name) is cut where the budget ends
_WORD_REACH = 24
_WORD = re.compile(r"\w")


def _ends(text: str, limit: int, show: Callable[[str], str]) -> tuple[int, int]:
    """How many characters of ``text`` to show from its start (two thirds of ``limit``
    shown characters) and from its end (one third). A cut that falls inside a word moves
    to the word's edge, leaving the whole word out (``communicates ex [...`` read as another
    word): a reason is cordon's own sentence around the adversary's quoted text. It only
    shrinks what is shown, so the cap holds and whatever fit before the word still shows."""
    n_head = _fit(text, limit - limit // 3, show)
    n_head = _word_start(text, n_head)
    n_tail = _fit(reversed(text[n_head:]), limit // 3, show)
    return n_head, len(text) - _word_end(text, len(text) - n_tail)


def _word_at(text: str, at: int) -> tuple[int, int] | None:
    """The start and the end of the word ``at`` cuts (word characters on both sides of it),
    when it is at most :data:`_WORD_REACH` characters long and neither starts nor ends
    ``text``; else ``None`` (the cut stays where it is)."""
    if not 0 < at < len(text) or not (_WORD.match(text[at - 1]) and _WORD.match(text[at])):
        return None
    start, end = at - 1, at + 1
    while start > 0 and _WORD.match(text[start - 1]) and end - start <= _WORD_REACH:
        start -= 1
    while end < len(text) and _WORD.match(text[end]) and end - start <= _WORD_REACH:
        end += 1
    if end - start > _WORD_REACH or start == 0 or end == len(text):
        return None
    return start, end


def _word_start(text: str, at: int) -> int:
    """The end of a head cut at ``at``: before the word ``at`` cuts and the space before it
    (:func:`_word_at`), else ``at``."""
    word = _word_at(text, at)
    if word is None:
        return at
    return word[0] - 1 if text[word[0] - 1] == " " and word[0] > 1 else word[0]


def _word_end(text: str, at: int) -> int:
    """The start of a tail cut at ``at``: past the word ``at`` cuts and the space after it
    (:func:`_word_at`), else ``at``."""
    word = _word_at(text, at)
    if word is None:
        return at
    return word[1] + 1 if text[word[1]] == " " and word[1] + 1 < len(text) else word[1]


def _note(left_out: int, total: int) -> str:
    return f" [... {left_out:,} of {total:,} characters not shown ...] "


def clipped(text: str, limit: int, show: Callable[[str], str] = visible) -> str:
    """``show(text)`` (:func:`visible` unless said: :func:`ascii_only`) when it is at most
    ``limit`` characters; else the shown forms of its start (two thirds of ``limit``) and
    its end (one third), whole characters each, with how many characters were left out
    between them: ``START [... 9,712 of 10,020 characters not shown ...] END``. For what
    the adversary wrote where a person reads it to decide (a reason, a name): its length
    must not push the rest of the question out of sight, and its end is often the part
    that matters (the file a command overwrites, an address)."""
    shown = show(text)
    if len(shown) <= limit:
        return shown
    n_head, n_tail = _ends(text, limit, show)
    head, tail = show(text[:n_head]), show(text[len(text) - n_tail :])
    return f"{head}{_note(len(text) - n_head - n_tail, len(text))}{tail}"


def cut(text: str, limit: int) -> str:
    """``text``, or its start and its end with `` ... `` between when it is longer than
    ``limit`` characters (the caller says how long it was)."""
    if len(text) <= limit:
        return text
    tail = limit // 3
    return f"{text[: limit - tail - 5]} ... {text[-tail:]}"
