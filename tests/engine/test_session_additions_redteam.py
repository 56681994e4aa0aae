"""Evasions of ``action.git_dir`` (a git tool pointed at a git directory rather than a work
tree), each checked against what the git pack's server really opens (GitPython's
``git.Repo(path)``, which mcp-server-git calls).

Attack classes: the embedded bare repository (CVE-2022-24765's class) reached another way
than by its own path: ``$PWD/vendor/cache`` (GitPython expands environment variables;
cordon read a directory named ``$PWD``), a ``.git`` file (``gitdir: ../vendor/cache``) in a
directory of the project (git and GitPython follow it), and a git server whose repository
argument is named ``gitdir``, ``folder``, ``workspace`` or ``project_root``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.store import OS_PATHS

GIT_DIR = ("ask", "action.git_dir")
GIT = ["git", "-c", "init.defaultBranch=main"]


def _check(tool: str, args: dict[str, Any], proj: Path, **pol: Any) -> tuple[str, str]:
    policy = {"version": 1, "packs": ["git"], "allowed_path_prefixes": [str(proj)], **pol}
    eng = Engine.from_policy([policy])
    eng.pin_tools([{"name": tool, "inputSchema": {"type": "object"}}])
    d = eng.new_session().check(tool, args)
    return d.verdict, d.rule


@pytest.fixture
def proj(tmp_path: Path) -> Path:
    """A work tree holding a bare repository at ``vendor/cache``."""
    p = tmp_path / "proj"
    p.mkdir()
    subprocess.run([*GIT, "init", "-q", str(p)], check=True)
    subprocess.run([*GIT, "init", "-q", "--bare", str(p / "vendor" / "cache")], check=True)
    return p


@pytest.mark.parametrize(
    "raw", ["$PWD/vendor/cache", "${PWD}/vendor/cache", "vendor/${EMPTY}cache", "%CD%/x"]
)
def test_a_repository_argument_naming_an_environment_variable_is_asked(
    proj: Path, raw: str
) -> None:
    """GitPython's ``Repo('$PWD/vendor/cache')`` opens the bare repository (it expands the
    variable); cordon resolved a directory named ``$PWD`` under the project."""
    args = {"repo_path": raw, "message": "sync"}
    assert _check("git_commit", args, proj, base_dir=str(proj)) == GIT_DIR


def test_gitpython_expands_the_variable_into_the_bare_repository(
    proj: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The premise, on the library the git pack's server uses."""
    git = pytest.importorskip("git")
    monkeypatch.chdir(proj)
    monkeypatch.setenv("PWD", str(proj))
    with pytest.warns(UserWarning):
        repo = git.Repo("$PWD/vendor/cache")
    assert Path(repo.git_dir) == proj / "vendor" / "cache"


def test_a_gitfile_naming_a_bare_repository_is_asked(proj: Path) -> None:
    """``sub/.git`` holding ``gitdir: ../vendor/cache`` (an archive brought it, or an
    approved write): git and GitPython use the bare repository and run its hooks."""
    (proj / "sub").mkdir()
    (proj / "sub" / ".git").write_text("gitdir: ../vendor/cache\n")
    args = {"repo_path": str(proj / "sub"), "message": "sync"}
    assert _check("git_commit", args, proj) == GIT_DIR
    git = pytest.importorskip("git")
    assert Path(git.Repo(str(proj / "sub")).git_dir) == proj / "vendor" / "cache"


def test_a_gitfile_that_cannot_be_read_as_one_is_asked(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / ".git").write_text("not a pointer\n")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / ".git").symlink_to(tmp_path / "missing")
    assert OS_PATHS.git_dir(str(tmp_path / "a"))
    assert OS_PATHS.git_dir(str(tmp_path / "b"))


def test_a_submodule_and_a_linked_work_tree_are_not_asked(proj: Path) -> None:
    """Their ``.git`` files name ``.git/modules/x`` and ``.git/worktrees/x``: inside the
    superproject's own git directory, which no clone brings."""
    subprocess.run([*GIT, "-C", str(proj), "commit", "-q", "--allow-empty", "-m", "a"], check=True)
    wt = proj.parent / "wt"
    subprocess.run([*GIT, "-C", str(proj), "worktree", "add", "-q", str(wt)], check=True)
    assert (wt / ".git").is_file()
    assert not OS_PATHS.git_dir(str(wt))
    sub = proj / "lib"
    sub.mkdir()
    (sub / ".git").write_text("gitdir: ../.git/modules/lib\n")
    (proj / ".git" / "modules" / "lib").mkdir(parents=True)
    assert not OS_PATHS.git_dir(str(sub))
    assert _check("git_status", {"repo_path": str(wt)}, proj.parent) != GIT_DIR


@pytest.mark.parametrize(
    "key", ["gitdir", "folder", "workspace", "project_root", "root", "location"]
)
def test_another_git_servers_repository_argument_names_are_read(proj: Path, key: str) -> None:
    policy = {"version": 1, "allowed_path_prefixes": [str(proj)]}
    eng = Engine.from_policy([policy])
    eng.pin_tools([{"name": "git_commit_all", "inputSchema": {"type": "object"}}])
    d = eng.new_session().check("git_commit_all", {key: str(proj / "vendor" / "cache")})
    assert (d.verdict, d.rule) == GIT_DIR


def test_a_work_tree_by_a_plain_path_is_still_not_asked(proj: Path) -> None:
    args = {"repo_path": str(proj), "message": "a"}
    assert _check("git_commit", args, proj) == ("allow", "default.allow")
