"""A global ``base_dir``: the directory relative path arguments resolve in, for every tool
with ``path_params`` and no ``base_dir`` of its own (as the global ``allowed_path_prefixes``
confines them). The README's quick-start policy refused ``read_text_file("docs/readme.md")``
as ``arg.path_unresolvable``, and covering the filesystem pack took a ``base_dir`` in each of
its 13 path-taking tools. A relative path is confined as an absolute one is."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon import Engine
from cordon._exceptions import PolicyError
from cordon.policy import load_pack, load_policy


def _load(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    f = tmp_path / "policy.yaml"
    f.write_text(text, "utf-8")
    return load_policy([f])


def test_the_global_base_dir_reaches_every_path_tool_of_a_pack(tmp_path: Path) -> None:
    p = _load(tmp_path, "version: 1\npacks: [filesystem]\nbase_dir: /srv/proj\n")
    pack = load_pack("filesystem")["tools"]
    with_paths = [name for name, entry in pack.items() if entry.get("path_params")]
    assert len(with_paths) == 13
    assert all(p.tools[name].base_dir == "/srv/proj" for name in with_paths)
    assert p.tools["list_allowed_directories"].base_dir is None  # no path parameters
    assert p.base_dir == "/srv/proj"


def test_a_tools_own_base_dir_wins(tmp_path: Path) -> None:
    text = (
        "version: 1\npacks: [filesystem]\nbase_dir: /srv/proj\n"
        "tools:\n  write_file: {base_dir: /srv/proj/out}\n  custom: {path_params: [file]}\n"
    )
    p = _load(tmp_path, text)
    assert p.tools["write_file"].base_dir == "/srv/proj/out"
    assert p.tools["read_text_file"].base_dir == "/srv/proj"
    assert p.tools["custom"].base_dir == "/srv/proj"


@pytest.mark.parametrize("value", ["proj", "./proj", "[/srv/proj]"])
def test_a_relative_or_malformed_global_base_dir_stops_start_up(tmp_path: Path, value: str) -> None:
    with pytest.raises(PolicyError) as err:
        _load(tmp_path, f"version: 1\npacks: [filesystem]\nbase_dir: {value}\n")
    assert "base_dir" in str(err.value)


@pytest.fixture
def proj(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "readme.md").write_text("hi", "utf-8")
    (tmp_path / "secret.txt").write_text("x", "utf-8")
    return root


def _verdict(policy: dict[str, object], tool: str, path: str) -> tuple[str, str]:
    eng = Engine.from_policy([{"version": 1, "packs": ["filesystem"], **policy}])
    eng.pin_tools([{"name": tool, "inputSchema": {"type": "object"}}])
    d = eng.new_session().check(tool, {"path": path})
    return d.verdict, d.rule


def test_the_quick_start_policy_with_base_dir_reads_a_relative_path(proj: Path) -> None:
    quick = {"allowed_path_prefixes": [str(proj)]}
    assert _verdict(quick, "read_text_file", "docs/readme.md") == (
        "deny",
        "arg.path_unresolvable",
    )
    with_base = {**quick, "base_dir": str(proj)}
    assert _verdict(with_base, "read_text_file", "docs/readme.md") == ("allow", "default.allow")
    assert _verdict(with_base, "write_file", "docs/new.md") == ("allow", "default.allow")


@pytest.mark.parametrize("path", ["../secret.txt", "docs/../../secret.txt", "..%2fsecret.txt"])
def test_a_relative_path_is_confined_as_an_absolute_one(proj: Path, path: str) -> None:
    pol = {"allowed_path_prefixes": [str(proj)], "base_dir": str(proj)}
    assert _verdict(pol, "read_text_file", path) == ("deny", "arg.path_outside")


def test_a_relative_path_under_a_symlink_out_is_confined(proj: Path, tmp_path: Path) -> None:
    (proj / "out").symlink_to(tmp_path)
    pol = {"allowed_path_prefixes": [str(proj)], "base_dir": str(proj)}
    assert _verdict(pol, "read_text_file", "out/secret.txt") == ("deny", "arg.path_outside")
