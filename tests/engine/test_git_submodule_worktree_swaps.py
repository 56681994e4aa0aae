"""``git submodule update`` and ``git worktree add`` can put a committed client config in the
main work tree (``engine/git_config_swaps``), checked with real git 2.39: ``git submodule
update --force`` checks a submodule at ``.vscode`` out over the wrapped ``.vscode/mcp.json``
(a new submodule brings its own): asked as a checkout is, where a client config exists (it
was allowed). ``git worktree add .vscode REF`` writes REF's top-level ``mcp.json`` to
``.vscode/mcp.json``: already asked as a write to a protected path (kept here as a check).
``git sparse-checkout`` is not: git leaves a file that differs from the index ("not up to
date ... left despite sparse patterns"), so a wrapped config stays (the control below)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from tests.engine.test_git_config_swaps import _project, _shell

ASKED = [
    "git submodule update", "git submodule update --init --recursive",
    "git submodule --quiet update --force", "git -C . submodule update --remote",
    "git worktree add .vscode evil", "git worktree add -f .cursor", "git worktree add .claude",
    "git worktree add --detach -b x .vscode evil",
]  # fmt: skip


@pytest.mark.parametrize("command", ASKED)
def test_a_swap_through_a_submodule_or_a_worktree_is_asked(tmp_path: Path, command: str) -> None:
    proj = _project(tmp_path, ".mcp.json")
    assert _shell(proj, command) == ("ask", "action.credential_write"), command


@pytest.mark.parametrize(
    "command",
    ["git worktree add wt feature", "git worktree add -b x wt", "git worktree list",
     "git worktree remove wt", "git submodule status", "git submodule init",
     "git sparse-checkout set src", "git sparse-checkout reapply"],
)  # fmt: skip
def test_what_leaves_the_config_is_not_asked(tmp_path: Path, command: str) -> None:
    proj = _project(tmp_path, ".mcp.json")
    assert _shell(proj, command)[0] == "allow", command


def test_a_submodule_update_without_a_client_config_is_not_asked(tmp_path: Path) -> None:
    proj = _project(tmp_path, "CLAUDE.md")
    assert _shell(proj, "git submodule update --init")[0] == "allow"


def _git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.email=a@b", "-c", "user.name=a",
                           "-c", "protocol.file.allow=always", *args],
                          cwd=cwd, check=True, capture_output=True, text=True, timeout=30)  # fmt: skip
    return done.stdout


WRAPPED = '{"servers": {"s": {"command": "cordon", "args": ["run", "--", "srv"]}}}\n'


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    sub, main = tmp_path / "sub", tmp_path / "main"
    for d in (sub, main):
        d.mkdir()
        _git(d, "init", "-q")
    (sub / "mcp.json").write_text('{"servers": {"s": {"command": "srv"}}}\n')
    _git(sub, "add", ".")
    _git(sub, "commit", "-qm", "c")
    (main / ".mcp.json").write_text('{"mcpServers": {}}\n')
    _git(main, "submodule", "add", "-q", "../sub", ".vscode")
    _git(main, "add", ".")
    _git(main, "commit", "-qm", "c")
    (main / ".vscode" / "mcp.json").write_text(WRAPPED)
    (main / ".mcp.json").write_text(WRAPPED)
    return main


def test_control_submodule_update_force_puts_back_the_config(repo: Path) -> None:
    _git(repo, "submodule", "update", "--force")
    assert (repo / ".vscode" / "mcp.json").read_text() != WRAPPED


def test_control_worktree_add_writes_a_config_directory(repo: Path) -> None:
    _git(repo, "checkout", "-qb", "evil")
    (repo / "mcp.json").write_text("{}\n")
    _git(repo, "add", "mcp.json")
    _git(repo, "commit", "-qm", "e")
    _git(repo, "checkout", "-q", "-")
    _git(repo, "worktree", "add", ".cursor", "evil")
    assert (repo / ".cursor" / "mcp.json").read_text() == "{}\n"


@pytest.mark.parametrize("steps", [["set", "--no-cone", "/src/"], ["set", "src"], ["reapply"]])
def test_control_sparse_checkout_leaves_a_wrapped_config(repo: Path, steps: list[str]) -> None:
    (repo / "src").mkdir()
    (repo / "src" / "a").write_text("x\n")
    _git(repo, "add", "src")
    _git(repo, "commit", "-qm", "s")
    _git(repo, "sparse-checkout", "set", "--no-cone", "/src/")
    _git(repo, "sparse-checkout", *steps)
    _git(repo, "sparse-checkout", "disable")
    assert (repo / ".mcp.json").read_text() == WRAPPED
