"""The github pack's ``push_files`` (``writes: true``): a push of a file git or CI runs by
itself (a husky hook, a workflow GitHub Actions runs with the repository's secrets) is asked
as that write (``action.credential_write``, naming ``files[N].path``), ahead of the tool
name's own ask; any other push is asked as a push (``action.git_push``)."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine

PUSH: dict[str, Any] = {
    "name": "push_files",
    "description": "Push multiple files to a GitHub repository in a single commit",
    "inputSchema": {
        "type": "object",
        "properties": {
            "owner": {"type": "string"},
            "repo": {"type": "string"},
            "branch": {"type": "string"},
            "files": {"type": "array"},
            "message": {"type": "string"},
        },
    },
}


def _push(*paths: str) -> Any:
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}])
    engine.pin_tools([PUSH])
    s = engine.new_session(trusted=["Push the fix to https://github.com/me/app"])
    files = [{"path": p, "content": "x"} for p in paths]
    return s.check(
        "push_files",
        {"owner": "me", "repo": "app", "branch": "main", "message": "m", "files": files},
    )


@pytest.mark.parametrize(
    "path", [".husky/pre-commit", ".github/workflows/ci.yml", ".githooks/pre-push", "app/.env"]
)
def test_a_pushed_auto_run_file_is_asked_as_such(path: str) -> None:
    v = _push("src/app.py", path)
    assert (v.verdict, v.rule, v.param) == ("ask", "action.credential_write", "files[1].path"), v


def test_any_other_push_is_asked_as_a_push() -> None:
    v = _push("src/app.py", "README.md")
    assert (v.verdict, v.rule) == ("ask", "action.git_push"), v


def test_file_content_naming_an_auto_run_path_is_not_a_target() -> None:
    """Only the ``path`` of each file is a write target: text that mentions a hook is not."""
    engine = Engine.from_policy([{"version": 1, "packs": ["github"]}])
    engine.pin_tools([PUSH])
    s = engine.new_session(trusted=["Push the fix to https://github.com/me/app"])
    files = [{"path": "docs/hooks.md", "content": ".husky/pre-commit"}]
    args = {"owner": "me", "repo": "app", "branch": "main", "message": "m", "files": files}
    assert s.check("push_files", args).rule == "action.git_push"
