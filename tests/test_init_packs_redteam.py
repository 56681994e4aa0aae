"""Red team of ``cordon init --packs`` (:mod:`cordon.clientpacks`): ways to make init write
a policy whose ``allowed_path_prefixes`` are wider than the directories the server is run
with. The filesystem pack sets its writes ``destructive: false`` (path confinement is the
control), so a prefix wider than the server's workspace lets writes there through unasked.
Through the real ``cordon init`` process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.conftest import run_cordon

FS = "@modelcontextprotocol/server-filesystem@2026.8.31"
ENTRY = {"command": "npx", "args": ["-y", FS, "${workspaceFolder}"]}


def _prefixes(home: Path, config: Path) -> object:
    """The ``allowed_path_prefixes`` ``cordon init --packs --config CONFIG`` writes."""
    run = ("init", "--config", str(config), "--pin-dir", str(home / ".cordon" / "pins"), "-y")
    done = run_cordon(home, *run, "--packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    args = json.loads(config.read_text("utf-8"))["mcpServers"]["files"]["args"]
    policy = Path(args[args.index("--policy") + 1])
    return yaml.safe_load(policy.read_text("utf-8")).get("allowed_path_prefixes")


@pytest.mark.parametrize("spelling", ["real", "dotdot", "dot"])
def test_cursor_user_file_by_another_spelling_gets_no_home_prefix(
    tmp_path: Path, spelling: str
) -> None:
    """Cursor's user-level ``~/.cursor/mcp.json`` serves every workspace: its
    ``${workspaceFolder}`` is whichever is open, not the home directory. Named by its real
    path (a symlinked home), or with ``..`` or ``.`` in it, it was read as the home folder's
    own workspace file and the home directory became the allowed prefix."""
    real = tmp_path / "realhome"
    (real / ".cursor").mkdir(parents=True)
    home = tmp_path / "home"
    home.symlink_to(real)
    config = real / ".cursor" / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"files": ENTRY}}), "utf-8")
    given = {
        "real": config,
        "dotdot": home / ".." / "home" / ".cursor" / "mcp.json",
        "dot": home / "." / ".cursor" / "mcp.json",
    }[spelling]
    assert _prefixes(home, given) is None


def test_a_project_cursor_file_still_gets_its_folder(tmp_path: Path) -> None:
    """The near miss: a project's own ``.cursor/mcp.json`` (not the home's) keeps its folder
    as the prefix."""
    home = tmp_path / "home"
    home.mkdir()
    project = home / "app"
    (project / ".cursor").mkdir(parents=True)
    config = project / ".cursor" / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"files": ENTRY}}), "utf-8")
    assert _prefixes(home, config) == [str(project)]
