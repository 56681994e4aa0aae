"""Write benign_tools.py's installed part: the live tools/list (and ``instructions``) of each
real MCP server installed here, started as tests/e2e/_pack_servers.py starts it (offline,
dummy credentials, every optional tool group on), listed with the official MCP SDK client.

    env -u SHELL PYTHONPATH=src:. .venv/bin/python bench/content/outside/collect_tools.py OUT.json
    # the servers not installed here: `npm install --ignore-scripts PACKAGE...` in DIR first
    ... collect_tools.py --scratch DIR OUT.json

The GitHub (github-mcp-server's ``__toolsnaps__``) and Sentry (``toolDefinitions.json``) parts
are read from those repositories at the commit each source names.
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
    return [
        t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools
    ], instructions


#: servers listed from a scratch npm directory: (package, command after .bin/, environment);
#: Redis (@modelcontextprotocol/server-redis), Stripe (@stripe/mcp) and Heroku
#: (@heroku/mcp-server) did not list their tools offline
SCRATCH: dict[str, tuple[str, list[str], dict[str, str]]] = {
    "context7": ("@upstash/context7-mcp", ["context7-mcp"], {}),
    "brave_search": (
        "@brave/brave-search-mcp-server",
        ["brave-search-mcp-server"],
        {"BRAVE_API_KEY": "dummy"},
    ),
    "brave_search_ref": (
        "@modelcontextprotocol/server-brave-search",
        ["mcp-server-brave-search"],
        {"BRAVE_API_KEY": "dummy"},
    ),
    "sequential_thinking": (
        "@modelcontextprotocol/server-sequential-thinking",
        ["mcp-server-sequential-thinking"],
        {},
    ),
    "puppeteer": ("@modelcontextprotocol/server-puppeteer", ["mcp-server-puppeteer"], {}),
    "google_maps": (
        "@modelcontextprotocol/server-google-maps",
        ["mcp-server-google-maps"],
        {"GOOGLE_MAPS_API_KEY": "dummy"},
    ),
    "gitlab": (
        "@modelcontextprotocol/server-gitlab",
        ["mcp-server-gitlab"],
        {"GITLAB_PERSONAL_ACCESS_TOKEN": "dummy"},
    ),
    "aws_kb": (
        "@modelcontextprotocol/server-aws-kb-retrieval",
        ["mcp-server-aws-kb-retrieval"],
        {"AWS_ACCESS_KEY_ID": "dummy", "AWS_SECRET_ACCESS_KEY": "dummy", "AWS_REGION": "us-east-1"},
    ),
    "firecrawl": ("firecrawl-mcp", ["firecrawl-mcp"], {"FIRECRAWL_API_KEY": "fc-dummy"}),
    "tavily": ("tavily-mcp", ["tavily-mcp"], {"TAVILY_API_KEY": "tvly-dummy"}),
    "exa": ("exa-mcp-server", ["exa-mcp-server"], {"EXA_API_KEY": "dummy"}),
    "cloudflare": (
        "@cloudflare/mcp-server-cloudflare",
        ["mcp-server-cloudflare", "run", "0123456789abcdef0123456789abcdef"],
        {"CLOUDFLARE_API_TOKEN": "dummy"},
    ),
    "everart": (
        "@modelcontextprotocol/server-everart",
        ["mcp-server-everart"],
        {"EVERART_API_KEY": "dummy"},
    ),
    "kubernetes": ("mcp-server-kubernetes", ["mcp-server-kubernetes"], {}),
    "circleci": (
        "@circleci/mcp-server-circleci",
        ["mcp-server-circleci"],
        {"CIRCLECI_TOKEN": "dummy"},
    ),
}


def _scratch(root: Path) -> list[tuple[str, str, Launch]]:
    out = []
    for name, (pkg, cmd, env) in SCRATCH.items():
        meta = json.loads((root / "node_modules" / pkg / "package.json").read_text("utf-8"))
        bin_ = str(root / "node_modules" / ".bin" / cmd[0])
        out.append((name, f"npm {pkg}@{meta['version']}", ([bin_, *cmd[1:]], env)))
    return out


def main() -> None:
    out: dict[str, Any] = {}
    args = sys.argv[1:]
    with tempfile.TemporaryDirectory() as d, docs_stub() as stub:
        if args[0] == "--scratch":
            launches = _scratch(Path(args[1]))
        else:
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
    Path(args[-1]).write_text(json.dumps(out, indent=1, ensure_ascii=False), "utf-8")


if __name__ == "__main__":
    main()
