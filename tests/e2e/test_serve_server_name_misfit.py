"""A server named as a near match of a ``servers:`` key (``Mailbox`` for ``mailbox``): ``cordon
run --name Mailbox`` denies every call and client request (``policy.unknown_tool``: the key's
settings would be dropped); ``cordon serve`` took the name a caller gave in
``context.server`` as it came, dropped the key's ``sensitive`` and ``untrusted_output``
settings (a Rule-of-Two leg) and allowed. Real ``cordon run`` in front of
tests/servers/mailbox.py and real ``cordon serve``, both driven by the SDK client."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of
from tests.serve.test_serve_mcp import serve_params

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

POLICY = {"version": 1, "servers": {"mailbox": {"sensitive": True, "untrusted_output": True}}}
MISFIT = ("deny", "policy.unknown_tool")


async def _proxy(harness: Harness, policy: Path, name: str) -> tuple[str, str]:
    box = harness.tmp / f"box-{name}"
    box.mkdir()
    (box / "inbox.txt").write_text("hello", "utf-8")
    params = harness.cordon(
        mailbox_server(), policies=[policy], name=name, env={"MAILBOX_DIR": str(box)}
    )
    async with Client(params, mode="legacy", cache=None) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("read_inbox", {})
        if not r.is_error:
            return ("allow", "default.allow")
        assert "(rule: policy.unknown_tool)" in text_of(r), text_of(r)
        return MISFIT


async def _serve(client: Client, server: str) -> list[tuple[str, str]]:
    ctx: dict[str, Any] = {"server": server}
    out = []
    for tool, args in (
        ("check_tool_call", {"tool": "read_inbox", "arguments": {}, "context": ctx}),
        (
            "check_client_request",
            {"method": "resources/read", "params": {"uri": "mem://a"}, "context": ctx},
        ),
    ):
        r = await client.call_tool(tool, args)
        sc = r.structured_content
        assert not r.is_error and sc is not None, text_of(r)
        out.append((sc["verdict"], sc["rule"]))
    return out


async def test_a_near_match_of_a_servers_key_is_denied_as_through_the_proxy(
    harness: Harness,
) -> None:
    policy = harness.policy(POLICY)
    assert await _proxy(harness, policy, "mailbox") == ("allow", "default.allow")
    assert await _proxy(harness, policy, "Mailbox") == MISFIT
    async with Client(serve_params(harness.tmp, "--policy", str(policy)), cache=None) as client:
        assert await _serve(client, "mailbox") == [("allow", "default.allow")] * 2
        for name in ("Mailbox", "MAILBOX", "mail-box", "mailbx"):
            assert await _serve(client, name) == [MISFIT] * 2, name
        # another server's name is another server: its calls are judged by their own rules
        assert await _serve(client, "web") == [("allow", "default.allow")] * 2


async def test_a_tools_entry_near_a_listed_name_is_denied_as_through_the_proxy(
    harness: Harness,
) -> None:
    """``tools: {send_emial: {max_calls: 1}}`` binds nothing on a server listing
    ``send_email``: ``cordon run`` denies every call until the policy is fixed; ``cordon
    serve``, once given the server's tools, did not (every send was judged without it)."""
    policy = harness.policy({"version": 1, "tools": {"send_emial": {"max_calls": 1}}})
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("hello", "utf-8")
    params = harness.cordon(mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box)})
    async with Client(params, mode="legacy", cache=None) as client:  # type: ignore[arg-type]
        listed = [
            t.model_dump(by_alias=True, exclude_none=True)
            for t in (await client.list_tools()).tools
        ]
        r = await client.call_tool("read_inbox", {})
        assert r.is_error and "(rule: policy.unknown_tool)" in text_of(r), text_of(r)
    async with Client(serve_params(harness.tmp, "--policy", str(policy)), cache=None) as client:
        r = await client.call_tool(
            "check_tool_call",
            {"tool": "read_inbox", "context": {"session_id": "t", "tools": listed}},
        )
        sc = r.structured_content
        assert sc is not None and (sc["verdict"], sc["rule"]) == MISFIT, sc
        assert "tools.send_emial" in sc["reason"]
        # a session never given the server's tools has no list to tell a typo by
        r = await client.call_tool("check_tool_call", {"tool": "read_inbox"})
        assert r.structured_content is not None
        assert r.structured_content["verdict"] == "allow"
