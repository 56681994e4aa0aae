"""Hyperscan's own time in one ``scan_text``, by database and by expression.

    .venv/bin/python bench/content/real_text.py --out /tmp/cordon-real-text.txt
    env -u SHELL PYTHONPATH=src .venv/bin/python bench/perf/hs_time.py --doc real [--top 25]

After the databases compile and two scans (which start the busiest rules' filters), one
``scan_text`` runs with every Hyperscan database the scanner holds (the anchor databases and
their deferred parts, the readings' gate, the rule filters, the character classes, the
normaliser's prefilters) replaced by a proxy that keeps each buffer it is asked to scan (the
large views are scanned whole, not as two halves, while recording). Then, per database, the
kept buffers are scanned again with no match handler (Hyperscan alone, C only) and with a
handler that counts matches by expression id: CPU time (``time.process_time``), best of
``--reps``. ``--per-expr NAME`` (a database label from the first table, repeatable): each
expression of that database compiled alone with its flags and scanned over the same buffers
(no handler), the ``--top`` costliest printed with their match counts (each is a Python
callback in the scanner). A single's time includes a floor every database pays (about 1 ms
over a 10 MB view), so the singles add up to far more than the whole: rank by them, and
measure a change on the whole database.

``--dump FILE``: the recorded buffers and expressions pickled, for a later ``--load FILE``
(no scan needed: the pickle's expressions and buffers). Instructions, deterministic on a shared machine:
``--db-out LABEL=FILE`` compiles one database of the pickle natively (``hyperscan.dumpb``),
and under valgrind ``--db-in FILE --label LABEL`` scans that database's buffers with
callgrind's instrumentation on for the scans only (``callgrind_control -i``)::

    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \
        .venv/bin/python bench/perf/hs_time.py --load P --db-in FILE --label LABEL
"""

from __future__ import annotations

import argparse
import gc
import pickle
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import hyperscan as hs

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from blobtext import blob_text  # noqa: E402

from cordon import textnorm  # noqa: E402
from cordon.content import _accel, _charscan, _halves, scan_text, warm  # noqa: E402

_REAL_SCRATCH = hs.Scratch


@dataclass
class Spec:
    """One database: its label, expressions, ids and flags, and the buffers it scanned."""

    label: str
    exprs: list[bytes]
    ids: list[int]
    flags: list[int]
    names: list[str]
    buffers: list[bytes] = field(default_factory=list)


class _Proxy:
    def __init__(self, real: Any, spec: Spec) -> None:
        self.real = real
        self.spec = spec

    def scan(self, data: Any, match_event_handler: Any = None, **kw: Any) -> Any:
        self.spec.buffers.append(bytes(data))
        return self.real.scan(data, match_event_handler=match_event_handler, **kw)


def _scratch(db: Any, *a: Any) -> Any:
    return _REAL_SCRATCH(db.real if isinstance(db, _Proxy) else db, *a)


def _accel_specs(key: tuple[str, ...], db: Any) -> list[tuple[str, Spec]]:
    """The specs of an anchor database ``db`` (``db`` and ``later``), as ``_Db._compile``
    builds them."""
    n = len(db.anchors)
    every = [db._hs_expr(i) for i in range(n)]
    plan = db.plan
    later = frozenset(plan.anchors) if plan else frozenset()
    ids = [i for i in range(n) if i not in later]
    exprs = [every[i].encode() for i in ids]
    names = [every[i] for i in ids]
    flags = [hs.HS_FLAG_PREFILTER] * len(ids)
    out = []
    tag = f"anchors[{n}]"
    if plan:
        lids = list(plan.anchors)
        out.append(
            (
                "later",
                Spec(
                    f"{tag}.later",
                    [every[i].encode() for i in lids],
                    lids,
                    [hs.HS_FLAG_PREFILTER] * len(lids),
                    [every[i] for i in lids],
                ),
            )
        )
        exprs += [t.encode() for t in plan.triggers]
        ids += range(n + 1, n + 1 + len(plan.triggers))
        names += [f"trigger {t}" for t in plan.triggers]
        flags += [hs.HS_FLAG_PREFILTER] * len(plan.triggers)
    if db.run_check:
        exprs.append(_accel._WS_RUN_RE)
        ids.append(n)
        names.append("whitespace run check")
        flags.append(hs.HS_FLAG_SINGLEMATCH)
    out.append(("db", Spec(tag, exprs, ids, flags, names)))
    return out


def install() -> list[Spec]:
    """Replace every database the scanner holds with a recording proxy."""
    specs: list[Spec] = []
    hs.Scratch = _scratch
    _halves.SPLIT_MIN_BYTES = 1 << 62
    for key, db in list(_accel._dbs.items()):
        if db is None:
            continue
        for name, spec in _accel_specs(key, db):
            got = getattr(db, name)
            if got is None:
                continue
            real, _ = db.ready(name)  # its scratch made now, for the real database
            setattr(db, name, _Proxy(real, spec))
            specs.append(spec)
    for pattern, flt in list(_accel._filters.items()):
        if flt is None:
            continue
        exprs, ids, flags = _accel._filter_spec(pattern)
        spec = Spec(f"filter {pattern[:60]}", exprs, ids, flags, [pattern])
        _accel._filters[pattern] = (_Proxy(flt[0], spec), flt[1])
        specs.append(spec)
    for key, pair in list(_charscan._dbs.items()):
        if pair is None:
            continue
        db, pairs = pair
        # the class database's expressions are not kept: its total only
        s1 = Spec("charscan classes", [], [], [], [])
        s2 = Spec("charscan pairs", [], [], [], [])
        _charscan._dbs[key] = (_Proxy(db, s1), _Proxy(pairs, s2))
        specs += [s1, s2]
    for obj in gc.get_objects():
        if isinstance(obj, textnorm.Prefilter) and obj._state and obj._state[0] is not None:
            pats = list(obj.patterns)
            spec = Spec(
                f"prefilter {pats[0][:30]!r}",
                pats,
                list(range(len(pats))),
                [hs.HS_FLAG_SINGLEMATCH] * len(pats),
                [p.decode("latin-1") for p in pats],
            )
            obj._state[0] = _Proxy(obj._state[0], spec)
            obj._local = type(obj._local)()  # its scratches were made for the real database
            specs.append(spec)
    return specs


