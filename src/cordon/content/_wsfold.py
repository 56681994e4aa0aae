"""The rule windows' whitespace fold: a window with every run of two or more whitespace bytes
folded to one byte (``\\n`` when the run holds a line break, else a space), so a text padded
with spaces between its words still fits a rule's bounded fillers.

Two functions, the same fold. :func:`fold_bytes` gives only what a window's filter and search
read (the folded bytes, the window's start in them); :func:`fold_window` gives the map back to
the window's offsets too. Almost every folded window is ruled out by its rule's filter or has
no match, so the scanner builds the map (two lists a run) only for a window with a match.
Both are linear in the window: runs are found on a class copy (``bytes.translate``) with
``bytes.find``, Python work is per run (a regex tried at every space cost ~130 µs per 7 KB
window).
"""

from __future__ import annotations

from bisect import bisect_left

__all__ = ["CTX", "fold_bytes", "fold_window", "unfold"]

#: characters of context kept before a window (lookbehinds, ``\b``)
CTX = 16
#: ASCII whitespace -> ``w``, every other byte ``.``
_WS_TABLE = bytes(ord("w") if chr(i) in " \t\n\r\x0b\x0c" else ord(".") for i in range(256))
#: a line break (LF, CR) -> ``n``, every other byte ``.``: whether a run holds one is then one
#: ``bytes.find`` over the run's range (a ``bytes in`` costs several times more on CPython
#: 3.11: it tries its argument as an integer first, and raises and clears a ``TypeError``)
_NL_TABLE = bytes(ord("n") if chr(i) in "\n\r" else ord(".") for i in range(256))


def fold_window(
    buf: bytes, lo: int, hi: int
) -> tuple[bytes, int, int, list[int], list[int]] | None:
    """``buf[lo - CTX:hi]`` with every run of two or more whitespace bytes folded to one byte
    (``\\n`` when it holds a line break), and how to map back; ``None`` when ``buf[lo:hi]``
    holds no such run.

    Returns ``(folded, folded_lo, r0, fs, cum)``: ``folded`` starts at ``r0`` in ``buf``;
    ``folded_lo`` is ``lo`` in folded coordinates; a boundary ``p`` of ``folded`` is
    ``r0 + p + cum[bisect_left(fs, p)]`` in ``buf`` (``fs``: folded offsets of the folded
    runs, ``cum``: bytes removed before each). Linear in the window.
    """
    r0 = max(0, lo - CTX)
    region = buf[r0:hi]
    cls = region.translate(_WS_TABLE)
    pos = cls.find(b"ww")
    if pos < 0 or cls.find(b"ww", lo - r0) < 0:
        return None
    parts: list[bytes] = []
    put = parts.append
    fs: list[int] = []
    cum: list[int] = [0]
    prev = removed = flen = 0
    f_lo = rel_lo = lo - r0
    size = len(cls)
    find = cls.find
    # the line breaks of the region, marked (``None``: it holds none, every run folds to a space)
    breaks = (
        region.translate(_NL_TABLE) if region.find(b"\n") >= 0 or region.find(b"\r") >= 0 else None
    )
    nl_find = breaks.find if breaks is not None else None
    while pos >= 0:
        e = find(b".", pos)  # the run's end: ``cls`` holds only ``w`` and ``.``
        if e < 0:
            e = size
        put(region[prev:pos])
        flen += pos - prev
        put(b"\n" if nl_find is not None and nl_find(b"n", pos, e) >= 0 else b" ")
        fs.append(flen)
        if pos < rel_lo:
            f_lo -= min(e, rel_lo) - pos - (1 if e <= rel_lo else 0)
        removed += e - pos - 1
        cum.append(removed)
        flen += 1
        prev = e
        pos = find(b"ww", e)
    parts.append(region[prev:])
    return b"".join(parts), max(0, f_lo), r0, fs, cum


def fold_bytes(buf: bytes, lo: int, hi: int) -> tuple[bytes, int] | None:
    """``fold_window(buf, lo, hi)[:2]``: the folded bytes and ``lo`` in them, without the map
    back; ``None`` when ``buf[lo:hi]`` holds no run of two or more whitespace bytes."""
    r0 = max(0, lo - CTX)
    rel_lo = lo - r0
    region = buf[r0:hi]
    cls = region.translate(_WS_TABLE)
    find = cls.find
    if find(b"ww", rel_lo) < 0:
        return None
    size = len(cls)
    parts: list[bytes] = []
    put = parts.append
    # whether a run holds a line break is looked for in the run itself (a few bytes; a CR only
    # in a region that holds one), not on a second class copy of the window: that copy was
    # about half of the fold's ``translate`` work (bench/content/README.md)
    at = region.find
    nl = at(b"\n") >= 0
    cr = at(b"\r") >= 0
    f_lo = rel_lo
    prev = 0
    pos = find(b"ww")
    # the runs that start in the context before ``lo`` (at most :data:`CTX` bytes) move it
    while 0 <= pos < rel_lo:
        e = find(b".", pos)
        if e < 0:
            e = size
        f_lo -= min(e, rel_lo) - pos - (1 if e <= rel_lo else 0)
        put(region[prev:pos])
        broken = (nl and at(b"\n", pos, e) >= 0) or (cr and at(b"\r", pos, e) >= 0)
        put(b"\n" if broken else b" ")
        prev = e
        pos = find(b"ww", e)
    if not nl and not cr:
        while pos >= 0:
            e = find(b".", pos)
            if e < 0:
                e = size
            put(region[prev:pos])
            put(b" ")
            prev = e
            pos = find(b"ww", e)
    elif not cr:
        while pos >= 0:
            e = find(b".", pos)
            if e < 0:
                e = size
            put(region[prev:pos])
            put(b"\n" if at(b"\n", pos, e) >= 0 else b" ")
            prev = e
            pos = find(b"ww", e)
    else:
        while pos >= 0:
            e = find(b".", pos)
            if e < 0:
                e = size
            put(region[prev:pos])
            put(b"\n" if at(b"\n", pos, e) >= 0 or at(b"\r", pos, e) >= 0 else b" ")
            prev = e
            pos = find(b"ww", e)
    put(region[prev:])
    return b"".join(parts), max(0, f_lo)


Spans = tuple[int, int, int, int]


def unfold(back: tuple[bytes, int, int, list[int], list[int]] | None, spans: Spans) -> Spans:
    """``spans`` (boundaries in a folded window) as offsets of the buffer it was cut from;
    ``back`` is :func:`fold_window` of that window (not ``None``: it was folded)."""
    assert back is not None
    _, _, r0, fs, cum = back
    a, b, c, d = (r0 + p + cum[bisect_left(fs, p)] for p in spans)
    return a, b, c, d
