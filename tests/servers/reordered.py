"""An MCP server on the official mcp 2.x SDK (low-level ``Server``) whose tool ``save`` lists
its schema's ``required`` names (top level and in a nested object) in the order
``$REQUIRED_ORDER`` gives (``forward``, the default, or ``reverse``), as a server that builds
the list from a set does in each process (FastMCP's transformed tools under hash
randomisation). ``$SAVE_DESCRIPTION`` replaces the tool's description (a real change).
A call answers ``save: <path>``."""

from __future__ import annotations

import os
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.stdio import stdio_server
from mcp_types import CallToolRequestParams, CallToolResult, ListToolsResult, TextContent, Tool

REQUIRED = ["path", "content", "mode"]
OPTS_REQUIRED = ["owner", "group"]


def _order(names: list[str]) -> list[str]:
    return names[::-1] if os.environ.get("REQUIRED_ORDER") == "reverse" else list(names)


def _save() -> Tool:
    opts = {
        "type": "object",
        "properties": {"owner": {"type": "string"}, "group": {"type": "string"}},
        "required": _order(OPTS_REQUIRED),
    }
    schema = {
        "type": "object",
        "properties": {
            "path": {"type": "string"},
            "content": {"type": "string"},
            "mode": {"type": "string", "enum": ["create", "overwrite"]},
            "opts": opts,
        },
        "required": _order(REQUIRED),
    }
    description = os.environ.get("SAVE_DESCRIPTION") or "Save a file."
    return Tool(name="save", description=description, input_schema=schema)


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    return ListToolsResult(tools=[_save()])


async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
    path = (params.arguments or {}).get("path")
    return CallToolResult(content=[TextContent(type="text", text=f"{params.name}: {path}")])


async def main() -> None:
    server = Server("reordered", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (r, w):
        await server.run(r, w, server.create_initialization_options(NotificationOptions()))


if __name__ == "__main__":
    anyio.run(main)
