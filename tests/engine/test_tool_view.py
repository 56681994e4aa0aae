"""The checks read a tool's policy through :class:`cordon.engine.checks._view.ToolView`: the
same values as the pydantic models, for the policy the engine holds now; and the verdict
``Session.check`` hands back with its arguments never writes a verdict another call shares."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cordon._types import ALLOW
from cordon.engine.checks import Context, _view
from cordon.engine.checks._view import ToolView, tool_view
from cordon.engine.core import Engine
from cordon.policy import Policy, ToolPolicy

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
        view = tool_view(policy, tp)
        for f in dataclasses.fields(ToolView):
            if f.name in _POLICY_READS:
                want: Any = _POLICY_READS[f.name](policy, tp)
            else:
                assert f.name in tool_fields, f.name  # (a view field named as the model's)
                want = getattr(tp, f.name)
            assert getattr(view, f.name) == want, f.name
        assert tool_view(policy, tp) is view  # (built once per pair)


def test_the_view_is_frozen_and_the_models_too() -> None:
    policy, tp = _random_policies(random.Random(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        tool_view(policy, tp).sink_params = ("bcc",)  # type: ignore[misc]
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


def test_the_cache_holds_a_bounded_number_of_policies() -> None:
    """The cache keeps the policies it keys alive: a gateway's many merged copies are not
    held past :data:`MAX_VIEWS` pairs."""
    tp = ToolPolicy()
    for i in range(3 * _view.MAX_VIEWS):
        tool_view(Policy(trust_tools=(f"t{i}",)), tp)
        assert len(_view._VIEWS) <= _view.MAX_VIEWS
