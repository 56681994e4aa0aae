"""cordon.store.oauth: the OAuth logins of ``cordon run --url`` under ``~/.cordon/oauth``;
cordon.proxy.oauth's loopback listener and test-only browser step; the core's ``add_secret``."""

from __future__ import annotations

import asyncio
import json
import stat
import time
from pathlib import Path

import httpx2
import pytest
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

from cordon.proxy import oauth as proxy_oauth
from cordon.proxy.actions import StartJob
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.http import LoginError
from cordon.store.oauth import OAuthStore, list_logins, logout, url_key

pytestmark = pytest.mark.anyio

URL = "https://mcp.example.com/mcp"
ACCESS = "at-0123456789abcdef0123456789abcdef"
REFRESH = "rt-fedcba9876543210fedcba9876543210"


def _token(expires_in: int | None = 3600) -> OAuthToken:
    return OAuthToken(access_token=ACCESS, refresh_token=REFRESH, expires_in=expires_in)


def _client(secret: str | None = None) -> OAuthClientInformationFull:
    return OAuthClientInformationFull(
        client_id="cid-1",
        client_secret=secret,
        redirect_uris=["http://127.0.0.1:43210/callback"],  # type: ignore[list-item]
        token_endpoint_auth_method="none" if secret is None else "client_secret_post",
    )


async def test_files_are_0600_in_a_0700_directory_one_per_url(tmp_path: Path) -> None:
    where = tmp_path / "oauth"
    a, b = OAuthStore(URL, directory=where), OAuthStore(URL + "/other", directory=where)
    await a.set_tokens(_token())
    await b.set_client_info(_client())
    assert stat.S_IMODE(where.stat().st_mode) == 0o700
    files = sorted(where.iterdir())
    assert len(files) == 2 and a.path != b.path
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in files)
    assert a.path.name == f"{url_key(URL)}.json" and "example" not in a.path.name


async def test_a_loose_directory_is_tightened(tmp_path: Path) -> None:
    where = tmp_path / "oauth"
    where.mkdir(mode=0o755)
    where.chmod(0o755)
    await OAuthStore(URL, directory=where).set_tokens(_token())
    assert stat.S_IMODE(where.stat().st_mode) == 0o700


async def test_tokens_and_client_info_round_trip_with_the_expiry(tmp_path: Path) -> None:
    store = OAuthStore(URL, directory=tmp_path)
    assert await store.get_tokens() is None and await store.get_client_info() is None
    before = time.time()
    await store.set_tokens(_token(600))
    await store.set_client_info(_client())
    got = await OAuthStore(URL, directory=tmp_path).get_tokens()
    assert got is not None and got.access_token == ACCESS and got.refresh_token == REFRESH
    assert got.expires_in is not None and 595 <= got.expires_in <= 600
    expires_at = store.expires_at()
    assert expires_at is not None and before + 600 <= expires_at <= time.time() + 600
    info = await store.get_client_info()
    assert info is not None and info.client_id == "cid-1"
    assert store.redirect_uris() == ["http://127.0.0.1:43210/callback"]


async def test_an_expired_token_reads_as_zero_lifetime(tmp_path: Path) -> None:
    store = OAuthStore(URL, directory=tmp_path)
    await store.set_tokens(_token(1))
    data = json.loads(store.path.read_text())
    data["tokens"]["expires_at"] = time.time() - 100
    store.path.write_text(json.dumps(data))
    got = await store.get_tokens()
    assert got is not None and got.expires_in == 0


async def test_every_new_secret_is_announced_and_listed(tmp_path: Path) -> None:
    seen: list[str] = []
    store = OAuthStore(URL, directory=tmp_path, on_secret=seen.append)
    await store.set_client_info(_client("cs-0123456789abcdef0123456789"))
    await store.set_tokens(_token())
    assert seen == ["cs-0123456789abcdef0123456789", ACCESS, REFRESH]
    assert sorted(store.secrets()) == sorted(seen)


async def test_clear_tokens_keeps_the_registration(tmp_path: Path) -> None:
    store = OAuthStore(URL, directory=tmp_path)
    await store.set_client_info(_client())
    await store.set_tokens(_token())
    store.clear_tokens()
    assert await store.get_tokens() is None and await store.get_client_info() is not None
    assert ACCESS not in store.path.read_text()


