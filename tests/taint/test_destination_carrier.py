"""``Destination`` is built by slot setters (not the frozen dataclass's generated
``__init__``): the same instance, keyword-only, still frozen, equal and hashed alike."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from cordon.taint import Destination
from cordon.taint._extract import _destination, extract_destinations


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


def test_the_extraction_builds_the_same_instance() -> None:
    """The extraction's positional builder gives what the keyword-only class call gives:
    equal, hashed and shown alike, frozen, and what ``extract_destinations`` hands out."""
    for kind, raw, key in [("email", "Bob <B@x.example>", "b@x.example"), ("url", "", "")]:
        d = _destination(kind, raw, key)  # type: ignore[arg-type]
        c = Destination(kind=kind, raw=raw, key=key)  # type: ignore[arg-type]
        assert type(d) is Destination
        assert d == c and hash(d) == hash(c) and repr(d) == repr(c)
        with pytest.raises(dataclasses.FrozenInstanceError):
            d.key = "x"  # type: ignore[misc]
    found = extract_destinations("bob@x.example, https://h.example/p")
    assert sorted(found, key=repr) == [
        Destination(kind="email", raw="bob@x.example", key="bob@x.example"),
        Destination(kind="url", raw="https://h.example/p", key="h.example/p"),
    ]
    assert all(type(d) is Destination for d in found)
