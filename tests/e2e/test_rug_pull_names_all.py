"""A re-listed tools/list that hides several tools whose definitions changed (a rug pull)
names them all on cordon's stderr, not only the first: the person reading it must know
every tool the agent lost before running ``cordon pin accept``. Past
``MAX_NAMED`` names the line counts the rest. Through the real ``cordon run`` in front of
an SDK server that changes every definition after its first list, with the SDK client."""

from __future__ import annotations

import sys

import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from tests.conftest import ROOT, Harness

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "relisted.py")]


async def _hint(harness: Harness, tools: int) -> str:
    env = {"RELIST_TOOLS": str(tools), "RELIST_NAME_CHARS": "4"}
    err = harness.tmp / "cordon.err"
    params = harness.cordon(SERVER, name="relisted", env=env)
    with err.open("a", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            await client.list_tools()  # pinned
            assert (await client.list_tools()).tools == []  # every definition changed
    lines = [x for x in err.read_text("utf-8").splitlines() if "cordon pin accept" in x]
    assert len(lines) == 1, lines
    return lines[0]


async def test_every_hidden_tool_is_named(harness: Harness) -> None:
    line = await _hint(harness, 3)
    assert "tools 't0_x', 't1_x', 't2_x' are hidden" in line, line
    assert "(pin.changed)" in line, line


async def test_a_long_hidden_set_is_named_in_part_and_counted(harness: Harness) -> None:
    line = await _hint(harness, 30)
    assert "'t0_x'" in line and "and 10 more are hidden" in line, line
    assert len(line) < 1000, line
