"""DNS rebinding and cross-origin requests against ``cordon serve --http`` (MCP transport
spec, Streamable HTTP: servers MUST validate the Origin header; bound to localhost, a page of
any site whose name was rebound to 127.0.0.1 must not be served).

The SDK turns its Host and Origin checks on by itself only when the listening address is
spelled exactly ``127.0.0.1``, ``localhost`` or ``::1``. ``cordon serve`` accepted every
other loopback spelling (``127.0.0.2``, ``LOCALHOST``) as loopback, said "loopback only", and
served a request whose Host and Origin named another site: a browser page could decide calls
in any session, add trusted text to it and read the policy. With ``--allow-non-loopback``
no Origin was checked at all. Real ``cordon serve`` processes, the SDK client."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.conftest import cordon_exe
from tests.serve.test_serve_mcp import _free_port

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

EVIL = "http://evil.example"


@contextmanager
def _serving(tmp: Path, bind: str, port: int, *extra: str) -> Iterator[str]:
    """A real ``cordon serve --http bind:port``, up once stderr says it listens."""
    err = tmp / f"serve-{port}.err"
    with err.open("wb") as sink:
        proc = subprocess.Popen(
            [*cordon_exe(), "serve", "--http", f"{bind}:{port}", *extra],
            env={**os.environ, "HOME": str(tmp)},
            stdout=subprocess.DEVNULL,
            stderr=sink,
        )
    try:
        deadline = time.monotonic() + 30
        while b"listening on" not in err.read_bytes():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(err.read_text())
            time.sleep(0.05)
        yield err.read_text()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def _served(url: str, headers: dict[str, str]) -> bool:
    """Whether the SDK client, sending ``headers`` on every request, is answered: it connects
    and decides a call (False: the server refused the request)."""
    async with httpx2.AsyncClient(headers=headers, timeout=20) as http:
        try:
            transport = streamable_http_client(url, http_client=http)
            async with Client(transport, mode="legacy", cache=None) as client:  # type: ignore[arg-type]
                r = await client.call_tool("check_tool_call", {"tool": "read_inbox"})
                return r.structured_content is not None
        except Exception:  # noqa: BLE001 - a refused request surfaces as the SDK's error
            return False


@pytest.mark.parametrize(
    ("bind", "connect"), [("127.0.0.2", "127.0.0.2"), ("LOCALHOST", "127.0.0.1")]
)
async def test_a_rebound_name_is_refused_on_every_loopback_spelling(
    tmp_path: Path, bind: str, connect: str
) -> None:
    port = _free_port()
    url = f"http://{connect}:{port}/mcp"
    with _serving(tmp_path, bind, port) as said:
        assert "loopback only" in said
        assert await _served(url, {})  # the client's own requests: no Origin, a loopback Host
        assert await _served(url, {"Origin": f"http://localhost:{port}"})
        # a page of evil.example whose name now resolves to this address
        assert not await _served(url, {"Host": f"evil.example:{port}"})
        assert not await _served(url, {"Origin": f"{EVIL}:{port}"})
        assert not await _served(url, {"Origin": "null"})  # a sandboxed frame, a file page


async def test_a_non_loopback_listener_still_checks_origin(tmp_path: Path) -> None:
    """``--allow-non-loopback``: what authenticates in front cannot tell a browser's request
    from its user's, so a page of another site is refused by its Origin; a client that sends
    none (every MCP client but a browser) is served."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    with _serving(tmp_path, "0.0.0.0", port, "--allow-non-loopback") as said:  # noqa: S104
        assert "NOT loopback" in said
        assert await _served(url, {})
        assert await _served(url, {"Origin": f"http://127.0.0.1:{port}"})
        assert not await _served(url, {"Origin": EVIL})
        assert not await _served(url, {"Origin": f"http://127.0.0.1:{port}.evil.example"})


def test_an_origin_port_is_ascii_digits_only() -> None:
    from cordon._serve_mcp import _LoopbackOrigins

    gate = _LoopbackOrigins(app=None)
    assert gate._allowed("http://127.0.0.1:8080")
    assert gate._allowed("http://localhost")
    for origin in ("http://127.0.0.1:\u00b2", "http://127.0.0.1:\u0663", "http://127.0.0.1:"):
        assert not gate._allowed(origin), origin
