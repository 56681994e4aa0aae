"""A raw JSON-RPC upstream that answers from a script: a hostile server controls every byte of
every answer, so a test writes the exact frames it sends (shapes the SDK server would not
build, escapes written as JSON escapes, fields no schema names).

``$SCRIPTED`` names a JSON file mapping a method (``tools/call`` as ``tools/call:NAME``) to
``{"result": ...}`` or ``{"error": ...}``, with an optional ``"before"``: frames sent first
(notifications, server requests). ``initialize`` and ``tools/list`` have defaults (one tool,
``get``); any other method is answered -32601, ``server/discover`` too unless the script
names it (the client then falls back to ``initialize``). A request of the 2026-07-28 era
(its ``_meta`` says so) gets ``resultType`` and a list's cache fields where the script left
them out. Messages without a method (the client's answers to server requests) and
notifications are read and dropped.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

SCRIPT: dict[str, Any] = json.loads(open(os.environ["SCRIPTED"], encoding="utf-8").read())
CAPS = {"tools": {}, "resources": {}, "prompts": {}, "logging": {}}
INFO = {"name": "scripted", "version": "1"}
ERA_KEY = "io.modelcontextprotocol/protocolVersion"
DEFAULTS: dict[str, Any] = {
    "initialize": {"protocolVersion": "2025-11-25", "capabilities": CAPS, "serverInfo": INFO},
    "tools/list": {
        "tools": [
            {"name": "get", "description": "Get a document.", "inputSchema": {"type": "object"}}
        ]
    },
}


def send(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main() -> None:
    for raw in sys.stdin:
        msg = json.loads(raw)
        if "id" not in msg or "method" not in msg:
            continue
        method = msg["method"]
        key = f"tools/call:{msg['params']['name']}" if method == "tools/call" else method
        entry = SCRIPT.get(key)
        if entry is None and method in DEFAULTS:
            entry = {"result": DEFAULTS[method]}
        if entry is None:
            send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no"}})
            continue
        for frame in entry.get("before", ()):
            send(frame)
        answer = {k: v for k, v in entry.items() if k in ("result", "error")}
        meta = (msg.get("params") or {}).get("_meta") or {}
        if "result" in answer and meta.get(ERA_KEY) == "2026-07-28":
            answer["result"] = {"resultType": "complete", **answer["result"]}
            if method.endswith("/list"):
                answer["result"] = {"ttlMs": 0, "cacheScope": "private", **answer["result"]}
        send({"jsonrpc": "2.0", "id": msg["id"], **answer})


if __name__ == "__main__":
    main()
