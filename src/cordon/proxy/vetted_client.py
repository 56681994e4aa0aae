"""The HTTP client of an OAuth login's flow (``httpx2``), its connections to the remote
server held to the lean client's DNS rebinding check (:meth:`cordon.proxy.h1.H1Pool.addresses`).

With a stored login the flow sends a run's first request to the server itself, and the
request after a token refresh: the server's bearer token and the entry's headers go on it.
Through the default transport each connection looks the host name up again, so a server
whose operator rebinds its name would have them sent to this machine or the cloud metadata
endpoint. A connection to the server's host and port goes to an address of the name's
answer that the pool vetted, the certificate still checked against the name (``httpcore2``
starts TLS with the request's host); a connection anywhere else (an authorization server
on another host, an HTTP proxy from the environment) is made as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import httpcore2
import httpx2
from httpcore2._backends.auto import AutoBackend

from cordon.proxy.h1 import H1Pool

__all__ = ["vetted_client"]


class _Vetted(AutoBackend):
    def __init__(self, pool: H1Pool) -> None:
        self.pool = pool

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore2.AsyncNetworkStream:
        if host.strip("[]").lower() != self.pool.host.lower() or port != self.pool.port:
            return await super().connect_tcp(host, port, timeout, local_address, socket_options)
        addresses = await self.pool.addresses()
        for i, address in enumerate(addresses):
            try:
                return await super().connect_tcp(
                    address, port, timeout, local_address, socket_options
                )
            except httpcore2.ConnectError:
                if i == len(addresses) - 1:
                    raise
        raise httpcore2.ConnectError("no address")  # (addresses is never empty)


def vetted_client(
    pool: H1Pool | None, timeout: httpx2.Timeout, auth: Any, headers: dict[str, str]
) -> httpx2.AsyncClient:
    """The flow's client (no redirects followed), its connections to ``pool``'s origin vetted;
    with no pool (a URL the lean client cannot take) the default one."""
    transport = httpx2.AsyncHTTPTransport()
    if pool is not None:
        inner = getattr(transport, "_pool", None)
        if not isinstance(inner, httpcore2.AsyncConnectionPool):  # (fail closed: no login)
            raise TypeError("the HTTP client's connection pool is not the one expected")
        inner._network_backend = _Vetted(pool)
    # no content coding asked for, as the lean client asks for none: a server's answer is
    # read as the bytes it sent, never inflated (a compression bomb costs its own size)
    if not any(k.lower() == "accept-encoding" for k in headers):  # (an entry's own wins)
        headers = {"accept-encoding": "identity", **headers}
    return httpx2.AsyncClient(
        timeout=timeout, follow_redirects=False, auth=auth, headers=headers, transport=transport
    )
