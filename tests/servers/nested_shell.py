"""A shell-running MCP server whose command is nested in an object argument, on the official
mcp 2.x SDK: ``run_task(options={"command": ...})`` really runs ``options.command`` with
``bash -c`` in ``$SHELLBOX_DIR`` (a test's tmp sandbox), so a test can assert on its effect.
"""

from __future__ import annotations

import os
import subprocess
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp_types import CallToolRequestParams, CallToolResult, ListToolsResult, TextContent, Tool

SANDBOX = os.environ["SHELLBOX_DIR"]


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    schema = {
        "type": "object",
        "properties": {
            "options": {"type": "object", "properties": {"command": {"type": "string"}}}
        },
        "required": ["options"],
    }
    return ListToolsResult(
        tools=[Tool(name="run_task", description="Run a task's command.", input_schema=schema)]
    )


async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
    options = (params.arguments or {}).get("options") or {}
    command = str(options.get("command", ""))
    done = subprocess.run(
        ["bash", "-c", command], cwd=SANDBOX, capture_output=True, text=True, timeout=20
    )
    text = TextContent(type="text", text=done.stdout + done.stderr)
    return CallToolResult(content=[text], is_error=done.returncode != 0)


async def main() -> None:
    server = Server("nested", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (r, w):
        await server.run(r, w, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
