"""`cordon init` keeps off cordon's command line (which every local user reads with ps) a
remote URL whose key it cannot recognise as one: a variable reference the client expands in
the arguments it starts cordon with (Cursor's ``${env:KEY}`` in a path), and a query string
(``?k=<key>``: a key under a name no credential list knows). Through the real `cordon`
process on a real Cursor config in a temporary HOME."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.conftest import cordon_exe

PATH_REF = "https://mcp.example.com/${env:PATH_KEY}/mcp"
QUERY_KEY = "https://mcp.example.com/mcp?k=abcdefghijklmnopqrstuvwxyz123456"


def test_url_with_a_variable_or_a_query_goes_in_env(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / ".cursor" / "mcp.json"
    config.parent.mkdir()
    servers = {"ref": {"url": PATH_REF}, "query": {"url": QUERY_KEY}}
    config.write_text(json.dumps({"mcpServers": servers}, indent=2) + "\n")
    done = subprocess.run(
        [*cordon_exe(), "init", "--config", str(config), "-y", "--no-hook"],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home), "COLUMNS": "300"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    got = json.loads(config.read_text())["mcpServers"]
    for name, url in (("ref", PATH_REF), ("query", QUERY_KEY)):
        args = got[name]["args"]
        assert "--url" not in args and not any("example.com" in str(a) for a in args)
        var = args[args.index("--url-env") + 1]
        assert got[name]["env"][var] == url
        # and init says what the entry runs: the variable, not a --url it does not pass
        said = next(line for line in done.stdout.splitlines() if f"{name}: wrapped:" in line)
        assert f"--url-env {var}" in said and "--url " not in said
    # --undo gives the url entries back as they were
    undone = subprocess.run(
        [*cordon_exe(), "init", "--config", str(config), "--undo", "-y", "--no-hook"],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home), "COLUMNS": "300"},
        timeout=60,
        check=False,
    )
    assert undone.returncode == 0, undone.stdout + undone.stderr
    assert json.loads(config.read_text())["mcpServers"] == servers
