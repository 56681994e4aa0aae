"""The HTTP plumbing of the local API stubs that stand in for GitHub, Slack, Gmail and Notion
(``_stub_api.py``, ``_gmail_notion_stub.py``): a JSON answer, and a threaded server on
127.0.0.1 for the length of a ``with`` block."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol


class _HasUrl(Protocol):
    url: str


def send_json(handler: http.server.BaseHTTPRequestHandler, status: int, out: Any) -> None:
    """Answer the request ``handler`` holds with ``out`` as JSON."""
    data = json.dumps(out).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@contextmanager
def serving(api: Any, handler: type[http.server.BaseHTTPRequestHandler]) -> Iterator[None]:
    """Serve ``handler`` (which reads ``self.server.api``) on 127.0.0.1 for the block, and set
    ``api.url``."""
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    srv.daemon_threads = True
    srv.api = api  # type: ignore[attr-defined]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    api.url = f"http://127.0.0.1:{srv.server_address[1]}"
    try:
        yield
    finally:
        srv.shutdown()
        srv.server_close()
