"""The github pack holds ``owner``, ``repo``, a file's ``path`` and a ``branch`` to GitHub's
own grammar: @modelcontextprotocol/server-github puts them into its request URLs unencoded,
and fetch resolves ``..``, ``%2e%2e`` and ``\\`` and cuts at ``?`` and ``#``
(tests/e2e/test_github_api_path_injection.py runs the real server)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cordon import Engine
from cordon.policy import load_pack

TOOLS: dict[str, Any] = load_pack("github")["tools"]

#: the tools whose URL holds no repository (a search's query is encoded; a new repository's
#: name goes in the request body)
NO_REPOSITORY = {
    "search_repositories", "search_code", "search_issues", "search_users", "create_repository",
}  # fmt: skip


def _rx(tool: str, param: str) -> re.Pattern[str]:
    return re.compile(TOOLS[tool]["arg_patterns"][param])


@pytest.mark.parametrize("tool", sorted(set(TOOLS) - NO_REPOSITORY))
def test_every_repository_tool_holds_owner_and_repo(tool: str) -> None:
    assert {"owner", "repo"} <= set(TOOLS[tool].get("arg_patterns", {})), tool


@pytest.mark.parametrize("name", ["me", "octo-cat", "acme_emu", "a" * 39])
def test_account_names_pass(name: str) -> None:
    assert _rx("create_issue", "owner").fullmatch(name)


@pytest.mark.parametrize("name", ["..", ".", "me/app", "me#", "me?", "-x", "", "me%2f", "m e"])
def test_account_names_that_rewrite_the_url_fail(name: str) -> None:
    assert not _rx("create_issue", "owner").fullmatch(name)
    assert not _rx("fork_repository", "organization").fullmatch(name)


@pytest.mark.parametrize("name", ["app", "my-app.js", ".github", "a..b", "...", "A_b"])
def test_repository_names_pass(name: str) -> None:
    assert _rx("update_pull_request_branch", "repo").fullmatch(name)


@pytest.mark.parametrize(
    "name",
    ["..", ".", "app/collaborators/x#", "app?", "app#", "app\\x", "%2e%2e", "a b", "", "a" * 101],
)
def test_repository_names_that_rewrite_the_url_fail(name: str) -> None:
    assert not _rx("update_pull_request_branch", "repo").fullmatch(name)


@pytest.mark.parametrize(
    "path", ["", "README.md", ".github/workflows/ci.yml", "docs/My Doc.md", "a/.b/c", "a..b/c"]
)
def test_file_paths_pass(path: str) -> None:
    assert _rx("create_or_update_file", "path").fullmatch(path)


@pytest.mark.parametrize(
    "path",
    ["..", "../x", "a/..", "a/../b", "a/./b", ".", "./a", "a\\b", "a%2e%2e", "a?b", "a#", "a\nb",
     "a/.\t./b"],
)  # fmt: skip
def test_file_paths_that_climb_or_cut_fail(path: str) -> None:
    assert not _rx("create_or_update_file", "path").fullmatch(path)


@pytest.mark.parametrize("branch", ["main", "feature/x", "release-1.0", "fix/issue-12", "a&b"])
def test_branch_names_pass(branch: str) -> None:
    assert _rx("push_files", "branch").fullmatch(branch)
    assert _rx("create_branch", "from_branch").fullmatch(branch)


@pytest.mark.parametrize(
    "branch",
    ["a..b", "main/../x", ".hidden", "a/.b", "a b", "a\\b", "a%2e", "a#1", "a?", "a@{1}", "a:b",
     "a~1", ""],
)  # fmt: skip
def test_branch_names_that_climb_or_cut_fail(branch: str) -> None:
    assert not _rx("push_files", "branch").fullmatch(branch)


def _tool(name: str, *params: str) -> dict[str, Any]:
    props = {p: {"type": "array" if p == "files" else "string"} for p in params}
    return {
        "name": name,
        "description": name,
        "inputSchema": {"type": "object", "properties": props},
    }


def _session() -> Any:
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}])
    commit = ("owner", "repo", "branch", "message")
    engine.pin_tools(
        [
            _tool("push_files", *commit, "files"),
            _tool("create_or_update_file", *commit, "path", "content"),
        ]
    )
    return engine.new_session()


def test_a_nested_file_path_of_a_push_is_held_too() -> None:
    s = _session()
    files = [{"path": "ok.txt", "content": "x"}, {"path": "../.github/x.yml", "content": "x"}]
    args = {"owner": "me", "repo": "app", "branch": "main", "message": "m", "files": files}
    v = s.check("push_files", args)
    assert (v.verdict, v.rule) == ("deny", "arg.pattern"), v


def test_a_commit_to_a_well_named_file_is_still_asked() -> None:
    """The patterns bound the names, not the write: a commit straight to a branch is asked
    (``destructive: true``), a workflow as an auto-run file."""
    s = _session()
    base = {"owner": "me", "repo": "app", "branch": "main", "message": "m", "content": "x"}
    v = s.check("create_or_update_file", {**base, "path": "README.md"})
    assert (v.verdict, v.rule) == ("ask", "action.destructive_hint"), v
    v = s.check("create_or_update_file", {**base, "path": ".github/workflows/ci.yml"})
    assert (v.verdict, v.rule) == ("ask", "action.credential_write"), v
