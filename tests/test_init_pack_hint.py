"""``cordon init --no-packs`` (the packs are init's default) names the built-in pack written
for a server it wraps, with the command that gives it: a newcomer who ran ``cordon init
--config FILE`` when that wrapped every server with no pack was told nothing of one. Recognised by
the tools pinned for the server when it ran behind cordon before (the pack that classifies
them all, as ``cordon check`` hints), else by the package its command runs. Nothing for a
server no pack is written for, nor when a ``--policy`` is given. Through the real ``cordon
init`` process."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from cordon.pin_paths import pin_file_for
from cordon.policy.loader import load_pack
from cordon.store.pins import PinFile
from tests.conftest import run_cordon

SERVERS = {
    "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2026.8.31", "/tmp"]},
    "repo": {"command": "uvx", "args": ["mcp-server-git", "--repository", "."]},
    "notes": {"command": "node", "args": ["/opt/notes/index.js"]},
    "mine": {"command": "python3", "args": ["my_server.py"]},
}  # fmt: skip


def _init(tmp: Path, *extra: str) -> tuple[Path, str]:
    home = tmp / "home"
    home.mkdir(exist_ok=True)
    config = tmp / ".mcp.json"
    config.write_text(json.dumps({"mcpServers": SERVERS}), "utf-8")
    pins = tmp / "pins"
    # `notes` ran behind cordon before: its pinned tools are the memory server's
    tools = sorted(load_pack("memory")["tools"])
    defs = [{"name": t, "inputSchema": {"type": "object"}} for t in tools]
    PinFile(pin_file_for("notes", SERVERS["notes"], pins)).store("notes", defs)
    done = run_cordon(
        home, "init", "--config", str(config), "--pin-dir", str(pins), "-y", "--no-hook", *extra
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return config, done.stdout


def test_init_names_the_pack_of_a_recognised_server(tmp_path: Path) -> None:
    config, out = _init(tmp_path, "--no-packs")
    hints = {line.split(":")[0].strip(): line for line in out.splitlines() if "hint:" in line}
    assert set(hints) == {"files", "repo", "notes"}, out
    assert (
        "the built-in pack 'filesystem' is written for @modelcontextprotocol/server-filesystem"
        in hints["files"]
    )
    assert "pack 'git' is written for mcp-server-git" in hints["repo"], hints["repo"]
    assert (
        f"pack 'memory' classifies all {len(load_pack('memory')['tools'])} tools" in hints["notes"]
    )
    for name, pack in (("files", "filesystem"), ("repo", "git"), ("notes", "memory")):
        assert f"`packs: [{pack}]`" in hints[name], hints[name]
        assert f"cordon init --config {config} --server {name} --policy FILE" in hints[name]
        assert f"cordon init --config {config} --server {name} --packs`" in hints[name]


def test_init_with_a_policy_hints_nothing(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text(yaml.safe_dump({"version": 1}), "utf-8")
    _, out = _init(tmp_path, "--server", "files", "--policy", str(policy))
    assert "hint:" not in out, out


def test_every_recognised_package_names_a_built_in_pack() -> None:
    from cordon.clientpolicy import PACK_PACKAGES
    from cordon.policy.loader import pack_names

    assert set(PACK_PACKAGES.values()) <= set(pack_names())


def test_the_hinted_commands_give_the_pack_to_the_wrapped_entry(tmp_path: Path) -> None:
    """The hint is printed for an entry this run wraps: once written, ``init --server NAME
    --policy FILE`` alone leaves it as it is (exit 1, "policy was NOT changed"), so the hint
    names ``--undo --server NAME`` first; and for a pack with path parameters it names
    ``allowed_path_prefixes``, without which they are resolved but not confined. The hinted
    commands, run as written, give the server the pack."""
    config, out = _init(tmp_path, "--no-packs")
    hints = {line.split(":")[0].strip(): line for line in out.splitlines() if "hint:" in line}
    assert f"cordon init --config {config} --undo --server files`, then" in hints["files"]
    assert "`packs: [filesystem]` and `allowed_path_prefixes: [DIR]`" in hints["files"]
    assert "allowed_path_prefixes" not in hints["notes"], hints["notes"]  # memory: no paths
    policy = tmp_path / "files.yaml"
    policy.write_text(
        yaml.safe_dump({"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": ["/tmp"]})
    )
    init = ["init", "--config", str(config), "--pin-dir", str(tmp_path / "pins"), "-y"]
    for cmd in ("--undo --server files", f"--server files --policy {policy}"):
        done = run_cordon(tmp_path / "home", *init, "--no-hook", *cmd.split())
        assert done.returncode == 0, done.stdout + done.stderr
    args = json.loads(config.read_text("utf-8"))["mcpServers"]["files"]["args"]
    assert args[args.index("--policy") + 1] == str(policy), args
