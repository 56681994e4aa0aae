"""OAuth 2.1 for ``cordon run --url``: the SDK's ``OAuthClientProvider`` with cordon's token
store, a loopback redirect and one-line errors.

The flow itself is the SDK's (:mod:`mcp.client.auth.oauth2`): a 401 with ``WWW-Authenticate``
leads to protected-resource metadata, authorization-server metadata, dynamic client
registration (or a client ID metadata document), the authorization code with PKCE and the
resource indicator, then the token exchange; an access token past its lifetime is refreshed
before it is sent. This module adds what is cordon's:

- tokens and the client registration live in ``~/.cordon/oauth/`` (:mod:`cordon.store.oauth`),
  with the absolute expiry time, so a later run refreshes an expired token instead of sending
  it; each new token is handed to ``on_secret`` (the proxy registers it as a secret);
- the redirect: a listener on ``127.0.0.1`` (:class:`.oauth_loopback.Loopback`, a port kept
  with the client registration, since the server matches the redirect URI exactly) receives
  the code; the authorization URL is printed on stderr and opened in the user's graphical
  browser. Where no browser can open (:mod:`cordon.proxy.oauth_browser`: headless, SSH,
  CI), ``cordon run`` fails the request at once, saying to run ``cordon auth login URL`` in a
  terminal; that command prints the URL and takes the redirect on the loopback (a forwarded
  port) or as a pasted address, so the browser may run on another machine;
- a 401 to an access token cordon still thought valid (revoked or expired early by the server)
  is answered with one refresh before the SDK would start a new login in the browser;
- what a hostile server's login can make cordon do is bounded: each answer the flow reads
  within :data:`MAX_ANSWER_BYTES`; an authorization address with a user name in it, too
  long to read, with a control character, or not https (http on loopback), neither printed
  nor opened; the ``resource`` (RFC 8707) in every request, without the URL's userinfo
  or key parameters, so a token is for this server only; an authorization server whose
  metadata does not list S256 among its PKCE methods (or has no such list, or is missing),
  no login; a ``WWW-Authenticate`` header read strictly (:mod:`.oauth_challenge`), a
  malformed one ending the flow; once a token is refused on the request its login was for,
  no other login (a browser tab per call) in this run;
- every failure of the flow becomes a :class:`LoginError`, one line naming the server and what
  to do, and never a server's response body or a token. The SDK's own log lines (which may
  quote a token endpoint's answer) are silenced.

For tests only, ``CORDON_OAUTH_TEST_AUTOLOGIN=1`` makes cordon fetch the authorization URL
itself and follow its redirects to the loopback listener (the browser step, automated). It is
honoured only when the authorization endpoint is on a loopback address, where no real
authorization server is, and it is not a command-line option.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import logging
import os
import socket
import sys
from collections.abc import AsyncGenerator, Callable
from pathlib import Path
from urllib.parse import parse_qs, unquote, unquote_plus, urljoin, urlsplit, urlunsplit

import httpx2
from mcp.client.auth.exceptions import OAuthFlowError, OAuthRegistrationError, OAuthTokenError
from mcp.client.auth.oauth2 import OAuthClientProvider, OAuthContext
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientMetadata
from pydantic import AnyUrl

from cordon import __version__
from cordon.engine import rules
from cordon.engine.egress import EgressPolicy, classify_host
from cordon.proxy.http import LoginError
from cordon.proxy.http_why import masked_url
from cordon.proxy.oauth_browser import headless_message, headless_reason, open_browser
from cordon.proxy.oauth_challenge import vet_challenge
from cordon.proxy.oauth_loopback import CALLBACK_PATH, Loopback
from cordon.proxy.transport import log
from cordon.store.oauth import OAuthStore
from cordon.urlcreds import url_credentials

__all__ = [
    "LOGIN_TIMEOUT_S",
    "USER_AGENT",
    "CordonOAuth",
    "Loopback",
    "LoginError",
    "make_oauth",
    "stamp",
]

#: the User-Agent of every request cordon sends a server (the lean client's too, by its
#: static headers), so a server's log shows one client
USER_AGENT = f"cordon/{__version__}"

#: how long a login waits for the browser to come back (seconds)
LOGIN_TIMEOUT_S = 300.0
AUTOLOGIN_ENV = "CORDON_OAUTH_TEST_AUTOLOGIN"
_LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
#: the most the flow reads of one answer to its own requests (metadata documents, the
#: registration, tokens: a few KB each); the SDK would read a 400 MB one, or a gzip body that
#: inflates to it, whole
MAX_ANSWER_BYTES = 1 << 20
#: the longest authorization address shown and opened (a real one is well under 2 KB)
MAX_PAGE_CHARS = 8192


def stamp(request: httpx2.Request) -> httpx2.Request:
    """``request`` with cordon's User-Agent: the SDK's own requests (metadata discovery,
    registration, tokens) carry none, and a request built by the httpx2 client carries
    httpx2's. A User-Agent the user gave with ``--header`` is kept."""
    given = request.headers.get("user-agent", "")
    if not given or given.startswith("python-httpx"):
        request.headers["user-agent"] = USER_AGENT
    return request


