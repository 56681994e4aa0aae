"""`cordon init --policy` warns when the policy brings a pack that names none of the tools
already pinned for the server it wraps (the server ran behind cordon before): `cordon run`
would deny every call to it (``policy.unknown_tool``). The entry is still written (the user
asked for it), and the warning names the `cordon check` line to run. Through the real
`cordon` process on a real Claude Code config in a temporary HOME."""

from __future__ import annotations

import json
from pathlib import Path

from cordon.clientconfig import pin_file_for
from cordon.store.pins import PinFile
from tests.conftest import run_cordon

ENTRY = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}
EVERYTHING_TOOLS = ["echo", "add", "longRunningOperation", "printEnv", "sampleLLM"]


def _tool(name: str) -> dict[str, object]:
    return {"name": name, "description": f"{name}.", "inputSchema": {"type": "object"}}


def _setup(tmp_path: Path, pack: str) -> tuple[Path, Path, Path]:
    home = tmp_path / "home"
    config = tmp_path / ".mcp.json"
    config.write_text(json.dumps({"mcpServers": {"everything": ENTRY}}, indent=2) + "\n")
    policy = tmp_path / "my policy.yaml"
    policy.write_text(f"version: 1\npacks: [{pack}]\n")
    pins = PinFile(pin_file_for("everything", ENTRY, home / ".cordon" / "pins"))
    pins.path.parent.mkdir(parents=True)
    pins.store("everything", [_tool(n) for n in EVERYTHING_TOOLS])
    pins.record_listed("everything", EVERYTHING_TOOLS)
    return home, config, policy


def test_a_pack_for_another_server_is_warned_about(tmp_path: Path) -> None:
    home, config, policy = _setup(tmp_path, "filesystem")
    done = run_cordon(home, "init", "--config", str(config), "--server", "everything",
                      "--policy", str(policy), "-y", "--no-hook")  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    warned = [ln for ln in done.stderr.splitlines() if "names none of the" in ln]
    assert len(warned) == 1, done.stderr
    assert "everything: pack 'filesystem' names none of the 5 tools pinned for it" in warned[0]
    assert f"--policy '{policy.resolve()}'" in warned[0]  # the path with a space, quoted
    assert "x-cordon-upstream" in config.read_text()  # still written: the user asked for it


def test_no_pack_or_no_pins_gives_no_warning(tmp_path: Path) -> None:
    for case in ("no pack", "no pins"):
        (tmp_path / case).mkdir()
        home, config, policy = _setup(tmp_path / case, "filesystem")
        if case == "no pack":
            policy.write_text("version: 1\n")
        else:  # the server never ran behind cordon: its first start checks its live list
            (home / ".cordon" / "pins").rename(home / ".cordon" / "elsewhere")
        done = run_cordon(home, "init", "--config", str(config), "--server", "everything",
                          "--policy", str(policy), "-y", "--no-hook")  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        assert "names none of the" not in done.stderr, (case, done.stderr)
