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
from collections.abc import Callable, Iterable
from urllib.parse import unquote, unquote_plus, urlsplit, urlunsplit

__all__ = [
    "header_credentials",
    "is_path_key",
    "masked_url",
    "only_path_keys_differ",
    "pinned_url",
    "server_credentials",
    "url_credentials",
]

#: query parameter names that carry a credential (matched case-insensitively, anywhere in
#: the name unless anchored):
#:
#: - ``token`` (``access_token``: RFC 6750 section 2.3; ``X-Amz-Security-Token``), ``secret``
#:   (``client_secret``: RFC 6749 section 2.3.1), ``passw``/``pwd`` (``password``, ``passwd``,
#:   Foscam's ``pwd``), ``api.?key``, ``auth`` (``authorization``: Mercure's query
#:   fallback), ``signature``/``credential`` (AWS SigV4 pre-signed URLs), ``key``/``sig`` as
#:   the whole name or its last word (``key``: Google APIs; ``sig``: Azure SAS);
#: - ``jwt``: a JSON Web Token (RFC 7519) passed in the URL (Jitsi Meet's ``?jwt=``);
#: - ``bearer``: a bearer token by its RFC 6750 name;
#: - ``pat`` as the whole name or its last word: a personal access token (GitHub, Azure
#:   DevOps, Airtable name theirs so); not ``pattern``, ``path``, ``patch``;
#: - ``pass`` as the whole name or its last word (SHOUTcast's ``admin.cgi?pass=``,
#:   ``db_pass``); not ``passage``, ``compass``, ``bypass``;
#: - ``otp``, ``totp``, ``hotp`` as the whole name or its last word: a one-time password
#:   (RFC 4226, RFC 6238); not ``footprint`` or ``hotplug``;
#: - ``ticket`` as the whole name only: a CAS service ticket (Apereo CAS protocol,
#:   ``?ticket=ST-...``), a login credential; not ``ticket_id`` or ``jira_ticket``, which
#:   name an issue (registered as a secret, its value would refuse every call naming it).
_CREDENTIAL_PARAM = re.compile(
    r"token|secret|passw|pwd|api.?key|auth|signature|credential|jwt|bearer"
    r"|(?:^|[_-])(?:key|sig|pat|pass|[ht]?otp)$|^ticket$",
    re.IGNORECASE,
)
#: what separates a query's parameters: ``&``, and ``;`` (HTML 4.01 appendix B.2.2; many
#: servers still split on it, so ``?a=1;api_key=K`` hands the server ``api_key``)
_QUERY_SEP = re.compile(r"([&;])")

#: a UUID in its text form (RFC 9562 section 4)
_UUID = re.compile(r"[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}", re.IGNORECASE)
#: a key's characters: base64 (standard and URL-safe, with its padding), hex, and the
#: separators API keys are written with (``sk-ak-``, ``sk_live_``, a JWT's dots)
_KEY_SEGMENT = re.compile(r"[A-Za-z0-9+_.~-]+={0,2}")
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")
#: a file name's extension (``.html``, ``.git``): a document, not a key
_FILE_NAME = re.compile(r"\.[a-z]{2,5}\.?$")
#: the fewest characters read as a key (a run of letters and digits, or a segment)
MIN_KEY_RUN = 20


def _mixed(run: str) -> bool:
    """Whether a run of letters and digits mixes them (hex, base62), or, without a digit,
    upper and lower case as randomness does: a third of each at least (camelCase has about
    one capital in six, one in four with acronyms: ``ReadableStreamBYOBReader``)."""
    if not run.isalpha():
        return not run.isdigit()
    upper = sum(1 for c in run if c.isupper())
    return 3 * upper >= len(run) and 3 * (len(run) - upper) >= len(run)


def _switches(run: str) -> int:
    """How often ``run`` switches between lower case, upper case and digits: about 6 times
    in 10 characters of random base64, twice per capitalised word, never in a slug."""
    kinds = ["d" if c.isdigit() else "u" if c.isupper() else "l" for c in run]
    return sum(a != b for a, b in zip(kinds, kinds[1:], strict=False))