def _quiet_sdk_logs() -> None:
    """The SDK logs a failed flow with its traceback (a token endpoint's answer included);
    cordon says what happened in one line of its own instead."""
    sdk = logging.getLogger("mcp.client.auth")
    if not any(isinstance(h, logging.NullHandler) for h in sdk.handlers):
        sdk.addHandler(logging.NullHandler())
    sdk.propagate = False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stored_port(uris: list[str]) -> int | None:
    """The loopback port of a stored registration's redirect URI, if it is cordon's."""
    for uri in uris:
        parts = urlsplit(uri)
        if parts.hostname == "127.0.0.1" and parts.path == CALLBACK_PATH and parts.port:
            return parts.port
    return None


def _autologin(auth_url: str) -> bool:
    """Whether the test-only automated browser step applies to ``auth_url``."""
    return os.environ.get(AUTOLOGIN_ENV) == "1" and urlsplit(auth_url).hostname in _LOOPBACK_HOSTS


async def _fetch_like_a_browser(url: str) -> None:
    """Tests only: GET the authorization URL and follow its redirects (to the loopback)."""
    async with httpx2.AsyncClient(
        follow_redirects=False, timeout=10.0, headers={"user-agent": USER_AGENT}
    ) as client:
        for _ in range(5):
            resp = await client.get(url)
            location = resp.headers.get("location")
            if not 300 <= resp.status_code < 400 or not location:
                return
            url = urljoin(str(resp.url), location)


class _BoundContext(OAuthContext):
    """The SDK's context, with the RFC 8707 ``resource`` in every authorization, token and
    refresh request. The SDK leaves it out when the server publishes no protected-resource
    metadata and the request that got the 401 names no protocol version (an ``initialize``):
    the token is then for every resource the authorization server serves. MCP authorization
    (2025-06-18 on): the client MUST send it, whether or not the server supports it; an
    authorization server ignores a parameter it does not know (RFC 6749 section 3.1)."""

    def should_include_resource_param(self, protocol_version: str | None = None) -> bool:
        return True

    def get_resource_url(self) -> str:
        """The SDK's resource (the server URL, or its protected-resource metadata's
        ``resource`` when that is a parent of it) without the URL's userinfo and credential
        parameters (:func:`_keyless`): it goes to the authorization server and, in the
        authorization address, to the browser."""
        return _keyless(super().get_resource_url())


def _keyless(resource: str) -> str:
    """``resource`` without userinfo and without the query parameters that carry one of its
    credentials (:func:`url_credentials`: ``?api_key=``). Neither names the resource (RFC
    8707 section 2: an absolute URI that SHOULD NOT hold a query), and either is a key to
    the server that the authorization server (a third party's identity service) has no use
    for. A path key is the resource's identity and stays."""
    keys = set(url_credentials(resource))
    if not keys:
        return resource
    parts = urlsplit(resource)
    query = ""
    for part in parts.query.replace(";", "&").split("&") if parts.query else ():
        value = part.partition("=")[2]
        if not {unquote(value), unquote_plus(value)} & keys:
            query += f"&{part}" if query else part
    netloc = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


async def _read_capped(response: httpx2.Response, shown: str) -> None:
    """Read ``response`` (an answer to one of the flow's own requests) into memory, decoded,
    up to :data:`MAX_ANSWER_BYTES`; the SDK and httpx2 then read it from there.

    Raises:
        LoginError: the answer is longer (a gzip bomb, a document of hundreds of MB).
    """
    body = bytearray()
    async for chunk in response.aiter_bytes():
        if len(body) + len(chunk) > MAX_ANSWER_BYTES:
            await response.aclose()
            raise LoginError(
                f"the OAuth login of {shown} was refused: an answer of its login (metadata, "
                f"registration or token) is over the size cap ({MAX_ANSWER_BYTES} bytes)"
            )
        body += chunk
    response._content = bytes(body)  # what httpx2's aread() keeps: read once, here


