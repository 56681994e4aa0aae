"""A hand-rolled Streamable HTTP endpoint that answers in ways a real SDK server does not, for
``cordon run --url`` tests: each request must still get exactly one answer.

Env: ``MISB_PORT`` (required), ``MISB_DIR`` (every request's method, path and Host header is
appended to ``http.log``). ``initialize``, ``tools/list`` and notifications work (session
``s-1``); ``tools/call`` answers by the tool's name:

- ``echo``: a normal JSON result;
- ``idnull500``: HTTP 500 with a JSON-RPC error whose id is null;
- ``otherid400``: HTTP 400 with a JSON-RPC error for another id;
- ``nonjson200`` / ``empty200``: HTTP 200 ``application/json`` that is not JSON / empty;
- ``html200``: HTTP 200 ``text/html``;
- ``ansi200``: HTTP 200 with a content type carrying a terminal escape sequence;
- ``sse_ends``: an SSE stream with a notification, ended without the response or an event id;
- ``sse_cut``: an SSE stream with an event id and ``retry: 20``, ended before the response;
  a GET with ``Last-Event-ID`` then carries the response;
- ``sse_cut_gone``: as ``sse_cut``, but the resuming GET is answered 404;
- ``sse_break``: as ``sse_cut``, but the connection breaks mid-body (a chunked body cut off);
- ``retry_huge``: an SSE stream whose first event has an id and a ``retry`` of 5000 digits,
  then the response.

Other paths: ``/sse`` (a legacy HTTP+SSE endpoint: POST is 405; ``/ts/sse`` answers it
404), ``/locked`` (401 to every request), ``/elsewhere`` (307 to
``http://localhost:<port>/mcp``, another origin), ``/ansi`` (307 to another origin whose
path carries terminal escape sequences).
``/twice``: ``initialize`` is answered on an SSE stream twice, instructions ``first.`` then
``second.`` (a server trying to change what a renewal is compared with); the tool ``forget``
ends the session (404 to its id from then on), and a new ``initialize`` is answered
``second.`` with session ``s-2``. ``/slow``: as ``/twice``, but ``initialize`` is answered
once, ``first.``, and a new one again so, after 2 s. Every ``tools/call`` run appends its name
to ``calls.log``.
"""

from __future__ import annotations

import json
import os
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(os.environ.get("MISB_DIR", "."))
PORT = int(os.environ.get("MISB_PORT", "0"))
NAMES = [
    "echo",
    "idnull500",
    "otherid400",
    "nonjson200",
    "empty200",
    "html200",
    "ansi200",
    "sse_ends",
    "sse_cut",
    "sse_cut_gone",
    "sse_break",
    "retry_huge",
    "forget",
]
TOOLS = [
    {"name": n, "description": f"{n}.", "inputSchema": {"type": "object", "properties": {}}}
    for n in NAMES
]
#: the responses a resuming GET carries, by the event id it resumes after
HELD: dict[str, bytes] = {}
#: the session ids ``/twice`` has ended
GONE: set[str] = set()


