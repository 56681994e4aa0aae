"""``cordon approve`` shows the end of an argument padded past what the audit log keeps whole.

The person approving a one-time code reads the denied call from its audit record, and the
audit log keeps a string argument longer than ``MAX_ARG_BYTES`` (4 KiB) cut. A command padded
past that size put its dangerous part (the file it overwrites, the host it pipes to) where
the person could not see it, and the code approves exactly that call. Driven through the real
``cordon run`` with the official SDK client (it cannot elicit: a one-time code), and the real
``cordon approve`` in a pseudo-terminal.
"""

from __future__ import annotations

import re
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


def _approve_output(harness: Harness, code: str) -> str:
    from tests._tty import run_in_pty
    from tests.conftest import cordon_exe

    env = {"HOME": str(harness.home), "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"}
    argv = [*cordon_exe(), "approve", code, "--store", str(harness.store)]
    rc, out = run_in_pty([*argv, "--audit", str(harness.audit)], env, "n\n")
    assert rc == 1, out
    return out


async def test_cordon_approve_shows_the_end_of_an_argument_the_audit_log_cut(
    harness: Harness,
) -> None:
    command = "echo " + "padding " * 600 + "> ../the-file-it-overwrites.txt"
    assert len(command) > 4096
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(harness.tmp / "ran.log")}
    loose = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[loose], env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("run_command", {"command": command})
    m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", text_of(r))
    assert m, text_of(r)
    out = re.sub(r"\x1b\[[0-9;]*m", "", _approve_output(harness, m.group(1)))
    flat = " ".join(out.replace("│", " ").split())
    assert "the-file-it-overwrites.txt" in flat, flat
    assert "not shown" in flat  # the cut is said
