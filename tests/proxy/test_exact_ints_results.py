"""A server frame holding an integer orjson reads as a float is refused, never relayed.

orjson reads an integer literal outside ``[-2**63, 2**64 - 1]`` as a float
(``1.2345678901234568e+29``), while a client that parses the digits exactly (the Python SDK)
gets the integer: cordon's output checks would judge another value than the one delivered.
The result's recording keeps numbers as text for taint (an account number read in output is a
destination): it would hold the float's text, and a later call carrying the digits the user
saw would not be traced to that output. So the frame is refused as the client's is
(tests/proxy/test_exact_ints.py): a response's request is answered with an error, a server
request is answered upstream with -32600, a notification is dropped; each is recorded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from cordon.decider import Decider
from cordon.engine.core import Engine
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.framing import INTERNAL_ERROR, INVALID_REQUEST
from cordon.proxy.memory import MemoryTransport
from cordon.proxy.work import SessionWork
from tests.proxy.test_identity_probe import Upstream, _call, _pinned, _proxy

LONG = "123456789012345678901234567890"


def _transport() -> MemoryTransport:
    engine = Engine.from_policy([{"version": 1}], secrets=[LONG])
    session = engine.new_session()
    work = SessionWork(
        engine=engine, session=session, server="s", decider=Decider(session, server="s")
    )
    work.pin_list([{"name": "lookup", "inputSchema": {"type": "object"}}], True)
    core = ProxyCore(CoreConfig(server="s", session_id="sid"), work, clock=lambda: 0.0)
    return MemoryTransport(core)


def _called(t: MemoryTransport) -> None:
    args = {"name": "lookup", "arguments": {"q": "account"}}
    t.from_client({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": args})
    assert len(t.sent_upstream) == 1


def _result(number: bytes) -> bytes:
    return (
        b'{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"found"}],'
        b'"structuredContent":{"account":' + number + b"}}}"
    )


@pytest.mark.parametrize(
    "number", [LONG.encode(), b"18446744073709551616", b"-9223372036854775809", b"1" + b"0" * 40]
)
def test_a_result_with_an_integer_read_inexactly_is_refused(number: bytes) -> None:
    t = _transport()
    _called(t)
    t.from_server(_result(number))
    assert all(number not in frame for frame in t.client)
    (answer,) = t.messages()
    assert answer["id"] == 7 and answer["error"]["code"] == INTERNAL_ERROR
    assert "64-bit" in answer["error"]["message"]
    (rec,) = [r for r in t.audit if r.get("kind") == "frame_refused"]
    assert rec["direction"] == "server" and "64-bit" in rec["reason"]
    assert not t.core.awaiting(7)


@pytest.mark.parametrize(
    "number", [b"18446744073709551615", b"-9223372036854775808", b"4111111111111111", b"1e30"]
)
def test_a_result_read_exactly_is_delivered_as_it_came(number: bytes) -> None:
    t = _transport()
    _called(t)
    t.from_server(_result(number))
    assert t.client == [_result(number)]
    assert not [r for r in t.audit if r.get("kind") == "frame_refused"]


def test_long_digits_in_a_string_are_no_integer() -> None:
    t = _transport()
    _called(t)
    frame = _result(b'"' + LONG.encode() + b'"')
    t.from_server(frame)
    assert t.client == [frame]


def _server_request(params: dict[str, Any]) -> bytes:
    msg = {"jsonrpc": "2.0", "id": "q1", "method": "sampling/createMessage", "params": params}
    return orjson.dumps(msg).replace(b'"@N@"', LONG.encode())


def test_a_server_request_or_notification_holding_one_is_refused_upstream() -> None:
    t = _transport()
    _called(t)
    sent = len(t.sent_upstream)
    t.from_server(_server_request({"messages": [], "maxTokens": "@N@"}))
    assert t.client == []
    refusal = orjson.loads(t.sent_upstream[sent])
    assert refusal["id"] == "q1" and refusal["error"]["code"] == INVALID_REQUEST
    note = {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progress": "@N@"}}
    t.from_server(orjson.dumps(note).replace(b'"@N@"', LONG.encode()))
    assert t.client == []
    assert len([r for r in t.audit if r.get("kind") == "frame_refused"]) == 2
    assert t.core.awaiting(7)  # (the call itself is still answered when its result comes)


def test_cordons_own_discover_answer_is_read_for_the_name(tmp_path: Path) -> None:
    """The answer to cordon's ``server/discover`` never reaches the client: it is read for the
    server's name (a number in it judged nowhere), not refused as a relayed frame would be."""
    pins = _pinned(tmp_path)
    up = Upstream("notes-server")

    def upstream(raw: bytes) -> list[bytes]:
        out = up(raw)
        if orjson.loads(raw).get("method") != "server/discover":
            return out
        return [
            f.replace(b'"capabilities":{', b'"capabilities":{"x":' + LONG.encode() + b",")
            for f in out
        ]

    core, t = _proxy(pins, up)
    t.upstream = upstream
    t.from_client(_call(5))
    assert up.methods() == ["server/discover", "tools/call"]
    assert [m["id"] for m in t.messages()] == [5]
    assert not [r for r in t.audit if r.get("kind") == "frame_refused"]


def test_a_server_request_under_the_discover_s_id_is_still_refused(tmp_path: Path) -> None:
    """The discover's id is the server's to see: a request of its own under that id (not the
    answer: it has a method) is relayed as any server request is, so it is refused like one
    when it holds such an integer; it reached the client with the digits."""
    pins = _pinned(tmp_path)
    up = Upstream("notes-server")

    refusals: list[dict[str, Any]] = []

    def upstream(raw: bytes) -> list[bytes]:
        msg = orjson.loads(raw)
        if "method" not in msg:  # (cordon's answer to the server's request)
            refusals.append(msg)
            return []
        out = up(raw)
        if msg.get("method") != "server/discover":
            return out
        ping = {"jsonrpc": "2.0", "id": msg["id"], "method": "ping", "params": {"n": "@N@"}}
        return [orjson.dumps(ping).replace(b'"@N@"', LONG.encode()), *out]

    core, t = _proxy(pins, up)
    t.upstream = upstream
    t.from_client(_call(5))
    assert not any(LONG.encode() in frame for frame in t.client), t.client
    assert [m["id"] for m in t.messages()] == [5]
    assert len([r for r in t.audit if r.get("kind") == "frame_refused"]) == 1
    assert [r["error"]["code"] for r in refusals] == [INVALID_REQUEST]
