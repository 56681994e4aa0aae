"""Credentials written into a server URL (``cordon run --url``): which parts of it are secrets,
and the URL with them masked.

Hosted MCP servers are often reached with a key in the URL: a user name or password
(``https://TOKEN@host/mcp``), a query parameter (``?api_key=``, ``?access_token=`` as in
RFC 6750 section 2.3, a pre-signed URL's signature), or a path segment (a capability URL,
:func:`is_path_key`). Such a key is the server's own credential, like a header's token: no
tool call may carry it out, and the audit log, the messages and the pin files name the URL
with it masked. Standard library only, so the client-config code can use it without the
HTTP stack.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from collections.abc import Callable
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

__all__ = ["is_path_key", "masked_url", "only_path_keys_differ", "pinned_url", "url_credentials"]

#: query parameter names that carry a credential: API keys and tokens, passwords,
#: pre-signed URL signatures (``X-Amz-Signature``, ``sig``)
_CREDENTIAL_PARAM = re.compile(
    r"token|secret|passw|pwd|api.?key|auth|signature|credential|(?:^|[_-])(?:key|sig)$",
    re.IGNORECASE,
)

#: a UUID in its text form (RFC 9562 section 4)
_UUID = re.compile(r"[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}", re.IGNORECASE)
#: a key's characters: base64 (standard and URL-safe, with its padding), hex, and the
#: separators API keys are written with (``sk-ak-``, ``sk_live_``, a JWT's dots)
_KEY_SEGMENT = re.compile(r"[A-Za-z0-9+_.~-]+={0,2}")
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")
#: the shortest run of letters and digits (between separators) read as a key
MIN_KEY_RUN = 20


def is_path_key(segment: str) -> bool:
    """Whether a URL path segment (percent-decoded here) is a credential: a UUID, or a run
    of at least :data:`MIN_KEY_RUN` letters and digits, between separators, that mixes
    them (random base64 or hex) or, with no digit, mixes upper and lower case as randomness
    does (at least a quarter of each; camelCase words have about one capital in seven).

    Hosted MCP servers put the key in the path: Zapier's server URL is
    ``https://mcp.zapier.com/api/mcp/s/<base64 of two UUIDs, ~100 chars, "==">/mcp`` (its
    docs: "treat your connection credentials like a password"), its earlier one
    ``https://actions.zapier.com/mcp/sk-ak-<26 base62>/sse``; Composio's
    ``https://mcp.composio.dev/composio/server/<UUID>/mcp``; Pipedream's
    ``https://mcp.pipedream.net/<external user id>/<app>``, caught when the id is a UUID or
    a token (a short numeric id is not); any ``https://host/<32-64 hex or base64url>/mcp``.

    Not caught: path words (``mcp``, ``sse``, ``api``, ``v1``, ``servers``), slugs
    (``github-server``, ``my-project-2024-prod``: their runs are short), short numeric ids,
    dates (``2025-06-18``), versions (``v2.0.0-beta.1``), long numbers (ids, not keys), words
    without a digit (``internationalization``). A 20+ character camelCase name with a digit
    in it (``getUsersV2ForOrganization``) is read as a key: masked in messages and refused
    in tool calls, the safe side of a segment no MCP server URL is known to have.
    """
    text = unquote(segment)
    if _UUID.fullmatch(text):
        return True
    if not _KEY_SEGMENT.fullmatch(text):
        return False
    run: str = max(_ALNUM_RUN.findall(text), key=len, default="")
    if len(run) < MIN_KEY_RUN:
        return False
    if any(c.isdigit() for c in run) and any(c.isalpha() for c in run):
        return True
    upper = sum(1 for c in run if c.isupper())
    lower = sum(1 for c in run if c.islower())
    return min(upper, lower) * 4 >= len(run)


def _decoded(key: str) -> str | None:
    """The text a base64 key encodes (Zapier's: two UUIDs joined by ``:``), when it is
    printable ASCII of :data:`MIN_KEY_RUN` or more characters: a call carrying it decoded
    leaks the key too."""
    try:
        raw = base64.b64decode(key + "=" * (-len(key) % 4), altchars=b"-_", validate=True)
        text = raw.decode("ascii")
    except (binascii.Error, ValueError):
        return None
    return text if len(text) >= MIN_KEY_RUN and text.isprintable() else None


def url_credentials(url: str) -> list[str]:
    """The credentials a server URL carries: its userinfo's password (a user name without a
    password is a token, as in ``https://TOKEN@host``), its path keys (:func:`is_path_key`;
    a base64 one also as the text it encodes) and the values of its credential-named query
    parameters (:data:`_CREDENTIAL_PARAM`). Values shorter than the secret registry's
    minimum are ignored by it."""
    p = urlsplit(url)
    # a user name beside a password names an account, not a credential
    out = [unquote(x) for x in [p.password or p.username] if x]
    for segment in p.path.split("/"):
        if is_path_key(segment):
            key = unquote(segment)
            out += [key, *[t for t in [_decoded(key)] if t]]
    for name, value in parse_qsl(p.query, keep_blank_values=False):
        if _CREDENTIAL_PARAM.search(name):
            out.append(value)
    return out


def _masked(url: str, path_key: Callable[[str], str]) -> str:
    """``url`` without fragment, its userinfo and credential parameters as ``***``, each
    path key as ``path_key(key)``."""
    p = urlsplit(url)
    netloc = p.netloc.rpartition("@")[2]
    if p.username or p.password:
        netloc = "***@" + netloc
    path = "/".join(path_key(s) if is_path_key(s) else s for s in p.path.split("/"))
    parts = []
    for part in p.query.split("&") if p.query else ():
        name, eq, _ = part.partition("=")
        parts.append(f"{name}=***" if eq and _CREDENTIAL_PARAM.search(unquote(name)) else part)
    return urlunsplit((p.scheme, netloc, path, "&".join(parts), ""))


def masked_url(url: str) -> str:
    """``url`` for the audit log and messages: the whole URL (which server, which path and
    parameters, as written), its credentials (:func:`url_credentials`) replaced by ``***``;
    no fragment."""
    return _masked(url, lambda _: "***")


#: a path key as :func:`pinned_url` writes it
_DIGEST = re.compile(r"\*\*\*sha256:[0-9a-f]{8}")


def _key_digest(segment: str) -> str:
    """A path key as the pin file keeps it: ``***sha256:`` and the first 8 hex digits of
    the SHA-256 of the key. One-way (32 bits of a hash of a 100+ bit random key say
    nothing of it), and enough to tell one's few keys on one host apart."""
    return "***sha256:" + hashlib.sha256(unquote(segment).encode("utf-8")).hexdigest()[:8]


def pinned_url(url: str) -> str:
    """The URL as the pin file keeps it (the server's identity and the default pin file's
    name): as given when it carries no credential; else masked, so the pin file holds no
    key. A rotated userinfo or query key is the same server. A path key is not masked
    whole but kept as a short one-way digest (:func:`_key_digest`): two path keys on one
    host are two servers (Zapier gives each configured server its own URL), so a rotated
    path key reads as another server: a named server stops with ``pin.server_changed``
    until ``cordon pin accept``, an unnamed one gets its own default pin file."""
    return _masked(url, _key_digest) if url_credentials(url) else url


def only_path_keys_differ(a: str, b: str) -> bool:
    """Whether two server URLs (as given or as pinned) are different servers to the pin
    file only because of the keys in their paths (a rotated path key, or another server of
    the same service)."""

    def shape(url: str) -> str:
        return _DIGEST.sub("***", masked_url(url))

    return pinned_url(a) != pinned_url(b) and shape(a) == shape(b)
