"""The OAuth flow judges where a host NAME points, not only address literals: an authorization
server, token endpoint or login page at ``idp.attacker.example`` whose DNS answer is
``10.0.0.5`` or ``169.254.169.254`` is refused as the literal would be (SSRF through the
metadata a remote server chooses; OWASP SSRF prevention: check the resolved address).

The resolver is replaced here (a unit: no test may depend on this machine's DNS); what it
returns is what ``getaddrinfo`` would."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest

from cordon.proxy import oauth as proxy_oauth
from cordon.proxy.http import LoginError
from tests.proxy.test_oauth_spec import with_pkce as _pkce

pytestmark = pytest.mark.anyio

PUBLIC, PRIVATE, METADATA = "93.184.216.34", "10.0.0.5", "169.254.169.254"


def _dns(monkeypatch: pytest.MonkeyPatch, answers: dict[str, list[str]]) -> list[str]:
    """Answer lookups from ``answers`` (a missing name: no such host); the names asked."""
    asked: list[str] = []

    async def resolve(host: str, port: int) -> list[str]:
        asked.append(host)
        if host not in answers:
            raise OSError(f"no such host: {host}")
        return answers[host]

    monkeypatch.setattr(proxy_oauth, "_resolve", resolve)
    return asked


def _browser(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the pages cordon would open in the browser instead of opening them."""
    opened: list[str] = []

    async def open_browser(url: str) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(proxy_oauth, "open_browser", open_browser)
    return opened


@pytest.mark.parametrize(
    ("server_at", "idp_at", "refused", "why"),
    [
        ([PUBLIC], [PRIVATE], True, "a private address"),
        ([PUBLIC], [PUBLIC, PRIVATE], True, "a private address"),  # any answer counts
        ([PUBLIC], [METADATA], True, "a cloud metadata endpoint"),
        ([PRIVATE], [METADATA], True, "a cloud metadata endpoint"),  # even for a private server
        ([PUBLIC], ["::ffff:10.0.0.5"], True, "a private address"),
        ([PUBLIC], [], False, ""),  # unresolvable here: a proxy's to resolve (HTTPS_PROXY)
        ([PUBLIC], [PUBLIC], False, ""),
        ([PRIVATE], [PRIVATE], False, ""),  # a server on a company network: its AS may be too
    ],
)
async def test_a_flow_request_is_judged_by_what_its_host_name_resolves_to(
    monkeypatch: pytest.MonkeyPatch,
    server_at: list[str],
    idp_at: list[str],
    refused: bool,
    why: str,
) -> None:
    answers = {"mcp.example.com": server_at}
    if idp_at:
        answers["idp.attacker.example"] = idp_at
    asked = _dns(monkeypatch, answers)
    provider = _pkce(proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/x")))
    req = httpx2.Request("GET", "https://idp.attacker.example/.well-known/oauth-authorization")
    if refused:
        with pytest.raises(LoginError) as caught:
            await provider._vet_resolved(req)
        assert why in str(caught.value) and "attacker" not in str(caught.value)
    else:
        assert await provider._vet_resolved(req) is req
    assert "idp.attacker.example" in asked


async def test_address_literals_and_loopback_names_are_not_looked_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _dns(monkeypatch, {})
    provider = proxy_oauth.make_oauth("https://127.0.0.1:8443/mcp", directory=Path("/x"))
    for url in ("https://127.0.0.1:9000/token", "https://localhost:9000/token"):
        req = httpx2.Request("POST", url)
        assert await provider._vet_resolved(req) is req
    assert asked == []


async def test_the_browser_is_not_sent_to_a_page_on_the_users_network(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _dns(monkeypatch, {"mcp.example.com": [PUBLIC], "router.attacker.example": ["192.168.1.1"]})
    opened = _browser(monkeypatch)
    provider = _pkce(proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/x")))
    for page in (
        "https://router.attacker.example/apply.cgi?state=s",
        "https://192.168.1.1/apply.cgi?state=s",
    ):
        with pytest.raises(LoginError) as caught:
            await provider._redirect(page)
        assert "private address" in str(caught.value)
    assert opened == []


async def test_a_login_page_whose_host_a_browser_reads_otherwise_is_not_opened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a browser reads a backslash in an http(s) address as "/": the page opened is on
    # 192.168.1.1, while the host checked (and looked up, in vain) was "192.168.1.1\x.example"
    _dns(monkeypatch, {"mcp.example.com": [PUBLIC]})
    opened = _browser(monkeypatch)
    provider = _pkce(proxy_oauth.make_oauth("https://mcp.example.com/mcp", directory=Path("/x")))
    for page in (
        "https://192.168.1.1\\attacker.example/apply.cgi?state=s",
        "https://169.254.169.254\\x.example/latest/meta-data/?state=s",
        "https://3232235777/apply.cgi?state=s",  # (192.168.1.1 as one number)
    ):
        with pytest.raises(LoginError) as caught:
            await provider._redirect(page)
        assert "was refused" in str(caught.value), page
    assert opened == []
