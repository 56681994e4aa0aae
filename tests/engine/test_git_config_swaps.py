"""A git command that puts another version of a client's MCP config in the work tree is asked
about (``action.credential_write``), as ``cp x .mcp.json`` is: a wrapped ``.mcp.json`` kept as
a work-tree change is undone by ``git stash`` or ``git restore``, and replaced by another
ref's unwrapped copy by ``git checkout BRANCH``, a merge, a pull (config swap: the client's
next start runs those servers without cordon). Shell lines through the ``desktop_commander``
pack's ``start_process``, and the git pack's ``git_checkout``, in a project with a ``.git``
directory; the same commands in a project without a client config stay allowed (one holding
only an auto-run or instruction file, a workflow or ``CLAUDE.md``, too: not a swap of the
guard, and most repositories hold one), a pathspec naming such a file is still asked, and
``status``, ``diff``, ``log``, ``add``, ``commit`` stay allowed."""

from __future__ import annotations

import posixpath
from pathlib import Path

import pytest

from cordon import Engine
from cordon.engine.credential_paths import is_credential_path
from cordon.engine.git_config_swaps import CLIENT_CONFIGS, PROBES, rewrite, swap_reason
from cordon.store.paths import OS_PATHS


def _project(tmp_path: Path, *protected: str | None) -> Path:
    proj = tmp_path / "proj"
    (proj / ".git").mkdir(parents=True)
    (proj / "src").mkdir()
    (proj / "src" / "app.py").write_text("x = 1\n")
    for name in protected:
        if name is not None:
            (proj / name).parent.mkdir(parents=True, exist_ok=True)
            (proj / name).write_text("{}\n")
    return proj


def _shell(proj: Path, command: str) -> tuple[str, str | None]:
    engine = Engine.from_policy([{
        "version": 1, "packs": ["desktop_commander"],
        "allowed_path_prefixes": [str(proj)], "base_dir": str(proj),
    }])  # fmt: skip
    props = {"command": {"type": "string"}, "timeout_ms": {"type": "number"}}
    engine.pin_tools(
        [{"name": "start_process", "inputSchema": {"type": "object", "properties": props}}]
    )
    d = engine.new_session().check("start_process", {"command": command, "timeout_ms": 1000})
    return d.verdict, d.rule


#: each shape that can put back the committed or another ref's .mcp.json
SWAPS = [
    "git stash", "git stash push", "git stash -u", "git stash pop", "git stash apply stash@{1}",
    "git stash branch b", "git restore .mcp.json", "git restore --source=HEAD~3 .mcp.json",
    "git restore -W -S .mcp.json", "git checkout -- .mcp.json", "git checkout HEAD .mcp.json",
    "git checkout HEAD -- .mcp.json", "git checkout main", "git checkout -b x origin/main",
    "git switch main", "git switch -c x origin/old", "git merge feature", "git merge --abort",
    "git pull", "git pull --rebase origin main", "git rebase main", "git cherry-pick abc123",
    "git revert abc123", "git am --abort", "git bisect start", "git read-tree -u -m HEAD",
    "git checkout-index -a -f", "git stash push -- .mcp.json", "git checkout -- '*.json'",
    "git checkout -- ':(glob)**/mcp.json'", "git restore ':/'", "cd src && git stash",
    "git -C src checkout -- ../.mcp.json", "sh -c 'git stash'", "bash -lc 'git checkout main'",
    "git -c alias.co=checkout co main", "git --work-tree=. checkout main",
    "git restore --pathspec-from-file=list.txt", "git -C \"$D\" stash",
]  # fmt: skip


@pytest.mark.parametrize("command", SWAPS)
def test_a_git_rewrite_of_the_config_is_asked(tmp_path: Path, command: str) -> None:
    verdict, rule = _shell(_project(tmp_path, ".mcp.json"), command)
    assert verdict == "ask"
    assert rule is not None


@pytest.mark.parametrize("command", ["git stash", "git checkout main", "git pull"])
def test_the_reason_is_the_config_swap(tmp_path: Path, command: str) -> None:
    engine_rule = _shell(_project(tmp_path, ".mcp.json"), command)[1]
    assert engine_rule == "action.credential_write"


@pytest.mark.parametrize("config", CLIENT_CONFIGS)
def test_each_client_config_in_the_tree_asks_a_branch_switch(tmp_path: Path, config: str) -> None:
    assert _shell(_project(tmp_path, config), "git checkout main") == (
        "ask", "action.credential_write",
    )  # fmt: skip


#: auto-run and instruction files most repositories hold (none decides whether cordon is in
#: front of a server)
AUTO_RUN = (".github/workflows/ci.yml", "CLAUDE.md", ".envrc", ".vscode/tasks.json",
            ".vscode/settings.json", ".pre-commit-config.yaml", "AGENTS.md", ".gitmodules")  # fmt: skip
