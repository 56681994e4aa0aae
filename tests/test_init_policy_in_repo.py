"""`cordon init` warns when a `--policy` file lies in a git work tree.

Quick start keeps `policy.yaml` beside the project's `.mcp.json`, which is most often a git
work tree. cordon then denies every checkout of that repository through a git tool it guards
(`action.cordon_state`: a checkout would swap the policy for a ref's copy;
`tests/e2e/test_git_checkout_cordon_state.py`), which a user first meets as an agent that can
no longer switch branches. Through the real `cordon` process in a temporary HOME."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.conftest import run_cordon


def _init(tmp_path: Path, policy: Path) -> str:
    home = tmp_path / "home"
    proj = tmp_path / "proj"
    proj.mkdir(exist_ok=True)
    subprocess.run(["git", "init", "-q", str(proj)], check=True)
    policy.parent.mkdir(parents=True, exist_ok=True)
    policy.write_text("version: 1\npacks: [git]\n")
    config = proj / ".mcp.json"
    entry = {"command": "uvx", "args": ["mcp-server-git", "--repository", str(proj)]}
    config.write_text(json.dumps({"mcpServers": {"git": entry}}))
    done = run_cordon(home, "init", "--config", str(config), "--server", "git", "--policy",
                      str(policy), "-y", "--no-hook")  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stderr


def test_a_policy_in_the_project_repository_is_warned_about(tmp_path: Path) -> None:
    err = _init(tmp_path, tmp_path / "proj" / "conf" / "policy.yaml")
    said = [ln for ln in err.splitlines() if "inside the git work tree" in ln]
    assert len(said) == 1, err
    assert f"work tree {tmp_path / 'proj'}:" in said[0]
    assert "action.cordon_state" in said[0]
    assert "keep policies outside the repository" in said[0]


def test_a_policy_outside_any_repository_is_not(tmp_path: Path) -> None:
    err = _init(tmp_path, tmp_path / "config" / "cordon" / "policy.yaml")
    assert "git work tree" not in err, err
