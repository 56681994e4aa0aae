"""The pipeline completes in place the one ask a check built for the call alone
(``checks._base.completed``, the taint check's ``taint.unverified_destination``): the verdict
is field for field the ask it would have built anew, and an ask a check shares between calls
is never written."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cordon._types import Verdict
from cordon.engine.checks import Check, Context, Result, _pipeline, run
from cordon.engine.core import Engine

_POLICY = {
    "version": 1,
    "trusted_destinations": ["@paypal.com"],
    "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to", "cc"]}},
}

#: (arguments, the user's text) of sends whose one ask, or several, the pipeline puts as one
_CALLS: list[tuple[dict[str, Any], str]] = [
    ({"to": "someone@fresh.example.net", "body": "hi"}, ""),
    ({"to": "alice@pаypal.com", "body": "hi"}, ""),  # (a Cyrillic a: odd spelling)
    ({"to": "alice@paypa1.com", "body": "hi"}, ""),  # (a look-alike of the allowlist)
    ({"to": "a@one.example.net", "cc": "b@two.example.net", "body": "hi"}, ""),
    ({"to": "bob@named.example.org", "body": "x"}, "write to bob@named.example.org"),
    ({"to": "Carol <carol@fresh.example.net>", "body": "x"}, ""),
]


def _session(trusted: str = "") -> Any:
    eng = Engine.from_policy([_POLICY])
    eng.pin_tools([{"name": "send_email", "inputSchema": {"type": "object"}}])
    return eng.new_session(trusted=[trusted] if trusted else ())


def _verdicts(monkeypatch: pytest.MonkeyPatch | None) -> list[Verdict]:
    if monkeypatch is not None:  # (the general code: every ask built anew)
        monkeypatch.setattr(_pipeline, "completed", lambda *a: None)
    out = []
    for arguments, text in _CALLS:
        s = _session(text)
        out.append(s.check("send_email", arguments))
    return out


def test_completed_in_place_is_the_ask_built_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _verdicts(None)
    general = _verdicts(monkeypatch)
    assert [v.verdict for v in fast].count("ask") >= 5
    for a, b in zip(fast, general, strict=True):
        assert dataclasses.asdict(a) == dataclasses.asdict(b)


def test_a_shared_ask_is_never_written() -> None:
    shared = Verdict(verdict="ask", rule="action.payment", reason="a payment", param="to")
    before = dataclasses.asdict(shared)
    check = Check("shared", lambda ctx, f: Result(asks=(shared,)), ())
    s = _session()
    for i in range(3):
        args = {"to": f"x{i}@fresh.example.net"}
        ctx = Context(s, "send_email", args, "default", None, s.engine.tool_policy("send_email"))
        v = run((check,), ctx).verdict
        assert v is not shared and v.details["approval_key"]
    assert dataclasses.asdict(shared) == before
