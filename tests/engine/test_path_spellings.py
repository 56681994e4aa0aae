"""A path argument with a line break, or longer than 4,096 characters, is read as the server
normalises it: ``x\\n/../.mcp.json`` and ``a/a/.../../../.mcp.json`` wrote the client's MCP
config unasked, and overwrote cordon's own policy unrefused (``action.credential_write``,
``action.cordon_state``). A file's content with a line break stays text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.credential_paths import is_credential_path


def _session(proj: Path, policy_file: Path) -> Any:
    engine = Engine.from_policy(
        [
            {
                "version": 1,
                "packs": ["filesystem"],
                "allowed_path_prefixes": [str(proj)],
                "base_dir": str(proj),
            }
        ],  # fmt: skip
        state_paths=[str(policy_file)],
    )
    props = {k: {"type": "string"} for k in ("path", "content", "source", "destination")}
    schema = {"type": "object", "properties": props}
    engine.pin_tools(
        [{"name": n, "inputSchema": schema} for n in ("write_file", "move_file", "edit_file")]
    )
    return engine.new_session()


LONG = "a/" * 1100 + "../" * 1100


@pytest.mark.parametrize(
    "spelling",
    [
        "x\n/../.mcp.json",
        "{proj}/x\n/../.mcp.json",
        LONG + ".mcp.json",
        "{proj}/" + LONG + ".git/config",
        "x\n/../.envrc",
    ],  # fmt: skip
)
def test_a_config_spelled_with_a_line_break_or_at_length_is_asked(
    tmp_path: Path, spelling: str
) -> None:
    s = _session(tmp_path, tmp_path / "cordon-policy.yaml")
    path = spelling.format(proj=tmp_path)
    d = s.check("write_file", {"path": path, "content": "{}"})
    assert (d.verdict, d.rule) == ("ask", "action.credential_write"), d
    moved = s.check("move_file", {"source": path, "destination": str(tmp_path / "old.json")})
    assert moved.verdict != "allow", moved


@pytest.mark.parametrize("spelling", ["x\n/../cordon-policy.yaml", LONG + "cordon-policy.yaml"])
def test_cordons_policy_spelled_so_is_denied(tmp_path: Path, spelling: str) -> None:
    policy = tmp_path / "cordon-policy.yaml"
    s = _session(tmp_path, policy)
    d = s.check("write_file", {"path": spelling, "content": "version: 1\n"})
    assert (d.verdict, d.rule) == ("deny", "action.cordon_state"), d


def test_content_with_a_line_break_is_not_a_path(tmp_path: Path) -> None:
    s = _session(tmp_path, tmp_path / "cordon-policy.yaml")
    text = "notes\nsee ~/.bashrc\nand /home/me/.mcp.json"
    d = s.check("write_file", {"path": str(tmp_path / "notes.md"), "content": text})
    assert d.verdict == "allow", d
    assert not is_credential_path(text) and is_credential_path(text, whole=True)
    assert is_credential_path("x" * (2 << 20), whole=True)  # (past the cap: fail closed)
