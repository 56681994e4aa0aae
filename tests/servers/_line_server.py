"""The stdio loop the small scripted test servers share: one JSON-RPC message per line.

Each server supplies ``answer(method, params)``, returning a result or ``None`` for a method it
does not know (answered -32601); notifications (no ``id``) are read and dropped. Run as a
script, a server's own directory is on ``sys.path``, so ``from _line_server import serve``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any


def send(obj: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def serve(answer: Callable[[str, dict[str, Any]], dict[str, Any] | None]) -> None:
    for raw in sys.stdin:
        msg = json.loads(raw)
        if "id" not in msg or "method" not in msg:
            continue
        result = answer(msg["method"], msg.get("params") or {})
        if result is None:
            send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no"}})
        else:
            send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
