"""The normaliser's character pass on non-ASCII text, in one Hyperscan scan of its UTF-8 bytes.

On text that is not pure ASCII the normaliser looks for characters of a few classes
(:func:`cordon.content.normalize._scan_items`): invisible characters (runs), line and
paragraph separators, C1 CSI/OSC controls, characters NFKC may change (runs; only when the
text is not NFKC-normalised), and confusable letters next to an ASCII letter (mixed-script
words). Python's ``re`` tests a character against a class range by range, so its one-pass
pattern stops being a C-speed scan once the ~5,800 NFKC-unstable characters (429 ranges) are
in it: 1.8 s on a 10 MB document of real man pages, READMEs and HTML, against 7 ms for this
scan. Hyperscan (already the anchor pass's engine, :mod:`cordon.content._accel`) compiles each
class as code points (``HS_FLAG_UTF8``), and an ASCII letter followed by a confusable letter
as bytes in a second database (checked character by character); with and without the NFKC
class, about 50 ms each, once per process (or loaded from the cache of compiled databases,
:mod:`cordon.content._hscache`).

:func:`scan` returns the same items the pattern pass yields for those kinds: every class but
the two-character mixed-script patterns is a greedy run of one class (or a single character),
no two classes share a character (checked when the database is built), and HTML entities and
percent runs, the other alternatives, are pure ASCII. ``tests/content/test_charscan.py``
compares both paths on every corpus, on edge cases and on real text.

It returns ``None`` (the caller then runs its pattern) without the ``hyperscan`` package, with
``CORDON_HYPERSCAN=0``, when :data:`ACCEL` is off, for a text Python cannot encode as strict
UTF-8 (lone surrogates: Hyperscan's UTF-8 mode requires valid input), and past
:data:`MAX_HITS` characters found (each costs a Python callback; the pattern pass is cheaper
then).
"""

from __future__ import annotations

import os
import threading
from typing import Any

from cordon.content._hscache import compile_db

__all__ = ["ACCEL", "MAX_HITS", "Classes", "scan"]

#: use Hyperscan when it is available (tests switch it off to compare both paths)
ACCEL = True
#: more hits than this in one text: the caller's pattern pass is cheaper
MAX_HITS = 50_000
#: UTF-8 continuation bytes -> ``c``, every other byte ``.``
_CONT_TABLE = bytes(ord("c") if 0x80 <= i < 0xC0 else ord(".") for i in range(256))
_C = 0x63

#: pattern ids: (kind, is a run of one class)
_INV, _NL, _C1, _AB, _BA, _NFKC, _ODD = range(7)

Classes = tuple[
    frozenset[str], frozenset[str], frozenset[str], frozenset[str], frozenset[str], frozenset[str]
]
"""``(invisible, line separators, C1 controls, confusable letters, NFKC-unstable, odd spaces)``:
odd spaces (non-ASCII characters the normaliser's whitespace stage turns into spaces) are
only reported as present or not (:func:`scan`'s ``seen``)"""

_lock = threading.Lock()
_dbs: dict[tuple[Classes, bool], Any] = {}
_local = threading.local()


def _class(chars: frozenset[str]) -> str:
    cps = sorted(ord(c) for c in chars)
    parts: list[str] = []
    i = 0
    while i < len(cps):
        j = i
        while j + 1 < len(cps) and cps[j + 1] == cps[j] + 1:
            j += 1
        lo, hi = cps[i], cps[j]
        parts.append(f"\\x{{{lo:x}}}" if lo == hi else f"\\x{{{lo:x}}}-\\x{{{hi:x}}}")
        i = j + 1
    return "[" + "".join(parts) + "]"


