"""A ``cordon run`` that never reached its upstream leaves no pin file behind, through the
real process: stdin not a pipe, a missing command, an unreachable ``--url``. An identity
pinned before the upstream answered protects nothing (``proxy/main.py`` re-pins one that
never answered as on first use), so a failed start wrote clutter: ``~/.cordon/pins`` named
servers that never ran. The upstream's identity is pinned with its first answer instead; a
server that answers still gets its command line pinned (a swap behind the same name is
refused at the next start: ``tests/e2e/test_server_identity.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import cordon_exe

pytestmark = [pytest.mark.e2e]

INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}

#: a stdio server answering ``initialize`` (it names itself ``tiny``) and then exiting
TINY = (
    "import json, sys\n"
    "msg = json.loads(sys.stdin.readline())\n"
    "info = {'name': 'tiny', 'version': '1'}\n"
    "result = {'protocolVersion': '2025-06-18', 'capabilities': {}, 'serverInfo': info}\n"
    "print(json.dumps({'jsonrpc': '2.0', 'id': msg['id'], 'result': result}), flush=True)\n"
)


def _run(home: Path, *args: str, stdin: int | None = None) -> subprocess.CompletedProcess[str]:
    """``cordon run ARGS`` under ``HOME=home``, a client's ``initialize`` on a pipe (or
    ``stdin`` as given), its stdout a pipe."""
    return subprocess.run(
        [*cordon_exe(), "run", *args],
        input=None if stdin is not None else json.dumps(INIT) + "\n",
        stdin=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home)},
        timeout=60,
        check=False,
    )


def _pin_files(home: Path) -> list[Path]:
    return sorted((home / ".cordon" / "pins").glob("*.json"))


def test_stdin_not_a_pipe_leaves_no_pin_file(tmp_path: Path) -> None:
    done = _run(
        tmp_path, "--name", "c", "--", sys.executable, "-c", "pass", stdin=subprocess.DEVNULL
    )
    assert done.returncode != 0
    assert "stdin is not a pipe" in done.stderr
    assert _pin_files(tmp_path) == []


def test_missing_command_leaves_no_pin_file(tmp_path: Path) -> None:
    done = _run(tmp_path, "--name", "a", "--", str(tmp_path / "no-such-server"))
    assert done.returncode != 0, done.stderr
    assert _pin_files(tmp_path) == []


def test_unreachable_url_leaves_no_pin_file(tmp_path: Path) -> None:
    # port 9 (discard) on loopback: nothing listens there
    _run(tmp_path, "--name", "b", "--url", "http://127.0.0.1:9/mcp")
    assert _pin_files(tmp_path) == []


def test_answering_upstream_pins_its_command_line(tmp_path: Path) -> None:
    """The deferred pin still holds the upstream's command line, with the answer's
    serverInfo: the next start with another program behind the name is a swap."""
    done = _run(tmp_path, "--name", "t", "--", sys.executable, "-c", TINY)
    assert '"tiny"' in done.stdout, done.stderr
    (pins,) = _pin_files(tmp_path)
    identity = json.loads(pins.read_text())["servers"]["t"]["identity"]
    assert identity["upstream"] == {"command": [sys.executable, "-c", TINY]}
    assert identity["serverInfo"] == {"name": "tiny"}
    swapped = _run(tmp_path, "--name", "t", "--", sys.executable, "-c", TINY + "\n")
    assert "pin.server_changed" in swapped.stderr
    assert swapped.returncode != 0
