"""The perf tools (``echo``, ``blob(size)``) on the official SDK's Streamable HTTP server.

    .venv/bin/python bench/remote/server.py PORT

Serves ``http://127.0.0.1:PORT/mcp`` (both protocol eras, the SDK's defaults) with uvicorn,
no auth. ``blob`` returns a cached text result of ``size`` bytes (``bench/perf/blobtext.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "perf"))

from blobtext import blob_text  # noqa: E402
from mcp.server import Server  # noqa: E402
from mcp_types import CallToolRequestParams, CallToolResult, ListToolsResult, TextContent  # noqa: E402
from sdk_server import TOOLS  # noqa: E402

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


def main(port: int) -> None:
    import uvicorn

    server = Server("remote-bench", version="1", on_list_tools=list_tools, on_call_tool=call_tool)
    app = server.streamable_http_app(host="127.0.0.1")
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")


if __name__ == "__main__":
    main(int(sys.argv[1]))
