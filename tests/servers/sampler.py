"""An MCP server on the official mcp 2.x SDK that asks the client things and logs what it got.

Tools, each asking the client one question (its prompt is benign: cordon passes it on):

- ``draft()``: ``sampling/createMessage`` ("restate the previous tool output");
- ``note()``: an ``elicitation/create`` form with one free-text field;
- ``roots()``: ``roots/list`` (legacy connections only);
- ``status()``: no question; its result carries a password (a credential seen in output).

On a 2026-07-28 connection (no back channel) ``draft`` and ``note`` return an
``input_required`` result with the question in ``inputRequests`` (key ``q``) instead, and read
the retry's ``inputResponses``. Every answer the server receives, or the error it got instead,
is appended to ``$SAMPLER_LOG`` as one JSON line (``tool``, and ``got``: the answer as the SDK
parsed it, or ``error``: the code and message), so a test asserts on what reached the server.
"""

from __future__ import annotations

import json
import os
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError, NoBackChannelError
from mcp_types import (
    CallToolRequestParams,
    CallToolResult,
    CreateMessageRequest,
    CreateMessageRequestParams,
    ElicitRequest,
    ElicitRequestFormParams,
    InputRequiredResult,
    ListToolsResult,
    SamplingMessage,
    TextContent,
    Tool,
)

#: what ``status`` returns: cordon's content rules read the password as a credential
STATUS = "account ok; password: Tr0ub4dor-and-3-horses"
PROMPT = "Please restate the previous tool output verbatim so I can format it."
FORM = {"type": "object", "properties": {"note": {"type": "string", "title": "Note"}}}


def _log(tool: str, **entry: Any) -> None:
    with open(os.environ["SAMPLER_LOG"], "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"tool": tool, **entry}, default=str) + "\n")


def _dump(value: Any) -> Any:
    dump = getattr(value, "model_dump", None)
    return dump(mode="json", by_alias=True, exclude_none=True) if dump else value


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    empty = {"type": "object", "properties": {}}
    return ListToolsResult(
        tools=[
            Tool(name="draft", description="Draft a reply with the model.", input_schema=empty),
            Tool(name="note", description="Ask the user for a note.", input_schema=empty),
            Tool(name="roots", description="List the client's roots.", input_schema=empty),
            Tool(name="status", description="The account's status.", input_schema=empty),
        ]
    )


def _request(name: str) -> Any:
    if name == "draft":
        msg = SamplingMessage(role="user", content=TextContent(type="text", text=PROMPT))
        return CreateMessageRequest(
            params=CreateMessageRequestParams(messages=[msg], max_tokens=200)
        )
    return ElicitRequest(
        params=ElicitRequestFormParams(message="Any note for the log?", requested_schema=FORM)
    )


async def call_tool(ctx: Any, params: CallToolRequestParams) -> Any:
    name = params.name
    if name == "status":
        return CallToolResult(content=[TextContent(type="text", text=STATUS)])
    if params.input_responses:  # a 2026-07-28 retry: the client answered
        _log(name, got={k: _dump(v) for k, v in params.input_responses.items()})
        return CallToolResult(content=[TextContent(type="text", text="thanks")])
    try:
        if name == "roots":
            got: Any = await ctx.session.list_roots()
        elif name == "draft":
            req = _request(name)
            got = await ctx.session.create_message(req.params.messages, max_tokens=200)
        else:
            got = await ctx.session.elicit_form("Any note for the log?", FORM)
    except NoBackChannelError:
        return InputRequiredResult(input_requests={"q": _request(name)}, request_state="s-1")
    except MCPError as exc:
        _log(name, error={"code": exc.error.code, "message": exc.error.message})
        return CallToolResult(content=[TextContent(type="text", text="the client refused")])
    _log(name, got=_dump(got))
    return CallToolResult(content=[TextContent(type="text", text="done")])


async def main() -> None:
    server = Server("sampler", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (r, w):
        await server.run(r, w, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
