"""Instructions per proxied ``tools/call`` (in-process, ``core_inproc``'s harness), by callgrind.

    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \\
        --toggle-collect=_operator_call --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/perf/call_instructions.py SRC [N] [STAGE] [--vary] [--transport]

prints nothing itself: valgrind's "Collected" line divided by N (default 1000) is the figure.
``core_inproc``'s harness (the real core, session, decider, hash-chained audit log and shared
taint store; warn mode) makes 500 warm-up calls of ``echo("hello")``, waits for start-up
threads, then turns instrumentation on (``callgrind_control -i on``) and makes N calls, each
through ``operator.call`` (whose C function toggles collection). With STAGE, only that
function is called through it: ``decide`` (``SessionWork.decide``: the decision job),
``check`` (``Session.check``), ``audit`` (``AuditLog.write``), ``sanitise``
(``evaluate_result``), ``record`` (``SessionWork.record_result``), ``client``
(``IdentitySide.client_frame``), ``server`` (``ProxyCore.server_frame``), ``done``
(``LaneSide.job_done``), or any function named ``package.module:Name`` or
``package.module:Class.method`` (``cordon.audit.log:_prepared``). ``--vary``: ``echo("hello N")``, a new text each call. Unlike a
timer, the count does not move with the machine's load, so two trees compare in one run each
(a system call counts its user-space side only: what the kernel does is not in the figure).
``--transport``: the calls go through ``cordon run``'s own :class:`~cordon.proxy.transport.Transport`
(its action loop, audit writes, pending marker, reading and backlog bookkeeping after each
batch, the line splitter of its pipe reader) instead of the in-memory one, with the pipes and
the event loop left out: the client's line handed to the reader's ``data_received``, each frame
for the server answered by the harness's echo and handed to the server reader's, the client's
bytes kept by a stand-in for the pipe. ``process_instructions.py`` counts the whole process;
the difference is the event loop's and the pipe transports'.
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


def _named(which: str) -> tuple[Any, str]:
    """``package.module:Name`` or ``package.module:Class.method``: that function, looked up
    where its callers find it (a function imported by name into another module is counted
    only through that module's name: ``cordon.proxy.core:record_for_call``)."""
    import importlib

    module, _, path = which.partition(":")
    if not path:
        raise SystemExit(f"unknown stage {which!r}: a stage name or module:Name[.attr]")
    owner: Any = importlib.import_module(module)
    *outer, name = path.split(".")
    for part in outer:
        owner = getattr(owner, part)
    return owner, name


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
    }.get(which) or _named(which)
    f = getattr(owner, name)

    def counted(*a: Any, **k: Any) -> Any:
        return operator.call(f, *a, **k)

    setattr(owner, name, counted)


class _Pipe:
    """cordon's stdout and the server's stdin: the bytes written, kept until taken."""

    def __init__(self) -> None:
        self.data: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.data.append(data)

    def is_closing(self) -> bool:
        return False


class _Up:
    """The stdio upstream's ``send`` as :class:`cordon.proxy.stdio.SubprocessUpstream` has it."""

    def __init__(self) -> None:
        self.stdin = _Pipe()

    def send(self, data: bytes) -> None:
        self.stdin.write(data if data.endswith(b"\n") else data + b"\n")

    def reading(self, on: bool) -> None:
        pass


def _real_transport(mt: Any) -> Any:
    """``mt``'s core (past its handshake) behind ``cordon run``'s transport: a call function."""
    import orjson

    from cordon.audit.log import AuditLog
    from cordon.proxy.transport import Transport, _Reader

    up = _Up()
    # the harness's hash-chained log itself, as ``cordon run`` hands it to its transport (its
    # ``append`` for a verdict's record, ``write`` for the others); ``core_inproc`` keeps it
    # in the closure of the in-memory transport's audit list
    cells = type(mt.audit).append.__closure__ or ()
    (log,) = (c.cell_contents for c in cells if isinstance(c.cell_contents, AuditLog))
    t = Transport(mt.core, up, audit=log, shared=mt.core.work.shared, max_bytes=1 << 24)
    t.out = _Pipe()
    client = _Reader(t, t.from_client, lambda: None)
    server = _Reader(t, t.from_upstream, lambda: None)

    def call(_t: Any, i: int, vary: bool = False) -> None:
        text = f"hello {i}" if vary else "hello"
        params = {"name": "echo", "arguments": {"text": text}}
        msg = {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": params}
        client.data_received(orjson.dumps(msg) + b"\n")
        sent, up.stdin.data = up.stdin.data, []
        for line in sent:
            for answer in C._upstream(line):
                server.data_received(answer + b"\n")
        t.out.data.clear()

    return call


def main() -> None:
    args = [a for a in sys.argv[1:] if a not in ("--vary", "--transport")]
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
        call = _real_transport(t) if "--transport" in sys.argv else C._call
        for i in range(2, 502):
            call(t, i, vary)
        for th in threading.enumerate():
            if th is not threading.current_thread():
                th.join()
        gc.collect()
        subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True)
        time.sleep(0.5)
        for i in range(502, 502 + n):
            if which:
                call(t, i, vary)
            else:
                operator.call(call, t, i, vary)


if __name__ == "__main__":
    main()
