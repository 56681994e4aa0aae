"""Start to a listed tool list: how long a client waits for ``cordon run`` to come up.

    .venv/bin/python bench/perf/start_time.py [--rounds 6] NAME=SRC ...

Each variant is ``cordon run`` from the ``src`` tree SRC (as in ``idle.py``) with an empty
policy, in front of ``echo_server.py``; the time is from starting the process to the answer
to ``tools/list`` (``initialize``, ``notifications/initialized``, ``tools/list``: bench/perf
run.py's ``RawClient.handshake``), the anchor compile running beside it. Variants run
interleaved, two seconds apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run as R  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument(
        "--warm",
        action="store_true",
        help="compile the Hyperscan databases into each home first (run.warm_home)",
    )
    ap.add_argument("variants", nargs="+", metavar="NAME=SRC")
    ns = ap.parse_args()
    targets = R.echo_variants(ns.variants, "cordon-start-")
    if ns.warm:  # every round then loads them, as every run after a user's first does
        for t in targets.values():
            R.warm_home(t.env)
    times: dict[str, list[float]] = {n: [] for n in targets}
    for _ in range(ns.rounds):
        for name, t in targets.items():
            t0 = time.perf_counter()
            c = R.RawClient(t.cmd, t.env)
            try:
                c.handshake()
                times[name].append(time.perf_counter() - t0)
            finally:
                c.close()
            time.sleep(2)
    for name, v in times.items():
        print(
            f"{name:8s} start to a listed tool list: {min(v):.2f}-{max(v):.2f} s, "
            f"median {statistics.median(v):.2f} s ({' '.join(f'{x:.2f}' for x in v)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
