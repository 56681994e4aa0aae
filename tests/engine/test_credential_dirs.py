"""A directory that holds a client's MCP configuration (or other credential and auto-run
files) is one: a planted directory moved or copied onto ``.vscode`` brings an ``mcp.json``
without cordon in it; and a bare name in the working directory is a path in a shell command
(``cp evil .mcp.json`` wrote the config unasked: only a path with a slash was read)."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine


def _session() -> Any:
    engine = Engine.from_policy(
        [{"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": ["/p"], "base_dir": "/p"}]
    )
    props = {k: {"type": "string"} for k in ("source", "destination", "path", "command")}
    schema = {"type": "object", "properties": props}
    engine.pin_tools(
        [{"name": n, "inputSchema": schema} for n in ("move_file", "list_directory", "run_command")]
    )
    return engine.new_session()


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("move_file", {"source": "/p/cfg", "destination": "/p/.vscode"}),
        ("move_file", {"source": "/p/cfg", "destination": "/p/.cursor"}),
        ("move_file", {"source": "/p/cfg", "destination": "/p/.claude/"}),
        ("move_file", {"source": "/p/.vscode", "destination": "/p/cfg-old"}),
        ("run_command", {"command": "mv cfg .vscode"}),
        ("run_command", {"command": "cp -r cfg .cursor"}),
        ("run_command", {"command": "cp evil .mcp.json"}),
        ("run_command", {"command": "echo '{}' > .mcp.json"}),
        ("run_command", {"command": "mv evil .bashrc"}),
        ("run_command", {"command": "tee -a .envrc < x"}),
        ("run_command", {"command": "cat key.pub >> authorized_keys"}),
    ],
)
def test_a_config_directory_or_a_bare_config_name_is_asked_about(
    tool: str, arguments: dict[str, str]
) -> None:
    d = _session().check(tool, arguments)
    assert (d.verdict, d.rule) == ("ask", "action.credential_write"), d


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("move_file", {"source": "/p/docs", "destination": "/p/docs-old"}),
        ("move_file", {"source": "/p/vscode-notes", "destination": "/p/my.vscode"}),
        ("list_directory", {"path": "/p/.vscode"}),
        ("run_command", {"command": "mv docs docs2"}),
        ("run_command", {"command": "echo hi > out.txt"}),
        ("run_command", {"command": "ls -la .vscode"}),
        ("run_command", {"command": "git status"}),
    ],
)
def test_other_moves_and_reads_of_them_are_not(tool: str, arguments: dict[str, str]) -> None:
    d = _session().check(tool, arguments)
    assert d.rule != "action.credential_write", d


@pytest.mark.parametrize(
    "path",
    [
        "/p/.husky/pre-commit",  # husky: core.hooksPath=.husky, run on git commit
        "/p/.husky/_/commit-msg",  # husky v9
        "/p/.githooks/pre-push",
        "/p/.pre-commit-config.yaml",
        "/p/lefthook.yml",
        "/p/.github/workflows/ci.yml",
        "/p/.claude/commands/deploy.md",
    ],
)
def test_hooks_the_work_tree_runs_and_ci_workflows_are_asked_about(path: str) -> None:
    s = _session()
    d = s.check("run_command", {"command": f"cp x {path}"})
    assert (d.verdict, d.rule) == ("ask", "action.credential_write"), d


def test_other_files_beside_them_are_not() -> None:
    s = _session()
    for path in ("/p/.github/ISSUE_TEMPLATE/bug.md", "/p/husky.md", "/p/docs/hooks.md"):
        assert s.check("run_command", {"command": f"cp x {path}"}).rule != (
            "action.credential_write"
        )
