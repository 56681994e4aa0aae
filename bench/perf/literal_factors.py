"""Would the anchor pass be faster on each anchor's required literals? (measured, not kept)

    .venv/bin/python bench/content/real_text.py --out /tmp/cordon-real-text.txt
    PYTHONPATH=src .venv/bin/python bench/perf/literal_factors.py --doc blob --doc real

The idea measured: compile each anchor of the text rules' main database (as the scanner
hands them to Hyperscan: merged) as its longest *required literal factor* instead of its
regex, a set of literals one of which every match of the anchor holds (``ignore`` in
``(?:please\\s+)?ignore\\s+(?:all|any)...``; one literal a branch for an alternation), in a
pure-literal database (``literal=True``: Hyperscan's literal matchers, no automata), and
confirm each literal hit with the anchor's own ``re`` pattern in the region a match holding
it can span (``[end - width, end - len + width]``, ``width`` with whitespace gaps counted as
16, as ``_accel`` does). Anchors of unbounded width and the deferred anchors (whose triggers
already keep them out of the main scan) stay in a prefilter database with the rest.

Printed: how many anchors have a longest factor of at least 3/4/5 characters; then per
document, for a split by factor length (every literal of the anchor's longest factor at least
``k``) and for a split by each anchor's own count of hits of its rarest top-level factor in
that document (an oracle: no choice by frequency can do better on it), the prefilter
database of the rest alone, the literal database with a callback that keeps each hit, and the
confirming searches of every ``(anchor, hit)`` pair; with both documents, the real text's
choice measured on the prose. CPU time, best of ``--reps``; give the load beside it. The
``bench/content/README.md`` section "Required literal factors instead of the anchors'
regexes" has the figures.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from re import _constants as _c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

import hyperscan as hs

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from blobtext import blob_text  # noqa: E402

from cordon.content import _accel, warm  # noqa: E402
from cordon.content import scanner as sc  # noqa: E402
from cordon.content.normalize import normalize  # noqa: E402

#: the most strings one exact set (the strings a part of a pattern can match) holds
_CAP = 64
_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", _c.MAX_REPEAT))
_ZERO_WIDTH = (_c.AT, _c.ASSERT, _c.ASSERT_NOT)

Strings = set[str] | None


def _cross(a: Strings, b: Strings) -> Strings:
    if a is None or b is None:
        return None
    out = {x + y for x in a for y in b}
    return out if len(out) <= _CAP else None


def _better(a: Strings, b: Strings) -> Strings:
    """The better factor of two: the longer shortest literal, then fewer literals."""
    if not a:
        return b or None
    if not b:
        return a
    ka, kb = min(map(len, a)), min(map(len, b))
    if ka != kb:
        return a if ka > kb else b
    return a if len(a) <= len(b) else b


def _required(s: Strings) -> Strings:
    """``s`` as a factor (every match holds one of its strings), unless it can be empty."""
    return s if s and "" not in s else None


def _class(av: list[Any]) -> Strings:
    chars: set[str] = set()
    for op, v in av:
        if op is _c.LITERAL:
            chars.add(chr(v))
        elif op is _c.RANGE and v[1] - v[0] <= 8:
            chars.update(chr(x) for x in range(v[0], v[1] + 1))
        else:  # a negation, a category (``\\s``), a wide range
            return None
    return chars if len(chars) <= 8 else None


def _item(op: Any, av: Any) -> tuple[Strings, Strings]:
    """One parsed item's ``(exact, factor)`` (see :func:`_info`)."""
    if op is _c.LITERAL:
        return {chr(av)}, None
    if op is _c.IN:
        return _class(av), None
    if op is _c.SUBPATTERN:
        return _info(av[-1])
    if op is _c.BRANCH:
        parts = [_info(b) for b in av[1]]
        if all(e is not None for e, _ in parts):
            ex: set[str] = set().union(*(e for e, _ in parts if e is not None))
            if len(ex) <= _CAP:
                return ex, None
        facs = [_better(_required(e), f) for e, f in parts]
        if any(f is None for f in facs):
            return None, None
        u: set[str] = set().union(*(f for f in facs if f is not None))
        return None, u if len(u) <= _CAP else None
    if op in _REPEATS:
        lo, hi, sub = av
        se, sf = _info(sub)
        if se is not None and lo == hi and lo <= 4:
            ex2: Strings = {""}
            for _ in range(lo):
                ex2 = _cross(ex2, se)
            return ex2, None
        if se is not None and (lo, hi) == (0, 1):
            return se | {""}, None
        return None, _better(_required(se), sf) if lo >= 1 else None
    return None, None  # ``.``, a category, a back-reference


