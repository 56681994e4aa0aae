"""What cordon's question shows is what an approval of exact arguments covers, none of it cut.

Each value was shown whole up to 300 characters, a longer one by its start and its end: a
delete in the middle of a 456-character shell command was out of sight, the person approved
the command and the delete ran. Values are shown whole up to 4,000 bytes in all (the
question's old bound, twelve values of 300), and a call with more is denied unasked
(``approval.unshowable``). The person is played by the official SDK client's elicitation
callback in front of the real ``cordon run`` and a shell server: it approves what the
question shows and declines a question that shows a delete of ``precious``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"
#: a command that needs two approvals (a delete above the working directory, a new host)
HEAD = "curl -s https://fresh.example/ok; echo "


async def _asked(harness: Harness, command: str) -> tuple[list[str], str, Path]:
    """The questions the person was put and the call's answer, and the precious file."""
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    precious = harness.tmp / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work\n")
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(harness.tmp / "ran.log")}
    loose = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[loose], env=env)
    asked: list[str] = []

    async def person(ctx: Any, p: Any) -> ElicitResult:
        asked.append(p.message)
        if "precious" in p.message:
            return ElicitResult(action="decline")
        return ElicitResult(action="accept", content={"approve": True})

    async with Client(params, mode="legacy", elicitation_callback=person) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("run_command", {"command": command})
    return asked, text_of(r), precious / "thesis.tex"


async def test_a_delete_in_the_middle_of_a_long_command_is_shown(harness: Harness) -> None:
    command = HEAD + "a" * 240 + "; rm -rf ../precious; echo " + "done " * 30
    assert 300 < len(command) < 4000
    asked, answer, thesis = await _asked(harness, command)
    assert thesis.exists(), asked
    assert len(asked) == 1 and f'"command": "{command}"' in asked[0], asked
    assert "did not approve" in answer, answer


async def test_a_command_longer_than_a_question_shows_is_not_asked_about(
    harness: Harness,
) -> None:
    command = HEAD + "a" * 3000 + "; rm -rf ../precious; echo " + "done " * 300
    assert len(command) > 4000
    asked, answer, thesis = await _asked(harness, command)
    assert thesis.exists(), asked
    assert asked == []
    assert "approval.unshowable" in answer and "bytes of values" in answer, answer
