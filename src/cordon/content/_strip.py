"""Warn mode's removal of terminal control and invisible characters from a string it
rewrites (:mod:`cordon.content.sanitize`): every ANSI escape and control everywhere, an
invisible run only where the normaliser reads it as obfuscation; inside a wrap, every
invisible character.
"""

from __future__ import annotations

import re

from cordon.content._ansi import ANSI, TERMINAL_RE, has_terminal_control
from cordon.content.normalize import _Builder, _classify_invisible
from cordon.textnorm import INVISIBLE_RE

__all__ = ["_STRIP_RE", "_strip", "_strip_all"]

#: INVISIBLE_RE's class is written as ranges: its characters listed one by one make ``re``
#: test each in turn at every position (6.4 s against 0.2 s of CPU per 10 MB with 432 of them)
_STRIP_RE = re.compile("(?:" + ANSI + ")|" + INVISIBLE_RE.pattern)
#: a run of them, spelled as a class then its repetition (not ``(?:class)+``): a pattern that
#: opens on a class is searched for with ``re``'s character-set scan (98 against 130 ms of CPU
#: per 10 MB of text that is not ASCII)
_INVISIBLE_RUN_RE = re.compile(INVISIBLE_RE.pattern + INVISIBLE_RE.pattern + "*")


def _strip_all(text: str) -> str:
    """``text`` without what ``_STRIP_RE`` matches (every ANSI escape, every invisible
    character) and without any other terminal control: the text inside a wrap."""
    control = has_terminal_control(text)
    if text.isascii() and not control:
        return text  # every invisible and C1 character is outside ASCII
    text = _STRIP_RE.sub("", text)
    return TERMINAL_RE.sub("", text) if control else text


def _strip(text: str) -> str:
    """``text`` without its ANSI escapes and without each run of invisible characters the
    normaliser reads as obfuscation (the runs that raise ``obf.zero_width``,
    ``obf.bidi_control``, ``obf.tag_smuggling`` or ``obf.variation_selector_run``). A run it
    reads as ordinary text stays, as it does in a string with no hit: a zero-width
    non-joiner in Persian or Hindi, the joiners of a family emoji, an emoji's variation
    selector, a flag's tag sequence, a right-to-left mark. Stripping those from a whole file
    because one line of it matched a rule changed words and emoji far from the match (and
    made the text differ from the file the agent edits)."""
    control = has_terminal_control(text)
    if text.isascii() and not control:
        return text  # every invisible and C1 character is outside ASCII
    if control:
        text = TERMINAL_RE.sub("", text)
    out: list[str] = []
    cursor = 0
    for lo, hi in _non_ascii_regions(text):
        for m in _INVISIBLE_RUN_RE.finditer(text, lo, hi):
            if not _obfuscating(text, m.start(), m.end()):
                out.append(text[cursor : m.start()])
                cursor = m.end()
    if not out:
        return text
    out.append(text[cursor:])
    return "".join(out)


#: the piece of a string :func:`_non_ascii_regions` tells ASCII by
_PIECE = 1 << 16


def _non_ascii_regions(text: str, piece: int = _PIECE) -> list[tuple[int, int]]:
    """The spans of ``text`` that hold every character outside ASCII: runs of consecutive
    ``piece``-long pieces, each with one such character or more. An invisible run (never
    ASCII) lies inside one, so searching them finds every run a search of the whole text
    finds: a large result with a few emoji or curly quotes reads ~4 ms of slices where the
    run pattern read all of it (~95 ms per 10 MB)."""
    if text.isascii():
        return []
    regions: list[tuple[int, int]] = []
    start = -1
    for i in range(0, len(text), piece):
        if text[i : i + piece].isascii():  # (a slice knows its widest character)
            if start >= 0:
                regions.append((start, i))
                start = -1
        elif start < 0:
            start = i
    if start >= 0:
        regions.append((start, len(text)))
    return regions


def _obfuscating(text: str, start: int, end: int) -> str:
    """The invisible run ``text[start:end]`` kept, or ``""`` when the normaliser's reading
    of a run (:func:`cordon.content.normalize._classify_invisible`) raises an event on it."""
    b = _Builder(text)
    _classify_invisible(b, start, end, text[start:end])
    return "" if b.events else text[start:end]
