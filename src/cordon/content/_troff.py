"""troff font and size escapes, removed the way a man page renders them.

``\\fBignore\\fR all previous instructions``: a formatter (and a model reading the page)
sees the word *ignore*; a rule sees ``fBignore``, a word that is not *ignore*, and the JSON
escape reading makes the ``\\f`` a form feed and keeps the ``B``. Man pages hold one such
escape every ~50 characters, so the normaliser removes them from the text every rule reads
(:func:`strip`), each removal a span-mapped edit:

* fonts: ``\\fB``, ``\\fI``, ``\\fR``, ``\\fP``, ``\\fC``, ``\\f1``-``\\f4`` (one character),
  ``\\f(CW`` (two), ``\\f[B]``, ``\\f[]`` (a bracketed name, groff);
* sizes: ``\\s-1``, ``\\s+2``, ``\\s0``, ``\\s(12``, ``\\s[12]``.

(groff(7), 'Escape sequences'.) A doubled backslash (``\\\\fB``: a page inside a JSON-escaped
string) goes with its escape. The forms are exact: a regular expression's ``\\s+`` or
``\\d`` and a path such as ``C:\\src`` are not escapes of these forms. A ``\\f`` followed by
one of the font letters in JSON-escaped text (a form feed before ``Before``) is read as a font
change here; the scanner's escape-decoded reading, made where other JSON escapes are near,
still reads it as a form feed.

A command set in bold or constant width (``\\fBdd if=x.bak of=/dev/sdb\\fP``: a name, a
space, then an option, a ``name=`` operand or a path) is how a man page shows an example of
the command, as a markdown code span does: its two escapes become backticks
(:func:`strip`), so a rule that lowers a mention in a code span lowers it here too. Prose
in bold (``\\fBignore all previous instructions\\fR``) is not command-shaped and is read
without its escapes.

Cost: a bytes ``in`` check of the ASCII view for ``\\f`` and ``\\s``; where present, one
``re.split`` of the view and list work per escape, no Python step per character.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import replace
from itertools import accumulate
from operator import sub
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from cordon.content.normalize import Normalized

__all__ = ["EditColumns", "stage", "strip"]

Edit = tuple[int, int, int, int]


class EditColumns(Sequence[Edit]):
    """The edits of one stage as four columns (norm start, norm end, original start, original
    end): a man page has tens of thousands of edits and a scan maps a few spans, so the tuple
    of an edit is built only when a lookup reads it."""

    __slots__ = ("_cols",)

    def __init__(self, *cols: Sequence[int]) -> None:
        self._cols = cols

    def __len__(self) -> int:
        return len(self._cols[0])

    def __eq__(self, other: object) -> bool:  # by value, as the tuple of edits it stands for
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    @overload
    def __getitem__(self, i: int) -> Edit: ...

    @overload
    def __getitem__(self, i: slice) -> list[Edit]: ...

    def __getitem__(self, i: int | slice) -> Edit | list[Edit]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        ns, ne, os_, oe = self._cols
        return ns[i], ne[i], os_[i], oe[i]


_ESCAPE = re.compile(
    rb"(\\(?:\\{1,3})?(?:f(?:[1-4BIRPC]|\([A-Za-z0-9]{2}|\[[A-Za-z0-9_]{0,16}\])"
    rb"|s(?:[+-]?[0-9]|\([0-9]{2}|\[[+-]?[0-9]{1,3}\])))"
)
#: where an escape of :data:`_ESCAPE` can start: a backslash, then a font or size letter
_HINT = re.compile(rb"\\[fs]")
#: a command in a bold or constant-width span: the opening escape, a command name, a space,
#: an option (``-x``, ``\\-x``), a ``name=`` operand or a path, no other font change, the
#: closing escape (roman or previous font)
_CODE = re.compile(
    rb"(\\f(?:[BC3]|\(C[WBR]|\[(?:B|C[WBR]?)\]))"
    rb"[a-z][a-z0-9_.+-]{0,31}[ \t]+(?:\\?-|[a-z_]{1,16}=|[/~$\"'])"
    rb"(?:[^\n\\]|\\[^f\n]){0,400}?"
    rb"(\\f(?:[PR1]|\[\]))"
)


def _code_marks(view: bytes, starts: list[int], stops: list[int]) -> set[int]:
    """The indexes of the escapes (``starts[k]``-``stops[k]`` in ``view``) that open or close
    a command span (:data:`_CODE`)."""
    marks = set()
    for m in _CODE.finditer(view):
        for g in (1, 2):
            k = bisect_right(starts, m.start(g)) - 1
            if k >= 0 and stops[k] >= m.end(g):
                marks.add(k)
    return marks


def strip(text: str, view: bytes) -> tuple[str, bytes, list[int], EditColumns] | None:
    """``text`` without its troff font and size escapes (the two of a command span made
    backticks), its ASCII view, the edits' starts and the edits ``(norm_start, norm_end,
    orig_start, orig_end)``; ``None`` when it holds none. ``view`` is ``text``'s ASCII view
    (one byte per character: the escapes are ASCII, so its offsets are the text's)."""
    # every escape starts with a backslash: one memchr pass says so for a text without one,
    # else one search for either escape letter (a two-byte ``in`` is a byte-by-byte search on
    # CPython 3.11: two of them cost ~50 ms over 10 MB of prose)
    if view.find(b"\\") < 0 or _HINT.search(view) is None:
        return None
    parts = _ESCAPE.split(view)
    if len(parts) == 1:
        return None
    ends = list(accumulate(map(len, parts)))
    # part 2k is kept text, part 2k+1 the k-th escape: [ends[2k], ends[2k+1]) in ``text``
    starts = ends[0::2][:-1]
    stops = ends[1::2]
    widths = list(map(len, parts[1::2]))
    kept = parts[0::2]
    marks = _code_marks(view, starts, stops) if b"\\f" in view else set()
    for k in marks:  # a backtick for the escape: one character less removed
        widths[k] -= 1
        kept[k] += b"`"
    removed = [0, *accumulate(widths)][:-1]
    ns = list(map(sub, starts, removed))
    ne = ns
    if marks:
        ne = ns.copy()
        for k in marks:
            ne[k] += 1
    edits = EditColumns(ns, ne, starts, stops)
    new_view = b"".join(kept)
    if text.isascii():
        new_text = new_view.decode("ascii")
    else:
        pieces = list(map(text.__getitem__, map(slice, [0, *stops], [*starts, len(text)])))
        for k in marks:
            pieces[k] += "`"
        new_text = "".join(pieces)
    return new_text, new_view, ns, edits


def stage(nz: Normalized) -> Normalized | None:
    """``nz`` with its troff escapes removed, as a span-mapped stage over it (offsets map
    back through ``nz``); ``None`` when it holds none."""
    found = strip(nz.text, nz.ascii_view)
    if found is None:
        return None
    text, view, ns, edits = found
    return replace(nz, text=text, ascii_view=view, _ns=ns, _edits=edits, _base=nz)
