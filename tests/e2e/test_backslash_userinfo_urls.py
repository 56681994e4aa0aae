"""A URL that two kinds of parser send to two hosts: ``http://docs.example.com\\@HOST/``.

Attack class: URL parser differential (Orange Tsai, "A New Era of SSRF", Black Hat USA 2017).
A WHATWG parser (browsers, Node's ``fetch``, Python ``requests``) reads the ``\\`` as ``/``:
a request to ``docs.example.com``, the host the user named. RFC 3986 ends the authority at
``/``, ``?`` or ``#`` only, so ``httpx`` and Python's ``urlsplit`` take everything before the
last ``@`` as userinfo: the request goes to HOST. cordon read only the first: through a
server that fetches with httpx, ``HOST`` = ``localhost:PORT`` reached a loopback service
(``egress.private_address`` in any other spelling), and a host with no name
(``16909060``, which ``getaddrinfo`` reads as 1.2.3.4) reached an address no one named
(``taint.unverified_destination`` in any other spelling).

Real processes: ``cordon run`` in front of an MCP server on the official SDK whose ``fetch``
hands the URL to httpx (tests/servers/httpx_fetch.py); a service on 127.0.0.1 stands for an
internal one, and an HTTP proxy on 127.0.0.1 (httpx's ``HTTP_PROXY``) for the web. The tests
assert on what reached them.
"""

from __future__ import annotations

import http.server
import socketserver
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e.test_prompt_hook import _hook

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = Path(__file__).resolve().parents[1] / "servers" / "httpx_fetch.py"
TRUSTED = "docs.example.com"


class _Seen(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.server.seen.append(self.path)  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *_: Any) -> None:
        pass


def _serve() -> Any:
    srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Seen)
    srv.daemon_threads = True
    srv.seen = []  # type: ignore[attr-defined]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


@pytest.fixture
def sites() -> Iterator[tuple[Any, Any]]:
    """``(internal, web)``: a service on loopback, and the proxy every other request goes
    through (its ``seen`` holds the absolute URLs asked for)."""
    internal, web = _serve(), _serve()
    yield internal, web
    for srv in (internal, web):
        srv.shutdown()
        srv.server_close()


def _params(harness: Harness, web: Any) -> Any:
    policy = harness.policy({"version": 1, "packs": ["http"]})
    proxy = f"http://127.0.0.1:{web.server_address[1]}"
    env = {"HTTP_PROXY": proxy, "http_proxy": proxy, "NO_PROXY": "localhost,127.0.0.1"}
    env["no_proxy"] = env["NO_PROXY"]
    return harness.cordon([sys.executable, str(SERVER)], policies=[policy], env=env)


async def _fetch(harness: Harness, web: Any, urls: list[str]) -> list[Any]:
    """Each URL fetched through ``cordon run`` after the user asked for the trusted page."""
    async with Client(_params(harness, web), mode="legacy") as client:
        await client.list_tools()
        done = _hook(harness, f"Summarise http://{TRUSTED}/guide for me.")
        assert done.returncode == 0, done.stderr.decode()
        return [await client.call_tool("fetch", {"url": url}) for url in urls]


async def test_a_loopback_service_behind_the_named_host_is_refused(
    harness: Harness, sites: tuple[Any, Any]
) -> None:
    internal, web = sites
    port = internal.server_address[1]
    (r,) = await _fetch(harness, web, [f"http://{TRUSTED}\\@localhost:{port}/admin"])
    assert r.is_error and "egress.private_address" in text_of(r), text_of(r)
    assert internal.seen == []


async def test_an_address_no_one_named_behind_the_named_host_is_asked(
    harness: Harness, sites: tuple[Any, Any]
) -> None:
    """``16909060`` is 1.2.3.4 to ``getaddrinfo``; planted nowhere, named by no one. A
    backslash in the path or the query leaves the host as it is for every parser."""
    internal, web = sites
    near = [
        f"http://{TRUSTED}/guide",
        f"http://{TRUSTED}/guide\\intro",
        f"http://{TRUSTED}/search?q=a\\b@c",
    ]
    bad, *ok = await _fetch(harness, web, [f"http://{TRUSTED}\\@16909060/k-0001", *near])
    assert bad.is_error and "taint.unverified_destination" in text_of(bad), text_of(bad)
    for url, r in zip(near, ok, strict=True):
        assert not r.is_error and text_of(r) == "ok", (url, text_of(r))
    assert not any("16909060" in p or "k-0001" in p for p in web.seen), web.seen
    assert [p.split("/", 3)[2] for p in web.seen] == [TRUSTED] * 3, web.seen
    assert internal.seen == []
