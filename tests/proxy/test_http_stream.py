"""The handshake era's GET stream of ``cordon run --url`` (:class:`cordon.proxy.http.HttpUpstream`):
opened after ``notifications/initialized``, and opened again when it ends or breaks, so a
server's own messages (``notifications/tools/list_changed`` among them) still arrive after a
proxy's idle timeout; a server without one (405) is not asked again."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import pytest

from cordon.proxy import http
from cordon.proxy.http import HttpUpstream

CHANGED = b'{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}'
LOGGED = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}'


class _Transport:
    """What ``HttpUpstream`` calls on its transport: the server frames it hands on."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.core = self  # what HttpUpstream asks the core: nothing is pending here

    def awaiting(self, rid: Any) -> bool:
        return False

    def from_upstream(self, item: Any) -> None:
        self.frames.append(bytes(item))


async def _server(gets: list[bytes | None]) -> tuple[asyncio.Server, list[str]]:
    """Answers initialize (session ``s1``) and notifications/initialized; the n-th GET gets
    ``gets[n]``: an SSE body then the end of the answer, ``None`` for 405, and past the list
    an SSE stream that stays open. Returns the server and the request lines it saw."""
    seen: list[str] = []

    async def handle(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await r.readuntil(b"\r\n\r\n")
                line = head.split(b"\r\n", 1)[0].decode()
                length = 0
                for h in head.split(b"\r\n"):
                    if h.lower().startswith(b"content-length:"):
                        length = int(h.split(b":")[1])
                body = await r.readexactly(length)
                seen.append(line)
                if line.startswith("POST") and b'"initialize"' in body:
                    out = b'{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18"}}'
                    w.write(
                        b"HTTP/1.1 200 OK\r\nmcp-session-id: s1\r\ncontent-type: application/json"
                        b"\r\ncontent-length: %d\r\n\r\n%s" % (len(out), out)
                    )
                elif line.startswith("POST"):
                    w.write(b"HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\n\r\n")
                else:
                    n = sum(x.startswith("GET") for x in seen) - 1
                    event = gets[n] if n < len(gets) else b"hold"
                    if event is None:
                        w.write(b"HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\n\r\n")
                    elif event == b"hold":
                        w.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n")
                        await w.drain()
                        await asyncio.sleep(3600)
                    else:
                        sse = b"data: " + event + b"\n\n"
                        w.write(
                            b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
                            b"content-length: %d\r\n\r\n%s" % (len(sse), sse)
                        )
                await w.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            w.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0), seen


async def _session(gets: list[bytes | None]) -> tuple[_Transport, list[str]]:
    server, seen = await _server(gets)
    port = server.sockets[0].getsockname()[1]
    up = HttpUpstream(f"http://127.0.0.1:{port}/mcp")
    t = _Transport()
    await up.start(t)  # type: ignore[arg-type]
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
    up.send(orjson.dumps(init))
    up.send(orjson.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    await asyncio.sleep(0.6)
    await up.close()
    server.close()
    return t, seen


@pytest.fixture(autouse=True)
def _quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http, "LISTEN_RETRY_S", 0.05)


def test_a_get_stream_that_ends_is_opened_again() -> None:
    t, seen = asyncio.run(_session([LOGGED, CHANGED]))
    assert LOGGED in t.frames and CHANGED in t.frames  # both streams were read
    assert [x.split()[0] for x in seen].count("GET") == 3  # and a third one stays open


def test_a_server_without_a_get_stream_is_not_asked_again() -> None:
    _, seen = asyncio.run(_session([None]))
    assert [x.split()[0] for x in seen].count("GET") == 1
