"""The engine's own builders of the pipeline's carriers (``context``, ``facts_of``,
``result``, the walk's flat view, the pipeline's outcome) give what the class calls give:
the same fields, equal instances, still frozen."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cordon.engine.checks import Context, Facts, Outcome, Result
from cordon.engine.checks._base import EXTERNAL, Legs, SinkFacts, context, facts_of, result
from cordon.engine.checks._pipeline import _outcome
from cordon.engine.core import Engine
from cordon.engine.walk import CallWalk, walk


def _fields(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


def test_context_builder_gives_the_class_call() -> None:
    s = Engine.from_policy([{"version": 1}]).new_session()
    tp = s.engine.tool_policy("t")
    built = context(s, "t", {"a": "b"}, "srv", ("x",), tp)
    want = Context(s, "t", {"a": "b"}, "srv", ("x",), tp)
    assert type(built) is Context and _fields(built) == _fields(want)
    assert built.memo == {} and built.memo is not context(s, "t", {}, "srv", None, tp).memo
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.tool = "other"  # type: ignore[misc]


def test_facts_builder_gives_the_keyword_call() -> None:
    rng = random.Random(3)
    values: dict[str, list[Any]] = {
        "requested": [True, False],
        "rendered": [(), (("a", "https://x.example/i.png"),)],
        "sending": [True, False],
        "taint": [None, SinkFacts(destinations=("a@b.example",))],
        "legs": [None, EXTERNAL, Legs(True, True, ("o", "r"))],
    }
    for _ in range(300):
        new = {k: rng.choice(v) for k, v in values.items() if rng.random() < 0.5}
        built = facts_of(new)
        assert type(built) is Facts and built == Facts(**new)
    with pytest.raises(TypeError):
        facts_of({"sending": True, "nonsense": 1})
    with pytest.raises(TypeError):
        facts_of({"external": True})  # (Facts' keyword for outside the pipeline, no fact)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.sending = True  # type: ignore[misc]


def test_result_and_outcome_builders_give_the_class_calls() -> None:
    facts = {"sending": True}
    built = result(None, (), frozenset({"actions"}), facts)
    assert type(built) is Result
    assert built == Result(asks=(), answers=frozenset({"actions"}), facts=facts)
    assert built.facts is facts
    out = _outcome(built.deny, Facts())  # type: ignore[arg-type]
    assert type(out) is Outcome and _fields(out) == _fields(Outcome(None, Facts()))  # type: ignore[arg-type]
    for obj in (built, out):
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.facts = {}  # type: ignore[misc]


def test_the_flat_walk_is_the_class_call() -> None:
    w = walk({"to": "a@b.example", "body": "hi", "e": ""})
    assert type(w) is CallWalk and w.flat is True
    assert w == CallWalk(w.scalars, w.strings, w.commands, w.texts, w.values, True)
    assert w.values == ("a@b.example", "hi")
    with pytest.raises(dataclasses.FrozenInstanceError):
        w.flat = False  # type: ignore[misc]
