"""``cordon init`` names the servers it wrapped in its `cordon pin accept` hint: it printed a
literal ``cordon pin accept --server NAME`` although it knew the name. Through the real
``cordon init`` CLI for a JSON client config, and through the Codex planner."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from cordon.clientconfig import plan_init
from tests.conftest import cordon_exe


def _init(home: Path, config: Path, *more: str) -> str:
    done = subprocess.run(
        [*cordon_exe(), "init", "--config", str(config), "-y", *more],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home), "COLUMNS": "300"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _config(tmp_path: Path, names: list[str]) -> Path:
    config = tmp_path / ".mcp.json"
    servers = {n: {"command": "npx", "args": ["-y", f"server-{i}"]} for i, n in enumerate(names)}
    config.write_text(json.dumps({"mcpServers": servers}), "utf-8")
    return config


def test_one_server_gets_its_own_name(tmp_path: Path) -> None:
    config = _config(tmp_path, ["files", "git"])
    said = _init(tmp_path, config, "--server", "files")
    assert "`cordon pin accept --server files`" in said, said
    assert "--server NAME" not in said and "--server git" not in said


def test_every_wrapped_server_is_named_and_quoted(tmp_path: Path) -> None:
    config = _config(tmp_path, ["git", "my files"])
    said = " ".join(_init(tmp_path, config).split())  # (a long line may be wrapped)
    assert "`cordon pin accept --server git`" in said, said
    assert "`cordon pin accept --server 'my files'`" in said, said
    assert "--server NAME" not in said


def test_a_codex_config_names_its_server(tmp_path: Path) -> None:
    path = tmp_path / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_text('[mcp_servers.git]\ncommand = "uvx"\nargs = ["mcp-server-git"]\n', "utf-8")
    plan = plan_init(path, cordon_command="/bin/cordon", pin_dir=tmp_path / "pins")
    note = next(m for m in plan.messages if m.startswith("pins now last"))
    assert note.endswith("run `cordon pin accept --server git`"), note
