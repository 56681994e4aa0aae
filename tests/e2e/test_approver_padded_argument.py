"""A call padded past what a person is shown whole is not put to them at all.

The person approving a one-time code reads the denied call from its audit record, and the
audit log keeps a string argument longer than ``MAX_ARG_BYTES`` (4 KiB) cut. A command padded
past that size put its dangerous part (the file it overwrites, the host it pipes to) where
the person could not see it, and the code approves exactly that call: ``cordon approve``
showed its start and its end, the middle of 4 KiB out of sight. An approval of exact
arguments now covers at most 4,000 bytes of values, all shown whole; such a call is denied
unasked (``approval.unshowable``), with no code to approve. Driven through the real
``cordon run`` with the official SDK client (it cannot elicit: a one-time code).
"""

from __future__ import annotations

import re
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


async def test_a_call_padded_past_what_the_question_shows_gets_no_code(
    harness: Harness,
) -> None:
    command = "echo " + "padding " * 600 + "> ../the-file-it-overwrites.txt"
    assert len(command) > 4096
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    log = harness.tmp / "ran.log"
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    loose = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[loose], env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("run_command", {"command": command})
    said = text_of(r)
    assert r.is_error and "approval.unshowable" in said, said
    assert re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", said) is None, said
    assert not log.exists() or not log.read_text("utf-8").strip()
    assert not (harness.tmp / "the-file-it-overwrites.txt").exists()
