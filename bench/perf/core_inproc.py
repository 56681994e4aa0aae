"""cordon's own work per tools/call, without pipes: the real proxy core, session, decider and
audit log driven in one thread, with an in-memory echo upstream.

    .venv/bin/python bench/perf/core_inproc.py [--calls 5000] [--runs 3] [--profile]
                                               [--content monitor|warn|block]

What ``bench/perf/ab.py`` measures end to end is this plus the hand-offs between processes
(``ab.py --floor`` measures those alone). Each call is ``tools/call echo("hello")`` with an
empty policy and the client's shared taint store on, as ``cordon run`` has them; the upstream
answers inside the same thread (``cordon.proxy.memory.MemoryTransport``); the audit records
are written to a real hash-chained log file. Each result is recorded (and in warn and block
mode scanned) before the next call, in every mode. ``--content``: the content mode (the
policy's default, ``warn``, when not given). ``--vary``: ``echo("hello N")``, a different text
in every call, so that no per-string memo answers for the result's text. Prints the median and the minimum per call of
each run, and the CPU time per call (a mean over the run: what a loaded machine's preemption
does not change). Timing starts once the content scanner's databases are compiled (as in a
long-running proxy). ``--profile`` then prints ``cProfile``'s top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

TOOLS = [
    {
        "name": "echo",
        "description": "Echo text",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
    }
]


def _upstream(raw: bytes) -> list[bytes]:
    m = orjson.loads(raw)
    if "id" not in m:
        return []
    if m["method"] == "initialize":
        info = {"name": "echo", "version": "1"}
        result: dict[str, Any] = {
            "protocolVersion": "2025-06-18",
            "capabilities": {"tools": {}},
            "serverInfo": info,
        }
    elif m["method"] == "tools/list":
        result = {"tools": TOOLS}
    else:
        text = m["params"]["arguments"]["text"]
        result = {"content": [{"type": "text", "text": text}]}
    return [orjson.dumps({"jsonrpc": "2.0", "id": m["id"], "result": result})]


def _transport(home: Path, content: str | None) -> Any:
    from cordon.approvals.codes import CodeStore
    from cordon.audit.log import AuditLog
    from cordon.decider import Decider
    from cordon.engine.core import Engine
    from cordon.engine.shared_secrets import ANY_KEY
    from cordon.proxy.core import CoreConfig, ProxyCore
    from cordon.proxy.memory import MemoryTransport
    from cordon.proxy.work import SessionWork
    from cordon.store.shared_taint import SharedTaintStore

    # as ``cordon run`` opens it (cordon.proxy.main): the "any credential published" key
    # watched, so a call's lookup reads one flag, not a hashed lookup and a settle
    store = SharedTaintStore.for_client(hold=True, watch=(ANY_KEY,))
    engine = Engine.from_policy([{"version": 1}], shared_taint=store, shared_secrets=store)
    session = engine.new_session()
    audit = AuditLog(home / "audit.jsonl")
    audit.start(version="bench", policy_hash="-", server="echo", session=session.id)
    decider = Decider(session, server="echo", codes=CodeStore(home / "approvals.json"))
    work = SessionWork(
        engine=engine, session=session, server="echo", decider=decider, pin_file=None, shared=store
    )
    core = ProxyCore(
        CoreConfig(
            server="echo",
            session_id=session.id,
            content_mode=content or engine.policy.content.mode,
        ),
        work,
        clock=time.monotonic,
    )
    t = MemoryTransport(core, _upstream)

    class _Log(list[Any]):
        def append(self, record: Any) -> None:  # the audit actions go to the real log
            audit.write(record)

    t.audit = _Log()
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "b"}}
    t.from_client({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello})
    t.from_client({"jsonrpc": "2.0", "method": "notifications/initialized"})
    t.from_client({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    return t


def _call(t: Any, i: int, vary: bool = False) -> None:
    text = f"hello {i}" if vary else "hello"
    params = {"name": "echo", "arguments": {"text": text}}
    t.from_client(
        orjson.dumps({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": params})
    )
    t.client.clear()
    t.sent_upstream.clear()
    t.trace.clear()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--calls", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--content", choices=("monitor", "warn", "block"), default=None)
    ap.add_argument(
        "--vary", action="store_true", help="a different text in every call (no repeated result)"
    )
    ns = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="cordon-inproc-") as tmp:
        home = Path(tmp)
        os.environ["HOME"] = str(home)  # the shared taint store lives under ~/.cordon
        # the scanner's Hyperscan databases: compiled (or loaded from the home's cache) on a
        # thread at start-up; timing during that compile (3 s of CPU on a new home since the
        # rules of issue 22) measured the compile's hold on the GIL, not a call
        from cordon.content import warm

        warm(wait=True)
        n = 2
        for run in range(ns.runs):
            (home / str(run)).mkdir()
            t = _transport(home / str(run), ns.content)
            for _ in range(500):  # warm-up
                _call(t, n, ns.vary)
                n += 1
            times: list[int] = []
            cpu0 = time.process_time()
            for _ in range(ns.calls):
                start = time.perf_counter_ns()
                _call(t, n, ns.vary)
                times.append(time.perf_counter_ns() - start)
                n += 1
            cpu = (time.process_time() - cpu0) / ns.calls * 1e6
            med, low = statistics.median(times) / 1000, min(times) / 1000
            print(
                f"run {run + 1}: per call median {med:.1f} us, min {low:.1f} us, CPU {cpu:.1f} us"
            )
        if ns.profile:
            prof = cProfile.Profile()
            prof.enable()
            for _ in range(3000):
                _call(t, n, ns.vary)
                n += 1
            prof.disable()
            pstats.Stats(prof).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(40)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
