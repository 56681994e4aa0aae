"""action.git_dir: a git tool whose repository argument is a git directory itself (a bare
repository a clone brings, a ``.git`` reached directly) or a path inside one is asked; a
work tree is not.

Attack class: the embedded bare repository (CVE-2022-24765's class, git's
``safe.bareRepository=explicit``): ``git_commit`` with ``repo_path`` at a cloned project's
``vendor/cache`` runs its ``hooks/pre-commit``. The path confinement alone let it through:
the directory is inside the project.
"""

from __future__ import annotations

import posixpath
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine import rules
from cordon.engine.args import PathResolver

GIT_DIR = ("ask", "action.git_dir")
ALLOW = ("allow", "default.allow")
GIT = ["git", "-c", "init.defaultBranch=main"]

#: the git pack's tools that run git in ``repo_path`` (every one of them: a commit runs
#: pre-commit, a checkout post-checkout, a status reads core.fsmonitor from the config)
PACK_TOOLS = [
    ("git_status", {}),
    ("git_diff_unstaged", {}),
    ("git_log", {}),
    ("git_commit", {"message": "sync"}),
    ("git_add", {"files": ["a.txt"]}),
    ("git_reset", {}),
    ("git_create_branch", {"branch_name": "x"}),
    ("git_checkout", {"branch_name": "main"}),
]


def _check(
    tool: str, args: dict[str, Any], proj: str, paths: PathResolver | None = None, **pol: Any
) -> tuple[str, str]:
    policy = {"version": 1, "packs": ["git"], "allowed_path_prefixes": [proj], **pol}
    eng = Engine.from_policy([policy], paths=paths)
    eng.pin_tools([{"name": tool, "inputSchema": {"type": "object"}}])
    d = eng.new_session().check(tool, args)
    return d.verdict, d.rule


@pytest.fixture
def proj(tmp_path: Path) -> Path:
    """A project (a work tree) holding a bare repository at ``vendor/cache``, as a clone
    of a repository that checked one in brings it."""
    p = tmp_path / "proj"
    p.mkdir()
    subprocess.run([*GIT, "init", "-q", str(p)], check=True)
    subprocess.run([*GIT, "init", "-q", "--bare", str(p / "vendor" / "cache")], check=True)
    return p


@pytest.mark.parametrize(("tool", "extra"), PACK_TOOLS)
def test_each_pack_tool_on_a_bare_repository_is_asked(
    proj: Path, tool: str, extra: dict[str, Any]
) -> None:
    args = {"repo_path": str(proj / "vendor" / "cache"), **extra}
    assert _check(tool, args, str(proj)) == GIT_DIR


@pytest.mark.parametrize(("tool", "extra"), PACK_TOOLS)
def test_each_pack_tool_on_the_work_tree_is_allowed(
    proj: Path, tool: str, extra: dict[str, Any]
) -> None:
    verdict = _check(tool, {"repo_path": str(proj), **extra}, str(proj))
    assert verdict[1] != "action.git_dir"


def test_the_benign_commit_is_allowed_unasked(proj: Path) -> None:
    assert _check("git_commit", {"repo_path": str(proj), "message": "a"}, str(proj)) == ALLOW


@pytest.mark.parametrize(
    "rel", [".git", ".git/hooks", "vendor/cache/hooks", "vendor/cache/refs/heads", "vendor/./cache"]
)
def test_a_git_directory_reached_directly_or_a_path_inside_one_is_asked(
    proj: Path, rel: str
) -> None:
    args = {"repo_path": f"{proj}/{rel}", "message": "x"}
    assert _check("git_commit", args, str(proj)) == GIT_DIR


def test_a_link_to_the_bare_repository_is_asked(proj: Path) -> None:
    (proj / "lib").symlink_to(proj / "vendor" / "cache")
    assert _check("git_commit", {"repo_path": str(proj / "lib"), "message": "x"}, str(proj)) == (
        GIT_DIR
    )


def test_a_relative_path_under_base_dir_is_resolved(proj: Path) -> None:
    args = {"repo_path": "vendor/cache", "message": "x"}
    assert _check("git_commit", args, str(proj), base_dir=str(proj)) == GIT_DIR
    assert _check(
        "git_commit", {"repo_path": ".", "message": "x"}, str(proj), base_dir=str(proj)
    ) == (ALLOW)


