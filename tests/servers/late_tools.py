"""A raw MCP stdio server whose tool list changes while it runs, as servers that load tools
after a login do: ``admin_tool`` is listed only after a call of ``enable`` (and no longer
after ``disable``); each change is announced with ``notifications/tools/list_changed``.
Every call of another tool answers "ok"."""

import json
import sys

BASE = [
    {"name": "enable", "description": "Load the extra tools.", "inputSchema": {"type": "object"}},
    {"name": "disable", "description": "Drop the extra tools.", "inputSchema": {"type": "object"}},
    {
        "name": "read_file",
        "description": "Read a file.",
        "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
    },
]
EXTRA = {"name": "admin_tool", "description": "Administer.", "inputSchema": {"type": "object"}}


def _out(msg: dict) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def main() -> None:
    enabled = False
    for line in sys.stdin:
        msg = json.loads(line)
        mid, method = msg.get("id"), msg.get("method")
        if mid is None:
            continue
        if method == "initialize":
            caps = {"tools": {"listChanged": True}}
            info = {"name": "late-tools", "version": "1"}
            version = msg["params"]["protocolVersion"]
            result = {"protocolVersion": version, "capabilities": caps, "serverInfo": info}
            _out({"jsonrpc": "2.0", "id": mid, "result": result})
        elif method == "tools/list":
            tools = BASE + ([EXTRA] if enabled else [])
            _out({"jsonrpc": "2.0", "id": mid, "result": {"tools": tools}})
        elif method == "tools/call":
            name = msg["params"]["name"]
            if name in ("enable", "disable"):
                enabled = name == "enable"
            text = {"type": "text", "text": f"{name}: ok"}
            _out({"jsonrpc": "2.0", "id": mid, "result": {"content": [text]}})
            if name in ("enable", "disable"):
                _out({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        else:
            err = {"code": -32601, "message": "method not found"}
            _out({"jsonrpc": "2.0", "id": mid, "error": err})


if __name__ == "__main__":
    main()
