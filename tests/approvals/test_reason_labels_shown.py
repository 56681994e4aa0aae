"""Every distinct reason of a call-wide ask keeps a label the person is shown.

An ask that covers several approvals lists its destinations first, then each distinct
reason once (cordon.engine.checks._pipeline._ask). Where a person reads it the reason is
capped to its start and its end (cordon.approvals.display.clipped: 300 characters in
`cordon approve`, 400 in cordon's question), and the decider only made sure the list of
destinations fits the start (cordon.decider._shown_whole). A list padded to just fit pushed
the reasons after it into the cut: "the tool is marked destructive" (or a card number in the
body) was approved unseen. Now the start names each distinct rule the approval covers; an
ask whose start cannot be shown whole is denied unasked (``approval.unshowable``)."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine
from cordon._types import Verdict
from cordon.approvals import display
from cordon.approvals.envelope import REASON_CHARS, question
from cordon.decider import SHOWN_REASON_CHARS, Decider, _shown_whole
from cordon.engine.checks import ask_keys
from cordon.engine.checks._pipeline import listed

SEND = {
    "name": "send_email",
    "description": "Send an email.",
    "annotations": {"destructiveHint": True},
    "inputSchema": {
        "type": "object",
        "properties": {
            "to": {"type": "array", "items": {"type": "string"}},
            "cc": {"type": "array", "items": {"type": "string"}},
            "bcc": {"type": "array", "items": {"type": "string"}},
            "body": {"type": "string"},
        },
    },
}


def _decider() -> Decider:
    engine = Engine.from_policy([])
    engine.pin_tools([SEND], server="mail")
    return Decider(engine.new_session(), server="mail")


def _shown(v: Verdict) -> list[str]:
    """What a person reads of ``v``'s reason: `cordon approve`, cordon's question."""
    q = question("mail", "send_email", v.param, v.destination, v.reason)["message"]
    return [display.clipped(v.reason, SHOWN_REASON_CHARS), q]


def _args(n: int, width: int) -> dict[str, Any]:
    people = [f"p{i}{'x' * width}@f{i}.example" for i in range(n)]
    return {"to": people[0::3], "cc": people[1::3], "bcc": people[2::3], "body": "totals"}


@pytest.mark.parametrize("n", range(2, 9))
@pytest.mark.parametrize("width", [0, 4, 8, 12, 20])
def test_every_rule_an_ask_covers_is_named_where_it_is_read(n: int, width: int) -> None:
    v = _decider().check("send_email", _args(n, width))
    if v.verdict == "deny":
        assert v.rule == "approval.unshowable", v
        return
    assert v.verdict == "ask", v
    rules = dict.fromkeys(k[2] for k in ask_keys(v))
    assert "action.destructive_hint" in rules
    for shown in _shown(v):
        for rule in rules:
            assert rule in shown, (rule, shown)


def test_a_destructive_reason_is_not_cut_out_by_a_list_that_just_fits() -> None:
    """The case that was approved unseen: six addresses over three parameters, the list
    under the start's budget, the destructive reason right after it, in the cut (`cordon
    approve` showed ``...: the tool is marke [... 103 of 403 characters not shown ...]``).
    Each is now asked with the rule in sight, or denied unasked."""
    asked = 0
    for n, width in ((4, 20), (5, 12), (6, 8), (7, 4), (8, 4), (6, 0)):
        v = _decider().check("send_email", _args(n, width))
        if v.verdict == "deny":
            assert v.rule == "approval.unshowable", v
            continue
        asked += 1
        for shown in _shown(v):
            assert "destructive" in shown, shown
    assert asked


def test_a_start_too_long_to_show_is_denied_unasked() -> None:
    dests = ["a@one.example", "b@two.example"]
    labels = [f"rule.number_{i}_with_a_long_name" for i in range(12)]
    keys = [["dest", d] for d in dests]
    reason = listed(2, dests, labels) + ": " + "why; " * 80
    details = {"approval_keys": keys, "approval_destinations": dests, "approval_labels": labels}
    v = Verdict(verdict="ask", rule="taint.seen_in_output", reason=reason, details=details)
    out = _shown_whole(v)
    assert (out.verdict, out.rule) == ("deny", "approval.unshowable"), out
    short = listed(2, dests, labels[:2]) + ": " + "why; " * 80
    v2 = Verdict(
        verdict="ask",
        rule="taint.seen_in_output",
        reason=short,
        details={**details, "approval_labels": labels[:2]},
    )
    assert _shown_whole(v2) is v2
    assert all(x in display.clipped(short, SHOWN_REASON_CHARS) for x in labels[:2])
    assert all(x in display.clipped(short, REASON_CHARS) for x in labels[:2])
