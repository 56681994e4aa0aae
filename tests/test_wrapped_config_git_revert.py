"""Known gap: a git command that brings back the committed copy of a project's client config
(`.mcp.json`) is not asked about.

A project's `.mcp.json` is often committed unwrapped and wrapped by `cordon init` in the work
tree only (README, Quick start step 2). A shell tool's `git stash`, `git restore .mcp.json` or
`git checkout -- .mcp.json` puts the committed copy back, so the client's next start runs those
servers without cordon, while a `cp` over the same file is asked about
(`action.credential_write`). The engine's decision for a shell server under the
`desktop_commander` pack; the same held through the real `cordon run` in front of Desktop
Commander (`git stash` ran, unasked, and took the wrapper off). Strict expected failures: a fix
makes them pass, and the README's words on this must change with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon import Engine


def _verdict(tmp_path: Path, command: str) -> str:
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / ".mcp.json").write_text('{"mcpServers": {}}\n')
    engine = Engine.from_policy([{
        "version": 1, "packs": ["desktop_commander"],
        "allowed_path_prefixes": [str(proj)], "base_dir": str(proj),
    }])  # fmt: skip
    props = {"command": {"type": "string"}, "timeout_ms": {"type": "number"}}
    engine.pin_tools(
        [{"name": "start_process", "inputSchema": {"type": "object", "properties": props}}]
    )
    return (
        engine.new_session()
        .check("start_process", {"command": command, "timeout_ms": 1000})
        .verdict
    )


def test_a_copy_over_the_config_is_asked(tmp_path: Path) -> None:
    assert _verdict(tmp_path, "cp /tmp/other.json .mcp.json") == "ask"


@pytest.mark.xfail(strict=True, reason="known gap: git puts the committed client config back")
@pytest.mark.parametrize(
    "command", ["git stash", "git restore .mcp.json", "git checkout -- .mcp.json"]
)
def test_git_putting_the_committed_config_back_is_asked(tmp_path: Path, command: str) -> None:
    assert _verdict(tmp_path, command) != "allow"
