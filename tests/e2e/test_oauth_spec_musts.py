"""The MCP authorization specification's (2025-11-25) client requirements, checked against the
real ``cordon run --url`` on raw pipes in front of a scripted server that is its own
authorization server (:class:`tests.e2e.test_redteam_oauth.Hostile`: every document and
answer of the login is the test's). What each test watches is what the servers received:
the discovery requests in order, the registration, each authorization and token request.

Requirements checked elsewhere: the ``resource`` parameter without protected-resource
metadata and a protected resource naming another server (``test_redteam_oauth.py``), the
issuer of the authorization server's metadata (``test_remote_redteam_tls.py``), a refresh
token sent only where it was issued (``test_redteam_remote.py``), the login against the
SDK's own authorization server (``test_remote_oauth.py``)."""

from __future__ import annotations

import base64
import hashlib
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.conftest import Harness
from tests.e2e.test_redteam_oauth import INIT, Hostile, browser, opened, scripted
from tests.e2e.test_redteam_remote import Answer, Cordon, Req, http, words

__all__ = ["scripted"]  # (the fixture, imported for the tests below)

pytestmark = [pytest.mark.e2e]

AUTOLOGIN = {"CORDON_OAUTH_TEST_AUTOLOGIN": "1"}


def _query(req: Req) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(req.path).query).items()}


def _form(req: Req) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(req.body.decode()).items()}


def _asm(o: str, issuer: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"issuer": issuer or o, "authorization_endpoint": f"{o}/authorize",
            "token_endpoint": f"{o}/token", "registration_endpoint": f"{o}/register",
            "response_types_supported": ["code"], **extra}  # fmt: skip


# -- PKCE: verified in the metadata before anything is registered or opened --------------------


@pytest.mark.parametrize("case", ["field absent", "no metadata"])
def test_an_authorization_server_that_does_not_declare_pkce_gets_no_login(
    harness: Harness, scripted: Any, case: str
) -> None:
    """Authorization Code Protection: the client MUST rely on the authorization server's
    metadata to verify PKCE support, and if ``code_challenge_methods_supported`` is absent
    MUST refuse to proceed. Without metadata at all (the SDK's 2025-03-26 fallback to
    ``/authorize`` and ``/token`` on the server's origin) nothing is verified either. No
    client is registered, no browser opens, and the error names the cause."""
    h = Hostile(scripted)
    if case == "field absent":
        h.docs["asm"] = _asm(h.origin)
    else:
        h.raw["/.well-known/oauth-authorization-server"] = http(404)
        h.raw["/.well-known/openid-configuration"] = http(404)
    env, log = browser(harness)
    c = Cordon(harness, h.url, **env)
    try:
        out = c.ask("initialize", INIT, timeout=40)
    finally:
        err = c.close()
    said = words(out)
    assert "error" in out and "PKCE" in said, (said, err[-2000:])
    cause = "code_challenge_methods_supported" if case == "field absent" else "no authorization"
    assert cause in said, said
    assert opened(log) == [] and not h.got("/register") and not h.got("/authorize")


# -- discovery order (RFC 9728, RFC 8414 section 3.1 and 5, OpenID Connect Discovery) ---------