def is_path_key(segment: str) -> bool:
    """Whether a URL path segment (percent-decoded here) is a credential. Within the base64
    (standard or URL-safe) and hex alphabet, with at least :data:`MIN_KEY_RUN` characters,
    and not a file name (``.html``):

    - a UUID;
    - a run of :data:`MIN_KEY_RUN` letters and digits between separators that mixes them,
      or upper and lower case a third each (:func:`_mixed`: hex, base62);
    - base64url cut into short runs by its own ``-`` and ``_``: upper and lower case both,
      switching between lower, upper and digits at least once every three letters or
      digits (:func:`_switches`).

    Hosted MCP servers put the key in the path: Zapier's server URL is
    ``https://mcp.zapier.com/api/mcp/s/<base64 of two UUIDs, ~100 chars, "==">/mcp`` (its
    docs: "treat your connection credentials like a password"), its earlier one
    ``https://actions.zapier.com/mcp/sk-ak-<26 base62>/sse``; Composio's
    ``https://mcp.composio.dev/composio/server/<UUID>/mcp``; Pipedream's
    ``https://mcp.pipedream.net/<external user id>/<app>``, caught when the id is a UUID or
    a token (a short numeric id is not); any ``https://host/<32-64 hex or base64url>/mcp``.
    Random keys caught: all UUIDs, 32-hex and Zapier keys; 99.9% of 20-hex and 26-base62
    (``sk-ak-``), 99.7% of 20-base62 (a few with no digit are missed), 99% of 22-character
    base64url (``secrets.token_urlsafe(16)``; 20 000 draws each).

    Not caught: path words (``mcp``, ``sse``, ``api``, ``v1``, ``servers``), file names
    (``GettingObjectsUsingAPIs.html``), slugs (``github-server``,
    ``Q3-2024-Sales-Report-v2``: short runs, few switches), short numeric ids, dates
    (``2025-06-18``), versions (``v2.0.0-beta.1``), long numbers (ids, not keys), words and
    camelCase names without a digit (``getAllUsersFromDatabaseTable``,
    ``ReadableStreamBYOBReader``). Read as a key although it is none: a 20+ character name
    that runs a digit into letters (``OAuth2ServiceAccount``, ``elasticloadbalancingv2``) or
    has capitals as often as lower case (``GitHubMCPServerForOrgs``); a UUID or a hash that
    is no secret (an Azure subscription id, a commit). Of 25 934 distinct path segments of
    the URLs in an installed Python, its packages and node_modules, 223 are read as keys:
    200 hashes and UUIDs, 19 other random tokens, 4 names. Such a segment is masked in
    messages and refused in tool calls: the safe side, for segments no MCP server URL is
    known to have.
    """
    text = unquote(segment)
    if len(text) < MIN_KEY_RUN or not _KEY_SEGMENT.fullmatch(text) or _FILE_NAME.search(text):
        return False
    if _UUID.fullmatch(text):
        return True
    runs = _ALNUM_RUN.findall(text)
    if any(len(r) >= MIN_KEY_RUN and _mixed(r) for r in runs):
        return True
    joined = "".join(runs)
    return (
        len(runs) > 1
        and not joined.islower()
        and not joined.isupper()
        and 3 * sum(map(_switches, runs)) >= len(joined)
    )


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
    for part in _QUERY_SEP.split(p.query)[::2]:
        name, eq, value = part.partition("=")
        if not eq or not value or not _CREDENTIAL_PARAM.search(unquote_plus(name)):
            continue
        # a form decoder reads ``+`` as a space, another server as ``+``: both are the key
        out += dict.fromkeys([unquote_plus(value), unquote(value)])
    return out


def header_credentials(value: str) -> list[str]:
    """The credentials a header's value carries: the value, each word after an
    authentication scheme (``Bearer <token>``), and for ``Basic`` (RFC 7617) the
    ``user-id:password`` its base64 encodes and the password in it (the user id when the
    password is empty: an API key given as the user name). A hijacked agent that read the
    header's value from a client config sends the password decoded as readily as the value."""
    words = value.split()
    out = [value, *words[1:]]
    if len(words) == 2 and words[0].lower() == "basic":
        # (as a lenient server reads it: padding left off, the URL-safe alphabet, and
        # ISO-8859-1 text when it is not UTF-8; RFC 7617 leaves the charset to the server)
        given = words[1].rstrip("=").replace("-", "+").replace("_", "/")
        try:
            raw = base64.b64decode(given + "=" * (-len(given) % 4), validate=True)
        except binascii.Error:
            return out
        try:
            text = raw.decode()
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        user, _, password = text.partition(":")
        out += [text, *[x for x in [password or user] if x]]
    return out


def server_credentials(header_values: Iterable[str], url: str | None) -> list[str]:
    """cordon's own credentials for a remote server: :func:`header_credentials` of each
    header value and :func:`url_credentials` of its URL."""
    out = [c for v in header_values for c in header_credentials(v)]
    return out + (url_credentials(url) if url is not None else [])


def _masked(url: str, path_key: Callable[[str], str], query_keys: bool = False) -> str:
    """``url`` without fragment, its userinfo and credential parameters as ``***``, each
    path key as ``path_key(key)``; ``query_keys``: each other query value that reads as a
    key too (:func:`is_path_key`: ``?x=ghp_...``). Such a value is masked in messages and
    records, not registered as the server's credential by :func:`url_credentials` (an id
    under a plain name, ``?project=<UUID>``, would then refuse every call naming it; a token
    in a known format is refused in calls by its format) nor masked in the pin file's URL
    (the server's identity, kept as it was)."""
    p = urlsplit(url)
    netloc = p.netloc.rpartition("@")[2]
    if p.username or p.password:
        netloc = "***@" + netloc
    path = "/".join(path_key(s) if is_path_key(s) else s for s in p.path.split("/"))
    parts = []
    for part in _QUERY_SEP.split(p.query) if p.query else ():
        name, eq, value = part.partition("=")
        if eq and _CREDENTIAL_PARAM.search(unquote_plus(name)):
            part = f"{name}=***"  # (the separators kept as written)
        elif query_keys and eq and is_path_key(value):  # a key under any name, as in a path
            part = f"{name}={path_key(value)}"
        parts.append(part)
    return urlunsplit((p.scheme, netloc, path, "".join(parts), ""))


def masked_url(url: str) -> str:
    """``url`` for the audit log and messages: the whole URL (which server, which path and
    parameters, as written), its credentials (:func:`url_credentials`) and any query value
    that reads as a key replaced by ``***``; no fragment."""
    return _masked(url, lambda _: "***", query_keys=True)


#: a path key as :func:`pinned_url` writes it
_DIGEST = re.compile(r"\*\*\*sha256:[0-9a-f]{8}")


def _key_digest(segment: str) -> str:
    """A path key as the pin file keeps it: ``***sha256:`` and the first 8 hex digits of
    the SHA-256 of the key. One-way: 32 bits of the hash of a random key of 80 bits or more
    say nothing of it (the audit log's withheld marker shows 64 bits of the same hash), and
    they tell one's few keys on one host apart."""
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
