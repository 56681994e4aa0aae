"""``cordon auth login``'s probe (it carries the fresh bearer token) connects to the server's
host through the same DNS rebinding check as ``cordon run --url``
(:mod:`cordon.proxy.vetted_client`): a name that resolves to a cloud metadata address is
not connected, and the command says why. The resolver is the stub of
``tests/proxy/test_h1_rebinding.py``."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import pytest

from tests.proxy.test_h1_rebinding import NAME, _Dns, _server


def test_the_login_probe_is_not_sent_to_a_metadata_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from httpcore2._backends.auto import AutoBackend

    from cordon.proxy.auth_commands import _login

    monkeypatch.setenv("HOME", str(tmp_path))
    dns = _Dns(monkeypatch, ["169.254.169.254"])
    real_connect = AutoBackend.connect_tcp

    async def connect_tcp(backend: Any, host: str, port: int, *a: Any, **kw: Any) -> Any:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
        dns.connected.append(str(infos[0][4][0]))
        return await real_connect(backend, "127.0.0.1", dns.port, *a, **kw)

    monkeypatch.setattr(AutoBackend, "connect_tcp", connect_tcp)

    async def go() -> int:
        server = await _server(dns)
        try:
            return await _login(f"http://{NAME}:8080/mcp", 5.0)
        finally:
            server.close()

    assert asyncio.run(asyncio.wait_for(go(), 20)) == 1
    assert dns.connected == []  # no connection made to the metadata address
    assert "metadata" in capsys.readouterr().err
