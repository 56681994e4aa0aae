"""The checks read a tool's policy through :class:`cordon.policy.view.ToolView`, kept on the
policy object (:meth:`cordon.policy.Policy.tool_view`): the same values as the pydantic
models, for the policy the engine holds now; and the verdict
``Session.check`` hands back with its arguments never writes a verdict another call shares."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cordon._types import ALLOW
from cordon.engine.checks import Context
from cordon.engine.core import Engine
from cordon.policy import Policy, ToolPolicy
from cordon.policy.model import NO_TOOL_POLICY
from cordon.policy.view import ToolView, build_view

#: view field -> what it reads from (policy, tool policy)
_POLICY_READS = {
    "trusted_destinations": lambda p, tp: (*p.trusted_destinations, *tp.trusted_destinations),
    "policy_base_dir": lambda p, tp: p.base_dir,
    "servers": lambda p, tp: p.servers,
    "trust_tools": lambda p, tp: p.trust_tools,
    "sensitive_paths": lambda p, tp: p.sensitive_paths,
    "trusted_text_beats_taint": lambda p, tp: p.trusted_text_beats_taint,
    "allowlist_beats_taint": lambda p, tp: p.allowlist_beats_taint,
    "secret_patterns": lambda p, tp: p.secrets.patterns,
    "egress_places": lambda p, tp: frozenset((*tp.path_params, *tp.sink_params)),
}


def _random_policies(rng: random.Random) -> tuple[Policy, ToolPolicy]:
    tri = [None, True, False]
    tp = ToolPolicy(
        executes=rng.choice(tri),
        destructive=rng.choice(tri),
        writes=rng.choice(tri),
        egress=rng.choice(tri),
        sql=rng.choice([{}, {"q": "sqlite"}]),
        base_dir=rng.choice([None, "/srv"]),
        destructive_unless=rng.choice([{}, {"dry_run": True}]),
        ask_without=rng.choice([(), ("confirm",)]),
        ask_patterns=rng.choice([{}, {"branch": "main"}]),
        unfurls=rng.choice(tri),
        renders=rng.choice([None, True, False, "files"]),
        path_params=rng.choice([(), ("path",), ("source", "destination")]),
        sink_params=rng.choice([(), ("to",), ("to", "cc")]),
        code_params=rng.choice([(), ("script",)]),
        exfiltrating=rng.choice(tri),
        sensitive=rng.choice(tri),
        allow_secret_patterns=rng.choice([(), ("*",), ("aws",)]),
        trusted_destinations=rng.choice([(), ("ops@example.com",)]),
    )
    policy = Policy(
        trusted_destinations=rng.choice([(), ("@example.org", "docs.example.com")]),
        base_dir=rng.choice([None, "/home"]),
        servers=rng.choice([{}, {"files": {"trust_tools": ["x"]}}]),
        trust_tools=rng.choice([(), ("deploy",)]),
        sensitive_paths=rng.choice([(), ("~/.ssh",)]),
        trusted_text_beats_taint=rng.choice([True, False]),
        allowlist_beats_taint=rng.choice([True, False]),
        secrets={"patterns": rng.choice([True, False])},
        tools={"t": tp},
    )
    return policy, tp


def test_every_field_is_the_models_value() -> None:
    rng = random.Random(19)
    tool_fields = set(ToolPolicy.model_fields)
    for _ in range(300):
        policy, tp = _random_policies(rng)
        view = policy.tool_view("t", tp)
        for f in dataclasses.fields(ToolView):
            if f.name in _POLICY_READS:
                want: Any = _POLICY_READS[f.name](policy, tp)
            else:
                assert f.name in tool_fields, f.name  # (a view field named as the model's)
                want = getattr(tp, f.name)
            assert getattr(view, f.name) == want, f.name
        assert policy.tool_view("t", tp) is view  # (built once per tool)
        assert build_view(policy, tp) == view


def test_the_view_is_frozen_and_the_models_too() -> None:
    policy, tp = _random_policies(random.Random(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.tool_view("t", tp).sink_params = ("bcc",)  # type: ignore[misc]
    for model in (policy, tp):
        with pytest.raises(ValueError, match="frozen"):
            model.trusted_destinations = ("x@example.net",)  # type: ignore[misc]


def test_a_replaced_policy_is_read_at_the_next_call() -> None:
    """The gateway replaces ``Engine.policy`` (``model_copy``) when it merges a tool's entry:
    a call after it reads the new policy, not a view of the old one."""
    eng = Engine.from_policy([{"version": 1, "tools": {"send": {"sink_params": ["to"]}}}])
    s = eng.new_session()
    before = Context(s, "send", {}, "default", None, eng.tool_policy("send"))
    assert before.tv.sink_params == ("to",) and before.tv.trust_tools == ()
    merged = eng.policy.tools["send"].model_copy(update={"sink_params": ("to", "cc")})
    eng.policy = eng.policy.model_copy(update={"tools": {"send": merged}, "trust_tools": ("send",)})
    after = Context(s, "send", {}, "default", None, eng.tool_policy("send"))
    assert after.tv.sink_params == ("to", "cc") and after.tv.trust_tools == ("send",)


def test_the_verdict_handed_back_is_the_calls_own() -> None:
    """Each call's verdict carries its own arguments; the shared ``ALLOW`` is never given
    arguments in place, and two asks are two objects."""
    eng = Engine.from_policy(
        [{"version": 1, "tools": {"send": {"exfiltrating": True, "sink_params": ["to"]}}}]
    )
    eng.pin_tools([{"name": n, "inputSchema": {"type": "object"}} for n in ("send", "other")])
    s = eng.new_session()
    a1 = {"to": "one@fresh.example.net", "body": "hi"}
    a2 = {"to": "two@fresh.example.net", "body": "hi"}
    v1, v2 = s.check("send", a1), s.check("send", a2)
    assert v1.verdict == v2.verdict == "ask"
    assert v1 is not v2 and v1.arguments == a1 and v2.arguments == a2
    assert v1.arguments is not a1  # (a private copy)
    plain = s.check("other", {"n": 1})
    assert plain.verdict == "allow" and plain.arguments == {"n": 1}
    assert ALLOW.arguments is None and plain is not ALLOW


def test_a_copy_reads_its_own_fields() -> None:
    """``model_copy`` copies the instance's ``__dict__``, where the views are kept: a copy
    with other fields (shallow or deep) reads its own, not the views of the original."""
    tp = ToolPolicy(sink_params=("to",))
    policy = Policy(trust_tools=("a",), tools={"send": tp})
    assert policy.tool_view("send", tp).trust_tools == ("a",)
    assert policy.tool_view("other", NO_TOOL_POLICY).trust_tools == ("a",)
    for deep in (False, True):
        copied = policy.model_copy(update={"trust_tools": ("b",)}, deep=deep)
        ctp = copied.tools["send"]
        assert copied.tool_view("send", ctp).trust_tools == ("b",)
        assert copied.tool_view("other", NO_TOOL_POLICY).trust_tools == ("b",)
    assert policy.tool_view("send", tp).trust_tools == ("a",)
    assert policy == Policy(trust_tools=("a",), tools={"send": tp})  # (views are no field)


def test_views_kept_are_bounded_by_the_listed_tools() -> None:
    """One view per listed tool and one for every other name: a client calling many names
    does not grow what the policy keeps; a tool policy that is not the policy's entry for
    the name gets a view of its own, not kept."""
    tp = ToolPolicy(sink_params=("to",))
    policy = Policy(tools={"send": tp})
    for i in range(200):
        assert policy.tool_view(f"t{i}", NO_TOOL_POLICY).sink_params == ()
    assert policy.tool_view("send", tp).sink_params == ("to",)
    other = ToolPolicy(sink_params=("cc",))
    assert policy.tool_view("send", other).sink_params == ("cc",)
    assert policy.tool_view("t1", other).sink_params == ("cc",)
    assert policy.tool_view("send", NO_TOOL_POLICY).sink_params == ()
    assert len(policy.__dict__["_tool_views"]) == 2
