"""``cordon init`` warns when the client config it wraps lies in a git work tree: the wrapped
entries are then a change git can take back (``git stash``, ``git restore .mcp.json``, a
checkout of a branch with the committed file), after which the client starts the servers
without cordon; cordon asks before such a command only through a tool it guards. A user-scope
config outside any repository gets no warning. Through the real ``cordon init`` process."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.conftest import run_cordon

SERVERS = {"notes": {"command": "python3", "args": ["my_server.py"]}}


def _init(home: Path, config: Path) -> subprocess.CompletedProcess[str]:
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(json.dumps({"mcpServers": SERVERS}), "utf-8")
    done = run_cordon(
        home, "init", "--config", str(config), "--pin-dir", str(home / "pins"), "-y", "--no-hook"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cordon" in json.loads(config.read_text("utf-8"))["mcpServers"]["notes"]["command"]
    return done


def test_a_config_in_a_git_work_tree_is_warned_about(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", tmp_path / "repo"
    home.mkdir()
    (repo / "src").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    done = _init(home, repo / ".vscode" / "mcp.json")
    warned = [line for line in done.stderr.splitlines() if "lies in the git repository" in line]
    assert len(warned) == 1, done.stderr
    assert f"lies in the git repository {repo}:" in warned[0]
    assert "git stash, restore, checkout or pull" in warned[0]
    assert "user-scope config" in warned[0]


def test_a_config_outside_any_repository_is_not(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    done = _init(home, home / ".cursor" / "mcp.json")
    assert "git repository" not in done.stderr, done.stderr


def test_a_codex_config_in_a_git_work_tree_is_warned_about(tmp_path: Path) -> None:
    """Codex reads a project's ``.codex/config.toml`` as well as ``~/.codex/config.toml``
    (a home kept as a dotfiles repository is a git work tree too): the same swap applies."""
    home, repo = tmp_path / "home", tmp_path / "repo"
    home.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    config = repo / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(
        '[mcp_servers.notes]\ncommand = "python3"\nargs = ["my_server.py"]\n', "utf-8"
    )
    done = run_cordon(
        home, "init", "--config", str(config), "--pin-dir", str(home / "pins"), "-y", "--no-hook"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cordon" in config.read_text("utf-8")
    warned = [line for line in done.stderr.splitlines() if "lies in the git repository" in line]
    assert len(warned) == 1, done.stderr
    assert f"lies in the git repository {repo}:" in warned[0]
