"""The floor of any Python stdio proxy on this machine: a relay that does nothing.

    .venv/bin/python bench/perf/floor_relay.py [--threads] -- UPSTREAM_CMD...

Starts ``UPSTREAM_CMD`` and copies its stdin and stdout line by line, parsing nothing,
checking nothing, logging nothing: the round trip it adds is what the two extra pipe
hand-offs (client -> relay -> server and back) and one asyncio event loop cost, before any
firewall work. ``bench/perf/ab.py --floor`` runs it beside ``cordon run`` in the same
rounds, so cordon's added round trip can be read against it. ``--threads``: two blocking
threads instead of asyncio (the other way a Python proxy can be built).
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading


async def _pump(reader: asyncio.StreamReader, write: object) -> None:
    while line := await reader.readline():
        write(line)  # type: ignore[operator]


async def relay_asyncio(cmd: list[str]) -> int:
    loop = asyncio.get_running_loop()
    proc = await asyncio.create_subprocess_exec(
        *cmd, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 26
    )
    assert proc.stdin is not None and proc.stdout is not None
    client = asyncio.StreamReader(limit=1 << 26)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(client), sys.stdin)
    out_transport, _ = await loop.connect_write_pipe(asyncio.Protocol, sys.stdout)
    upstream_stdin = proc.stdin
    await asyncio.gather(
        _pump(client, upstream_stdin.write),
        _pump(proc.stdout, out_transport.write),  # type: ignore[arg-type]
        return_exceptions=True,
    )
    return 0


def relay_threads(cmd: list[str]) -> int:
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert proc.stdin is not None and proc.stdout is not None
    up_in, up_out = proc.stdin, proc.stdout

    def client_to_server() -> None:
        for line in sys.stdin.buffer:
            up_in.write(line)
        up_in.close()

    threading.Thread(target=client_to_server, daemon=True).start()
    out = sys.stdout.buffer
    for line in iter(up_out.readline, b""):
        out.write(line)
        out.flush()
    return 0


def main() -> int:
    args = sys.argv[1:]
    threads = "--threads" in args
    cmd = args[args.index("--") + 1 :]
    if threads:
        return relay_threads(cmd)
    return asyncio.run(relay_asyncio(cmd))


if __name__ == "__main__":
    sys.exit(main())
