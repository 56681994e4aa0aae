"""`cordon init` on VS Code's settings.json with servers under ``"mcp": {"servers": ...}``
(where VS Code kept them before its own mcp.json): nothing is written, exit 2, and the error
names where those servers go, instead of only 'no "mcpServers" or "servers" object'. Through
the real `cordon` process on a real settings.json (JSONC) in a temporary HOME."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.conftest import cordon_exe

SETTINGS = """{
    "editor.fontSize": 14,
    // MCP
    "mcp": {
        "servers": {
            "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}
        }
    },
}
"""


def test_vscode_settings_mcp_servers_are_named(tmp_path: Path) -> None:
    home = tmp_path / "home"
    config = home / ".config" / "Code" / "User" / "settings.json"
    config.parent.mkdir(parents=True)
    config.write_text(SETTINGS)
    done = subprocess.run(
        [*cordon_exe(), "init", "--config", str(config), "-y"],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home), "COLUMNS": "300"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert '"mcp": {"servers"' in done.stderr and "mcp.json" in done.stderr
    assert config.read_text() == SETTINGS
