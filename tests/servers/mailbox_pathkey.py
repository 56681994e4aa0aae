"""The mailbox server (``mailbox.py``) over Streamable HTTP at a capability URL, as hosted MCP
services give one (Zapier: ``/api/mcp/s/<KEY>/mcp``): it answers only at ``/s/<KEY>/mcp``
on 127.0.0.1:``$MAILBOX_HTTP_PORT``, for each KEY of the comma-separated
``$MAILBOX_PATH_KEYS`` (404 elsewhere: the key in the path is the credential; ``/mcp/``
307s to ``/mcp``), and appends every request's method and path to
``$MAILBOX_DIR/paths.log``. Env as ``mailbox.py`` (``MAILBOX_DIR``, ``MAILBOX_CALL_LOG``)."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path
from typing import Any

import uvicorn

_spec = importlib.util.spec_from_file_location(
    "mailbox_server", Path(__file__).with_name("mailbox.py")
)
assert _spec is not None and _spec.loader is not None
mailbox = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mailbox)


def main() -> None:
    keys = os.environ["MAILBOX_PATH_KEYS"].split(",")
    app = mailbox._server().streamable_http_app(host="127.0.0.1")
    log = Path(os.environ["MAILBOX_DIR"]) / "paths.log"

    async def keyed(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            path = scope["path"]
            with log.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"method": scope["method"], "path": path}) + "\n")
            key = next((k for k in keys if path.startswith(f"/s/{k}/")), None)
            if key is None:
                await send({"type": "http.response.start", "status": 404, "headers": []})
                await send({"type": "http.response.body", "body": b"not found"})
                return
            if path.endswith("/mcp/"):  # a same-origin redirect that keeps the key
                loc = [(b"location", path.rstrip("/").encode())]
                await send({"type": "http.response.start", "status": 307, "headers": loc})
                await send({"type": "http.response.body", "body": b""})
                return
            inner = path[len(f"/s/{key}") :]
            scope = {**scope, "path": inner, "raw_path": inner.encode()}
        await app(scope, receive, send)

    port = int(os.environ["MAILBOX_HTTP_PORT"])
    uvicorn.run(keyed, host="127.0.0.1", port=port, log_level="warning", lifespan="on")


if __name__ == "__main__":
    main()