async def _drop_body(response: httpx2.Response) -> None:
    """A 401 or 403 to the request being authorized: the flow reads its headers only, and
    httpx2 would read its body whole (unbounded) before the flow's next request."""
    response._content = b""
    await response.aclose()


def _unshowable(auth_url: str) -> str | None:
    """Why an authorization address is not printed or opened (:meth:`CordonOAuth._redirect`),
    or None. The server's metadata chooses it: one with a user name in it reads as one host and
    goes to another (``https://login.example.com@evil.example/``); one too long hides its host
    on a terminal line; a control character would be written raw to the terminal; a browser
    reads a backslash as ``/`` (``https://192.168.1.1\\x.example/`` opens 192.168.1.1, the host
    checked is the whole name). The page is where the user's password is typed: https, or
    http on loopback only, whatever the server's own scheme (OAuth 2.1 section 1.5); another
    scheme (``file:``, ``javascript:``, an app's handler) starts another program."""
    parts = urlsplit(auth_url)
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme == "http" and not (host in _LOOPBACK_HOSTS or host.startswith("127.")):
        return "is an http:// address off loopback (clear text: the login page must be https)"
    if scheme not in ("https", "http"):
        return f"is not an https:// address (scheme {scheme[:16] or 'none'!r})"
    if parts.username is not None or parts.password is not None:
        return "names a user before its host (it reads as another site than the one it opens)"
    if "\\" in auth_url:
        return "holds a backslash (a browser reads it as /: another host than the one checked)"
    if len(auth_url) > MAX_PAGE_CHARS:
        return f"is {len(auth_url)} characters long (at most {MAX_PAGE_CHARS})"
    if not (auth_url.isascii() and auth_url.isprintable()):
        return "holds characters that are not printable ASCII"
    return None


def _names_key(auth_url: str) -> bool:
    """Whether the ``resource`` an authorization address names holds a key of the server URL
    (a path key: :func:`_keyless` takes the others out)."""
    named = parse_qs(urlsplit(auth_url).query).get("resource", [])
    return any(url_credentials(resource) for resource in named)


