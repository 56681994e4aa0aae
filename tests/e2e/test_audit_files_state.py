"""A tool may not write the audit log's lock or rotated files (``action.cordon_state``): a
removed lock lets two writers fork the chain; a planted ``.2`` is a missing file for
``cordon audit verify``, and a later rotation would overwrite kept evidence with it."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_rotated_and_lock_files_refused(harness: Harness) -> None:
    proj = harness.home / "proj"
    proj.mkdir(parents=True)
    harness.audit = proj / "logs" / "audit.jsonl"
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "allowed_path_prefixes": [str(proj)],
            "base_dir": str(proj),
        }
    )
    async with Client(
        harness.cordon(fs_server(proj), policies=[policy], name="fs"), mode="legacy"
    ) as client:
        await client.list_tools()
        for name in ("audit.jsonl.lock", "audit.jsonl.2", "audit.jsonl.10"):
            r = await client.call_tool("write_file", {"path": f"logs/{name}", "content": "x"})
            assert r.is_error and "action.cordon_state" in text_of(r), (name, text_of(r))
        r = await client.call_tool("write_file", {"path": "logs/audit.jsonl.notes", "content": "x"})
        assert not r.is_error
    assert (proj / "logs" / "audit.jsonl.notes").read_text() == "x"
    assert not (proj / "logs" / "audit.jsonl.2").exists()
    assert (proj / "logs" / "audit.jsonl.lock").read_text() != "x"
