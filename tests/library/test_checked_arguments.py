"""``Session.check`` and ``Gateway.check`` hand back the arguments they decided on
(``Decision.arguments``), as ``cordon serve`` does: a private JSON copy of the call, with each
relative or ``~`` path the check confined under the policy's ``base_dir`` made absolute
(:mod:`cordon.engine.anchored_paths`). A caller that forwards them runs exactly what was
checked, whatever it does with its own dict afterwards (TOCTOU: an alias mutated between
check and send) and wherever the server resolves relative paths (CWE-436)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cordon import Gateway
from cordon.engine.core import Engine


def _policy(proj: Path) -> dict[str, Any]:
    return {
        "version": 1,
        "allowed_path_prefixes": [str(proj)],
        "base_dir": str(proj),
        "tools": {"read": {"path_params": ["path"]}},
    }


def _read_tool() -> dict[str, Any]:
    props = {"path": {"type": "string"}, "opts": {"type": "object"}}
    return {
        "name": "read",
        "description": "Read a file.",
        "inputSchema": {"type": "object", "properties": props},
    }


def test_session_check_returns_the_confined_arguments_not_an_alias(tmp_path: Path) -> None:
    proj = tmp_path / "project"
    engine = Engine.from_policy([_policy(proj)], secrets=[])
    engine.pin_tools([_read_tool()])
    args: dict[str, Any] = {"path": "notes.md", "opts": {"lines": [1, 2]}}
    v = engine.new_session().check("read", args)
    assert v.verdict == "allow", v
    assert v.arguments == {"path": str(proj / "notes.md"), "opts": {"lines": [1, 2]}}
    # the caller's dict, nested parts included, is not what the decision holds
    args["opts"]["lines"].append(3)
    args["path"] = "../.ssh/id_rsa"
    assert v.arguments == {"path": str(proj / "notes.md"), "opts": {"lines": [1, 2]}}


def test_session_check_returns_a_copy_when_no_path_changes(tmp_path: Path) -> None:
    engine = Engine.from_policy([_policy(tmp_path)], secrets=[])
    engine.pin_tools([_read_tool()])
    args: dict[str, Any] = {"path": str(tmp_path / "a.md"), "opts": {"n": (1, 2)}}
    v = engine.new_session().check("read", args)
    assert v.verdict == "allow" and v.arguments == {
        "path": str(tmp_path / "a.md"),
        "opts": {"n": [1, 2]},
    }
    assert v.arguments is not args and v.arguments["opts"] is not args["opts"]


def test_a_denied_check_carries_no_arguments(tmp_path: Path) -> None:
    engine = Engine.from_policy([_policy(tmp_path)], secrets=[])
    engine.pin_tools([_read_tool()])
    v = engine.new_session().check("read", {"path": "../.ssh/id_rsa"})
    assert v.verdict == "deny" and v.arguments is None


def test_the_arguments_are_not_in_the_decisions_repr(tmp_path: Path) -> None:
    engine = Engine.from_policy([_policy(tmp_path)], secrets=[])
    engine.pin_tools([_read_tool()])
    v = engine.new_session().check("read", {"path": "hunter2-Correct-Horse.md"})
    assert v.arguments is not None and "hunter2" not in repr(v)


def test_gateway_check_returns_the_confined_arguments(tmp_path: Path) -> None:
    proj = tmp_path / "project"
    gw = Gateway(policy=_policy(proj))
    gw.add_tool("read", "Read a file.", lambda path, opts=None: "ok", untrusted_output=False)
    s = gw.new_session()
    args: dict[str, Any] = {"path": "notes.md", "opts": {"lines": [1]}}
    d = gw.check("read", args, session=s)
    args["opts"]["lines"].append(2)
    assert d.verdict == "allow", d
    assert d.arguments == {"path": str(proj / "notes.md"), "opts": {"lines": [1]}}


def test_gateway_check_denies_arguments_json_cannot_carry(tmp_path: Path) -> None:
    gw = Gateway(policy=_policy(tmp_path))
    gw.add_tool("read", "Read a file.", lambda path, opts=None: "ok", untrusted_output=False)
    d = gw.check("read", {"path": "a.md", "opts": {1: "x"}}, session=gw.new_session())
    assert (d.verdict, d.rule, d.arguments) == ("deny", "arg.malformed", None)
