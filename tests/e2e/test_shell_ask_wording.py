"""The reason of a shell command's write ask reads as an ask: through the real ``cordon run``
in front of a server that really runs commands, a client that cannot answer an ask gets
"needs approval: echo: an overwrite above the working directory" (it read "needs approval:
blocked: echo: a overwrite ..."), and the command never ran. A deny keeps its "blocked:"."""

from __future__ import annotations

import json
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


async def test_a_write_ask_and_a_write_deny_read_as_they_are(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    log = harness.tmp / "ran.log"
    outside = harness.tmp / "elsewhere"
    outside.mkdir()
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    loose = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[loose], env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("run_command", {"command": "echo a > ../x.txt"})
        said = text_of(r)
        assert r.is_error and "action.delete_outside" in said, said
        assert "needs approval: echo: an overwrite above the working directory" in said, said
        assert "blocked:" not in said, said
    confined = harness.policy(
        {"version": 1, "allowed_path_prefixes": [str(sandbox)]}, name="confined.yaml"
    )
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[confined], env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("run_command", {"command": f"rm -f {outside}/y"})
        said = text_of(r)
        assert r.is_error and "blocked: rm: a delete outside the allowed path prefixes" in said
    ran = [json.loads(x) for x in log.read_text("utf-8").splitlines()] if log.exists() else []
    assert ran == []
    assert not (harness.tmp / "x.txt").exists()
