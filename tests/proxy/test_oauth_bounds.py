"""What a hostile server's login can make cordon read, show and ask for
(:mod:`cordon.proxy.oauth`): answers to the flow's own requests read within a cap, an
authorization address refused before it is printed or opened when it misleads, and the
RFC 8707 ``resource`` in every request of the flow. End to end:
``tests/e2e/test_redteam_oauth.py``."""

from __future__ import annotations

import gzip
from pathlib import Path

import httpx2
import pytest

from cordon.proxy import oauth as proxy_oauth
from cordon.proxy.http import LoginError

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("https://login.example.com/authorize?client_id=c&state=s", None),
        ("https://login.example.com@evil.example/authorize", "names a user"),
        ("https://u:p@login.example.com/authorize", "names a user"),
        ("https://login.example.com/" + "a" * 9000, "characters long"),
        ("https://login.example.com/\x1b[2Jx", "not printable ASCII"),
        ("https://login.example.com/a\nb", "not printable ASCII"),
        ("https://login.example.com/\u0430", "not printable ASCII"),
        # the page a person types a password into: TLS, but on loopback (OAuth 2.1 sec. 1.5)
        ("http://login.example.com/authorize?state=s", "clear text"),
        ("http://10.0.0.5/authorize?state=s", "clear text"),
        ("http://127.0.0.1:9000/authorize?state=s", None),
        ("http://localhost:9000/authorize?state=s", None),
        # another scheme is handed to another program (a file, a script, an app's handler)
        ("file:///etc/passwd", "not an https"),
        ("javascript:alert(1)//", "not an https"),
        ("vscode://ext/callback?state=s", "not an https"),
        ("//login.example.com/authorize", "not an https"),
    ],
)
def test_a_misleading_authorization_address_is_named(address: str, why: str | None) -> None:
    said = proxy_oauth._unshowable(address)
    assert (said is None) if why is None else (said is not None and why in said), said


async def _read(body: bytes, encoding: str | None = None) -> httpx2.Response:
    headers = {"content-encoding": encoding} if encoding else {}
    resp = httpx2.Response(200, headers=headers, stream=httpx2.ByteStream(body))
    await proxy_oauth._read_capped(resp, "https://mcp.example.com/mcp")
    return resp


async def test_an_answer_within_the_cap_is_read_once_for_the_sdk() -> None:
    resp = await _read(gzip.compress(b'{"issuer": "https://as.example"}'), "gzip")
    assert await resp.aread() == b'{"issuer": "https://as.example"}'
    assert resp.json() == {"issuer": "https://as.example"}


@pytest.mark.parametrize("encoding", [None, "gzip"])
async def test_an_answer_over_the_cap_is_refused(encoding: str | None) -> None:
    big = b"a" * (proxy_oauth.MAX_ANSWER_BYTES + 1)
    with pytest.raises(LoginError, match="size cap"):
        await _read(gzip.compress(big) if encoding else big, encoding)


async def test_every_request_of_the_flow_names_the_resource() -> None:
    """Even with no protected-resource metadata and no protocol version (an ``initialize``
    answered 401), where the SDK would leave it out."""
    provider = proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/nonexistent"))
    ctx = provider.context
    assert ctx.protected_resource_metadata is None
    assert ctx.should_include_resource_param(None)
    assert ctx.get_resource_url() == "https://mcp.example.com/mcp"


def test_the_sdk_s_words_in_a_login_error_are_printable_ascii() -> None:
    """An ``iss`` the authorization server put on the callback, quoted by the SDK."""
    from mcp.client.auth.exceptions import OAuthFlowError

    provider = proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/nonexistent"))
    said = provider._explain(OAuthFlowError("iss mismatch: \x1b[2J\r\nforged \u202e != x"))
    assert said.isascii() and said.isprintable(), said
    assert "\\x1b[2J\\r\\nforged \\u202e" in said