@pytest.mark.parametrize("pkce", [True, False])
def test_discovery_tries_the_well_known_addresses_in_the_spec_s_order(
    harness: Harness, scripted: Any, pkce: bool
) -> None:
    """The 401 names no metadata address: protected-resource metadata is tried at the
    endpoint's path, then at the root (where it is). Its authorization server's issuer has a
    path: OAuth metadata with the path inserted, OpenID Connect with the path inserted, then
    with it appended (where it is). The OpenID document MUST carry
    ``code_challenge_methods_supported`` too, or no login."""
    h = Hostile(scripted)
    o, issuer = h.origin, f"{h.origin}/tenant1"
    h.raw["/.well-known/oauth-protected-resource/mcp"] = http(404)
    h.raw["/.well-known/oauth-protected-resource"] = http(
        200, f'{{"resource": "{h.url}", "authorization_servers": ["{issuer}"]}}'.encode()
    )
    methods = {"code_challenge_methods_supported": ["S256"]} if pkce else {}
    h.docs["oidc"] = _asm(o, issuer, **methods)
    h.raw["/tenant1/.well-known/openid-configuration"] = http(200, h.doc("oidc", {}))
    c = Cordon(harness, h.url, **AUTOLOGIN)
    try:
        out = c.ask("initialize", INIT, timeout=40)
    finally:
        err = c.close()
    gets = [r.path for r in h.s.got if r.method == "GET" and "well-known" in r.path]
    assert gets == [
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-authorization-server/tenant1",
        "/.well-known/openid-configuration/tenant1",
        "/tenant1/.well-known/openid-configuration",
    ], gets
    if pkce:
        assert "result" in out, (words(out), err[-2000:])
        assert len(h.got("/authorize")) == 1
    else:
        assert "error" in out and "code_challenge_methods_supported" in words(out)
        assert not h.got("/register") and not h.got("/authorize")


# -- redirect URI, state and PKCE verifier per attempt, resource in both requests --------------


def test_each_login_has_its_own_state_and_verifier_on_a_loopback_redirect(
    harness: Harness, scripted: Any
) -> None:
    """Two logins in one run (the server refuses the first token after a while): each
    authorization request has its own ``state`` and S256 code challenge, each token request
    the verifier of its own challenge; the registered and used redirect URI is a loopback
    one (http on 127.0.0.1: the spec allows localhost or https); the ``resource`` (RFC 8707)
    is the server's URL in every authorization and token request."""
    h = Hostile(scripted)
    c = Cordon(harness, h.url, **AUTOLOGIN)
    try:
        c.start()
        h.honoured = 0  # from now on every token is refused: a second login
        c.call("read_inbox", {})
    finally:
        err = c.close()
    authorize, token = h.got("/authorize"), h.got("/token")
    assert len(authorize) == 2 and len(token) == 2, err[-2000:]
    [register] = h.got("/register")
    uris = register.json()["redirect_uris"]
    assert uris and all(u.startswith("http://127.0.0.1:") for u in uris), uris
    asked = [_query(r) for r in authorize]
    assert asked[0]["state"] != asked[1]["state"]
    assert asked[0]["code_challenge"] != asked[1]["code_challenge"]
    for q, t in zip(asked, (_form(r) for r in token), strict=True):
        assert q["code_challenge_method"] == "S256" and q["redirect_uri"] in uris
        digest = hashlib.sha256(t["code_verifier"].encode()).digest()
        assert base64.urlsafe_b64encode(digest).rstrip(b"=").decode() == q["code_challenge"]
        assert q["resource"] == t["resource"] == h.url
        assert t["redirect_uri"] == q["redirect_uri"]


# -- scope step-up (403 insufficient_scope) and the WWW-Authenticate header -------------------


def _scoped(
    h: Hostile, challenge_403: str, challenge_401: str = 'Bearer scope="mail:read"'
) -> None:
    """``h`` grants each token the scope its authorization asked for; ``send_email`` needs
    ``mail:send`` and is refused with ``challenge_403`` without it."""
    granted: dict[str, str] = {}
    asked: list[str] = []
    serve = h.answer

    def answer(req: Req) -> Answer:
        path = req.path.partition("?")[0]
        if path == "/authorize":
            asked.append(_query(req).get("scope", ""))
        out = serve(req)
        if path == "/token":
            granted[h.issued[-1]] = asked[-1]
        if path == "/mcp" and req.method == "POST":
            bearer = req.headers.get("authorization", "").removeprefix("Bearer ")
            if bearer not in granted:
                return http(401, b"", "text/plain", WWW_Authenticate=challenge_401)
            msg = req.json()
            name = msg.get("params", {}).get("name") if msg.get("method") == "tools/call" else None
            if name == "send_email" and "mail:send" not in granted[bearer].split():
                return http(403, b"", "text/plain", WWW_Authenticate=challenge_403)
        return out

    h.s.handler = answer


