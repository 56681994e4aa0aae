"""``git svn``, ``git p4`` and ``git lfs``: their subcommands that leave the work tree's files
as they are are not read as a config swap where a client's MCP config exists (tldr-pages'
git examples, judged with a ``.mcp.json`` in the work tree, were asked before); the ones that
rewrite it are still asked (``action.credential_write``), as any subcommand git does not ship
is."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon import Engine


def _verdict(tmp_path: Path, command: str) -> tuple[str, str | None]:
    proj = tmp_path / "proj"
    (proj / ".git").mkdir(parents=True)
    (proj / ".mcp.json").write_text("{}\n")
    engine = Engine.from_policy([{
        "version": 1, "packs": ["desktop_commander"],
        "allowed_path_prefixes": [str(proj)], "base_dir": str(proj),
    }])  # fmt: skip
    props = {"command": {"type": "string"}, "timeout_ms": {"type": "number"}}
    engine.pin_tools(
        [{"name": "start_process", "inputSchema": {"type": "object", "properties": props}}]
    )
    d = engine.new_session().check("start_process", {"command": command, "timeout_ms": 1000})
    return d.verdict, d.rule


READS = [
    "git lfs track '*.bin'", "git lfs track", "git lfs ls-files", "git lfs fetch",
    "git lfs install", "git lfs push --all origin main", "git lfs status", "git svn fetch",
    "git svn log", "git p4 sync //depot/path",
]  # fmt: skip

REWRITES = [
    "git lfs pull", "git lfs checkout", "git lfs migrate import --include='*.json'",
    "git svn rebase", "git svn dcommit", "git svn commit", "git svn -r rebase fetch",
    "git svn clone https://svn.example.net/repo .", "git p4 rebase", "git p4 submit",
    "git p4 clone //depot/path .", "git lfs --x pull", "git fame", "git co main",
]  # fmt: skip


@pytest.mark.parametrize("command", READS)
def test_a_read_of_the_tool_is_allowed(tmp_path: Path, command: str) -> None:
    assert _verdict(tmp_path, command) == ("allow", "default.allow")


@pytest.mark.parametrize("command", REWRITES)
def test_a_rewrite_of_the_tool_is_asked(tmp_path: Path, command: str) -> None:
    assert _verdict(tmp_path, command) == ("ask", "action.credential_write")
