"""A/B the large-result figures of several cordon variants, interleaved, on one spell.

    .venv/bin/python bench/perf/ab_throughput.py [--rounds 3] [--size-mb 10] NAME=SRC[:K=V,...] ...

Each variant is ``cordon run`` from the ``src`` tree SRC (a worktree of another commit, or this
checkout's ``src``) at that tree's defaults, with the environment variables K=V added (e.g.
``CORDON_RECORDER=0``, which only trees before issue 19 read: they forked a recording worker);
a K that starts with ``--`` is a flag of ``cordon run`` (``monitor=src:--content=monitor
warn=src:--content=warn`` compares two content modes). "CPU a result" is the proxy's CPU time
over the timed results, per result.
Every round runs each variant (after the server alone with ``--direct``) once through the raw
echo server, as ``run.py --only throughput`` does: five timed results of SIZE back to back
after an untimed first one ("per result" is their median, "back to back" the five results'
bytes over the sum of their times), with ``--stream N`` N results of SIZE back to back (MB/s
over all of them and over their second half, the steady state), then the "right after a result"
pair (a call with no sink, a send, each after a 0.2 s pause and a result of SIZE). ``--pause
S`` waits S seconds after the handshake first; ``--gap S`` also times REPS results each S
seconds after the last one ("alone": a single result, the previous one recorded). Each
variant's home gets the content scanner's compiled Hyperscan databases before the first round
and the rule filters a stream of SIZE prose results asks for (``run.warm_home``), so no
round times a proxy that compiles them or scans without them. Medians over rounds are
printed. Example
(issue 19)::

    git worktree add --detach /work/base 9abe46a && \\
    .venv/bin/python bench/perf/ab_throughput.py --stream 20 base=/work/base/src new=src
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run as R  # noqa: E402


def _throughput(t: R.Target, size: int, reps: int, pause: float, gap: float) -> dict[str, float]:
    cpu: list[float] = []
    times = R.blob_times(t, size, reps, pause, cpu_s=cpu)
    out = {
        "per_result": size / R.MB / statistics.median(times),
        "back_to_back": size * reps / R.MB / sum(times),
        "cpu_ms": cpu[0] / reps * 1e3,
    }
    if gap > 0:
        alone = R.blob_times(t, size, reps, pause, gap, cpu_s=cpu)
        out["alone"] = size / R.MB / statistics.median(alone)
        out["alone_cpu_ms"] = cpu[1] / reps * 1e3
    return out


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--size-mb", type=int, default=10)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--pause", type=float, default=0.0)
    ap.add_argument(
        "--gap",
        type=float,
        default=0.0,
        metavar="S",
        help="also time REPS results each S seconds after the last (a single result's MB/s)",
    )
    ap.add_argument("--no-after", action="store_true", help="skip the right-after pair")
    ap.add_argument(
        "--stream",
        type=int,
        default=0,
        metavar="N",
        help="also time N results of SIZE back to back (whole stream and its second half)",
    )
    ap.add_argument("--direct", action="store_true", help="add the server without a proxy")
    ap.add_argument("variants", nargs="+", metavar="NAME=SRC[:K=V,...]")
    ns = ap.parse_args()
    size = ns.size_mb * R.MB
    tmp = Path(tempfile.mkdtemp(prefix="cordon-abt-"))
    policy = tmp / "policy.yaml"
    policy.write_text("version: 1\n", "utf-8")
    sink = tmp / "policy-sink.yaml"
    sink.write_text("version: 1\ntools:\n  echo: {sink_params: [to]}\n", "utf-8")
    up = [sys.executable, str(HERE / "echo_server.py")]
    variants: dict[str, tuple[R.Target, R.Target]] = {}
    if ns.direct:
        (tmp / "home-direct").mkdir()
        direct = R.Target("direct", up, R.base_env(tmp / "home-direct"))
        variants["direct"] = (direct, direct)
    for spec in ns.variants:
        home = tmp / f"home-{spec.partition('=')[0]}"
        home.mkdir()
        name, env, flags = R.variant(spec, R.base_env(home))
        R.warm_home(env, filters_mb=ns.size_mb)

        def cmd(pol: Path, name: str = name, flags: list[str] = flags) -> list[str]:
            return R.cordon_run(pol, tmp, name, up, flags)

        variants[name] = (R.Target(name, cmd(policy), env), R.Target(name, cmd(sink), env))
    got: dict[str, dict[str, list[float]]] = {k: {} for k in variants}
    for r in range(ns.rounds):
        for name, (plain, with_sink) in variants.items():
            res: dict[str, Any] = _throughput(plain, size, ns.reps, ns.pause, ns.gap)
            if ns.stream > 0:
                res.update(R.stream(plain, size, ns.stream))
            if not ns.no_after:
                res.update(R.after_result(with_sink, size))
            for k, v in res.items():
                got[name].setdefault(k, []).append(v)
        print(
            f"round {r + 1}: "
            + "; ".join(
                f"{n} {v['per_result'][-1]:.1f}/{v['back_to_back'][-1]:.1f} MB/s"
                + (f", alone {v['alone'][-1]:.1f}" if "alone" in v else "")
                + (
                    f", stream {v['stream_mb_s'][-1]:.1f}/{v['steady_mb_s'][-1]:.1f}"
                    if "stream_mb_s" in v
                    else ""
                )
                + (f", send after {v['send_ms'][-1]:.0f} ms" if "send_ms" in v else "")
                for n, v in got.items()
            ),
            flush=True,
        )
    for name, v in got.items():
        line = (
            f"{name:12s} per result {statistics.median(v['per_result']):6.1f} MB/s, "
            f"back to back {statistics.median(v['back_to_back']):6.1f} MB/s"
        )
        if "cpu_ms" in v:
            line += f" (CPU {statistics.median(v['cpu_ms']):.0f} ms a result)"
        if "alone" in v:
            line += f", alone (--gap) {statistics.median(v['alone']):6.1f} MB/s"
            line += f" (CPU {statistics.median(v['alone_cpu_ms']):.0f} ms a result)"
        if "stream_mb_s" in v:
            line += (
                f", stream of {ns.stream} {statistics.median(v['stream_mb_s']):.1f} MB/s "
                f"(second half {statistics.median(v['steady_mb_s']):.1f})"
            )
        if "send_ms" in v:
            line += (
                f", right after: no sink {statistics.median(v['plain_ms']):.2f} ms, "
                f"send {statistics.median(v['send_ms']):.1f} ms"
            )
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
