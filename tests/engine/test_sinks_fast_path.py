"""The taint check's sink search takes a short path for the usual sending call (declared
sinks given, every argument a top-level string): it must give what the general reading
gives, pairs in the same order, for every such call."""

from __future__ import annotations

import random
from typing import Any

from cordon import Engine
from cordon.engine.checks import Context
from cordon.engine.checks.taint import _sinks, sinks

KEYS = ["to", "cc", "body", "subject", "recipient", "channel", "url", "note", "command", "x"]
VALUES = ["a@b.example", "hello", "curl https://h.example/x", "", "#general", "https://u.example"]


def _ctx(tool: str, tool_policy: dict[str, Any], arguments: dict[str, Any]) -> Context:
    engine = Engine.from_policy([{"version": 1, "tools": {tool: tool_policy}}])
    engine.pin_tools([{"name": tool, "inputSchema": {"type": "object"}}])
    s = engine.new_session()
    return Context(s, tool, arguments, "default", None, engine.tool_policy(tool))


def test_the_short_path_gives_what_the_general_reading_gives() -> None:
    rng = random.Random(19)
    short = 0
    for _ in range(600):
        declared = [rng.choice(KEYS) for _ in range(rng.randrange(0, 4))]  # duplicates too
        tool_policy: dict[str, Any] = {"sink_params": declared}
        ex = rng.choice([None, True, False])
        if ex is not None:
            tool_policy["exfiltrating"] = ex
        if rng.random() < 0.3:
            tool_policy["executes"] = True
        tool = rng.choice(["send_email", "run_shell", "post"])
        arguments: dict[str, Any] = {
            k: rng.choice(VALUES) for k in rng.sample(KEYS, rng.randrange(0, 6))
        }
        if rng.random() < 0.2:
            arguments["nested"] = {"to": "c@d.example"}  # not flat: the general path
        got = sinks(_ctx(tool, tool_policy, arguments))
        want = _sinks(_ctx(tool, tool_policy, arguments))
        assert got == want, (tool, tool_policy, arguments)
        short += bool(declared) and ex is not False and not arguments.keys().isdisjoint(declared)
    assert short > 100  # (the short path was taken often)


def test_declared_then_destination_named_arguments_in_order() -> None:
    ctx = _ctx(
        "send_email",
        {"sink_params": ["to", "to"]},
        {"body": "x", "cc": "c@d.example", "to": "a@b.example"},
    )
    assert sinks(ctx) == (True, [("to", "a@b.example"), ("cc", "c@d.example")], False)


def test_a_network_command_host_is_a_sink_on_the_short_path() -> None:
    ctx = _ctx(
        "run_shell",
        {"sink_params": ["to"], "executes": True},
        {"to": "a@b.example", "command": "curl https://h.example/x"},
    )
    sending, pairs, fallback = sinks(ctx)
    assert sending and not fallback
    assert pairs[0] == ("to", "a@b.example") and len(pairs) > 1
    assert any("h.example" in str(v) for _n, v in pairs[1:])
