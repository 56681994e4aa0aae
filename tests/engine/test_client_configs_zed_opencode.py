"""The configs of the clients ``cordon init`` wraps are protected like the others: a tool that
rewrites one can put a server back in front of the client without cordon, or add one. opencode
reads its ``mcp`` entries from ``opencode.json``/``opencode.jsonc`` (a project's, or
``~/.config/opencode/``) and runs the plugins of ``.opencode/plugin/`` and
``~/.config/opencode/plugin/`` at its start; Zed reads ``context_servers`` from
``~/.config/zed/settings.json`` as from a project's ``.zed/settings.json``; Cline from
``cline_mcp_settings.json``. A write to any of them is asked (``action.credential_write``), by
a writing tool, a shell line or a git command that puts the committed copy back; reading them
and files that only share a word of the name are not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.actions import check_actions
from cordon.engine.credential_paths import is_credential_path

CONFIGS = [
    "/p/opencode.json",
    "/p/opencode.jsonc",
    "/home/u/.config/opencode/opencode.json",
    "/home/u/.config/opencode/plugin/notify.ts",
    "/p/.opencode/plugin/logger.js",
    "/p/.opencode/agent/review.md",
    "/home/u/.config/zed/settings.json",
    "/home/u/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
]


def _act(tool: str, args: dict[str, Any]) -> Any:
    return check_actions(
        tool, args, annotations=None, executes=False, destructive=False, trusted=False
    )


@pytest.mark.parametrize("path", CONFIGS)
def test_a_write_is_asked(path: str) -> None:
    assert is_credential_path(path)
    v = _act("write_file", {"path": path, "content": "{}\n"})
    assert v is not None and (v.verdict, v.rule) == ("ask", "action.credential_write"), path


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/p/opencode.json", "a client's MCP configuration"),
        ("/home/u/.config/zed/settings.json", "an editor's settings or tasks"),
        ("/home/u/x/cline_mcp_settings.json", "a client's MCP configuration"),
    ],
)
def test_the_question_says_what_the_file_is(path: str, said: str) -> None:
    v = _act("write_file", {"path": path, "content": "{}\n"})
    assert v is not None and said in v.reason, v.reason


@pytest.mark.parametrize(
    "path",
    ["/p/src/opencode.ts", "/p/docs/opencode.md", "/p/opencode.json.bak.txt", "/p/zed/notes.md",
     "/home/u/.config/zed/themes/dark.json"],
)  # fmt: skip
def test_near_misses_are_not(path: str) -> None:
    assert not is_credential_path(path)


def _shell(proj: Path, command: str) -> tuple[str, str | None]:
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


@pytest.mark.parametrize(
    "command",
    ["echo '{\"mcp\": {}}' > opencode.json", "sed -i 's/cordon//' opencode.jsonc",
     "cp /tmp/x.ts .opencode/plugin/x.ts", "git checkout main -- opencode.json",
     "git checkout main"],
)  # fmt: skip
def test_shell_lines_that_rewrite_them_are_asked(tmp_path: Path, command: str) -> None:
    proj = tmp_path / "proj"
    (proj / ".git").mkdir(parents=True)
    (proj / "opencode.json").write_text('{"mcp": {}}\n')
    assert _shell(proj, command) == ("ask", "action.credential_write"), command


def test_reading_one_is_not_asked(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    (proj / ".git").mkdir(parents=True)
    (proj / "opencode.json").write_text('{"mcp": {}}\n')
    assert _shell(proj, "cat opencode.json")[1] != "action.credential_write"
