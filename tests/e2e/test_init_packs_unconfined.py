"""``cordon init --packs`` for the npm filesystem server given the home folder, end to end:
the real ``cordon init`` rewrites a scratch config; the rewritten entry, started as the
client starts it, runs the real server behind the real ``cordon run`` with the policy file
init wrote, driven by the official SDK client.

The home folder is too wide to be the pack's prefix, so the pack was written without one,
and its ``destructive: false`` let every write under the home folder through unasked: the
pack was looser than no pack, where the server's ``destructiveHint`` asks before each write.
Now the file keeps that hint for the pack's path tools: a note written to the home folder is
asked about (``action.destructive_hint``) and, with no person to approve, not written; a
directory made (the server: not destructive) and a read go through as with no pack."""

from __future__ import annotations

import json
import os

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import ROOT, Harness, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

BIN = ROOT / "node_modules" / ".bin"


async def test_init_packs_on_the_home_folder_keeps_each_write_asked(harness: Harness) -> None:
    home = harness.home
    (home / "notes").mkdir()
    (home / "notes" / "old.md").write_text("kept\n", "utf-8")
    server = {"command": str(BIN / "mcp-server-filesystem"), "args": [str(home)]}
    config = harness.tmp / "project" / ".mcp.json"
    config.parent.mkdir()
    config.write_text(json.dumps({"mcpServers": {"files": server}}), "utf-8")
    said = run_init(harness, config, "--packs", "--no-hook")
    assert "files: --packs: pack 'filesystem'" in said, said
    entry = json.loads(config.read_text("utf-8"))["mcpServers"]["files"]
    params = StdioServerParameters(
        command=str(entry["command"]),
        args=entry["args"],
        env={**os.environ, "HOME": str(home), **dict(entry.get("env") or {})},
    )
    note = home / "notes" / "todo.md"
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        w = await client.call_tool("write_file", {"path": str(note), "content": "x\n"})
        assert w.is_error and "action.destructive_hint" in text_of(w), text_of(w)
        e = await client.call_tool(
            "edit_file",
            {
                "path": str(home / "notes" / "old.md"),
                "edits": [{"oldText": "kept", "newText": "x"}],
            },
        )
        assert e.is_error and "action.destructive_hint" in text_of(e), text_of(e)
        d = await client.call_tool("create_directory", {"path": str(home / "drafts")})
        assert not d.is_error, text_of(d)
        r = await client.call_tool("read_text_file", {"path": str(home / "notes" / "old.md")})
        assert not r.is_error and "kept" in text_of(r), text_of(r)
    assert not note.exists()
    assert (home / "notes" / "old.md").read_text("utf-8") == "kept\n"
    assert (home / "drafts").is_dir()
    # and init said so, with the reason
    assert "pack 'filesystem' is not confined" in said and "home folder" in said, said