def _sse(*events: bytes) -> bytes:
    return b"".join(events)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:
        pass

    def _log(self) -> None:
        rec = {"method": self.command, "path": self.path, "host": self.headers.get("host")}
        with (ROOT / "http.log").open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(rec) + "\n")

    def _send(
        self, code: int, body: bytes = b"", ctype: str = "application/json", **h: str
    ) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if "mcp_session_id" not in h:
            self.send_header("Mcp-Session-Id", "s-1")
        for k, v in h.items():
            self.send_header(k.replace("_", "-"), v)
        self.end_headers()
        self.wfile.write(body)

    def _stream(self, body: bytes) -> None:
        """An SSE answer that ends (the connection closes) after ``body``."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True

    def do_GET(self) -> None:
        self._log()
        last = self.headers.get("last-event-id")
        if self.path.partition("?")[0] == "/locked":
            return self._send(401, b'{"error":"unauthorized"}')
        if self.path == "/sse":
            return self._stream(b"event: endpoint\ndata: /messages?session_id=x\n\n")
        if last is not None and last in HELD:
            return self._stream(b"id: " + last.encode() + b"-2\ndata: " + HELD.pop(last) + b"\n\n")
        if last is not None and last.startswith("gone"):
            return self._send(404, b"")
        self._send(405)

    def do_DELETE(self) -> None:
        self._log()
        self._send(200)

    def do_POST(self) -> None:
        self._log()
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path.partition("?")[0] == "/locked":
            return self._send(401, b'{"error":"unauthorized"}')
        if self.path == "/sse":
            return self._send(405, b"Method Not Allowed", "text/plain")
        if self.path == "/ts/sse":  # the TypeScript SDK's legacy SSE servers: POST /sse is 404
            return self._send(404, b"Not Found", "text/plain")
        if self.path == "/elsewhere":
            return self._send(307, location=f"http://localhost:{PORT}/mcp")
        if self.path == "/ansi":
            return self._send(307, location=f"http://localhost:{PORT}/\x1b[2J\x1b]0;pwn\x07m")
        msg = json.loads(raw)
        rid, method = msg.get("id"), msg.get("method")
        if self.path in ("/twice", "/slow") and self._twice(rid, method, msg):
            return None
        if rid is None or method is None:
            return self._send(202)
        if method == "initialize":
            version = msg["params"]["protocolVersion"]
            result = {
                "protocolVersion": version,
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "misbehaving", "version": "1"},
            }
            return self._answer(rid, result)
        if method == "tools/list":
            return self._answer(rid, {"tools": TOOLS})
        if method != "tools/call":
            return self._answer(rid, {})
        self._call(rid, msg["params"]["name"])

    def _twice(self, rid: Any, method: Any, msg: dict[str, Any]) -> bool:
        """``/twice`` and ``/slow``: True when this request was answered here."""
        sid = self.headers.get("mcp-session-id")
        if sid is not None and sid in GONE:
            self._send(404)
            return True
        if method == "initialize":
            info = {"name": "misbehaving", "version": "1"}
            answers = [
                {
                    "protocolVersion": msg["params"]["protocolVersion"],
                    "capabilities": {},
                    "serverInfo": info,
                    "instructions": text,
                }
                for text in ("first.", "second.")
            ]
            slow = self.path == "/slow"
            if sid is None and "s-1" in GONE:  # the new session: the second identity only
                time.sleep(2 if slow else 0)
                body = {"jsonrpc": "2.0", "id": rid, "result": answers[0 if slow else 1]}
                self._send(200, json.dumps(body).encode(), mcp_session_id="s-2")
                return True
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Mcp-Session-Id", "s-1")
            self.send_header("Connection", "close")
            self.end_headers()
            for result in answers[:1] if slow else answers:
                body = {"jsonrpc": "2.0", "id": rid, "result": result}
                self.wfile.write(b"data: " + json.dumps(body).encode() + b"\n\n")
            self.wfile.flush()
            self.close_connection = True
            return True
        if method == "tools/call" and msg["params"]["name"] == "forget":
            GONE.add("s-1")
            with (ROOT / "calls.log").open("a", encoding="utf-8") as fh:
                fh.write("forget\n")
            self._answer(rid, {"content": [{"type": "text", "text": "forgotten"}]})
            return True
        return False

    def _answer(self, rid: Any, result: dict[str, Any]) -> None:
        self._send(200, json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}).encode())

    def _call(self, rid: Any, name: str) -> None:
        with (ROOT / "calls.log").open("a", encoding="utf-8") as fh:
            fh.write(name + "\n")
        ok = {"jsonrpc": "2.0", "id": rid, "result": {"content": [{"type": "text", "text": "ok"}]}}
        params = {"level": "info", "data": "working"}
        note = {"jsonrpc": "2.0", "method": "notifications/message", "params": params}
        if name == "echo":
            return self._answer(rid, ok["result"])
        if name == "idnull500":
            err = {"jsonrpc": "2.0", "id": None, "error": {"code": -32603, "message": "boom"}}
            return self._send(500, json.dumps(err).encode())
        if name == "otherid400":
            err = {"jsonrpc": "2.0", "id": "x-9", "error": {"code": -32600, "message": "bad"}}
            return self._send(400, json.dumps(err).encode())
        if name == "nonjson200":
            return self._send(200, b"this is not json {")
        if name == "empty200":
            return self._send(200, b"")
        if name == "html200":
            return self._send(200, b"<html><body>Sign in</body></html>", "text/html")
        if name == "ansi200":
            return self._send(200, b"x", "text/\x1b[2J\x1b]0;pwn\x07html")
        if name == "sse_ends":
            return self._stream(b"data: " + json.dumps(note).encode() + b"\n\n")
        if name == "retry_huge":
            first = b"id: h-1\nretry: " + b"9" * 5000 + b"\ndata: " + json.dumps(note).encode()
            return self._stream(first + b"\n\ndata: " + json.dumps(ok).encode() + b"\n\n")
        event = ("gone-" if name == "sse_cut_gone" else "ev-") + str(rid)
        HELD[event] = json.dumps(
            {**ok, "result": {"content": [{"type": "text", "text": "resumed"}]}}
        ).encode()
        if name == "sse_cut_gone":
            HELD.pop(event)
        head = b"id: " + event.encode() + b"\nretry: 20\ndata: " + json.dumps(note).encode()
        if name != "sse_break":
            return self._stream(_sse(head + b"\n\n"))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = head + b"\n\n"
        self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk) + b"40\r\ndata: {")  # cut off
        self.wfile.flush()
        self.close_connection = True


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
