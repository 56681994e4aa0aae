"""The OAuth flow of a server reached over TLS never goes to clear text (``http://``) but on
loopback: neither its own requests (:meth:`CordonOAuth._vet`) nor the browser
(:meth:`CordonOAuth._redirect`). MCP authorization: authorization server endpoints MUST be
served over HTTPS; OAuth 2.1 section 1.5. A server the user reaches over ``http://`` chose
clear text already, and its flow's requests are not refused for it; the login page the browser
opens is (the user's password is typed there), as any scheme but https (http on loopback)."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest

from cordon.proxy import oauth as proxy_oauth
from cordon.proxy.http import LoginError
from tests.proxy.test_oauth_spec import with_pkce as _pkce


@pytest.mark.parametrize(
    ("server", "target", "refused"),
    [
        ("https://mcp.example.com/mcp", "http://idp.example.com/.well-known/x", True),
        ("https://mcp.example.com/mcp", "HTTP://idp.example.com/token", True),
        ("https://mcp.example.com/mcp", "https://idp.example.com/token", False),
        ("https://localhost:8443/mcp", "http://localhost:9000/token", False),  # loopback
        ("https://127.0.0.1:8443/mcp", "http://127.0.0.1:9000/token", False),
        ("http://mcp.example.com/mcp", "http://idp.example.com/token", False),  # chosen
    ],
)
def test_an_https_server_s_flow_never_goes_to_clear_text(
    server: str, target: str, refused: bool
) -> None:
    provider = proxy_oauth.make_oauth(server, directory=Path("/nonexistent"))
    req = httpx2.Request("POST", target)
    if refused:
        with pytest.raises(LoginError) as caught:
            provider._vet(req)
        assert "clear text" in str(caught.value) and "idp.example.com" not in str(caught.value)
    else:
        assert provider._vet(req) is req


@pytest.mark.anyio
async def test_the_browser_is_never_sent_to_a_clear_text_page() -> None:
    provider = _pkce(proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/x")))
    with pytest.raises(LoginError) as caught:
        await provider._redirect("http://idp.example.com/authorize?state=s")
    assert "clear text" in str(caught.value)


@pytest.mark.anyio
@pytest.mark.parametrize("server", ["http://127.0.0.1:8000/mcp", "http://mcp.example.com/mcp"])
@pytest.mark.parametrize(
    "page", ["http://idp.example.com/authorize?state=s", "file:///etc/passwd", "vscode://x/y"]
)
async def test_a_clear_text_server_s_login_page_is_https_too(server: str, page: str) -> None:
    # the user chose clear text for the server's requests, not for the page their password
    # is typed into, nor for a program another scheme would start
    provider = _pkce(proxy_oauth.make_oauth(server, directory=Path("/x")))
    with pytest.raises(LoginError) as caught:
        await provider._redirect(page)
    assert "was refused" in str(caught.value)