def _info(seq: Any) -> tuple[Strings, Strings]:
    """``(exact, factor)`` of a parsed sequence: ``exact``, every string it can match (or
    ``None``: too many, or unbounded); ``factor``, literals one of which every match holds.
    A run of exact items is one literal set (their concatenations); zero-width items
    (``\\b``, look-arounds) do not break a run."""
    run: Strings = {""}
    best: Strings = None
    every_exact = True
    for op, av in seq:
        if op in _ZERO_WIDTH:
            continue
        if op in _REPEATS and av[0] >= 1 and av[0] != av[1]:
            se = _info(av[2])[0]
            if se is not None:  # ``x+``: the run ends with one ``x`` and the next starts with one
                every_exact = False
                best = _better(best, _required(_cross(run, se)))
                run = set(se)
                continue
        ex, fac = _item(op, av)
        if ex is not None:
            joined = _cross(run, ex)
            if joined is None:  # too many strings: the run so far is one candidate
                best = _better(best, _required(run))
                joined, every_exact = set(ex), False
            run = joined
            continue
        every_exact = False
        best = _better(_better(best, _required(run)), fac)
        run = {""}
    return (run if every_exact else None), _better(best, _required(run))


def factor(pattern: str) -> set[str] | None:
    """``pattern``'s longest required literal factor, members that hold another dropped."""
    ex, fac = _info(_parser.parse(pattern))
    f = _better(_required(ex), fac)
    if not f:
        return None
    return {s for s in f if not any(t != s and t in s for t in f)}


def _width(anchor: str) -> int:
    return int(_parser.parse(_accel._gaps_bounded(anchor).decode("latin-1")).getwidth()[1])


def _timed(fn: Callable[[], object], reps: int) -> float:
    best = float("inf")
    for _ in range(reps):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def _split(db: Any, moved: set[int], facs: dict[int, set[str]], view: bytes, reps: int) -> str:
    """Time the anchor pass with ``moved`` anchors as literals, the rest as they are."""
    n = len(db.anchors)
    later = set(db.plan.anchors) if db.plan else set()
    exprs = [db._hs_expr(i).encode() for i in range(n) if i not in moved and i not in later]
    exprs += [t.encode() for t in db.plan.triggers] if db.plan else []
    rest = hs.Database()
    rest.compile(expressions=exprs, flags=[hs.HS_FLAG_PREFILTER] * len(exprs))
    rs = hs.Scratch(rest)
    t_rest = _timed(lambda: rest.scan(view, scratch=rs), reps)
    of: dict[str, list[int]] = {}
    for i in sorted(moved):
        for s in facs[i]:
            of.setdefault(s, []).append(i)
    words = sorted(of)
    lit = hs.Database()
    lit.compile(expressions=[w.encode("latin-1") for w in words], literal=True)
    ls = hs.Scratch(lit)
    hits: list[tuple[int, int]] = []

    def scan() -> None:
        hits.clear()
        lit.scan(
            view, match_event_handler=lambda i, _f, to, _x, _y: hits.append((i, to)), scratch=ls
        )

    t_lit = _timed(scan, reps)
    comp = {i: re.compile(db.anchors[i].encode()) for i in moved}
    width = {i: min(_width(db.anchors[i]), 4096) for i in moved}
    found = [0]

    def confirm() -> None:
        found[0] = 0
        for wi, to in hits:
            k = len(words[wi])
            for a in of[words[wi]]:
                lo = to - width[a]
                if comp[a].search(view, lo if lo > 0 else 0, to - k + width[a] + 64):
                    found[0] += 1

    pairs = sum(len(of[words[wi]]) for wi, _ in hits)
    t_conf = _timed(confirm, max(1, reps - 1))
    per = f"{t_conf / pairs * 1e6:.2f} us a pair" if pairs else "none"
    return (
        f"{len(moved)} anchors as {len(words)} literals; the rest, {len(exprs)} expressions, "
        f"{t_rest * 1e3:.1f} ms + literals {t_lit * 1e3:.1f} ms ({len(hits):,} hits, "
        f"{pairs:,} pairs) + confirming {t_conf * 1e3:.1f} ms ({per}, {found[0]:,} matched) "
        f"= {(t_rest + t_lit + t_conf) * 1e3:.0f} ms"
    )


