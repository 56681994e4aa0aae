"""Parity of ``cordon run`` and ``cordon serve`` when the policy's ``base_dir`` is not the
directory the server joins a relative path to (tests/e2e/test_base_dir_mismatch.py is the
proxy's side): the npm filesystem server started on the home directory, the policy confining
paths to ``~/project``.

``cordon run`` forwards a relative path joined to ``base_dir``. A harness that asks
``cordon serve`` and runs the call itself runs what the reply's ``arguments`` say (the
arguments as asked when it is null); before serve handed them back, ``.ssh/id_rsa`` was
allowed as ``~/project/.ssh/id_rsa`` and the server, given it as written, returned the home
directory's private key."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, fs_server, text_of
from tests.e2e.test_base_dir_mismatch import _home
from tests.serve.test_serve_mcp import serve_params

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

CALLS: list[tuple[str, dict[str, Any]]] = [
    ("read_text_file", {"path": ".ssh/id_rsa"}),
    ("read_text_file", {"path": "notes.md"}),
    ("read_multiple_files", {"paths": ["notes.md", ".ssh/id_rsa"]}),
]


async def test_serve_hands_back_the_path_the_proxy_forwards(harness: Harness) -> None:
    home, proj = _home(harness)
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "allowed_path_prefixes": [str(proj)],
            "base_dir": str(proj),
        }
    )
    proxied: list[str] = []
    params = harness.cordon(fs_server(home), policies=[policy], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for tool, args in CALLS:
            proxied.append(text_of(await client.call_tool(tool, args)))

    served: list[str] = []
    cmd = fs_server(home)
    upstream = StdioServerParameters(command=cmd[0], args=cmd[1:])
    async with (
        Client(serve_params(harness.tmp, "--policy", str(policy)), cache=None) as serve,  # type: ignore[arg-type]
        Client(upstream, mode="legacy") as files,  # type: ignore[arg-type]
    ):
        tools = [
            t.model_dump(by_alias=True, exclude_none=True, mode="json")
            for t in (await files.list_tools()).tools
        ]
        for tool, args in CALLS:
            ctx = {"session_id": "files-1", "server": "files", "tools": tools}
            r = await serve.call_tool(
                "check_tool_call", {"tool": tool, "arguments": args, "context": ctx}
            )
            sc = r.structured_content
            assert sc is not None and sc["verdict"] == "allow", sc
            run = sc.get("arguments") or args
            served.append(text_of(await files.call_tool(tool, run)))

    for through_proxy, through_serve in zip(proxied, served, strict=True):
        assert "PRIVATE KEY" not in through_proxy and "PRIVATE KEY" not in through_serve
    assert "project notes" in served[1] and "project notes" in proxied[1]
