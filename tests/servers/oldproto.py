"""A raw JSON-RPC upstream that negotiates an older protocol version, as the Slack and
GitHub reference servers do (``2024-11-05``: no elicitation in that version).

Env: ``OLDPROTO_DIR`` (required): every ``tools/call`` it receives is appended to
``calls.jsonl`` there (a test asserts a call never arrived); ``OLDPROTO_VERSION`` sets the
``protocolVersion`` its ``initialize`` answers (default ``2024-11-05``). One tool,
``send_email(to, body)``.
"""

from __future__ import annotations

import json
import os
import sys


def send(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main() -> None:
    calls = os.path.join(os.environ["OLDPROTO_DIR"], "calls.jsonl")
    version = os.environ.get("OLDPROTO_VERSION", "2024-11-05")
    props = {"to": {"type": "string"}, "body": {"type": "string"}}
    tool = {
        "name": "send_email",
        "description": "Send an email.",
        "inputSchema": {"type": "object", "properties": props, "required": ["to", "body"]},
    }
    for raw in sys.stdin:
        msg = json.loads(raw)
        if "id" not in msg or "method" not in msg:
            continue
        method = msg["method"]
        if method == "initialize":
            result = {
                "protocolVersion": version,
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "oldproto", "version": "1"},
            }
        elif method == "tools/list":
            result = {"tools": [tool]}
        elif method == "tools/call":
            with open(calls, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(msg["params"]) + "\n")
            result = {"content": [{"type": "text", "text": "sent"}]}
        elif method == "ping":
            result = {}
        else:
            error = {"code": -32601, "message": "Method not found"}
            send({"jsonrpc": "2.0", "id": msg["id"], "error": error})
            continue
        send({"jsonrpc": "2.0", "id": msg["id"], "result": result})


if __name__ == "__main__":
    main()
