"""`cordon init` and `--undo` rewrite only the text of the entries they change: comments,
trailing commas, numbers and layout elsewhere in a VS Code (JSONC) or Claude Code file stay
as written, and a comment or value the user changed after init survives --undo. Through the
real `cordon` process on real files in a temporary HOME."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import run_cordon

VSCODE = """{
\t// Workspace MCP servers
\t"inputs": [
\t\t{"type": "promptString", "id": "github-pat", "description": "GitHub PAT", "password": true},
\t],
\t"servers": {
\t\t"github": {
\t\t\t"type": "http",
\t\t\t"url": "https://api.githubcopilot.com/mcp/",
\t\t\t"headers": {"Authorization": "Bearer ${input:github-pat}"}
\t\t},
\t\t/* the filesystem server */
\t\t"fs": {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${workspaceFolder}"]},
\t},
}
"""


_cordon = run_cordon


def _jsonc(text: str) -> dict[str, object]:
    keep = lambda m: m.group(0) if m.group(0)[0] == '"' else ""  # noqa: E731
    text = re.sub(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/', keep, text, flags=re.S)
    return json.loads(re.sub(r'"(?:\\.|[^"\\])*"|,(?=\s*[}\]])', keep, text))  # type: ignore[no-any-return]


def test_vscode_comments_outside_the_entries_are_kept_and_undo_keeps_new_ones(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / "proj" / ".vscode" / "mcp.json"
    config.parent.mkdir(parents=True)
    config.write_text(VSCODE)
    done = _cordon(home, "init", "--config", str(config), "-y")
    assert done.returncode == 0, done.stdout + done.stderr
    text = config.read_text()
    for kept in (
        "\t// Workspace MCP servers\n",
        "/* the filesystem server */",
        'password": true},\n',
    ):
        assert kept in text
    assert "comments and trailing commas are not kept" not in done.stdout
    servers = _jsonc(text)["servers"]
    assert Path(servers["fs"]["command"]).name == "cordon"  # type: ignore[index]
    assert Path(servers["github"]["command"]).name == "cordon"  # type: ignore[index]

    # the user adds a server with a comment after init (as VS Code's editor leaves it)
    text = text.replace(
        '\t"servers": {\n',
        '\t"servers": {\n\t\t// staging, added after init\n'
        '\t\t"staging": {"type": "http", "url": "https://staging.example.com/mcp"},\n',
        1,
    )
    config.write_text(text)
    undone = _cordon(home, "init", "--config", str(config), "--undo", "-y")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    after = config.read_text()
    assert "// staging, added after init" in after
    assert "\t// Workspace MCP servers\n" in after and "/* the filesystem server */" in after
    got = _jsonc(after)["servers"]
    assert got["staging"] == {"type": "http", "url": "https://staging.example.com/mcp"}  # type: ignore[index]
    assert got["fs"]["command"] == "npx"  # type: ignore[index]
    assert got["github"]["headers"] == {"Authorization": "Bearer ${input:github-pat}"}  # type: ignore[index]
    assert "x-cordon-upstream" not in after


def test_claude_json_numbers_kept_and_a_value_changed_since_init_survives_undo(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = home / ".claude.json"
    original = (
        '{\n  "numStartups": 1,\n  "lastTotalInputTokens": 1e3,\n'
        '  "mcpServers": {\n    "notes": {"type": "stdio", "command": "uvx", "args": ["notes-mcp"]}\n  }\n}\n'
    )
    config.write_text(original)
    done = _cordon(home, "init", "--config", str(config), "-y", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    text = config.read_text()
    assert '"lastTotalInputTokens": 1e3,' in text  # not 1000.0
    # the client changes a value since init: 1 -> true (equal in Python, not in JSON)
    config.write_text(text.replace('"numStartups": 1,', '"numStartups": true,'))
    undone = _cordon(home, "init", "--config", str(config), "--undo", "-y", "--no-hook")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    after = json.loads(config.read_text())
    assert after["numStartups"] is True
    assert after["mcpServers"]["notes"] == {
        "type": "stdio",
        "command": "uvx",
        "args": ["notes-mcp"],
    }
