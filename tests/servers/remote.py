"""An MCP server on the official SDK (``MCPServer``) over Streamable HTTP, stateful, for
``cordon run --url`` tests of what a real remote server does over a session's life.

Env: ``REMOTE_PORT`` (required), ``REMOTE_DIR`` (side effects), ``REMOTE_INSTRUCTIONS``,
``REMOTE_EVENT_STORE=1`` (an in-memory event store with a 50 ms ``retry``: resumable streams,
SSE polling). Every HTTP request's method, path and ``Last-Event-ID`` is appended to
``$REMOTE_DIR/http.log``; each run of ``send`` appends its arguments to ``outbox.jsonl``.

Tools: ``echo(text)``; ``send(to, body)`` (a side effect to count); ``poll_task()``, which
reports progress, closes its own SSE stream (``ctx.close_sse_stream``: the client must
resume it with ``Last-Event-ID``) and answers 0.3 s later.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import uvicorn
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.streamable_http import EventMessage, EventStore

ROOT = Path(os.environ.get("REMOTE_DIR", "."))

mcp = MCPServer("remote-test", instructions=os.environ.get("REMOTE_INSTRUCTIONS", "A test server."))


@mcp.tool(description="Echo the text back.")
def echo(text: str) -> str:
    return f"echo: {text}"


@mcp.tool(description="Send a message.")
def send(to: str, body: str) -> str:
    with (ROOT / "outbox.jsonl").open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"to": to, "body": body}) + "\n")
    return f"sent to {to}"


@mcp.tool(description="A task that closes its event stream and answers later.")
async def poll_task(ctx: Context) -> str:
    await ctx.report_progress(1, 2, "started")
    await ctx.close_sse_stream()  # the client resumes with Last-Event-ID
    await anyio.sleep(0.3)
    return "poll_task finished"


class MemoryEventStore(EventStore):
    """Every event of every stream, in order (the SDK's resumability interface)."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, Any]] = []

    async def store_event(self, stream_id: str, message: Any) -> str:
        eid = str(len(self.events) + 1)
        self.events.append((eid, stream_id, message))
        return eid

    async def replay_events_after(self, last_event_id: str, send_callback: Any) -> str | None:
        at = next((i for i, e in enumerate(self.events) if e[0] == last_event_id), None)
        if at is None:
            return None
        stream = self.events[at][1]
        for eid, sid, message in self.events[at + 1 :]:
            if sid == stream and message is not None:
                await send_callback(EventMessage(message, eid))
        return stream


def main() -> None:
    store = os.environ.get("REMOTE_EVENT_STORE") == "1"
    app = mcp.streamable_http_app(
        event_store=MemoryEventStore() if store else None,
        retry_interval=50 if store else None,
    )

    async def logged(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = {k.decode(): v.decode() for k, v in scope["headers"]}
            rec = {
                "method": scope["method"],
                "path": scope["path"],
                "last_event_id": headers.get("last-event-id"),
            }
            with (ROOT / "http.log").open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(rec) + "\n")
        await app(scope, receive, send)

    port = int(os.environ["REMOTE_PORT"])
    uvicorn.run(logged, host="127.0.0.1", port=port, log_level="warning", lifespan="on")


if __name__ == "__main__":
    main()