WHOLE_TREE = ["git checkout main", "git pull", "git stash", "git stash pop", "git merge x",
              "git switch dev", "git rebase main", "git checkout -b x"]  # fmt: skip


@pytest.mark.parametrize("command", WHOLE_TREE)
def test_a_tree_holding_only_auto_run_files_is_not_asked(tmp_path: Path, command: str) -> None:
    assert _shell(_project(tmp_path, *AUTO_RUN), command) == ("allow", "default.allow")


@pytest.mark.parametrize("command", WHOLE_TREE)
def test_the_same_tree_with_a_client_config_is_asked(tmp_path: Path, command: str) -> None:
    proj = _project(tmp_path, *AUTO_RUN, ".mcp.json")
    assert _shell(proj, command) == ("ask", "action.credential_write")


@pytest.mark.parametrize(
    "command",
    ["git checkout -- CLAUDE.md", "git restore .github/workflows/ci.yml", "git checkout HEAD .envrc",
     "git stash push -- .vscode/tasks.json", "git checkout -- .github"],
)  # fmt: skip
def test_a_pathspec_naming_an_auto_run_file_is_still_asked(tmp_path: Path, command: str) -> None:
    proj = _project(tmp_path, *AUTO_RUN)
    assert _shell(proj, command) == ("ask", "action.credential_write")


@pytest.mark.parametrize("spec", [":/", "*.md", ":(glob)**/ci.yml", "."])
def test_a_pattern_spec_over_an_auto_run_file_is_a_swap(tmp_path: Path, spec: str) -> None:
    # (through a shell tool these are asked as action.git_destroy first: changes discarded)
    proj = str(_project(tmp_path, *AUTO_RUN))
    rw = rewrite(("restore", spec))
    assert rw is not None
    assert swap_reason(rw, proj, lambda p: posixpath.normpath(p), OS_PATHS) is not None


@pytest.mark.parametrize(
    "command",
    ["git status", "git diff", "git log --oneline", "git add .", "git commit -m x",
     "git stash list", "git stash show -p", "git reset", "git restore src/app.py",
     "git checkout -- src/app.py", "git fetch origin", "git bisect log",
     "git restore --staged .mcp.json"],
)  # fmt: skip
def test_what_leaves_the_config_is_not_asked(tmp_path: Path, command: str) -> None:
    assert _shell(_project(tmp_path, ".mcp.json"), command) == ("allow", "default.allow")


@pytest.mark.parametrize(
    "command", ["git stash", "git checkout main", "git pull", "git merge x", "git stash pop"]
)
def test_a_tree_without_such_a_file_is_not_asked(tmp_path: Path, command: str) -> None:
    assert _shell(_project(tmp_path, None), command) == ("allow", "default.allow")


def test_a_directory_holding_the_config_is_asked(tmp_path: Path) -> None:
    proj = _project(tmp_path, "sub/.mcp.json")
    assert _shell(proj, "git checkout -- sub") == ("ask", "action.credential_write")
    assert _shell(proj, "git checkout -- src") == ("allow", "default.allow")


def test_every_probe_is_a_protected_path() -> None:
    assert [p for p in (*PROBES, *CLIENT_CONFIGS) if not is_credential_path(p)] == []


def _git_tool(proj: Path, tool: str, arguments: dict[str, str]) -> tuple[str, str | None]:
    engine = Engine.from_policy(
        [{"version": 1, "packs": ["git"], "allowed_path_prefixes": [str(proj)]}]
    )
    props = {k: {"type": "string"} for k in ("repo_path", "branch_name", "mode")}
    engine.pin_tools([
        {"name": n, "inputSchema": {"type": "object", "properties": props}}
        for n in ("git_checkout", "git_stash", "git_pull", "git_status")
    ])  # fmt: skip
    d = engine.new_session().check(tool, {"repo_path": str(proj), **arguments})
    return d.verdict, d.rule


def test_a_git_tools_checkout_of_a_tree_holding_the_config_is_asked(tmp_path: Path) -> None:
    proj = _project(tmp_path, ".mcp.json")
    for tool, arguments in (("git_checkout", {"branch_name": "main"}), ("git_stash", {}),
                            ("git_pull", {})):  # fmt: skip
        assert _git_tool(proj, tool, arguments) == ("ask", "action.credential_write"), tool
    assert _git_tool(proj, "git_status", {})[0] == "allow"
    assert _git_tool(proj, "git_stash", {"mode": "list"})[0] == "allow"


@pytest.mark.parametrize("protected", [(), AUTO_RUN])
def test_a_git_tools_checkout_elsewhere_still_runs(
    tmp_path: Path, protected: tuple[str, ...]
) -> None:
    proj = _project(tmp_path, *protected)
    for tool, arguments in (("git_checkout", {"branch_name": "main"}), ("git_stash", {}),
                            ("git_pull", {})):  # fmt: skip
        assert _git_tool(proj, tool, arguments)[0] == "allow", tool
