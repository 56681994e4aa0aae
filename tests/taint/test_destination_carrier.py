"""``Destination`` is built by slot setters (not the frozen dataclass's generated
``__init__``): the same instance, keyword-only, still frozen, equal and hashed alike."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from cordon.taint import Destination


def _generated(**values: str) -> Destination:
    obj = object.__new__(Destination)
    for name, value in values.items():
        object.__setattr__(obj, name, value)
    return obj


def test_the_same_instance_as_the_generated_init_builds() -> None:
    for kind, raw, key in [("email", "Bob <B@x.example>", "b@x.example"), ("url", "", "")]:
        d = Destination(kind=kind, raw=raw, key=key)  # type: ignore[arg-type]
        g = _generated(kind=kind, raw=raw, key=key)
        assert d == g and hash(d) == hash(g) and repr(d) == repr(g)
        assert (d.kind, d.raw, d.key) == (kind, raw, key)
        assert pickle.loads(pickle.dumps(d)) == d
        assert dataclasses.replace(d, key="other").key == "other"


def test_frozen_and_keyword_only() -> None:
    d = Destination(kind="host", raw="h.example", key="h.example")
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.key = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Destination("host", "h.example", "h.example")  # type: ignore[misc]
    with pytest.raises(TypeError):
        Destination(kind="host", raw="h.example")  # type: ignore[call-arg]
    assert [f.name for f in dataclasses.fields(Destination)] == ["kind", "raw", "key"]
