"""``cordon init --packs`` end to end: the real ``cordon init`` rewrites a scratch config with
the npm filesystem server (two allowed directories in its arguments) and the memory server;
the rewritten filesystem entry, started as the client starts it, runs the real server behind
the real ``cordon run`` with the filesystem pack and the server's directories as
``allowed_path_prefixes``, driven by the official SDK client. A write inside either directory
lands; one outside is denied by cordon (``arg.path_outside``, no file); a ``move_file`` of
notes onto a rendered name is asked (``taint.rendered_resource``, the pack's ``renders:
files``). The same config wrapped with ``--no-packs`` asks before the very write that lands
with the pack (``action.destructive_hint``: the server marks every write destructive, and
without the pack nothing confines the path)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from mcp import Client, StdioServerParameters

from tests.conftest import ROOT, Harness, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

BIN = ROOT / "node_modules" / ".bin"


def _config(harness: Harness) -> tuple[Path, Path, Path]:
    a, b = harness.tmp / "work" / "a", harness.tmp / "work" / "b"
    a.mkdir(parents=True)
    b.mkdir(parents=True)
    servers = {
        "files": {"command": str(BIN / "mcp-server-filesystem"), "args": [str(a), str(b)]},
        "memory": {"command": str(BIN / "mcp-server-memory"), "args": []},
    }
    config = harness.tmp / "project" / ".mcp.json"
    config.parent.mkdir()
    config.write_text(json.dumps({"mcpServers": servers}, indent=2), "utf-8")
    return config, a, b


def _params(harness: Harness, entry: dict[str, list[str]]) -> StdioServerParameters:
    """The entry as a client starts a stdio server: its command, its arguments, its env."""
    return StdioServerParameters(
        command=str(entry["command"]),
        args=entry["args"],
        env={**os.environ, "HOME": str(harness.home), **dict(entry.get("env") or {})},
    )


async def test_init_packs_confines_the_filesystem_server_to_its_directories(
    harness: Harness,
) -> None:
    config, a, b = _config(harness)
    said = run_init(harness, config, "--packs", "--no-hook")
    assert "files: --packs: pack 'filesystem'" in said, said
    assert f"allowed_path_prefixes: its arguments {a}, {b}" in said, said
    assert "memory: --packs: pack 'memory'" in said, said
    entries = json.loads(config.read_text("utf-8"))["mcpServers"]
    for name, pack in (("files", "filesystem"), ("memory", "memory")):
        args = entries[name]["args"]
        policy = Path(args[args.index("--policy") + 1])
        assert policy.parent == harness.tmp / "policies", policy
        assert yaml.safe_load(policy.read_text("utf-8"))["packs"] == [pack]
    outside = harness.tmp / "work" / "outside.txt"
    async with Client(_params(harness, entries["files"]), mode="legacy") as client:
        await client.list_tools()
        for where in (a, b):
            ok = await client.call_tool(
                "write_file", {"path": str(where / "n.txt"), "content": "x"}
            )
            assert not ok.is_error, text_of(ok)
            assert (where / "n.txt").read_text("utf-8") == "x"
        out = await client.call_tool("write_file", {"path": str(outside), "content": "x"})
        assert out.is_error and text_of(out).startswith("[cordon blocked]"), text_of(out)
        assert "arg.path_outside" in text_of(out), text_of(out)
        assert not outside.exists()
        # a relative path is read where the server reads it (its first directory): it lands
        # there; one that climbs out of both directories is denied by cordon
        rel = await client.call_tool("write_file", {"path": "r.txt", "content": "r"})
        assert not rel.is_error and (a / "r.txt").read_text("utf-8") == "r", text_of(rel)
        up = await client.call_tool("write_file", {"path": "../outside.txt", "content": "x"})
        assert up.is_error and "arg.path_outside" in text_of(up), text_of(up)
        assert not outside.exists()
        moved = await client.call_tool(
            "move_file", {"source": str(a / "n.txt"), "destination": str(a / "n.md")}
        )
        assert moved.is_error and "taint.rendered_resource" in text_of(moved), text_of(moved)
        assert (a / "n.txt").exists() and not (a / "n.md").exists()


async def test_without_packs_the_same_write_is_asked(harness: Harness) -> None:
    config, a, _ = _config(harness)
    said = run_init(harness, config, "--no-packs", "--no-hook")
    assert "--packs: pack" not in said and "hint: the built-in pack 'filesystem'" in said, said
    entry = json.loads(config.read_text("utf-8"))["mcpServers"]["files"]
    assert "--policy" not in entry["args"]
    async with Client(_params(harness, entry), mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("write_file", {"path": str(a / "n.txt"), "content": "x"})
        assert r.is_error and "action.destructive_hint" in text_of(r), text_of(r)
    assert not (a / "n.txt").exists()


async def test_a_codex_entry_given_its_pack_is_confined_alike(harness: Harness) -> None:
    """Codex's ``config.toml``: the filesystem server's table, rewritten by ``init --packs``
    and started as Codex starts it, writes inside its directories and is denied outside."""
    import tomlkit

    _, a, _ = _config(harness)
    config = harness.tmp / "codex" / "config.toml"
    config.parent.mkdir()
    server = {"command": str(BIN / "mcp-server-filesystem"), "args": [str(a)]}
    config.write_text(tomlkit.dumps({"mcp_servers": {"files": server}}), "utf-8")
    said = run_init(harness, config, "--packs", "--no-hook")
    assert "files: --packs: pack 'filesystem' " in said and str(a) in said, said
    entry = tomlkit.parse(config.read_text("utf-8"))["mcp_servers"]["files"].unwrap()
    outside = harness.tmp / "work" / "outside.txt"
    async with Client(_params(harness, entry), mode="legacy") as client:
        await client.list_tools()
        ok = await client.call_tool("write_file", {"path": str(a / "c.txt"), "content": "x"})
        assert not ok.is_error and (a / "c.txt").read_text("utf-8") == "x", text_of(ok)
        out = await client.call_tool("write_file", {"path": str(outside), "content": "x"})
        assert out.is_error and "arg.path_outside" in text_of(out), text_of(out)
    assert not outside.exists()


async def test_a_vscode_workspace_entry_is_confined_to_its_workspace(harness: Harness) -> None:
    """``.vscode/mcp.json``'s filesystem server on ``${workspaceFolder}``, given its pack by
    ``init --packs`` and started as VS Code starts it (the variables expanded in every
    argument): a write in the workspace lands, one outside it is denied by cordon."""
    folder = harness.tmp / "app"
    (folder / ".vscode").mkdir(parents=True)
    config = folder / ".vscode" / "mcp.json"
    server = {"command": str(BIN / "mcp-server-filesystem"), "args": ["${workspaceFolder}"]}
    config.write_text(json.dumps({"servers": {"files": server}}), "utf-8")
    said = run_init(harness, config, "--packs", "--no-hook")
    assert f"allowed_path_prefixes: its arguments {folder}" in said, said
    entry = json.loads(config.read_text("utf-8"))["servers"]["files"]
    expand = {"${workspaceFolderBasename}": folder.name, "${workspaceFolder}": str(folder)}
    args = []
    for arg in entry["args"]:
        for var, value in expand.items():
            arg = arg.replace(var, value)
        args.append(arg)
    outside = harness.tmp / "outside.txt"
    async with Client(_params(harness, {**entry, "args": args}), mode="legacy") as client:
        await client.list_tools()
        ok = await client.call_tool("write_file", {"path": str(folder / "n.txt"), "content": "x"})
        assert not ok.is_error and (folder / "n.txt").read_text("utf-8") == "x", text_of(ok)
        out = await client.call_tool("write_file", {"path": str(outside), "content": "x"})
        assert out.is_error and "arg.path_outside" in text_of(out), text_of(out)
    assert not outside.exists()
    assert (harness.tmp / "pins").is_dir() and any(
        p.name.endswith(f"-{folder.name}.json") for p in (harness.tmp / "pins").iterdir()
    )
