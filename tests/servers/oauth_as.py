"""A local OAuth 2.1 authorization server for the mailbox server's OAuth set-up, built from
the SDK's server-side pieces (:mod:`mcp.server.auth`): an ``OAuthAuthorizationServerProvider``
kept in memory, served by the SDK's routes (metadata, registration, authorize, token,
revocation) on the same origin as the MCP endpoint, whose ``token_verifier`` it also is.

``authorize`` approves at once (no login page: the test's automated browser step follows the
redirect straight to cordon's loopback listener). Test controls (POST):

- ``/test/revoke``: revoke every access and refresh token (a login revoked by the user);
- ``/test/drop-access``: revoke the access tokens only (a server that answers 401 mid-session);
- ``/test/deny``: refuse every later authorization (``error=access_denied``).

Every grant is appended to ``$MAILBOX_DIR/oauth.log`` as a JSON line (``authorize``,
``authorization_code``, ``refresh_token``) with the tokens issued, so a test can search
cordon's files for them. ``MAILBOX_OAUTH_TTL`` is the access token lifetime (seconds).
"""

from __future__ import annotations

import json
import os
import secrets
import time
from pathlib import Path
from typing import Any

from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    TokenError,
    construct_redirect_uri,
)
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

#: a token the client believes valid a moment longer than the server does is still taken
GRACE_S = 2


class LocalAuthServer:
    """The provider: clients, codes and tokens in memory."""

    def __init__(self, root: Path, resource: str) -> None:
        self.log = root / "oauth.log"
        self.resource = resource
        self.ttl = int(os.environ.get("MAILBOX_OAUTH_TTL", "3600"))
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.access: dict[str, AccessToken] = {}
        self.refresh: dict[str, RefreshToken] = {}
        self.deny = False

    def _record(self, event: str, **fields: Any) -> None:
        with self.log.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps({"event": event, **fields}) + "\n")

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        assert client_info.client_id is not None
        self.clients[client_info.client_id] = client_info
        self._record("register", client_id=client_info.client_id)

    async def authorize(
        self, client: OAuthClientInformationFull, params: AuthorizationParams
    ) -> str:
        self._record("authorize", resource=params.resource, denied=self.deny)
        if self.deny:
            return construct_redirect_uri(
                str(params.redirect_uri), error="access_denied", state=params.state
            )
        code = f"code-{secrets.token_hex(16)}"
        assert client.client_id is not None
        self.codes[code] = AuthorizationCode(
            code=code,
            scopes=params.scopes or [],
            expires_at=time.time() + 300,
            client_id=client.client_id,
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
        )
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        return self.codes.get(authorization_code)

    def _issue(
        self, client_id: str, scopes: list[str], resource: str | None, grant: str
    ) -> OAuthToken:
        access, refresh = f"at-{secrets.token_hex(24)}", f"rt-{secrets.token_hex(24)}"
        expires = int(time.time()) + self.ttl
        self.access[access] = AccessToken(
            token=access, client_id=client_id, scopes=scopes, expires_at=expires, resource=resource
        )
        self.refresh[refresh] = RefreshToken(
            token=refresh, client_id=client_id, scopes=scopes, resource=resource
        )
        self._record(grant, access_token=access, refresh_token=refresh)
        return OAuthToken(
            access_token=access,
            expires_in=self.ttl,
            scope=" ".join(scopes) or None,
            refresh_token=refresh,
        )

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        self.codes.pop(authorization_code.code, None)
        return self._issue(
            authorization_code.client_id,
            authorization_code.scopes,
            authorization_code.resource,
            "authorization_code",
        )

    async def load_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: str
    ) -> RefreshToken | None:
        return self.refresh.get(refresh_token)

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        if self.refresh.pop(refresh_token.token, None) is None:
            raise TokenError(error="invalid_grant", error_description="refresh token revoked")
        return self._issue(
            refresh_token.client_id,
            scopes or refresh_token.scopes,
            refresh_token.resource,
            "refresh_token",
        )

    async def load_access_token(self, token: str) -> AccessToken | None:
        found = self.access.get(token)
        if found is None or (found.expires_at and found.expires_at + GRACE_S < time.time()):
            return None
        return found

    async def verify_token(self, token: str) -> AccessToken | None:
        return await self.load_access_token(token)

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        self.access.pop(token.token, None)
        self.refresh.pop(token.token, None)

    async def exchange_identity_assertion(self, client: Any, params: Any) -> OAuthToken:
        raise TokenError(error="unsupported_grant_type")

    def routes(self) -> list[Route]:
        async def revoke(_: Request) -> PlainTextResponse:
            self.access.clear()
            self.refresh.clear()
            return PlainTextResponse("revoked")

        async def drop_access(_: Request) -> PlainTextResponse:
            self.access.clear()
            return PlainTextResponse("dropped")

        async def deny(_: Request) -> PlainTextResponse:
            self.deny = True
            return PlainTextResponse("denying")

        return [
            Route("/test/revoke", revoke, methods=["POST"]),
            Route("/test/drop-access", drop_access, methods=["POST"]),
            Route("/test/deny", deny, methods=["POST"]),
        ]


def oauth_app(server: Any, root: Path, port: int) -> Any:
    """``server``'s Streamable HTTP app requiring OAuth, with this authorization server."""
    from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions

    origin = f"http://127.0.0.1:{port}"
    provider = LocalAuthServer(root, f"{origin}/mcp")
    settings = AuthSettings(
        issuer_url=origin,  # type: ignore[arg-type]
        resource_server_url=f"{origin}/mcp",  # type: ignore[arg-type]
        client_registration_options=ClientRegistrationOptions(enabled=True),
        revocation_options=RevocationOptions(enabled=True),
        validate_token_resource=True,
    )
    return server.streamable_http_app(
        host="127.0.0.1",
        auth=settings,
        token_verifier=provider,
        auth_server_provider=provider,
        custom_starlette_routes=provider.routes(),
    )
