"""A file's text that names a credential file is not a write of that file, through a Cursor
project config wrapped by the real ``cordon init`` (``packs: [filesystem]``): a one-line
``.gitignore`` or ``.dockerignore`` holding ``.env`` (the first thing a project that has a
``.env`` writes) lands on disk unasked, and an edit whose new text is ``.env`` too, and so does
the committed template ``.env.example`` (no loader reads it). The asks
that matter stay: a write of ``.env`` itself and of ``AGENTS.md`` is asked about (the question
naming an agent instruction file, not only "a credential or auto-run path"), and with no
approver (the client declines) nothing is written."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, fs_server, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _wrapped(harness: Harness, proj: Path) -> dict[str, Any]:
    """``cordon init`` on a project's ``.cursor/mcp.json``, as the README's quick start runs it."""
    config = proj / ".cursor" / "mcp.json"
    config.parent.mkdir()
    files = fs_server(proj)
    entries = {"files": {"command": files[0], "args": files[1:]}}
    config.write_text(json.dumps({"mcpServers": entries}), "utf-8")
    pol = proj / "files.yaml"
    pol.write_text(
        f"version: 1\npacks: [filesystem]\nallowed_path_prefixes: [{proj}]\nbase_dir: {proj}\n",
        "utf-8",
    )
    run_init(harness, config, "--server", "files", "--policy", str(pol), "--no-hook")
    entry: dict[str, Any] = json.loads(config.read_text("utf-8"))["mcpServers"]["files"]
    return entry


async def test_ignore_files_and_the_env_template_are_written_and_env_itself_is_asked(
    harness: Harness,
) -> None:
    proj = harness.tmp / "proj"
    proj.mkdir()
    entry = _wrapped(harness, proj)
    assert entry["args"][0] == "run"
    env = {**os.environ, "HOME": str(harness.home), **entry.get("env", {})}
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for name in (".gitignore", ".dockerignore"):
            r = await client.call_tool("write_file", {"path": name, "content": ".env\n"})
            assert not r.is_error, text_of(r)
        (proj / "notes.txt").write_text("secrets live in FILE\n", "utf-8")
        edit = {"oldText": "FILE", "newText": ".env"}
        r = await client.call_tool("edit_file", {"path": "notes.txt", "edits": [edit]})
        assert not r.is_error, text_of(r)
        r = await client.call_tool(
            "write_file", {"path": ".env.example", "content": "DB_PASSWORD=\n"}
        )
        assert not r.is_error, text_of(r)
        for name in (".env", ".env.local", "AGENTS.md"):
            r = await client.call_tool("write_file", {"path": name, "content": "x\n"})
            assert r.is_error and "action.credential_write" in text_of(r), text_of(r)
            if name == "AGENTS.md":  # the question says which kind of file it is
                assert "an agent instruction file" in text_of(r), text_of(r)
    assert (proj / ".gitignore").read_text("utf-8") == ".env\n"
    assert (proj / ".dockerignore").read_text("utf-8") == ".env\n"
    assert (proj / "notes.txt").read_text("utf-8") == "secrets live in .env\n"
    assert (proj / ".env.example").read_text("utf-8") == "DB_PASSWORD=\n"
    assert not any((proj / n).exists() for n in (".env", ".env.local", "AGENTS.md"))
