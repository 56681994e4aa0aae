"""A Python MCP server on the official mcp 2.x SDK whose one tool fails with a JSON-RPC error
carrying text an attacker wrote, as a server that raises a protocol error quoting what it
read does (a page's ``robots.txt``, an API's error body): the client hands the message to
the model as the call's outcome, so it is untrusted input like any result.

- ``fetch_page()`` answers a JSON-RPC error (code -32603) whose message is the text of
  ``$RPC_ERROR_PAGE``.

Env: ``RPC_ERROR_PAGE`` (required): the file whose text the error carries.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolRequestParams, CallToolResult, ListToolsResult, Tool

PAGE = Path(os.environ["RPC_ERROR_PAGE"])


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    return ListToolsResult(
        tools=[
            Tool(
                name="fetch_page",
                description="Fetch the configured page.",
                input_schema={"type": "object", "properties": {}},
            )
        ]
    )


async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
    raise MCPError(code=-32603, message=f"fetching failed: {PAGE.read_text('utf-8')}")


async def main() -> None:
    server = Server("rpc-error", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
