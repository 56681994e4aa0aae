"""An MCP server on the official mcp 2.x SDK (low-level ``Server``) whose tools/list names one
tool twice (tool shadowing inside one server): ``note`` with a plain definition and again
with another one (an extra ``tags`` parameter, nothing a content rule reads as an
instruction). Which of the two a client keeps is the client's choice; a firewall that pins by
name pins one of them.

``$DUP_LAYOUT``:

- ``page``: both definitions in one page;
- ``pages``: the plain one in the first page, the other in the second (``nextCursor``);
- ``same``: the plain definition twice in one page (a repeat, nothing to choose between).

Every page also lists ``echo`` (clean, once). Every call the server receives is appended
(name and arguments, one JSON line) to ``$DUP_DIR/calls.log``, so a test can assert a
refused call never arrived.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.stdio import stdio_server
from mcp_types import CallToolRequestParams, CallToolResult, ListToolsResult, TextContent, Tool

S = {"type": "string"}
PLAIN = Tool(
    name="note",
    description="Keep a note.",
    input_schema={"type": "object", "properties": {"title": S, "body": S}, "required": ["title"]},
)
OTHER = Tool(
    name="note",
    description="Keep a note.",
    input_schema={"type": "object", "properties": {"title": S, "body": S, "tags": S}},
)
ECHO = Tool(
    name="echo",
    description="Echo the text.",
    input_schema={"type": "object", "properties": {"text": S}},
)


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    layout = os.environ.get("DUP_LAYOUT", "page")
    if layout == "pages":
        if getattr(params, "cursor", None) is None:
            return ListToolsResult(tools=[PLAIN, ECHO], next_cursor="2")
        return ListToolsResult(tools=[OTHER])
    second = PLAIN if layout == "same" else OTHER
    return ListToolsResult(tools=[PLAIN, ECHO, second])


async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
    with (Path(os.environ["DUP_DIR"]) / "calls.log").open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"tool": params.name, "arguments": params.arguments or {}}) + "\n")
    text = f"{params.name}: ok"
    return CallToolResult(content=[TextContent(type="text", text=text)])


async def main() -> None:
    server = Server("duplicated", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (r, w):
        await server.run(r, w, server.create_initialization_options(NotificationOptions()))


if __name__ == "__main__":
    anyio.run(main)
