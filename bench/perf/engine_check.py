"""Engine decision time for a send to a new address, a fresh address per timed check.

    .venv/bin/python bench/perf/engine_check.py [--sizes 10000,1000000,100000000]
                                                [--checks 3000] [--runs 3] [--src DIR]
                                                [--profile cumulative|tottime]

Issue 19's target: ``Session.check`` for a send to an address never seen takes at most 50 µs,
flat from 10 KB to 100 MB of observed history. Each timed check sends to a different address
(``someone.newI@fresh-domainI%50.example.net``, body ``hello I``): a benchmark that repeats the
same arguments lets per-string caches look better than any agent's real calls do. The history
is ``blobtext.blob_text`` (prose with an address and a URL in every ~1 KB), observed in 1 MB
results as ``run.py`` does. Each size is run ``--runs`` times in fresh sessions; the printed
figure is the median of the per-run medians, with the spread (min..max of the run medians).
The verdict of every check is compared with the first run's, so a change that alters a
decision shows up here as well as in the tests.

``--profile`` runs cProfile over the timed checks of the first size and prints the top
functions sorted by cumulative or by own time. ``--src DIR`` measures another tree's cordon.
``--cpu`` times each check in the thread's CPU time instead of wall-clock time: steadier on a
busy machine (a check is not charged for time the scheduler gave another process).
``--per-check`` also times each check of the pipeline (``cordon.engine.checks.PIPELINE``)
inside the first run of each size, in wall-clock time (a CPU-time read costs about 0.5 µs,
too much beside the smallest checks), and prints their medians; the per-call overhead of the
timing (about 0.1-0.2 µs per check) is in each figure and in the total of that run.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from blobtext import blob_text  # noqa: E402
from run import READ, SEND  # noqa: E402 - the engine table's own tools

POLICY = {
    "version": 1,
    "taint_memory_bytes": 512 * 1024 * 1024,
    "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}},
}
CHUNK = 1_000_000


def fresh_args(i: int) -> dict[str, Any]:
    """The ``i``-th send to an address never seen (nor sent to) before in the session."""
    return {"to": f"someone.new{i}@fresh-domain{i % 50}.example.net", "body": f"hello {i}"}


def session(size: int) -> Any:
    """A session that has observed ``size`` bytes of ``blob_text`` in 1 MB results."""
    from cordon.engine.core import Engine

    eng = Engine.from_policy([POLICY])
    eng.pin_tools([SEND, READ])
    s = eng.new_session()
    text = blob_text(size)
    for off in range(0, len(text), CHUNK):
        s.observe_output("read_inbox", text[off : off + CHUNK])
    return s


def timed(
    s: Any, checks: int, prof: cProfile.Profile | None = None, clock: Any = time.perf_counter_ns
) -> tuple[list[int], list[tuple[str, ...]]]:
    """Nanoseconds per check (``clock``) and the verdicts, for ``checks`` sends to fresh
    addresses."""
    ts: list[int] = []
    verdicts: list[tuple[str, ...]] = []
    if prof is not None:
        prof.enable()
    for i in range(checks):
        a = fresh_args(i)
        t = clock()
        v = s.check("send_email", a)
        ts.append(clock() - t)
        verdicts.append((v.verdict, v.rule, v.reason, repr(getattr(v, "details", None))))
    if prof is not None:
        prof.disable()
    return ts, verdicts


def per_check_timers() -> tuple[dict[str, list[int]], Any]:
    """Wrap every check of the pipeline with a timer; returns the samples by check name and a
    function that puts the pipeline back."""
    from cordon.engine import checks

    samples: dict[str, list[int]] = {c.name: [] for c in checks.PIPELINE}
    original = checks.PIPELINE

    def timed_check(check: Any) -> Any:
        run, got = check.run, samples[check.name]

        def go(ctx: Any, facts: Any) -> Any:
            t = time.perf_counter_ns()
            try:
                return run(ctx, facts)
            finally:
                got.append(time.perf_counter_ns() - t)

        return dataclasses.replace(check, run=go)  # (its `applies`, where the tree has one)

    checks.PIPELINE = tuple(timed_check(c) for c in original)

    def restore() -> None:
        checks.PIPELINE = original

    return samples, restore


def label(size: int) -> str:
    return f"{size // 1_000_000} MB" if size >= 1_000_000 else f"{size // 1000} KB"


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--sizes", default="10000,1000000,100000000")
    ap.add_argument("--checks", type=int, default=3000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--src", type=Path, default=HERE.parents[1] / "src")
    ap.add_argument("--profile", choices=("cumulative", "tottime"))
    ap.add_argument(
        "--per-check",
        action="store_true",
        help="also print each pipeline check's median time (first run of each size)",
    )
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="time each check in this thread's CPU time (steadier while other work runs)",
    )
    ns = ap.parse_args()
    sys.path.insert(0, str(ns.src.resolve()))
    for size in (int(x) for x in ns.sizes.split(",")):
        meds: list[float] = []
        first: list[tuple[str, ...]] | None = None
        for run in range(ns.runs):
            s = session(size)
            prof = cProfile.Profile() if ns.profile and run == 0 else None
            clock = time.thread_time_ns if ns.cpu else time.perf_counter_ns
            per = per_check_timers() if ns.per_check and run == 0 else None
            try:
                ts, verdicts = timed(s, ns.checks, prof, clock)
            finally:
                if per is not None:
                    per[1]()
            if per is not None:
                for name, got in per[0].items():
                    if got:
                        print(f"    {name:<16} {statistics.median(got) / 1e3:6.1f} us")
            if first is None:
                first = verdicts
            elif verdicts != first:
                print(f"{label(size)}: run {run} gave different verdicts", file=sys.stderr)
                return 1
            meds.append(statistics.median(ts) / 1e3)
            if prof is not None:
                pstats.Stats(prof).sort_stats(ns.profile).print_stats(30)
            s = None
        assert first is not None
        kinds = sorted({f"{v[0]} {v[1]}" for v in first})
        print(
            f"{label(size):>7}: median {statistics.median(meds):6.1f} us "
            f"(runs {min(meds):.1f}..{max(meds):.1f}; {ns.checks} checks x {ns.runs}) "
            f"verdicts: {', '.join(kinds)}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
