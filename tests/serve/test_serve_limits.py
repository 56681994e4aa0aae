"""Huge and deeply nested inputs to the real ``cordon serve``, driven by the MCP SDK client.

A call larger than ``cordon run``'s message cap (16 MiB) never runs through the proxy, which
refuses it before any check, so ``check_tool_call`` and ``check_client_request`` must not allow
it either (they once decided it like any other call: a send to a trusted address was allowed).
A request nested deeper than the SDK's parser reads gets a JSON-RPC error under its id (the SDK
dropped it with no reply, and the client waited for ever)."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, MCPError

from tests.conftest import cordon_exe, text_of
from tests.serve.test_serve_mcp import serve_params

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

CAP = 16 * 1024 * 1024


async def test_a_call_over_the_proxys_message_cap_is_denied(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\ntrusted_destinations: [ops@example.com]\n", "utf-8")
    body = "a" * (CAP + 1024)
    async with Client(serve_params(tmp_path, "--policy", str(policy)), cache=None) as client:
        r = await client.call_tool(
            "check_tool_call",
            {"tool": "send_email", "arguments": {"to": "ops@example.com", "body": body}},
        )
        sc = r.structured_content
        assert not r.is_error and sc is not None, text_of(r)
        assert (sc["verdict"], sc["rule"]) == ("deny", "arg.malformed")
        assert "size cap" in sc["reason"]
        r = await client.call_tool(
            "check_client_request",
            {"method": "prompts/get", "params": {"name": "p", "arguments": {"text": body}}},
        )
        sc = r.structured_content
        assert sc is not None and (sc["verdict"], sc["rule"]) == ("deny", "arg.malformed")
        # near miss: the same call under the cap is decided as usual
        r = await client.call_tool(
            "check_tool_call",
            {"tool": "send_email", "arguments": {"to": "ops@example.com", "body": body[:4096]}},
        )
        sc = r.structured_content
        assert sc is not None and (sc["verdict"], sc["rule"]) == ("allow", "default.allow")


def _nested(depth: int, leaf: Any) -> Any:
    for _ in range(depth):
        leaf = {"a": leaf}
    return leaf


@pytest.mark.parametrize("where", ["arguments", "outputs"])
async def test_a_request_nested_too_deeply_is_answered_with_an_error(
    tmp_path: Path, where: str
) -> None:
    # deeper than the SDK server parses (about 200), not than its client writes (about 255)
    deep = _nested(220, "drop-box@evil-mail.example")
    args: dict[str, Any] = {"tool": "send_email", "arguments": {"to": "x@partner.example"}}
    if where == "arguments":
        args["arguments"] = {"to": "x@partner.example", "body": deep}
    else:
        args["context"] = {"outputs": [{"tool": "r", "content": {"structuredContent": deep}}]}
    async with Client(serve_params(tmp_path), mode="legacy", cache=None) as client:  # type: ignore[arg-type]
        with anyio.fail_after(60), pytest.raises(MCPError) as exc:
            await client.call_tool("check_tool_call", args)
        assert exc.value.error.code == -32600 and "could not read" in exc.value.error.message
        # and the service still answers: the next request is decided as usual
        r = await client.call_tool("check_tool_call", {"tool": "read_inbox"})
        assert r.structured_content is not None and r.structured_content["verdict"] == "allow"


def test_lines_that_are_no_request_are_answered_on_the_bytes(tmp_path: Path) -> None:
    # raw JSON-RPC lines over stdio: JSON-RPC 2.0 section 5.1's codes, under id null when
    # the id cannot be read (the SDK dropped each of these with no reply); a ping after
    # them is answered, so the service goes on
    exe = cordon_exe()
    env = {**os.environ, "HOME": str(tmp_path)}
    lines = [
        b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":'
        b'"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}',
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}',
        b"not json at all",
        b'{"jsonrpc":"2.0","id":5,"method":5}',
        b'{"jsonrpc":"2.0","id":9,"method":"ping"}',
    ]
    # stdin stays open until the four replies are read: at end of input the service may stop
    # before a request still in flight is answered (closing stdin is the client's shutdown)
    proc = subprocess.Popen([*exe, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    guard = threading.Timer(60, proc.kill)  # a hang fails the test instead of the run
    guard.start()
    try:
        proc.stdin.write(b"\n".join(lines) + b"\n")
        proc.stdin.flush()
        replies: list[dict[str, Any]] = []
        while len(replies) < 4:
            line = proc.stdout.readline()
            assert line, replies
            replies.append(json.loads(line))
    finally:
        guard.cancel()
        proc.kill()
        proc.wait(timeout=60)
    assert [r.get("id") for r in replies] == [1, None, None, 9], replies
    assert replies[1]["error"]["code"] == -32700 and replies[2]["error"]["code"] == -32600
    assert "could not read" in replies[2]["error"]["message"] and replies[3]["result"] == {}
