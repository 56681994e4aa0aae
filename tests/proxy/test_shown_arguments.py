"""``decider.shown_arguments``: what an audit record keeps of a call's arguments.

Its quick answer for arguments that carry no secret (one walk of the arguments, the views
the engine's ``secret.pattern`` check reads) must give exactly what
:func:`cordon.engine.dlp.withhold` gives, for every shape, with or without secrets in the
session; and it must hand back the arguments object itself when nothing is withheld (the
proxy then writes no ``shown`` copy and keeps the verdict as it is).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cordon.decider import shown_arguments
from cordon.engine.core import Engine
from cordon.engine.dlp import withhold
from cordon.engine.secrets import withheld_marker
from cordon.engine.walk import MAX_DEPTH

#: a credential in a known format (an AWS access key id: AKIA and 16 upper-case letters or
#: digits), written here in two halves so that no scanner of this repository flags the file
_AWS = "AKIA" + "Q3EGRT7JWZ2XKN5P"


def _deep(n: int) -> Any:
    v: Any = "leaf"
    for _ in range(n):
        v = {"k": v}
    return v


CASES: list[Any] = [
    {"text": "hello"},
    {},
    {"to": "a@b.example", "body": "see https://example.com/x?q=1", "n": 3, "ok": True},
    {"body": f"key {_AWS}"},
    {_AWS: "a key as an object key"},
    {"a": _AWS[:10], "b": _AWS[10:]},  # split across two values: every string withheld
    {"b": _AWS[10:], "a": _AWS[:10]},  # the reverse order, read by the joined views too
    {"x": {"y": [_AWS[:8], "mid", _AWS[8:]]}, "z": None},
    {"argv": ["curl", "-H", f"X-Key: {_AWS}"]},
    {"nested": {"list": [{"deep": "plain text"}, 1, 2.5, None]}},
    {"k": "-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----"},
    {"u": "caf\u00e9 \u4e2d\u6587 text"},
    {1: "a non-string key"},
    _deep(MAX_DEPTH + 2),  # deeper than the walk reads: withhold answers it
    ["a list", _AWS],  # not an object: withhold answers it
    f"a bare string {_AWS}",
]


@pytest.mark.parametrize("args", CASES, ids=range(len(CASES)))
@pytest.mark.parametrize("secrets", [(), ("hunter2-correct-horse",)], ids=["none", "one"])
def test_shown_arguments_is_withhold(args: Any, secrets: tuple[str, ...]) -> None:
    s = Engine.from_policy([{"version": 1}], secrets=list(secrets)).new_session()
    got = shown_arguments(args, s.secrets, s.engine.dlp)
    want = withhold(args, s.secrets, s.engine.dlp)
    assert got == want
    assert (got is args) == (want is args)


def test_a_session_secret_is_withheld_not_passed() -> None:
    s = Engine.from_policy([{"version": 1}], secrets=["hunter2-correct-horse"]).new_session()
    args = {"q": "pw hunter2-correct-horse"}
    shown = shown_arguments(args, s.secrets, s.engine.dlp)
    assert shown == {"q": withheld_marker("secret hun\u2026(21 chars)", "hunter2-correct-horse")}


def test_plain_arguments_come_back_as_the_same_object() -> None:
    s = Engine.from_policy([{"version": 1}]).new_session()
    args = {"text": "hello", "n": 1}
    assert shown_arguments(args, s.secrets, s.engine.dlp) is args
    withheld = shown_arguments({"body": f"key {_AWS}"}, s.secrets, s.engine.dlp)
    assert _AWS not in json.dumps(withheld)


def _pinned(policy: list[Any], secrets: tuple[str, ...] = ()) -> Any:
    """A session whose server listed an ``echo`` tool (a call of it reaches every check)."""
    engine = Engine.from_policy(policy, secrets=list(secrets))
    engine.pin_tools([{"name": "echo", "description": "Echo", "inputSchema": {"type": "object"}}])
    return engine.new_session()


@pytest.mark.parametrize("args", CASES, ids=range(len(CASES)))
@pytest.mark.parametrize("secrets", [(), ("hunter2-correct-horse",)], ids=["none", "one"])
def test_the_checks_quiet_answer_is_withholds(args: Any, secrets: tuple[str, ...]) -> None:
    """The audit copy read from what the call's ``secret.pattern`` check found
    (``Session.format_quiet``) is what ``withhold`` gives, for every shape."""
    s = _pinned([{"version": 1}], secrets)
    s.check("echo", args if isinstance(args, dict) else {"v": args}, forward=False)  # as run
    got = shown_arguments(args, s.secrets, s.engine.dlp, s.format_quiet)
    want = withhold(args, s.secrets, s.engine.dlp)
    assert got == want
    assert (got is args) == (want is args)


def test_format_quiet_names_only_the_call_just_checked() -> None:
    # as cordon run checks (forward=False: it forwards the frame it parsed the call from;
    # the library decides on a private copy, which format_quiet then names)
    s = _pinned([{"version": 1}])
    plain = {"text": "hello"}
    s.check("echo", plain, forward=False)
    assert s.format_quiet is plain  # the dlp check found no string that can hold a format
    s.check("echo", {"body": f"key {_AWS}"}, forward=False)  # denied: secret.pattern
    assert s.format_quiet is None
    s.check("echo", plain, forward=False)
    deep = {"path": "/" + "x" * 5000, "deep": _deep(MAX_DEPTH + 2)}
    s.check("echo", deep, forward=False)  # arg.malformed
    assert s.format_quiet is None
    # a credential in a known format is never handed back as quiet, whatever came before
    s.check("echo", plain, forward=False)
    leaked = {"body": f"key {_AWS}"}
    assert shown_arguments(leaked, s.secrets, s.engine.dlp, s.format_quiet) != leaked


def test_a_policy_without_format_patterns_hands_back_nothing() -> None:
    """``secrets.patterns: off``: the check reads no string, so the audit copy is found by
    its own walk (a credential in a known format is still withheld from the log)."""
    s = _pinned([{"version": 1, "secrets": {"patterns": False}}])
    args = {"body": f"key {_AWS}"}
    assert s.check("echo", args).verdict == "allow"
    assert s.format_quiet is None
    assert shown_arguments(args, s.secrets, s.engine.dlp, s.format_quiet) == withhold(
        args, s.secrets, s.engine.dlp
    )
