"""``cordon run --url`` in front of a server that requires OAuth 2.1: the mailbox server on the
SDK's ``streamable_http_app`` with a local authorization server built from ``mcp.server.auth``
(``tests/servers/oauth_as.py``), driven by the SDK client over stdio.

The browser step is automated by ``CORDON_OAUTH_TEST_AUTOLOGIN=1`` (cordon fetches the
authorization URL itself and follows it to its loopback listener; honoured only for an
authorization endpoint on a loopback address). In every test, no token the authorization
server issued may appear in the audit log or in cordon's stderr."""

from __future__ import annotations

import json
import stat
import time
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from tests.conftest import Harness, first_mcp_error, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


class OAuthSetup:
    """The mailbox server requiring OAuth, and cordon's files to search."""

    def __init__(self, harness: Harness, ttl: int = 3600) -> None:
        self.h = harness
        self.box = harness.tmp / "box"
        self.box.mkdir(exist_ok=True)
        (self.box / "inbox.txt").write_text("", "utf-8")
        env = {"MAILBOX_DIR": str(self.box), "MAILBOX_HTTP_OAUTH": "1"}
        env["MAILBOX_OAUTH_TTL"] = str(ttl)
        self.url = harness.http_mailbox(env)
        self.origin = self.url.removesuffix("/mcp")
        self.err = harness.tmp / "cordon.err"
        harness.env["CORDON_OAUTH_TEST_AUTOLOGIN"] = "1"

    @asynccontextmanager
    async def client(self, mode: str = "legacy", extra: list[str] = ()) -> AsyncIterator[Client]:  # type: ignore[assignment]
        policy = self.h.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})
        params = self.h.cordon([], policies=[policy], extra=[*extra, "--url", self.url])
        with self.err.open("a", encoding="utf-8") as errlog:
            async with Client(stdio_client(params, errlog=errlog), mode=mode) as c:
                await c.list_tools()  # pins the tools (calls before that are refused)
                yield c

    def control(self, what: str) -> None:
        req = urllib.request.Request(f"{self.origin}/test/{what}", method="POST", data=b"")
        with urllib.request.urlopen(req, timeout=5) as resp:  # noqa: S310 - a local test server
            assert resp.status == 200

    def grants(self, event: str | None = None) -> list[dict[str, Any]]:
        path = self.box / "oauth.log"
        rows = (
            [json.loads(x) for x in path.read_text("utf-8").splitlines()] if path.exists() else []
        )
        return [r for r in rows if event is None or r["event"] == event]

    def tokens(self) -> set[str]:
        return {r[k] for r in self.grants() for k in ("access_token", "refresh_token") if k in r}

    def stderr(self) -> str:
        return self.err.read_text("utf-8") if self.err.exists() else ""

    def assert_no_token_leaked(self) -> None:
        """No token in the audit log or cordon's stderr (the tests' standing invariant)."""
        tokens = self.tokens()
        assert tokens, "the authorization server issued no token"
        audit = self.h.audit.read_text("utf-8") if self.h.audit.exists() else ""
        err = self.stderr()
        for tok in tokens:
            assert tok not in audit
            assert tok not in err
        # nor their Bearer halves, should a line cut one
        assert "Bearer at-" not in err and "Bearer at-" not in audit

    def oauth_files(self) -> list[Path]:
        where = self.h.home / ".cordon" / "oauth"
        return sorted(where.glob("*.json")) if where.exists() else []


async def _echo(client: Client, text: str = "hello") -> None:
    r = await client.call_tool("echo", {"text": text})
    assert not r.is_error, text_of(r)
    assert text in text_of(r)


def _auth_cmd(harness: Harness, *args: str) -> Any:
    """``cordon auth ...`` in process (its HOME is the test's)."""
    from typer.testing import CliRunner

    from cordon.cli import app

    return CliRunner().invoke(app, ["auth", *args], env={"HOME": str(harness.home)})


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_login_then_a_later_run_reuses_the_stored_tokens(harness: Harness, mode: str) -> None:
    s = OAuthSetup(harness)
    async with s.client(mode) as client:
        await _echo(client)
    assert len(s.grants("authorize")) == 1
    assert s.grants("authorize")[0]["resource"] == s.url  # RFC 8707 resource indicator
    assert "log in to " + s.url in s.stderr()
    [path] = s.oauth_files()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700

    async with s.client(mode) as client:  # a later run: the stored login, no browser
        await _echo(client, "again")
    assert len(s.grants("authorize")) == 1
    assert s.stderr().count("log in to ") == 1
    s.assert_no_token_leaked()

    listed = _auth_cmd(harness, "list")
    assert listed.exit_code == 0 and s.url in listed.output and "expires" in listed.output
    assert not any(tok in listed.output for tok in s.tokens())
    out = _auth_cmd(harness, "logout", s.url)
    assert out.exit_code == 0 and not s.oauth_files()
    assert _auth_cmd(harness, "logout", s.url).exit_code == 1


