"""The one-time code hint names a command the person's terminal can run: a cordon installed in
a virtualenv (``make setup``'s ``.venv``, whose path ``cordon init`` writes into the client's
config) is on no PATH but the venv's, so a bare ``cordon approve CODE`` was "command not
found" there. The hint names this cordon's absolute path unless the PATH cordon runs with
finds this very program as ``cordon``. Real filesystem server, real ``cordon run`` started by
its absolute path as ``cordon init`` writes it, the SDK client; the hint's command run as
written in a pty under a PATH without the venv; the write happens only on the approved
retry."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from mcp import Client

from tests._tty import plain, run_in_pty
from tests.conftest import Harness, cordon_exe, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: a PATH with the system's programs and no virtualenv
BARE_PATH = "/usr/local/bin:/usr/bin:/bin"


def _exe() -> str:
    exe = cordon_exe()
    if len(exe) != 1 or Path(exe[0]).name != "cordon":
        pytest.skip("cordon is not installed as a console script here")
    return exe[0]


async def _hint(harness: Harness, path: str) -> str:
    """The hint of a call asked about, from a ``cordon run`` started with ``PATH=path``."""
    project = harness.tmp / "project"
    project.mkdir()
    policy = harness.policy(
        {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(project)]}
    )
    params = harness.cordon(fs_server(project), policies=[policy], name="fs", env={"PATH": path})
    assert params.command == _exe()  # started by its absolute path, as cordon init writes it
    async with Client(params) as client:
        await client.list_tools()
        asked = await client.call_tool("write_file", {"path": str(project / "AGENTS.md")})
        return text_of(asked)


async def test_off_the_path_the_hint_names_this_cordon_and_works_as_written(
    harness: Harness,
) -> None:
    exe = _exe()
    assert Path(exe).parent not in [Path(p) for p in BARE_PATH.split(":")]
    project = harness.tmp / "project"
    project.mkdir()
    policy = harness.policy(
        {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(project)]}
    )
    target = project / "AGENTS.md"
    call = {"path": str(target), "content": "run-the-linter-first"}
    env = {"PATH": BARE_PATH}
    params = harness.cordon(fs_server(project), policies=[policy], name="fs", env=env)
    async with Client(params) as client:
        await client.list_tools()
        asked = await client.call_tool("write_file", call)
        hint = text_of(asked)
        assert asked.is_error and "action.credential_write" in hint, hint
        m = re.search(r"own terminal: (.*?)  \(expires", hint)
        assert m is not None, hint
        argv = shlex.split(m.group(1))
        assert argv[0] == exe and argv[1] == "approve", hint
        term = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
        term.update(HOME=str(harness.home), TERM="xterm-256color", PATH=BARE_PATH)
        rc, out = run_in_pty(argv, term, "y\n")
        assert rc == 0, plain(out)
        assert not target.exists()
        done = await client.call_tool("write_file", call)
        assert not done.is_error, text_of(done)
    assert target.read_text() == "run-the-linter-first"


async def test_on_the_path_the_hint_says_cordon(harness: Harness) -> None:
    exe = _exe()
    hint = await _hint(harness, f"{Path(exe).parent}:{BARE_PATH}")
    assert "own terminal: cordon approve " in hint, hint
