"""Write benign_tools.py's installed part: the live tools/list (and ``instructions``) of each
real MCP server installed here, started as tests/e2e/_pack_servers.py starts it (offline,
dummy credentials, every optional tool group on), listed with the official MCP SDK client.

    env -u SHELL PYTHONPATH=src:. .venv/bin/python bench/content/outside/collect_tools.py OUT.json
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from tests.e2e._pack_servers import NODE_BIN, SERVERS, Launch, docs_stub

#: the reference server the e2e packs do not describe
EXTRA: dict[str, tuple[str, Launch]] = {
    "everything": (
        "npm @modelcontextprotocol/server-everything",
        ([str(NODE_BIN / "mcp-server-everything")], {}),
    ),
}


async def _list(cmd: list[str], env: dict[str, str]) -> tuple[list[dict[str, Any]], str]:
    base = {k: os.environ[k] for k in ("PATH", "LANG") if k in os.environ}
    params = StdioServerParameters(command=cmd[0], args=cmd[1:], env={**base, **env})
    with anyio.fail_after(60):
        async with Client(params, mode="legacy") as client:
            tools = (await client.list_tools()).tools
            instructions = client.instructions or ""
    return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools], instructions


def main() -> None:
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as d, docs_stub() as stub:
        launches = [(s.pack, s.package, s.launch(Path(d), stub)) for s in SERVERS]
        launches += [(k, pkg, launch) for k, (pkg, launch) in EXTRA.items()]
        for name, package, (cmd, env) in launches:
            home = Path(d) / f"home-{name}"
            home.mkdir(exist_ok=True)
            try:
                tools, instr = anyio.run(_list, cmd, {"HOME": str(home), **env})
            except Exception as exc:  # a server that does not start is reported, not fatal
                print(f"{name}: {exc!r}", file=sys.stderr)
                continue
            print(f"{name}: {len(tools)} tools", file=sys.stderr)
            out[name] = {"package": package, "tools": tools, "instructions": instr}
    Path(sys.argv[1]).write_text(json.dumps(out, indent=1, ensure_ascii=False), "utf-8")


if __name__ == "__main__":
    main()
