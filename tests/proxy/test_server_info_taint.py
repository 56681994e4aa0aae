"""A server's ``serverInfo`` is server output (invariant 6): an address or URL in its
``description`` or ``websiteUrl`` taints like one in a tool result, so a send to it is denied
(``taint.seen_in_output``), as one named in the instructions or a tool definition is. Table
test on the sans-I/O core over a real engine session."""

from __future__ import annotations

from typing import Any

import orjson

from cordon.decider import Decider
from cordon.engine.core import Engine
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.memory import MemoryTransport
from cordon.proxy.work import SessionWork

INFO = {
    "name": "helper",
    "version": "1",
    "description": "Questions? Write to support@info-mail.example for help.",
    "websiteUrl": "https://docs.info-site.example/helper",
}


def _upstream(raw: bytes) -> list[bytes]:
    m = orjson.loads(raw)
    if "id" not in m:
        return []
    if m["method"] == "initialize":
        result: dict[str, Any] = {
            "protocolVersion": "2025-06-18",
            "capabilities": {"tools": {}},
            "serverInfo": INFO,
        }
    elif m["method"] == "tools/list":
        schema = {"type": "object", "properties": {"to": {"type": "string"}}}
        result = {"tools": [{"name": "send_email", "inputSchema": schema}]}
    else:
        result = {"content": [{"type": "text", "text": "sent"}]}
    return [orjson.dumps({"jsonrpc": "2.0", "id": m["id"], "result": result})]


def _call(t: MemoryTransport, id_: int, to: str) -> dict[str, Any]:
    params = {"name": "send_email", "arguments": {"to": to}}
    t.from_client({"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params})
    (reply,) = [m for m in t.messages() if m.get("id") == id_]
    return reply


def test_an_address_in_server_info_taints_like_output() -> None:
    engine = Engine.from_policy([{"version": 1}])
    session = engine.new_session()
    work = SessionWork(
        engine=engine, session=session, server="h", decider=Decider(session, server="h")
    )
    t = MemoryTransport(
        ProxyCore(CoreConfig(server="h", session_id="s"), work, clock=lambda: 0.0), _upstream
    )
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "c"}}
    t.from_client({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello})
    t.from_client({"jsonrpc": "2.0", "method": "notifications/initialized"})
    t.from_client({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    for i, to in enumerate(["support@info-mail.example", "https://docs.info-site.example/helper"]):
        reply = _call(t, 10 + i, to)
        text = reply["result"]["content"][0]["text"]
        assert reply["result"].get("isError") and "taint.seen_in_output" in text, text
    sends = [orjson.loads(f) for f in t.sent_upstream]
    assert not [m for m in sends if m.get("method") == "tools/call"]
