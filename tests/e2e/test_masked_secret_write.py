"""The default ``warn`` mode masks a credential in a file the agent reads; through a Cursor
project config wrapped by the real ``cordon init`` (``packs: [filesystem]``), writing that
text back (the whole file, a setting changed) is denied (``action.masked_secret_write``) and
the file keeps its credential; the edit of the changed line alone goes through. Before, the
write landed and the file held ``[secret masked: ghp_****]`` where the token had been."""

from __future__ import annotations

import os

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, text_of
from tests.e2e.test_ignore_file_content import _wrapped

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

KEY = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
CONFIG = f"service:\n  name: widget\n  token: {KEY}\n  timeout: 10\n"


async def test_a_masked_credential_is_not_written_back(harness: Harness) -> None:
    proj = harness.tmp / "proj"
    proj.mkdir()
    (proj / "config.yaml").write_text(CONFIG, "utf-8")
    entry = _wrapped(harness, proj)
    env = {**os.environ, "HOME": str(harness.home), **entry.get("env", {})}
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        read = text_of(await client.call_tool("read_text_file", {"path": "config.yaml"}))
        assert KEY not in read and "[secret masked: ghp_****]" in read, read
        changed = read.replace("timeout: 10", "timeout: 30")
        r = await client.call_tool("write_file", {"path": "config.yaml", "content": changed})
        assert r.is_error and "action.masked_secret_write" in text_of(r), text_of(r)
        assert "edit only the lines that change" in text_of(r), text_of(r)
        assert (proj / "config.yaml").read_text("utf-8") == CONFIG
        edit = {"oldText": "timeout: 10", "newText": "timeout: 30"}
        r = await client.call_tool("edit_file", {"path": "config.yaml", "edits": [edit]})
        assert not r.is_error, text_of(r)
    assert (proj / "config.yaml").read_text("utf-8") == CONFIG.replace("timeout: 10", "timeout: 30")
