"""An argument cordon judges is the argument the server runs, numbers included, through the
real ``cordon run``.

orjson, which reads the client's frames, reads an integer literal outside ``[-2**63, 2**64 -
1]`` as a float, while the server (Python's json here, as the MCP SDK's servers) gets the
exact digits: ``10**20 + 1`` passed ``max_value: 10**20`` as ``1e20``, and a registered
secret of 30 digits sent as a number was compared as ``1.2345678901234568e+29``. Such a
frame is refused with -32600 and never reaches the server; an integer orjson reads exactly
is judged as before. The Python SDK client writes a large integer with its exact digits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_SECRET = 123456789012345678901234567890
_CAP = 10**20


def _arrived(box: Path) -> list[object]:
    log = box / "calls.log"
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    return [json.loads(x)["arguments"].get("text") for x in lines]


async def test_an_integer_read_inexactly_never_reaches_the_server(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    policy = {
        "version": 1,
        "secrets": {"env": ["E2E_NUMERIC_SECRET"]},
        "tools": {"echo": {"max_value": {"text": _CAP}}},
    }
    params = harness.cordon(
        mailbox_server(),
        policies=[harness.policy(policy)],
        env={"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1", "E2E_NUMERIC_SECRET": str(_SECRET)},
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for number in (_CAP + 1, _SECRET, -_SECRET):
            with pytest.raises(MCPError) as err:
                await client.call_tool("echo", {"text": number})
            assert err.value.error.code == -32600, err.value
        r = await client.call_tool("echo", {"text": 10**19})  # (read exactly: under the cap)
        assert not r.is_error, text_of(r)
        r = await client.call_tool("echo", {"text": 2e20})  # (a float, read alike: over it)
        assert r.is_error and "arg.max_value" in text_of(r), text_of(r)
    assert _arrived(box) == [10**19]
    assert str(_SECRET) not in harness.audit.read_text("utf-8")
