"""The fastest honest MCP upstream we could write: raw newline-delimited JSON-RPC on stdio.

It answers ``initialize``, ``ping``, ``tools/list`` and ``tools/call`` for two tools:
``echo(text)`` returns the text, ``later(ms, text)`` returns it after ``ms`` milliseconds
(reading nothing meanwhile), ``blob(size)`` returns a text result of ``size`` bytes
(built once per size and cached, so the server's own cost stays out of the measurement;
each call's addresses are made its own by one same-length ``bytes.replace``, ~5 ms per 10 MB,
so every result brings new destinations, as real output does: a repeated text's ~30,000 keys
would be indexed once and published to the shared taint store once, which hid their cost).
``server/discover`` gets -32601 (a legacy-only server). With ``ECHO_STAMPS`` set, the
monotonic time each ``ping`` arrives is appended to that file (``bench/perf/other_direction.py``). Nothing else is imported, so the
round trip measures the pipes and whatever sits between them.
"""

from __future__ import annotations

import json
import os
import sys
import time

from blobtext import blob_text

TOOLS = [
    {
        "name": "echo",
        "description": "Echo text back.",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
    },
    {
        "name": "later",
        "description": "Return text after ms milliseconds.",
        "inputSchema": {
            "type": "object",
            "properties": {"ms": {"type": "number"}, "text": {"type": "string"}},
        },
    },
    {
        "name": "blob",
        "description": "Return a text result of the given size in bytes.",
        "inputSchema": {"type": "object", "properties": {"size": {"type": "integer"}}},
    },
]

_cache: dict[int, bytes] = {}
_calls = 0


def _fresh(frame: bytes) -> bytes:
    """``frame`` with ``.example.`` (in every address and URL of blob_text) spelled with this
    call's number, at the same length: ``.e00002a.``."""
    global _calls
    _calls += 1
    return frame.replace(b".example.", b".e%06x." % (_calls & 0xFFFFFF))


def _blob_frame_tail(size: int) -> bytes:
    if size not in _cache:
        text = blob_text(size)
        _cache[size] = json.dumps({"content": [{"type": "text", "text": text}]}).encode()
    return _cache[size]


def main() -> None:
    out = sys.stdout.buffer
    stamps = os.environ.get("ECHO_STAMPS")
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        msg = json.loads(line)
        if "id" not in msg or "method" not in msg:
            continue
        mid, method = msg["id"], msg["method"]
        if stamps and method == "ping":
            with open(stamps, "a", encoding="utf-8") as fh:
                fh.write(f"{mid} {time.monotonic()}\n")
        params = msg.get("params") or {}
        head = b'{"jsonrpc":"2.0","id":' + json.dumps(mid).encode() + b',"result":'
        if method == "initialize":
            result = {
                "protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "echo", "version": "1"},
            }
            body = json.dumps(result).encode()
        elif method == "ping":
            body = b"{}"
        elif method == "tools/list":
            body = json.dumps({"tools": TOOLS}).encode()
        elif method == "tools/call":
            args = params.get("arguments") or {}
            if params.get("name") == "blob":
                body = _fresh(_blob_frame_tail(int(args.get("size", 0))))
            else:
                if params.get("name") == "later":
                    time.sleep(float(args.get("ms", 0)) / 1000)
                text = str(args.get("text", ""))
                body = json.dumps({"content": [{"type": "text", "text": text}]}).encode()
        else:
            err = {"code": -32601, "message": f"method not found: {method}"}
            out.write(b'{"jsonrpc":"2.0","id":' + json.dumps(mid).encode() + b',"error":')
            out.write(json.dumps(err).encode() + b"}\n")
            out.flush()
            continue
        out.write(head + body + b"}\n")
        out.flush()


if __name__ == "__main__":
    main()
