"""`cordon init` warns about a server whose command is not found (not on PATH, or an absolute
path that does not exist), and still writes the entry: refusing would leave the server
unwrapped, run without cordon wherever the client does find it; wrapped, a missing command
fails closed at `cordon run` (answered with the error, recorded). Through the real `cordon`
process on a VS Code config in a temporary HOME."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.conftest import run_cordon


def _init(tmp_path: Path, servers: dict[str, object]) -> tuple[str, Path]:
    home = tmp_path / "home"
    config = tmp_path / ".vscode" / "mcp.json"
    config.parent.mkdir(parents=True)
    config.write_text(json.dumps({"servers": servers}, indent=2) + "\n")
    done = run_cordon(home, "init", "--config", str(config), "-y", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stderr, config


def test_a_command_not_on_path_is_warned_about_and_still_wrapped(tmp_path: Path) -> None:
    gone = str(tmp_path / "no" / "server")
    err, config = _init(tmp_path, {
        "typo": {"type": "stdio", "command": "mcp-server-no-such-thing-xyz", "args": ["."]},
        "moved": {"type": "stdio", "command": gone},
        "fine": {"type": "stdio", "command": sys.executable, "args": ["-c", "pass"]},
    })  # fmt: skip
    said = [ln for ln in err.splitlines() if "will not start it" in ln]
    assert len(said) == 2, err
    assert "typo: its command 'mcp-server-no-such-thing-xyz' is not on PATH here" in said[0]
    assert f"moved: its command {gone} does not exist" in said[1]
    assert "fine:" not in err
    written = json.loads(config.read_text())["servers"]
    assert all("x-cordon-upstream" in written[n] for n in ("typo", "moved", "fine"))


def test_the_entrys_own_path_and_client_variables_are_not_warned_about(
    tmp_path: Path,
) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    tool = bin_dir / "my-mcp-server"
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o755)
    err, _ = _init(tmp_path, {
        "own_path": {"type": "stdio", "command": "my-mcp-server",
                     "env": {"PATH": str(bin_dir)}},
        "variable": {"type": "stdio", "command": "${workspaceFolder}/server"},
        "relative": {"type": "stdio", "command": "./run-server"},
    })  # fmt: skip
    assert "will not start it" not in err, err


def test_the_warning_carries_no_terminal_control_from_the_config() -> None:
    # a config committed to a repository names the server and its command: an escape
    # sequence (a screen clear, a window title) or a bidi override in either must not
    # reach the terminal through the warning
    from cordon.clientcommand import missing_command

    name = "evil\x1b]0;title\x07\u202eabc"
    for cmd in ("/nonexistent/\x1b[2J\x1b[31mred\u202ex", "nosuch\x1b[31mcmd\u202e"):
        said = missing_command(name, {"command": cmd, "env": {"PATH": "/nonexistent"}})
        assert said is not None and said.isprintable(), repr(said)
        assert "\\x1b[2J" in said or "\\x1b[31m" in said  # named, escaped
