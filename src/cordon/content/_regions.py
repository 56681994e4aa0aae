"""The regions of a text around its JSON/JavaScript string escapes (or ANSI sequences) that
the scanner reads again with them decoded (or removed)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["ESCAPE_REACH", "escape_regions"]

#: a JSON/JavaScript escape, or a C/Python/JavaScript ``\xHH`` byte escape (a key printed
#: as ``\x67\x68\x70...`` reads as the key once decoded)
_ESCAPE_HINT = re.compile(r"\\(?:[nrt\"/u]|x[0-9a-fA-F]{2})")
#: characters of text either side of an escape scanned in its decoded reading: more than any
#: rule's match can span (twice the widest padded rule window, :data:`_PAD_FACTOR`), so every
#: match that holds a decoded escape lies inside one region
ESCAPE_REACH = 4400
_ESCAPE_RE = re.compile(r"\\+(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\"/bfnrt])")
_ESCAPE_HINT_B = re.compile(_ESCAPE_HINT.pattern.encode("ascii"))
_ESCAPE_RE_B = re.compile(_ESCAPE_RE.pattern.encode("ascii"))


def escape_regions(
    text: str,
    reach: int = ESCAPE_REACH,
    *,
    hint: re.Pattern[str] = _ESCAPE_HINT,
    exact: re.Pattern[str] = _ESCAPE_RE,
    guard: int = 16,
    view: bytes | None = None,
) -> list[tuple[int, int]]:
    """Merged regions of ``text`` within ``reach`` characters of a JSON/JavaScript string
    escape (``hint``; ``exact`` its whole form, at most ``guard`` characters long: ANSI
    sequences use the same regions), widened to whole lines (so quote and mention context
    starts where the line does) and never cutting an escape in two. A text shorter than a
    region is one region: itself.

    ``view``: ``text``'s ASCII view (JSON escapes only): the searches run on it, the same
    offsets (escapes and line breaks are ASCII), a bytes search costing less than one over
    4-byte characters.

    Linear: one C-speed search for escapes, Python work per escape only while regions merge.
    """
    size = len(text)
    # str or bytes alike (the same offsets)
    src: Any = text
    newline: Any = "\n"
    hint_b: Any = hint
    exact_b: Any = exact
    if view is not None and hint is _ESCAPE_HINT and exact is _ESCAPE_RE:
        src, newline, hint_b, exact_b = view, b"\n", _ESCAPE_HINT_B, _ESCAPE_RE_B
    out: list[tuple[int, int]] = []
    search, finditer = hint_b.search, hint_b.finditer
    m = search(src)
    while m is not None:
        s, e = m.start(), m.end()
        lo = max(0, s - reach)
        nl = src.rfind(newline, max(0, lo - 400), lo)
        lo = nl + 1 if nl >= 0 else lo
        hi = min(size, e + reach)
        while True:
            # every escape that starts within ``reach`` of the region's end joins it, and
            # the last of them sets the end: one Python step per ``reach`` characters, not
            # per escape (a man page holds one every few lines); a hint is at most
            # ``guard`` characters long
            limit = hi + reach
            last = None
            for x in finditer(src, e, min(size, limit + guard)):
                if x.start() > limit:
                    break
                last = x
            if last is None:
                break
            e = last.end()
            hi = max(hi, min(size, e + reach))
        out.append((lo, hi))
        m = search(src, e)
    fixed: list[tuple[int, int]] = []
    for lo, hi in out:
        nl = src.find(newline, hi, hi + 400)
        hi = nl if nl >= 0 else min(size, hi + 400)
        for m in exact_b.finditer(src, max(0, lo - guard), min(size, lo + guard)):
            if m.start() < lo < m.end():  # never cut an escape in two
                lo = m.start()
        for m in exact_b.finditer(src, max(0, hi - guard), min(size, hi + guard)):
            if m.start() < hi < m.end():
                hi = m.end()
        if fixed and lo <= fixed[-1][1]:
            fixed[-1] = (fixed[-1][0], max(hi, fixed[-1][1]))
        else:
            fixed.append((lo, hi))
    return fixed
