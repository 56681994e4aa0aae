"""bash's ANSI-C quoting (``$'...'``): the escapes bash decodes, for :mod:`.shell`'s word
expansion (``$'\\x72m'``, ``$'\\162m'``, ``$'\\u0072m'`` are ``rm``)."""

from __future__ import annotations

import re

__all__ = ["ansi_c"]

_ANSI_SIMPLE = {
    "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v", "e": "\x1b",
    "E": "\x1b", "\\": "\\", "'": "'", '"': '"', "?": "?",
}  # fmt: skip
_ANSI_RE = re.compile(
    r"\\(?:x([0-9A-Fa-f]{1,2})|([0-7]{1,3})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})|c(.)|(.))",
    re.DOTALL,
)


def ansi_c(body: str) -> str:
    """The value of ``$'body'`` (bash's ANSI-C quoting)."""

    def sub(m: re.Match[str]) -> str:
        hx, octal, u4, u8, ctl, other = m.groups()
        if hx or octal:
            return chr(int(hx, 16) if hx else int(octal, 8) & 0xFF)
        if u4 or u8:
            n = int(u4 or u8, 16)
            return chr(n) if n < 0x110000 else ""
        if ctl is not None:
            return chr(ord(ctl.upper()) & 0x1F)
        return _ANSI_SIMPLE.get(other, "\\" + other)

    return _ANSI_RE.sub(sub, body)
