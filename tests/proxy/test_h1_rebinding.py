"""DNS rebinding of ``cordon run --url``'s host name (:mod:`cordon.proxy.h1`): a remote
server's operator owns its DNS, so the name that resolved to a public address when the
session began can resolve to ``127.0.0.1`` or ``169.254.169.254`` for the next connection,
and cordon would send the client's requests, with the entry's headers (its bearer token),
to a service of this machine or the cloud metadata endpoint. Each connection resolves the
name once, is refused when the answer names a metadata address, mixes public and local
addresses, or crosses between them since the first answer, and connects to the address it
vetted (no second lookup between the check and the connection).

The resolver is a stub (the loop's ``getaddrinfo``): every "address" is served by one local
test server, and the test reads which address each connection was made to."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from cordon.proxy.h1 import H1Error, H1Pool
from cordon.proxy.http import HttpUpstream

NAME = "mcp.rebind.test"
#: the real resolver and connector (the stubs replace them for the test's duration)
_REAL_GAI = asyncio.base_events.BaseEventLoop.getaddrinfo
_REAL_OPEN = asyncio.open_connection
_OK = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}"


class _Dns:
    """Answers for ``NAME`` in turn (the last one repeats); which address each connection
    went to (``connected``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *answers: list[str]) -> None:
        self.answers = list(answers)
        self.connected: list[str] = []
        self.port = 0

        async def getaddrinfo(loop: Any, host: Any, port: Any, *a: Any, **kw: Any) -> Any:
            if host != NAME:
                return await _REAL_GAI(loop, host, port, *a, **kw)
            found = self.answers[0] if len(self.answers) == 1 else self.answers.pop(0)
            return [
                (
                    socket.AF_INET6 if ":" in ip else socket.AF_INET,
                    socket.SOCK_STREAM,
                    6,
                    "",
                    (ip, port, 0, 0) if ":" in ip else (ip, port),
                )
                for ip in found
            ]

        async def open_connection(host: str, port: int, **kw: Any) -> Any:
            loop = asyncio.get_running_loop()
            infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            self.connected.append(str(infos[0][4][0]))
            # every address of the stub is this machine's test server
            return await _REAL_OPEN("127.0.0.1", self.port, limit=kw.get("limit", 65536))

        monkeypatch.setattr(asyncio.base_events.BaseEventLoop, "getaddrinfo", getaddrinfo)
        monkeypatch.setattr(asyncio, "open_connection", open_connection)


async def _server(dns: _Dns) -> asyncio.Server:
    async def handle(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        head = await r.readuntil(b"\r\n\r\n")
        length = next(
            (
                int(x.split(b":")[1])
                for x in head.split(b"\r\n")
                if x.lower().startswith(b"content-length:")
            ),
            0,
        )
        await r.readexactly(length)
        w.write(_OK)
        await w.drain()
        w.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    dns.port = server.sockets[0].getsockname()[1]
    return server


async def _post(pool: H1Pool) -> int:
    resp = await pool.request("POST", {"content-type": "application/json"}, b"{}")
    try:
        async for _ in resp.aiter_bytes():
            pass
    finally:
        resp.aclose()
    return resp.status_code


def _run(
    dns: _Dns, test: Callable[[H1Pool], Awaitable[None]], url: str = f"http://{NAME}:8080/mcp"
) -> None:
    async def go() -> None:
        server = await _server(dns)
        pool = H1Pool(url, {"Authorization": "Bearer k"})
        try:
            await test(pool)
        finally:
            await pool.aclose()
            server.close()

    asyncio.run(asyncio.wait_for(go(), 20))


@pytest.mark.parametrize("later", ["169.254.169.254", "127.0.0.1", "10.0.0.7", "::1", "0.0.0.0"])
def test_a_public_name_rebound_to_a_local_address_is_not_connected(
    monkeypatch: pytest.MonkeyPatch, later: str
) -> None:
    dns = _Dns(monkeypatch, ["93.184.216.34"], [later])

    async def test(pool: H1Pool) -> None:
        assert await _post(pool) == 200
        with pytest.raises(H1Error) as info:
            await _post(pool)
        assert info.value.kind == "connect"
        assert "rebinding" in str(info.value) or "metadata" in str(info.value)

    _run(dns, test)
    assert dns.connected == ["93.184.216.34"]


#: IPv6 forms that carry an IPv4 address a translator or tunnel delivers to (NAT64's
#: well-known and local-use prefixes, 6to4, SIIT's IPv4-translated, the deprecated
#: IPv4-compatible form): 127.0.0.1, 10.0.0.7 or the metadata address behind a global-looking
#: IPv6 one, which an IPv6-only host with DNS64/NAT64 (a cloud's IPv6-only subnet) connects to
_EMBEDDED = [
    "64:ff9b::7f00:1",
    "64:ff9b::a00:7",
    "64:ff9b:1::a00:7",
    "2002:7f00:1::1",
    "::7f00:1",
    "::ffff:0:7f00:1",
]


@pytest.mark.parametrize("later", _EMBEDDED)
def test_a_public_name_rebound_to_a_local_ipv4_inside_an_ipv6_address_is_not_connected(
    monkeypatch: pytest.MonkeyPatch, later: str
) -> None:
    dns = _Dns(monkeypatch, ["93.184.216.34"], [later])

    async def test(pool: H1Pool) -> None:
        assert await _post(pool) == 200
        with pytest.raises(H1Error, match="rebinding"):
            await _post(pool)

    _run(dns, test)
    assert dns.connected == ["93.184.216.34"]


def test_a_name_that_resolves_to_a_metadata_address_is_never_connected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for first in (
        ["169.254.169.254"],
        ["fd00:ec2::254"],
        ["::ffff:169.254.169.254"],
        ["64:ff9b::a9fe:a9fe"],
        ["2002:a9fe:a9fe::"],
    ):
        dns = _Dns(monkeypatch, first)

        async def test(pool: H1Pool) -> None:
            with pytest.raises(H1Error, match="metadata") as info:
                await _post(pool)
            assert info.value.kind == "connect"

        _run(dns, test)
        assert dns.connected == []


def test_an_answer_mixing_public_and_local_addresses_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The multiple-answer form of rebinding: a public address and ``127.0.0.1`` together,
    the public one then made unreachable so the client falls through to the local one."""
    dns = _Dns(monkeypatch, ["93.184.216.34", "127.0.0.1"])

    async def test(pool: H1Pool) -> None:
        with pytest.raises(H1Error, match="rebinding"):
            await _post(pool)

    _run(dns, test)
    assert dns.connected == []


def test_answers_that_stay_public_or_stay_local_are_connected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A CDN's rotating public addresses, a company server's private ones, ``localhost``."""
    for answers in (
        (["93.184.216.34"], ["93.184.216.35", "2606:2800:220:1::1"]),
        (["93.184.216.34"], ["64:ff9b::5db8:d823"]),  # the same public address over NAT64
        (["10.0.0.5"], ["10.0.0.6"]),
        (["127.0.0.1", "::1"], ["::1"]),
    ):
        dns = _Dns(monkeypatch, *answers)

        async def test(pool: H1Pool) -> None:
            assert await _post(pool) == 200
            assert await _post(pool) == 200

        _run(dns, test)
        assert dns.connected == [answers[0][0], answers[1][0]]


def test_the_login_flows_client_holds_the_servers_name_to_the_same_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The OAuth flow's own client (``httpx2``: a run's first request on a stored login, the
    request after a refresh, both carrying the bearer token) connects to the server's host
    through the pool's check; another host (an authorization server's) is connected as is."""
    import httpx2
    from httpcore2._backends.auto import AutoBackend

    from cordon.proxy.vetted_client import vetted_client

    dns = _Dns(monkeypatch, ["93.184.216.34"], ["169.254.169.254"])
    real_connect = AutoBackend.connect_tcp

    async def connect_tcp(backend: Any, host: str, port: int, *a: Any, **kw: Any) -> Any:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
        dns.connected.append(str(infos[0][4][0]))
        return await real_connect(backend, "127.0.0.1", dns.port, *a, **kw)

    monkeypatch.setattr(AutoBackend, "connect_tcp", connect_tcp)

    async def go() -> None:
        server = await _server(dns)
        pool = H1Pool(f"http://{NAME}:8080/mcp")
        client = vetted_client(pool, httpx2.Timeout(5.0), None, {})
        try:
            ok = await client.post(f"http://{NAME}:8080/mcp", content=b"{}")
            assert ok.status_code == 200
            with pytest.raises(H1Error, match="metadata"):
                await client.post(f"http://{NAME}:8080/mcp", content=b"{}")
            other = await client.post("http://127.0.0.1:8080/token", content=b"{}")
            assert other.status_code == 200  # (the stub serves every address)
        finally:
            await client.aclose()
            server.close()

    asyncio.run(asyncio.wait_for(go(), 20))
    assert dns.connected == ["93.184.216.34", "127.0.0.1"]


def test_a_url_with_a_non_ascii_path_is_held_to_the_same_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The lean client took no URL whose path or query was not ASCII, and ``cordon run --url``
    then sent every request through the default HTTP client, which looks the name up again
    for each connection unchecked: the server's operator chose the URL (``/mcp/ü``) and its
    DNS. The path goes out percent-encoded as UTF-8, as that client and browsers send it."""
    url = f"http://{NAME}:8080/mcp/\u00fc?q=\u00e9"
    up = HttpUpstream(url, headers={"Authorization": "Bearer k"})
    asyncio.run(up.start(None))  # type: ignore[arg-type]
    assert up.h1 is not None and up.client is None
    assert up.h1.target == b"/mcp/%C3%BC?q=%C3%A9"
    dns = _Dns(monkeypatch, ["93.184.216.34"], ["127.0.0.1"])

    async def test(pool: H1Pool) -> None:
        assert await _post(pool) == 200
        with pytest.raises(H1Error, match="rebinding"):
            await _post(pool)

    _run(dns, test, url)
    assert dns.connected == ["93.184.216.34"]
