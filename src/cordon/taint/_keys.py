"""Normalised comparison keys for destinations, shared by extraction and the output index.

Both sides of a taint comparison go through the same functions, so that a destination matches
output that spells it differently (issue 3, "Matching"): invisible characters removed, NFKC,
case folding, confusable skeleton (:mod:`cordon.textnorm`), punycode labels decoded, e-mail
``+tag`` subaddresses (RFC 5233) and trailing dots ignored, URLs reduced to host and path.
"""

from __future__ import annotations

import re

from cordon.textnorm import decode_idna, decode_percent, skeleton, strip_invisible

__all__ = [
    "EMAIL_RE",
    "HOST_RE",
    "SLACK_ID_RE",
    "email_key",
    "host_key",
    "norm",
    "phone_key",
    "token_keys",
    "url_keys",
]

# RFC 5322 atext without ``/ = ? & % #``, which in practice delimit query strings and encodings
_LOCAL = r"[\w.!$'*+^`{|}~-]"
#: An address inside a normalised token or value; the local part starts at a non-local char.
EMAIL_RE = re.compile(rf"(?<!{_LOCAL}){_LOCAL}+@[\w-]+(?:\.[\w-]+)+\.?")
#: A host name (two or more labels) at the start of a string, followed by its end or ``:/?#``.
HOST_RE = re.compile(r"[\w-]+(?:\.[\w-]+)+\.?(?=$|[:/?#])")
_EMBEDDED_SCHEME_RE = re.compile(r"(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,30}+://")
_SCHEME_RE = re.compile(r"[a-z][a-z0-9+.-]{0,30}+:(?://)?")
#: A Slack ID (Slack API docs, "Channel IDs" and "User IDs"): a conversation ``C``, a private
#: group ``G``, a DM ``D``, a user ``U`` or ``W``, then 8 to 10 upper-case letters and digits
#: with at least one of each (9-11 characters in all), not inside a longer identifier (no
#: letter, digit, ``_`` or ``-`` either side). Output names a channel so with no ``#``
#: (``post to C0EV1LX99``), so output is searched for the shape (:mod:`cordon.taint._index`);
#: its key is the ID in lower case, which is :func:`norm` of it, the key a sink value that
#: is the ID gets (an ``other`` destination). Upper case only: a lower-case word, a hex hash
#: in lower case, a word in capitals without a digit or a code with a separator is not one.
SLACK_ID_RE = re.compile(
    rb"(?<![A-Za-z0-9_-])[CDGUW](?=[A-Z]*[0-9])(?=[0-9]*[A-Z])[A-Z0-9]{8,10}(?![A-Za-z0-9_-])"
)
_STRIP = ".,:;!?*_~'\"`=+-"
_NON_DIGIT_RE = re.compile(r"\D+")
_DOTTED = r"[\w-]+(?:\.[\w-]+)+"
#: The common ASCII token shapes, keyed without the general path: a plain address, a plain URL,
#: a plain host (optionally with a path), none with userinfo, port, ``%`` or a second ``@``.
#: Anything else (and any ``xn--`` label) takes the general path; the two agree on these
#: shapes (checked in tests/taint/test_keys_fast.py).
_HOST_PATH = rf"(?P<host>{_DOTTED})(?P<path>/[^?#%@:]*)?(?:[?#][^@:]*)?"
_FAST_EMAIL_RE = re.compile(rf"(?P<local>{_LOCAL}+)@(?P<domain>{_DOTTED})", re.ASCII)
_FAST_URL_RE = re.compile(rf"[a-z][a-z0-9+.-]{{0,30}}://{_HOST_PATH}", re.ASCII)
_FAST_HOST_RE = re.compile(_HOST_PATH, re.ASCII)


def norm(text: str) -> str:
    """Invisible characters removed, NFKC, casefold and confusable skeleton, ends stripped."""
    return skeleton(strip_invisible(text)).strip()


def host_key(host: str) -> str:
    """Comparison key of a host: userinfo and port dropped, trailing dot dropped, punycode
    labels decoded (RFC 3492) and the result normalised (so ``xn--exmple-4nf.com`` with a
    Cyrillic ``а`` and ``example.com`` agree, as in a TR39 skeleton)."""
    host = host.rpartition("@")[2]
    if host.startswith("["):  # IPv6 literal
        return host.partition("]")[0] + "]"
    host = host.partition(":")[0].rstrip(".")
    if "xn--" in host:
        host = norm(decode_idna(host))
    return host


def email_key(address: str) -> str:
    """Comparison key of an e-mail address (already normalised by :func:`norm`).

    The ``+tag`` subaddress (RFC 5233) and trailing dots of the local part and the domain are
    dropped; the domain goes through :func:`host_key`. ``Bob+x@Example.com.`` ->
    ``bob@example.com``.
    """
    local, _, domain = address.rpartition("@")
    if "+" in local[1:]:
        local = local[0] + local[1:].partition("+")[0]
    return f"{local.rstrip('.')}@{host_key(domain)}"