def _compile(classes: Classes, nfkc: bool) -> Any | None:
    inv, nl, c1, conf, unstable, odd = classes
    disjoint = [inv, nl, c1, unstable] if nfkc else [inv, nl, c1]
    if sum(map(len, disjoint)) != len(frozenset().union(*disjoint)) or not all(disjoint):
        return None  # a shared character: the pattern pass decides which kind wins
    if os.environ.get("CORDON_HYPERSCAN", "1") == "0":
        return None
    try:
        import hyperscan
    except ImportError:  # pragma: no cover - no wheel for this platform
        return None
    letters = "[A-Za-z]"
    exprs = [_class(inv), _class(nl), _class(c1), "", _class(conf) + letters]
    exprs.append(_class(unstable) if nfkc else "")
    exprs.append(_class(odd) if odd else "")
    ids = [i for i, e in enumerate(exprs) if e]
    # an ASCII letter then a confusable letter: the letter then the first byte of any
    # confusable letter's UTF-8 form, as bytes, each candidate checked by :func:`scan`; in
    # a database of its own. As code points (``[A-Za-z][conf]``), or in the same database
    # as the other classes, every ASCII letter starts a match attempt: 27 ms on 10 MB of
    # installed documents against 7 for both databases
    leads = "".join(f"\\x{b:02x}" for b in sorted({c.encode("utf-8")[0] for c in conf}))
    try:
        db = compile_db(
            hyperscan,
            [exprs[i].encode("ascii") for i in ids],
            ids,
            [hyperscan.HS_FLAG_UTF8] * len(ids),
        )
        pairs = compile_db(hyperscan, [f"{letters}[{leads}]".encode("ascii")], [_AB], [0])
    except Exception:  # noqa: BLE001  # pragma: no cover - an unsupported CPU
        return None
    return db, pairs


def _db(classes: Classes, nfkc: bool) -> Any | None:
    key = (classes, nfkc)
    if key not in _dbs:
        with _lock:
            if key not in _dbs:
                _dbs[key] = _compile(classes, nfkc)
    return _dbs[key]


def _scratch(db: Any) -> Any:
    scratches = getattr(_local, "scratches", None)
    if scratches is None:
        scratches = _local.scratches = {}
    scratch = scratches.get(id(db))
    if scratch is None or scratch[0] is not db:
        import hyperscan

        scratch = scratches[id(db)] = (db, hyperscan.Scratch(db))
    return scratch[1]


def _raw_hits(dbs: tuple[Any, ...], data: bytes) -> list[tuple[int, int]] | None:
    """``(end byte offset, pattern id)`` of every match, sorted; ``None``: too many."""
    import hyperscan

    hits: list[tuple[int, int]] = []
    add = hits.append

    def on_match(i: int, _from: int, to: int, _flags: int, _ctx: Any) -> bool | None:
        add((to, i))
        return True if len(hits) > MAX_HITS else None

    try:
        for db in dbs:
            db.scan(data, match_event_handler=on_match, scratch=_scratch(db))
    except hyperscan.ScanTerminated:
        return None
    hits.sort()
    return hits


_KIND = {_INV: "inv", _NL: "nl", _NFKC: "nfkc"}


def scan(
    text: str, classes: Classes, nfkc: bool, seen: set[str] | None = None
) -> tuple[list[tuple[int, int, str, str]], bool] | None:
    """Items ``(start, end, kind, group)`` of kinds ``inv``, ``nl``, ``conf`` and (with
    ``nfkc``) ``nfkc`` in ``text``, character offsets, unsorted; and whether a C1 CSI/OSC
    control occurs. ``None``: this path cannot answer (see the module docstring). ``seen``
    gets ``"odd"`` when an odd space (the classes' last) occurs."""
    db = _db(classes, nfkc) if ACCEL else None
    if db is None:
        return None
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    hits = _raw_hits(db, data)
    if hits is None:
        return None
    conf = classes[3]
    cont = data.translate(_CONT_TABLE)
    runs: dict[int, list[list[int]]] = {_INV: [], _NFKC: []}
    items: list[tuple[int, int, str, str]] = []
    has_c1 = False
    prev_b = prev_c = 0
    for end_b, pid in hits:
        start_b = end_b - 1
        while cont[start_b] == _C:  # back to the first byte of the last character
            start_b -= 1
        prev_c += (start_b - prev_b) - cont.count(b"c", prev_b, start_b)
        prev_b = start_b
        last = prev_c  # character offset of the match's last character
        if pid in runs:
            kind_runs = runs[pid]
            if kind_runs and kind_runs[-1][1] == last:
                kind_runs[-1][1] = last + 1
            else:
                kind_runs.append([last, last + 1])
        elif pid == _NL:
            items.append((last, last + 1, "nl", text[last]))
        elif pid == _C1:
            has_c1 = True
        elif pid == _ODD:
            if seen is not None:
                seen.add("odd")
        elif pid == _AB:  # the letter and the first byte of a character: is it confusable?
            if text[last] in conf:
                items.append((last, last + 1, "conf", text[last]))
        else:  # _BA: a confusable letter, then the ASCII letter that ends the match
            items.append((last - 1, last, "conf", text[last - 1]))
    for pid, kind_runs in runs.items():
        items += [(s, e, _KIND[pid], text[s:e]) for s, e in kind_runs]
    return items, has_c1
