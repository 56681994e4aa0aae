"""Instructions per engine decision (a send to a fresh address), counted by callgrind.

    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \\
        --toggle-collect=_operator_call --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/perf/engine_instructions.py SRC [N] [CHECK]

prints nothing itself: valgrind's "Collected" line divided by N (default 1000) is the figure.
The session observes ``engine_check``'s 10 KB history and makes 300 warm-up checks, waits for
start-up threads, then turns instrumentation on (``callgrind_control -i on``) and makes N
checks, each through ``operator.call`` (whose C function toggles collection). With CHECK (a
pipeline check's name: ``taint``, ``dlp``...), only that check's run is called through it:
the instructions of that check alone. Unlike a timer, the count does not move with the
machine's load (about 0.5% between runs), so two trees compare in one run each.
"""

from __future__ import annotations

import dataclasses
import gc
import operator
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(Path(sys.argv[1]).resolve()))

import engine_check as ec  # noqa: E402

from cordon.engine import checks  # noqa: E402


def main() -> None:
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    which = sys.argv[3] if len(sys.argv) > 3 else ""
    if which:

        def wrap(c: Any) -> Any:
            run = c.run
            return dataclasses.replace(c, run=lambda ctx, f: operator.call(run, ctx, f))

        checks.PIPELINE = tuple(wrap(c) if c.name == which else c for c in checks.PIPELINE)
    s = ec.session(10_000)
    for i in range(100_000, 100_300):
        s.check("send_email", ec.fresh_args(i))
    calls = [ec.fresh_args(i) for i in range(n)]
    for t in threading.enumerate():
        if t is not threading.current_thread():
            t.join()
    gc.collect()
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True)
    time.sleep(0.5)
    if which:
        for a in calls:
            s.check("send_email", a)
    else:
        for a in calls:
            operator.call(s.check, "send_email", a)


if __name__ == "__main__":
    main()
