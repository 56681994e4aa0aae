"""Where one ``scan_text`` spends its CPU time, stage by stage and by what is scanned.

    .venv/bin/python bench/perf/scan_breakdown.py [--doc real|blob] [--size BYTES] [--reps 3]

``real``: the real-text document (``bench/content/real_text.py`` builds
``/tmp/cordon-real-text.txt``); ``blob``: the prose ``large_result.py`` sends
(``blobtext.blob_text``). After the databases compile and two scans (which start the busiest
rules' filters), each rep times one ``scan_text`` with the scanner's stages wrapped:
``normalize``, the pattern pass (``_matches``: the Hyperscan anchor pass, the rule windows,
their filters and searches) and the readings' maker (``readings``), each by the path of
nested scans it ran in: ``top`` (the text), ``rd`` (the readings step, ``_reading_hits``:
the readings' maker and the scans of its readings), ``esc`` (the scan of an escape-decoded
region, made in that step), ``dec`` (a decoded layer), ``ansi`` (the text without its ANSI
sequences); ``top/rd/esc`` is the scans of the text's escape-decoded regions. ``rest`` is the scan's time outside the wrapped stages (the escape
decoding, the encoded runs, the events, sorting). Then the anchor pass alone on the text's
lower-cased ASCII view: Hyperscan with a callback that does nothing, and ``_accel.find``
(Hyperscan, its candidates confirmed with ``re``). CPU time (``time.process_time``), best of
``--reps``; on a shared machine read the shares, not the milliseconds, and give the load.

``--by-head``: then the main database's expressions (as compiled, the deferred anchors'
triggers included) in groups by the shortest literal a match can start with (a class or
anything else first: ``other``), each group compiled as a database of its own and scanned
alone over the view: which anchors the anchor pass's time goes to.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from blobtext import blob_text  # noqa: E402

from cordon.content import _accel, scan_text, warm  # noqa: E402
from cordon.content import scanner as sc  # noqa: E402
from cordon.content.normalize import normalize  # noqa: E402

#: the scanner's functions that open a nested scan, and the label of what they scan
_NESTING = {"_escape_reading": "esc", "_decoded_hits": "dec", "_ansi_reading": "ansi"}
#: the stages timed, by the path of nested scans they ran in
_STAGES = ("normalize", "_matches", "readings")


def _text(doc: str, size: int) -> str:
    if doc == "blob":
        return blob_text(size)
    return Path("/tmp/cordon-real-text.txt").read_text("utf-8")[:size]


def _wrapped(path: list[str], acc: dict[tuple[str, str], float]) -> list[tuple[str, Any]]:
    """Wrap the stages and the nesting functions of the scanner; returns the originals."""
    saved: list[tuple[str, Any]] = []

    def nest(name: str, label: str) -> None:
        fn: Callable[..., Any] = getattr(sc, name)

        def inner(*a: Any, **k: Any) -> Any:
            path.append(label)
            try:
                return fn(*a, **k)
            finally:
                path.pop()

        saved.append((name, fn))
        setattr(sc, name, inner)

    def stage(name: str) -> None:
        fn: Callable[..., Any] = getattr(sc, name)

        def inner(*a: Any, **k: Any) -> Any:
            key = ("/".join(path), name)
            t0 = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                acc[key] = acc.get(key, 0.0) + time.process_time() - t0

        saved.append((name, fn))
        setattr(sc, name, inner)

    for name, label in _NESTING.items():
        nest(name, label)
    # a reading's scan is called from ``_reading_hits``: its path is ``rd``
    nest("_reading_hits", "rd")
    for name in _STAGES:
        stage(name)
    return saved


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--doc", choices=["real", "blob"], default="real")
    ap.add_argument("--size", type=int, default=10_485_760)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--by-head", action="store_true", help="Hyperscan alone by head length")
    ns = ap.parse_args()
    warm(wait=True)
    text = _text(ns.doc, ns.size)
    size = len(text.encode("utf-8", "surrogatepass"))
    scan_text(text)
    scan_text(text)
    _accel.wait_compiled(600)
    best: dict[tuple[str, str], float] | None = None
    best_total = float("inf")
    for _ in range(ns.reps):
        path = ["top"]
        acc: dict[tuple[str, str], float] = {}
        saved = _wrapped(path, acc)
        try:
            t0 = time.process_time()
            scan_text(text)
            total = time.process_time() - t0
        finally:
            for name, fn in reversed(saved):
                setattr(sc, name, fn)
        if total < best_total:
            best, best_total = acc, total
    assert best is not None
    mbs = size / best_total / 1e6
    print(f"{ns.doc}: {size / 1e6:.2f} MB, scan_text {best_total * 1e3:.0f} ms CPU, {mbs:.1f} MB/s")
    rows = sorted(best.items(), key=lambda kv: -kv[1])
    for (where, name), secs in rows:
        if secs >= 0.0005:
            print(f"  {where:<22} {name:<10} {secs * 1e3:7.0f} ms  {secs / best_total:5.1%}")
    rest = best_total - sum(best.values())
    print(f"  {'rest':<33} {rest * 1e3:7.0f} ms  {rest / best_total:5.1%}")
    view = normalize(text).ascii_view.lower()
    anchors = sc._anchor_index(None).accel_anchors
    db = _accel._db_for(anchors, len(view))
    if db is not None:
        hdb, scratch = db.ready()
        hs_only = min(_timed(lambda: hdb.scan(view, scratch=scratch)) for _ in range(ns.reps))
        find = min(_timed(lambda: _accel.find(anchors, view)) for _ in range(ns.reps))
        print(
            f"anchor pass on the text's view ({len(view) / 1e6:.2f} MB, {len(db.anchors)} "
            f"patterns): Hyperscan alone {hs_only * 1e3:.0f} ms, find {find * 1e3:.0f} ms"
        )
        if ns.by_head:
            _by_head(db, view, ns.reps)
    return 0


def _head(expr: str) -> str:
    """``expr``'s head class: the shortest literal a match starts with, up to its first item
    that is neither a literal nor a group of literal alternatives (``other``: a class...)."""
    from re import _constants as c  # type: ignore[attr-defined]
    from re import _parser  # type: ignore[attr-defined]

    seq = list(_parser.parse(expr))
    words = [""]
    for op, av in seq:
        if op is c.LITERAL:
            words = [w + chr(av) for w in words]
            continue
        if op is c.SUBPATTERN and len(av[-1]) == 1 and av[-1][0][0] is c.BRANCH:
            alts = av[-1][0][1][1]
            if all(b and all(o is c.LITERAL for o, _ in b) for b in alts):
                words = [w + "".join(chr(x) for _, x in b) for w in words for b in alts]
        break
    k = min(map(len, words))
    return "other" if k == 0 else "1-2" if k <= 2 else "3" if k == 3 else "4-5" if k <= 5 else "6+"


def _by_head(db: Any, view: bytes, reps: int) -> None:
    import hyperscan as hs

    n = len(db.anchors)
    later = set(db.plan.anchors) if db.plan else set()
    exprs = [db._hs_expr(i) for i in range(n) if i not in later]
    exprs += list(db.plan.triggers) if db.plan else []
    groups: dict[str, list[str]] = {}
    for e in exprs:
        groups.setdefault(_head(e), []).append(e)
    for k in ("1-2", "3", "4-5", "6+", "other"):
        es = groups.get(k, [])
        part = hs.Database()
        part.compile(expressions=[e.encode() for e in es], flags=hs.HS_FLAG_PREFILTER)
        s = hs.Scratch(part)
        t = min(_timed(lambda: part.scan(view, scratch=s)) for _ in range(reps))  # noqa: B023
        print(f"  head {k:<5} {len(es):5d} expressions, Hyperscan alone {t * 1e3:6.1f} ms")


def _timed(fn: Callable[[], object]) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


if __name__ == "__main__":
    sys.exit(main())
