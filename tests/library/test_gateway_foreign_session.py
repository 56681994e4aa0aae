"""A session made by another Gateway is refused, never judged by that Gateway's policy.

A session is its engine's: its policy, pins and budgets. Handed to another Gateway (two
tenants' gateways in one process, a session kept across a policy reload), ``check`` asked
the session's own engine, so a tool the receiving Gateway forbids was allowed and its
handler ran. Gateways built on one engine (``engine=``) still share sessions.
"""

from __future__ import annotations

import pytest

from cordon import Engine, Gateway


def _gateways() -> tuple[Gateway, Gateway, list[str]]:
    ran: list[str] = []
    strict = Gateway(policy={"version": 1, "tools": {"delete_all": {"max_calls": 0}}})
    loose = Gateway(policy={"version": 1})
    for g in (strict, loose):
        g.add_tool("delete_all", "Delete everything.", lambda: ran.append("deleted"))
    return strict, loose, ran


def test_a_session_of_another_gateway_is_refused() -> None:
    strict, loose, ran = _gateways()
    theirs = loose.new_session()
    with pytest.raises(ValueError, match="another Gateway"):
        strict.check("delete_all", {}, session=theirs)
    with pytest.raises(ValueError, match="another Gateway"):
        strict.call("delete_all", {}, session=theirs)
    assert ran == []
    assert strict.check("delete_all", {}, session=strict.new_session()).verdict == "deny"


def test_gateways_on_one_engine_share_its_sessions() -> None:
    engine = Engine.from_policy([])
    a = Gateway(engine=engine, server="a")
    b = Gateway(engine=engine, server="b")
    a.add_tool("ping", "Ping.", lambda: "pong")
    b.add_tool("pong", "Pong.", lambda: "ping")
    s = a.new_session()
    assert b.call("pong", {}, session=s) == "ping"
