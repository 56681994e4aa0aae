"""A call to a shadowed tool (another server of the client listed its name first) that a
person's session approval covers names that approval, as a call the engine's covered asks
let through does (cordon.engine.checks._pipeline._covered): the rule ``pin.shadowed_tool``,
"covered by a person's approval earlier in this session", ``details.approved``:
``session``. It was ``default.allow`` ("no rule objected"), read as if nothing had been
asked. The call right after the approval still says it was approved when asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cordon import Engine
from cordon.approvals.codes import CodeStore
from cordon.decider import Decider
from cordon.proxy.work import SessionWork

TOOLS: list[dict[str, Any]] = [
    {"name": "echo", "description": "Echo.", "inputSchema": {"type": "object"}},
    {
        "name": "send_email",
        "description": "Send an email.",
        "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}}},
    },
]


def _work(tmp_path: Path) -> SessionWork:
    engine = Engine.from_policy([])
    engine.pin_tools(TOOLS, server="lookalike")
    session = engine.new_session()
    decider = Decider(session, server="lookalike", codes=CodeStore(tmp_path / "a.json"))
    work = SessionWork(
        engine=engine, session=session, server="lookalike", decider=decider, tool_names=object()
    )
    work.shadowed = {"echo": "mail", "send_email": "mail"}
    return work


def test_a_later_call_names_the_session_approval(tmp_path: Path) -> None:
    work = _work(tmp_path)
    asked = work.decide("echo", {"text": "hi"}, approve=None, issue_code=False).verdict
    assert (asked.verdict, asked.rule) == ("ask", "pin.shadowed_tool")
    first = work.approved(asked, "echo", {"text": "hi"})
    assert (first.verdict, first.rule) == ("allow", "pin.shadowed_tool")
    assert first.reason.startswith("approved by a person (when asked)"), first.reason
    for text in ("hi", "again"):
        later = work.decide("echo", {"text": text}, approve=None, issue_code=False).verdict
        assert (later.verdict, later.rule) == ("allow", "pin.shadowed_tool"), later
        assert later.reason.startswith("covered by a person's approval earlier in this session")
        assert "'mail'" in later.reason and later.details["approved"] == "session", later


def test_the_engines_covered_ask_and_the_shadowed_name_are_both_named(tmp_path: Path) -> None:
    work = _work(tmp_path)
    call = {"to": "new.person@partner.example", "body": "hi"}
    asked = work.decide("send_email", call, approve=None, issue_code=False).verdict
    assert (asked.verdict, asked.rule) == ("ask", "taint.unverified_destination")
    work.approved(asked, "send_email", call)
    later = work.decide("send_email", {**call, "body": "again"}, approve=None, issue_code=False)
    v = later.verdict
    assert (v.verdict, v.rule) == ("allow", "taint.unverified_destination"), v
    assert "new.person@partner.example" in v.reason and "pin.shadowed_tool" in v.reason, v
    assert v.details["approved"] == "session", v


def test_an_ask_of_the_engine_stays_an_ask(tmp_path: Path) -> None:
    """The shadowed name approved, a new destination of the same tool is still asked about."""
    work = _work(tmp_path)
    call = {"to": "new.person@partner.example", "body": "hi"}
    asked = work.decide("send_email", call, approve=None, issue_code=False).verdict
    work.approved(asked, "send_email", call)
    other = {"to": "someone.else@elsewhere.example", "body": "hi"}
    v = work.decide("send_email", other, approve=None, issue_code=False).verdict
    assert (v.verdict, v.rule) == ("ask", "taint.unverified_destination"), v
    assert "pin.shadowed_tool" not in v.reason, v
