"""``cordon init --server NAME`` on Claude Code's ``~/.claude.json``, end to end: the name is
taken in the user servers and in every project's (README, Quick start step 2), each given the
same ``--policy`` and each named in the output. Started as Claude Code starts them (the
entry's command and args, from the file), the real ``cordon run`` in front of the real
filesystem server: the user entry reads its own directory; the project's entry, under a
policy whose ``allowed_path_prefixes`` is the other directory, is refused its own
(``arg.path_outside``), so a policy written for one project confines the others' too."""

from __future__ import annotations

import json
import os
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, fs_server, run_cordon, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def _read(entry: dict[str, object], home: Path, path: Path) -> tuple[bool, str]:
    """``read_text_file(path)`` through the entry as Claude Code starts it."""
    args = entry["args"]
    assert isinstance(args, list) and isinstance(entry["command"], str)
    params = StdioServerParameters(
        command=entry["command"], args=args, env={**os.environ, "HOME": str(home)}
    )
    with anyio.fail_after(60):
        async with Client(params, mode="legacy") as client:
            await client.list_tools()  # as a client does before its first call
            result = await client.call_tool("read_text_file", {"path": str(path)})
            return bool(result.is_error), text_of(result)


async def test_one_name_in_the_user_servers_and_a_project_gets_one_policy(
    harness: Harness, tmp_path: Path
) -> None:
    mine, other = tmp_path / "mine", tmp_path / "other"
    for d in (mine, other):
        d.mkdir()
        (d / "notes.md").write_text(f"notes of {d.name}\n", "utf-8")
    node, script, *_ = fs_server()
    config = harness.home / ".claude.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {"files": {"command": node, "args": [script, str(mine)]}},
                "projects": {
                    str(other): {
                        "mcpServers": {"files": {"command": node, "args": [script, str(other)]}}
                    }
                },
            }
        ),
        "utf-8",
    )
    policy = harness.policy(
        {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(mine)]}
    )
    done = run_cordon(
        harness.home,
        *("init", "--config", str(config), "--server", "files", "--policy", str(policy)),
        *("--pin-dir", str(harness.tmp / "pins"), "-y", "--no-hook"),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join(done.stdout.split())
    assert "files: wrapped:" in said and f"project {other}: files: wrapped:" in said, said
    data = json.loads(config.read_text("utf-8"))
    user = data["mcpServers"]["files"]
    project = data["projects"][str(other)]["mcpServers"]["files"]
    for entry in (user, project):
        assert entry["args"][entry["args"].index("--policy") + 1] == str(policy)

    refused, text = await _read(user, harness.home, mine / "notes.md")
    assert not refused and "notes of mine" in text, text
    refused, text = await _read(project, harness.home, other / "notes.md")
    assert refused and "arg.path_outside" in text, text
