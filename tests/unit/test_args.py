from __future__ import annotations

from pathlib import Path

import pytest

from cordon.engine.args import check_max_values, check_paths, check_patterns
from cordon.policy import ToolPolicy


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "allowed" / "sub").mkdir(parents=True)
    (tmp_path / "allowed_secrets").mkdir()
    (tmp_path / "secret").mkdir()
    (tmp_path / "allowed" / "link").symlink_to(tmp_path / "secret")
    return tmp_path


def _tp(tree: Path, **kw: object) -> ToolPolicy:
    return ToolPolicy(
        path_params=("path", "paths"), allowed_path_prefixes=(str(tree / "allowed"),), **kw
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "rel",
    ["allowed/new.txt", "allowed/sub/x/y/new.txt", "allowed", "allowed/./sub/../a.txt"],
)
def test_inside_allowed(tree: Path, rel: str) -> None:
    assert check_paths({"path": str(tree / rel)}, _tp(tree)) is None


@pytest.mark.parametrize(
    "value",
    [
        "allowed_secrets/x",
        "allowed/../secret/x",
        "allowed/link/x.txt",
        "allowed/link",
        "secret",
        "allowed%2f..%2f..%2fetc",
        "allowed/%2e%2e/secret/x",
    ],
)
def test_escapes_denied(tree: Path, value: str) -> None:
    v = check_paths({"path": str(tree) + "/" + value}, _tp(tree))
    assert v is not None and v.verdict == "deny" and v.rule == "arg.path_outside"


def test_nested_and_lists_checked(tree: Path) -> None:
    ok = str(tree / "allowed" / "a")
    bad = str(tree / "secret" / "b")
    assert check_paths({"paths": [ok, ok]}, _tp(tree)) is None
    assert check_paths({"paths": [ok, bad]}, _tp(tree)) is not None
    assert check_paths({"opts": {"path": bad}}, _tp(tree)) is not None
    assert check_paths({"opts": [{"path": bad}]}, _tp(tree)) is not None


def test_relative_needs_base_dir(tree: Path) -> None:
    v = check_paths({"path": "x.txt"}, _tp(tree))
    assert v is not None and v.rule == "arg.path_unresolvable"
    assert check_paths({"path": "x.txt"}, _tp(tree, base_dir=str(tree / "allowed"))) is None
    assert check_paths({"path": "../x.txt"}, _tp(tree, base_dir=str(tree / "allowed"))) is not None


def test_home_expansion(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tree))
    assert check_paths({"path": "~/allowed/x"}, _tp(tree)) is None
    assert check_paths({"path": "~/secret/x"}, _tp(tree)) is not None


def test_non_string_and_nul(tree: Path) -> None:
    assert check_paths({"path": 5}, _tp(tree)) is not None
    assert check_paths({"path": str(tree / "allowed") + "/a\x00b"}, _tp(tree)) is not None


def test_patterns_full_match_every_element() -> None:
    tp = ToolPolicy(arg_patterns={"order_id": "[0-9]{1,10}"})
    assert check_patterns({"order_id": "123"}, tp) is None
    assert check_patterns({"order_id": 123}, tp) is None
    assert check_patterns({"order_id": "123; DROP"}, tp) is not None
    assert check_patterns({"order_id": ["1", "2x"]}, tp) is not None
    assert check_patterns({"x": {"order_id": "abc"}}, tp) is not None
    assert check_patterns({"other": "abc"}, tp) is None


@pytest.mark.parametrize(
    ("value", "denied"),
    [
        (100, False),
        (99.5, False),
        ("100", False),
        (101, True),
        ("101", True),
        ("1e3", True),
        (float("nan"), True),
        (float("inf"), True),
        ("NaN", True),
        ("Infinity", True),
        (True, True),
        ("lots", True),
        ([1, 2, 500], True),
        ({"amount": 50}, False),
    ],
)
def test_max_value(value: object, denied: bool) -> None:
    tp = ToolPolicy(max_value={"amount": 100})
    v = check_max_values({"amount": value}, tp)
    assert (v is not None) is denied
    if denied:
        assert v is not None and v.rule == "arg.max_value"


def test_max_value_nested() -> None:
    tp = ToolPolicy(max_value={"amount": 100})
    assert check_max_values({"payment": {"amount": 500}}, tp) is not None
    assert check_max_values({"payments": [{"amount": 5}, {"amount": 500}]}, tp) is not None


@pytest.mark.parametrize(
    ("value", "denied"),
    [
        (10**20 + 1, True),  # read as a float it was 1e20, equal to the cap: allowed
        (str(10**20 + 1), True),
        ("100000000000000000000.5", True),
        (10**20, False),
        (str(10**20), False),
        (10**20 - 1, False),
        ("1e20", False),
    ],
)
def test_max_value_compares_exactly(value: object, denied: bool) -> None:
    """A cap compares the number the server will read, not its nearest double: a library or
    ``cordon serve`` caller passes Python integers (and numeric strings) of any size, and a
    server reading the digits gets ``10**20 + 1``, over a cap of ``1e20``."""
    tp = ToolPolicy(max_value={"amount": 1e20})
    v = check_max_values({"amount": value}, tp)
    assert (v is not None) is denied, v
