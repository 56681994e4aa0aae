"""The Rule-of-Two check asks :meth:`TrifectaState.may_ask` before it reads the call's
``untrusted_output`` (a policy and annotation lookup that only an ask's details carry): the
gate must say yes exactly when :meth:`TrifectaState.check` asks."""

from __future__ import annotations

import itertools
from typing import Any

from cordon import Engine
from cordon.engine.trifecta import TrifectaState


def test_may_ask_is_exactly_when_check_asks() -> None:
    for held in itertools.product((False, True), repeat=3):
        state = TrifectaState(
            untrusted_input=held[0], sensitive_data=held[1], external_comm=held[2]
        )
        for external, sensitive, untrusted, cleared in itertools.product((False, True), repeat=4):
            v = state.check(
                external=external,
                sensitive=sensitive,
                untrusted_output=untrusted,
                destination_allowlisted=cleared,
            )
            assert state.may_ask(external, sensitive, cleared) == (v is not None), (
                held,
                external,
                sensitive,
                cleared,
            )
            assert v is None or v.details["call"]["untrusted_output"] is untrusted


TOOLS: list[dict[str, Any]] = [
    {"name": "read_inbox", "inputSchema": {"type": "object"}},
    {"name": "read_secrets", "inputSchema": {"type": "object"}},
    {"name": "upload", "inputSchema": {"type": "object"}},
]


def _session(open_world: bool | None) -> Any:
    policy: dict[str, Any] = {
        "version": 1,
        "tools": {
            "read_secrets": {"sensitive": True},
            "upload": {"egress": True, "exfiltrating": False},
        },
    }
    if open_world is not None:
        policy["tools"]["upload"]["untrusted_output"] = open_world
    engine = Engine.from_policy([policy])
    engine.pin_tools(TOOLS)
    s = engine.new_session()
    s.observe_output("read_inbox", "hello")
    return s


def test_the_ask_still_carries_the_calls_untrusted_output() -> None:
    for open_world in (True, False):
        s = _session(open_world)
        assert s.check("read_secrets", {}).verdict == "allow"
        v = s.check("upload", {"body": "x"})
        assert (v.verdict, v.rule) == ("ask", "r2.trifecta")
        assert v.details["call"] == {
            "external": True,
            "sensitive": False,
            "untrusted_output": open_world,
        }


def test_no_sensitive_leg_no_ask() -> None:
    s = _session(None)
    assert s.check("upload", {"body": "x"}).verdict == "allow"
    assert s.check("read_secrets", {}).verdict == "allow"
    assert s.check("upload", {"body": "x"}).rule == "r2.trifecta"
