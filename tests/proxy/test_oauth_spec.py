"""MCP authorization (2025-11-25) client requirements that cordon's OAuth provider adds to the
SDK's: PKCE verified in the authorization server's metadata before a login
(:meth:`CordonOAuth._check_pkce`), and the ``WWW-Authenticate`` header read strictly
(:mod:`cordon.proxy.oauth_challenge`). End to end through ``cordon run --url``:
``tests/e2e/test_oauth_spec_musts.py``."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest
from mcp.shared.auth import OAuthMetadata, ProtectedResourceMetadata

from cordon.proxy import oauth as proxy_oauth
from cordon.proxy.http import LoginError
from cordon.proxy.oauth_challenge import parse_challenges, vet_challenge


def _metadata(**extra: object) -> OAuthMetadata:
    o = "https://idp.example.com"
    return OAuthMetadata.model_validate(
        {"issuer": o, "authorization_endpoint": f"{o}/authorize", "token_endpoint": f"{o}/token"}
        | extra
    )


def with_pkce(provider: proxy_oauth.CordonOAuth) -> proxy_oauth.CordonOAuth:
    """``provider`` as after discovering an authorization server that checks S256."""
    provider.context.oauth_metadata = _metadata(code_challenge_methods_supported=["S256"])
    return provider


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("meta", "said"),
    [
        (None, "publishes no authorization server metadata"),
        (_metadata(), "no code_challenge_methods_supported"),
        (_metadata(code_challenge_methods_supported=["plain"]), "PKCE with S256"),
        (_metadata(code_challenge_methods_supported=[]), "PKCE with S256"),
    ],
)
async def test_no_login_without_s256_in_the_metadata(meta: OAuthMetadata | None, said: str) -> None:
    provider = proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/x"))
    provider.context.protected_resource_metadata = ProtectedResourceMetadata.model_validate(
        {
            "resource": "https://mcp.example.com/mcp",
            "authorization_servers": ["https://idp.example.com"],
        }
    )
    provider.context.oauth_metadata = meta
    with pytest.raises(LoginError) as caught:
        await provider._redirect("https://idp.example.com/authorize?state=s")
    assert said in str(caught.value) and "PKCE" in str(caught.value)


@pytest.mark.anyio
async def test_no_metadata_at_all_is_a_server_that_offers_no_login() -> None:
    """Neither protected-resource nor authorization server metadata (a server that wants an
    API key): refused as before the PKCE check, with the advice to give the credential."""
    provider = proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/x"))
    with pytest.raises(LoginError) as caught:
        await provider._redirect("https://mcp.example.com/authorize?state=s")
    said = str(caught.value)
    assert "requires authorization (HTTP 401) and offers no OAuth login" in said, said
    assert "--header" in said


def test_s256_in_the_metadata_passes() -> None:
    with_pkce(
        proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/x"))
    )._check_pkce()


@pytest.mark.parametrize(
    ("header", "parsed"),
    [
        ("Bearer", [("bearer", {})]),
        ('Bearer realm="a", error="invalid_token"',
         [("bearer", {"realm": "a", "error": "invalid_token"})]),
        ("Bearer resource_metadata=https://x.example/prm, SCOPE=\"a b\"",
         [("bearer", {"resource_metadata": "https://x.example/prm", "scope": "a b"})]),
        ('Basic realm="x", Bearer scope="a"',
         [("basic", {"realm": "x"}), ("bearer", {"scope": "a"})]),
        ("Bearer abc123==", [("bearer", {})]),
        ('Bearer error_description="a \\"q\\" b"', [("bearer", {"error_description": 'a "q" b'})]),
    ],
)  # fmt: skip
def test_well_formed_challenges_parse(header: str, parsed: object) -> None:
    assert parse_challenges(header) == parsed


@pytest.mark.parametrize(
    "header",
    [
        'Bearer scope="a", scope="b"',  # which one: readers differ
        'Bearer scope="a',  # an unclosed quote
        'Bearer scope="a" error="b"',  # no comma between two parameters
        'scope="a"',  # no scheme
        "Bearer foo bar",
        'Bearer scope="a"b',
        'Bearer abc==, realm="x"',  # a parameter after a token68
        'Bearer scope="a\x01"',
    ],
)
def test_malformed_challenges_are_refused(header: str) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - the message is the parser's
        parse_challenges(header)


def _vetted(*values: str) -> list[str]:
    response = httpx2.Response(403, headers=[("www-authenticate", v) for v in values])
    vet_challenge(response)
    return response.headers.get_list("www-authenticate")


def test_the_sdk_is_handed_the_bearer_challenge_only() -> None:
    # the SDK's expression would read a step-up in realm's text, and a scope in x_scope's
    assert _vetted('Bearer realm="error=insufficient_scope", x_scope="admin"') == ["Bearer"]
    assert _vetted('Basic realm="scope=admin"') == []
    assert _vetted('Basic realm="x"', 'Bearer error=insufficient_scope, scope="a b"') == [
        'Bearer error="insufficient_scope", scope="a b"'
    ]
    with pytest.raises(ValueError, match="two Bearer"):
        _vetted('Bearer scope="a"', 'Bearer scope="b"')
    with pytest.raises(ValueError, match="quote"):
        _vetted('Bearer scope="a\\" b"')
