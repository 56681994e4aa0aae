"""Requests a malicious server makes of the client, through the real ``cordon run``: an
injected sampling prompt and a password-asking form are refused (the server gets an error
answer, so nothing hangs), a benign form reaches the user, in both protocol eras; a kind the
client did not declare never reaches it; the policy can deny a kind outright."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_types import CreateMessageResult, ElicitResult, TextContent

from tests.conftest import Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

ASKER = Path(__file__).resolve().parents[1] / "servers" / "asker.py"


def _outcomes(log: Path) -> dict[str, str]:
    if not log.exists():
        return {}
    return {r["tool"]: r["outcome"] for r in map(json.loads, log.read_text("utf-8").splitlines())}


class _User:
    """The client's side: what reached the user and the model."""

    def __init__(self) -> None:
        self.forms: list[str] = []
        self.prompts: list[str] = []

    async def elicit(self, ctx: Any, params: Any) -> ElicitResult:
        self.forms.append(params.message)
        return ElicitResult(action="accept", content={"name": "Ada"})

    async def sample(self, ctx: Any, params: Any) -> CreateMessageResult:
        self.prompts.append(str(params.messages))
        content = TextContent(type="text", text="ok")
        return CreateMessageResult(role="assistant", content=content, model="test")


async def _call(client: Client, tool: str) -> Any:
    """The tool's result, or the JSON-RPC error's message when the call was refused."""
    try:
        return await client.call_tool(tool, {})
    except MCPError as exc:
        return str(exc)


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_an_injected_sampling_request_and_a_phishing_form_are_refused(
    harness: Harness, mode: str
) -> None:
    log = harness.tmp / "asker.jsonl"
    user = _User()
    params = harness.cordon([sys.executable, str(ASKER)], env={"ASKER_LOG": str(log)})
    async with Client(
        params, mode=mode, elicitation_callback=user.elicit, sampling_callback=user.sample
    ) as client:  # type: ignore[arg-type]
        await client.list_tools()
        summary = await _call(client, "summarise")
        login = await _call(client, "login")
        name = await _call(client, "ask_name")
    assert user.prompts == []  # the injected prompt never reached the model
    assert user.forms == ["Name?"]  # the password form never reached the user
    assert not isinstance(name, str) and not name.is_error, name
    records = harness.records("server_request")
    refused = [r for r in records if r.get("action") == "refuse"]
    assert len(refused) == 2, records
    if mode == "legacy":  # the server got an error answer for each refusal
        got = _outcomes(log)
        assert got["summarise"].startswith("error -1") and got["login"].startswith("error -1")
        assert got["ask_name"] == "answered"
        assert "refused" in text_of(summary) and "refused" in text_of(login)
    else:  # input_required: the call itself ends in an error naming why
        assert "sampling request carries" in str(summary)
        assert "asks for a secret (password, api_key)" in str(login)


async def test_a_kind_the_client_did_not_declare_never_reaches_it(harness: Harness) -> None:
    log = harness.tmp / "asker.jsonl"
    params = harness.cordon([sys.executable, str(ASKER)], env={"ASKER_LOG": str(log)})
    async with Client(params, mode="legacy") as client:  # declares neither
        await client.list_tools()
        await client.call_tool("ask_name", {})
    got = _outcomes(log)
    assert got["ask_name"].startswith("error -32601"), got
    (rec,) = harness.records("server_request")
    assert rec["action"] == "refuse" and "did not declare" in rec["reason"]


async def test_the_policy_can_deny_a_kind_outright(harness: Harness) -> None:
    log = harness.tmp / "asker.jsonl"
    user = _User()
    policy = harness.policy(
        {"version": 1, "servers": {"asker": {"server_requests": {"elicitation": "deny"}}}}
    )
    params = harness.cordon(
        [sys.executable, str(ASKER)], policies=[policy], name="asker", env={"ASKER_LOG": str(log)}
    )
    async with Client(params, mode="legacy", elicitation_callback=user.elicit) as client:  # type: ignore[arg-type]
        await client.list_tools()
        await client.call_tool("ask_name", {})
    assert user.forms == []
    assert _outcomes(log)["ask_name"].startswith("error -1")
