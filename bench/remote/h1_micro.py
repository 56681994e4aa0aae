"""The HTTP leg of ``cordon run --url`` alone: CPU per request of ``HttpUpstream._exchange``.

    .venv/bin/python bench/remote/h1_micro.py [SRC] [--requests 5000]

A minimal HTTP/1.1 server in the same process and event loop answers every POST with one
fixed tools/call result (JSON, ``Content-Length``); ``HttpUpstream`` (from the cordon tree
``SRC``, default ``src``) builds a 2026-07-28 ``tools/call``'s headers, sends it on its lean
client (:mod:`cordon.proxy.h1`), reads the answer and hands it on (to nothing). Prints the
process CPU and the wall time per request, the server's share included, after 500 warm-up
requests. Compare trees by alternating runs and taking the minimum and the median.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BODY = (
    b'{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hello"}],'
    b'"isError":false}}'
)
ANSWER = (
    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
    b"date: Wed, 02 Dec 2026 00:00:00 GMT\r\nserver: uvicorn\r\n\r\n" % len(BODY)
) + BODY
CALL = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "tools/call",
    "params": {
        "name": "echo",
        "arguments": {"text": "hello"},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
        },
    },
}
SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}}


async def _handle(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
    try:
        while True:
            head = await r.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await r.readexactly(length)
            w.write(ANSWER)
    except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
        w.close()


class _Sink:
    def from_upstream(self, data: Any) -> None:
        pass


async def run(n: int) -> None:
    import orjson

    from cordon.proxy.http import HttpUpstream

    server = await asyncio.start_server(_handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    up = HttpUpstream(f"http://127.0.0.1:{port}/mcp", schema=lambda tool: SCHEMA)
    await up.start(_Sink())  # type: ignore[arg-type]
    data = orjson.dumps(CALL)
    for _ in range(500):
        await up._exchange("POST", data, CALL, 1)
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(n):
        await up._exchange("POST", data, CALL, 1)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    print(f"cpu {1e6 * cpu / n:.1f} us/request  wall {1e6 * wall / n:.1f} us/request")
    await up.close()
    server.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("src", nargs="?", type=Path, default=ROOT / "src")
    ap.add_argument("--requests", type=int, default=5000)
    ns = ap.parse_args()
    sys.path.insert(0, str(ns.src))
    asyncio.run(run(ns.requests))


if __name__ == "__main__":
    main()
