"""`cordon init` and `--undo` on a config the user (or the client, or a tool with write
access to it) edited after `cordon init`: an entry that still carries ``x-cordon-upstream``
but no longer runs ``cordon run`` is not behind cordon, whatever the marker says. Through
the real `cordon` process on real files in a temporary HOME."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from tests.conftest import run_cordon

FILES = ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/p2"]


_cordon = run_cordon


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    return home


def _json_config(tmp_path: Path) -> Path:
    config = tmp_path / "p2" / ".cursor" / "mcp.json"
    config.parent.mkdir(parents=True)
    servers = {
        "files": {"command": "npx", "args": FILES},
        "notes": {"command": "uvx", "args": ["notes-mcp"]},
    }
    config.write_text(json.dumps({"mcpServers": servers}, indent=2) + "\n")
    return config


def test_an_entry_pointed_away_from_cordon_is_not_said_to_be_behind_it(tmp_path: Path) -> None:
    home = _home(tmp_path)
    config = _json_config(tmp_path)
    assert _cordon(home, "init", "--config", str(config), "-y", "--no-hook").returncode == 0
    data = json.loads(config.read_text())
    # the command put back in place, the other keys (the marker too) kept: what an edit of
    # "command"/"args" alone leaves, by hand or by a tool that merges into the entry
    files = data["mcpServers"]["files"]
    files["command"], files["args"] = "npx", [*FILES[:2], "/home/me"]
    config.write_text(json.dumps(data, indent=2) + "\n")

    again = _cordon(home, "init", "--config", str(config), "-y", "--no-hook")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "files: already behind cordon" not in again.stdout
    assert "files: carries x-cordon-upstream but no longer runs cordon" in again.stderr
    files = json.loads(config.read_text())["mcpServers"]["files"]
    assert Path(files["command"]).name == "cordon"
    assert files["args"][files["args"].index("--") + 1 :] == ["npx", *FILES[:2], "/home/me"]
    # the original kept for --undo is the entry as it is now, without the stale record
    assert files["x-cordon-upstream"] == {"command": "npx", "args": [*FILES[:2], "/home/me"]}
    undone = _cordon(home, "init", "--config", str(config), "--undo", "-y", "--no-hook")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    got = json.loads(config.read_text())["mcpServers"]
    assert got["files"] == {"command": "npx", "args": [*FILES[:2], "/home/me"]}
    assert got["notes"] == {"command": "uvx", "args": ["notes-mcp"]}


CODEX = (
    "# my servers\n"
    "[mcp_servers.notes]\n"
    'command = "python"\n'
    'args = ["notes_server.py"]  # the server\n'
    "\n"
    "[mcp_servers.files]\n"
    'command = "npx"\n'
    'args = ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/p2"]\n'
)


def _codex(tmp_path: Path) -> Path:
    config = tmp_path / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text(CODEX)
    return config


def _edit_codex_args(config: Path, server: str, args: list[str], command: str | None) -> None:
    """Rewrite one table's ``args`` (and ``command``) line as a user does in an editor."""
    lines, table = config.read_text().splitlines(keepends=True), None
    for i, line in enumerate(lines):
        if line.startswith("["):
            table = line.strip()
        elif table == f"[mcp_servers.{server}]" and line.startswith("args = "):
            lines[i] = f"args = {json.dumps(args)}\n"
        elif table == f"[mcp_servers.{server}]" and command and line.startswith("command = "):
            lines[i] = f"command = {json.dumps(command)}\n"
    config.write_text("".join(lines))


def test_codex_entry_pointed_away_from_cordon_is_wrapped_again(tmp_path: Path) -> None:
    home = _home(tmp_path)
    config = _codex(tmp_path)
    assert _cordon(home, "init", "--config", str(config), "-y").returncode == 0
    _edit_codex_args(config, "files", ["other-fs-server"], "uvx")

    again = _cordon(home, "init", "--config", str(config), "-y")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "files: already behind cordon" not in again.stdout
    assert "files: carries x-cordon-upstream but no longer runs cordon" in again.stderr
    files = tomllib.loads(config.read_text())["mcp_servers"]["files"]
    assert Path(files["command"]).name == "cordon"
    assert files["args"][files["args"].index("--") + 1 :] == ["uvx", "other-fs-server"]
    assert files["x-cordon-upstream"]["command"] == "uvx"