async def test_an_expired_token_is_refreshed_in_the_session_and_in_a_later_run(
    harness: Harness,
) -> None:
    s = OAuthSetup(harness, ttl=2)
    async with s.client() as client:
        await _echo(client)
        time.sleep(3)  # past the access token's lifetime
        await _echo(client, "refreshed")
    assert len(s.grants("refresh_token")) >= 1
    seen = len(s.grants("refresh_token"))
    time.sleep(3)
    async with s.client() as client:  # the stored expiry: refreshed before it is sent
        await _echo(client, "next run")
    assert len(s.grants("refresh_token")) > seen
    assert len(s.grants("authorize")) == 1  # never a new login
    s.assert_no_token_leaked()


async def test_a_revoked_login_logs_in_again(harness: Harness) -> None:
    s = OAuthSetup(harness)
    async with s.client() as client:
        await _echo(client)
    s.control("revoke")
    async with s.client() as client:
        await _echo(client, "after revocation")
    assert len(s.grants("authorize")) == 2
    s.assert_no_token_leaked()


async def test_a_refused_refresh_says_so_and_logs_in_again(harness: Harness) -> None:
    s = OAuthSetup(harness, ttl=2)
    async with s.client() as client:
        await _echo(client)
    s.control("revoke")
    time.sleep(3)
    async with s.client() as client:
        await _echo(client, "after an expired refresh token")
    assert "has expired or was revoked (its refresh was refused)" in s.stderr()
    assert len(s.grants("authorize")) == 2
    s.assert_no_token_leaked()


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_401_mid_session_is_refreshed_first_and_the_new_token_is_a_secret(
    harness: Harness, mode: str
) -> None:
    """The server stops taking the access token cordon holds (not expired by its clock):
    cordon refreshes it and resends, with no new login; the refreshed tokens are secrets."""
    s = OAuthSetup(harness)
    async with s.client(mode) as client:
        await _echo(client)
        refreshes = len(s.grants("refresh_token"))
        s.control("drop-access")  # the server now answers 401 to the token cordon holds
        await _echo(client, "after a 401")
        assert len(s.grants("authorize")) == 1  # no new login in the browser
        assert len(s.grants("refresh_token")) == refreshes + 1
        new = s.grants("refresh_token")[-1]
        for tok in (new["access_token"], new["refresh_token"]):
            r = await client.call_tool("send_email", {"to": "ops@example.com", "body": f"x {tok}"})
            assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        await _echo(client, "still logged in")
    assert not (s.box / "outbox").exists()
    assert s.stderr().count("log in to") == 1  # the first login only
    s.assert_no_token_leaked()


async def test_a_401_mid_session_whose_refresh_is_refused_logs_in_again(
    harness: Harness,
) -> None:
    """The user revoked the login (access and refresh tokens) mid-session: the refresh that
    cordon tries first is refused, it says so, and the SDK's login runs; the call succeeds."""
    s = OAuthSetup(harness)
    async with s.client("2026-07-28") as client:
        await _echo(client)
        s.control("revoke")
        await _echo(client, "after a revocation")
        assert len(s.grants("authorize")) == 2
        new = s.grants("authorization_code")[-1]
        r = await client.call_tool(
            "send_email", {"to": "ops@example.com", "body": f"x {new['access_token']}"}
        )
        assert r.is_error and "secret.egress" in text_of(r), text_of(r)
    assert "has expired or was revoked (its refresh was refused)" in s.stderr()
    s.assert_no_token_leaked()


async def _first_error(s: OAuthSetup, extra: list[str] = ()) -> str:  # type: ignore[assignment]
    return await first_mcp_error(s.client(extra=extra))


async def test_a_refused_login_is_a_jsonrpc_error_and_one_line(harness: Harness) -> None:
    s = OAuthSetup(harness)
    s.control("deny")
    said = await _first_error(s)
    assert "refused the login (access_denied)" in said and "cordon auth login" in said
    lines = [x for x in s.stderr().splitlines() if "refused the login" in x]
    assert len(lines) == 1
    assert not s.grants("authorization_code")
    assert not any("tokens" in json.loads(p.read_text()) for p in s.oauth_files())


async def test_no_oauth_reports_the_401(harness: Harness) -> None:
    s = OAuthSetup(harness)
    said = await _first_error(s, ["--no-oauth"])
    assert "requires authorization (HTTP 401)" in said
    assert not s.grants("authorize") and not s.oauth_files()


async def test_every_request_of_a_login_and_session_carries_cordons_user_agent(
    harness: Harness,
) -> None:
    """Metadata discovery, registration, the token exchange (the SDK's flow builds them with
    no User-Agent), the initialize the flow sends and the lean client's later requests: one
    ``cordon/<version>``, never httpx2's."""
    from cordon import __version__

    s = OAuthSetup(harness)
    async with s.client() as client:
        await _echo(client)
    rows = [json.loads(x) for x in (s.box / "http.log").read_text("utf-8").splitlines()]
    assert len(rows) > 5 and s.grants("authorization_code")
    assert {r["headers"].get("user-agent") for r in rows} == {f"cordon/{__version__}"}
