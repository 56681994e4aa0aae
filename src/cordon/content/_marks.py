"""Combining marks left on a Latin letter, read without them: ``Ig̀nore``, ``i̴g̷n̸o̶r̵e̷``.

Unicode composes a base letter and a mark into one character where a precomposed form exists
(``e`` + U+0301 is ``é`` after NFKC), so a combining diacritical mark (U+0300..U+036F) still
standing after an ASCII letter once the text is normalised is one no orthography of a Latin
language writes there: a grave on a ``g``, a tilde overlay on every letter of a word. A reader
(and a model) reads the word through them; a keyword list sees a different word. This is the
diacritic and "Zalgo" form of the homoglyph class (Boucher et al., 'Bad Characters:
Imperceptible NLP Attacks', arXiv:2106.09898; OWASP LLM01:2025 obfuscation). The stage removes
those marks as span-mapped edits, so a finding maps back to the original characters. A mark on
a non-ASCII letter (Yoruba, Vietnamese stacks) is left as it is.

Cost: one ``str.isascii`` of the text; on text that is not ASCII, one ``re`` search for the
marks' block.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from cordon.content._troff import EditColumns

if TYPE_CHECKING:
    from cordon.content.normalize import Normalized

__all__ = ["stage"]

#: a run of combining diacritical marks right after an ASCII letter
_MARKS = re.compile("(?<=[A-Za-z])[\u0300-\u036f]+")


def stage(nz: Normalized) -> Normalized:
    """``nz`` with every combining mark on an ASCII letter removed, as a span-mapped stage over
    it (offsets map back through ``nz``); ``nz`` itself when there is none."""
    text = nz.text
    if text.isascii():
        return nz
    spans = [m.span() for m in _MARKS.finditer(text)]
    if not spans:
        return nz
    view = nz.ascii_view
    ns: list[int] = []
    os_: list[int] = []
    oe: list[int] = []
    pieces: list[str] = []
    vpieces: list[bytes] = []
    prev = removed = 0
    for start, end in spans:
        ns.append(start - removed)
        os_.append(start)
        oe.append(end)
        pieces.append(text[prev:start])
        vpieces.append(view[prev:start])
        removed += end - start
        prev = end
    pieces.append(text[prev:])
    vpieces.append(view[prev:])
    edits = EditColumns(ns, ns, os_, oe)
    return replace(
        nz, text="".join(pieces), ascii_view=b"".join(vpieces), _ns=ns, _edits=edits, _base=nz
    )
