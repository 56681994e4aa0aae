"""The ``WWW-Authenticate`` header of a 401 or 403, read strictly for :mod:`cordon.proxy.oauth`.

The SDK's flow reads the parameters it acts on (``resource_metadata``: where discovery
starts; ``scope``: what the login asks for; ``error``: whether a 403 is a step-up) with a
regular expression searched anywhere in the header: ``x_scope="admin"`` is read as a scope,
``realm="error=insufficient_scope"`` as a step-up (a browser login started by a 403 that asked
for none), and of ``scope="a", scope="b"`` the first wins where another reader takes the last.
:func:`vet_challenge` parses the header by RFC 9110 section 11.6.1 (challenges of
comma-separated ``name=value`` parameters; a value quoted, or bare: a URL left unquoted, as
servers send it, is taken) and replaces it with the Bearer challenge's three parameters,
written so that the SDK's expression reads exactly those. A header that does not parse (an
unclosed quote, a parameter twice, text that is no parameter, two Bearer challenges, a control
character) raises :class:`ValueError`: the flow then stops instead of guessing (fail closed).
A header with no Bearer challenge is dropped (the SDK then discovers from the well-known
addresses, as for a 401 without the header).
"""

from __future__ import annotations

import re

import httpx2

__all__ = ["parse_challenges", "vet_challenge"]

_TCHARS = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_QUOTED = r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\[\t\x20-\x7e\x80-\xff])*"'
#: an unquoted value: a token by the RFC; visible characters but the separators, so that an
#: unquoted URL (``resource_metadata=https://...``, sent by real servers) still reads
_BARE = r"[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]+"
_PARAM = re.compile(rf"({_TCHARS})[ \t]*=[ \t]*({_QUOTED}|{_BARE})[ \t]*(?=,|$)")
_SCHEME = re.compile(rf"({_TCHARS})(?=[ \t]|,|$)")
_TOKEN68 = re.compile(r"[A-Za-z0-9._~+/-]+=*[ \t]*(?=,|$)")
_UNESCAPE = re.compile(r"\\(.)")
#: the Bearer parameters the SDK's flow acts on (RFC 6750 section 3, RFC 9728 section 5.1)
_KEPT = ("error", "scope", "resource_metadata")


def parse_challenges(header: str) -> list[tuple[str, dict[str, str]]]:
    """The challenges of a ``WWW-Authenticate`` value: (scheme in lower case, parameters by
    lower-case name, values unquoted). A token68 challenge has no parameters.

    Raises:
        ValueError: the value does not parse; the message says where.
    """
    challenges: list[tuple[str, dict[str, str]]] = []
    pos, after_scheme, token68 = 0, False, False
    while pos < len(header):
        if header[pos] in " \t,":
            after_scheme = after_scheme and header[pos] != ","
            pos += 1
            continue
        credentials = _TOKEN68.match(header, pos) if after_scheme else None
        if credentials is not None:  # (before a parameter: ``abc==`` is no ``abc`` of ``=``)
            pos, after_scheme, token68 = credentials.end(), False, True
            continue
        param = _PARAM.match(header, pos)
        if param is not None:
            if not challenges or token68:
                raise ValueError("a parameter before any scheme, or after a token68")
            name, value = param.group(1).lower(), param.group(2)
            if value.startswith('"'):
                value = _UNESCAPE.sub(r"\1", value[1:-1])
            params = challenges[-1][1]
            if name in params:
                raise ValueError(f"the parameter {name} twice in one challenge")
            params[name] = value
            pos, after_scheme = param.end(), False
            continue
        scheme = _SCHEME.match(header, pos)
        if scheme is None or after_scheme:
            raise ValueError(f"unreadable text at character {pos}")
        challenges.append((scheme.group(1).lower(), {}))
        pos, after_scheme, token68 = scheme.end(), True, False
    return challenges


def vet_challenge(response: httpx2.Response) -> None:
    """Replace the ``WWW-Authenticate`` header(s) of ``response`` (a 401 or 403 to the request
    the flow authorizes) with its Bearer challenge's ``error``, ``scope`` and
    ``resource_metadata``, each quoted; remove it when there is no Bearer challenge.

    Raises:
        ValueError: the header is malformed or ambiguous (the message says why).
    """
    values = response.headers.get_list("www-authenticate")
    if not values:
        return
    challenges = [c for value in values for c in parse_challenges(value)]
    bearer = [params for scheme, params in challenges if scheme == "bearer"]
    del response.headers["www-authenticate"]
    if not bearer:
        return
    if len(bearer) > 1:
        raise ValueError("two Bearer challenges")
    kept = []
    for name in _KEPT:
        value = bearer[0].get(name, "")
        if any(ch in value for ch in '"\\') or not value.isprintable():
            raise ValueError(f"the parameter {name} holds a quote, backslash or control character")
        if value:
            kept.append(f'{name}="{value}"')
    response.headers["www-authenticate"] = "Bearer " + ", ".join(kept) if kept else "Bearer"
