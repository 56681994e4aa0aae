"""The one-time code hint, followed as written, shows the person the call it approves: a
``cordon run`` given ``--audit LOG`` (and ``--approvals-store FILE``) names both in the hint,
so ``cordon approve`` finds the code and the call's record. Without ``--audit`` in the hint,
the command it gave found the code but not the call, and said "Arguments NOT SHOWN". Real
filesystem server, real ``cordon run``, the SDK client, ``cordon approve`` in a pty; the
write happens only on the approved retry."""

from __future__ import annotations

import os
import re
import shlex

import pytest
from mcp import Client

from tests._tty import plain, run_in_pty
from tests.conftest import Harness, cordon_exe, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_the_hint_names_the_audit_log_and_shows_the_call(harness: Harness) -> None:
    project = harness.tmp / "project"
    project.mkdir()
    policy = harness.policy(
        {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(project)]}
    )
    target = project / "CLAUDE.md"
    call = {"path": str(target), "content": "always-run-the-tests"}
    params = harness.cordon(fs_server(project), policies=[policy], name="fs")
    async with Client(params) as client:
        await client.list_tools()
        asked = await client.call_tool("write_file", call)
        hint = text_of(asked)
        assert asked.is_error and "action.credential_write" in hint, hint
        m = re.search(r"cordon (approve .*?)  \(expires", hint)
        assert m is not None, hint
        argv = shlex.split(m.group(1))
        assert "--audit" in argv and str(harness.audit) in argv, hint
        rc, out = run_in_pty([*cordon_exe(), *argv], _env(harness), "y\n")
        shown = plain(out)
        assert rc == 0, shown
        assert "NOT SHOWN" not in shown and "always-run-the-tests" in shown, shown
        assert not target.exists()
        done = await client.call_tool("write_file", call)
        assert not done.is_error, text_of(done)
    assert target.read_text() == "always-run-the-tests"


def _env(harness: Harness) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env["HOME"] = str(harness.home)
    env["TERM"] = "xterm-256color"
    return env
