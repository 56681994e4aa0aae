"""Instructions spent inside named functions during engine decisions, counted by callgrind.

    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \\
        --toggle-collect=_operator_call --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/perf/fn_instructions.py SRC N MODULE:NAME [MODULE:CLASS.NAME ...]

prints nothing itself: valgrind's "Collected" line divided by N is the figure. The session and
the sends are ``engine_instructions.py``'s (``engine_check``'s 10 KB history, 300 warm-up
sends to fresh addresses, then N more). Each named function is replaced, in every ``cordon``
module that binds it (``from X import f`` too) or on its class, by a wrapper that calls it
through ``operator.call``, whose C function toggles collection: only the instructions inside
the named functions are counted. Name functions that do not call one another (a nested
toggle turns collection off inside the outer one); one function a run gives its figure alone.
"""

from __future__ import annotations

import gc
import importlib
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


def _counted(fn: Any) -> Any:
    def counted(*a: Any, **k: Any) -> Any:
        return operator.call(fn, *a, **k)

    return counted


def patch(target: str) -> None:
    """Route ``MODULE:NAME`` (or ``MODULE:CLASS.NAME``) through ``operator.call``."""
    modname, attr = target.split(":")
    mod = importlib.import_module(modname)
    if "." in attr:
        cname, attr = attr.split(".")
        cls = getattr(mod, cname)
        setattr(cls, attr, _counted(getattr(cls, attr)))
        return
    fn = getattr(mod, attr)
    wrapped = _counted(fn)
    for m in list(sys.modules.values()):
        if getattr(m, "__name__", "").startswith("cordon") and getattr(m, attr, None) is fn:
            setattr(m, attr, wrapped)


def main() -> None:
    n = int(sys.argv[2])
    s = ec.session(10_000)
    for i in range(100_000, 100_300):
        s.check("send_email", ec.fresh_args(i))
    for target in sys.argv[3:]:
        patch(target)
    calls = [ec.fresh_args(i) for i in range(n)]
    for t in threading.enumerate():
        if t is not threading.current_thread():
            t.join()
    gc.collect()
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True)
    time.sleep(0.5)
    for a in calls:
        s.check("send_email", a)


if __name__ == "__main__":
    main()
