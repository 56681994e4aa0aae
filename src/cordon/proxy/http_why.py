"""What ``cordon run --url`` says when a remote server's answer is not an answer: one line
per kind of failure, naming the URL, the HTTP status or cause, and what to do. Each line is
shown on stderr once and is the message of the JSON-RPC error the request gets; none quotes
a header (a header may carry a credential) or the server's own bytes (server output reaches
the client only through the core's checks, invariant 6): a malformed answer is named by its
problem (:func:`cordon.proxy.h1.protocol_why`), a content type only when it is a well-known
one. The one exception is a refused redirect's ``Location``, which the user needs to see:
:func:`redirect_refused` names it with cordon's own credentials masked (:func:`mask_own`),
and the transport hands that line to the core as the server's error, so it is recorded as
untrusted output (a destination in it is tainted) and sanitised as a server's error is."""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import quote, unquote, urlsplit, urlunsplit

import httpx2

from cordon.proxy.h1 import protocol_why
from cordon.urlcreds import is_path_key, masked_url, url_credentials

__all__ = [
    "explain",
    "explain_kind",
    "failure",
    "mask_own",
    "masked_url",
    "no_answer",
    "printable",
    "redirect_refused",
    "status_why",
    "url_credentials",
    "visible",
]


def visible(url: str) -> str:
    """``url`` for a message: without userinfo, query or fragment (they may carry state or a
    credential that does not belong in a log line), a key in its path masked
    (:func:`cordon.urlcreds.is_path_key`: a redirect from ``/s/KEY/mcp`` keeps the key), and
    anything but printable ASCII percent-encoded: a redirect's ``Location`` is the server's
    text, and an escape sequence in it must not reach the terminal or the client."""
    p = urlsplit(url)
    path = "/".join("***" if is_path_key(s) else s for s in p.path.split("/"))
    host = p.hostname or ""
    host = f"[{host}]" if ":" in host else host
    try:
        port = p.port
    except ValueError:  # a Location with a port that is no port
        port = None
    netloc = f"{host}:{port}" if port is not None else host
    return printable(urlunsplit((p.scheme, netloc, path, "", "")))


def printable(text: str) -> str:
    """``text`` (the server's, for a message) with anything but printable ASCII
    percent-encoded: no escape sequence reaches the terminal or the client."""
    return _UNPRINTABLE.sub(lambda m: quote(m.group(), safe=""), text)


#: what :func:`visible` percent-encodes: controls (ESC, BEL, C1), spaces, non-ASCII
_UNPRINTABLE = re.compile(r"[^\x21-\x7e]")


def status_why(
    code: int,
    url: str,
    *,
    verb: str = "POST",
    oauth: bool = False,
    sent: tuple[str, ...] = (),
) -> tuple[str, str]:
    """The kind and the line for an HTTP status that carries no answer to the request;
    ``sent``: the names of the headers given with ``--header``/``--header-env`` (a
    credential may be in any of them: ``Authorization``, ``X-Api-Key``, ...)."""
    if code in (401, 403):
        if oauth:
            return (
                "auth",
                f"cordon: {url} refused the login (HTTP {code}): run cordon auth login {url}",
            )
        if sent:
            return "auth", (
                f"cordon: {url} refused the request (HTTP {code}) with the headers given "
                f"({', '.join(sent)}): check the credential in them and its scopes"
            )
        return "auth", (
            f"cordon: {url} requires authorization (HTTP {code}) and OAuth login is off "
            "(--no-oauth): give the server's credentials with --header 'Authorization: Bearer ...'"
        )
    if code == 404 and url.rstrip("/").endswith("/sse"):
        return "404", (
            f"cordon: {url} answered 404: a /sse URL is usually the legacy HTTP+SSE transport, "
            "which cordon speaks with cordon run --sse --url URL; or use the server's "
            "Streamable HTTP endpoint (often /mcp)"
        )
    if code == 404:
        return "404", f"cordon: {url} answered 404 (no MCP endpoint there, or the session ended)"
    if code == 405 and verb == "POST":
        return "405", (
            f"cordon: {url} answered HTTP 405 to a POST: this looks like the legacy HTTP+SSE "
            "transport, which cordon speaks with cordon run --sse --url URL; or use the "
            "server's Streamable HTTP endpoint (often /mcp)"
        )
    if code == 202:
        return "202", f"cordon: {url} answered a request with 202 Accepted: no response follows"
    return f"http{code}", f"cordon: {url} answered HTTP {code}"


#: content types named when a server answers with one (a login page, a proxy's error, a
#: download): any other is the server's text, and is not repeated
_KNOWN_TYPES = frozenset(
    {
        "text/html",
        "text/plain",
        "text/xml",
        "text/css",
        "text/javascript",
        "application/xml",
        "application/xhtml+xml",
        "application/problem+json",
        "application/problem+xml",
        "application/octet-stream",
        "application/x-ndjson",
        "application/javascript",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "image/png",
        "image/jpeg",
        "image/gif",
        "image/svg+xml",
    }
)


