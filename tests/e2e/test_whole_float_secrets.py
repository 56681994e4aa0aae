"""A registered secret of digits sent as a whole float
(``86753091234567.0``) is refused through the real ``cordon run``: a lax server (JavaScript's
``JSON.parse``, a JSON-number-to-integer coercion) reads it as the integer, the same digits
as the string. Only strings and integer literals were matched, so the float passed."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_SECRET = 86753091234567


async def test_a_secret_sent_as_a_whole_float_is_refused(harness: Harness) -> None:
    secret_file = harness.tmp / "secret.txt"
    secret_file.write_text(str(_SECRET), "utf-8")
    policy = harness.policy({"version": 1, "secrets": {"files": [str(secret_file)]}})
    box = harness.tmp / "box"
    box.mkdir()
    params = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1"}
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for args in ({"text": float(_SECRET)}, {"text": [1.5, {"n": -float(_SECRET)}]}):
            r = await client.call_tool("echo", args)
            assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        # a fraction is no integer: passed as before
        r = await client.call_tool("echo", {"text": _SECRET + 0.5})
        assert not r.is_error, text_of(r)
    arrived = [json.loads(x)["arguments"] for x in (box / "calls.log").read_text().splitlines()]
    assert arrived == [{"text": _SECRET + 0.5}]
    assert str(_SECRET) not in harness.audit.read_text("utf-8").replace(f"{_SECRET}.5", "")
