"""A destination in cordon's question to a person keeps the spelling the agent used (the
engine compares it normalised). Through the real `cordon` process and a real MCP client."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp.types import ElicitResult

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_question_shows_the_destination_as_spelled(harness: Harness, mode: str) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    asked: list[str] = []

    async def on_elicit(ctx: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="decline")

    params = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(params, mode=mode, elicitation_callback=on_elicit) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("send_email", {"to": "New.Person@Partner.Example", "body": "x"})
        assert r.is_error and "taint.unverified_destination" in text_of(r)
    assert len(asked) == 1
    assert "'New.Person@Partner.Example'" in asked[0], asked[0]
    # the comparison stays normalised: the audit record keeps the normalised form
    asks = [r for r in harness.records("verdict") if r["verdict"] == "ask"]
    assert asks and asks[0]["destination"] == "new.person@partner.example"
