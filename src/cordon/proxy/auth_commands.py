"""``cordon auth list|login|logout``: the OAuth logins ``cordon run --url`` keeps under
``~/.cordon/oauth/``. Tokens are never shown: a login is its URL and expiry time.
``cordon.cli`` calls :func:`register` on its typer app."""

from __future__ import annotations

import asyncio
import contextlib
import time
from datetime import UTC, datetime
from typing import Annotated

import typer

from cordon._cli_group import OneLineSummaries
from cordon.urlcreds import masked_url

__all__ = ["register"]

auth_app = typer.Typer(
    help="OAuth logins of remote MCP servers (cordon run --url).",
    no_args_is_help=True,
    cls=OneLineSummaries,
)


def _when(expires_at: float | None) -> str:
    if expires_at is None:
        return "no expiry given"
    stamp = datetime.fromtimestamp(expires_at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return f"expired {stamp}" if expires_at <= time.time() else f"expires {stamp}"


@auth_app.command("list")
def list_cmd() -> None:
    """Servers with a stored login, with when the access token expires (never a token)."""
    from cordon.store.oauth import default_oauth_dir, list_logins

    logins = list_logins()
    if not logins:
        typer.echo(f"no stored logins in {default_oauth_dir()}")
        return
    for login in logins:
        if not login.has_tokens:
            typer.echo(f"{masked_url(login.url)}  registered, not logged in")
            continue
        refresh = ", refreshable" if login.can_refresh else ""
        typer.echo(f"{masked_url(login.url)}  {_when(login.expires_at)}{refresh}")


@auth_app.command("logout")
def logout_cmd(url: Annotated[str, typer.Argument(help="The server's --url.")]) -> None:
    """Delete the stored login (tokens and client registration) of URL."""
    from cordon.store.oauth import OAuthStore

    store = OAuthStore(url)
    if not store.logout():
        typer.echo(f"cordon: no stored login for {masked_url(url)}", err=True)
        raise typer.Exit(1)
    typer.echo(f"logged out of {masked_url(url)} (deleted {store.path})")


async def _login(url: str, timeout: float) -> int:
    """Log in afresh: forget the tokens, then send one request the server must authorize."""
    import httpx2

    from cordon.proxy.h1 import H1Error, H1Pool
    from cordon.proxy.http import LoginError
    from cordon.proxy.oauth import USER_AGENT, make_oauth
    from cordon.proxy.vetted_client import vetted_client

    auth = make_oauth(url, timeout=timeout, interactive=True)
    auth.store.clear_tokens()
    probe = b'{"jsonrpc":"2.0","id":"cordon-auth-login","method":"ping"}'
    headers = {
        "content-type": "application/json",
        "accept": "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
        "user-agent": USER_AGENT,
    }
    pool = None
    with contextlib.suppress(ValueError):  # not an http(s) URL: httpx2 says why
        pool = H1Pool(url, {}, timeout=30.0)
    try:
        # the server's own connections through the DNS rebinding check, as cordon run's
        # (:mod:`cordon.proxy.vetted_client`): the probe carries the fresh bearer token
        async with (
            vetted_client(pool, httpx2.Timeout(30.0), auth, {}) as client,
            # the answer's status is what matters: its body (the server's to size) is not read
            client.stream("POST", url, content=probe, headers=headers) as resp,
        ):
            pass
    except (LoginError, H1Error) as exc:  # (H1Error: the DNS rebinding check refused it)
        typer.echo(f"cordon: {exc}", err=True)
        return 1
    except httpx2.HTTPError as exc:
        typer.echo(
            f"cordon: cannot reach {masked_url(url)} ({type(exc).__name__}): check the URL",
            err=True,
        )
        return 1
    if resp.status_code in (401, 403):
        typer.echo(
            f"cordon: {masked_url(url)} refused the login (HTTP {resp.status_code})", err=True
        )
        return 1
    if await auth.store.get_tokens() is None:
        typer.echo(
            f"{masked_url(url)} needs no login (it answered HTTP {resp.status_code} without asking for "
            "one): cordon run --url works as it is"
        )
        return 0
    typer.echo(f"logged in to {masked_url(url)} ({_when(auth.store.expires_at())})")
    return 0


@auth_app.command("login")
def login_cmd(
    url: Annotated[str, typer.Argument(help="The server's --url.")],
    timeout: Annotated[float, typer.Option(help="Seconds to wait for the login.")] = 300.0,
) -> None:
    """Log in to URL now (a new login even if one is stored): the authorization URL is printed
    here and opened in your browser when one can open. On a machine without one (SSH,
    headless), open it in a browser elsewhere: the redirect comes back to this command on
    127.0.0.1 (forward its port, ssh -L PORT:127.0.0.1:PORT), or paste the address the
    browser ends on here. CORDON_OAUTH_BROWSER=0|1 forces either way."""
    raise typer.Exit(asyncio.run(_login(url, timeout)))


def register(app: typer.Typer) -> None:
    app.add_typer(auth_app, name="auth")
