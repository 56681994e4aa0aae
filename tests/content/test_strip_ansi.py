"""ANSI escapes are removed from tool definitions and server instructions in every content
mode (:func:`cordon.content.sanitize.strip_ansi`), and from results in warn mode: every kind of
escape, 7-bit and 8-bit, with no escape byte left over."""

from __future__ import annotations

import pytest

from cordon.content.sanitize import sanitize_text, strip_ansi
from cordon.content.scanner import scan_hits

#: (escape-laden text, the text a reader must get): colour, concealment, cursor and screen
#: control, hyperlinks, 8-bit forms, and sequences the older pattern left an ESC of
CASES = [
    ("a\x1b[37;47mhidden\x1b[0mb", "ahiddenb"),  # white on white (Trail of Bits)
    ("a\x1b[97;107mhidden\x1b[0mb", "ahiddenb"),  # bright white on bright white
    ("a\x1b[38;2;255;255;255;48;2;255;255;255mx\x1b[m", "ax"),  # truecolour
    ("a\x1b[8mhidden\x1b[28m", "ahidden"),  # conceal
    ("hidden\x1b[1A\x1b[2Kshown", "hiddenshown"),  # cursor up, erase line
    ("\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\", "link"),  # OSC 8 hyperlink
    ("\x1b]0;title\x07text", "text"),  # window title, BEL-terminated
    ("a\x9b37;47mhidden\x9b0mb", "ahiddenb"),  # 8-bit CSI
    ("\x9d8;;https://evil.example\x9clink", "link"),  # 8-bit OSC, ST-terminated
    ("before\x1bcafter", "beforeafter"),  # RIS: full reset, clears the screen
    ("save\x1b7 and restore\x1b8", "save and restore"),  # DECSC / DECRC
    ("charset\x1b(B", "charset"),  # designate G0
    ("a\x1b[>4;2mb", "ab"),  # private-parameter CSI
    ("lone \x1b", "lone "),  # a lone ESC at the end
]


@pytest.mark.parametrize(("raw", "clean"), CASES)
def test_every_escape_is_removed(raw: str, clean: str) -> None:
    assert strip_ansi(raw) == clean


@pytest.mark.parametrize(("raw", "clean"), CASES)
def test_warn_mode_removes_the_same_escapes(raw: str, clean: str) -> None:
    assert sanitize_text(raw, []) == clean
    out = sanitize_text(raw, scan_hits(raw))  # with the findings' rewrites too
    assert "\x1b" not in out and "\x9b" not in out and "\x9d" not in out, repr(out)


def test_a_definition_is_stripped_everywhere_and_otherwise_returned_as_is() -> None:
    tool = {
        "name": "get_date",
        "description": "Get today's date.\x1b[97;107m build 7\x1b[0m",
        "inputSchema": {
            "type": "object",
            "properties": {
                "fmt\x1b[8m": {"type": "string", "enum": ["iso", "\x1b[1mlong\x1b[0m"]},
                "n": {"type": "integer", "default": 3},
            },
        },
    }
    out = strip_ansi(tool)
    assert out == {
        "name": "get_date",
        "description": "Get today's date. build 7",
        "inputSchema": {
            "type": "object",
            "properties": {
                "fmt": {"type": "string", "enum": ["iso", "long"]},
                "n": {"type": "integer", "default": 3},
            },
        },
    }
    assert "\x1b" in tool["description"]  # the input (the pinned definition) is not changed
    clean = {"name": "echo", "inputSchema": {"type": "object", "properties": {"a": {}}}}
    assert strip_ansi(clean) is clean
    assert strip_ansi("plain") == "plain" and strip_ansi(None) is None


def test_text_without_escapes_is_unchanged_by_the_new_pattern() -> None:
    """Square brackets, backslashes and C1-looking words stay: only escapes go."""
    text = "[1;31m] a\\x1b[0m b [SYSTEM] c \u00e9\u00e8 \u4e2d\u6587"
    assert strip_ansi(text) is text
    assert sanitize_text(text, []) == text
