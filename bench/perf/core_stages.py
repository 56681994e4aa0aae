"""Where one proxied tools/call spends cordon's CPU, stage by stage, in-process.

    .venv/bin/python bench/perf/core_stages.py [--calls 4000] [--vary] [--content MODE]

``core_inproc.py``'s harness (the real core, session, decider and hash-chained audit log, an
in-memory echo upstream, no pipes), with each stage of a call wrapped in a timer of the
thread's CPU time (``time.thread_time_ns``: what a loaded machine's preemption does not
change; each timer costs about a microsecond, so read the small stages as upper bounds).
Stages nest (the indented ones are inside the one above them): the client frame (parse,
duplicate keys, route, queue), the decision job (the engine's ``Session.check``, the
prompt poll), acting on the verdict (its audit record built), the audit write (serialise,
``stat`` for a rotation, flock, hash chain, write), the server frame (parse, warn mode's
sanitising before delivery), the recording job after delivery, and the core's bookkeeping
of finished jobs (which includes acting on the verdict).
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import core_inproc as C  # noqa: E402

T: collections.Counter[str] = collections.Counter()
N: collections.Counter[str] = collections.Counter()
ORDER: list[str] = []


def _wrap(owner: Any, name: str, label: str) -> None:
    f = getattr(owner, name)
    clock = time.thread_time_ns
    ORDER.append(label)

    def timed(*a: Any, **k: Any) -> Any:
        t = clock()
        try:
            return f(*a, **k)
        finally:
            T[label] += clock() - t
            N[label] += 1

    setattr(owner, name, timed)


def _stages() -> None:
    import cordon.audit.log as audit
    import cordon.engine.core as engine
    import cordon.proxy.core as core
    import cordon.proxy.identity as identity
    import cordon.proxy.lanes as lanes
    import cordon.proxy.upstream as upstream
    import cordon.proxy.work as work

    _wrap(identity.IdentitySide, "client_frame", "client frame (parse, route, queue)")
    _wrap(core, "parse_frame", "  parse (client)")
    _wrap(core, "check_duplicate_keys", "  duplicate keys")
    _wrap(work.SessionWork, "decide", "decision job")
    _wrap(engine.Session, "check", "  Session.check (engine)")
    _wrap(work.SessionWork, "take_request", "  prompt poll")
    _wrap(lanes.LaneSide, "job_done", "jobs done (core bookkeeping)")
    _wrap(core.ProxyCore, "_act", "  act on the verdict")
    _wrap(core.ProxyCore, "_verdict_record", "    build its audit record")
    _wrap(audit.AuditLog, "write", "audit write")
    _wrap(audit, "_prepared", "  serialise")
    _wrap(audit.AuditLog, "_sync_tail", "  stat, tail")
    _wrap(core.ProxyCore, "server_frame", "server frame (parse, sanitise, route)")
    _wrap(upstream, "parse_frame", "  parse (server)")
    _wrap(upstream, "evaluate_result", "  evaluate_result (warn)")
    _wrap(work.SessionWork, "record_result", "recording job")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--calls", type=int, default=4000)
    ap.add_argument("--content", choices=("monitor", "warn", "block"), default=None)
    ap.add_argument("--vary", action="store_true", help="a different text in every call")
    ns = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="cordon-stages-") as tmp:
        os.environ["HOME"] = tmp
        from cordon.content import warm

        warm(wait=True)
        _stages()
        t = C._transport(Path(tmp), ns.content)
        n = 2
        for _ in range(500):
            C._call(t, n, ns.vary)
            n += 1
        T.clear()
        N.clear()
        cpu0 = time.thread_time_ns()
        for _ in range(ns.calls):
            C._call(t, n, ns.vary)
            n += 1
        total = (time.thread_time_ns() - cpu0) / ns.calls / 1000
        print(f"CPU per call {total:.1f} us (load average {os.getloadavg()[0]:.2f})")
        for label in ORDER:
            us = T[label] / ns.calls / 1000
            print(
                f"  {label:42s} {us:7.1f} us {100 * us / total:5.1f}%  x{N[label] / ns.calls:.0f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
