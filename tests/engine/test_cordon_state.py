"""``action.cordon_state``: no tool writes cordon's own files (its approvals store, pin file,
policy, audit log, ``~/.cordon``), as written, through ``..`` or through a symbolic link; a
deny that ``trust_tools`` does not lift. Reads are not refused by it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.policy import load_policy

SCHEMA = {"type": "object"}
TOOLS = [
    {"name": "write_file", "description": "Write a file.", "inputSchema": SCHEMA},
    {"name": "move_file", "description": "Move a file.", "inputSchema": SCHEMA},
    {"name": "read_text_file", "description": "Read a file.", "inputSchema": SCHEMA},
]


def _session(tmp_path: Path, trust: bool = False) -> Any:
    (tmp_path / "state").mkdir()
    (tmp_path / "state" / "approvals.json").write_text("{}", "utf-8")
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "link.json").symlink_to("../state/approvals.json")
    doc: dict[str, Any] = {"version": 1}
    if trust:
        doc["trust_tools"] = ["write_file"]
    own = [str(tmp_path / "state" / "approvals.json"), str(tmp_path / "home" / ".cordon")]
    engine = Engine(load_policy([doc]), state_paths=own)
    engine.pin_tools(TOOLS)
    return engine.new_session()


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("write_file", {"path": "{t}/state/approvals.json", "content": "{{}}"}),
        ("write_file", {"path": "{t}/proj/../state/approvals.json", "content": "x"}),
        ("write_file", {"path": "{t}/proj/link.json", "content": "x"}),  # through a link
        ("write_file", {"path": "{t}/home/.cordon/pins/server.json", "content": "x"}),
        # compared without case (macOS and Windows file systems): denied on any system
        ("move_file", {"source": "{t}/proj/a", "destination": "{t}/STATE/approvals.json"}),
    ],
)
@pytest.mark.parametrize("trust", [False, True])
def test_a_write_to_cordons_own_state_is_denied(
    tmp_path: Path, tool: str, args: dict[str, str], trust: bool
) -> None:
    s = _session(tmp_path, trust)
    given = {k: v.format(t=tmp_path) for k, v in args.items()}
    v = s.check(tool, given)
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v


def test_other_writes_and_reads_are_not(tmp_path: Path) -> None:
    s = _session(tmp_path)
    ok = s.check("write_file", {"path": str(tmp_path / "proj" / "notes.md"), "content": "x"})
    assert ok.verdict == "allow"
    read = s.check("read_text_file", {"path": str(tmp_path / "state" / "approvals.json")})
    assert read.rule != "action.cordon_state"
