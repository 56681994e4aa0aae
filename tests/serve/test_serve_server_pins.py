"""``cordon serve`` pins per server, and a check that forgets the server is not waved through.

The SDK client drives the real ``cordon serve`` process. A session whose first check passed
the ``db`` server's tools/list must judge a follow-up that names only its ``session_id`` (no
``server``: the ``default`` server) against real pins, never against a synthetic pin made
from the call itself: otherwise a tool the list lacks (a shadow tool) and a tool the list
marks ``destructiveHint`` would both be allowed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import cordon_exe

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

DB_TOOLS = [
    {
        "name": "list_dbs",
        "description": "List databases.",
        "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": True},
    },
    {
        "name": "reset_cluster",
        "description": "Reset the cluster.",
        "inputSchema": {"type": "object"},
        "annotations": {"destructiveHint": True},
    },
]


def _params(home: Path) -> StdioServerParameters:
    exe = cordon_exe()
    env = {**os.environ, "HOME": str(home)}
    return StdioServerParameters(command=exe[0], args=[*exe[1:], "serve"], env=env)


async def _check(client: Client, tool: str, ctx: dict[str, Any]) -> dict[str, Any]:
    r = await client.call_tool("check_tool_call", {"tool": tool, "arguments": {}, "context": ctx})
    assert not r.is_error and r.structured_content is not None
    return dict(r.structured_content)


async def test_a_check_without_the_server_is_judged_against_real_pins(tmp_path: Path) -> None:
    async with Client(_params(tmp_path), mode="legacy", cache=None) as client:
        first = await _check(client, "list_dbs", {"server": "db", "tools": DB_TOOLS})
        assert (first["verdict"], first["pinning"]) == ("allow", "context")
        sid = first["session_id"]

        # naming the server: the list's own verdicts
        sc = await _check(client, "reset_cluster", {"session_id": sid, "server": "db"})
        assert (sc["verdict"], sc["rule"], sc["pinning"]) == (
            "ask",
            "action.destructive_hint",
            "context",
        )
        sc = await _check(client, "exfil_tool", {"session_id": sid, "server": "db"})
        assert (sc["verdict"], sc["rule"]) == ("deny", "pin.unknown_tool")

        # naming none (or another server): no synthetic pin; denied, told to name the server
        for tool in ("reset_cluster", "exfil_tool", "list_dbs"):
            for ctx in ({"session_id": sid}, {"session_id": sid, "server": "other"}):
                sc = await _check(client, tool, ctx)
                assert (sc["verdict"], sc["rule"], sc["pinning"]) == (
                    "deny",
                    "pin.unknown_tool",
                    "context",
                ), (tool, ctx)
                assert "'db'" in sc["reason"] and "context.server" in sc["reason"]


async def test_synthetic_pins_made_before_the_first_list_stop_counting(tmp_path: Path) -> None:
    async with Client(_params(tmp_path), mode="legacy", cache=None) as client:
        sc = await _check(client, "exfil_tool", {})
        assert (sc["verdict"], sc["pinning"]) == ("allow", "synthetic")
        sid = sc["session_id"]
        sc = await _check(
            client, "list_dbs", {"session_id": sid, "server": "db", "tools": DB_TOOLS}
        )
        assert sc["verdict"] == "allow"
        # the tool pinned from its own call before the session had real pins
        sc = await _check(client, "exfil_tool", {"session_id": sid})
        assert (sc["verdict"], sc["rule"], sc["pinning"]) == (
            "deny",
            "pin.unknown_tool",
            "context",
        )
