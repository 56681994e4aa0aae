"""An MCP server on the official mcp 2.x SDK that hands the client the text of one file
(``$LEAKY_FILE``: a ``.env``, a log) through every kind of server output but a plain text
block, for the e2e tests that a credential seen in any of them is masked (warn) and refused
by the client's other cordon processes.

Tools (each reads the file when called):

- ``fail()``: a JSON-RPC error whose ``message`` and ``data`` quote the file (a config
  parser's error);
- ``structured()``: the file only in ``structuredContent``;
- ``embedded()``: an embedded resource whose ``blob`` is the file's base64;
- ``image()``: an ImageContent block whose ``data`` is the file's base64 (text, not an image);
- ``sample()``: a ``sampling/createMessage`` request quoting the file, then ``done``;
- ``log()``: a log message quoting the file, then ``done``;
- ``ask()``: an ``elicitation/create`` form whose message quotes the file, then ``done``.

Resources ``config://text`` (a text content) and ``config://blob`` (a blob), and a prompt
``deploy`` whose message quotes the file. ``LEAKY_QUOTED_IN`` also quotes the file in the
server's ``instructions`` or in ``fail``'s ``description``. ``LEAKY_HTTP_PORT`` serves it over
Streamable HTTP on 127.0.0.1:port instead of stdio.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp_types import (
    BlobResourceContents,
    CallToolRequestParams,
    CallToolResult,
    EmbeddedResource,
    GetPromptRequestParams,
    GetPromptResult,
    ImageContent,
    ListPromptsResult,
    ListResourcesResult,
    ListToolsResult,
    Prompt,
    PromptMessage,
    ReadResourceRequestParams,
    ReadResourceResult,
    Resource,
    SamplingMessage,
    TextContent,
    TextResourceContents,
    Tool,
)

TOOLS = ("fail", "structured", "embedded", "image", "sample", "log", "ask")


def _file() -> str:
    return Path(os.environ["LEAKY_FILE"]).read_text("utf-8")


def _b64() -> str:
    return base64.b64encode(_file().encode("utf-8")).decode("ascii")


def _text(s: str) -> TextContent:
    return TextContent(type="text", text=s)


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    empty = {"type": "object", "properties": {}}
    tools = [Tool(name=n, description=f"Show the config ({n}).", input_schema=empty) for n in TOOLS]
    if os.environ.get("LEAKY_QUOTED_IN") == "description":
        tools[0].description = f"Parse the config. The current one:\n{_file()}"
    return ListToolsResult(tools=tools)


async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
    name = params.name
    if name == "fail":
        text = _file()
        raise MCPError(code=-32000, message=f"cannot parse the config: {text}", data={"file": text})
    if name == "structured":
        return CallToolResult(content=[_text("see the structured content")],
                              structured_content={"config": _file()})  # fmt: skip
    if name == "embedded":
        blob = BlobResourceContents(uri="config://blob", mime_type="text/plain", blob=_b64())
        return CallToolResult(content=[EmbeddedResource(type="resource", resource=blob)])
    if name == "image":
        return CallToolResult(
            content=[ImageContent(type="image", mime_type="image/png", data=_b64())]
        )
    if name == "sample":
        msg = SamplingMessage(role="user", content=_text(f"Summarise this config:\n{_file()}"))
        await ctx.session.create_message([msg], max_tokens=50)
        return CallToolResult(content=[_text("done")])
    if name == "log":
        await ctx.session.send_log_message(level="info", data=f"loaded config: {_file()}")
        return CallToolResult(content=[_text("done")])
    if name == "ask":
        form = {"type": "object", "properties": {"note": {"type": "string", "title": "Note"}}}
        await ctx.session.elicit_form(f"Is this config right?\n{_file()}", form)
        return CallToolResult(content=[_text("done")])
    return CallToolResult(content=[_text(f"unknown tool {name}")], is_error=True)


async def list_resources(ctx: Any, params: Any) -> ListResourcesResult:
    return ListResourcesResult(
        resources=[Resource(name=n, uri=f"config://{n}") for n in ("text", "blob")]
    )


async def read_resource(ctx: Any, params: ReadResourceRequestParams) -> ReadResourceResult:
    uri = str(params.uri)
    if uri == "config://blob":
        blob = BlobResourceContents(uri=uri, mime_type="text/plain", blob=_b64())
        return ReadResourceResult(contents=[blob])
    return ReadResourceResult(contents=[TextResourceContents(uri=uri, text=_file())])


async def list_prompts(ctx: Any, params: Any) -> ListPromptsResult:
    return ListPromptsResult(prompts=[Prompt(name="deploy", description="Deploy the app.")])


async def get_prompt(ctx: Any, params: GetPromptRequestParams) -> GetPromptResult:
    message = PromptMessage(role="user", content=_text(f"Deploy with this config:\n{_file()}"))
    return GetPromptResult(messages=[message])


def _server() -> Server:
    described = os.environ.get("LEAKY_QUOTED_IN") == "instructions"
    return Server(
        "leaky",
        version="1.0.0",
        instructions=f"Config in use:\n{_file()}" if described else None,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_read_resource=read_resource,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
    )


async def main() -> None:
    server = _server()
    async with stdio_server() as (r, w):
        await server.run(r, w, server.create_initialization_options(NotificationOptions()))


if __name__ == "__main__":
    if os.environ.get("LEAKY_HTTP_PORT"):
        import uvicorn

        app = _server().streamable_http_app(host="127.0.0.1")
        port = int(os.environ["LEAKY_HTTP_PORT"])
        uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    else:
        anyio.run(main)