def no_answer(code: int, kind: str, url: str) -> tuple[str, str]:
    """An answer of ``code`` with content type ``kind`` that ended without the response."""
    if kind == "text/event-stream":
        return "sse-ended", (
            f"cordon: {url} ended its event stream (HTTP {code}) before the response to this "
            "request"
        )
    if kind == "application/json":
        return (
            f"nojson{code}",
            f"cordon: {url} answered HTTP {code} without a JSON-RPC response to this request",
        )
    # the server's header: named only when it is a well-known type (any other may be an
    # injection or an address the model would act on)
    shown = kind if kind in _KNOWN_TYPES else "(none)" if not kind else "(another, not shown)"
    return f"type{code}", (
        f"cordon: {url} answered HTTP {code} with content type {shown}, not "
        "application/json or text/event-stream: check that the URL is the server's MCP endpoint"
    )


def mask_own(text: str, own: Iterable[str]) -> str | None:
    """``text`` (the server's, for a message) with cordon's own credentials ``own`` (header
    values, tokens, the URL's keys) replaced by ``***``, in any case (a host name is lower
    case); None when one still shows once percent-decoded (a Location that encodes it), for
    the caller to leave the text out."""
    secrets = sorted({s for s in own if len(s) >= MIN_OWN_LENGTH}, key=len, reverse=True)
    for secret in secrets:
        text = re.sub(re.escape(secret), "***", text, flags=re.IGNORECASE)
    seen = unquote(unquote(text)).lower()
    return None if any(s.lower() in seen for s in secrets) else text


#: the shortest credential :func:`mask_own` looks for (the secret registry's minimum)
MIN_OWN_LENGTH = 8


def redirect_refused(
    code: int, url: str, location: str, own: Iterable[str] = ()
) -> tuple[str, str]:
    """A redirect cordon does not follow: only a 307 or 308 to the same scheme, host and port
    keeps the request (method, body, headers and credentials) where it was meant to go. The
    line reaches the client's model too: the Location is the server's word, so it is named,
    not recommended (a compromised server would otherwise steer the agent to its address),
    with cordon's own credentials ``own`` masked (a server that echoes a header's token into
    its Location); left out when one shows only encoded."""
    shown = mask_own(visible(location), own)
    where = shown if shown is not None else "an address carrying cordon's credential (not shown)"
    return "redirect", (
        f"cordon: {url} redirects (HTTP {code}) to {where}, which cordon does not "
        "follow (only a 307 or 308 on the same scheme, host and port is: the request and its "
        "credentials would go elsewhere). The address comes from the server: a person should "
        "check it before changing the entry's --url; an agent should not act on it"
    )


def explain(exc: httpx2.HTTPError, url: str) -> tuple[str, str]:
    """One line for a transport failure, saying what to do."""
    return explain_kind(*failure(exc), url)


def failure(exc: BaseException) -> tuple[str, str]:
    """The kind and the text of a transport failure (``httpx2``'s or the lean client's), the
    text without any of the server's bytes: a malformed answer is named by its problem
    (``h11``'s message quotes the bytes), another failure by its class unless its text is
    the operating system's or the TLS library's (a connection refused, a certificate)."""
    kind = getattr(exc, "kind", None)
    if isinstance(kind, str):  # an H1Error: its text holds none of the server's bytes
        return kind, str(exc) or type(exc).__name__
    text = str(exc) or type(exc).__name__
    if isinstance(exc, httpx2.ProtocolError):
        return "http", f"malformed HTTP answer ({protocol_why(exc)})"
    if isinstance(exc, httpx2.ConnectError):
        tls = "SSL" in text or "certificate" in text.lower()
        return ("tls" if tls else "connect"), text
    if isinstance(exc, httpx2.TimeoutException):
        return "timeout", text
    if isinstance(exc, httpx2.NetworkError):  # an OSError's words (reset, broken pipe)
        return "http", text
    return "http", type(exc).__name__


def explain_kind(kind: str, text: str, url: str) -> tuple[str, str]:
    """One line for a failure of ``kind`` (``connect``, ``tls``, ``timeout``, ``http``)."""
    if kind == "tls":
        return (
            "tls",
            f"cordon: TLS with {url} failed ({text}): check the URL and the server's certificate",
        )
    if kind == "connect":
        return "connect", f"cordon: cannot reach {url} ({text}): check the URL and your network"
    if kind == "timeout":
        return "timeout", f"cordon: {url} did not answer in time"
    return "http", f"cordon: the request to {url} failed ({text})"
