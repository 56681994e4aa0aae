"""A server URL that carries a key (``https://KEY@host/mcp``, ``?api_key=``, a path key: the
forms :mod:`cordon.urlcreds` masks) and whose server asks for an OAuth login anyway (the
key was revoked, or the host moved to OAuth). The login names the server as the RFC 8707
``resource`` in the authorization request (the address the browser opens, printed on
stderr) and the token request: built from the URL as given, it would carry the key to the
authorization server (its logs, the browser's history, the client's log of cordon's
stderr). Also an authorization server that lists no S256 PKCE, and a server that takes
each token once (a browser login per call). Against the real ``cordon run --url`` on raw pipes
(:class:`tests.e2e.test_redteam_remote.Cordon`), a scripted server that is its own
authorization server (:class:`tests.e2e.test_redteam_oauth.Hostile`).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.conftest import Harness
from tests.e2e.test_redteam_oauth import INIT, Hostile, browser, opened, scripted
from tests.e2e.test_redteam_remote import Answer, Cordon, Req, http, words

pytestmark = [pytest.mark.e2e]

__all__ = ["scripted"]  # (the fixture, imported for the tests below)

KEY = "sk-live-Zq7Xv2Lm9Rt4Wp8Kd3Hs6Jb1"


def _url(h: Hostile, form: str) -> str:
    port = h.s.port
    return {
        "userinfo": f"http://{KEY}@127.0.0.1:{port}/mcp",
        "query": f"http://127.0.0.1:{port}/mcp?api_key={KEY}",
        "path": f"http://127.0.0.1:{port}/s/{KEY}/mcp",
    }[form]


def _everything_sent(h: Hostile, *paths: str) -> str:
    return "\n".join(
        r.path + json.dumps(r.headers) + r.body.decode("utf-8", "replace")
        for p in paths
        for r in h.got(p)
    )


@pytest.mark.parametrize("form", ["query"])
def test_a_url_key_never_reaches_the_authorization_server(
    harness: Harness, scripted: Any, form: str
) -> None:
    """No protected-resource metadata (the 2025-03-26 shape): the ``resource`` is the
    server URL itself. Its userinfo and its credential parameters are no part of the
    resource's identity (RFC 8707 section 2: an absolute URI, SHOULD NOT carry a query):
    the authorization and token requests name the URL without them, the login goes on."""
    h = Hostile(scripted)
    h.raw["/.well-known/oauth-protected-resource/mcp"] = http(404)
    h.raw["/.well-known/oauth-protected-resource"] = http(404)
    c = Cordon(harness, _url(h, form), CORDON_OAUTH_TEST_AUTOLOGIN="1")
    try:
        out = c.ask("initialize", INIT, timeout=40)
    finally:
        err = c.close()
    [authorize] = h.got("/authorize")
    assert parse_qs(urlsplit(authorize.path).query).get("resource") == [h.url]
    [token] = h.got("/token")
    assert parse_qs(token.body.decode()).get("resource") == [h.url]
    assert KEY not in _everything_sent(h, "/authorize", "/token", "/register")
    assert KEY not in err
    assert "result" in out, (out, err[-2000:])


def test_a_path_key_in_the_resource_is_not_printed(harness: Harness, scripted: Any) -> None:
    """A path key is the resource's identity (``/s/KEY/mcp``): the server named it as its
    resource and its authorization server gets it, and the browser is given it. The address
    ``cordon run`` printed for the user to visit should the browser not open goes to the
    client's log with the key in it: it names ``cordon auth login`` instead (which prints
    the address in the user's terminal)."""
    h = Hostile(scripted)
    url = _url(h, "path")
    h.raw["/.well-known/oauth-protected-resource/s/KEY/mcp".replace("KEY", KEY)] = http(
        200, json.dumps({"resource": url, "authorization_servers": [h.origin]}).encode()
    )
    env, log = browser(harness)
    c = Cordon(harness, url, **env)
    try:
        out = c.ask("initialize", INIT, timeout=40)
    finally:
        err = c.close()
    assert "error" in out  # (the recorder refused the login)
    [address] = opened(log)
    assert parse_qs(urlsplit(address).query).get("resource") == [url]
    assert "in your browser; if it does not open, run cordon auth login" in err, err[-2000:]
    assert KEY not in err, err[-2000:]


def test_a_resource_mismatch_names_the_url_masked(harness: Harness, scripted: Any) -> None:
    """The URL's userinfo never matches a protected resource's metadata (RFC 9728 section
    3.3: no login). The message saying so, to stderr and to the client, names the server's
    URL with its key masked, as every other message does."""
    h = Hostile(scripted)
    c = Cordon(harness, _url(h, "userinfo"))
    try:
        out = c.ask("initialize", INIT, timeout=40)
    finally:
        err = c.close()
    assert "error" in out, out
    assert KEY not in words(out) and KEY not in err, (words(out), err[-2000:])
    assert not h.got("/authorize")


@pytest.mark.parametrize("methods", [["plain"], []])
def test_an_authorization_server_without_s256_gets_no_login(
    harness: Harness, scripted: Any, methods: list[str]
) -> None:
    """The authorization server's metadata lists the PKCE methods it checks, S256 not among
    them: the code challenge cordon sends is ignored there, and an authorization code taken
    on its way (a redirect logged, another program on the loopback) is redeemable without
    the verifier. MCP authorization: the client MUST refuse; no browser opens."""
    h = Hostile(scripted)
    o = h.origin
    h.docs["asm"] = {"issuer": o, "authorization_endpoint": f"{o}/authorize",
                     "token_endpoint": f"{o}/token", "registration_endpoint": f"{o}/register",
                     "response_types_supported": ["code"],
                     "code_challenge_methods_supported": methods}  # fmt: skip
    env, log = browser(harness)
    c = Cordon(harness, h.url, **env)
    try:
        out = c.ask("initialize", INIT, timeout=40)
    finally:
        c.close()
    assert "error" in out and "PKCE" in words(out), words(out)
    assert opened(log) == [] and not h.got("/authorize")


def test_a_server_that_takes_each_token_once_gets_no_login_per_call(
    harness: Harness, scripted: Any
) -> None:
    """The server serves the first call a token is sent on, then refuses that token (401):
    each call would start a new login in the user's browser (a tab and a consent page per
    call the agent makes), and the check on a token refused on the request its own login
    was for never fires. One refused token of this run is logged in again (a revocation);
    a second ends the logins of the run, and each call then says what to run."""
    h = Hostile(scripted)
    used: set[str] = set()
    serve = h.answer

    def answer(req: Req) -> Answer:
        bearer = req.headers.get("authorization", "").removeprefix("Bearer ")
        if req.path == "/mcp" and req.method == "POST" and req.json().get("method") == "tools/call":
            if bearer in used:
                return http(401, b"", "text/plain", WWW_Authenticate="Bearer")
            used.add(bearer)
        return serve(req)

    h.s.handler = answer
    c = Cordon(harness, h.url, CORDON_OAUTH_TEST_AUTOLOGIN="1")
    try:
        c.start()
        said = [words(c.call("read_inbox", {}, timeout=40)) for _ in range(5)]
    finally:
        err = c.close()
    assert len(h.got("/authorize")) == 2, (said, err[-3000:])
    assert "you sent Authorization" in said[0] and "you sent Authorization" in said[1]
    assert all("cordon auth login" in x for x in said[2:]), said
