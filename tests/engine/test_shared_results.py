"""Results shared between decisions stay read-only, and the shortcuts on a decision's path give
what the general code gives: Rule of Two's no-ask results, the pipeline's set-once test of
facts, the flat-call test of JSON arguments, the remembered fetched-member names."""

from __future__ import annotations

import enum
from typing import Any

import pytest

from cordon.engine import rendered
from cordon.engine.checks import PASS, Check, Context, Facts, Result, run
from cordon.engine.checks import rule_of_two as r2
from cordon.engine.checks._base import Legs, SinkFacts
from cordon.engine.core import Engine
from cordon.engine.json_args import _converted, json_arguments


def _session() -> Any:
    eng = Engine.from_policy(
        [{"version": 1, "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}}}]
    )
    eng.pin_tools([{"name": "send_email", "inputSchema": {"type": "object"}}])
    return eng.new_session()


def _ctx(s: Any, arguments: dict[str, Any]) -> Context:
    return Context(s, "send_email", arguments, "default", None, s.engine.tool_policy("send_email"))


def test_rule_of_two_no_ask_result_is_shared_and_read_only() -> None:
    s = _session()
    sending = Facts(sending=True)
    first = r2.run(_ctx(s, {"to": "a@b.example"}), sending)
    second = r2.run(_ctx(s, {"to": "c@d.example"}), sending)
    assert first is second  # (one object for every such call)
    assert dict(first.facts) == {"legs": Legs(external=True, sensitive=False, steered=None)}
    with pytest.raises(TypeError):
        first.facts["legs"] = Legs()  # type: ignore[index]
    # each decision still gets its own Facts, equal to what the fields say
    v1 = s.check("send_email", {"to": "a@b.example", "body": "hi"})
    v2 = s.check("send_email", {"to": "c@d.example", "body": "hi"})
    assert v1.verdict == v2.verdict == "ask"
    assert dict(r2._NO_ASK[(True, False, None)].facts)["legs"].external is True


def _setting(name: str, facts: dict[str, Any]) -> Check:
    def go(ctx: Context, f: Facts) -> Result:
        return Result(facts=facts)

    return Check(name, go, ())


def test_a_fact_set_twice_names_its_first_setter_in_the_facts_order() -> None:
    s = _session()
    sink = SinkFacts(cleared=True)
    checks = (
        _setting("one", {"sending": True, "taint": sink}),
        _setting("two", {"legs": Legs(external=True), "requested": True}),
        Check("look", lambda c, f: PASS, ()),
    )
    out = run(checks, _ctx(s, {}))
    assert (out.facts.sending, out.facts.taint.cleared, out.facts.legs.external) == (True,) * 3
    # the first fact of the third check's, in its order, that an earlier check set
    again = (*checks, _setting("three", {"rendered": (), "requested": False, "sending": True}))
    with pytest.raises(RuntimeError, match="fact 'requested' set by two and three"):
        run(again, _ctx(s, {}))
    again = (*checks, _setting("three", {"taint": sink, "legs": Legs()}))
    with pytest.raises(RuntimeError, match="fact 'taint' set by one and three"):
        run(again, _ctx(s, {}))


class _Kind(enum.Enum):
    A = "a"


class _Text(str):
    pass


@pytest.mark.parametrize(
    "arguments",
    [
        {"to": "a@b.example", "n": 1, "f": 1.5, "b": True, "z": None},
        {"e": _Kind.A},
        {"s": _Text("x")},
        {"to": "a", "nested": {"e": _Kind.A}},
        {"list": [1, _Kind.A]},
        {},
    ],
)
def test_json_arguments_flat_test_agrees_with_the_walk(arguments: dict[str, Any]) -> None:
    plain = all(
        type(v) in (str, int, float, bool, type(None)) for v in arguments.values()
    ) and not any(isinstance(v, dict | list) for v in arguments.values())
    got = json_arguments(arguments)
    if plain:
        assert got is arguments
    else:
        assert got == _converted(arguments)


@pytest.mark.parametrize(
    "key", ["to", "image_url", "Image_URL", "icon_url", "url", "href", "body", "x" * 65 + "_url"]
)
def test_fetched_key_remembered_agrees_with_the_member_test(key: str) -> None:
    assert rendered.fetched_key(key) is rendered._fetched_member("", key, "")
