"""Resting memory and start-up CPU of ``cordon run`` after calls made once start-up settled.

    .venv/bin/python bench/perf/idle_late.py [--rounds 3] [--settle 8] [--calls 3] [--size 8000] NAME=SRC ...

As ``idle.py`` (the same targets and ``/proc`` readings), but the ``tools/call echo`` calls
come after ``--settle`` seconds, when the Hyperscan databases are compiled (or loaded), so
the scans use and load them; each call's text is ``--size`` bytes with non-ASCII letters (the
normaliser's character databases too). Prints VmRSS 2 s after the calls, and cordon's CPU time
(user + sys) at the ``tools/list`` answer and after the settle.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import idle as I  # noqa: E402
import run as R  # noqa: E402


def measure(t: R.Target, settle: float, calls: int, size: int) -> tuple[float, float, float]:
    c = R.RawClient(t.cmd, t.env)
    try:
        c.handshake()  # initialize, initialized, tools/list
        pid = c.proc.pid
        cpu_listed = I.cpu_s(pid)
        time.sleep(settle)
        cpu_settled = I.cpu_s(pid)
        for i in range(calls):
            text = f"hello {i} " + "lorem ipsum dolor sit amet ünïcode " * (size // 36)
            rid, line = c.call_line("echo", {"text": text})
            c.send(line)
            c.recv_for(rid)
        time.sleep(2)
        rss = I.rss_mb(pid)
    finally:
        c.close()
    return rss, cpu_listed, cpu_settled


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--settle", type=float, default=8.0)
    ap.add_argument("--calls", type=int, default=3)
    ap.add_argument("--size", type=int, default=8000)
    ap.add_argument(
        "--warm",
        action="store_true",
        help="compile the Hyperscan databases into each home first (run.warm_home)",
    )
    ap.add_argument("variants", nargs="+", metavar="NAME=SRC")
    ns = ap.parse_args()
    targets = R.echo_variants(ns.variants, "cordon-idle-late-")
    if ns.warm:  # every round then loads them, as every run after a user's first does
        for t in targets.values():
            R.warm_home(t.env)
    for r in range(ns.rounds):
        for name, t in targets.items():
            rss, listed, settled = measure(t, ns.settle, ns.calls, ns.size)
            print(
                f"round {r + 1} {name:6s} VmRSS {rss:.1f} MB after {ns.calls} calls of "
                f"{ns.size} B; CPU at tools/list {listed:.2f} s, after the settle {settled:.2f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
