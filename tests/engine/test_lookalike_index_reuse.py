"""The look-alike comparison keeps its index of the session's used destinations and of the
user's words until that set grows (``Session.lookalike_indexes``): an ask after the set grew
compares with what it holds now, never with the index of an earlier ask."""

from __future__ import annotations

from typing import Any

from cordon.engine.core import Engine

SEND = {
    "name": "send_email",
    "description": "Send an e-mail.",
    "inputSchema": {
        "type": "object",
        "properties": {"to": {"type": "string"}, "body": {"type": "string"}},
    },
}


def _session() -> Any:
    eng = Engine.from_policy(
        [{"version": 1, "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}}}]
    )
    eng.pin_tools([SEND])
    return eng.new_session()


def _approve_and_send(s: Any, to: str) -> None:
    first = s.check("send_email", {"to": to})
    assert first.verdict == "ask", first
    s.approve(first, tool="send_email", arguments={"to": to})
    assert s.check("send_email", {"to": to}).verdict == "allow"


def test_a_destination_used_after_an_earlier_ask_is_compared_with() -> None:
    s = _session()
    _approve_and_send(s, "alice@firm-one.com")
    # an ask with one destination used: the index of that set is kept
    assert "looks like" not in s.check("send_email", {"to": "x@unrelated.example"}).reason
    _approve_and_send(s, "carol@northwind-traders.com")
    v = s.check("send_email", {"to": "mallory@northwind-tradres.com"})
    assert v.verdict == "ask", v
    assert v.reason.startswith("looks like 'northwind-traders.com', already used"), v.reason
    v = s.check("send_email", {"to": "mallory@firm-0ne.com"})
    assert v.reason.startswith("looks like 'firm-one.com', already used"), v.reason


def test_a_word_the_user_names_after_an_earlier_ask_is_compared_with() -> None:
    s = _session()
    s.add_trusted("Write to bob@acme-corp.com.")
    assert "looks like" not in s.check("send_email", {"to": "x@unrelated.example"}).reason
    s.add_trusted("And to dave@contoso-legal.com too.")
    v = s.check("send_email", {"to": "dave@contoso-1egal.com"})
    assert v.verdict == "ask", v
    assert v.reason.startswith("looks like 'contoso-legal.com', named in the user's"), v.reason
