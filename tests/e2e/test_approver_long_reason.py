"""A reason quotes the adversary's text (here the program of a shell command the agent was
fooled into writing): through the real ``cordon run``, a client that cannot answer an ask is
told "needs approval: ..." with the reason capped to its start and its end, the cut said,
so thousands of characters of a program name cannot fill the person's screen; the command
never ran."""

from __future__ import annotations

import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


async def test_a_long_program_name_in_a_reason_is_capped(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    log = harness.tmp / "ran.log"
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    loose = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[loose], env=env)
    # (a command of up to 4,000 bytes: a longer one is not asked about at all, as no question
    # shows it whole: approval.unshowable)
    program = "ok_" + "x" * 3_900 + "_end"
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("run_command", {"command": f"{program} a > ../x.txt"})
    said = text_of(r)
    assert r.is_error and "needs approval: ok_xxx" in said, said[:300]
    assert "xxx_end: an overwrite above the working directory" in said, said[-600:]
    assert "characters not shown" in said and len(said) < 2000, len(said)
    assert not log.exists() or not log.read_text("utf-8").strip()
