"""Carriers built as drafts (:func:`cordon.engine._frozen.draft`): a plain class of the same
slots, filled by attribute stores, then given the frozen class. The instance must be the one
the constructor builds, frozen, and of the frozen class alone; the egress check's per-shape
leaf selection must read the leaves the general selection reads."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cordon.engine._frozen import draft
from cordon.engine.checks import Context, Facts
from cordon.engine.checks import egress as egress_check
from cordon.engine.checks._base import facts_of, new_context
from cordon.engine.walk import CallWalk, walk
from cordon.policy import ToolPolicy


def _fields(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


def test_facts_of_gives_what_the_constructor_gives() -> None:
    rng = random.Random(19)
    names = [f.name for f in dataclasses.fields(Facts)]
    for _ in range(300):
        given = {n: object() for n in names if rng.random() < 0.5}
        built, want = facts_of(given), Facts(**given)
        assert type(built) is Facts
        assert _fields(built) == _fields(want) and built == want
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.sending = True  # type: ignore[misc]
    assert facts_of({}).over_taint == {} and facts_of({}).over_taint is not facts_of({}).over_taint


def test_facts_of_refuses_a_field_facts_has_not() -> None:
    with pytest.raises(TypeError, match="no field 'colour'"):
        facts_of({"sending": True, "colour": "red"})


def test_new_context_gives_what_the_constructor_gives() -> None:
    tp = ToolPolicy()
    built = new_context(None, "t", {"a": "b"}, "s", ("x",), tp)  # type: ignore[arg-type]
    want = Context(None, "t", {"a": "b"}, "s", ("x",), tp)  # type: ignore[arg-type]
    assert type(built) is Context and _fields(built) == _fields(want)
    assert built.memo == {} and built.memo is not new_context(None, "t", {}, "s", None, tp).memo  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.tool = "u"  # type: ignore[misc]


def test_a_flat_walk_is_a_frozen_call_walk() -> None:
    w = walk({"to": "a@b.example", "body": "hi"})
    assert type(w) is CallWalk and w.flat is True
    assert w == CallWalk(w.scalars, w.strings, w.commands, w.texts, w.values, True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        w.flat = False  # type: ignore[misc]


def test_draft_refuses_a_class_whose_layout_differs() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    with pytest.raises(TypeError):
        draft(NoSlots)


_KEYS = ["to", "body", "url", "path", "host", "server_url", "a.b", "to[0]", "", "note", "cc"]


@pytest.mark.parametrize("seed", range(40))
def test_flat_leaves_are_the_general_selection(seed: int) -> None:
    """The per-shape selection (a flat call) reads the leaves the general selection does, for
    a declared sending tool and a tool declared local, under any keys (dotted, bracketed,
    empty, host- and URL-named)."""
    rng = random.Random(seed)
    args = {k: f"v{i}" for i, k in enumerate(rng.sample(_KEYS, rng.randint(1, len(_KEYS))))}
    for tp in (
        ToolPolicy(exfiltrating=True, sink_params=tuple(rng.sample(_KEYS, 2))),
        ToolPolicy(exfiltrating=False, egress=False, path_params=tuple(rng.sample(_KEYS, 2))),
    ):
        ctx = Context(None, "t", args, "default", None, tp)  # type: ignore[arg-type]
        places = frozenset(tp.path_params) | frozenset(tp.sink_params)
        want = tuple(
            (p, k, v)
            for p, k, v in walk(args).scalars
            if egress_check._under(p, places)
            or (k and egress_check._key_kind(k, egress_check.DEFAULT_HOST_PARAMS))
        )
        assert egress_check._leaves(ctx) == want