def test_codex_undo_keeps_a_command_line_edited_since_init(tmp_path: Path) -> None:
    home = _home(tmp_path)
    config = _codex(tmp_path)
    assert _cordon(home, "init", "--config", str(config), "-y").returncode == 0
    wrapped = tomllib.loads(config.read_text())["mcp_servers"]
    notes_args = wrapped["notes"]["args"]
    # another script after `--` in the wrapped entry; files pointed at another program
    _edit_codex_args(config, "notes", [*notes_args[:-1], "notes_server_v2.py"], None)
    _edit_codex_args(config, "files", ["other-fs-server"], "uvx")

    undone = _cordon(home, "init", "--config", str(config), "--undo", "-y")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    got = tomllib.loads(config.read_text())["mcp_servers"]
    assert got["notes"] == {"command": "python", "args": ["notes_server_v2.py"]}
    # kept as it is now (its startup_timeout_sec too), without the stale record
    assert got["files"]["command"] == "uvx" and got["files"]["args"] == ["other-fs-server"]
    assert "x-cordon-upstream" not in got["files"]
    assert "notes: unwrapped; kept your edits since init: command line" in undone.stdout
    assert "files: no longer runs cordon" in undone.stdout
    assert config.read_text().startswith("# my servers\n")


def test_an_entry_of_unknown_shape_is_said_on_stderr(tmp_path: Path) -> None:
    """An entry init cannot read (another client's shape, a command given as an object) is
    not behind cordon: if the client runs it, it runs unprotected, so it is a warning on
    stderr as a remote entry left alone is, not only a line among the wrapped ones."""
    home = _home(tmp_path)
    config = tmp_path / ".mcp.json"
    servers = {
        "odd": {"command": {"path": "npx", "args": ["-y", "some-mcp"]}},
        "notes": {"command": "uvx", "args": ["notes-mcp"]},
    }
    config.write_text(json.dumps({"mcpServers": servers}, indent=2) + "\n")
    done = _cordon(home, "init", "--config", str(config), "-y", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "odd: no command (or args is not a list), NOT wrapped" in done.stderr
    codex = _codex(tmp_path)
    codex.write_text('[mcp_servers.odd]\ncommand = ["npx", "some-mcp"]\n' + CODEX)
    done = _cordon(home, "init", "--config", str(codex), "-y")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "odd: no command (or args is not a list), NOT wrapped" in done.stderr


def test_an_entry_behind_another_cordon_is_said(tmp_path: Path) -> None:
    """An entry whose command is a program named cordon other than this one (a moved
    virtualenv's, which no longer exists; a script put there) is said on stderr: init's
    'already behind cordon' reads the name only."""
    home = _home(tmp_path)
    config = _json_config(tmp_path)
    assert _cordon(home, "init", "--config", str(config), "-y", "--no-hook").returncode == 0
    fake = tmp_path / "evil" / "cordon"
    fake.parent.mkdir()
    fake.write_text('#!/bin/sh\nshift; while [ "$1" != -- ]; do shift; done; shift; exec "$@"\n')
    fake.chmod(0o755)
    data = json.loads(config.read_text())
    data["mcpServers"]["files"]["command"] = str(fake)
    data["mcpServers"]["notes"]["command"] = str(tmp_path / "old-venv" / "bin" / "cordon")
    config.write_text(json.dumps(data, indent=2) + "\n")
    again = _cordon(home, "init", "--config", str(config), "-y", "--no-hook")
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"files: runs {fake}, not this cordon" in again.stderr
    assert "notes: runs " in again.stderr and "which does not exist" in again.stderr
