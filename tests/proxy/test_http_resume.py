"""SSE resumption in :class:`cordon.proxy.http.HttpUpstream` is bounded: a server that keeps
closing a request's stream after an event with an id, never sending the response, gets
``RESUME_MAX`` resuming GETs (each carrying the last id seen, after the server's ``retry``),
and the request then gets an error; one that was answered meanwhile is not failed."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import pytest

from cordon.proxy import http
from cordon.proxy.http import HttpUpstream


class _Core:
    """The core as the upstream sees it: request 7 waits until answered or failed."""

    def __init__(self) -> None:
        self.waiting = {7}
        self.failed: list[tuple[Any, str]] = []

    def awaiting(self, rid: Any) -> bool:
        return rid in self.waiting

    def upstream_failed(self, rid: Any, message: str) -> list[Any]:
        self.waiting.discard(rid)
        self.failed.append((rid, message))
        return []


class _Transport:
    def __init__(self) -> None:
        self.core = _Core()
        self.frames: list[bytes] = []

    def from_upstream(self, item: Any) -> None:
        self.frames.append(bytes(item))
        if b'"id":7' in bytes(item):
            self.core.waiting.discard(7)  # a response leaves the pending table on arrival

    def feed(self, actions: list[Any]) -> None:
        pass


async def _server(answer_at: int | None) -> tuple[asyncio.Server, list[str]]:
    """Every answer is an SSE stream with one event (id ``e<n>``, retry 1 ms) that then ends;
    the ``answer_at``-th request's stream carries the response to request 7 instead."""
    seen: list[str] = []

    async def handle(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await r.readuntil(b"\r\n\r\n")
                length = 0
                last = ""
                for h in head.split(b"\r\n")[1:]:
                    name, _, value = h.decode().partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                    if name.lower() == "last-event-id":
                        last = value.strip()
                await r.readexactly(length)
                seen.append(head.split(b" ", 1)[0].decode() + " " + last)
                n = len(seen)
                data = b'{"jsonrpc":"2.0","method":"notifications/message","params":{}}'
                if n == answer_at:
                    data = b'{"jsonrpc":"2.0","id":7,"result":{}}'
                sse = b"id: e%d\nretry: 1\ndata: %s\n\n" % (n, data)
                w.write(
                    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
                    b"content-length: %d\r\n\r\n%s" % (len(sse), sse)
                )
                await w.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            w.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0), seen


async def _call(answer_at: int | None) -> tuple[_Transport, list[str]]:
    server, seen = await _server(answer_at)
    port = server.sockets[0].getsockname()[1]
    up = HttpUpstream(f"http://127.0.0.1:{port}/mcp")
    t = _Transport()
    await up.start(t)  # type: ignore[arg-type]
    call = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "x"}}
    await up._post(orjson.dumps(call), call)
    await up.close()
    server.close()
    return t, seen


@pytest.fixture(autouse=True)
def _few_resumes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http, "RESUME_MAX", 4)


def test_resuming_is_bounded_and_then_the_request_fails() -> None:
    t, seen = asyncio.run(_call(None))
    assert seen == ["POST ", "GET e1", "GET e2", "GET e3", "GET e4"]
    ((rid, message),) = t.core.failed
    assert rid == 7 and "4 times without its response" in message


def test_a_resumed_stream_that_answers_ends_the_resuming() -> None:
    t, seen = asyncio.run(_call(3))
    assert seen == ["POST ", "GET e1", "GET e2"]
    assert t.frames[-1] == b'{"jsonrpc":"2.0","id":7,"result":{}}'
