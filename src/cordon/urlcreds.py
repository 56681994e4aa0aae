"""Credentials written into a server URL (``cordon run --url``): which parts of it are secrets,
and the URL with them masked.

Hosted MCP servers are often reached with a key in the URL: a user name or password
(``https://TOKEN@host/mcp``), or a query parameter (``?api_key=``, ``?access_token=`` as in
RFC 6750 section 2.3, a pre-signed URL's signature). Such a key is the server's own
credential, like a header's token: no tool call may carry it out, and the audit log, the
messages and the pin files name the URL with it masked. Standard library only, so the
client-config code can use it without the HTTP stack.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

__all__ = ["masked_url", "pinned_url", "url_credentials"]

#: query parameter names that carry a credential: API keys and tokens, passwords,
#: pre-signed URL signatures (``X-Amz-Signature``, ``sig``)
_CREDENTIAL_PARAM = re.compile(
    r"token|secret|passw|pwd|api.?key|auth|signature|credential|(?:^|[_-])(?:key|sig)$",
    re.IGNORECASE,
)


def url_credentials(url: str) -> list[str]:
    """The credentials a server URL carries: its userinfo's password (a user name without a
    password is a token, as in ``https://TOKEN@host``) and the values of its
    credential-named query parameters (:data:`_CREDENTIAL_PARAM`). Values shorter than the
    secret registry's minimum are ignored by it."""
    p = urlsplit(url)
    # a user name beside a password names an account, not a credential
    out = [unquote(x) for x in [p.password or p.username] if x]
    for name, value in parse_qsl(p.query, keep_blank_values=False):
        if _CREDENTIAL_PARAM.search(name):
            out.append(value)
    return out


def masked_url(url: str) -> str:
    """``url`` for the audit log and messages: the whole URL (which server, which path and
    parameters, as written), its credentials (:func:`url_credentials`) replaced by ``***``;
    no fragment."""
    p = urlsplit(url)
    netloc = p.netloc.rpartition("@")[2]
    if p.username or p.password:
        netloc = "***@" + netloc
    parts = []
    for part in p.query.split("&") if p.query else ():
        name, eq, _ = part.partition("=")
        parts.append(f"{name}=***" if eq and _CREDENTIAL_PARAM.search(unquote(name)) else part)
    return urlunsplit((p.scheme, netloc, p.path, "&".join(parts), ""))


def pinned_url(url: str) -> str:
    """The URL as the pin file keeps it (the server's identity and the default pin file's
    name): masked when it carries credentials, so the pin file holds no key and a rotated
    key is the same server; as given otherwise."""
    return masked_url(url) if url_credentials(url) else url
