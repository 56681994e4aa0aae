"""The perf tools (``echo``, ``blob(size)``) on the official SDK's Streamable HTTP server.

    .venv/bin/python bench/remote/server.py PORT

Serves ``http://127.0.0.1:PORT/mcp`` (both protocol eras, the SDK's defaults) with uvicorn,
no auth. ``blob`` returns a cached text result of ``size`` bytes (``bench/perf/blobtext.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "perf"))

from mcp.server import Server  # noqa: E402
from sdk_server import call_tool, list_tools  # noqa: E402


def main(port: int) -> None:
    import uvicorn

    server = Server("remote-bench", version="1", on_list_tools=list_tools, on_call_tool=call_tool)
    app = server.streamable_http_app(host="127.0.0.1")
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")


if __name__ == "__main__":
    main(int(sys.argv[1]))
