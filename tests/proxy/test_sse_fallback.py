"""``cordon run --url``'s fallback to the legacy HTTP+SSE transport (MCP basic/transports,
"Backwards Compatibility"): only an ``initialize`` refused with 400, 404 or 405, before any
Streamable HTTP answer, is handed over (:func:`cordon.proxy.http_session.may_fall_back`,
:func:`~cordon.proxy.http_session.legacy`); :class:`cordon.proxy.sse.FallbackUpstream`
then sends it, and what the client sends meanwhile, in order, over the legacy transport, or
fails it and ends the session when that transport cannot start."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import pytest

from cordon.proxy.http import HttpUpstream
from cordon.proxy.http_session import may_fall_back
from cordon.proxy.sse import FallbackUpstream, SseUpstream

INIT = orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
ERROR = b'{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unsupported version"}}'


class _Core:
    def __init__(self) -> None:
        self.failed: list[tuple[Any, str]] = []
        self.events: list[tuple[str, str]] = []

    def awaiting(self, rid: Any) -> bool:
        return True

    def upstream_failed(self, rid: Any, message: str) -> list[Any]:
        self.failed.append((rid, message))
        return []

    def upstream_event(self, event: str, reason: str, **extra: Any) -> list[Any]:
        self.events.append((event, reason))
        return []


class _Transport:
    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.core = _Core()

    def from_upstream(self, item: Any) -> None:
        self.frames.append(bytes(item))

    def feed(self, actions: list[Any]) -> None:
        pass


def _up() -> HttpUpstream:
    up = HttpUpstream("http://127.0.0.1:1/sse")
    up.fallback = lambda data, code: None
    return up


@pytest.mark.parametrize(
    ("code", "ok"),
    [
        (400, True),
        (404, True),
        (405, True),
        (401, False),
        (403, False),
        (410, False),
        (500, False),
        (502, False),
        (307, False),
        (200, False),
    ],  # fmt: skip
)
def test_only_400_404_and_405_mark_a_legacy_server(code: int, ok: bool) -> None:
    assert may_fall_back(_up(), code) is ok


def test_no_fallback_once_the_server_spoke_streamable_http_or_without_a_taker() -> None:
    spoke, session, renewing, none = _up(), _up(), _up(), _up()
    spoke.spoke = True
    session.session_id = "s1"
    renewing.init = ({}, {})
    none.fallback = None
    assert not any(may_fall_back(up, 405) for up in (spoke, session, renewing, none))


async def _answering(status: bytes, kind: bytes, body: bytes) -> tuple[asyncio.Server, list[str]]:
    """A server answering every request with ``status``; the request lines it saw."""
    seen: list[str] = []

    async def handle(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await r.readuntil(b"\r\n\r\n")
                seen.append(head.split(b"\r\n", 1)[0].decode())
                length = 0
                for h in head.split(b"\r\n"):
                    if h.lower().startswith(b"content-length:"):
                        length = int(h.split(b":")[1])
                await r.readexactly(length)
                w.write(
                    b"HTTP/1.1 %s\r\ncontent-type: %s\r\ncontent-length: %d\r\n\r\n%s"
                    % (status, kind, len(body), body)
                )
                await w.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            w.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0), seen


async def _initialize(status: bytes, kind: bytes, body: bytes) -> tuple[Any, ...]:
    server, seen = await _answering(status, kind, body)
    port = server.sockets[0].getsockname()[1]
    up = HttpUpstream(f"http://127.0.0.1:{port}/sse")
    handed: list[tuple[bytes, int]] = []
    up.fallback = lambda data, code: handed.append((data, code))
    t = _Transport()
    await up.start(t)  # type: ignore[arg-type]
    up.send(INIT)
    await asyncio.sleep(0.3)
    await up.close()
    server.close()
    return up, t, handed, seen


def test_a_405_to_the_initialize_post_is_handed_to_the_legacy_transport() -> None:
    up, t, handed, seen = asyncio.run(_initialize(b"405 Method Not Allowed", b"text/plain", b"x"))
    assert handed == [(INIT, 405)]
    assert t.frames == [] and t.core.failed == []  # the legacy transport answers it
    assert seen == ["POST /sse HTTP/1.1"]  # (the GET is the legacy transport's own)


def test_a_json_rpc_error_in_a_400_is_a_streamable_http_answer() -> None:
    """A Streamable HTTP server refusing the version answers 400 with a JSON-RPC error: that
    is its answer, relayed, and the server is never downgraded from then on."""
    up, t, handed, _ = asyncio.run(_initialize(b"400 Bad Request", b"application/json", ERROR))
    assert handed == []
    assert t.frames == [ERROR]
    assert up.spoke


def test_a_500_fails_the_initialize_without_a_fallback() -> None:
    up, t, handed, _ = asyncio.run(_initialize(b"500 Oops", b"text/plain", b"IGNORE ALL"))
    assert handed == []
    assert [rid for rid, _ in t.core.failed] == [1]
    assert "IGNORE" not in t.core.failed[0][1]
    assert up.spoke


class _Legacy:
    """A legacy transport whose start takes a while (or fails)."""

    def __init__(self, ok: bool) -> None:
        self.ok = ok
        self.sent: list[bytes] = []
        self.failure = "http://x/sse did not name a message endpoint on its own origin first"
        self.closed = False

    async def start(self, t: Any) -> bool:
        await asyncio.sleep(0.05)
        self.ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        return self.ok

    def send(self, data: bytes) -> None:
        self.sent.append(data)

    def reading(self, on: bool) -> None:
        pass

    async def close(self) -> None:
        self.closed = True


async def _fall_back(ok: bool) -> tuple[FallbackUpstream, _Legacy, _Transport]:
    legacy = _Legacy(ok)
    up = FallbackUpstream(_up(), lambda: legacy)  # type: ignore[arg-type,return-value]
    t = _Transport()
    await up.start(t)  # type: ignore[arg-type]
    assert up.http.fallback is not None
    up.http.fallback(INIT, 404)
    up.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    up.send(b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}')
    await asyncio.sleep(0.2)
    up.http.fallback(INIT, 404)  # (a second hand-over is ignored)
    await asyncio.sleep(0.1)
    return up, legacy, t


def test_frames_sent_while_the_legacy_stream_opens_follow_the_initialize_in_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    up, legacy, t = asyncio.run(_fall_back(True))
    assert legacy.sent == [
        INIT,
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}',
        b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
    ]
    assert [e for e, _ in t.core.events] == ["sse_fallback"]  # one audit record
    assert "HTTP 404" in t.core.events[0][1]
    assert "falling back" in capsys.readouterr().err
    assert not up.ended.done()


def test_a_legacy_stream_that_cannot_open_fails_the_initialize_and_ends() -> None:
    up, legacy, t = asyncio.run(_fall_back(False))
    assert legacy.sent == []  # nothing sent anywhere
    assert [rid for rid, _ in t.core.failed] == [1, 2]
    assert "own origin" in t.core.failed[0][1]
    assert up.ended.done()
    # the start failed: recorded as a --sse start that cannot open its stream is
    assert [e for e, _ in t.core.events] == ["sse_fallback", "start_failed"]
    assert "failed" in t.core.events[0][1]
    assert "own origin" in t.core.events[1][1]


def test_a_refusal_that_names_a_session_is_streamable_http() -> None:
    """A 405 carrying ``Mcp-Session-Id`` comes from a Streamable HTTP server: no fallback."""
    up, t, handed, _ = asyncio.run(
        _initialize(b"405 No\r\nmcp-session-id: s-1", b"text/plain", b"x")
    )
    assert handed == []
    assert [rid for rid, _ in t.core.failed] == [1]


async def _legacy_get(status: bytes) -> str | None:
    """Why a legacy stream whose GET is answered with ``status`` failed to start."""
    server, _ = await _answering(status, b"text/plain", b"x")
    port = server.sockets[0].getsockname()[1]
    up = SseUpstream(f"http://127.0.0.1:{port}/wrong")
    ok = await up.start(_Transport())  # type: ignore[arg-type]
    server.close()
    assert not ok
    return up.failure


def test_a_404_to_the_legacy_get_says_to_check_the_path_not_a_cut_authorization_hint() -> None:
    """A mistyped path: the Streamable HTTP POST got a 404, so did the legacy GET. The reason
    the client and the audit read says so whole (it ended in a cut sentence about
    authorization, true only of a 401)."""
    failure = asyncio.run(_legacy_get(b"404 Not Found"))
    assert failure is not None and failure.endswith("check the URL's path)")
    assert "authorization" not in failure


def test_a_401_to_the_legacy_get_says_how_to_carry_a_credential() -> None:
    failure = asyncio.run(_legacy_get(b"401 Unauthorized"))
    assert failure is not None and failure.endswith("--header can carry a static credential)")
