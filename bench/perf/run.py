"""What cordon costs: round-trip latency, large-result throughput, engine and scanner speed.

    .venv/bin/python bench/perf/run.py [--calls 3000] [--rounds 1] [--quick] [--profile]
                                       [--only latency|throughput|engine] [--src DIR]
                                       [--json out.json]

Every figure is measured in this run next to its baseline and printed as a ratio:

1. tools/call round trip, direct vs through ``cordon run`` (p50, p99, added median), for a raw
   JSON-RPC echo server and for the official SDK server, with bouncer-mcp 0.1.4 as a peer row
   when ``.venv-peers/bin/bouncer`` exists (``pip install --ignore-requires-python
   bouncer-mcp==0.1.4`` into ``.venv-peers``).
2. Throughput of 1 MB and 10 MB text results, direct vs proxied (MB/s), output recording on,
   and a longer stream of 10 MB results back to back (``--stream N``, default 20), whose
   second half shows the steady state: each result delivered first, its recording a job in
   the decision queue, so a stream with no pause is as fast as delivery plus recording.
3. Engine decision time (``Session.check``) after observing 1 KB ... 100 MB of output: a send
   to a new address (a different, never-seen address in every timed check, as
   ``engine_check.py`` does), a send to an address seen in the output, a call with no sink.
4. Content-scan MB/s (``cordon.content.scan_text``) next to a ``str.lower`` pass on the same
   text as the machine's baseline.

The driver speaks raw newline-delimited JSON-RPC over pipes (no SDK client), so the figures
are the transport plus whatever sits in the middle. ``--src DIR`` measures the cordon in DIR
(another commit's worktree ``src``) instead of this checkout's; ``ab.py`` and
``ab_throughput.py`` interleave several trees in one run. ``--profile`` reruns the echo latency
test with the proxy under cProfile and prints where its time goes.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
#: the cordon tree measured (``--src``); the proxies run it through PYTHONPATH
SRC = ROOT / "src"

from blobtext import blob_text  # noqa: E402

console = Console(width=130)
PEER_BOUNCER = ROOT / ".venv-peers" / "bin" / "bouncer"
MB = 1_000_000


def cordon_command() -> list[str]:
    exe = Path(sys.executable).parent / "cordon"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "cordon.cli"]


def cordon_run(
    policy: Path, tmp: Path, name: str, upstream: list[str], flags: list[str] | None = None
) -> list[str]:
    """``cordon run`` of whatever ``cordon`` the PYTHONPATH gives (an A/B variant's ``src``),
    with ``policy``, its own audit log ``tmp/audit-NAME.jsonl``, ``flags``, in front of
    ``upstream``."""
    return [
        sys.executable,
        "-m",
        "cordon.cli",
        "run",
        "--policy",
        str(policy),
        "--audit",
        str(tmp / f"audit-{name}.jsonl"),
        "--approvals-store",
        str(tmp / "approvals.json"),
        *(flags or []),
        "--",
        *upstream,
    ]


def variant(spec: str, env: dict[str, str]) -> tuple[str, dict[str, str], list[str]]:
    """An A/B variant ``NAME=SRC[:K=V,...]``: its name, ``env`` with SRC first on the
    PYTHONPATH and the K=V added, and the ``cordon run`` flags among them (a K that starts with
    ``--``: ``warn=src:--content=warn``)."""
    name, _, rest = spec.partition("=")
    src, _, extra = rest.partition(":")
    env = {**env, "PYTHONPATH": str(Path(src).resolve())}
    flags: list[str] = []
    for kv in filter(None, extra.split(",")):
        k, _, v = kv.partition("=")
        if k.startswith("--"):
            flags += [k, v]
        else:
            env[k] = v
    return name, env, flags


#: ``warm_home(filters_mb=...)``'s second step, run by the tree under test: sanitise
#: ``FILTER_AFTER`` prose results as the echo server's ``blob`` tool sends them (new addresses
#: in each), then wait for the rule filters they asked for (compiled into the disk cache)
_WARM_FILTERS = """
import sys
sys.path.insert(0, %r)
from blobtext import blob_text
try:
    from cordon.content import _accel
    from cordon.content.sanitize import evaluate_result
    _accel.want_filters
except (ImportError, AttributeError):  # a tree without rule filters
    raise SystemExit(0)
text = blob_text(%d)
for i in range(max(1, _accel.FILTER_AFTER)):
    one = text.replace(".example.", ".w%%06x." %% i)
    evaluate_result({"content": [{"type": "text", "text": one}]}, mode="warn")
_accel.want_filters(list(_accel._filter_done), wait=True)
"""


def warm_home(env: dict[str, str], filters_mb: float = 0) -> None:
    """Compile the content scanner's Hyperscan databases into the home of ``env`` (its
    ``~/.cordon/cache``) with the tree its PYTHONPATH names, before anything is timed: a
    ``cordon run`` then loads them, as every run after a user's first does. The compile is
    about 3 s of CPU since issue 22's rules; done by the first timed proxy instead, it ran on
    a thread through that proxy's first round and took the GIL from the calls measured (a
    tree without the cache or ``warm(wait=...)`` compiles in each proxy, as before).

    ``filters_mb``: also the rule filters a stream of prose results of that many MB asks for
    (``content/_accel.py``, ``FILTER_AFTER``), as a user's cache holds them after their first
    such results: without them a new proxy's first results search those windows with ``re``
    alone, about three times the scan (``bench/perf/README.md``, "The scan stage's warm-up")."""
    code = "from cordon.content import warm\ntry:\n    warm(wait=True)\nexcept TypeError:\n    pass"
    subprocess.run([sys.executable, "-c", code], env=env, check=False, timeout=300)
    if filters_mb:
        code = _WARM_FILTERS % (str(HERE), int(filters_mb * MB))
        subprocess.run([sys.executable, "-c", code], env=env, check=False, timeout=600)


def base_env(home: Path) -> dict[str, str]:
    env = {**os.environ, "HOME": str(home), "PYTHONUNBUFFERED": "1"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    return env


class RawClient:
    """A minimal MCP client: one subprocess, newline-delimited JSON-RPC over its pipes."""

    def __init__(self, cmd: list[str], env: dict[str, str], stderr: Any = subprocess.DEVNULL):
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, env=env, bufsize=0
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.w = self.proc.stdin
        # bufsize=0 gives a raw pipe, whose readline reads a byte at a time: buffer the reads
        self.r = io.BufferedReader(self.proc.stdout, 1 << 20)  # type: ignore[arg-type]
        self.next_id = 0

    def send(self, line: bytes) -> None:
        self.w.write(line)

    def recv_for(self, rid: int) -> bytes:
        """Read lines until the response to ``rid`` (notifications are skipped)."""
        key = b'"id":' + str(rid).encode()
        while True:
            line = self.r.readline()
            if not line:
                raise RuntimeError(f"server closed the pipe (rc={self.proc.poll()})")
            if len(line) < 65536:
                msg = json.loads(line)
                if msg.get("id") == rid and "method" not in msg:
                    return line
            elif key in line[:256] or key in line[-256:]:
                return line

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}
        self.send(json.dumps(msg).encode() + b"\n")
        return json.loads(self.recv_for(self.next_id))

    def call_line(self, name: str, arguments: dict[str, Any]) -> tuple[int, bytes]:
        self.next_id += 1
        msg = {
            "jsonrpc": "2.0",
            "id": self.next_id,
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments},
        }
        return self.next_id, json.dumps(msg, separators=(",", ":")).encode() + b"\n"

    def handshake(self) -> list[str]:
        init = self.request(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "perf", "version": "1"},
            },
        )
        if "result" not in init:
            raise RuntimeError(f"initialize failed: {init}")
        self.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        tools = self.request("tools/list")
        return [t["name"] for t in tools["result"]["tools"]]

    def close(self) -> None:
        try:
            self.w.close()
        except OSError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            self.proc.wait(5)


@dataclass
class Target:
    label: str
    cmd: list[str]
    env: dict[str, str]


SETTLE_S = 1.5
"""Pause after the handshake, before the warm-up calls: ``cordon run`` compiles the content
scanner's Hyperscan database on a background thread at start-up (about 0.5 s of one core),
and the round trip is measured once that is done, as a long-running proxy would be."""


def _proc_cpu_s(pid: int) -> float:
    """User plus system CPU seconds of a live process (``/proc/PID/stat``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def latency(
    target: Target, calls: int, warmup: int = 200, settle: float = SETTLE_S
) -> dict[str, float]:
    c = RawClient(target.cmd, target.env)
    try:
        c.handshake()
        time.sleep(settle)
        times: list[int] = []
        cpu0 = 0.0
        for i in range(warmup + calls):
            if i == warmup:
                cpu0 = _proc_cpu_s(c.proc.pid)
            rid, line = c.call_line("echo", {"text": "hello"})
            t0 = time.perf_counter_ns()
            c.send(line)
            resp = c.recv_for(rid)
            dt = time.perf_counter_ns() - t0
            if i == 0 and b'"isError":true' in resp:
                raise RuntimeError(f"{target.label}: echo was refused: {resp[:300]!r}")
            if i >= warmup:
                times.append(dt)
        cpu = _proc_cpu_s(c.proc.pid) - cpu0
    finally:
        c.close()
    times.sort()
    return {
        # CPU time of the process the client started (the proxy; not its upstream) per call
        "cpu_ms": cpu / calls * 1000,
        "p50_ms": times[len(times) // 2] / 1e6,
        "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))] / 1e6,
        "mean_ms": statistics.fmean(times) / 1e6,
    }


def throughput(target: Target, size: int, reps: int) -> dict[str, float]:
    c = RawClient(target.cmd, target.env)
    try:
        c.handshake()
        # first call builds and caches the blob in the server; not timed
        rid, line = c.call_line("blob", {"size": size})
        c.send(line)
        first = c.recv_for(rid)
        if b'"isError":true' in first[-200:] or b'"error"' in first[:80]:
            raise RuntimeError(f"{target.label}: blob refused: {first[:300]!r}")
        got = len(first)
        times = []
        for _ in range(reps):
            rid, line = c.call_line("blob", {"size": size})
            t0 = time.perf_counter()
            c.send(line)
            resp = c.recv_for(rid)
            times.append(time.perf_counter() - t0)
            got = len(resp)
    finally:
        c.close()
    t = statistics.median(times)
    total = sum(times)
    return {
        "s": t,
        "mb_s": size / MB / t,
        "sustained_mb_s": size * len(times) / MB / total,
        "max_s": max(times),
        "bytes": got,
    }


def stream(target: Target, size: int, reps: int) -> dict[str, float]:
    """``reps`` results of ``size`` back to back with no pause, after an untimed first one
    (as :func:`throughput`, but long enough to show the steady state): MB/s over the whole
    stream, over its second half (the steady state, when every result delivered must be
    matched by about one result's recording, whatever the proxy queues or defers), and the
    slowest call."""
    times = blob_times(target, size, reps)
    half = times[len(times) // 2 :]
    return {
        "stream_mb_s": size * len(times) / MB / sum(times),
        "steady_mb_s": size * len(half) / MB / sum(half),
        "stream_max_s": max(times),
    }


def blob_times(
    target: Target,
    size: int,
    reps: int,
    pause: float = 0.0,
    gap: float = 0.0,
    cpu_s: list[float] | None = None,
) -> list[float]:
    """Seconds per call of ``reps`` back-to-back ``blob(size)`` calls on one connection,
    after the handshake, ``pause`` seconds, and one untimed call that builds the blob; with
    ``gap``, that many seconds before each timed call (each result then comes alone, the
    recording of the one before done). ``cpu_s`` gets the CPU seconds of the process the
    client started (the proxy, its threads included) from the untimed call's answer to the
    last answer."""
    c = RawClient(target.cmd, target.env)
    try:
        c.handshake()
        time.sleep(pause)
        rid, line = c.call_line("blob", {"size": size})
        c.send(line)
        c.recv_for(rid)
        cpu0 = _proc_cpu_s(c.proc.pid)
        times = []
        for _ in range(reps):
            time.sleep(gap)
            rid, line = c.call_line("blob", {"size": size})
            t0 = time.perf_counter()
            c.send(line)
            c.recv_for(rid)
            times.append(time.perf_counter() - t0)
        if cpu_s is not None:
            cpu_s.append(_proc_cpu_s(c.proc.pid) - cpu0)
    finally:
        c.close()
    return times


def after_result(target: Target, size: int, reps: int = 5) -> dict[str, float]:
    """How long a call takes right after a large result, when it does not read the session's
    history (``blob`` of one byte) and when it does (``echo``, declared a sending tool in this
    target's policy): the second waits for the recording of the result (taint index, scan),
    queued before it."""
    c = RawClient(target.cmd, target.env)
    out: dict[str, list[float]] = {"plain_ms": [], "send_ms": []}
    try:
        c.handshake()
        for i in range(reps + 1):
            for kind in ("plain_ms", "send_ms"):
                time.sleep(0.2)  # a pause, as an agent's turn makes: earlier results get recorded
                rid, line = c.call_line("blob", {"size": size})
                c.send(line)
                c.recv_for(rid)
                if kind == "plain_ms":
                    rid, line = c.call_line("blob", {"size": 1})
                else:
                    to = f"someone{i}@fresh-domain.example.net"
                    rid, line = c.call_line("echo", {"text": "hello", "to": to})
                t0 = time.perf_counter()
                c.send(line)
                c.recv_for(rid)
                if i:  # the first round warms up
                    out[kind].append((time.perf_counter() - t0) * 1e3)
    finally:
        c.close()
    return {k: statistics.median(v) for k, v in out.items()}


# -- targets ----------------------------------------------------------------------------
def targets(tmp: Path, upstream: list[str], tag: str) -> dict[str, Target]:
    home = tmp / f"home-{tag}"
    home.mkdir(exist_ok=True)
    env = base_env(home)
    out = {"direct": Target(f"{tag} direct", upstream, env)}
    policy = tmp / "policy.yaml"
    policy.write_text("version: 1\n", "utf-8")
    cordon = [
        *cordon_command(),
        "run",
        "--name",
        f"perf-{tag}",
        "--policy",
        str(policy),
        "--audit",
        str(tmp / f"audit-{tag}.jsonl"),
        "--approvals-store",
        str(tmp / "approvals.json"),
        "--",
        *upstream,
    ]
    out["cordon"] = Target(f"{tag} via cordon", cordon, env)
    if PEER_BOUNCER.exists():
        out["bouncer-mcp 0.1.4"] = bouncer_target(tmp, upstream, tag, env)
    return out


def bouncer_target(tmp: Path, upstream: list[str], tag: str, env: dict[str, str]) -> Target:
    """``bouncer run`` (bouncer-mcp 0.1.4, from ``.venv-peers``) in front of ``upstream``."""
    cfg = tmp / f"bouncer-{tag}.json"
    cfg.write_text(
        json.dumps({"mcpServers": {tag: bouncer_entry(cfg, tag, upstream)}}),
        "utf-8",
    )
    benv = {**env, "PATH": f"{PEER_BOUNCER.parent}{os.pathsep}{env.get('PATH', '')}"}
    benv.pop("PYTHONPATH", None)
    cmd = [str(PEER_BOUNCER), "run", "--config", str(cfg), "--upstream-name", tag]
    return Target(f"{tag} via bouncer-mcp", cmd, benv)


SENDS = "raw echo, each call a send"


def with_sink_policy(tmp: Path, t: Target) -> Target:
    """``t`` with a policy that declares ``echo`` a sending tool (sink ``to``)."""
    policy = tmp / "policy-sink.yaml"
    policy.write_text("version: 1\ntools:\n  echo: {sink_params: [to]}\n", "utf-8")
    cmd = [str(policy) if x == str(tmp / "policy.yaml") else x for x in t.cmd]
    return Target(f"{t.label}, echo a send", cmd, t.env)


def bouncer_entry(cfg: Path, tag: str, upstream: list[str]) -> dict[str, Any]:
    """A client-config entry as ``bouncer init`` writes it (the upstream under its sentinel)."""
    return {
        "command": str(PEER_BOUNCER),
        "args": ["run", "--config", str(cfg), "--upstream-name", tag],
        "x-bouncer-upstream": {"command": upstream[0], "args": upstream[1:]},
    }


def check_target(t: Target) -> str | None:
    """None when the target answers an echo call, else why not."""
    try:
        c = RawClient(t.cmd, t.env, stderr=subprocess.PIPE)
        try:
            names = c.handshake()
            if "echo" not in names:
                return f"tools/list lacks echo: {names}"
            rid, line = c.call_line("echo", {"text": "x"})
            c.send(line)
            resp = c.recv_for(rid)
            if b'"isError":true' in resp or b'"error"' in resp[:80]:
                return f"echo refused: {resp[:200].decode(errors='replace')}"
        finally:
            c.close()
    except (RuntimeError, OSError, KeyError, json.JSONDecodeError) as exc:
        err = b""
        if c.proc.stderr is not None:
            err = c.proc.stderr.read()[-400:]
        return f"{exc}: {err.decode(errors='replace')}"
    return None


# -- engine -----------------------------------------------------------------------------
SEND = {
    "name": "send_email",
    "description": "Send an email.",
    "inputSchema": {
        "type": "object",
        "properties": {"to": {"type": "string"}, "body": {"type": "string"}},
    },
}
READ = {
    "name": "read_inbox",
    "description": "Read mail.",
    "inputSchema": {"type": "object", "properties": {}},
}


def fresh_send(i: int) -> dict[str, Any]:
    """The arguments of the ``i``-th send to an address never seen (as ``engine_check.py``):
    repeating one address would let per-string caches answer, as no real agent's calls do."""
    return {"to": f"someone.new{i}@fresh-domain{i % 50}.example.net", "body": f"hello {i}"}


def engine_bench(sizes: list[int], checks: int) -> list[dict[str, Any]]:
    from cordon.engine.core import Engine

    rows = []
    for size in sizes:
        eng = Engine.from_policy(
            [
                {
                    "version": 1,
                    "taint_memory_bytes": 512 * 1024 * 1024,
                    "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}},
                }
            ]
        )
        eng.pin_tools([SEND, READ])
        s = eng.new_session()
        text = blob_text(size)
        # observe in 1 MB results (a session sees many results, not one giant one)
        chunk = 1_000_000
        t0 = time.perf_counter()
        for off in range(0, len(text), chunk):
            s.observe_output("read_inbox", text[off : off + chunk])
        observe_s = time.perf_counter() - t0
        tainted = {"to": "user1@mail1.example.com", "body": "hello"}
        v_fresh = s.check("send_email", fresh_send(-1))
        v_taint = s.check("send_email", tainted)

        def timed(make: Callable[[int], dict[str, Any]], tool: str = "send_email") -> float:
            ts = []
            for i in range(checks):
                args = make(i)
                t = time.perf_counter_ns()
                s.check(tool, args)
                ts.append(time.perf_counter_ns() - t)
            return statistics.median(ts) / 1e3

        rows.append(
            {
                "history_bytes": size,
                "observe_mb_s": size / MB / observe_s if observe_s else 0.0,
                "check_new_dest_us": timed(fresh_send),
                "new_dest_verdict": f"{v_fresh.verdict} {v_fresh.rule}",
                "check_tainted_dest_us": timed(lambda _: tainted),
                "tainted_verdict": f"{v_taint.verdict} {v_taint.rule}",
                "check_plain_us": timed(lambda _: {}, "read_inbox"),
            }
        )
        s = text = eng = None  # free the history before the next size
    return rows


def scan_bench(size: int) -> dict[str, float]:
    from cordon.content import scan_text, warm

    warm(wait=True)  # as `cordon run` does at start-up
    text = blob_text(size)
    scan_text(text[:4096])
    t0 = time.perf_counter()
    for _ in range(3):
        text.lower()
    base = size * 3 / MB / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    n = len(scan_text(text))
    dt = time.perf_counter() - t0
    return {"scan_mb_s": size / MB / dt, "lower_mb_s": base, "findings": n}


# -- profiling --------------------------------------------------------------------------
def profile_proxy(tmp: Path, upstream: list[str], calls: int) -> None:
    prof = tmp / "proxy.prof"
    policy = tmp / "policy.yaml"
    cmd = [
        sys.executable,
        "-m",
        "cProfile",
        "-o",
        str(prof),
        "-m",
        "cordon.cli",
        "run",
        "--name",
        "perf-prof",
        "--policy",
        str(policy),
        "--audit",
        str(tmp / "audit-prof.jsonl"),
        "--approvals-store",
        str(tmp / "approvals.json"),
        "--",
        *upstream,
    ]
    home = tmp / "home-prof"
    home.mkdir(exist_ok=True)
    # the scanner's databases compiled first (as ab.py does): a proxy that compiles them
    # runs the compile thread through the profiled calls, which then wait for the GIL
    warm_home(base_env(home))
    latency(Target("profiled", cmd, base_env(home)), calls)
    if not prof.exists():
        console.print("[red]no profile written[/red]")
        return
    console.rule(f"cProfile of cordon run over {calls} echo calls (top by own time)")
    st = pstats.Stats(str(prof))
    st.sort_stats("tottime").print_stats(25)


# -- main -------------------------------------------------------------------------------
def main() -> int:
    global SRC
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--calls", type=int, default=3000, help="timed echo calls per target")
    ap.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="latency: run every path this many times, interleaved, and report medians",
    )
    ap.add_argument("--quick", action="store_true", help="fewer calls and sizes (CI smoke)")
    ap.add_argument("--profile", action="store_true", help="profile the proxy under cProfile")
    ap.add_argument("--json", type=Path, help="also write the figures as JSON")
    ap.add_argument("--skip-engine", action="store_true")
    ap.add_argument(
        "--stream",
        type=int,
        default=20,
        metavar="N",
        help="throughput: also time N 10 MB results back to back (0: skip; default 20)",
    )
    ap.add_argument(
        "--only",
        choices=("latency", "throughput", "engine"),
        help="run only the round trip, the large results, or the engine and scan tables",
    )
    ap.add_argument(
        "--src",
        type=Path,
        default=SRC,
        help="the cordon source tree to measure (default: this checkout's src)",
    )
    ns = ap.parse_args()
    SRC = ns.src.resolve()
    sys.path.insert(0, str(SRC))
    calls = 300 if ns.quick else ns.calls
    results: dict[str, Any] = {"python": sys.version.split()[0], "calls": calls}
    tmp = Path(tempfile.mkdtemp(prefix="cordon-perf-"))
    try:
        servers = {
            "raw echo": [sys.executable, str(HERE / "echo_server.py")],
            "mcp SDK": [sys.executable, str(HERE / "sdk_server.py")],
        }
        # 1. latency
        rounds = max(1, ns.rounds)
        title = f"tools/call round trip ({calls} calls after 200 warm-up; ms)"
        if rounds > 1:
            title += f"; medians of {rounds} interleaved rounds, added p50 per round"
        if ns.only in ("throughput", "engine"):
            servers_lat: dict[str, list[str]] = {}
        else:
            servers_lat = servers
        lat = Table(title=title)
        for col in ("upstream", "path", "p50", "p99", "mean", "added p50", "p50 ratio"):
            lat.add_column(col, justify="right" if col not in ("upstream", "path") else "left")
        results["latency"] = {}
        if servers_lat:
            # every echo call a send (a declared sink it does not fill): each decision reads
            # the taint index and the secrets, so it first records the previous result
            servers_lat = {**servers_lat, SENDS: servers_lat["raw echo"]}
        for sname, up in servers_lat.items():
            tg = targets(tmp, up, sname.replace(" ", "-").replace(",", ""))
            if sname == SENDS:
                tg = {"direct": tg["direct"], "cordon": with_sink_policy(tmp, tg["cordon"])}
            runs: dict[str, list[dict[str, float]]] = {}
            for path, t in tg.items():
                why = check_target(t)
                if why is not None:
                    lat.add_row(sname, path, "-", "-", "-", "-", f"did not run: {why[:60]}")
                    results["latency"][f"{sname}/{path}"] = {"error": why}
                    continue
                runs[path] = []
            # rounds interleave the paths: the machine drifts between fast and slow spells
            # (scheduling on 2 vCPUs), and a direct run and a proxied run should share one
            for _ in range(rounds):
                for path in runs:
                    runs[path].append(latency(tg[path], calls))
            base_path = next(iter(runs), None)
            for path, rs in runs.items():
                r = {k: statistics.median(x[k] for x in rs) for k in rs[0]}
                added = statistics.median(
                    x["p50_ms"] - b["p50_ms"] for x, b in zip(rs, runs[base_path])
                )
                r["added_p50_ms"] = added
                if rounds > 1:
                    r["rounds_p50_ms"] = [x["p50_ms"] for x in rs]
                results["latency"][f"{sname}/{path}"] = r
                base_p50 = statistics.median(x["p50_ms"] for x in runs[base_path])
                lat.add_row(
                    sname,
                    path,
                    f"{r['p50_ms']:.3f}",
                    f"{r['p99_ms']:.3f}",
                    f"{r['mean_ms']:.3f}",
                    f"{added:+.3f}",
                    f"{r['p50_ms'] / base_p50:.2f}x",
                )
        if servers_lat:
            console.print(lat)

        # 2. throughput
        sizes = [1 * MB] if ns.quick else [1 * MB, 10 * MB]
        if ns.only in ("latency", "engine"):
            sizes = []
        thr = Table(title="Large text results through the raw echo server (median of reps; MB/s)")
        for col in (
            "size",
            "path",
            "seconds (median)",
            "MB/s (median)",
            "MB/s (sum of reps)",
            "slowest rep (s)",
            "ratio to direct",
        ):
            thr.add_column(col, justify="right" if col not in ("path",) else "left")
        results["throughput"] = {}
        tg = targets(tmp, servers["raw echo"], "thr")
        sink_target = with_sink_policy(tmp, tg["cordon"])
        for size in sizes:
            base = None
            for path, t in tg.items():
                reps = 5 if size >= 10 * MB else 15
                try:
                    r = throughput(t, size, reps)
                except RuntimeError as exc:
                    thr.add_row(
                        f"{size // MB} MB", path, "-", "-", "-", "-", f"failed: {str(exc)[:60]}"
                    )
                    results["throughput"][f"{size}/{path}"] = {"error": str(exc)}
                    continue
                results["throughput"][f"{size}/{path}"] = r
                if base is None:
                    base = r
                thr.add_row(
                    f"{size // MB} MB",
                    path,
                    f"{r['s']:.4f}",
                    f"{r['mb_s']:.1f}",
                    f"{r['sustained_mb_s']:.1f}",
                    f"{r['max_s']:.4f}",
                    f"{r['mb_s'] / base['mb_s']:.2f}",
                )
        if sizes:
            console.print(thr)
            if ns.stream > 0 and not ns.quick:
                for path in ("direct", "cordon"):
                    st = stream(tg[path], 10 * MB, ns.stream)
                    results["throughput"][f"stream/{path}"] = {"reps": ns.stream, **st}
                    console.print(
                        f"{path}: {ns.stream} x 10 MB back to back: {st['stream_mb_s']:.1f} MB/s "
                        f"over the stream, {st['steady_mb_s']:.1f} MB/s over its second half "
                        f"(steady state), slowest call {st['stream_max_s']:.3f} s"
                    )
            ar = after_result(sink_target, sizes[-1])
            results["after_result"] = {"size": sizes[-1], **ar}
            console.print(
                f"Through cordon, right after a {sizes[-1] // MB} MB result (median of 5): a call "
                f"that reads no history {ar['plain_ms']:.2f} ms; a send (taint lookup, secrets), "
                f"which first records the deferred result, {ar['send_ms']:.1f} ms"
            )

        # 3. engine
        if not ns.skip_engine and ns.only in (None, "engine"):
            hsizes = (
                [1_000, 100_000, 1 * MB, 10 * MB]
                if ns.quick
                else [1_000, 100_000, 1 * MB, 10 * MB, 100 * MB]
            )
            rows = engine_bench(hsizes, 200 if ns.quick else 1000)
            results["engine"] = rows
            et = Table(title="Engine: Session.check (median µs) after observing N bytes of output")
            for col in (
                "history",
                "observe MB/s",
                "send, new dest",
                "send, tainted dest",
                "no sink",
                "ratio to 1 KB",
                "verdicts (new / tainted)",
            ):
                et.add_column(col, justify="left" if col.startswith("verdicts") else "right")
            b = rows[0]["check_new_dest_us"]
            for r in rows:
                h = r["history_bytes"]
                label = f"{h // MB} MB" if h >= MB else f"{h // 1000} KB"
                et.add_row(
                    label,
                    f"{r['observe_mb_s']:.1f}",
                    f"{r['check_new_dest_us']:.1f}",
                    f"{r['check_tainted_dest_us']:.1f}",
                    f"{r['check_plain_us']:.1f}",
                    f"{r['check_new_dest_us'] / b:.2f}x",
                    f"{r['new_dest_verdict']} / {r['tainted_verdict']}",
                )
            console.print(et)
            sc = scan_bench(10 * MB if not ns.quick else MB)
            results["scan"] = sc
            st = Table(title="Content scan of 10 MB of mixed text")
            for col in ("scan_text MB/s", "str.lower MB/s (baseline)", "ratio", "findings"):
                st.add_column(col, justify="right")
            st.add_row(
                f"{sc['scan_mb_s']:.1f}",
                f"{sc['lower_mb_s']:.1f}",
                f"{sc['scan_mb_s'] / sc['lower_mb_s']:.3f}",
                str(sc["findings"]),
            )
            console.print(st)

        # targets from issues 2 and 19
        lat_r = results["latency"]
        added = None
        if "error" not in lat_r.get("raw echo/cordon", {"error": 1}):
            added = lat_r["raw echo/cordon"]["added_p50_ms"]
        t10 = results["throughput"].get(f"{10 * MB}/cordon", {})
        verdicts = []
        if ns.only in (None, "latency"):
            verdicts.append(
                (
                    "added median round trip <= 0.15 ms",
                    added is not None and added <= 0.15,
                    f"{added:.3f} ms" if added is not None else "n/a",
                )
            )
        if not ns.quick and ns.only in (None, "throughput"):
            verdicts.append(
                (
                    "10 MB results >= 100 MB/s through cordon",
                    t10.get("mb_s", 0) >= 100,
                    f"{t10.get('mb_s', 0):.1f} MB/s",
                )
            )
        steady = results["throughput"].get("stream/cordon", {}).get("steady_mb_s")
        if steady is not None:
            verdicts.append(
                ("10 MB stream, second half >= 50 MB/s", steady >= 50, f"{steady:.1f} MB/s")
            )
        if results.get("engine"):
            worst = max(r["check_new_dest_us"] for r in results["engine"])
            verdicts.append(
                ("engine decision, a new address, <= 50 us", worst <= 50, f"{worst:.1f} us worst")
            )
        results["targets"] = {name: {"met": ok, "value": val} for name, ok, val in verdicts}
        for name, ok, val in verdicts:
            console.print(
                ("[green]MET [/green] " if ok else "[bold red]MISS[/bold red] ") + f"{name}: {val}"
            )
        if ns.profile:
            profile_proxy(tmp, servers["raw echo"], min(calls, 2000))
        if ns.json:
            ns.json.write_text(json.dumps(results, indent=2), "utf-8")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def echo_variants(variants: list[str], prefix: str) -> dict[str, Target]:
    """``cordon run`` with an empty policy in front of ``echo_server.py``, one per
    ``NAME=SRC`` (cordon from the ``src`` tree SRC), each with its own home: the targets of
    ``idle.py`` and ``start_time.py``."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    policy = tmp / "policy.yaml"
    policy.write_text("version: 1\n", "utf-8")
    up = [sys.executable, str(Path(__file__).resolve().parent / "echo_server.py")]
    targets = {}
    for spec in variants:
        name, _, src = spec.partition("=")
        home = tmp / f"home-{name}"
        home.mkdir()
        env = {**base_env(home), "PYTHONPATH": str(Path(src).resolve())}
        targets[name] = Target(name, cordon_run(policy, tmp, name, up), env)
    return targets


if __name__ == "__main__":
    sys.exit(main())