def test_near_misses_commit_unasked(proj: Path) -> None:
    """A nested work tree named ``hooks``; a directory that holds only a file named HEAD."""
    hooks = proj / "tools" / "hooks"
    hooks.mkdir(parents=True)
    subprocess.run([*GIT, "init", "-q", str(hooks)], check=True)
    assert _check("git_commit", {"repo_path": str(hooks), "message": "x"}, str(proj)) == ALLOW
    notes = proj / "notes"
    notes.mkdir()
    (notes / "HEAD").write_text("the head of the queue\n", "utf-8")
    assert _check("git_status", {"repo_path": str(notes)}, str(proj)) == ALLOW


def test_another_git_servers_repository_argument_is_read(proj: Path) -> None:
    """A git server whose tools take ``path`` (cyanheads/git-mcp-server) or ``repository``,
    no pack: the argument named like a repository directory is read."""
    bare = str(proj / "vendor" / "cache")
    for key in ("path", "repository", "cwd"):
        policy = {"version": 1, "allowed_path_prefixes": [str(proj)]}
        eng = Engine.from_policy([policy])
        eng.pin_tools([{"name": "git_commit", "inputSchema": {"type": "object"}}])
        d = eng.new_session().check("git_commit", {key: bare, "message": "x"})
        assert (d.verdict, d.rule) == GIT_DIR, key


def test_a_tool_that_is_no_git_tool_is_not_read(proj: Path) -> None:
    """The filesystem's tools read and write files in a bare repository (the write rules
    judge its hooks and config); only a tool that runs git there is asked."""
    eng = Engine.from_policy([{"version": 1, "packs": ["filesystem"]}])
    eng.pin_tools([{"name": "list_directory", "inputSchema": {"type": "object"}}])
    d = eng.new_session().check("list_directory", {"path": str(proj / "vendor" / "cache")})
    assert d.rule != "action.git_dir"


def test_trust_tools_skips_the_ask(proj: Path) -> None:
    args = {"repo_path": str(proj / "vendor" / "cache"), "message": "x"}
    assert _check("git_commit", args, str(proj), trust_tools=["git_commit"])[1] != "action.git_dir"


class _OldPaths:
    """A made-up filesystem, as a resolver written before the ``git_dir`` query."""

    def __hash__(self) -> int:
        return id(self)

    def expanduser(self, path: str) -> str:
        return path

    def realpath(self, path: str) -> str:
        return posixpath.normpath(path)


class _Paths(_OldPaths):
    """``gitdirs`` are the git directories (what lies under one is inside it)."""

    def __init__(self, gitdirs: tuple[str, ...]) -> None:
        self.gitdirs = gitdirs
        self.asked: list[str] = []

    def __hash__(self) -> int:
        return id(self)

    def git_dir(self, path: str) -> bool:
        self.asked.append(path)
        return any(path == g or path.startswith(g + "/") for g in self.gitdirs)


def test_the_engine_asks_its_resolver_and_touches_no_file() -> None:
    paths = _Paths(("/srv/proj/vendor/cache",))
    args = {"repo_path": "/srv/proj/vendor/cache/../cache", "message": "x"}
    assert _check("git_commit", args, "/srv/proj", paths) == GIT_DIR
    assert paths.asked == ["/srv/proj/vendor/cache"]
    assert _check("git_commit", {"repo_path": "/srv/proj", "message": "x"}, "/srv/proj", paths) == (
        ALLOW
    )


def test_a_resolver_without_the_query_is_asked() -> None:
    """Fail closed: a resolver that cannot tell a git directory from a work tree."""
    args = {"repo_path": "/srv/proj", "message": "x"}
    assert _check("git_commit", args, "/srv/proj", _OldPaths()) == GIT_DIR  # type: ignore[arg-type]


def test_the_rule_is_in_the_catalogue() -> None:
    assert rules.CATALOGUE[rules.ACTION_GIT_DIR].verdict == "ask"
    assert rules.ACTION_GIT_DIR == "action.git_dir"
