"""`cordon check --server NAME` right after `cordon init`, before the client started the
server, says why no pin file holds it.

`cordon init` names a pin file in the entry but writes none: the pins are written the first
time the client starts the server behind cordon. The message said only that no pin file
holds the server and to "give --pin-file", which a newcomer following the quick start cannot
do; it now says when a server is pinned, and how to check its tool names before that."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cordon


def test_check_before_the_first_start_says_when_pins_are_written(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    config = project / ".mcp.json"
    server = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]}
    config.write_text(json.dumps({"mcpServers": {"files": server}}))
    policy = project / "policy.yaml"
    policy.write_text(f"version: 1\npacks: [filesystem]\nallowed_path_prefixes: [{project}]\n")
    wrapped = run_cordon(home, "init", "--config", str(config), "--server", "files", "-y")
    assert wrapped.returncode == 0, wrapped.stderr
    done = run_cordon(home, "check", "--policy", str(policy), "--server", "files")
    assert done.returncode == 2
    said = " ".join(done.stderr.split())
    assert "no pin file" in said
    assert "the first time its client starts it behind cordon" in said, said
    assert "-- COMMAND" in said, said
