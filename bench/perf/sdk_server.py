"""The same two tools as ``echo_server.py`` on the official mcp 2.x low-level ``Server``."""

from __future__ import annotations

from typing import Any

import anyio
from blobtext import blob_text
from mcp.server import Server
from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.stdio import stdio_server
from mcp_types import CallToolRequestParams, CallToolResult, ListToolsResult, TextContent, Tool

_SCHEMA = {
    "type": "object",
    "properties": {"text": {"type": "string"}, "size": {"type": "integer"}},
}
TOOLS = [
    Tool(name="echo", description="Echo text back.", input_schema=_SCHEMA),
    Tool(name="blob", description="Return a text result of the given size.", input_schema=_SCHEMA),
]
_cache: dict[int, str] = {}


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    return ListToolsResult(tools=TOOLS)


async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
    args = params.arguments or {}
    if params.name == "blob":
        size = int(args.get("size", 0))
        if size not in _cache:
            _cache[size] = blob_text(size)
        text = _cache[size]
    else:
        text = str(args.get("text", ""))
    return CallToolResult(content=[TextContent(type="text", text=text)])


async def main() -> None:
    server = Server("perf-sdk", version="1", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (r, w):
        await server.run(r, w, server.create_initialization_options(NotificationOptions()))


if __name__ == "__main__":
    anyio.run(main)
