"""`cordon init` leaves a VS Code entry with ``sandboxEnabled`` unwrapped and says why: VS Code
runs the entry's command in its sandbox, where writes go only to ``sandbox.filesystem
.allowWrite``, so cordon would run inside it with the server (unable to write its audit and
pins, or, with ``~/.cordon`` made writable, beside a server that could rewrite them). Through
the real `cordon` process on a real ``.vscode/mcp.json`` in a temporary HOME."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cordon

SANDBOXED = {
    "type": "stdio",
    "command": "npx",
    "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
    "sandboxEnabled": True,
    "sandbox": {"filesystem": {"allowWrite": ["${workspaceFolder}"]}},
}
PLAIN = {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}


def test_sandboxed_entry_is_left_alone_and_named(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / ".vscode" / "mcp.json"
    config.parent.mkdir()
    servers = {"files": SANDBOXED, "memory": PLAIN, "off": {**PLAIN, "sandboxEnabled": False}}
    config.write_text(json.dumps({"servers": servers}, indent=2) + "\n")
    done = run_cordon(home, "init", "--config", str(config), "-y", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    got = json.loads(config.read_text())["servers"]
    assert got["files"] == SANDBOXED  # byte for byte the user's entry, sandbox and all
    assert "files: VS Code runs it sandboxed (sandboxEnabled), NOT wrapped" in done.stderr
    for name in ("memory", "off"):  # the others are wrapped as usual
        assert got[name]["args"][: got[name]["args"].index("--")].count("--name") == 1
