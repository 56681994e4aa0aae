"""A git command that brings back the committed copy of a project's client config
(`.mcp.json`) is asked about, as a copy over it is.

A project's `.mcp.json` is often committed unwrapped and wrapped by `cordon init` in the work
tree only (README, Quick start step 2). A shell tool's `git stash`, `git restore .mcp.json` or
`git checkout -- .mcp.json` puts the committed copy back, so the client's next start runs those
servers without cordon, while a `cp` over the same file is asked about
(`action.credential_write`). The engine's decision for a shell server under the
`desktop_commander` pack; the same held through the real `cordon run` in front of Desktop
Commander (`git stash` ran, unasked, and took the wrapper off). Now each is
`action.credential_write` (engine/git_config_swaps; tests/engine/test_git_config_swaps.py
covers every shape, tests/e2e/test_git_checkout_client_config.py the real proxy). The project
here has no `.git`: the repository's top cannot be found, and the rewrite is asked (fail
closed)."""

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


@pytest.mark.parametrize(
    "command", ["git stash", "git restore .mcp.json", "git checkout -- .mcp.json"]
)
def test_git_putting_the_committed_config_back_is_asked(tmp_path: Path, command: str) -> None:
    assert _verdict(tmp_path, command) == "ask"
