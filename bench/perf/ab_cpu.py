"""A/B the proxy's CPU per call of several cordon trees, alive side by side.

    .venv/bin/python bench/perf/ab_cpu.py [--rounds 40] [--batch 500] NAME=SRC[:K=V,...] ...

``ab.py`` starts each variant afresh in every round, so a loaded machine's spells (other
processes' test runs) fall on one variant's round and not on the other's. Here one
``cordon run`` per variant (``run.py``'s raw echo server, empty policy, audit log and
shared taint store on, each in its own home, the scanner's databases compiled first) stays
up, and the client sends them batches of ``tools/call echo("hello")`` in turn (the order
alternating each round), so every variant meets the same spells within a second or two.
Per batch: the proxy process's CPU time (``/proc/PID/stat`` utime + stime) over the batch's
calls, and the batch's p50 round trip. Prints each variant's CPU per call over all batches
(total CPU / calls), the median batch p50, and for each variant after the first the median
of its per-round ratio of CPU to the first variant's (a paired figure: one round's two
batches ran a second apart).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run as R  # noqa: E402


def _batch(c: R.RawClient, n: int) -> tuple[float, float]:
    """(CPU seconds of the proxy, p50 seconds) over ``n`` echo calls."""
    times: list[int] = []
    cpu0 = R._proc_cpu_s(c.proc.pid)
    for _ in range(n):
        rid, line = c.call_line("echo", {"text": "hello"})
        t0 = time.perf_counter_ns()
        c.send(line)
        c.recv_for(rid)
        times.append(time.perf_counter_ns() - t0)
    cpu = R._proc_cpu_s(c.proc.pid) - cpu0
    times.sort()
    return cpu, times[len(times) // 2] / 1e9


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("variants", nargs="+", metavar="NAME=SRC[:K=V,...]")
    ns = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="cordon-abcpu-"))
    policy = tmp / "policy.yaml"
    policy.write_text("version: 1\n", "utf-8")
    up = [sys.executable, str(HERE / "echo_server.py")]
    clients: dict[str, R.RawClient] = {}
    try:
        for spec in ns.variants:
            home = tmp / f"home-{len(clients)}"
            home.mkdir()
            name, env, flags = R.variant(spec, R.base_env(home))
            R.warm_home(env)
            c = R.RawClient(R.cordon_run(policy, tmp, name, up, flags), env)
            c.handshake()
            clients[name] = c
        time.sleep(R.SETTLE_S)
        for c in clients.values():
            _batch(c, 300)  # warm-up
        cpu: dict[str, list[float]] = {k: [] for k in clients}
        p50: dict[str, list[float]] = {k: [] for k in clients}
        names = list(clients)
        for r in range(ns.rounds):
            for name in names if r % 2 == 0 else reversed(names):
                c_s, p_s = _batch(clients[name], ns.batch)
                cpu[name].append(c_s)
                p50[name].append(p_s)
        load = os.getloadavg()
    finally:
        for c in clients.values():
            c.close()
    first = names[0]
    for name in names:
        per_call = sum(cpu[name]) / (ns.rounds * ns.batch) * 1e6
        line = (
            f"{name:12s} CPU per call {per_call:6.1f} us, "
            f"batch p50 median {statistics.median(p50[name]) * 1e6:6.1f} us"
        )
        if name != first:
            ratios = [b / a for a, b in zip(cpu[first], cpu[name], strict=True) if a > 0]
            line += f", CPU / {first} per round: median {statistics.median(ratios):.3f}"
        print(line)
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
