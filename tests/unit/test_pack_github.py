"""The github pack's asks about publishing a repository and merging into a shared branch,
on the tool definitions of @modelcontextprotocol/server-github (tests/e2e/test_packs_live.py
checks the names against the live server), and the policy key ``destructive_unless`` the
first one uses."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine
from cordon._exceptions import PolicyError

CREATE_REPOSITORY: dict[str, Any] = {
    "name": "create_repository",
    "description": "Create a new GitHub repository in your account",
    "inputSchema": {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "description": {"type": "string"},
            "private": {"type": "boolean"},
            "autoInit": {"type": "boolean"},
        },
        "required": ["name"],
    },
}
MERGE_PULL_REQUEST: dict[str, Any] = {
    "name": "merge_pull_request",
    "description": "Merge a pull request",
    "inputSchema": {
        "type": "object",
        "properties": {
            "owner": {"type": "string"},
            "repo": {"type": "string"},
            "pull_number": {"type": "number"},
            "commit_title": {"type": "string"},
            "commit_message": {"type": "string"},
            "merge_method": {"type": "string", "enum": ["merge", "squash", "rebase"]},
        },
        "required": ["owner", "repo", "pull_number"],
    },
}


def _session(*policies: dict[str, Any]) -> Any:
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}, *policies])
    engine.pin_tools([CREATE_REPOSITORY, MERGE_PULL_REQUEST])
    return engine.new_session()


@pytest.mark.parametrize(
    "args",
    [
        {"name": "notes", "private": False},
        {"name": "notes"},  # GitHub's default is public
        {"name": "notes", "private": "true"},  # a string is not the boolean
        {"name": "notes", "private": 1},
        {"name": "notes", "private": None},
    ],
)
def test_creating_a_public_repository_is_asked(args: dict[str, Any]) -> None:
    v = _session().check("create_repository", args)
    assert (v.verdict, v.rule, v.param) == ("ask", "action.destructive_hint", "private"), v
    assert v.reason == "'private' is not true: the policy asks about this tool unless it is"


def test_creating_a_private_repository_is_not_asked() -> None:
    v = _session().check("create_repository", {"name": "notes", "private": True})
    assert (v.verdict, v.rule) == ("allow", "default.allow"), v


def test_an_approval_covers_that_call_only() -> None:
    s = _session()
    public = {"name": "notes", "private": False}
    v = s.check("create_repository", public)
    s.approve(v)
    assert s.check("create_repository", public).verdict == "allow"
    # another repository is another question (the ask has no destination: keyed by the call)
    assert s.check("create_repository", {**public, "name": "other"}).verdict == "ask"


def test_a_policy_turns_the_pack_ask_off_or_trusts_the_tool() -> None:
    args = {"name": "notes"}
    off = {"version": 1, "tools": {"create_repository": {"destructive_unless": {}}}}
    assert _session(off).check("create_repository", args).verdict == "allow"
    trusted = {"version": 1, "trust_tools": ["create_repository"]}
    assert _session(trusted).check("create_repository", args).verdict == "allow"


def test_merging_a_pull_request_is_asked_for_each_merge() -> None:
    s = _session()
    merge = {"owner": "myorg", "repo": "myrepo", "pull_number": 7}
    v = s.check("merge_pull_request", merge)
    assert (v.verdict, v.rule) == ("ask", "action.destructive_hint"), v
    s.approve(v)
    assert s.check("merge_pull_request", merge).verdict == "allow"
    assert s.check("merge_pull_request", {**merge, "pull_number": 8}).verdict == "ask"


def test_destructive_unless_takes_scalars_only() -> None:
    bad = {"version": 1, "tools": {"t": {"destructive_unless": {"private": [True]}}}}
    with pytest.raises(PolicyError):
        Engine.from_policy([bad])
