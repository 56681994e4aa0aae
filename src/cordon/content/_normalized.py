"""What :func:`cordon.content.normalize.normalize` returns: the normalised text
(:class:`Normalized`), its structural findings (:class:`Event`) and decoded hidden texts
(:class:`Layer`).

Every scanned string builds at least one :class:`Normalized`. The ``__init__`` a frozen
dataclass generates sets each field through ``object.__setattr__``, about 2.5x the
instructions of the slot's own setter, and a keyword call builds a dict of its arguments:
about 22k instructions of the ~42k that normalising ``"hello 1"`` cost. So the class
writes its own ``__init__`` (each slot through its descriptor, the same instance, still
frozen), and :func:`new_normalized` builds one positionally for the normaliser's own calls.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Literal

__all__ = ["Event", "Layer", "Normalized", "new_normalized"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Event:
    """A structural finding raised while normalising.

    Attributes:
        rule: ``obf.zero_width``, ``obf.bidi_control``, ``obf.tag_smuggling``,
            ``obf.variation_selector_run`` or ``obf.homoglyph``.
        span: ``(start, end)`` in the original text.
    """

    rule: str
    span: tuple[int, int]


@dataclass(frozen=True, kw_only=True, slots=True)
class Layer:
    """Decoded hidden text to be scanned on its own.

    Attributes:
        kind: ``"tag"`` (ASCII smuggled in tag characters) or ``"base64"``.
        text: the decoded text.
        span: ``(start, end)`` of the encoded run in the original text.
    """

    kind: Literal["tag", "base64"]
    text: str
    span: tuple[int, int]


@dataclass(frozen=True, kw_only=True, slots=True, init=False)
class Normalized:
    """The normalised text and how to get back to the original.

    Attributes:
        original: the input.
        text: what the model effectively reads (see module docstring).
        events: structural findings, original spans.
        layers: decoded hidden texts, original spans.
        ascii_view: :attr:`text` as ASCII bytes, one byte per character (every non-ASCII
            character is ``?``), so byte offsets are character offsets. The scanner's anchor
            pass runs on it.
        has_c1: :attr:`text` holds a C1 CSI or OSC control (U+009B, U+009D).
        source_view: :attr:`original`'s ASCII view (searches for ASCII characters of the
            original text run on it: a bytes search costs less than one over 4-byte
            characters).
    """

    original: str
    text: str
    events: tuple[Event, ...]
    layers: tuple[Layer, ...]
    ascii_view: bytes = b""
    has_c1: bool = False
    source_view: bytes = field(default=b"", compare=False)  # a function of ``original``
    #: False when the character pass saw no non-ASCII odd space in the original and no
    #: replacement brought one (:data:`cordon.content.normalize._ODD_SPACES`): the
    #: whitespace stage need not look for them
    _wide_odd: bool = field(default=True, compare=False, repr=False)
    _ns: Sequence[int] = ()
    _edits: Sequence[tuple[int, int, int, int]] = ()
    #: the stage before, when this one rewrote it (troff escapes, whitespace runs)
    _base: Normalized | None = None

    def __init__(
        self,
        *,
        original: str,
        text: str,
        events: tuple[Event, ...],
        layers: tuple[Layer, ...],
        ascii_view: bytes = b"",
        has_c1: bool = False,
        source_view: bytes = b"",
        _wide_odd: bool = True,
        _ns: Sequence[int] = (),
        _edits: Sequence[tuple[int, int, int, int]] = (),
        _base: Normalized | None = None,
    ) -> None:
        # the dataclass's own signature and defaults (``dataclasses.replace`` calls it so);
        # each slot set through its descriptor (see the module docstring)
        _ORIGINAL(self, original)
        _TEXT(self, text)
        _EVENTS(self, events)
        _LAYERS(self, layers)
        _VIEW(self, ascii_view)
        _C1(self, has_c1)
        _SOURCE(self, source_view)
        _WIDE(self, _wide_odd)
        _NS(self, _ns)
        _EDITS(self, _edits)
        _BASE(self, _base)

    def span_to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a ``[start, end)`` span of :attr:`text` to the original text.

        A span that starts or ends inside a replaced run (an entity, a percent run, a skeleton
        word, a folded whitespace run) widens to cover the whole run; removed invisible
        characters inside the span are included. O(log edits).
        """
        if self._edits:
            start, end = self._map_start(start), max(self._map_end(end), self._map_start(start))
        if self._base is not None:
            return self._base.span_to_original(start, end)
        return start, end

    def _map_start(self, n: int) -> int:
        i = bisect_right(self._ns, n) - 1
        if i < 0:
            return n
        ns, ne, os_, oe = self._edits[i]
        if n < ne:
            return os_
        return oe + (n - ne)

    def _map_end(self, n: int) -> int:
        i = bisect_left(self._ns, n) - 1
        if i < 0:
            return n
        ns, ne, os_, oe = self._edits[i]
        if n <= ne:
            return oe
        return oe + (n - ne)


_ORIGINAL, _TEXT, _EVENTS, _LAYERS, _VIEW, _C1, _SOURCE, _WIDE, _NS, _EDITS, _BASE = (
    vars(Normalized)[f.name].__set__ for f in fields(Normalized)
)
# (a field added, removed or moved without its setter here)
if tuple(f.name for f in fields(Normalized)) != (
    "original",
    "text",
    "events",
    "layers",
    "ascii_view",
    "has_c1",
    "source_view",
    "_wide_odd",
    "_ns",
    "_edits",
    "_base",
):
    raise TypeError("Normalized: set every field in __init__ and new_normalized")


_new = object.__new__


def new_normalized(
    original: str,
    text: str,
    events: tuple[Event, ...],
    layers: tuple[Layer, ...],
    view: bytes,
    has_c1: bool,
    source_view: bytes,
    wide_odd: bool,
    ns: Sequence[int] = (),
    edits: Sequence[tuple[int, int, int, int]] = (),
    base: Normalized | None = None,
) -> Normalized:
    """``Normalized(original=original, text=text, ...)``, every field given in its order:
    the same instance by the same slot setters, without the keyword call."""
    nz: Normalized = _new(Normalized)
    _ORIGINAL(nz, original)
    _TEXT(nz, text)
    _EVENTS(nz, events)
    _LAYERS(nz, layers)
    _VIEW(nz, view)
    _C1(nz, has_c1)
    _SOURCE(nz, source_view)
    _WIDE(nz, wide_odd)
    _NS(nz, ns)
    _EDITS(nz, edits)
    _BASE(nz, base)
    return nz
