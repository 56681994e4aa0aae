"""An MCP server on the official mcp 2.x SDK (low-level ``Server``, stdio, both protocol eras)
that hands the client a text cut by terminal controls, for the e2e tests that warn mode reads
what it delivers: a backspace, NUL, a C1 control or a carriage return inside a word is
removed before delivery, so the scanner and the taint index must read the text without it.

Env: ``CUT_DIR`` (required) holds ``text.txt`` (the text handed out, read at each call) and
receives ``outbox.jsonl`` (one JSON line per ``send_email`` or ``fetch`` run: the side effect
the tests assert on).

Tools:

- ``read_note()``: the text as a text block;
- ``read_structured()``: a clean text block, the text only in ``structuredContent``;
- ``fail()``: a JSON-RPC error whose ``message`` and ``data`` quote the text;
- ``send_email(to, body)`` and ``fetch(url)``: append their arguments to the outbox.
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
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolRequestParams, CallToolResult, ListToolsResult, TextContent, Tool

DIR = Path(os.environ["CUT_DIR"])
READS = ("read_note", "read_structured", "fail")


def _text(s: str) -> TextContent:
    return TextContent(type="text", text=s)


def _payload() -> str:
    return (DIR / "text.txt").read_bytes().decode("utf-8")  # (read_text turns a CR into LF)


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    empty = {"type": "object", "properties": {}}
    send = {"type": "object", "properties": {"to": {"type": "string"}, "body": {"type": "string"}}}
    fetch = {"type": "object", "properties": {"url": {"type": "string"}}}
    tools = [Tool(name=n, description="Read the latest note.", input_schema=empty) for n in READS]
    tools += [
        Tool(name="send_email", description="Send an email.", input_schema=send),
        Tool(name="fetch", description="Fetch a web page.", input_schema=fetch),
    ]
    return ListToolsResult(tools=tools)


async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
    name, args = params.name, params.arguments or {}
    if name in ("send_email", "fetch"):
        with (DIR / "outbox.jsonl").open("a", encoding="utf-8") as fh:
            fh.write(json.dumps({"tool": name, **args}) + "\n")
        return CallToolResult(content=[_text("sent" if name == "send_email" else "<html/>")])
    if name == "read_note":
        return CallToolResult(content=[_text(_payload())])
    if name == "read_structured":
        return CallToolResult(
            content=[_text("see the structured content")],
            structured_content={"note": _payload()},
        )
    if name == "fail":
        text = _payload()
        raise MCPError(code=-32000, message=f"cannot read the note: {text}", data={"note": text})
    return CallToolResult(content=[_text(f"unknown tool {name}")], is_error=True)


async def main() -> None:
    server = Server("cut-text", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (r, w):
        await server.run(r, w, server.create_initialization_options(NotificationOptions()))


if __name__ == "__main__":
    anyio.run(main)