def url_keys(text: str) -> tuple[str, str] | None:
    """``(host, host_and_path)`` for a normalised URL or ``host/path`` string, else None.

    The scheme, userinfo, port, query and fragment are dropped; the path is percent-decoded
    and loses trailing slashes, and a leading ``www.`` label is dropped, so
    ``https://www.Evil.com:443/x/`` gives ``("evil.com", "evil.com/x")``. Addresses inside the query are found separately by :data:`EMAIL_RE`.
    """
    rest = text
    m = _SCHEME_RE.match(rest)
    if m and m.group().endswith("//"):
        rest = rest[m.end() :]
    if rest.startswith("//"):
        rest = rest[2:]
    end = len(rest)
    for sep in "/?#":
        i = rest.find(sep)
        if i != -1 and i < end:
            end = i
    authority = rest[:end]
    hm = HOST_RE.match(authority.rpartition("@")[2]) if authority else None
    if hm is None:
        return None
    host = _no_www(host_key(authority))
    path = rest[end:]
    for sep in "?#":
        path = path.partition(sep)[0]
    if "%" in path:
        path = decode_percent(path)
    path = path.rstrip("/")
    return host, host + path


def _no_www(host: str) -> str:
    """``www.example.com`` -> ``example.com``: the same site, one key (a link to
    ``www.evil.example`` read as ``evil.example`` in output is the attacker's either way)."""
    if host.startswith("www.") and host.count(".") >= 2:
        return host[4:]
    return host


def phone_key(text: str) -> str | None:
    """Key of a phone number with 7 to 15 digits (E.164's maximum), else None.

    The key is the last 10 digits (all of them when fewer), so ``+1 (555) 010-0199`` and
    ``555.010.0199`` agree whether or not a country code or trunk prefix is written.
    """
    digits = _NON_DIGIT_RE.sub("", text)
    return digits[-10:] if 7 <= len(digits) <= 15 else None


def token_keys(token: str, out: set[str]) -> None:
    """Add the keys of one normalised output token to ``out``.

    A token is a run of characters without whitespace, quotes or brackets that contains an
    ``@``, a dot inside a word, ``#`` or ``://``. It yields: the token itself (for "other"
    destinations), every e-mail address in it (:func:`email_key`), its host and host+path when
    it is a URL or host, and the name after a leading ``#`` (channel) or ``@`` (handle).

    A plain ASCII address, host or URL (``_FAST_*_RE``) is keyed by one regex match
    (:func:`fast_token_keys`); every other token takes :func:`general_token_keys`, which
    gives the same keys for those shapes.
    """
    rest = fast_token_keys(token, out)
    if rest is not None:
        general_token_keys(rest, out)


def fast_token_keys(token: str, out: set[str]) -> str | None:
    """The fast half of :func:`token_keys`: add the keys of a plain ASCII address, host or
    URL (or nothing for a token under two characters) and return None; for any other token,
    add nothing and return it stripped, for :func:`general_token_keys`."""
    token = token.strip(_STRIP)
    if len(token) < 2:
        return None
    if token.isascii() and "xn--" not in token:
        if "@" in token:
            m = _FAST_EMAIL_RE.fullmatch(token)
            if m is not None:
                out.add(token)
                at = m.end(1)
                # the address key is the token itself unless the local part has a ``+tag``
                # or ends with a dot (the common address: no second string built)
                if token.find("+", 1, at) > 0 or token[at - 1] == ".":
                    local, domain = m.groups()
                    if local.find("+", 1) > 0:
                        local = local[0] + local[1:].partition("+")[0]
                    out.add(f"{local.rstrip('.')}@{domain}")
                return None
        else:
            m = (_FAST_URL_RE if "://" in token else _FAST_HOST_RE).fullmatch(token)
            if m is not None:
                host, path = m.groups()
                if host.startswith("www.") and host.count(".") >= 2:
                    host = host[4:]
                out.add(token)
                out.add(host)
                if path:
                    out.add(host + path.rstrip("/"))
                return None
    return token


def general_token_keys(token: str, out: set[str]) -> None:
    """:func:`token_keys` for any token already stripped of :data:`_STRIP` (2+ characters)."""
    if not token.isascii():
        token = norm(token)
    out.add(token)
    m = _EMBEDDED_SCHEME_RE.search(token, 1)
    if m is not None:  # "link:https://x.example/y": the URL inside the token is keyed too
        general_token_keys(token[m.start() :], out)
    if "@" in token:
        if token[0] == "@" and token.count("@") == 1:
            out.add(token[1:])
        for m in EMAIL_RE.finditer(token):
            out.add(email_key(m.group().rstrip(".")))
    if token[0] == "#":
        out.add(token.lstrip("#"))
    if "://" in token or "@" not in token:
        keys = url_keys(token)
        if keys is not None:
            out.update(keys)
