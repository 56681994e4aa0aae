"""ANSI escape sequences (ECMA-48): the pattern the sanitiser strips and the scanner reads past.

A terminal acts on them and shows the rest; a model reads the rest with the sequences in it or,
once a client strips them, without: "\\x1b[31mIGNORE all previous instructions" is an override
to both. The Trail of Bits write-up on ANSI codes in MCP (2025-04) hides text from the human
this way.

The sanitiser also strips the controls a terminal acts on without an ESC (:data:`CONTROL`: a
backspace, a carriage return inside a line, every C1 control) with :data:`TERMINAL_RE`; the
scanner reads past :data:`ANSI_RE` only.
"""

from __future__ import annotations

import re

__all__ = [
    "ANSI",
    "ANSI_HINT",
    "ANSI_RE",
    "TERMINAL_HINT",
    "TERMINAL_RE",
    "has_terminal_control",
]

#: an ANSI escape sequence (CSI, OSC, any other ESC sequence, their 8-bit C1 forms), or a lone
#: ESC or C1 introducer left over: nothing this matches survives a substitution. A CSI takes
#: parameters of any length, as a terminal parses them (ECMA-48 5.4): a bounded count let a
#: sequence of 141 parameter characters glued to each word through whole (linear: no nesting)
ANSI = (
    "\x1b\\[[0-?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b\u009c]{0,512}(?:\x07|\x1b\\\\|\u009c)?"
    "|\x1b[ -/]*[0-~]|\u009b[0-?]*[ -/]*[@-~]"
    "|\u009d[^\x07\x1b\u009c]{0,512}(?:\x07|\x1b\\\\|\u009c)?|[\x1b\u009b\u009d]"
)
ANSI_RE = re.compile(ANSI)
#: where a sequence can start
ANSI_HINT = re.compile("[\x1b\u009b\u009d]")

#: the other terminal controls, which a terminal acts on instead of showing (ECMA-48 section
#: 8.3), with no ESC to find them by: a backspace and a carriage return inside a line overwrite
#: what was shown (``evil\b\b\b\bgood`` shows ``good``, the model reads both), shift-out
#: switches the character set, NUL and DEL show nothing; every C1 control, the 8-bit DCS, SOS,
#: PM and APC introducers too (U+0090, U+0098, U+009E, U+009F: a terminal swallows the string
#: up to its ST, U+009C). Tab, line feed, form feed and a carriage return that ends a line
#: (CRLF, CR CR LF, the last character) are text; a run of carriage returns inside a line is
#: not. Removed, never read as a sequence: the text a terminal would have swallowed is shown,
#: as the text of a 7-bit ``ESC P`` is.
CONTROL = "[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f\x7f-\x9f]|\r+(?=[^\r\n])"
#: an OSC's body and terminator (7-bit ``ESC ]`` and 8-bit U+009D alike)
_OSC = "[^\x07\x1b\u009c]{0,512}(?:\x07|\x1b\\\\|\u009c)?"
#: the controls of :data:`CONTROL`'s class no ANSI alternative starts with, one by one
_LONE = [c for c in map(chr, range(0xA0)) if re.fullmatch(CONTROL.split("|")[0], c)]
#: what warn mode strips from every string and every mode from definitions: ANSI sequences
#: first (an OSC's body goes with it), then any control left. The same matches as
#: ``(?:ANSI)|CONTROL`` (``tests/content/test_terminal_strip.py``), with each alternative
#: opening on one literal character: ``re`` then skips to the next ESC, C1 or control with
#: its character-set search, where the alternation tried every alternative at every position
#: (0.3 s against 0.03 s of CPU per 10 MB: a result with one escape paid it before delivery)
TERMINAL_RE = re.compile(
    "|".join(
        [
            "\x1b(?:\\[[0-?]*[ -/]*[@-~]|\\]" + _OSC + "|[ -/]*[0-~])?",  # ESC [, ESC ], ESC
            "\u009b(?:[0-?]*[ -/]*[@-~])?",  # 8-bit CSI
            "\u009d" + _OSC,  # 8-bit OSC
            "\r\r*(?=[^\r\n])",  # carriage returns inside a line
            *(re.escape(c) for c in _LONE if c not in "\u009b\u009d"),
        ]
    )
)
#: where a match of :data:`TERMINAL_RE` can start (each of its alternatives opens on one of
#: these characters): the hint the scanner's reading without them looks for
TERMINAL_HINT = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]|\r\r*(?=[^\r\n])")
#: the C0 controls of :data:`CONTROL` (ESC and the carriage return aside): in ASCII text each
#: is looked for with ``str.__contains__`` (a memchr pass; 28 of them cost a tenth of one
#: ``re`` pass of a character class)
_C0 = tuple(map(chr, [*range(0x00, 0x09), 0x0B, *range(0x0E, 0x1B), *range(0x1C, 0x20), 0x7F]))
#: every character an ANSI sequence or a control of :data:`CONTROL` but a carriage return
#: starts with: one class pass over text that is not ASCII (a carriage return, which
#: :data:`TERMINAL_RE` stops at too, is looked at only when the text holds one)
_START = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_CR_IN_LINE = re.compile("\r[^\r\n]")


def has_terminal_control(text: str) -> bool:
    """Whether :data:`TERMINAL_RE` finds anything in ``text``, at the cost of memchr passes
    over ASCII text (every C1 control is outside ASCII; printable ASCII, the usual short
    string, is one ``isprintable`` pass) and of one character-class pass over any other; a
    carriage return is looked at only in text that holds one."""
    if text.isascii():
        if text.isprintable():  # one C pass: no ASCII control at all, CR and ESC included
            return False
        if "\x1b" in text or any(c in text for c in _C0):
            return True
    elif _START.search(text) is not None:
        return True
    return "\r" in text and _CR_IN_LINE.search(text) is not None
