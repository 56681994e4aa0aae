"""Words hyphenated across a line break, read joined: ``Ig-\\nnore all pre-\\nvious``.

A reader (and a model) reads a word cut by a hyphen at the end of a line as the word: typeset
text does it at every column edge, and an injection does it on purpose so that no keyword
appears whole (the split-lines class of HackAPrompt, Schulhoff et al., arXiv:2311.16119). The
normaliser's last stage removes a hyphen between an ASCII letter and a line break, with the
break and the next line's indentation, when the next line goes on with a lower-case letter:
``pre-\\n    vious`` reads ``previous``. A line that ends in a hyphen before a capital, a digit
or a symbol (a list item, a heading, ``mark.black-\\n2134``) is left as it is. The whitespace
stage before this one makes every CR a line break, so one empty line is allowed between the
two parts (a CRLF break reads as two). Each removal is a span-mapped edit, so a finding maps
back to the original characters.

Cost: one ``bytes in`` check of the ASCII view; where one is present, one ``re`` search with
a literal head over the view and list work per removal.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from cordon.content._troff import EditColumns

if TYPE_CHECKING:
    from cordon.content.normalize import Normalized

__all__ = ["stage"]

#: a hyphen, the line break, the next line's indentation, a lower-case letter (a literal
#: head, so ``re`` looks for the hyphen in C; the letter before it is checked per match). The
#: whitespace stage before this one makes every CR a line break, so a CRLF reads ``\n\n``
_SPLIT = re.compile(rb"-\r?\n\n?[ \t]*(?=[a-z])")
_LETTERS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def stage(nz: Normalized) -> Normalized:
    """``nz`` with every hyphen-and-line-break inside a word removed, as a span-mapped stage
    over it (offsets map back through ``nz``); ``nz`` itself when there is none."""
    view = nz.ascii_view
    # a text without a hyphen, by one memchr pass (a two-byte ``in`` is a byte-by-byte search
    # on CPython 3.11: ~18 ms over 10 MB of prose)
    if view.find(b"-") < 0 or b"-\n" not in view:
        return nz
    spans = [
        m.span() for m in _SPLIT.finditer(view) if m.start() and view[m.start() - 1] in _LETTERS
    ]
    if not spans:
        return nz
    text = nz.text
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
