"""A/B the round trip of several cordon variants, interleaved, on one spell of the machine.

    .venv/bin/python bench/perf/ab.py [--rounds 3] [--upstream sdk] [--sends] [--bouncer]
                                      NAME=SRC[:K=V,...] ...

Each variant is ``cordon run`` from the ``src`` tree SRC (a worktree of another commit, or
this checkout's ``src``) at that tree's defaults, with the environment variables K=V added
(e.g. ``CORDON_SPIN_US=0``, which only trees before issue 19 read: they polled for 500 µs
after each frame by default); a K that starts with ``--`` is a flag of ``cordon run``
(``monitor=src:--content=monitor warn=src:--content=warn`` compares two content modes). Every round runs direct, bouncer-mcp 0.1.4 with ``--bouncer``
(from ``.venv-peers``, as ``run.py``), then each variant once (3000 echo calls after 200
warm-up, as ``run.py``); the added p50 of a path is the median over rounds of its p50 minus
the direct p50 of the same round. "CPU per call" is the CPU time of the process the client
started (the proxy; the upstream alone on the direct path) over the timed calls, per call:
what the proxy computes, apart from the time it waits to be woken. Example::

    git worktree add --detach /work/base 9abe46a && \\
    .venv/bin/python bench/perf/ab.py --bouncer base=/work/base/src new=src
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run as R  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--calls", type=int, default=3000)
    ap.add_argument("--upstream", choices=("echo", "sdk"), default="echo")
    ap.add_argument(
        "--sends",
        action="store_true",
        help="every call a send (echo has sink_params: [to]), as run.py's third row",
    )
    ap.add_argument("--bouncer", action="store_true", help="add bouncer-mcp 0.1.4 as a path")
    ap.add_argument(
        "--floor",
        action="store_true",
        help="add floor_relay.py (asyncio, and two threads): a relay that checks nothing",
    )
    ap.add_argument("variants", nargs="+", metavar="NAME=SRC[:K=V,...]")
    ns = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="cordon-ab-"))
    policy = tmp / "policy.yaml"
    policy.write_text(
        "version: 1\ntools:\n  echo: {sink_params: [to]}\n" if ns.sends else "version: 1\n",
        "utf-8",
    )
    server = "echo_server.py" if ns.upstream == "echo" else "sdk_server.py"
    up = [sys.executable, str(HERE / server)]
    home = tmp / "home"
    home.mkdir()
    targets = {"direct": R.Target("direct", up, R.base_env(home))}
    if ns.bouncer:
        if not R.PEER_BOUNCER.exists():
            ap.error(f"--bouncer: no {R.PEER_BOUNCER} (make .venv-peers/bin/bouncer)")
        targets["bouncer"] = R.bouncer_target(tmp, up, ns.upstream, R.base_env(home))
    if ns.floor:
        relay = [sys.executable, str(HERE / "floor_relay.py")]
        targets["floor"] = R.Target("floor", [*relay, "--", *up], R.base_env(home))
        targets["floor-thr"] = R.Target(
            "floor-thr", [*relay, "--threads", "--", *up], R.base_env(home)
        )
    for spec in ns.variants:
        name, env, flags = R.variant(spec, R.base_env(home))
        R.warm_home(env)
        targets[name] = R.Target(name, R.cordon_run(policy, tmp, name, up, flags), env)
    p50: dict[str, list[float]] = {k: [] for k in targets}
    cpu: dict[str, list[float]] = {k: [] for k in targets}
    for r in range(ns.rounds):
        for name, t in targets.items():
            got = R.latency(t, ns.calls)
            p50[name].append(got["p50_ms"])
            cpu[name].append(got["cpu_ms"])
        print(
            f"round {r + 1}: "
            + ", ".join(f"{k} {v[-1]:.3f} (CPU {cpu[k][-1]:.3f})" for k, v in p50.items()),
            flush=True,
        )
    for name, v in p50.items():
        added = [x - d for x, d in zip(v, p50["direct"], strict=True)]
        rounds = " ".join(f"{a:+.3f}" for a in added)
        print(
            f"{name:12s} p50 {statistics.median(v):.3f} ms, "
            f"added {statistics.median(added):+.3f} ms (rounds: {rounds}); "
            f"CPU per call {statistics.median(cpu[name]):.3f} ms "
            f"(rounds: {' '.join(f'{c:.3f}' for c in cpu[name])})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
