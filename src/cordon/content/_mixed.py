"""Confusable letters next to ASCII letters: the positions of TR39 mixed-script words
(Unicode Technical Standard #39, section 5) that :func:`cordon.content.normalize.normalize`
rewrites to their ASCII skeleton."""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["mixed_positions"]

#: the ASCII projection -> letter 'a', non-ASCII (and a real '?') 'b', anything else ' '
_MIX_TABLE = bytes(
    ord("a") if chr(i).isascii() and chr(i).isalpha() else ord("b") if i == ord("?") else 32
    for i in range(256)
)
_LETTER_THEN_OTHER = re.compile(rb"ab")
_OTHER_THEN_LETTER = re.compile(rb"ba")


def mixed_positions(
    text: str, view: bytes, skeleton: Mapping[int, str]
) -> list[tuple[int, int, str, str]]:
    """Confusable letters directly next to an ASCII letter (TR39 mixed-script words).

    ``view`` is the ASCII view of ``text``; translated to letter / other-than-ASCII / rest, an
    ASCII letter next to a non-ASCII character is the two-byte literal ``ab`` or ``ba``; a
    position counts when its letter is in ``skeleton`` (confusable letter -> ASCII).
    """
    cls = view.translate(_MIX_TABLE)
    out: list[tuple[int, int, str, str]] = []
    for m in _LETTER_THEN_OTHER.finditer(cls):
        i = m.start() + 1
        if ord(text[i]) in skeleton:
            out.append((i, i + 1, "conf", text[i]))
    for m in _OTHER_THEN_LETTER.finditer(cls):
        i = m.start()
        if ord(text[i]) in skeleton:
            out.append((i, i + 1, "conf", text[i]))
    return out
