"""`cordon init` on a remote entry that has no URL (a `type: http` entry half written, an
`mcp-remote` with no address) says so in words, not as a Python value (`its URL None`).
Through the real `cordon` process."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.conftest import cordon_exe


def test_a_remote_entry_without_a_url_is_named_as_such(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    path = tmp_path / ".mcp.json"
    servers = {
        "half": {"type": "http"},
        "bare": {"command": "npx", "args": ["-y", "mcp-remote"]},
        "odd": {"type": "http", "url": "ftp://example.test/mcp"},
    }
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    r = subprocess.run(
        [*cordon_exe(), "init", "--config", str(path), "--yes", "--no-hook"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": str(home), "COLUMNS": "400"},
        check=False,
    )
    assert "None" not in r.stderr, r.stderr
    assert "half: remote server left alone: it has no URL" in r.stderr, r.stderr
    assert "bare: runs mcp-remote, so it is wrapped as a stdio server" in r.stderr, r.stderr
    assert "rather than turned into cordon run --url: it has no URL" in r.stderr, r.stderr
    assert "'ftp://example.test/mcp' is not a literal http(s) URL" in r.stderr, r.stderr
