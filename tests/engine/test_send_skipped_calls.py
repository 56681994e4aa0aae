"""The usual send (one plain address, a body) skips the helpers whose answer its tool and
arguments already give, and each skip is what the helper would have answered.

The checks call a helper only when it can find something: ``_git_dir`` for a git tool's
name, ``_cordon_state_write`` and ``_linked_credential_write`` with a write target,
``_planted_urls.check`` for a destination the user's text names, ``_repo_in_output`` for a
call naming ``owner`` and ``repo``, ``_in_namespace`` with a listing in the session,
``_display_name`` for a value that is no plain address, ``made_from_other`` and
``_rendered_target`` for a ``renders: files`` tool. Each skip saves a Python call on every
send (issue 19's decision cost); the second half holds each guard to the helper it stands
for.
"""

from __future__ import annotations

from typing import Any

import pytest

from cordon.engine.checks import _planted_urls, _rendered_writes
from cordon.engine.checks import actions as actions_check
from cordon.engine.checks import rendered as rendered_check
from cordon.engine.checks import taint as taint_check
from cordon.engine.checks._base import context
from cordon.engine.core import Engine
from cordon.engine.git_dirs import git_dir_ask
from cordon.taint import plain_address

POLICY = {
    "version": 1,
    "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}},
}
TOOLS = [
    {"name": "send_email", "inputSchema": {"type": "object"}},
    {"name": "git_status", "inputSchema": {"type": "object"}},
]
SKIPPED = [
    (actions_check, "_git_dir"),
    (actions_check, "_cordon_state_write"),
    (actions_check, "_linked_credential_write"),
    (_planted_urls, "check"),
    (taint_check._Scan, "_repo_in_output"),
    (taint_check._Scan, "_display_name"),
    (taint_check, "_in_namespace"),
    (rendered_check, "made_from_other"),
    (rendered_check, "_rendered_target"),
]


def _session() -> Any:
    eng = Engine.from_policy([POLICY])
    eng.pin_tools(TOOLS)
    return eng.new_session()


def test_usual_send_calls_none_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[str] = []
    for owner, name in SKIPPED:
        real = getattr(owner, name)

        def spy(*a: Any, _real: Any = real, _name: str = name, **k: Any) -> Any:
            called.append(_name)
            return _real(*a, **k)

        monkeypatch.setattr(owner, name, spy)
    s = _session()
    v = s.check("send_email", {"to": "someone.new1@fresh-domain1.example.net", "body": "hi 1"})
    assert (v.verdict, v.rule) == ("ask", "taint.unverified_destination")
    assert called == []
    # a git tool's call still reads its repository argument
    s.check("git_status", {"repo_path": "/tmp/x"})
    assert "_git_dir" in called


ADDRESSES = [
    "someone.new1@fresh-domain1.example.net",
    "a.b-c_d@x.example.org",
    "bob@12345678901234.example.com",
    "a.@dots.example.com",
]
ARGS: list[dict[str, Any]] = [
    {"to": a, "body": b, "path": p}
    for a in ADDRESSES
    for b in ("hello", "see ~/.ssh/id_rsa", "Bob Smith")
    for p in ("notes.md", "/tmp/.mcp.json", "x/../.git/config")
]


@pytest.mark.parametrize("tool", ["send_email", "create_issue", "write_file", "post_message"])
def test_each_guard_is_the_helpers_answer(tool: str) -> None:
    """Where a guard skips a helper, the helper answers None (or False) for that call."""
    s = _session()
    tp = s.engine.tool_policy(tool)
    for args in ARGS:
        ctx = context(s, tool, args, "default", None, tp)
        # not a git tool's name: no repository argument is read
        assert git_dir_ask(tool, args, tp, None, s.engine.paths) is None
        # no write target: nothing to compare with cordon's state or a linked credential
        assert actions_check._cordon_state_write(ctx, []) is None
        assert actions_check._linked_credential_write([]) is None
        # no listing in the session: no name vouched by one
        assert not s.namespace
        assert taint_check._in_namespace(ctx, "to", [args["to"]]) is False
        scan = taint_check._Scan(ctx, False)
        dest = plain_address(args["to"])
        assert dest is not None
        # not named by the user: no planted place to look for; no owner/repo pair: no pair
        assert _planted_urls.check(ctx, dest, "to", False, True, [args["to"]]) is None
        assert scan.repo is None and scan._repo_in_output("to", dest) is False
        # a plain address is never a directory's display name
        assert scan._display_name(args["to"], True) is False
        # not a renders: files tool: every target is judged, nothing made from another file
        assert ctx.tv.renders != "files"
        assert rendered_check._rendered_target(ctx) is True
        assert _rendered_writes.made_from_other(ctx) is None
