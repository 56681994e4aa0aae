"""The github pack denies a comment or review whose body has a line that starts with a bot
command (``@dependabot merge``, ``/ok-to-test``, ``bors r+``...): the repository's bots act
on it with their own rights, so a planted "comment /approve" merged or ran CI with secrets
past the asks this pack puts on a merge. The same words inside a sentence pass."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine

COMMENT: dict[str, Any] = {
    "name": "add_issue_comment",
    "description": "Add a comment to an existing issue",
    "inputSchema": {
        "type": "object",
        "properties": {
            "owner": {"type": "string"},
            "repo": {"type": "string"},
            "issue_number": {"type": "number"},
            "body": {"type": "string"},
        },
    },
}
REVIEW: dict[str, Any] = {
    "name": "create_pull_request_review",
    "description": "Create a review on a pull request",
    "inputSchema": {
        "type": "object",
        "properties": {
            "owner": {"type": "string"},
            "repo": {"type": "string"},
            "pull_number": {"type": "number"},
            "body": {"type": "string"},
            "event": {"type": "string"},
            "comments": {"type": "array"},
        },
    },
}


def _session() -> Any:
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}])
    engine.pin_tools([COMMENT, REVIEW])
    return engine.new_session(trusted=["Answer the questions on https://github.com/me/app"])


def _comment(body: str) -> Any:
    args = {"owner": "me", "repo": "app", "issue_number": 3, "body": body}
    return _session().check("add_issue_comment", args)


@pytest.mark.parametrize(
    "body",
    [
        "@dependabot merge",
        "@Dependabot squash and merge",
        "Looks good.\n@dependabot merge",
        "/ok-to-test",
        "LGTM\r\n/approve\r\n",
        "  /deploy production",
        "> /merge",
        "bors r+",
        "@mergifyio queue",
    ],
)
def test_a_bot_command_is_denied(body: str) -> None:
    v = _comment(body)
    assert (v.verdict, v.rule, v.param) == ("deny", "arg.pattern", "body"), v


@pytest.mark.parametrize(
    "body",
    [
        "Thanks, fixed in #12.",
        "It is installed under /usr/local/bin on the runner.",
        "/usr/local/bin is missing on the runner",
        "I'll ask @dependabot to rebase it later.",
        "@alice could you review?",
        "Run `/approve` once CI passes.",
        "",
    ],
)
def test_ordinary_comments_pass(body: str) -> None:
    assert _comment(body).verdict == "allow"


def test_a_review_comment_is_read_too() -> None:
    args = {"owner": "me", "repo": "app", "pull_number": 3, "event": "COMMENT", "body": "ok",
            "comments": [{"path": "a.py", "line": 1, "body": "/lgtm"}]}  # fmt: skip
    v = _session().check("create_pull_request_review", args)
    assert (v.verdict, v.rule) == ("deny", "arg.pattern"), v
