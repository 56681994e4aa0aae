"""A result cordon reads is the result the client gets, numbers included, through the real
``cordon run`` in front of a real MCP SDK server.

orjson, which reads the server's frames, reads an integer literal outside ``[-2**63, 2**64 -
1]`` as a float, while the client (the Python SDK here) gets the exact digits: the output
checks, and the result's recording the taint check reads later calls against, judged
``1.2345678901234568e+29`` where the client was handed ``123456789012345678901234567890``.
Such a result is refused: the call is answered with an error and the digits reach neither
the client nor the audit log; a result whose integers orjson reads exactly comes as before."""

from __future__ import annotations

import os
import sys

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.conftest import Harness

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_LONG = 123456789012345678901234567890

SERVER = """\
from mcp.server.mcpserver import MCPServer

srv = MCPServer("ledger")

@srv.tool()
def balance(account: str) -> dict[str, int]:
    big = account == "big"
    return {"account": 123456789012345678901234567890 if big else 18446744073709551615}

srv.run("stdio")
"""


async def test_a_result_with_an_integer_read_inexactly_never_reaches_the_client(
    harness: Harness,
) -> None:
    script = harness.tmp / "ledger_server.py"
    script.write_text(SERVER, "utf-8")
    params = harness.cordon(
        [sys.executable, str(script)],
        policies=[harness.policy({"version": 1})],
        env={"PATH": os.environ.get("PATH", "")},
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("balance", {"account": "small"})  # (read exactly)
        assert not r.is_error and r.structured_content == {"account": 2**64 - 1}, r
        with pytest.raises(MCPError) as err:
            await client.call_tool("balance", {"account": "big"})
        assert err.value.error.code == -32603, err.value
        assert "64-bit" in err.value.error.message and str(_LONG) not in str(err.value)
        r = await client.call_tool("balance", {"account": "small"})  # (the session goes on)
        assert not r.is_error, r
    audit = harness.audit.read_text("utf-8")
    assert "an integer outside the 64-bit range" in audit and str(_LONG) not in audit
