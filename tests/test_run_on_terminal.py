"""`cordon run` typed at a terminal says what it is waiting for.

It speaks MCP (JSON-RPC lines) on stdin and stdout, so started by hand to try it, it waited
without a word after the server's own banner, and a typed line got a parse error back. On a
terminal it now says, on stderr, that a client starts it from its config; on a pipe (every
client) it says nothing, and a client's stdout stays JSON-RPC only."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests._tty import plain, run_in_pty
from tests.conftest import cordon_exe

SERVER = str(Path(__file__).parent / "servers" / "mailbox.py")
HINT = "waiting for an MCP client"


def _env(home: Path) -> dict[str, str]:
    (home / "mailbox").mkdir(exist_ok=True)
    return {**os.environ, "HOME": str(home), "COLUMNS": "200", "MAILBOX_DIR": str(home / "mailbox")}


def test_run_at_a_terminal_says_it_waits_for_a_client(tmp_path: Path) -> None:
    argv = [*cordon_exe(), "run", "--", sys.executable, SERVER]
    # Ctrl-D once the hint shows: end of input, and cordon run stops
    _, out = run_in_pty(argv, _env(tmp_path), "\x04", timeout=30, prompt=HINT.encode())
    text = plain(out)
    assert "cordon init" in text, text


def test_run_on_a_pipe_says_nothing_of_it(tmp_path: Path) -> None:
    done = subprocess.run(
        [*cordon_exe(), "run", "--", sys.executable, SERVER],
        input="",
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=60,
        check=False,
    )
    assert HINT not in done.stderr
    assert done.stdout == ""
