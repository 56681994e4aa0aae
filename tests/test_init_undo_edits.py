"""`cordon init --undo` unwraps cordon's entries in the file as it is now: servers added,
settings changed and edits made inside a wrapped entry after `cordon init` are kept, and
it says what it did. Through the real `cordon` process."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cordon

ORIGINAL = {
    "mcpServers": {
        "notes": {"command": "python", "args": ["notes_server.py"]},
        "github": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-github"],
            "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "old-token"},
        },
        "remote": {
            "type": "http",
            "url": "https://mcp.example.org/mcp",
            "headers": {"X-Api-Key": "literal-key-123"},
        },
    }
}


_cordon = run_cordon


def test_undo_keeps_edits_made_after_init(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / ".mcp.json"
    config.write_text(json.dumps(ORIGINAL, indent=2) + "\n")
    done = _cordon(home, "init", "--config", str(config), "-y", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(config.read_text())
    servers = data["mcpServers"]
    # the user's edits after wrapping: a new server, a new setting, a rotated token, another
    # script after `--`, a cwd added, an extra env var on a remote entry
    servers["later"] = {"command": "uvx", "args": ["later-server"]}
    data["theme"] = "dark"
    servers["github"]["env"]["GITHUB_PERSONAL_ACCESS_TOKEN"] = "new-token"
    args = servers["notes"]["args"]
    args[-1] = "notes_server_v2.py"
    servers["notes"]["cwd"] = "/srv/notes"
    servers["remote"]["env"]["EXTRA"] = "1"
    config.write_text(json.dumps(data, indent=2) + "\n")

    undone = _cordon(home, "init", "--config", str(config), "--undo", "-y", "--no-hook")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    out = undone.stdout
    after = json.loads(config.read_text())
    assert after["theme"] == "dark"
    got = after["mcpServers"]
    assert got["later"] == {"command": "uvx", "args": ["later-server"]}
    assert got["notes"] == {
        "command": "python",
        "args": ["notes_server_v2.py"],
        "cwd": "/srv/notes",
    }
    assert got["github"] == {
        "command": "npx",
        "args": ["-y", "@modelcontextprotocol/server-github"],
        "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "new-token"},
    }
    # the remote entry is a url entry again; the header's literal value cordon moved into
    # env goes back into headers, not left behind in env
    assert got["remote"] == {
        "type": "http",
        "url": "https://mcp.example.org/mcp",
        "headers": {"X-Api-Key": "literal-key-123"},
        "env": {"EXTRA": "1"},
    }
    assert "x-cordon-upstream" not in config.read_text()
    # it says what it did, per server
    assert "notes: unwrapped; kept your edits since init: cwd, command line" in out
    assert "github: unwrapped; kept your edits since init: env" in out
    assert "servers and settings added since kept" in out


def test_undo_with_no_edits_restores_the_bytes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / ".mcp.json"
    config.write_text(json.dumps(ORIGINAL) + "\n")
    original = config.read_bytes()
    assert _cordon(home, "init", "--config", str(config), "-y", "--no-hook").returncode == 0
    undone = _cordon(home, "init", "--config", str(config), "--undo", "-y", "--no-hook")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    assert config.read_bytes() == original
    assert "notes: unwrapped" in undone.stdout and "kept your edits" not in undone.stdout
