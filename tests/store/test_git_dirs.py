"""``OsPaths.git_dir``: the resolver's query behind ``action.git_dir``, git's own
``is_git_directory`` test on a path and its parents (``HEAD`` with ``objects/`` and ``refs/``,
or with ``commondir``), on real directories and real git repositories."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cordon.store import OS_PATHS

GIT = ["git", "-c", "init.defaultBranch=main"]


def _work_tree(where: Path) -> Path:
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run([*GIT, "init", "-q", str(where)], check=True)
    return where


def test_a_bare_repository_is_a_git_directory(tmp_path: Path) -> None:
    bare = tmp_path / "proj" / "vendor" / "cache"
    subprocess.run([*GIT, "init", "-q", "--bare", str(bare)], check=True)
    assert OS_PATHS.git_dir(str(bare))
    # any path inside it: git's discovery walks up to the bare repository
    for rel in ("hooks", "hooks/pre-commit", "objects/info", "refs/heads/x", "not/there"):
        assert OS_PATHS.git_dir(str(bare / rel)), rel


def test_a_dot_git_directory_reached_directly_is_one(tmp_path: Path) -> None:
    proj = _work_tree(tmp_path / "proj")
    assert OS_PATHS.git_dir(str(proj / ".git"))
    assert OS_PATHS.git_dir(str(proj / ".git" / "hooks"))


def test_a_link_to_a_bare_repository_is_one(tmp_path: Path) -> None:
    bare = tmp_path / "cache"
    subprocess.run([*GIT, "init", "-q", "--bare", str(bare)], check=True)
    (tmp_path / "link").symlink_to(bare)
    assert OS_PATHS.git_dir(str(tmp_path / "link"))


def test_a_git_directory_with_a_commondir_is_one(tmp_path: Path) -> None:
    """A linked work tree's git directory: ``HEAD`` and ``commondir``, its objects and
    refs in the common directory."""
    d = tmp_path / "gitdir"
    d.mkdir()
    (d / "HEAD").write_text("ref: refs/heads/main\n", "utf-8")
    (d / "commondir").write_text("../common\n", "utf-8")
    assert OS_PATHS.git_dir(str(d))


def test_a_head_that_is_a_symbolic_link_counts(tmp_path: Path) -> None:
    d = tmp_path / "old"
    for sub in ("objects", "refs"):
        (d / sub).mkdir(parents=True)
    (d / "HEAD").symlink_to("refs/heads/main")  # git's old symref form, dangling here
    assert OS_PATHS.git_dir(str(d))


def test_a_work_tree_is_not_a_git_directory(tmp_path: Path) -> None:
    proj = _work_tree(tmp_path / "proj")
    for rel in ("", "src", "src/new.py"):
        assert not OS_PATHS.git_dir(str(proj / rel)), rel


def test_a_work_tree_named_hooks_is_not_one(tmp_path: Path) -> None:
    hooks = _work_tree(tmp_path / "proj" / "hooks")
    (hooks / "pre-commit").write_text("#!/bin/sh\n", "utf-8")
    assert not OS_PATHS.git_dir(str(hooks))
    assert not OS_PATHS.git_dir(str(tmp_path / "proj" / "src" / "hooks"))


def test_a_directory_with_only_a_file_named_head_is_not_one(tmp_path: Path) -> None:
    d = tmp_path / "notes"
    d.mkdir()
    (d / "HEAD").write_text("the head of the queue\n", "utf-8")
    assert not OS_PATHS.git_dir(str(d))
    (d / "objects").mkdir()  # objects/ without refs/: still none
    assert not OS_PATHS.git_dir(str(d))


def test_head_as_a_directory_is_not_one(tmp_path: Path) -> None:
    d = tmp_path / "x"
    for sub in ("HEAD", "objects", "refs"):
        (d / sub).mkdir(parents=True)
    assert not OS_PATHS.git_dir(str(d))


def test_a_missing_path_outside_any_repository_is_not_one(tmp_path: Path) -> None:
    assert not OS_PATHS.git_dir(str(tmp_path / "no" / "such" / "dir"))


def test_a_path_that_cannot_be_resolved_counts_as_one() -> None:
    assert OS_PATHS.git_dir("/tmp/\0bad")  # (fail closed: it cannot be judged)
