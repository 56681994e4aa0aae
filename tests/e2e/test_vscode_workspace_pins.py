"""A user-level VS Code entry that names ``${workspaceFolder}`` runs once per workspace, with
the variable expanded in cordon's arguments too: ``cordon init`` gives it a pin file per
workspace (``-${workspaceFolderBasename}``), so a second workspace starts and pins its own
expansion instead of stopping with ``pin.server_changed``. Started as VS Code starts it: the
wrapped entry with its variables expanded, driven by the SDK client; the real filesystem
server lists each workspace."""

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


def _expanded(entry: dict[str, Any], folder: Path) -> list[str]:
    """The entry's arguments as VS Code expands them for a workspace at ``folder``."""
    out = []
    for a in entry["args"]:
        a = a.replace("${workspaceFolderBasename}", folder.name)
        out.append(a.replace("${workspaceFolder}", str(folder)))
    return out


async def test_each_workspace_pins_its_own_expansion(harness: Harness) -> None:
    node, script = fs_server()[:2]
    config = harness.home / ".config" / "Code" / "User" / "mcp.json"
    config.parent.mkdir(parents=True)
    entry = {"type": "stdio", "command": node, "args": [script, "${workspaceFolder}"]}
    config.write_text(json.dumps({"servers": {"files": entry}}), "utf-8")
    policy = harness.tmp / "files.yaml"
    policy.write_text("version: 1\npacks: [filesystem]\n", "utf-8")
    run_init(harness, config, "--server", "files", "--policy", str(policy))
    wrapped = json.loads(config.read_text("utf-8"))["servers"]["files"]
    assert any(a.endswith("-${workspaceFolderBasename}.json") for a in wrapped["args"])

    env = {**os.environ, "HOME": str(harness.home)}
    pin_files = set()
    for name in ("alpha", "beta"):
        folder = harness.tmp / name
        folder.mkdir()
        (folder / f"{name}.txt").write_text(name, "utf-8")
        args = _expanded(wrapped, folder)
        pin_files.add(args[args.index("--pin-file") + 1])
        params = StdioServerParameters(command=wrapped["command"], args=args, env=env)
        async with Client(params, mode="legacy") as client:
            await client.list_tools()
            r = await client.call_tool("list_directory", {"path": str(folder)})
            assert not r.is_error and f"{name}.txt" in text_of(r), text_of(r)
    assert len(pin_files) == 2 and all(Path(p).exists() for p in pin_files)
