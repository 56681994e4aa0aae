"""The pipeline's carriers are built by slot setters (:mod:`cordon.engine._frozen`), not by
the frozen dataclass's generated ``__init__``: the same instances, still frozen."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cordon._types import Verdict
from cordon.engine._frozen import setters
from cordon.engine.checks import Context, Facts, Outcome, Result
from cordon.engine.checks._base import Legs, SinkFacts, sink_facts, verdict
from cordon.engine.walk import CallWalk, walk
from cordon.policy import Policy, ToolPolicy
from cordon.policy.view import build_view

_CLASSES = (Context, Facts, Result, Outcome, CallWalk)


def _generated(cls: type, values: dict[str, Any]) -> Any:
    """What the generated ``__init__`` would build: each field from ``values`` or its default,
    set with ``object.__setattr__``."""
    obj = object.__new__(cls)
    for f in dataclasses.fields(cls):
        if f.name in values:
            v = values[f.name]
        elif f.default is not dataclasses.MISSING:
            v = f.default
        else:
            assert f.default_factory is not dataclasses.MISSING
            v = f.default_factory()
        object.__setattr__(obj, f.name, v)
    return obj


def _fields(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


@pytest.mark.parametrize("cls", _CLASSES)
def test_every_field_is_set_and_the_class_stays_frozen(cls: type) -> None:
    required = [
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    rng = random.Random(cls.__name__)
    for _ in range(200):
        given = {n: object() for n in required}
        given.update({f.name: object() for f in dataclasses.fields(cls) if rng.random() < 0.5})
        obj = cls(**given)
        assert _fields(obj) == _fields(_generated(cls, given))
        assert obj == _generated(cls, given) or cls is Context  # (memo: compare=False)
    name = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(obj, name, None)


def test_mutable_defaults_are_fresh_per_instance() -> None:
    a = Facts()
    assert a.taint == SinkFacts() and a.legs == Legs()
    with pytest.raises(TypeError):  # (the one empty sink facts every call shares)
        a.taint.over_taint["k"] = "v"  # type: ignore[index]
    assert Result().facts == {} and Result().facts is not Result().facts
    tv = build_view(Policy(), ToolPolicy())  # (no session to derive it from)
    ctx = Context(None, "t", {}, "default", None, None, tv=tv)  # type: ignore[arg-type]
    other = Context(None, "t", {}, "d", None, None, tv=tv)  # type: ignore[arg-type]
    assert ctx.memo == {} and ctx.memo is not other.memo


def test_the_walk_builds_the_same_views() -> None:
    w = walk({"to": "a@b.example", "n": [1, "x"]})
    assert w == CallWalk(w.scalars, w.strings, w.commands, w.texts, w.values, w.flat)
    assert walk({"to": "a"}).flat is True


def test_setters_refuse_names_that_are_not_the_fields_in_order() -> None:
    with pytest.raises(TypeError):
        setters(Result, "deny", "asks", "answers")  # one missing
    with pytest.raises(TypeError):
        setters(Result, "asks", "deny", "answers", "facts")  # out of order
    assert len(setters(Result, "deny", "asks", "answers", "facts")) == 4


def test_the_verdict_builder_gives_the_verdict_the_constructor_gives() -> None:
    rng = random.Random(7)
    for _ in range(500):
        given: dict[str, Any] = {
            k: v
            for k, v in {
                "param": rng.choice([None, "to", "a.b[0]"]),
                "destination": rng.choice([None, "a@b.example"]),
                "destinations": rng.choice([(), ("a@b.example", "c.example")]),
                "details": rng.choice([None, {}, {"odd_spelling": True}]),
            }.items()
            if rng.random() < 0.6
        }
        kind, rule, reason = rng.choice(["ask", "deny", "allow"]), "r.x", f"why {rng.random()}"
        built = verdict(kind, rule, reason, **given)
        want = Verdict(
            verdict=kind,  # type: ignore[arg-type]
            rule=rule,
            reason=reason,
            **{k: v for k, v in given.items() if v is not None or k != "details"},
        )
        assert built == want and repr(built) == repr(want)
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.rule = "other"  # type: ignore[misc]


def test_the_sink_facts_builder_gives_what_the_constructor_gives() -> None:
    rng = random.Random(11)
    names = ("fallback", "sink_names", "destinations", "cleared", "odd", "spellings",
             "over_taint", "hosts")  # fmt: skip
    assert SinkFacts._fields == names
    for _ in range(300):
        values: list[Any] = [object() if rng.random() < 0.5 else rng.random() for _ in names]
        built = sink_facts(*values)
        assert type(built) is SinkFacts
        given: dict[str, Any] = dict(zip(names, values, strict=True))
        assert built == SinkFacts(**given)
        assert [getattr(built, n) for n in names] == values
    with pytest.raises(AttributeError):
        built.cleared = True  # type: ignore[misc]


def test_facts_from_outside_the_pipeline_read_as_a_send() -> None:
    """``Facts(sending=True, external=True)``: how a client's answer is read (as a send)."""
    f = Facts(sending=True, external=True)
    assert f.sending and f.legs.external and not f.legs.sensitive and f.legs.steered is None
    assert f.taint == SinkFacts() and Facts(sending=True).legs == Legs()