class CordonOAuth(OAuthClientProvider):
    """The SDK's OAuth provider for one server URL, with cordon's store and redirect.

    Args:
        url: the server's MCP endpoint.
        store: the URL's stored login.
        loopback: the redirect listener (its URI is the registered redirect URI).
        timeout: how long a login waits for the browser (seconds).
        interactive: ``cordon auth login`` in a terminal: the login may be finished from a
            browser on another machine. Otherwise (``cordon run``, started by a client) a login
            where no browser can open fails at once (:func:`headless_reason`).
    """

    def __init__(
        self,
        url: str,
        store: OAuthStore,
        loopback: Loopback,
        *,
        timeout: float = LOGIN_TIMEOUT_S,
        interactive: bool = False,
    ) -> None:
        metadata = OAuthClientMetadata(
            client_name="cordon",
            software_id="cordon",
            software_version=__version__,
            redirect_uris=[AnyUrl(loopback.redirect_uri)],
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
            token_endpoint_auth_method="none",  # noqa: S106 - a public client (PKCE)
        )
        super().__init__(
            url, metadata, store, redirect_handler=self._redirect, callback_handler=self._callback
        )
        sdk = self.context
        self.context = _BoundContext(
            **{f.name: getattr(sdk, f.name) for f in dataclasses.fields(sdk)}
        )
        self.url = url
        #: ``url`` as messages name it: the credentials written into it masked (they would
        #: reach stderr and, in a failed request's error, the client)
        self.shown = masked_url(url)
        self.store = store
        self.loopback = loopback
        self.timeout = timeout
        self.interactive = interactive
        #: whether the server's own name resolves to a private address (looked up once)
        self._server_private: bool | None = None
        #: a login finished within the flow now running (its token not yet tried)
        self.fresh = False
        #: the server refused a token on the very request its login was for, or refused a
        #: second token obtained in this run: no other login in this run (each would open
        #: the browser again, one per call the agent makes)
        self.fresh_refused = False
        #: the access tokens obtained in this run (by a login or a refresh) not yet refused,
        #: and how many such tokens the server has refused (:meth:`_refused`)
        self.issued: set[str] = set()
        self.strikes = 0

    async def _redirect(self, auth_url: str) -> None:
        if self.fresh_refused:
            raise LoginError(
                f"{self.shown} refused the tokens its own logins issued: no new login "
                "is started in this run (each would open the browser again); check the "
                f"server, then run cordon auth login {self.shown}"
            )
        self._check_pkce()
        unshowable = _unshowable(auth_url)
        if unshowable is not None:
            raise LoginError(
                f"the OAuth login of {self.shown} was refused: the authorization address its "
                f"metadata gives {unshowable}"
            )
        url, server = urlsplit(auth_url), urlsplit(self.url)
        why = _off_limits(url.hostname or "", _private(server.hostname or ""))
        if why is None and _downgraded(url.scheme, url.hostname or "", server.scheme):
            why = _CLEAR  # (:meth:`_vet`)
        why = why or await self._resolves_off_limits(auth_url)
        if why is not None:  # (a page on the user's network opened from a server's word)
            raise LoginError(
                f"the OAuth login of {self.shown} was refused: its metadata sends the browser "
                f"to {why}"
            )
        reason = None if _autologin(auth_url) else headless_reason()
        if reason is not None and not self.interactive:  # nobody can finish it: say so now
            raise LoginError(headless_message(self.shown, reason))
        state = parse_qs(urlsplit(auth_url).query).get("state", [None])[0]
        try:
            await self.loopback.start(state)
        except OSError as exc:
            raise LoginError(
                f"cannot listen for the login of {self.shown} on 127.0.0.1:{self.loopback.port} "
                f"({exc.strerror or exc}): run cordon auth logout {self.shown}, then try again"
            ) from None
        if reason is None:  # (cordon run's stderr is the client's log: no URL key in it)
            there = f"visit: {auth_url}"
            if not self.interactive and _names_key(auth_url):
                there = f"run cordon auth login {self.shown}"
            log(f"log in to {self.shown} in your browser; if it does not open, {there}")
        if _autologin(auth_url):
            with contextlib.suppress(httpx2.HTTPError):
                await _fetch_like_a_browser(auth_url)
        elif reason is None and not await open_browser(auth_url):
            reason = "the browser did not open"
            if not self.interactive:
                await self.loopback.close()
                raise LoginError(headless_message(self.shown, reason))
        if self.interactive:
            self._elsewhere(auth_url, reason)

    def _check_pkce(self) -> None:
        """Refuse a login (before the registration and before the browser) at an
        authorization server whose metadata does not say it checks PKCE with S256. The
        verifier is what proves a code is cordon's: a server that ignores the challenge
        redeems a code taken on its way (a logged redirect, another program on the
        loopback). MCP authorization (2025-11-25, Authorization Code Protection): the client
        MUST verify PKCE support in the metadata (RFC 8414, or OpenID Connect Discovery) and
        MUST refuse to proceed when ``code_challenge_methods_supported`` is absent; no
        metadata at all (the 2025-03-26 default endpoints) verifies nothing either.

        Raises:
            LoginError: the metadata is missing, lists no PKCE methods, or lacks S256.
        """
        meta = self.context.oauth_metadata
        methods = None if meta is None else meta.code_challenge_methods_supported
        if methods is not None and "S256" in methods:
            return
        if meta is None and self.context.protected_resource_metadata is None:
            raise LoginError(self._no_oauth())  # (a key it wants, not a login it offers)
        why = (
            "publishes no authorization server metadata, so its PKCE support cannot be verified"
            if meta is None
            else "does not declare PKCE support (its metadata has no "
            "code_challenge_methods_supported)"
            if methods is None
            else "does not support PKCE with S256"
        )
        raise LoginError(
            f"the OAuth login of {self.shown} was refused: its authorization server {why}; "
            "MCP authorization requires PKCE (without it a stolen authorization code is "
            "redeemable)"
        )

    def _elsewhere(self, auth_url: str, reason: str | None) -> None:
        """``cordon auth login``: the login can also be finished from a browser on another
        machine, by a forwarded port or by pasting the address the browser ends on."""
        port = self.loopback.port
        if reason is not None:
            log(f"log in to {self.shown}: no browser can be opened here ({reason}).")
            log("open this address in a browser on any machine:")
            sys.stderr.write(f"\n  {auth_url}\n\n")
        log(
            f"the browser is then sent to {self.loopback.redirect_uri}, which this command "
            f"listens on. From a browser on another machine, forward the port first "
            f"(ssh -L {port}:127.0.0.1:{port} THIS-HOST), or paste here the address it ends "
            "on (its page does not load) and press Enter:"
        )
        sys.stderr.flush()
        self.loopback.read_pastes()

    async def _callback(self) -> AuthorizationCodeResult:
        try:
            return await self.loopback.wait(self.timeout)
        except TimeoutError:
            raise LoginError(
                f"the login to {self.shown} was not completed within {self.timeout:.0f} s: "
                f"run cordon auth login {self.shown}"
            ) from None
        except LoginError as exc:
            raise LoginError(
                f"{self.shown} refused the login ({exc or 'refused'}): "
                f"run cordon auth login {self.shown} to try again"
            ) from None

    async def _initialize(self) -> None:
        await super()._initialize()
        tokens = self.context.current_tokens
        if tokens is not None:  # the SDK keeps no expiry across runs
            self.context.token_expiry_time = self.store.expires_at()
            if tokens.refresh_token and self.store.token_endpoint() is None:
                # where it was issued is not known: never refreshed (the SDK would guess the
                # MCP server's own origin, /token), a new login instead
                self.context.current_tokens = tokens.model_copy(update={"refresh_token": None})

    def _refused(self, request: httpx2.Request) -> None:
        """The server answered ``request`` 401 or 403. A server that takes each token once
        (or for a while) and refuses it after would have a browser login started at every
        call: a token just obtained by a login refused, or a second token of this run
        refused, ends the logins of this run (one revocation is logged in again)."""
        sent = request.headers.get("authorization", "").removeprefix("Bearer ")
        if sent in self.issued:
            self.issued.discard(sent)
            self.strikes += 1
        if self.fresh or self.strikes >= 2:
            self.fresh_refused = True

    def _remember(self) -> None:
        tokens = self.context.current_tokens
        if tokens is not None and tokens.access_token:
            self.issued.add(tokens.access_token)

    async def _handle_token_response(self, response: httpx2.Response) -> None:
        await super()._handle_token_response(response)
        self.fresh = True
        self._remember()
        # the endpoint that issued the tokens: their refresh token goes there and nowhere else
        self.store.set_token_endpoint(self._get_token_endpoint())

    async def _refresh_token(self) -> httpx2.Request:
        """The SDK's refresh request, sent to the token endpoint that issued the tokens
        (:meth:`OAuthStore.token_endpoint`), never to one discovered later in this run (a
        server's metadata can name another) nor to the SDK's guess at the server's origin:
        a refresh token is for its authorization server only (RFC 6749 section 10.4)."""
        req = await super()._refresh_token()
        endpoint = self.store.token_endpoint()
        if endpoint is None:  # (never: _initialize drops such a refresh token)
            raise OAuthTokenError("no token endpoint is known for the stored login")
        if str(req.url) == endpoint:
            return req
        kept = {k: v for k, v in req.headers.items() if k.lower() not in ("host", "content-length")}
        return httpx2.Request("POST", endpoint, content=req.content, headers=kept)

    async def _handle_refresh_response(self, response: httpx2.Response) -> bool:
        ok = await super()._handle_refresh_response(response)
        if ok:
            self._remember()
        else:
            self.store.clear_tokens()
            log(
                f"the stored login for {self.shown} has expired or was revoked (its refresh was "
                "refused): deleted; log in again in the browser"
            )
        return ok

    async def async_auth_flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        """The SDK's flow (with its redirects), every answer it reads bounded: the answers to
        its own requests read within :data:`MAX_ANSWER_BYTES`, the body of a 401 or 403 to
        ``request`` dropped. The answer the flow ends with is the caller's, unread (the
        transport reads it with its own cap)."""
        flow = super().async_auth_flow(request)
        try:
            outgoing = await flow.__anext__()
            while True:
                response = yield outgoing
                if outgoing is not request:
                    await _read_capped(response, self.shown)
                elif response.status_code in (401, 403):
                    await _drop_body(response)
                outgoing = await flow.asend(response)
        except StopAsyncIteration:
            return
        finally:
            await flow.aclose()

    async def _auth_flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        """The SDK's flow, its failures turned into one-line :class:`LoginError`.

        A 401 to a token the client still thought valid (the server revoked or expired it
        early) is answered with one refresh first, when there is a refresh token: the SDK
        would go straight to a new login in the browser. If the refresh is refused, or the
        request is refused again with the new token, the SDK's flow goes on as it would have
        (a login; the refusal is said on stderr). A token refused on the request its login
        was for, or a second token of this run refused, ends the logins of this run
        (:attr:`fresh_refused`)."""
        flow = super()._auth_flow(request)
        refreshed, self.fresh = False, False
        try:
            outgoing = await flow.__anext__()
            while True:
                if outgoing is not request:
                    if outgoing.method == "POST" and self.context.client_info is None:
                        self._check_pkce()  # a registration, for a login that may not happen
                    await self._vet_resolved(outgoing)
                response = yield stamp(outgoing)
                if outgoing is request and response.status_code in (401, 403):
                    self._refused(outgoing)
                if (
                    outgoing is request
                    and response.status_code == 401
                    and not refreshed
                    and self.context.can_refresh_token()
                ):
                    refreshed = True
                    answer = yield stamp(await self._vet_resolved(await self._refresh_token()))
                    if await self._handle_refresh_response(answer):
                        self._add_auth_header(request)
                        response = yield request
                        if response.status_code not in (401, 403):
                            return  # served with the refreshed token: no login
                if outgoing is request and response.status_code in (401, 403):
                    self._read_challenge(response)
                outgoing = await flow.asend(response)
        except StopAsyncIteration:
            return
        except (LoginError, httpx2.HTTPError):
            raise
        except Exception as exc:  # noqa: BLE001 - told in one line, never quoted
            raise LoginError(self._explain(exc)) from None
        finally:
            await flow.aclose()

    def _read_challenge(self, response: httpx2.Response) -> None:
        """The 401 or 403's ``WWW-Authenticate`` as the SDK's flow will read it, parsed
        strictly (:func:`vet_challenge`); a malformed one ends the flow (fail closed)."""
        try:
            vet_challenge(response)
        except ValueError as exc:
            raise LoginError(
                f"the OAuth login of {self.shown} was refused: the WWW-Authenticate header of "
                f"its HTTP {response.status_code} is malformed ({exc}), so where to log in and "
                "with which scopes cannot be read unambiguously"
            ) from None

    def _vet(self, req: httpx2.Request) -> httpx2.Request:
        """``req``, one of the flow's own requests (metadata discovery, registration, token),
        unless the server's answers point it where cordon must not go: a cloud metadata
        endpoint, or a private address when the server is not on one (SSRF through a 401's
        ``resource_metadata`` or a metadata document's URLs, which the server chooses); or
        clear text (``http://``, but to a loopback address) when the server is on ``https``:
        the authorization server's metadata, the registration, the code and its PKCE
        verifier, the page where the user types a password, all readable and rewritable on
        the path (MCP authorization: its endpoints MUST be served over HTTPS; OAuth 2.1
        section 1.5).

        Raises:
            LoginError: refused; the message names no address (it is the server's word).
        """
        url, server = urlsplit(str(req.url)), urlsplit(self.url)
        why = _off_limits(url.hostname or "", _private(server.hostname or ""))
        if why is None and _downgraded(url.scheme, url.hostname or "", server.scheme):
            why = _CLEAR
        if why is not None:
            raise LoginError(
                f"the OAuth login of {self.shown} was refused: its metadata sends cordon to {why}"
            )
        return req

    async def _vet_resolved(self, req: httpx2.Request) -> httpx2.Request:
        """``req`` after :meth:`_vet`, and after the addresses its host name resolves to pass
        the same test: ``idp.attacker.example`` whose DNS answer is ``10.0.0.5`` or
        ``169.254.169.254`` is SSRF as much as the literal (OWASP SSRF prevention: check
        the resolved address, not the name). The server's own name counts as private when
        one of its addresses is (a server on a company network). Not covered: a DNS answer
        that changes between this lookup and the connection (rebinding), and names an HTTP
        proxy resolves (one this machine cannot resolve is sent as it is).

        Raises:
            LoginError: refused; the message names no address.
        """
        self._vet(req)
        why = await self._resolves_off_limits(str(req.url))
        if why is not None:
            raise LoginError(
                f"the OAuth login of {self.shown} was refused: its metadata sends cordon to {why}"
            )
        return req

    async def _resolves_off_limits(self, address: str) -> str | None:
        """Why the host name of ``address`` is refused by the addresses it resolves to, or
        None (an address literal or a loopback name: :func:`_off_limits` judged it)."""
        url = urlsplit(address)
        host = url.hostname or ""
        if _is_ip_literal(host) or host.lower() in _LOOPBACK_HOSTS:
            return None
        if self._server_private is None:
            self._server_private = await _any_private(urlsplit(self.url).hostname or "")
        try:
            found = await _resolve(host, url.port or (443 if url.scheme == "https" else 80))
        except OSError:  # sent as it is: a direct connection fails the same way, and behind
            return None  # an HTTP proxy (HTTPS_PROXY) the name is the proxy's to resolve
        why = None
        for addr in found:
            why = why or _off_limits(addr, self._server_private)
        return why

    def _no_oauth(self) -> str:
        """A server that answered 401 with neither protected-resource nor authorization
        server metadata: it wants a credential, not a login (and no login could be vetted)."""
        return (
            f"{self.shown} requires authorization (HTTP 401) and offers no OAuth login: "
            "give its credential with --header or --header-env (e.g. --header "
            "'Authorization: Bearer ...'), or check the one given"
        )

    def _explain(self, exc: Exception) -> str:
        """One line for a failed flow: what went wrong and what to do; never a response
        body (a token endpoint's answer) or a validation error's input."""
        again = f"run cordon auth login {self.shown} to try again"
        if isinstance(exc, OAuthRegistrationError):
            ctx = self.context
            if ctx.protected_resource_metadata is None and ctx.oauth_metadata is None:
                return self._no_oauth()
            return (
                f"registering cordon with the authorization server of {self.shown} failed: {again}"
            )
        if isinstance(exc, OAuthTokenError):
            return f"the authorization server of {self.shown} refused the login: {again}"
        if type(exc) is OAuthFlowError:  # messages built from URLs, metadata and the callback
            # (an ``iss`` the authorization server chose, every character of it): printable
            # ASCII only, for ``cordon auth login`` writes it to the user's terminal as it is
            said = str(exc)[:200].encode("unicode_escape").decode("ascii")
            return f"the login to {self.shown} failed ({said}): {again}"
        return f"the login to {self.shown} failed ({type(exc).__name__}): {again}"


