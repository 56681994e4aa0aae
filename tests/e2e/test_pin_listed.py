"""`cordon run` keeps the names of each start-up's tools/list in the pin file, so `cordon
pin accept` can tell a pending tool the server no longer lists (dropped, never pinned)."""

from __future__ import annotations

import pytest
from mcp import Client

from cordon.store.pins import PinFile
from tests.conftest import Harness, mailbox_server

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_each_start_up_records_the_tools_listed(harness: Harness) -> None:
    pins = harness.tmp / "pins.json"
    box = harness.tmp / "box"
    box.mkdir()
    params = harness.cordon(
        mailbox_server(), extra=["--pin-file", str(pins)], env={"MAILBOX_DIR": str(box)}
    )
    async with Client(params, mode="legacy") as client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert "send_email" in names
    # a tool seen once and gone since: pending, and not among the names the server lists
    PinFile(pins).record_pending("default", {"name": "gone", "inputSchema": {"type": "object"}})
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
    entry = PinFile(pins).load()["servers"]["default"]
    assert set(entry["listed"]) == names and "gone" in entry["pending"]
    assert PinFile(pins).drop_stale("default") == ["default/gone"]
