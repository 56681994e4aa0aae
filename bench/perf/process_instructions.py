"""Instructions per ``tools/call`` of the real ``cordon run`` process, by callgrind.

    .venv/bin/python bench/perf/process_instructions.py SRC [N]

Starts ``cordon run`` from the tree SRC under ``valgrind --tool=callgrind`` (instrumentation
off) in front of ``echo_server.py`` (not under valgrind), makes the handshake and 300 warm-up
``echo("hello")`` calls through ``run.py``'s raw client, turns instrumentation on
(``callgrind_control -i on``), makes N calls (default 300), turns it off and prints the
instructions per call: everything the process runs for a call, in every thread (the event
loop, the transport, the proxy core, the engine, the content scanner, the audit log), the
user-space side of its system calls only. ``call_instructions.py`` counts the in-process
harness without the event loop and the transport; the difference is theirs. Not quite
load-independent: the transport's quiet-moment timer (``QUIET_S``, 50 ms) fires by the wall
clock, and under valgrind on a loaded machine the N calls take seconds to minutes, so how
many of its turns are counted with them moves with the load (one tree: 852.8k and 855.0k
a call at load 8 and 13); ``call_instructions.py --transport`` counts the transport's
Python without any timer and is the figure to compare trees by.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run as R  # noqa: E402


def _instructions(out: Path) -> int:
    total = 0
    for f in out.parent.glob(out.name + "*"):
        for line in f.read_text("utf-8", "replace").splitlines():
            if line.startswith("totals:"):
                total += int(line.split()[1])
                break
    return total


def main() -> int:
    src = Path(sys.argv[1]).resolve()
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    with tempfile.TemporaryDirectory(prefix="cordon-pinstr-") as tmp_:
        tmp = Path(tmp_)
        env = R.base_env(tmp)
        env["PYTHONPATH"] = str(src)
        R.warm_home(env)
        policy = tmp / "policy.yaml"
        policy.write_text("version: 1\n", "utf-8")
        out = tmp / "callgrind.out"
        upstream = [sys.executable, str(HERE / "echo_server.py")]
        cmd = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            *R.cordon_run(policy, tmp, "instr", upstream),
        ]
        c = R.RawClient(cmd, env)
        try:
            c.handshake()
            for _ in range(300):
                rid, line = c.call_line("echo", {"text": "hello"})
                c.send(line)
                c.recv_for(rid)
            time.sleep(1.0)  # start-up threads done
            pid = str(c.proc.pid)
            subprocess.run(["callgrind_control", "-i", "on", pid], capture_output=True, check=True)
            for _ in range(n):
                rid, line = c.call_line("echo", {"text": "hello"})
                c.send(line)
                c.recv_for(rid)
            subprocess.run(["callgrind_control", "-i", "off", pid], capture_output=True, check=True)
        finally:
            c.w.close()
            c.proc.wait(120)  # valgrind writes its counts at exit
        total = _instructions(out)
    print(f"{total / n / 1000:.1f}k instructions per call ({total} over {n} calls)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