async def test_list_shows_urls_and_expiry_never_tokens_and_logout_deletes(
    tmp_path: Path,
) -> None:
    await OAuthStore(URL, directory=tmp_path).set_tokens(_token())
    other = OAuthStore("https://b.example/mcp", directory=tmp_path)
    await other.set_client_info(_client())
    logins = list_logins(tmp_path)
    assert [x.url for x in logins] == ["https://b.example/mcp", URL]
    assert not logins[0].has_tokens and logins[1].has_tokens and logins[1].can_refresh
    assert ACCESS not in repr(logins) and REFRESH not in repr(logins)
    assert logout(URL, tmp_path) is True
    assert logout(URL, tmp_path) is False
    assert [x.url for x in list_logins(tmp_path)] == ["https://b.example/mcp"]


async def test_a_corrupt_file_reads_as_no_login(tmp_path: Path) -> None:
    store = OAuthStore(URL, directory=tmp_path)
    tmp_path.mkdir(exist_ok=True)
    store.path.write_text("{not json")
    assert await store.get_tokens() is None and store.secrets() == []
    await store.set_tokens(_token())  # a new login replaces it
    assert (await store.get_tokens()) is not None


# -- the loopback listener ------------------------------------------------------------------
async def _get(url: str) -> httpx2.Response:
    async with httpx2.AsyncClient() as c:
        return await c.get(url)


async def test_the_loopback_takes_only_the_callback_of_its_login() -> None:
    loop = proxy_oauth.Loopback(proxy_oauth._free_port())
    await loop.start("st-1")
    base = loop.redirect_uri
    assert (await _get(f"{base}?code=c&state=forged")).status_code == 400
    assert (
        await _get(base.replace("/callback", "/other") + "?code=c&state=st-1")
    ).status_code == 400
    assert (await _get(f"{base}?code=the-code&state=st-1&iss=x")).status_code == 200
    got = await loop.wait(5)
    assert (got.code, got.state, got.iss) == ("the-code", "st-1", "x")
    with pytest.raises(httpx2.ConnectError):  # closed once the login has its code
        await _get(f"{base}?code=c&state=st-1")


async def test_a_refusal_at_the_loopback_is_a_login_error() -> None:
    loop = proxy_oauth.Loopback(proxy_oauth._free_port())
    await loop.start("st-2")
    r = await _get(
        f"{loop.redirect_uri}?error=access_denied&error_description=<b>no</b>&state=st-2"
    )
    assert r.status_code == 200
    with pytest.raises(LoginError, match="^access_denied$"):
        await loop.wait(5)


async def test_nobody_coming_back_times_out() -> None:
    loop = proxy_oauth.Loopback(proxy_oauth._free_port())
    await loop.start("st-3")
    with pytest.raises(asyncio.TimeoutError):
        await loop.wait(0.1)


def test_the_test_browser_step_needs_the_variable_and_a_loopback_endpoint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    local = "http://127.0.0.1:5000/authorize?state=x"
    assert not proxy_oauth._autologin(local)
    monkeypatch.setenv(proxy_oauth.AUTOLOGIN_ENV, "1")
    assert proxy_oauth._autologin(local)
    assert not proxy_oauth._autologin("https://auth.example.com/authorize?state=x")
    assert not proxy_oauth._autologin("http://127.0.0.1.evil.example/authorize")


def test_a_stored_registration_keeps_its_redirect_port(tmp_path: Path) -> None:
    assert proxy_oauth._stored_port(["http://127.0.0.1:43210/callback"]) == 43210
    assert proxy_oauth._stored_port(["https://app.example/callback"]) is None


# -- the core's entry point -----------------------------------------------------------------
class _SecretWork:
    def __init__(self) -> None:
        self.secrets: list[str] = []

    def register_secret(self, value: str) -> None:
        self.secrets.append(value)


def test_add_secret_is_a_job_on_the_decision_queue() -> None:
    work = _SecretWork()
    core = ProxyCore(CoreConfig(server="s", session_id="x"), work, clock=lambda: 0.0)  # type: ignore[arg-type]
    [start] = core.add_secret(ACCESS)
    assert isinstance(start, StartJob) and start.job.kind == "secret"
    assert core.add_secret(REFRESH) == []  # queued behind the running job
    assert work.secrets == []  # nothing touches the session outside a job
    start.job.run()
    [nxt] = core.job_done(start.job, None)
    assert isinstance(nxt, StartJob)
    nxt.job.run()
    assert core.job_done(nxt.job, None) == []
    assert work.secrets == [ACCESS, REFRESH] and core.idle()