def _cpu(fn: Callable[[], object], reps: int) -> float:
    best = float("inf")
    for _ in range(reps):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def _compile(exprs: Sequence[bytes], ids: Sequence[int], flags: Sequence[int]) -> Any:
    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    db.compile(expressions=list(exprs), ids=list(ids), elements=len(exprs), flags=list(flags))
    return db


def _scan_all(db: Any, buffers: Sequence[bytes], handler: Any = None) -> Callable[[], None]:
    scratch = _REAL_SCRATCH(db)

    def run() -> None:
        for b in buffers:
            db.scan(b, match_event_handler=handler, scratch=scratch)

    return run


def _counts(db: Any, buffers: Sequence[bytes]) -> dict[int, int]:
    per: dict[int, int] = {}

    def on(i: int, _f: int, _t: int, _x: int, _c: Any) -> None:
        per[i] = per.get(i, 0) + 1

    _scan_all(db, buffers, on)()
    return per


def record(doc: str, size: int) -> list[Spec]:
    warm(wait=True)
    text = blob_text(size) if doc == "blob" else Path("/tmp/cordon-real-text.txt").read_text()
    text = text[:size]
    scan_text(text)
    scan_text(text)
    _accel.wait_compiled(600)
    specs = install()
    scan_text(text)
    return [s for s in specs if s.buffers]


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--doc", choices=["real", "blob"], default="real")
    ap.add_argument("--size", type=int, default=10_485_760)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--per-expr", action="append", default=[], metavar="LABEL")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--dump", type=Path)
    ap.add_argument("--load", type=Path)
    ap.add_argument("--db-out", metavar="LABEL=FILE")
    ap.add_argument("--db-in", type=Path)
    ap.add_argument("--label")
    ns = ap.parse_args()
    if ns.load:
        specs: list[Spec] = pickle.loads(ns.load.read_bytes())
    else:
        specs = record(ns.doc, ns.size)
    if ns.dump:
        ns.dump.write_bytes(pickle.dumps(specs))
    by_label = {s.label: s for s in specs}
    if ns.db_out:
        label, _, out = ns.db_out.partition("=")
        s = by_label[label]
        Path(out).write_bytes(hs.dumpb(_compile(s.exprs, s.ids, s.flags)))
        return 0
    if ns.db_in:
        _instructions(hs.loadb(ns.db_in.read_bytes(), hs.HS_MODE_BLOCK), by_label[ns.label])
        return 0
    total = 0.0
    rows = []
    for s in specs:
        if not s.exprs:
            continue
        db = _compile(s.exprs, s.ids, s.flags)
        t = _cpu(_scan_all(db, s.buffers), ns.reps)
        n = sum(_counts(db, s.buffers).values())
        size = sum(map(len, s.buffers))
        rows.append((t, s.label, len(s.buffers), size, n, len(s.exprs)))
        total += t
    rows.sort(reverse=True)
    print(f"Hyperscan alone (no handler), CPU best of {ns.reps}: {total * 1e3:.1f} ms in all")
    print(f"{'ms':>7} {'scans':>6} {'MB':>7} {'matches':>9} {'exprs':>5}  database")
    for t, label, k, size, n, ne in rows:
        if t >= 0.0005:
            print(f"{t * 1e3:7.1f} {k:6d} {size / 1e6:7.2f} {n:9d} {ne:5d}  {label}")
    for want in ns.per_expr:
        for s in specs:
            if s.label == want:
                _per_expr(s, ns.reps, ns.top)
    return 0


def _per_expr(s: Spec, reps: int, top: int) -> None:
    whole = _compile(s.exprs, s.ids, s.flags)
    base = _cpu(_scan_all(whole, s.buffers), reps)
    counts = _counts(whole, s.buffers)
    singles = []
    for k, (e, i, f) in enumerate(zip(s.exprs, s.ids, s.flags, strict=True)):
        db = _compile([e], [i], [f])
        singles.append((_cpu(_scan_all(db, s.buffers), reps), k))
    singles.sort(reverse=True)
    summed = sum(t for t, _ in singles) * 1e3
    print(f"\n{s.label}: whole {base * 1e3:.1f} ms; singles summed {summed:.1f}")
    print(f"{'alone':>7} {'matches':>8}  expression")
    for t, k in singles[:top]:
        print(f"{t * 1e3:7.2f} {counts.get(s.ids[k], 0):8d}  {s.names[k][:150]}")


def _instructions(db: Any, s: Spec) -> None:
    """Scan ``s``'s buffers with ``db``, callgrind's instrumentation on for the scans only."""
    import os
    import subprocess

    scratch = _REAL_SCRATCH(db)
    db.scan(b"warm", scratch=scratch)
    ctl = ["callgrind_control", "-i"]
    subprocess.run([*ctl, "on", str(os.getpid())], capture_output=True, check=False)
    for b in s.buffers:
        db.scan(b, scratch=scratch)
    subprocess.run([*ctl, "off", str(os.getpid())], capture_output=True, check=False)


if __name__ == "__main__":
    sys.exit(main())
