"""Two clones of one project with the same folder name (``~/work/app`` and ``~/review/app``),
each with a workspace ``.vscode/mcp.json`` naming ``${workspaceFolder}`` and wrapped by
``cordon init``: each must get its own pin file. With one file per folder *name*, the second
clone's servers stopped at start with ``pin.server_changed`` (its expansion differs from the
first's), and ``cordon pin accept`` there broke the first. Started as VS Code starts them: the
wrapped entry with its variables expanded, driven by the SDK client against the real
filesystem server."""

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
    """The entry's arguments as VS Code expands them for the workspace at ``folder``."""
    out = []
    for a in entry["args"]:
        a = a.replace("${workspaceFolderBasename}", folder.name)
        out.append(a.replace("${workspaceFolder}", str(folder)))
    return out


async def test_two_clones_of_one_name_start_each(harness: Harness) -> None:
    node, script = fs_server()[:2]
    entry = {"type": "stdio", "command": node, "args": [script, "${workspaceFolder}"]}
    policy = harness.tmp / "files.yaml"
    policy.write_text("version: 1\npacks: [filesystem]\n", "utf-8")
    env = {**os.environ, "HOME": str(harness.home)}
    pin_files = set()
    for parent in ("work", "review"):
        folder = harness.tmp / parent / "app"
        (folder / ".vscode").mkdir(parents=True)
        (folder / f"{parent}.txt").write_text(parent, "utf-8")
        config = folder / ".vscode" / "mcp.json"
        config.write_text(json.dumps({"servers": {"files": entry}}), "utf-8")
        run_init(harness, config, "--server", "files", "--policy", str(policy))
        wrapped = json.loads(config.read_text("utf-8"))["servers"]["files"]
        args = _expanded(wrapped, folder)
        pin_files.add(args[args.index("--pin-file") + 1])
        params = StdioServerParameters(command=wrapped["command"], args=args, env=env)
        async with Client(params, mode="legacy") as client:
            await client.list_tools()
            r = await client.call_tool("list_directory", {"path": str(folder)})
            assert not r.is_error and f"{parent}.txt" in text_of(r), text_of(r)
    assert len(pin_files) == 2 and all(Path(p).exists() for p in pin_files)