async def test_auth_list_and_logout_name_a_url_with_its_key_masked(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cordon.cli import app

    home = tmp_path / "home"
    key = "Zk9qT2x3cE1hV0ZvR2h5U3pXbXo0"
    url = f"https://mcp.zapier.com/api/mcp/s/{key}/mcp?api_key=sk-live-0a1b2c3d4e5f6a7b"
    await OAuthStore(url, directory=home / ".cordon" / "oauth").set_tokens(_token())
    listed = CliRunner().invoke(app, ["auth", "list"], env={"HOME": str(home)})
    assert listed.exit_code == 0, listed.output
    assert "mcp.zapier.com" in listed.output
    assert key not in listed.output and "sk-live-0a1b2c3d4e5f6a7b" not in listed.output
    out = CliRunner().invoke(app, ["auth", "logout", url], env={"HOME": str(home)})
    assert out.exit_code == 0 and "logged out of" in out.output
    assert key not in out.output and "sk-live" not in out.output


async def test_the_token_endpoint_is_kept_with_the_tokens_and_forgotten_with_them(
    tmp_path: Path,
) -> None:
    store = OAuthStore(URL, directory=tmp_path)
    assert store.token_endpoint() is None
    await store.set_tokens(_token())
    store.set_token_endpoint("https://idp.example.com/oauth/token")
    assert OAuthStore(URL, directory=tmp_path).token_endpoint() == (
        "https://idp.example.com/oauth/token"
    )
    store.clear_tokens()  # a refused refresh: the next login names its own endpoint
    assert store.token_endpoint() is None


async def test_a_stored_refresh_token_without_its_endpoint_is_never_refreshed(
    tmp_path: Path,
) -> None:
    """A login stored without the endpoint that issued it: the SDK would send its refresh
    token to the MCP server's origin (/token); it is dropped, and a new login follows."""
    store = OAuthStore(URL, directory=tmp_path)
    await store.set_tokens(_token(expires_in=-60))
    provider = proxy_oauth.make_oauth(URL, directory=tmp_path)
    await provider._initialize()
    assert provider.context.current_tokens is not None
    assert provider.context.current_tokens.refresh_token is None
    assert not provider.context.can_refresh_token()


async def test_a_refresh_goes_to_the_stored_endpoint_only(tmp_path: Path) -> None:
    store = OAuthStore(URL, directory=tmp_path)
    await store.set_tokens(_token(expires_in=-60))
    await store.set_client_info(_client())
    store.set_token_endpoint("https://idp.example.com/oauth/token")
    provider = proxy_oauth.make_oauth(URL, directory=tmp_path)
    await provider._initialize()
    req = await provider._refresh_token()
    assert str(req.url) == "https://idp.example.com/oauth/token"
    assert req.headers["host"] == "idp.example.com"
    assert f"refresh_token={REFRESH}" in req.content.decode()


@pytest.mark.parametrize(
    ("host", "server", "refused"),
    [
        ("169.254.169.254", "mcp.example.com", True),
        ("metadata.google.internal", "127.0.0.1", True),  # even for a local server
        ("10.0.0.5", "mcp.example.com", True),
        ("localhost", "mcp.example.com", True),
        ("10.0.0.5", "127.0.0.1", False),  # a server on a private network: its AS may be too
        ("idp.example.com", "mcp.example.com", False),
    ],
)
def test_the_flow_is_not_sent_to_a_metadata_endpoint_or_a_private_address(
    host: str, server: str, refused: bool
) -> None:
    provider = proxy_oauth.make_oauth(f"https://{server}/mcp", directory=Path("/nonexistent"))
    req = httpx2.Request("GET", f"https://{host}/.well-known/oauth-protected-resource")
    if refused:
        with pytest.raises(LoginError) as caught:
            provider._vet(req)
        assert host not in str(caught.value)  # the server's word is not repeated
    else:
        assert provider._vet(req) is req


@pytest.mark.parametrize(
    ("secret", "registered"),
    [
        ("cs-9f8e7d6c5b4a39281706f5e4d3c2b1a0", True),
        ("ops@example.com", False),  # an address the user sends mail to
        ("https://example.com/x", False),
        ("weekly report", False),
        ("short-secret", False),
    ],
)
async def test_only_a_credential_shaped_value_becomes_one_of_cordons_own(
    tmp_path: Path, secret: str, registered: bool
) -> None:
    """The server picks a registration's client_secret: one it sets to a value the user
    sends elsewhere must not turn that value into a secret every server refuses."""
    seen: list[str] = []
    store = OAuthStore(URL, directory=tmp_path, on_secret=seen.append)
    await store.set_client_info(_client(secret))
    assert (seen == [secret]) is registered
    assert (secret in store.secrets()) is registered
