"""`cordon check` warns about a directory of the policy that does not exist on this machine.

A typo in `allowed_path_prefixes` or `base_dir` (`/home/me/projct`) loads as a valid policy:
every path of the real project is then outside the allowed prefixes and denied
(`arg.path_outside`), and a relative path resolves into the missing directory, while `cordon
check` printed `policy ok` with nothing to point at the typo. The warning names the key and
the path; the policy still loads (exit 0): a prefix may be made later, or name a directory
of another file system the server sees (a container's)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cordon


def test_check_names_each_missing_directory(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    (home / "notes").mkdir()
    typo = tmp_path / "projct"
    policy = tmp_path / "policy.yaml"
    policy.write_text(
        "version: 1\n"
        "packs: [filesystem]\n"
        f"allowed_path_prefixes: [{project}, {typo}, ~/notes, ~/nowhere]\n"
        f"base_dir: {tmp_path / 'base-typo'}\n"
        "tools:\n"
        f"  write_file: {{allowed_path_prefixes: [{project / 'out'}], base_dir: {project}}}\n"
    )
    done = run_cordon(home, "check", "--policy", str(policy))
    assert done.returncode == 0, done.stderr
    assert "policy ok" in done.stdout
    warnings = [line for line in done.stderr.splitlines() if "does not exist" in line]
    assert len(warnings) == 4, done.stderr
    assert any(f"allowed_path_prefixes: {typo} " in w for w in warnings)
    assert any("allowed_path_prefixes: ~/nowhere " in w for w in warnings)
    assert any(f"base_dir: {tmp_path / 'base-typo'} " in w for w in warnings)
    assert any(f"tools.write_file.allowed_path_prefixes: {project / 'out'} " in w for w in warnings)
    assert not any(f"allowed_path_prefixes: {project} " in w for w in warnings)
    assert "~/notes" not in done.stderr


def test_check_is_quiet_when_every_directory_exists(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "notes.txt").write_text("a prefix may name one file\n")
    policy = tmp_path / "policy.yaml"
    policy.write_text(
        f"version: 1\npacks: [filesystem]\nallowed_path_prefixes: [{project}]\nbase_dir: {project}\n"
        f"tools:\n  edit_file: {{allowed_path_prefixes: [{project / 'notes.txt'}]}}\n"
    )
    done = run_cordon(tmp_path, "check", "--policy", str(policy))
    assert done.returncode == 0, done.stderr
    assert "does not exist" not in done.stderr


def test_init_names_a_missing_directory_of_its_policy(tmp_path: Path) -> None:
    """`cordon init --policy` loads the policy before it writes the entry: the same warning,
    and the entry is written (the directory may be made later)."""
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    config = project / ".mcp.json"
    server = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]}
    config.write_text(json.dumps({"mcpServers": {"files": server}}))
    policy = project / "policy.yaml"
    typo = tmp_path / "projct"
    policy.write_text(f"version: 1\npacks: [filesystem]\nallowed_path_prefixes: [{typo}]\n")
    done = run_cordon(
        home, "init", "--config", str(config), "--server", "files", "--policy", str(policy), "-y"
    )
    assert done.returncode == 0, done.stderr
    assert f"warning: allowed_path_prefixes: {typo} does not exist here" in done.stderr
    assert "cordon" in json.loads(config.read_text())["mcpServers"]["files"]["command"]
