"""A legacy HTTP+SSE server (``cordon run --sse --url``) behind OAuth names its message
endpoint with a path that starts with ``//``: on the URL's origin by scheme, host and port,
but joined again to the URL as a reference (RFC 3986 5.2) that path is a network-path
reference naming another host. The POSTs must stay on the URL's origin (MCP
basic/transports, "Backwards Compatibility": the endpoint is the server's own), so that
neither the OAuth bearer nor a ``--header-env`` credential, nor a request of cordon's
process (SSRF), goes where the server points."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable

import pytest

from tests.conftest import Harness
from tests.e2e.test_redteam_remote import (
    ACCESS,
    LEGACY,
    Answer,
    Cordon,
    Req,
    Scripted,
    _stored_login,
    http,
    mcp_basics,
    sse_head,
)

pytestmark = [pytest.mark.e2e]

KEY = "k-sse-endpoint-7d2f9a4c1e8b3f6a"


def test_a_double_slash_endpoint_sends_nothing_to_another_host(harness: Harness) -> None:
    release = threading.Event()
    elsewhere = Scripted(lambda req: http(202))  # the host the endpoint's path names

    def mcp(req: Req) -> Answer:
        if req.method != "GET":
            return http(202)
        if "authorization" not in req.headers:  # the login's bearer carries the stream
            return http(401, b"", "text/plain", WWW_Authenticate="Bearer")
        where = f"{evil.origin}//127.0.0.1:{elsewhere.port}/messages?session_id=s1"

        def stream() -> Iterable[bytes]:
            yield sse_head() + f"event: endpoint\ndata: {where}\n\n".encode()
            release.wait(30)

        return stream()

    evil = Scripted(mcp)
    url = f"{evil.origin}/sse"
    _stored_login(harness, url, None, 3600)
    extra = ["--sse", "--header-env", "X-Api-Key=SSE_KEY"]
    c = Cordon(harness, url, extra, CORDON_OAUTH_BROWSER="0", SSE_KEY=KEY)
    try:
        init = {"protocolVersion": LEGACY, "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
        c.request("initialize", init)
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline and not elsewhere.got:
            posted = [r for r in evil.got if r.method == "POST"]
            if posted:
                break
            time.sleep(0.1)
    finally:
        release.set()
        c.close()
        elsewhere.close()
        evil.close()
    sent = [
        (r.path, sorted(k for k in r.headers if k in ("authorization", "x-api-key")))
        for r in elsewhere.got
    ]
    assert not sent, f"POSTed to another host: {sent}"
    posted = [r for r in evil.got if r.method == "POST"]
    assert posted, "the initialize never reached the server's own origin"
    assert posted[0].path == f"//127.0.0.1:{elsewhere.port}/messages?session_id=s1"
    assert posted[0].headers.get("authorization") == f"Bearer {ACCESS}"
    assert posted[0].headers.get("x-api-key") == KEY


def test_a_same_origin_redirect_to_a_double_slash_path_stays_on_the_origin(
    harness: Harness,
) -> None:
    """The Streamable HTTP side of the same shape: a 307 within the origin to a path that
    starts with ``//`` is followed on the origin (the request line names that path), with the
    login's bearer and the header values going nowhere else."""
    elsewhere = Scripted(lambda req: http(202))

    def mcp(req: Req) -> Answer:
        if "authorization" not in req.headers:
            return http(401, b"", "text/plain", WWW_Authenticate="Bearer")
        if not req.path.startswith("//"):
            where = f"{evil.origin}//127.0.0.1:{elsewhere.port}/mcp"
            return http(307, b"", "text/plain", Location=where)
        basic = mcp_basics(req, [])
        return basic if basic is not None else http(202)

    evil = Scripted(mcp)
    url = f"{evil.origin}/mcp"
    _stored_login(harness, url, None, 3600)
    extra = ["--header-env", "X-Api-Key=SSE_KEY"]
    c = Cordon(harness, url, extra, CORDON_OAUTH_BROWSER="0", SSE_KEY=KEY)
    try:
        init = {"protocolVersion": LEGACY, "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
        assert "result" in c.ask("initialize", init)
        assert "result" in c.ask("tools/list", {})
    finally:
        c.close()
        elsewhere.close()
        evil.close()
    assert not elsewhere.got, [r.path for r in elsewhere.got]
    moved = [r for r in evil.got if r.path.startswith("//")]
    assert moved and all(r.headers.get("x-api-key") == KEY for r in moved)
