"""Attacks on ``cordon run --url`` from a server that keeps an answer open that no request
needs any more: after it sent the response, after it sent the response on another stream,
after the client cancelled the request, or on a notification's POST (which the server MUST
answer ``202`` with no body). Each open answer holds a connection and up to the size cap of
a half-sent event in cordon's memory, so a server doing it to every call grows cordon by
one cap per call, without bound: cordon must close each such answer itself.

The servers are scripted raw sockets (:class:`tests.e2e.test_redteam_remote.Scripted`) in
front of the real ``cordon run --url`` process on raw pipes. A server sees its answer closed
when a write to it fails; each one here writes a comment line every 50 ms for 20 s."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterable
from typing import Any

import pytest

from tests.conftest import Harness
from tests.e2e.test_redteam_remote import (
    READ,
    SEND,
    Answer,
    Cordon,
    Req,
    http,
    mcp_basics,
    result,
    servers,
    sse_head,
    text,
)

pytestmark = [pytest.mark.e2e]

__all__ = ["servers"]

#: how long a held answer stays open unless cordon closes it (seconds)
HOLD_S = 20.0
#: how soon cordon must have closed it (seconds)
CLOSED_WITHIN_S = 6.0


class Held:
    """Answers that stay open, each told apart by a label; ``closed`` holds the label of
    each one cordon closed (a write to it failed) before :data:`HOLD_S`."""

    def __init__(self) -> None:
        self.closed: set[str] = set()
        self.opened: set[str] = set()
        self.done = threading.Event()

    def answer(self, label: str, first: bytes = b"") -> Iterable[bytes]:
        self.opened.add(label)
        ended = False
        try:
            yield sse_head() + first
            deadline = time.monotonic() + HOLD_S
            while time.monotonic() < deadline and not self.done.is_set():
                yield b": still here\n"
                time.sleep(0.05)
            ended = True
        finally:
            if not ended:
                self.closed.add(label)

    def wait_closed(self, label: str) -> bool:
        deadline = time.monotonic() + CLOSED_WITHIN_S
        while label not in self.closed and time.monotonic() < deadline:
            time.sleep(0.05)
        return label in self.closed


@pytest.fixture
def held() -> Iterable[Held]:
    h = Held()
    yield h
    h.done.set()


def test_an_answer_kept_open_after_its_response_is_closed(
    harness: Harness, servers: Any, held: Held
) -> None:
    """Every call is answered on its own stream, which then stays open: closed once the
    response is through, as the SDK clients stop reading there."""

    def mcp(req: Req) -> Answer:
        basic = mcp_basics(req, [READ, SEND])
        if basic is not None:
            return basic
        rid = req.json()["id"]
        return held.answer(f"call-{rid}", b"data: " + text(rid, "inbox") + b"\n\n")

    evil = servers(mcp)
    c = Cordon(harness, f"{evil.origin}/mcp")
    try:
        c.start()
        got = c.call("read_inbox", {})
        assert "inbox" in json.dumps(got)
        assert held.wait_closed(f"call-{got['id']}"), held.closed
    finally:
        c.close()


def test_an_answer_left_open_when_its_response_came_on_the_get_stream_is_closed(
    harness: Harness, servers: Any, held: Held
) -> None:
    """The response goes out on the GET stream; the call's own stream stays open, empty:
    closed once the response is through."""
    calls: list[Any] = []
    go = threading.Event()

    def get_stream() -> Iterable[bytes]:
        yield sse_head() + b": open\n\n"
        go.wait(20)
        time.sleep(0.3)
        yield b"data: " + text(calls[0], "inbox") + b"\n\n"
        held.done.wait(HOLD_S)

    def mcp(req: Req) -> Answer:
        if req.method == "GET":
            return get_stream() if not calls else http(405)
        basic = mcp_basics(req, [READ, SEND])
        if basic is not None:
            return basic
        calls.append(req.json()["id"])
        go.set()
        return held.answer("call")

    evil = servers(mcp)
    c = Cordon(harness, f"{evil.origin}/mcp")
    try:
        c.start()
        got = c.call("read_inbox", {})
        assert "inbox" in json.dumps(got)
        assert held.wait_closed("call"), held.closed
    finally:
        c.close()


def test_an_answer_the_client_cancelled_is_closed(
    harness: Harness, servers: Any, held: Held
) -> None:
    """The call's stream never brings its response; the client gives up and cancels it
    (the cancel is forwarded): closed."""
    cancels: list[Any] = []

    def mcp(req: Req) -> Answer:
        msg = req.json()
        if msg.get("method") == "notifications/cancelled":
            cancels.append(msg["params"]["requestId"])
        basic = mcp_basics(req, [READ, SEND])
        if basic is not None:
            return basic
        return held.answer("call")

    evil = servers(mcp)
    c = Cordon(harness, f"{evil.origin}/mcp")
    try:
        c.start()
        rid = c.request("tools/call", {"name": "read_inbox", "arguments": {}})
        deadline = time.monotonic() + 10
        while "call" not in held.opened and time.monotonic() < deadline:
            time.sleep(0.05)
        c.send({"jsonrpc": "2.0", "method": "notifications/cancelled",
                "params": {"requestId": rid, "reason": "timeout"}})  # fmt: skip
        assert held.wait_closed("call"), held.closed
        assert cancels == [rid]
        assert "result" in c.ask("tools/list", {})  # the session goes on
    finally:
        c.close()


def test_an_event_stream_answering_a_notification_is_not_read(
    harness: Harness, servers: Any, held: Held
) -> None:
    """``notifications/initialized`` answered with an open event stream (MCP: 202, no
    body): closed at once, a message on it never reaches the client, and that is said on
    stderr and in one ``upstream`` record."""
    note = {"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "info", "data": "from a notification's answer"}}  # fmt: skip

    def mcp(req: Req) -> Answer:
        msg = req.json()
        if req.method == "POST" and msg.get("method") == "notifications/initialized":
            return held.answer("initialized", b"data: " + json.dumps(note).encode() + b"\n\n")
        if req.method == "POST" and msg.get("method") == "initialize":
            info = {"name": "remote", "version": "1"}
            res = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}, "logging": {}},
                   "serverInfo": info}  # fmt: skip
            return http(200, result(msg["id"], res))
        return mcp_basics(req, [READ, SEND]) or http(200, text(msg["id"], "inbox"))

    evil = servers(mcp)
    c = Cordon(harness, f"{evil.origin}/mcp")
    try:
        c.start()
        assert held.wait_closed("initialized"), held.closed
        c.ask("tools/list", {})
    finally:
        err = c.close()
    assert not [m for m in c.seen if m.get("method") == "notifications/message"]
    assert "not read" in err
    events = [r["event"] for r in harness.records("upstream")]
    assert events.count("answer_not_read") == 1, events
