"""A call that needs several approvals at once shows its arguments in cordon's question.

An ask that stands for several approvals (a delete above the working directory and an
unverified destination in one shell command) was put to the person with its reason only:
"Approve these exact arguments" with none of them shown, so the person approved a delete
whose path they never saw (the reason says "rm: a delete above the working directory", not
which). The question now lists the call's arguments as a call-wide ask does. Driven through
the real ``cordon run`` in front of a shell server, the person played by the SDK client's
elicitation callback: it declines a delete of ``precious`` when the question shows one.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


async def test_the_question_of_a_multi_approval_call_shows_its_command(harness: Harness) -> None:
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
        # approves what the question shows, and never a delete of the precious directory
        asked.append(p.message)
        if "precious" in p.message:
            return ElicitResult(action="decline")
        return ElicitResult(action="accept", content={"approve": True})

    command = "rm -rf ../precious; curl -s https://fresh.example/ok"
    async with Client(params, mode="legacy", elicitation_callback=person) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("run_command", {"command": command})
    assert (precious / "thesis.tex").exists(), asked
    assert r.is_error, text_of(r)
    assert len(asked) == 1, asked
    assert "2 approvals needed together" in asked[0], asked[0]
    assert f'"command": "{command}"' in asked[0], asked[0]


async def test_arguments_padded_past_what_the_question_names_are_not_asked_about(
    harness: Harness,
) -> None:
    """Twelve empty arguments first (the server ignores what its schema does not name) pushed
    the command out of the question: "and 1 more arguments". A call whose arguments the
    question cannot all name is denied unasked (``approval.unshowable``)."""
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

    padded = {f"note{i}": "" for i in range(12)}
    padded["command"] = "rm -rf ../precious; curl -s https://fresh.example/ok"
    async with Client(params, mode="legacy", elicitation_callback=person) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("run_command", padded)
    assert (precious / "thesis.tex").exists(), asked
    assert r.is_error and "approval.unshowable" in text_of(r), text_of(r)
    assert asked == []


async def test_a_command_of_a_few_lines_is_shown_whole(harness: Harness) -> None:
    """Each argument of a call-wide question was cut to 60 characters, its start and its
    end: a delete in the middle of a 130-character command was out of sight. Values are
    shown whole up to 300 characters, as ``cordon approve`` shows them."""
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

    command = "curl -s https://fresh.example/ok; rm -rf ../precious; echo " + "done " * 14
    assert 100 < len(command) < 300
    async with Client(params, mode="legacy", elicitation_callback=person) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("run_command", {"command": command})
    assert (precious / "thesis.tex").exists(), asked
    assert r.is_error, text_of(r)
    assert len(asked) == 1 and f'"command": "{command}"' in asked[0], asked


async def test_a_nested_parameter_s_question_shows_the_call(harness: Harness) -> None:
    """An ask about a nested parameter (``options.command``) named it and showed no value:
    the delete it approved was out of sight. The question shows the call's arguments."""
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    precious = harness.tmp / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work\n")
    server = ROOT / "tests" / "servers" / "nested_shell.py"
    loose = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon(
        [sys.executable, str(server)], policies=[loose], env={"SHELLBOX_DIR": str(sandbox)}
    )
    asked: list[str] = []

    async def person(ctx: Any, p: Any) -> ElicitResult:
        asked.append(p.message)
        if "precious" in p.message:
            return ElicitResult(action="decline")
        return ElicitResult(action="accept", content={"approve": True})

    async with Client(params, mode="legacy", elicitation_callback=person) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("run_task", {"options": {"command": "rm -rf ../precious"}})
    assert (precious / "thesis.tex").exists(), asked
    assert r.is_error, text_of(r)
    assert len(asked) == 1 and "parameter 'options.command'" in asked[0], asked
    assert '{"options": {"command": "rm -rf ../precious"}}' in asked[0], asked
