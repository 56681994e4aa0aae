"""A ``max_calls`` budget counts the calls of one ``cordon run`` process, which lives as long
as the client keeps that server running: a client restart (a new ``cordon run``) starts the
count again. The README says so, for a policy author who would read it as a quota. Real
filesystem server, real ``cordon run``, the SDK client; side effects checked on disk."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_a_budget_is_counted_per_cordon_run_process(harness: Harness) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "allowed_path_prefixes": [str(root)],
            "tools": {"write_file": {"max_calls": 1}},
        }
    )
    for start in ("first", "second"):
        params = harness.cordon(fs_server(root), policies=[policy], name="fs")
        async with Client(params) as client:
            await client.list_tools()
            ok = await client.call_tool(
                "write_file", {"path": str(root / f"{start}-1.txt"), "content": "x"}
            )
            assert not ok.is_error, (start, text_of(ok))
            over = await client.call_tool(
                "write_file", {"path": str(root / f"{start}-2.txt"), "content": "x"}
            )
            assert over.is_error and "budget.max_calls" in text_of(over), (start, text_of(over))
    assert sorted(p.name for p in root.iterdir()) == ["first-1.txt", "second-1.txt"]
