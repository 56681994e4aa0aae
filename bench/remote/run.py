"""What ``cordon run --url`` costs next to mcp-remote, with the official SDK client, one run.

    .venv/bin/python bench/remote/run.py [--rounds 12] [--calls 200] [--big-reps 7]
                                         [--big-mb 10] [--gap 0.5] [--mode auto|legacy]
                                         [--no-stdio-ref] [--profile] [--json out.json]
                                         [--mcp-remote PATH] [--src DIR] [--src-b DIR]

One Streamable HTTP server (``server.py``: the official SDK's ``Server`` under uvicorn on
127.0.0.1, tools ``echo`` and ``blob(size)``), and the official SDK client (``mcp.Client``)
reaching it three ways, all open at once in one event loop:

- **direct**: ``mcp.Client`` over Streamable HTTP to ``http://127.0.0.1:PORT/mcp``;
- **mcp-remote**: ``mcp.Client`` over stdio to ``mcp-remote URL --allow-http --transport
  http-only`` (npm, pinned in ``package.json``; it needs no flag to skip OAuth: it only starts
  the OAuth flow when the server answers 401);
- **cordon**: ``mcp.Client`` over stdio to ``cordon run --url URL`` with an empty policy
  (``version: 1``), its audit log on, the content firewall in its default mode.

A fourth, reference row (``--no-stdio-ref`` drops it) is the SDK client over stdio to the
same tools on a stdio SDK server (``bench/perf/sdk_server.py``), no HTTP at all: the stdio
paths' client side differs from the direct path's (pipes instead of httpx), and that row
shows how much.

Round trip: after the handshake, ``tools/list`` and a 1.5 s pause (cordon compiles its
content scanner at start-up), 100 warm-up calls per path, then ``--rounds`` rounds; in each
round every path makes ``--calls`` ``tools/call echo("hello")`` one at a time, the paths'
order rotating from round to round. "added" is the median over rounds of (path's p50 or p99
- direct's p50 or p99 in the same round). Large result: ``--big-reps`` times, each path in
turn (rotating), ``blob(10 MB)`` after ``--gap`` seconds of quiet, so each result comes
alone; the median time and MB/s. CPU: each proxy process's user+system CPU over the timed
echo calls, per call (``/proc/PID/stat``), with the server's and this client's for scale.
``--profile`` then runs cordon once more under cProfile for the echo calls and prints where
its time goes.
"""

from __future__ import annotations

import argparse
import json
import os
import pstats
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any, TextIO

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
console = Console(width=130)
MB = 1_000_000
SETTLE_S = 1.5
WARMUP = 100
CLK = os.sysconf("SC_CLK_TCK")

TARGET_ADDED_P50_MS = 1.0


# -- processes ----------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited (rc={proc.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), 0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server did not listen on {port}")