def test_insufficient_scope_steps_up_to_the_union_of_scopes(
    harness: Harness, scripted: Any
) -> None:
    """Step-up authorization: a 403 ``insufficient_scope`` naming more scopes starts one
    new authorization asking for them (with the ones granted before), and the call is
    retried with the new token."""
    h = Hostile(scripted)
    _scoped(h, 'Bearer error="insufficient_scope", scope="mail:read mail:send"')
    c = Cordon(harness, h.url, **AUTOLOGIN)
    try:
        c.start()
        out = c.call("send_email", {"to": "ops@example.com", "body": "hi"}, timeout=40)
    finally:
        err = c.close()
    scopes = [_query(r).get("scope", "").split() for r in h.got("/authorize")]
    assert len(scopes) == 2, (scopes, err[-2000:])
    assert scopes[0] == ["mail:read"] and set(scopes[1]) == {"mail:read", "mail:send"}
    assert "you sent Authorization" in words(out), words(out)


def test_a_403_whose_header_only_mentions_insufficient_scope_starts_no_login(
    harness: Harness, scripted: Any
) -> None:
    """The 403's challenge carries ``insufficient_scope`` only inside another parameter's
    text (a realm): it asks for no step-up. The SDK's reading (a pattern searched anywhere in
    the header) took it as one and opened a browser login for it; cordon reads the header by
    its grammar, so the 403 is the call's answer and no login starts."""
    h = Hostile(scripted)
    _scoped(h, 'Bearer realm="error=insufficient_scope scope=mail:send"')
    c = Cordon(harness, h.url, **AUTOLOGIN)
    try:
        c.start()
        out = c.call("send_email", {"to": "ops@example.com", "body": "hi"}, timeout=40)
    finally:
        err = c.close()
    assert len(h.got("/authorize")) == 1, err[-2000:]
    assert "you sent Authorization" not in words(out)


@pytest.mark.parametrize(
    "challenge",
    [
        'Bearer scope="mail:read", scope="mail:read mail:send admin"',  # a parameter twice
        'Bearer scope="mail:read',  # an unclosed quote
        'Bearer scope="mail:read" resource_metadata="x"',  # no comma between parameters
    ],
)
def test_a_malformed_www_authenticate_ends_the_login(
    harness: Harness, scripted: Any, challenge: str
) -> None:
    """A 401 whose ``WWW-Authenticate`` does not parse (which ``scope`` is meant when there
    are two: readers differ) starts no login (fail closed): nothing is registered or opened,
    and the error says the header is malformed."""
    h = Hostile(scripted)
    _scoped(h, "Bearer", challenge_401=challenge)
    env, log = browser(harness)
    c = Cordon(harness, h.url, **env)
    try:
        out = c.ask("initialize", INIT, timeout=40)
    finally:
        err = c.close()
    assert "error" in out and "malformed" in words(out), (words(out), err[-2000:])
    assert opened(log) == [] and not [r for r in h.s.got if "well-known" in r.path]


# -- the token goes to the server it was issued for only ------------------------------------


def test_the_token_does_not_follow_a_redirect_to_another_origin(
    harness: Harness, scripted: Any
) -> None:
    """After the login the server answers a call with 307 to another origin (the token's
    audience is this server: MCP clients MUST NOT send it elsewhere). The redirect is not
    followed: the other server receives nothing, and the call gets an error."""
    h = Hostile(scripted)
    other = scripted(lambda req: http(200, b"{}"))
    serve = h.answer

    def answer(req: Req) -> Answer:
        if req.path == "/mcp" and req.method == "POST" and req.json().get("method") == "tools/call":
            if req.headers.get("authorization"):
                return http(307, b"", "text/plain", Location=f"{other.origin}/mcp")
        return serve(req)

    h.s.handler = answer
    c = Cordon(harness, h.url, **AUTOLOGIN)
    try:
        c.start()
        out = c.call("read_inbox", {}, timeout=40)
    finally:
        c.close()
    said = words(out)
    assert h.issued and ("error" in said or "isError" in said), said
    assert other.got == []
