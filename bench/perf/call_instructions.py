"""Instructions per proxied ``tools/call`` (in-process, ``core_inproc``'s harness), by callgrind.

    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \\
        --toggle-collect=_operator_call --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/perf/call_instructions.py SRC [N] [STAGE] [--vary]

prints nothing itself: valgrind's "Collected" line divided by N (default 1000) is the figure.
``core_inproc``'s harness (the real core, session, decider, hash-chained audit log and shared
taint store; warn mode) makes 500 warm-up calls of ``echo("hello")``, waits for start-up
threads, then turns instrumentation on (``callgrind_control -i on``) and makes N calls, each
through ``operator.call`` (whose C function toggles collection). With STAGE, only that
function is called through it: ``decide`` (``SessionWork.decide``: the decision job),
``check`` (``Session.check``), ``audit`` (``AuditLog.write``), ``sanitise``
(``evaluate_result``), ``record`` (``SessionWork.record_result``), ``client``
(``IdentitySide.client_frame``), ``server`` (``ProxyCore.server_frame``), ``done``
(``LaneSide.job_done``). ``--vary``: ``echo("hello N")``, a new text each call. Unlike a
timer, the count does not move with the machine's load, so two trees compare in one run each
(a system call counts its user-space side only: what the kernel does is not in the figure).
"""

from __future__ import annotations

import gc
import operator
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(Path(sys.argv[1]).resolve()))

import core_inproc as C  # noqa: E402


def _stage(which: str) -> None:
    import cordon.audit.log as audit
    import cordon.engine.core as engine
    import cordon.proxy.core as core
    import cordon.proxy.identity as identity
    import cordon.proxy.lanes as lanes
    import cordon.proxy.upstream as upstream
    import cordon.proxy.work as work

    owner, name = {
        "decide": (work.SessionWork, "decide"),
        "check": (engine.Session, "check"),
        "audit": (audit.AuditLog, "write"),
        "sanitise": (upstream, "evaluate_result"),
        "record": (work.SessionWork, "record_result"),
        "client": (identity.IdentitySide, "client_frame"),
        "server": (core.ProxyCore, "server_frame"),
        "done": (lanes.LaneSide, "job_done"),
    }[which]
    f = getattr(owner, name)

    def counted(*a: Any, **k: Any) -> Any:
        return operator.call(f, *a, **k)

    setattr(owner, name, counted)


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--vary"]
    vary = "--vary" in sys.argv
    n = int(args[1]) if len(args) > 1 else 1000
    which = args[2] if len(args) > 2 else ""
    with tempfile.TemporaryDirectory(prefix="cordon-instr-") as tmp:
        os.environ["HOME"] = tmp
        from cordon.content import warm

        warm(wait=True)
        if which:
            _stage(which)
        t = C._transport(Path(tmp), None)
        for i in range(2, 502):
            C._call(t, i, vary)
        for th in threading.enumerate():
            if th is not threading.current_thread():
                th.join()
        gc.collect()
        subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True)
        time.sleep(0.5)
        for i in range(502, 502 + n):
            if which:
                C._call(t, i, vary)
            else:
                operator.call(C._call, t, i, vary)


if __name__ == "__main__":
    main()
