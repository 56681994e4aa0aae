"""An ``owner/repo`` pair in the user's text vouches for a call's ``owner`` and ``repo``
(cordon.engine.provenance.repos), exactly that pair and nothing near it."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine
from cordon.engine.provenance import call_repo_pair, repo_pairs

TOOLS: list[dict[str, Any]] = [
    {
        "name": "create_issue",
        "description": "Create a new issue in a GitHub repository",
        "inputSchema": {
            "type": "object",
            "properties": {
                "owner": {"type": "string"},
                "repo": {"type": "string"},
                "title": {"type": "string"},
                "body": {"type": "string"},
            },
        },
    },
]
ISSUE = {"owner": "myorg", "repo": "myrepo", "title": "crash on start", "body": "steps"}


def _check(prompt: str, args: dict[str, Any] = ISSUE) -> Any:
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}])
    engine.pin_tools(TOOLS)
    return engine.new_session(trusted=[prompt]).check("create_issue", args)


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("file a bug in myorg/myrepo about it", [("myorg", "myrepo")]),
        ("see github.com/myorg/myrepo.", [("myorg", "myrepo")]),
        ("https://github.com/MyOrg/MyRepo/issues/3 is it", [("myorg", "myrepo")]),
        ("clone https://www.github.com/myorg/myrepo.git now", [("myorg", "myrepo")]),
        ("(myorg/my.repo_x-1), and a/b", [("myorg", "my.repo_x-1"), ("a", "b")]),
        ("'myorg/myrepo'?", [("myorg", "myrepo")]),
        # not a pair: a longer path, another host, a scope, a bad name, no slash
        ("src/myorg/myrepo", []),
        ("https://evil.example/myorg/myrepo", []),
        ("github.com.evil.example/myorg/myrepo", []),
        ("@myorg/myrepo", []),
        ("-myorg/myrepo", []),
        ("my--org/myrepo", []),
        ("myorg/", []),
        ("/myrepo", []),
        ("myorg myrepo", []),
        ("myorg/\u043cyrepo", []),  # Cyrillic: not GitHub's name syntax
        ("\uff4dyorg/myrepo", []),  # fullwidth m
        ("github.com/\u212aorg/myrepo", []),  # Kelvin sign: no folding to k
        ("myorg/.", []),
        ("x" * 40 + "/myrepo", []),  # an owner name is 39 characters at most
    ],
)
def test_repo_pairs(text: str, pairs: list[tuple[str, str]]) -> None:
    assert list(repo_pairs(text)) == pairs


def test_call_repo_pair_is_the_whole_arguments() -> None:
    assert call_repo_pair(ISSUE) == ("myorg", "myrepo")
    assert call_repo_pair({"owner": "MyOrg", "repo": "MyRepo"}) == ("myorg", "myrepo")
    assert call_repo_pair({"owner": "myorg", "repo": "myrepo.git"}) == ("myorg", "myrepo.git")
    for bad in (
        {"owner": "myorg"},
        {"owner": "myorg", "repo": ["myrepo"]},
        {"owner": "my org", "repo": "myrepo"},
        {"owner": "myorg", "repo": "myrepo evil"},
        {"owner": "myorg", "repo": "a/b"},
    ):
        assert call_repo_pair(bad) is None, bad


@pytest.mark.parametrize(
    "prompt",
    [
        "Please file an issue in myorg/myrepo about the crash",
        "the crash in github.com/myorg/myrepo needs an issue",
        "open an issue on https://github.com/myorg/myrepo",
        "open an issue on https://github.com/myorg/myrepo/issues.",
        "Issue for MyOrg/MyRepo please",
    ],
)
def test_the_pair_the_user_named_is_not_a_new_destination(prompt: str) -> None:
    v = _check(prompt)
    assert (v.verdict, v.rule) == ("allow", "default.allow"), v


@pytest.mark.parametrize(
    "prompt",
    [
        "file it in myorg/myrepo-evil",  # another repository
        "file it in evilmyorg/myrepo",  # another owner
        "file it in myorg/myrepo2",
        "see src/myorg/myrepo",  # a path, not a pair
        "see https://gitlab.example/myorg/myrepo",  # another host's path
        "see github.com.evil.example/myorg/myrepo",
        "file it in myorg/\u043cyrepo",  # a look-alike spelling
        "file it somewhere",
    ],
)
def test_a_near_miss_vouches_for_neither(prompt: str) -> None:
    v = _check(prompt)
    assert (v.verdict, v.rule) == ("ask", "taint.unverified_destination"), v
    assert {k[-1] for k in (tuple(k) for k in v.details["approval_keys"])} == {
        "myorg",
        "myrepo",
    }


def test_a_pair_vouches_only_for_itself() -> None:
    # the named owner with another repository, another owner with the named repository
    for args in ({**ISSUE, "repo": "other"}, {**ISSUE, "owner": "evil"}):
        v = _check("file an issue in myorg/myrepo", args)
        assert v.verdict == "ask" and len(v.details["approval_keys"]) == 2, v
    # the clone URL's .git is not part of a repository named in a call
    v = _check("file an issue in myorg/myrepo", {**ISSUE, "repo": "myrepo.git"})
    assert v.verdict == "ask", v


def test_a_new_conversation_forgets_the_pair() -> None:
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}])
    engine.pin_tools(TOOLS)
    s = engine.new_session(trusted=["an issue in myorg/myrepo please"])
    assert s.check("create_issue", ISSUE).verdict == "allow"
    s.replace_trusted(["what's the weather"])
    assert s.check("create_issue", ISSUE).verdict == "ask"
    s.add_trusted("and one in myorg/myrepo")
    assert s.check("create_issue", ISSUE).verdict == "allow"


def test_the_pair_vouches_for_owner_and_repo_arguments_only() -> None:
    """``fork_repository`` sends to ``organization`` (its one sink parameter): the pair the
    user named vouches for neither of its segments there."""
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}])
    fork = {
        "name": "fork_repository",
        "description": "Fork a GitHub repository to your account or specified organization",
        "inputSchema": {
            "type": "object",
            "properties": {
                "owner": {"type": "string"},
                "repo": {"type": "string"},
                "organization": {"type": "string"},
            },
        },
    }
    engine.pin_tools([*TOOLS, fork])
    s = engine.new_session(trusted=["fork myorg/myrepo please"])
    for org in ("myrepo", "myorg"):
        v = s.check("fork_repository", {"owner": "myorg", "repo": "myrepo", "organization": org})
        assert (v.verdict, v.param) == ("ask", "organization"), v