_CLEAR = "an http:// address (clear text) while the server is on https"


def _downgraded(scheme: str, host: str, server_scheme: str) -> bool:
    """An OAuth request in clear text from a server reached over TLS, to another machine."""
    loopback = host.lower() in _LOOPBACK_HOSTS or host.startswith("127.")
    return server_scheme == "https" and scheme != "https" and not loopback


def _off_limits(host: str, server_private: bool) -> str | None:
    """Why an OAuth request to ``host`` is refused (:meth:`CordonOAuth._vet`), or None."""
    hit = classify_host(host, EgressPolicy())
    if hit is None or hit[0] not in (rules.EGRESS_METADATA, rules.EGRESS_PRIVATE_ADDRESS):
        return None
    if hit[0] == rules.EGRESS_METADATA:  # (an address or a name: metadata.google.internal)
        return "a cloud metadata endpoint"
    if server_private:
        return None  # a server on a private address: its authorization server may be too
    return "a private address while the server is not on one"


def _private(host: str) -> bool:
    """Whether ``host`` (a name or an address) is a private, loopback or link-local one."""
    hit = classify_host(host, EgressPolicy())
    return hit is not None and hit[0] == rules.EGRESS_PRIVATE_ADDRESS


def _is_ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


async def _resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to, as the connection would look them up."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in infos})


async def _any_private(host: str) -> bool:
    """Whether ``host`` is, or resolves to, a private address (unresolvable: no)."""
    if _private(host) or _is_ip_literal(host):
        return _private(host)
    try:
        found = await _resolve(host, 443)
    except OSError:
        return False
    return any(_private(addr) for addr in found)


def make_oauth(
    url: str,
    *,
    on_secret: Callable[[str], None] | None = None,
    directory: Path | None = None,
    timeout: float = LOGIN_TIMEOUT_S,
    interactive: bool = False,
) -> CordonOAuth:
    """The OAuth provider for ``url``, on its stored login (``provider.store``)."""
    _quiet_sdk_logs()
    store = OAuthStore(url, directory=directory, on_secret=on_secret)
    port = _stored_port(store.redirect_uris()) or _free_port()
    return CordonOAuth(url, store, Loopback(port), timeout=timeout, interactive=interactive)
