"""What an idle ``cordon run`` costs: CPU while nothing moves, memory at rest, processes.

    .venv/bin/python bench/perf/idle.py [--rounds 2] [--idle 10] [--settle 3] [--calls N] NAME=SRC ...

Each variant is ``cordon run`` from the ``src`` tree SRC (as in ``ab.py``) with an empty
policy, in front of ``echo_server.py``. After the handshake and a ``tools/list``, and
``--settle`` seconds for the start-up work (the Hyperscan compile), it reads, from ``/proc``:
the processes cordon started besides the upstream (before issue 19, a forked recording
worker), VmRSS of cordon and of those processes, and their CPU time (utime + stime, in
clock ticks of 10 ms) before and after ``--idle`` seconds with no traffic. With ``--calls N``,
N ``tools/call echo`` (each with a different text) follow the ``tools/list``, so the memory is
that of a process at rest after serving calls (what a first call loads is then counted), and
the first call's round trip is printed; ``--text`` gives their text (``{i}``: the call's
number), to send what loads a database at its first use (non-ASCII text loads the UTF-8
anchors', a trigger such as ``npm config set registry`` the deferred anchors').
Variants run interleaved, ``--rounds`` times each.
Example (issue 19)::

    .venv/bin/python bench/perf/idle.py base=/work/base/src new=src
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run as R  # noqa: E402

TICK_S = 1 / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """Every descendant of ``pid``."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for c in (task / "children").read_text().split():
            out += [int(c), *children(int(c))]
    return out


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * TICK_S  # utime, stime


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def measure(
    t: R.Target, up: list[str], settle: float, idle: float, calls: int = 0, text: str = "hello {i}"
) -> dict[str, float]:
    c = R.RawClient(t.cmd, t.env)
    first_ms = 0.0
    try:
        c.handshake()  # initialize, initialized, tools/list
        for i in range(calls):
            t0 = time.perf_counter()
            rid, line = c.call_line("echo", {"text": text.format(i=i)})
            c.send(line)
            c.recv_for(rid)
            if i == 0:
                first_ms = (time.perf_counter() - t0) * 1e3
        time.sleep(settle)
        pid = c.proc.pid
        # the upstream by its exact argv (a forked worker has cordon's, which names it too)
        upstream = "\0".join(up).encode() + b"\0"
        extra = [p for p in children(pid) if Path(f"/proc/{p}/cmdline").read_bytes() != upstream]
        ours = [pid, *extra]
        rss = [rss_mb(p) for p in ours]
        before = sum(cpu_s(p) for p in ours)
        time.sleep(idle)
        after = sum(cpu_s(p) for p in ours)
    finally:
        c.close()
    return {
        "extra_processes": len(extra),
        "cordon_rss_mb": rss[0],
        "total_rss_mb": sum(rss),
        "idle_cpu_ms": (after - before) * 1e3,
        "first_call_ms": first_ms,
    }


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--idle", type=float, default=10.0)
    ap.add_argument("--settle", type=float, default=3.0)
    ap.add_argument("--calls", type=int, default=0, help="tools/call echo before settling")
    ap.add_argument("--text", default="hello {i}", help="the calls' text ({i}: their number)")
    ap.add_argument(
        "--warm",
        action="store_true",
        help="compile the Hyperscan databases into each home first (run.warm_home)",
    )
    ap.add_argument("variants", nargs="+", metavar="NAME=SRC")
    ns = ap.parse_args()
    targets = R.echo_variants(ns.variants, "cordon-idle-")
    if ns.warm:  # every round then loads them, as every run after a user's first does
        for t in targets.values():
            R.warm_home(t.env)
    up = [sys.executable, str(HERE / "echo_server.py")]  # the upstream measure() looks for
    for r in range(ns.rounds):
        for name, t in targets.items():
            m = measure(t, up, ns.settle, ns.idle, ns.calls, ns.text)
            first = f"; first call {m['first_call_ms']:.1f} ms" if ns.calls else ""
            print(
                f"round {r + 1} {name:8s} processes besides the upstream: "
                f"{m['extra_processes']}; VmRSS cordon {m['cordon_rss_mb']:.1f} MB, "
                f"with them {m['total_rss_mb']:.1f} MB; CPU over {ns.idle:g} s idle: "
                f"{m['idle_cpu_ms']:.0f} ms{first}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
