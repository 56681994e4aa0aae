"""The work tree a git command writes is judged as ``cp``'s destination is.

``git --work-tree=/etc checkout -- .``, ``git -C /elsewhere checkout BRANCH`` and
``GIT_WORK_TREE=/etc git checkout BRANCH`` write a commit's files outside the allowed paths;
they were judged only as work git cannot give back (``action.git_destroy``, an ask), and a
branch checkout not at all, while ``cp x /etc/passwd`` is denied. A work tree that is an
auto-run path (``.git/hooks``, ``.husky``) is asked about as a write there is. Near misses:
the same subcommands in the project, and git commands that only read another tree.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run
from tests.engine._shell_session import session as _session

from cordon.engine.shell import analyze

ALLOW = ("allow", "default.allow")
OUTSIDE = ("deny", "action.delete_outside")


OUTSIDE_TREES = [
    "git --work-tree=/etc checkout -- .",
    "git --work-tree /etc checkout main",
    "git -C /elsewhere checkout .",
    "git -C /elsewhere checkout main",
    "git --git-dir=/tmp/r/.git --work-tree=/etc checkout -f",
    "GIT_WORK_TREE=/etc git checkout -- .",
    "GIT_WORK_TREE=/etc git checkout main",
    "export GIT_WORK_TREE=/etc; git checkout main",
    "env GIT_WORK_TREE=/etc git checkout main",
    "git -c core.worktree=/etc checkout main",
    "git -C /tmp --work-tree=x checkout main",  # (relative to -C)
    "git --work-tree=~ reset --hard evil",
    "git --work-tree=/etc stash pop",
    "git --work-tree=/etc merge evil",
    "git --work-tree=/etc pull",
    "cd /etc && git checkout main",
    "nice -n 5 git --work-tree=/etc restore .",
]


@pytest.mark.parametrize("command", OUTSIDE_TREES)
def test_a_work_tree_outside_the_allowed_paths_is_denied(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == OUTSIDE
    # and with no allowed_path_prefixes, asked about as cp's write there is (with
    # action.git_destroy for a whole-tree checkout)
    v = _session(tmp_path, prefixes=False).check("run_command", {"command": command})
    assert v.verdict == "ask"
    assert "git: an overwrite outside the project" in v.reason


@pytest.mark.parametrize(
    "command", ["git --work-tree=$D checkout main", "GIT_WORK_TREE=$(mktemp -d) git checkout x"]
)
def test_a_work_tree_computed_at_run_time_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ("ask", "action.delete_outside")


@pytest.mark.parametrize(
    "command",
    [
        "git --work-tree=.git/hooks checkout main",
        "git -C .github/workflows checkout x",
        "git --work-tree=.husky checkout evil",
    ],
)
def test_a_work_tree_that_is_an_auto_run_path_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ("ask", "action.credential_write")


def test_a_work_tree_in_cordons_directory_is_denied(tmp_path: Path) -> None:
    assert _run(tmp_path, "git --work-tree=~/.cordon checkout main") == (
        "deny",
        "action.cordon_state",
    )


def test_the_work_tree_is_a_parsed_write() -> None:
    refs = analyze("git -C /a --work-tree=b checkout main").files
    assert [(r.path, r.op) for r in refs] == [("/a/b", "overwrite")]
    assert analyze("git -C /a status").files == []


@pytest.mark.parametrize(
    "command",
    [
        "git checkout main",
        "git checkout -b feature/x",
        "git -C sub checkout main",
        "git --work-tree=build checkout main",
        "git pull --rebase",
        "git stash && git stash pop",
        "git merge --no-ff feature/x",
        "git rebase -i HEAD~3",
        "git -C /elsewhere status",
        "git -C /elsewhere log --oneline",
        "git --work-tree=/etc status",
        "git -C /elsewhere diff",
        "git --git-dir=/tmp/r/.git log",
    ],
)
def test_git_in_the_project_and_reads_elsewhere_stay_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW
