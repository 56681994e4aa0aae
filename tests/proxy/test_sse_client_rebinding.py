"""``cordon run --sse`` behind OAuth: the flow's client carries the stream's GET and every
POST with the bearer token and the ``--header`` values, and it connects to the server's host
through the lean client's DNS rebinding check (:mod:`cordon.proxy.vetted_client`), as over
Streamable HTTP: a name the server's operator rebinds to a cloud metadata address (or this
machine) is not connected. The resolver is the stub of ``tests/proxy/test_h1_rebinding.py``."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

from cordon.proxy.h1 import H1Error, H1Pool
from tests.proxy.test_h1_rebinding import NAME, _Dns, _server


def test_the_legacy_flows_client_is_not_sent_to_a_rebound_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from httpcore2._backends.auto import AutoBackend

    from cordon.proxy.sse import _client

    dns = _Dns(monkeypatch, ["93.184.216.34"], ["169.254.169.254"])
    real_connect = AutoBackend.connect_tcp

    async def connect_tcp(backend: Any, host: str, port: int, *a: Any, **kw: Any) -> Any:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
        dns.connected.append(str(infos[0][4][0]))
        return await real_connect(backend, "127.0.0.1", dns.port, *a, **kw)

    monkeypatch.setattr(AutoBackend, "connect_tcp", connect_tcp)
    url = f"http://{NAME}:8080/sse"

    async def go() -> None:
        server = await _server(dns)
        pool = H1Pool(url)
        client = _client(None, {"X-Api-Key": "k"}, pool)  # type: ignore[arg-type]
        try:
            ok = await client.post(f"http://{NAME}:8080/messages", content=b"{}")
            assert ok.status_code == 200
            await client.aclose()  # a new connection: the name is looked up again
            client = _client(None, {"X-Api-Key": "k"}, pool)  # type: ignore[arg-type]
            with pytest.raises(H1Error, match="metadata"):
                await client.post(f"http://{NAME}:8080/messages", content=b"{}")
        finally:
            await client.aclose()
            server.close()

    asyncio.run(asyncio.wait_for(go(), 20))
    assert "169.254.169.254" not in dns.connected
