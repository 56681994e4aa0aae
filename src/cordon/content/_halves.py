"""The anchor database's scan of a large view as two halves, one on a second thread.

Hyperscan releases the GIL while it scans (the ``hyperscan`` binding's ``Database.scan``
wraps ``hs_scan`` in ``Py_BEGIN_ALLOW_THREADS``; it takes the GIL back only to call the match
handler), and the anchor pass over a large prose text is most of the sanitising that comes
before its delivery (``bench/perf/README.md``, issue 19). So a view of :data:`SPLIT_MIN_BYTES`
or more is scanned as two pieces at once, each with its own scratch on the same database
(Hyperscan databases are read-only: one scratch per concurrent scan is its whole rule):

- the first piece is ``view[:mid + _AFTER]``, and only its ends at or before ``mid`` are
  kept: a match ending there reads at most one byte after its end (``\\b``, ``$``), so those
  ends are exactly the whole view's;
- the second piece is ``view[mid - OVERLAP:]``, and only its ends after ``mid`` are kept:
  every match of an expression that starts after ``mid - OVERLAP`` is found there as in the
  whole view, so every real anchor match up to ``OVERLAP`` bytes wide ending after ``mid`` is
  (an anchor match is a match of its widened expression, the same span). What the second
  piece cannot see is a match of a widened expression (a prefilter candidate) wider than
  ``OVERLAP`` across ``mid - OVERLAP``: a candidate only, which the confirming search would
  find no anchor match for, or an anchor match it also reports at its own end. A match the
  confirming region cannot hold goes to the whole-text search anyway (``_accel.find``'s
  ``full`` set: whitespace runs of 16 and more, regions over the text's size).

The id ``always`` (the whitespace-run check, a single match) is taken from either piece:
every run of 16 lies wholly in one of them. The ends of the two pieces are handed to
``on_match`` in the order of the whole view's scan: the first piece's, then the second's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

#: a view this long or longer is scanned as two halves at once (below it, a thread's start
#: and a second scratch are not worth the ~10 ms of scan they halve)
SPLIT_MIN_BYTES = 1 << 20
#: how far before the middle the second half starts: 16 times the widest region a candidate
#: is confirmed in (``_accel._MAX_CONFIRM``)
OVERLAP = 64 * 1024
#: bytes after the middle the first half reads (``_accel._AFTER``: a match's end assertion
#: reads one)
_AFTER = 64

_lock = threading.Lock()
#: per database (by id, with the database itself so the id cannot be reused), spare
#: scratches for the second half, allocated on the caller's thread
_spares: dict[int, tuple[Any, list[Any]]] = {}

Handler = Callable[[int, int, int, int, Any], Any]


def _take(hs: Any, hdb: Any) -> Any:
    with _lock:
        entry = _spares.get(id(hdb))
        if entry is not None and entry[1]:
            return entry[1].pop()
    return hs.Scratch(hdb)


def _give(hdb: Any, scratch: Any) -> None:
    with _lock:
        _spares.setdefault(id(hdb), (hdb, []))[1].append(scratch)


def scan(hs: Any, hdb: Any, scratch: Any, view: bytes, on_match: Handler, always: int) -> None:
    """``hdb.scan(view)`` with ``on_match`` for every match, as two halves at once when
    ``view`` is :data:`SPLIT_MIN_BYTES` or longer (see the module's docstring)."""
    n = len(view)
    if n < SPLIT_MIN_BYTES:
        hdb.scan(view, match_event_handler=on_match, scratch=scratch)
        return
    mid = n // 2
    lo = mid - OVERLAP
    whole = memoryview(view)
    second: list[tuple[int, int, int]] = []
    failed: list[BaseException] = []
    spare = _take(hs, hdb)

    def on_second(i: int, frm: int, to: int, _flags: int, _ctx: Any) -> None:
        if to + lo > mid or i == always:
            second.append((i, frm + lo, to + lo))

    def run() -> None:
        try:
            hdb.scan(whole[lo:], match_event_handler=on_second, scratch=spare)
        except BaseException as e:  # re-raised on the caller's thread
            failed.append(e)

    def on_first(i: int, frm: int, to: int, flags: int, ctx: Any) -> None:
        if to <= mid or i == always:
            on_match(i, frm, to, flags, ctx)

    th = threading.Thread(target=run, name="cordon-hs-half", daemon=True)
    th.start()
    try:
        hdb.scan(whole[: mid + _AFTER], match_event_handler=on_first, scratch=scratch)
    finally:
        th.join()
        _give(hdb, spare)
    if failed:
        raise failed[0]
    for i, frm, to in second:
        on_match(i, frm, to, 0, None)
