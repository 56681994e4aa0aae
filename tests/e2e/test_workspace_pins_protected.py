"""A VS Code entry that names ``${workspaceFolder}`` gets the pin file
``NAME-HASH-${workspaceFolderBasename}.json`` from ``cordon init``, which the client expands at
start (``NAME-HASH-app.json``). ``cordon init``'s list of wrapped files protects an entry's
files before it starts; it held the name with the variable, so a file tool behind another
``cordon run`` could write the expanded file the entry would start with (pins planted before
its first start: a rug pull accepted in advance). The list holds what the client can start
with: in a workspace's own ``.vscode/mcp.json`` the folder's expansion, in a user-level config
(any workspace) the pin directory. Real ``cordon init`` and ``cordon run`` in front of the npm
filesystem server, driven by the MCP SDK's client."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, fs_server, mailbox_server, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _config(path: Path, root: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    files = fs_server(root)
    entries = {
        "files": {"command": files[0], "args": files[1:]},
        "mail": {
            "command": mailbox_server()[0],
            "args": [*mailbox_server()[1:], "${workspaceFolder}"],
        },
    }
    path.write_text(json.dumps({"servers": entries}), "utf-8")
    return path


async def _writes(harness: Harness, config: Path, targets: list[Path]) -> list[str]:
    entry = json.loads(config.read_text("utf-8"))["servers"]["files"]
    env = {**os.environ, "HOME": str(harness.home), **entry.get("env", {})}
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env=env)
    out = []
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for target in targets:
            r = await client.call_tool("write_file", {"path": str(target), "content": "{}"})
            out.append(("denied " if r.is_error else "written ") + text_of(r))
    return out


def _wrap(harness: Harness, config: Path, project: Path) -> str:
    policy = harness.tmp / "files.yaml"
    policy.write_text(
        f"version: 1\npacks: [filesystem]\nallowed_path_prefixes: [{harness.tmp}]\n", "utf-8"
    )
    run_init(harness, config, "--server", "files", "--policy", str(policy))
    run_init(harness, config, "--server", "mail")
    args = json.loads(config.read_text("utf-8"))["servers"]["mail"]["args"]
    named = str(args[args.index("--pin-file") + 1])
    assert named.endswith("-${workspaceFolderBasename}.json"), named
    return named


async def test_a_workspace_configs_expanded_pin_file_is_protected(harness: Harness) -> None:
    project = harness.tmp / "app"
    project.mkdir()
    config = _config(project / ".vscode" / "mcp.json", harness.tmp)
    named = _wrap(harness, config, project)
    expanded = Path(named.replace("${workspaceFolderBasename}", project.name))
    said = await _writes(harness, config, [expanded, project / "notes.md"])
    assert said[0].startswith("denied") and "action.cordon_state" in said[0], said
    assert said[1].startswith("written"), said  # the project's own files stay writable
    assert not expanded.exists()


async def test_a_user_level_configs_pin_files_are_protected_for_any_workspace(
    harness: Harness,
) -> None:
    project = harness.tmp / "app"
    project.mkdir()
    config = _config(harness.tmp / "user" / "Code" / "User" / "mcp.json", harness.tmp)
    named = _wrap(harness, config, project)
    targets = [Path(named.replace("${workspaceFolderBasename}", w)) for w in ("app", "site")]
    said = await _writes(harness, config, [*targets, project / "notes.md"])
    assert all(s.startswith("denied") and "action.cordon_state" in s for s in said[:2]), said
    assert said[2].startswith("written"), said
    assert not any(t.exists() for t in targets)