def candidates(pattern: str) -> list[set[str]]:
    """Every factor of ``pattern``'s top-level sequence (each run of exact items, each item's
    own factor), members that hold another dropped: the choices an anchor's literal has."""
    run: Strings = {""}
    out: list[set[str]] = []

    def close(r: Strings) -> None:
        if r := _required(r):
            out.append(r)

    for op, av in _parser.parse(pattern):
        if op in _ZERO_WIDTH:
            continue
        if op in _REPEATS and av[0] >= 1 and av[0] != av[1]:
            se = _info(av[2])[0]
            if se is not None:
                close(_cross(run, se))
                run = set(se)
                continue
        ex, fac = _item(op, av)
        if ex is not None:
            joined = _cross(run, ex)
            if joined is None:
                close(run)
                joined = set(ex)
            run = joined
            continue
        close(run)
        close(fac)
        run = {""}
    close(run)
    return [{s for s in f if not any(t != s and t in s for t in f)} for f in out]


def _word_hits(words: set[str], view: bytes) -> dict[str, int]:
    """Per literal, its hits in ``view``."""
    order = sorted(words)
    lit = hs.Database()
    lit.compile(expressions=[w.encode("latin-1") for w in order], literal=True)
    per = dict.fromkeys(order, 0)

    def on(i: int, _f: int, _t: int, _x: int, _y: Any) -> None:
        per[order[i]] += 1

    lit.scan(view, match_event_handler=on, scratch=hs.Scratch(lit))
    return per


def _rarest(
    movable: set[int], cands: dict[int, list[set[str]]], view: bytes
) -> tuple[dict[int, set[str]], dict[int, int]]:
    """Per anchor, its factor with the fewest hits in ``view``, and that count."""
    per = _word_hits({s for i in movable for f in cands[i] for s in f}, view)
    facs = {i: min(cands[i], key=lambda f: sum(per[s] for s in f)) for i in movable}
    return facs, {i: sum(per[s] for s in f) for i, f in facs.items()}


def _view(doc: str, size: int) -> bytes:
    if doc == "blob":
        text = blob_text(size)
    else:
        text = Path("/tmp/cordon-real-text.txt").read_text("utf-8")[:size]
    return normalize(text).ascii_view.lower()


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--doc", choices=["real", "blob"], action="append")
    ap.add_argument("--size", type=int, default=10_485_760)
    ap.add_argument("--reps", type=int, default=3)
    ns = ap.parse_args()
    warm(wait=True)
    anchors = sc._anchor_index(None).accel_anchors
    facs = {i: f for i, a in enumerate(anchors) if (f := factor(a))}
    cands = {i: candidates(a) for i in facs for a in (anchors[i],)}
    print(f"{len(anchors)} anchors, {len(facs)} with a required literal factor")
    for k in (3, 4, 5):
        m = sum(1 for f in facs.values() if min(map(len, f)) >= k)
        print(f"  every literal of the longest factor at least {k} characters: {m}")
    chosen: dict[str, tuple[dict[int, set[str]], dict[int, int]]] = {}
    docs = ns.doc or ["real"]
    for doc in docs:
        view = _view(doc, ns.size)
        db = _accel._db_for(anchors, len(view))
        assert db is not None
        hdb, scratch = db.ready()
        t_hs = _timed(lambda: hdb.scan(view, scratch=scratch), ns.reps)  # noqa: B023
        t_find = _timed(lambda: _accel.find(anchors, view), ns.reps)  # noqa: B023
        print(
            f"{doc} ({len(view) / 1e6:.2f} MB view): the main database alone "
            f"{t_hs * 1e3:.1f} ms, find (with its confirms) {t_find * 1e3:.1f} ms"
        )
        later = set(db.plan.anchors) if db.plan else set()
        movable = {i for i in cands if i not in later and _width(anchors[i]) <= 4096}
        for k in (3, 4, 5):
            moved = {i for i in movable if min(map(len, facs[i])) >= k}
            print(f"  longest factors of {k}+: " + _split(db, moved, facs, view, ns.reps))
        rare, count = chosen[doc] = _rarest(movable, cands, view)
        for most in (0, 10, 100, 1000):
            moved = {i for i in movable if count[i] <= most}
            print(
                f"  oracle, rarest factor, <= {most} hits: "
                + _split(db, moved, rare, view, ns.reps)
            )
    if "real" in chosen and "blob" in docs:
        # a choice made on one document, measured on the other
        rare, count = chosen["real"]
        view = _view("blob", ns.size)
        for most in (10, 100):
            moved = {i for i in rare if count[i] <= most}
            print(f"blob, the real text's <= {most}: " + _split(db, moved, rare, view, ns.reps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
