"""`cordon run` says on stderr once that its policy does not fit the server. The start-up
check (against the tool names pinned for the server) and the first live tools/list's (the
same names) found the same misfit, and each wrote it: the same line twice at every start.
A changed misfit (a list that now names other tools) is still said. Real filesystem server,
real `cordon run`, the SDK client, cordon's stderr read."""

from __future__ import annotations

import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from tests.conftest import Harness, fs_server

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_the_misfit_line_is_written_once_per_start(harness: Harness) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    good = harness.policy({"version": 1, "packs": ["filesystem"]}, "good.yaml")
    async with Client(harness.cordon(fs_server(root), policies=[good], name="files")) as c:
        await c.list_tools()  # (the server's tools pinned)
    typo = harness.policy(
        {"version": 1, "packs": ["filesystem"], "tools": {"write_fiel": {"max_calls": 1}}}
    )
    err = harness.tmp / "stderr.txt"
    params = harness.cordon(fs_server(root), policies=[typo], name="files")
    with err.open("w", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as c:
            await c.list_tools()
            await c.list_tools()
            r = await c.call_tool("list_allowed_directories", {})
            assert r.is_error
    said = [ln for ln in err.read_text("utf-8").splitlines() if "does not fit server" in ln]
    assert len(said) == 1, said
    assert "write_fiel" in said[0] and "--policy" in said[0], said
