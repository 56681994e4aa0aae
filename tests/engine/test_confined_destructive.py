"""A tool the policy itself confines (path prefixes, patterns, caps) is not asked about again
for its server's ``destructiveHint`` when the call stays inside those bounds; outside them
it is denied, and a tool the policy does not confine still asks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon.engine.core import Engine

WRITE = {
    "name": "write_file",
    "description": "Write a file.",
    "inputSchema": {"type": "object", "properties": {"path": {}, "content": {}}},
    "annotations": {"destructiveHint": True},
}
DROP = {
    "name": "drop_rows",
    "description": "Delete rows.",
    "inputSchema": {"type": "object", "properties": {"table": {}, "limit": {}}},
    "annotations": {"destructiveHint": True},
}


def _session(tools: dict[str, Any], **policy: Any) -> Any:
    eng = Engine.from_policy([{"version": 1, "tools": tools, **policy}])
    eng.pin_tools([WRITE, DROP])
    return eng.new_session()


def test_a_write_the_policy_confines_is_not_asked_about(tmp_path: Path) -> None:
    s = _session(
        {"write_file": {"path_params": ["path"], "allowed_path_prefixes": [str(tmp_path)]}}
    )
    v = s.check("write_file", {"path": str(tmp_path / "notes.md"), "content": "x"})
    assert (v.verdict, v.rule) == ("allow", "default.allow")
    v = s.check("write_file", {"path": "/etc/cron.d/x", "content": "x"})
    assert (v.verdict, v.rule) == ("deny", "arg.path_outside")


def test_the_global_prefixes_confine_a_tool_with_path_params(tmp_path: Path) -> None:
    s = _session({"write_file": {"path_params": ["path"]}}, allowed_path_prefixes=[str(tmp_path)])
    assert s.check("write_file", {"path": str(tmp_path / "a"), "content": "x"}).verdict == "allow"


@pytest.mark.parametrize(
    ("entry", "args"),
    [
        ({"arg_patterns": {"table": "tmp_[a-z]+"}}, {"table": "tmp_scratch"}),
        ({"max_value": {"limit": 10}}, {"table": "users", "limit": 5}),
    ],
    ids=["pattern", "cap"],
)
def test_patterns_and_caps_confine_too(entry: dict[str, Any], args: dict[str, Any]) -> None:
    assert _session({"drop_rows": entry}).check("drop_rows", args).verdict == "allow"


@pytest.mark.parametrize(
    ("tools", "args"),
    [
        ({}, {"path": "/tmp/x", "content": "x"}),  # no policy entry: the hint asks
        ({"write_file": {"path_params": ["path"]}}, {"path": "/tmp/x"}),  # no prefixes
        ({"write_file": {"max_value": {"size": 10}}}, {"path": "/tmp/x"}),  # bound not given
        (
            {"write_file": {"max_value": {"size": 10}, "destructive": True}},
            {"path": "/tmp/x", "size": 1},
        ),  # the policy itself says ask
    ],
    ids=["no-entry", "no-prefixes", "bound-absent", "policy-destructive"],
)
def test_anything_else_still_asks(tools: dict[str, Any], args: dict[str, Any]) -> None:
    v = _session(tools).check("write_file", args)
    assert (v.verdict, v.rule) == ("ask", "action.destructive_hint")
