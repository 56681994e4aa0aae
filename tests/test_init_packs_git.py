"""``cordon init --packs`` and the git server (mcp-server-git): its ``--repository`` directory
becomes the git pack's one ``allowed_path_prefixes`` entry, under the rules of the filesystem
server's directories (absolute, existing, not ``/`` or the home folder or above; VS Code's
``${workspaceFolder}`` only in a workspace's own config); anything else is not guessed (no
prefix, and init says to add it). Without the prefix every tool's ``repo_path`` reached any
repository on the disk (``git_log`` of another private repository, ``git_commit`` in it):
releases before 2025.12.18 did not enforce ``--repository`` themselves (CVE-2025-68145,
modelcontextprotocol/servers#604). No ``base_dir``: the server reads a relative ``repo_path``
in its working directory, not in ``--repository``. Planned by
:func:`cordon.clientconfig.plan_init` (the real init process: tests/e2e/test_init_packs_git)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from cordon.clientconfig import plan_init
from cordon.policy import load_policy


def _plan(
    tmp: Path, servers: dict[str, list[str]], config: Path | None = None
) -> dict[str, object]:
    """Each server (``uvx mcp-server-git ARGS``) planned with --packs: its policy's data, and
    whether init said to add prefixes by hand."""
    config = config or tmp / ".mcp.json"
    config.parent.mkdir(parents=True, exist_ok=True)
    entries = {n: {"command": "uvx", "args": ["mcp-server-git", *a]} for n, a in servers.items()}
    key = "servers" if config.name == "mcp.json" else "mcpServers"  # VS Code's shape
    config.write_text(json.dumps({key: entries}), "utf-8")
    plan = plan_init(config, packs=True, pin_dir=tmp / "pins")
    got: dict[str, object] = {}
    for path, text in plan.policy_files.items():
        data = yaml.safe_load(text)
        assert data["packs"] == ["git"] and "base_dir" not in data, data
        assert load_policy([_written(path, text)]).packs == ("git",)
        name = next(n for n in servers if path.name.startswith(n + "-"))
        hinted = any(m.startswith(f"{name}: hint: ") for m in plan.messages)
        got[name] = (data.get("allowed_path_prefixes"), hinted)
    return got


def _written(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return path


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def test_the_repository_option_becomes_the_prefix(tmp_path: Path, home: Path) -> None:
    repo = tmp_path / "work" / "repo"
    repo.mkdir(parents=True)
    r = str(repo)
    got = _plan(
        tmp_path,
        {
            "long": ["--repository", r],
            "eq": [f"--repository={r}"],
            "short": ["-r", r, "-v"],
            "glued": [f"-r{r}", "--verbose"],
        },
    )
    assert got == {n: ([r], False) for n in ("long", "eq", "short", "glued")}


def test_anything_else_is_not_guessed(tmp_path: Path, home: Path) -> None:
    repo = tmp_path / "work" / "repo"
    repo.mkdir(parents=True)
    r = str(repo)
    got = _plan(
        tmp_path,
        {
            "none": [],
            "relative": ["--repository", "."],
            "tilde": ["--repository", "~/repo"],
            "missing": ["--repository", str(tmp_path / "nowhere")],
            "file": ["--repository", str(tmp_path / ".mcp.json")],
            "twice": ["-r", r, "-r", str(tmp_path)],
            "unknown": ["--repo", r],
            "dangling": ["-r"],
            "home": ["--repository", str(home)],
            "root": ["--repository", "/"],
            "above": ["--repository", str(home.parent)],
        },
    )
    assert got == {n: (None, True) for n in got} and len(got) == 11, got


def test_a_workspace_folder_is_the_prefix_only_in_that_workspace(
    tmp_path: Path, home: Path
) -> None:
    folder = tmp_path / "app"
    (folder / ".vscode").mkdir(parents=True)
    args = {"git": ["--repository", "${workspaceFolder}"]}
    assert _plan(tmp_path, args, folder / ".vscode" / "mcp.json") == {"git": ([str(folder)], False)}
    user = tmp_path / "user" / "mcp.json"  # a user-level file: no one workspace, not guessed
    assert _plan(tmp_path / "user", args, user) == {"git": (None, True)}
