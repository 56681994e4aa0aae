"""A Python MCP server on the official mcp 2.x SDK that serves ``file://`` resources from the
local disk, as a filesystem server exposing a directory does: used as a real upstream in e2e
tests of the confinement of ``file:`` resource URIs to the policy's ``allowed_path_prefixes``.

It lists every file under ``$FILES_ROOT`` (the project and whatever else is there: a server
exposing the home directory lists ``~/.ssh`` as readily) and offers the template
``file:///{+path}``. A read opens the path the URI names, as a conforming server does
(RFC 8089: the path percent-decoded once), and returns its text; a subscribe is answered.

Every ``resources/read`` and ``resources/subscribe`` that reaches it is appended to
``$RES_LOG`` (one JSON line: ``method`` and ``uri``) before the file is opened, so a test
asserts on what the server actually received, never on what cordon says it did.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import anyio
from mcp.server import Server
from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.stdio import stdio_server
from mcp_types import (
    EmptyResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ReadResourceRequestParams,
    ReadResourceResult,
    Resource,
    ResourceTemplate,
    SubscribeRequestParams,
    TextResourceContents,
)

LOG = Path(os.environ["RES_LOG"])
ROOT = Path(os.environ["FILES_ROOT"])


def _log(method: str, uri: str) -> None:
    with LOG.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"method": method, "uri": uri}) + "\n")


async def list_resources(ctx: Any, params: Any) -> ListResourcesResult:
    files = sorted(p for p in ROOT.rglob("*") if p.is_file())
    return ListResourcesResult(
        resources=[Resource(name=p.name, uri=p.as_uri(), mime_type="text/plain") for p in files]
    )


async def list_templates(ctx: Any, params: Any) -> ListResourceTemplatesResult:
    return ListResourceTemplatesResult(
        resource_templates=[ResourceTemplate(name="file", uri_template="file:///{+path}")]
    )


async def read_resource(ctx: Any, params: ReadResourceRequestParams) -> ReadResourceResult:
    uri = params.uri
    _log("resources/read", uri)
    try:
        text = Path(unquote(urlsplit(uri).path)).read_text("utf-8")
    except OSError as exc:
        text = f"cannot read: {exc.strerror}"
    return ReadResourceResult(contents=[TextResourceContents(uri=uri, text=text)])


async def subscribe(ctx: Any, params: SubscribeRequestParams) -> EmptyResult:
    _log("resources/subscribe", params.uri)
    return EmptyResult()


async def main() -> None:
    server = Server(
        "files",
        version="1.0.0",
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
        on_subscribe_resource=subscribe,
    )
    async with stdio_server() as (r, w):
        await server.run(r, w, server.create_initialization_options(NotificationOptions()))


if __name__ == "__main__":
    anyio.run(main)
