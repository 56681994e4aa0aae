"""Packs that claim ``checked_live: true`` match the real server's tools/list."""

from __future__ import annotations

import pytest
from mcp import Client, StdioServerParameters

from cordon.policy import load_pack, pack_names
from tests.conftest import Harness, fs_server

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_filesystem_pack_matches_live_server(harness: Harness) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    cmd = fs_server(root)
    async with Client(StdioServerParameters(command=cmd[0], args=cmd[1:]), mode="legacy") as client:
        live = {t.name: t for t in (await client.list_tools()).tools}
    pack = load_pack("filesystem")["tools"]
    assert set(pack) == set(live)
    for name, entry in pack.items():
        assert entry["checked_live"] is True
        props = set((live[name].input_schema or {}).get("properties", {}))
        assert set(entry.get("path_params", [])) <= props, name


def test_only_filesystem_claims_live_check() -> None:
    for name in pack_names():
        tools = load_pack(name)["tools"]
        claims = {t.get("checked_live", False) for t in tools.values()}
        assert claims == ({True} if name == "filesystem" else {False}), name
