"""``ask_patterns``: ask before a call whose argument takes the form named (the github pack's
``create_pull_request`` with ``head: owner:branch``, a branch of another account's fork, whose
code the pull request carries under the user's name); the plain form is not asked about,
the value is not echoed, and a regex that does not compile is refused when loaded."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from cordon import Engine
from cordon.policy.model import ToolPolicy

PR: dict[str, Any] = {
    "name": "create_pull_request",
    "description": "Create a new pull request in a GitHub repository",
    "inputSchema": {
        "type": "object",
        "properties": {
            p: {"type": "string"} for p in ("owner", "repo", "title", "body", "head", "base")
        },
    },
}


def _check(head: Any, *extra: dict[str, Any]) -> Any:
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}, *extra])
    engine.pin_tools([PR])
    s = engine.new_session(trusted=["Open a pull request on https://github.com/me/app"])
    args = {"owner": "me", "repo": "app", "title": "t", "body": "b", "head": head, "base": "main"}
    return s.check("create_pull_request", args)


@pytest.mark.parametrize("head", ["mallory99:fix", "me:fix", "Mallory99:main", ["x:y"]])
def test_a_head_of_another_fork_is_asked(head: Any) -> None:
    v = _check(head)
    assert (v.verdict, v.rule, v.param) == ("ask", "action.destructive_hint", "head"), v
    assert "mallory99" not in v.reason.lower() and "x:y" not in v.reason, v.reason


@pytest.mark.parametrize("head", ["fix-crash", "feature/x", "release-1.2"])
def test_a_branch_of_the_repository_is_not(head: str) -> None:
    assert _check(head).verdict == "allow"


def test_trust_tools_and_an_empty_entry_turn_it_off() -> None:
    assert (
        _check("mallory99:fix", {"version": 1, "trust_tools": ["create_pull_request"]}).verdict
        == "allow"
    )
    off = {"version": 1, "tools": {"create_pull_request": {"ask_patterns": {}}}}
    assert _check("mallory99:fix", off).verdict == "allow"


def test_a_regex_that_does_not_compile_is_refused() -> None:
    with pytest.raises(ValidationError, match="ask_patterns.head"):
        ToolPolicy(ask_patterns={"head": "(unclosed"})