def children(pid: int) -> list[int]:
    """All descendants of ``pid`` (Linux ``/proc``)."""
    out: list[int] = []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            kids = Path(f"/proc/{pid}/task/{tid}/children").read_text().split()
        except OSError:
            continue
        for k in kids:
            out.append(int(k))
            out.extend(children(int(k)))
    return out


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def cpu_s(pids: list[int]) -> float:
    """User + system CPU seconds of ``pids`` so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / CLK


# -- paths ----------------------------------------------------------------------------------
def cordon_args(url: str, tmp: Path, name: str) -> list[str]:
    return [
        "-m",
        "cordon.cli",
        "run",
        "--url",
        url,
        "--name",
        name,
        "--policy",
        str(tmp / "policy.yaml"),
        "--audit",
        str(tmp / f"audit-{name}.jsonl"),
        "--approvals-store",
        str(tmp / "approvals.json"),
    ]


class Route:
    """One way for the SDK client to reach the tools, and the process(es) in between."""

    def __init__(self, label: str, transport: Any, match: str | None) -> None:
        self.label = label
        self.transport = transport
        self.match = match  # a string of the proxy's command line, to find its pid
        self.client: Client | None = None
        self.pids: list[int] = []
        self.version = ""
        self.p50: list[float] = []  # per round, ms
        self.p99: list[float] = []
        self.samples: list[float] = []
        self.cpu = 0.0
        self.big: list[float] = []  # seconds per 10 MB result

    async def echo(self) -> float:
        assert self.client is not None
        t0 = time.perf_counter()
        r = await self.client.call_tool("echo", {"text": "hello"})
        dt = time.perf_counter() - t0
        if r.is_error or r.content[0].text != "hello":  # type: ignore[union-attr]
            raise RuntimeError(f"{self.label}: echo answered {r!r}"[:400])
        return dt

    async def blob(self, size: int) -> float:
        assert self.client is not None
        t0 = time.perf_counter()
        r = await self.client.call_tool("blob", {"size": size})
        dt = time.perf_counter() - t0
        text = r.content[0].text if r.content else ""  # type: ignore[union-attr]
        if r.is_error or len(text) != size:
            raise RuntimeError(f"{self.label}: blob answered {len(text)} chars: {text[:300]!r}")
        return dt


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * q))]


def make_paths(
    url: str, tmp: Path, errlog: TextIO, ns: argparse.Namespace, env: dict[str, str]
) -> list[Route]:
    big = 64 * 1024 * 1024  # the SDK client's SSE event cap is 1 MiB by default
    paths = [Route("direct", streamable_http_client(url, max_sse_event_size=big), None)]
    remote = StdioServerParameters(
        command=str(ns.mcp_remote),
        args=[url, "--allow-http", "--transport", "http-only", "--silent"],
        env=env,
    )
    paths.append(Route("mcp-remote", stdio_client(remote, errlog=errlog), "mcp-remote"))
    cordon = StdioServerParameters(
        command=sys.executable, args=cordon_args(url, tmp, "remote-bench"), env=env
    )
    paths.append(Route("cordon", stdio_client(cordon, errlog=errlog), "cordon.cli"))
    if ns.src_b is not None:  # another tree's cordon, side by side under the same load
        env_b = {
            **env,
            "PYTHONPATH": os.pathsep.join(
                [str(ns.src_b), *env["PYTHONPATH"].split(os.pathsep)[1:]]
            ),
        }
        other = StdioServerParameters(
            command=sys.executable, args=cordon_args(url, tmp, "remote-bench-b"), env=env_b
        )
        paths.append(Route("cordon B", stdio_client(other, errlog=errlog), "cordon.cli"))
    if ns.stdio_ref:
        ref = StdioServerParameters(
            command=sys.executable, args=[str(ROOT / "bench" / "perf" / "sdk_server.py")], env=env
        )
        paths.append(Route("stdio ref", stdio_client(ref, errlog=errlog), "sdk_server.py"))
    return paths


async def timed_rounds(
    paths: list[Route], rounds: int, run: Callable[[Route, int], Awaitable[None]]
) -> None:
    for r in range(rounds):
        k = r % len(paths)
        for p in paths[k:] + paths[:k]:
            await run(p, r)


async def measure(ns: argparse.Namespace, url: str, tmp: Path, server_pid: int) -> dict[str, Any]:
    env = {**os.environ, "HOME": str(tmp / "home"), "PYTHONUNBUFFERED": "1"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ns.src), env.get("PYTHONPATH")) if p)
    errlog = (tmp / "stderr.log").open("w")
    paths = make_paths(url, tmp, errlog, ns, env)
    async with AsyncExitStack() as stack:
        before = set(children(os.getpid()))
        for p in paths:
            p.client = await stack.enter_async_context(Client(p.transport, mode=ns.mode))
            p.version = p.client.protocol_version
            await p.client.list_tools()
            new = [c for c in children(os.getpid()) if c not in before and c != server_pid]
            before |= set(new)
            if p.match:
                p.pids = [c for c in new if p.match in cmdline(c)]
                p.pids += [d for c in p.pids for d in children(c)]
        await anyio.sleep(SETTLE_S)
        for p in paths:
            for _ in range(WARMUP):
                await p.echo()

        mine = [os.getpid()]

        async def echo_round(p: Route, r: int) -> None:
            c0 = cpu_s(p.pids)
            ts = [await p.echo() for _ in range(ns.calls)]
            p.cpu += cpu_s(p.pids) - c0
            p.samples += ts
            p.p50.append(quantile(ts, 0.5) * 1e3)
            p.p99.append(quantile(ts, 0.99) * 1e3)

        s0, m0, t0 = cpu_s([server_pid]), cpu_s(mine), time.perf_counter()
        await timed_rounds(paths, ns.rounds, echo_round)
        wall = time.perf_counter() - t0
        n_calls = ns.rounds * ns.calls * len(paths)
        server_cpu = (cpu_s([server_pid]) - s0) / n_calls * 1e3
        client_cpu = (cpu_s(mine) - m0) / n_calls * 1e3

        size = int(ns.big_mb * MB)

        async def big_round(p: Route, r: int) -> None:
            await anyio.sleep(ns.gap)
            p.big.append(await p.blob(size))

        if ns.big_reps:
            for p in paths:  # each server caches the text on first use
                await p.blob(size)
            await timed_rounds(paths, ns.big_reps, big_round)
    errlog.close()
    return {
        "paths": paths,
        "server_cpu_ms_per_call": server_cpu,
        "client_cpu_ms_per_call": client_cpu,
        "wall_s": wall,
        "size": size,
    }


# -- report -----------------------------------------------------------------------------
def report(ns: argparse.Namespace, res: dict[str, Any]) -> dict[str, Any]:
    paths: list[Route] = res["paths"]
    by = {p.label: p for p in paths}
    d = by["direct"]
    n_calls = ns.rounds * ns.calls
    out: dict[str, Any] = {"rounds": ns.rounds, "calls_per_round": ns.calls, "paths": {}}
    t = Table(title=f"tools/call echo round trip, SDK client ({ns.rounds} rounds x {ns.calls})")
    for col in ("path", "protocol", "p50 ms", "p99 ms", "added p50", "added p99", "CPU ms/call"):
        t.add_column(col, justify="left" if col in ("path", "protocol") else "right")
    for p in paths:
        add50 = statistics.median(a - b for a, b in zip(p.p50, d.p50, strict=True))
        add99 = statistics.median(a - b for a, b in zip(p.p99, d.p99, strict=True))
        cpu = p.cpu / n_calls * 1e3 if p.pids else None
        row = {
            "protocol": p.version,
            "p50_ms": statistics.median(p.p50),
            "p99_ms": statistics.median(p.p99),
            "pooled_p50_ms": quantile(p.samples, 0.5) * 1e3,
            "pooled_p99_ms": quantile(p.samples, 0.99) * 1e3,
            "added_p50_ms": add50,
            "added_p99_ms": add99,
            "proxy_cpu_ms_per_call": cpu,
            "round_p50_ms": p.p50,
        }
        out["paths"][p.label] = row
        t.add_row(
            p.label,
            p.version,
            f"{row['p50_ms']:.3f}",
            f"{row['p99_ms']:.3f}",
            "-" if p is d else f"{add50:+.3f}",
            "-" if p is d else f"{add99:+.3f}",
            "-" if cpu is None else f"{cpu:.3f}",
        )
    console.print(t)
    versions = {p.version for p in paths}
    if len(versions) > 1:
        console.print(
            f"[red]the paths negotiated different protocol versions ({', '.join(sorted(versions))})"
            ": the SDK client falls back to initialize when server/discover takes over 10 s "
            "(a slow start under load); rerun, or pin one with --mode[/red]"
        )
    console.print(
        f"server CPU {res['server_cpu_ms_per_call']:.3f} ms/call, this client's "
        f"{res['client_cpu_ms_per_call']:.3f} ms/call (all paths); timed phase "
        f"{res['wall_s']:.1f} s. p50/p99 are medians over rounds of each round's figure."
    )

    if ns.big_reps:
        mb = res["size"] / MB
        t2 = Table(title=f"one {mb:g} MB text result (median of {ns.big_reps}, {ns.gap} s apart)")
        for col in ("path", "median s", "min s", "MB/s", "added s"):
            t2.add_column(col, justify="left" if col == "path" else "right")
        dmed = statistics.median(d.big)
        for p in paths:
            med = statistics.median(p.big)
            out["paths"][p.label].update(
                big_median_s=med, big_min_s=min(p.big), big_mb_s=mb / med, big_all_s=p.big
            )
            t2.add_row(
                p.label,
                f"{med:.3f}",
                f"{min(p.big):.3f}",
                f"{mb / med:.1f}",
                "-" if p is d else f"{med - dmed:+.3f}",
            )
        console.print(t2)

    c, r = out["paths"]["cordon"], out["paths"]["mcp-remote"]
    ratio = c["added_p50_ms"] / r["added_p50_ms"] if r["added_p50_ms"] > 0 else None
    out["ratio_cordon_over_mcp_remote_p50"] = ratio
    gap = statistics.median(
        a - b for a, b in zip(by["cordon"].p50, by["mcp-remote"].p50, strict=True)
    )
    out["cordon_minus_mcp_remote_p50_ms"] = gap
    ratio_text = f"ratio {ratio:.2f}" if ratio is not None else "ratio n/a: mcp-remote adds <= 0"
    verdicts = [
        (
            "cordon adds no more than mcp-remote (added p50)",
            c["added_p50_ms"] <= r["added_p50_ms"],
            f"cordon {c['added_p50_ms']:+.3f} ms vs mcp-remote {r['added_p50_ms']:+.3f} ms "
            f"({ratio_text}; cordon - mcp-remote {gap:+.3f} ms)",
        ),
        (
            "cordon adds no more than mcp-remote (added p99)",
            c["added_p99_ms"] <= r["added_p99_ms"],
            f"cordon {c['added_p99_ms']:+.3f} ms vs mcp-remote {r['added_p99_ms']:+.3f} ms",
        ),
        (
            f"cordon at most {TARGET_ADDED_P50_MS:g} ms p50 over direct",
            c["added_p50_ms"] <= TARGET_ADDED_P50_MS,
            f"{c['added_p50_ms']:+.3f} ms",
        ),
    ]
    if ns.big_reps:
        verdicts.append(
            (
                f"{res['size'] / MB:g} MB result: cordon no slower than mcp-remote",
                c["big_median_s"] <= r["big_median_s"],
                f"cordon {c['big_median_s']:.3f} s ({c['big_mb_s']:.0f} MB/s) vs mcp-remote "
                f"{r['big_median_s']:.3f} s ({r['big_mb_s']:.0f} MB/s)",
            )
        )
    t3 = Table(title="targets (issue 20)")
    for col in ("target", "verdict", "measured"):
        t3.add_column(col)
    out["targets"] = {}
    for name, ok, text in verdicts:
        out["targets"][name] = {"met": ok, "measured": text}
        t3.add_row(name, "[green]met[/green]" if ok else "[red]missed[/red]", text)
    console.print(t3)
    return out


# -- profile ------------------------------------------------------------------------------
async def profile_cordon(ns: argparse.Namespace, url: str, tmp: Path) -> None:
    prof = tmp / "cordon.prof"
    env = {**os.environ, "HOME": str(tmp / "home"), "PYTHONUNBUFFERED": "1"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ns.src), env.get("PYTHONPATH")) if p)
    args = ["-m", "cProfile", "-o", str(prof), *cordon_args(url, tmp, "remote-prof")]
    params = StdioServerParameters(command=sys.executable, args=args, env=env)
    calls = ns.rounds * ns.calls
    with (tmp / "stderr-prof.log").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode=ns.mode) as c:
            await c.list_tools()
            await anyio.sleep(SETTLE_S)
            for _ in range(calls):
                await c.call_tool("echo", {"text": "hello"})
    for _ in range(50):  # the profile is written as the process exits
        if prof.exists():
            break
        await anyio.sleep(0.1)
    if not prof.exists():
        console.print("[red]no profile written[/red]")
        return
    keep = HERE / "out" / "cordon.prof"
    keep.parent.mkdir(exist_ok=True)
    keep.write_bytes(prof.read_bytes())
    console.rule(f"cProfile of cordon run --url over {calls} echo calls (kept in {keep})")
    st = pstats.Stats(str(prof))
    buckets: dict[str, float] = {}
    for (file, _line, func), (_cc, _nc, tt, _ct, _callers) in st.stats.items():  # type: ignore[attr-defined]
        buckets[bucket(file, func)] = buckets.get(bucket(file, func), 0.0) + tt
    t = Table(title="own time by part (tottime, ms per echo call; start-up included)")
    t.add_column("part")
    t.add_column("ms/call", justify="right")
    for name, tt in sorted(buckets.items(), key=lambda kv: -kv[1]):
        t.add_row(name, f"{tt / calls * 1e3:.3f}")
    console.print(t)
    st.sort_stats("tottime").print_stats(30)
    st.sort_stats("cumulative").print_stats(40)


_PARTS = (
    ("HTTP client (httpx2, httpcore2, h11)", ("/httpx2/", "/httpcore2/", "/h11/")),
    ("anyio", ("/anyio/",)),
    ("asyncio loop", ("/asyncio/", "selectors.py")),
    ("cordon engine", ("/cordon/engine/",)),
    ("cordon audit", ("/cordon/audit/",)),
    ("cordon proxy", ("/cordon/proxy/",)),
    ("cordon, other", ("/cordon/",)),
    ("mcp SDK (header encoders)", ("/mcp/", "/mcp_types/")),
    ("imports (start-up)", ("<frozen", "/re/", "/typing.py", "/enum.py")),
)


def bucket(file: str, func: str) -> str:
    """The part of the process a profiled function belongs to."""
    if file == "~":
        if "poll" in func:
            return "waiting (epoll)"
        if "socket" in func or "posix.write" in func or "posix.read" in func:
            return "syscalls (socket, pipe)"
        if "compile" in func or "marshal" in func or "exec" in func:
            return "imports (start-up)"
        return "builtins"
    for name, marks in _PARTS:
        if any(m in file for m in marks):
            return name
    return "other Python"


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--calls", type=int, default=200, help="echo calls per path per round")
    ap.add_argument("--big-reps", type=int, default=7, help="large results per path (0: none)")
    ap.add_argument("--big-mb", type=float, default=10.0)
    ap.add_argument("--gap", type=float, default=0.5, help="quiet seconds before each")
    ap.add_argument(
        "--mode", default="auto", help="mcp.Client mode: auto (default), legacy or 2026-07-28"
    )
    ap.add_argument("--no-stdio-ref", dest="stdio_ref", action="store_false")
    ap.add_argument("--profile", action="store_true", help="then profile cordon (cProfile)")
    ap.add_argument("--mcp-remote", type=Path, default=ROOT / "node_modules/.bin/mcp-remote")
    ap.add_argument("--src", type=Path, default=ROOT / "src", help="the cordon tree to measure")
    ap.add_argument(
        "--src-b",
        type=Path,
        help="a second cordon tree, measured as the path 'cordon B' in the same run (A/B)",
    )
    ap.add_argument("--json", type=Path)
    ns = ap.parse_args()
    if not ns.mcp_remote.exists():
        console.print(f"[red]{ns.mcp_remote} not found: run `make setup` (npm ci)[/red]")
        return 2
    version = json.loads(
        (ns.mcp_remote.resolve().parents[1] / "package.json").read_text("utf-8")
    ).get("version")
    console.print(
        f"mcp-remote {version}, node {subprocess.check_output(['node', '--version']).decode().strip()}"
        f", cordon from {ns.src}"
        + (f", cordon B from {ns.src_b}" if ns.src_b else "")
        + f", {os.cpu_count()} CPUs, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    with tempfile.TemporaryDirectory(prefix="cordon-remote-bench-") as td:
        tmp = Path(td)
        (tmp / "home").mkdir()
        (tmp / "policy.yaml").write_text("version: 1\n", "utf-8")
        port = free_port()
        url = f"http://127.0.0.1:{port}/mcp"
        server = subprocess.Popen(
            [sys.executable, str(HERE / "server.py"), str(port)],
            stdout=subprocess.DEVNULL,
            stderr=(tmp / "server.log").open("w"),
        )
        try:
            wait_port(port, server)
            res = anyio.run(measure, ns, url, tmp, server.pid)
            out = report(ns, res)
            out["load_average_after"] = os.getloadavg()
            console.print(
                "load average after: " + " ".join(f"{x:.2f}" for x in out["load_average_after"])
            )
            if ns.profile:
                anyio.run(profile_cordon, ns, url, tmp)
        finally:
            server.terminate()
            server.wait(10)
    if ns.json:
        out["mcp_remote_version"] = version
        ns.json.write_text(json.dumps(out, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
