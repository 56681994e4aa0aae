"""Destinations that look like a domain the user trusts: ASCII typosquats of an allowlisted
domain, of one the user's text names, or of one this session already sent to or approved.

Registering a domain a person misreads as a trusted one is a standard step before phishing
and exfiltration (MITRE ATT&CK T1583.001, Acquire Infrastructure: Domains). Letters of other
scripts are folded already (:func:`cordon.textnorm.mark_lookalikes`: ``pаypal.com`` with a
Cyrillic ``а`` is spelled out to the person); these are the plain ASCII ones, which no
folding catches: ``paypa1.com``, ``rnicrosoft.com``, ``g00gle.com``, ``arnazon.com``, one
letter added, dropped, changed or two swapped (``paypall.com``, ``papyal.com``), or the
trusted name as a label of another domain (``paypal-com.security.example``,
``paypal.com.evil.example``, the dot left out: ``wwwpaypal.com``, ``paypalcom.net``); an
IDNA host (``xn--pypal-4ve.com``) is compared as it reads (``pаypal.com``, folded).

:func:`resembles` says which trusted domain a host resembles. It clears nothing: an ask about
such a destination says so at its start (:mod:`cordon.engine.checks._pipeline`), and stays an
ask; a destination nothing else objects to is not looked at. It is never a deny of its own:
the destination is not allowlisted, so it is asked about already (fail closed: never allowed
for being near a trusted name), and a near spelling is also how a firm's own other domains
look (``paypal.de``, ``acme.co`` beside ``acme.com``); a policy that wants one never sent to
lists the real one and declines. Pure and deterministic: the Public Suffix List is
``tldextract``'s bundled snapshot (:func:`cordon.engine.egress.registrable_domain`), and of
several matches the first in sorted order is named.

The rule, on registrable domains (``mail.paypal.com`` -> ``paypal.com``), with ``fold``
mapping the ASCII look-alikes ``1``->``l``, ``0``->``o``, ``5``->``s``, ``rn``->``m``,
``vv``->``w``: a host resembles a trusted domain ``T`` when its registrable domain ``R`` is
not ``T`` (a subdomain of ``T`` is ``T``'s) and ``T``'s name (``paypal``) has at least
:data:`MIN_NAME` characters, and either ``fold(R)`` and ``fold(T)`` are at most one edit
apart (an insertion, a deletion, a substitution or two adjacent letters swapped), or one of
the host's labels left of its public suffix, split at dots and hyphens and folded, is
``fold`` of ``T``'s name (:data:`MIN_EMBEDDED` characters or more), also once a leading
``www`` or a trailing ``com`` is taken off it.

Not caught: two edits or more once folded (``pyapl.com``), other ASCII look-alikes (``cl`` for ``d``,
``3`` for ``e``), a trusted name inside a longer label (``paypalsecure.com``), names shorter
than :data:`MIN_NAME`, and hosts under a suffix outside the Public Suffix List (``.example``,
``.internal``: each such suffix reads as one registrable domain).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cordon._textnorm_unicode import skeleton
from cordon.engine.egress import registrable_domain

__all__ = ["MIN_EMBEDDED", "MIN_NAME", "Index", "fold", "host_of", "index", "owned", "resembles"]

#: the shortest trusted name (``paypal`` of ``paypal.com``) a near spelling is reported for:
#: any three-letter name is one edit from hundreds of others (``ibm``, ``ibn``)
MIN_NAME = 4
#: the shortest trusted name reported when another domain carries it as a label
#: (``mail`` of ``mail.com`` is a label of ``mail.yahoo.example``)
MIN_EMBEDDED = 5

#: ASCII look-alikes, the multi-letter ones first (``rn`` reads as ``m``, ``vv`` as ``w``)
_FOLDS = (("rn", "m"), ("vv", "w"), ("1", "l"), ("0", "o"), ("5", "s"))
_LABELS = re.compile(r"[.-]")
_IP = re.compile(r"[0-9.]+|.*:.*")
#: a host name as a destination key spells it (lower case; IDNA is folded before)
_HOST = re.compile(r"[a-z0-9_-]+(?:\.[a-z0-9_-]+)+")


def fold(text: str) -> str:
    """``text`` lower-cased, its ASCII look-alikes read as the letters they imitate."""
    out = text.lower()
    for seen, read in _FOLDS:
        out = out.replace(seen, read)
    return out


def _one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by at most one insertion, deletion, substitution or swap of two
    adjacent characters (optimal string alignment distance <= 1)."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    i = 0
    while i < min(la, lb) and a[i] == b[i]:
        i += 1
    if la == lb:
        if a[i + 1 :] == b[i + 1 :]:
            return True  # one substitution
        return i + 1 < la and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]
    return a[i + 1 :] == b[i:] if la > lb else a[i:] == b[i + 1 :]


def host_of(destination: str) -> str:
    """The host a destination key or an allowlist entry names: ``bob@paypal.com``,
    ``@paypal.com``, ``*.paypal.com``, ``https://api.paypal.com/x``, ``paypal.com/x`` ->
    ``paypal.com``-ish host, lower-cased; ``""`` when it names none."""
    d = destination.strip().lower()
    if "://" in d:
        d = d.split("://", 1)[1]
    d = d.split("/", 1)[0].split("?", 1)[0]
    if "@" in d:
        d = d.rsplit("@", 1)[1]
    if d.startswith("*."):
        d = d[2:]
    if d.count(":") == 1:  # (a port)
        d = d.split(":", 1)[0]
    d = d.rstrip(".")
    return d if _HOST.fullmatch(d) and not _IP.fullmatch(d) else ""


def _read_as(host: str) -> str:
    """``host`` as a person reads it: each ``xn--`` label decoded (IDNA) and letters of other
    scripts read as the ASCII ones they imitate (:func:`cordon._textnorm_unicode.skeleton`).
    A label that does not decode is kept as it is."""
    if "xn--" not in host:
        return host
    labels = []
    for label in host.split("."):
        if label.startswith("xn--"):
            try:
                label = label.encode("ascii").decode("idna")
            except UnicodeError:
                pass
        labels.append(label)
    return skeleton(".".join(labels))


def _name(domain: str) -> str:
    return domain.split(".", 1)[0]


def _deletions(text: str) -> frozenset[str]:
    """``text`` and every string one character shorter: two strings at most one edit apart
    share one of these (a swap of two letters too: each side drops one of them)."""
    return frozenset([text, *(text[:i] + text[i + 1 :] for i in range(len(text)))])


@functools.lru_cache(maxsize=8192)
def _trusted(entry: str) -> tuple[str, str, str] | None:
    """An allowlist entry's or a known destination's registrable domain, that domain folded
    and its name folded; None when it names no domain."""
    host = host_of(entry)
    domain = registrable_domain(host) if host else ""
    if "." not in domain or _IP.fullmatch(host):
        # (no public suffix: ``report.docx`` in the user's text, ``a.example``)
        return None
    return domain, fold(domain), fold(_name(domain))


@dataclass(frozen=True, slots=True)
class Index:
    """Trusted domains, looked up by one-edit neighbourhood and by name (:func:`index`)."""

    domains: frozenset[str]
    #: each one-deletion string of a folded domain -> the domains it comes from
    near: Mapping[str, tuple[str, ...]]
    #: each folded name of :data:`MIN_EMBEDDED` characters or more -> its domains
    names: Mapping[str, tuple[str, ...]]


@functools.lru_cache(maxsize=64)
def index(entries: frozenset[str]) -> Index:
    """The :class:`Index` of ``entries`` (allowlist entries, destination keys, hosts): built
    once for a set (the allowlist; a session's destinations until the next one)."""
    near: dict[str, set[str]] = {}
    names: dict[str, set[str]] = {}
    domains: set[str] = set()
    for entry in entries:
        found = _trusted(entry)
        if found is None:
            continue
        domain, folded, name = found
        domains.add(domain)
        if len(name) < MIN_NAME:
            continue
        for key in _deletions(folded):
            near.setdefault(key, set()).add(domain)
        if len(name) >= MIN_EMBEDDED:
            names.setdefault(name, set()).add(domain)
    return Index(
        frozenset(domains),
        {k: tuple(sorted(v)) for k, v in near.items()},
        {k: tuple(sorted(v)) for k, v in names.items()},
    )


def owned(host: str, idx: Index) -> bool:
    """Whether ``host``'s registrable domain is one of ``idx``'s (a subdomain is its own)."""
    return bool(host) and registrable_domain(host) in idx.domains


def resembles(host: str, trusted: Iterable[str] | Index) -> str | None:
    """The registrable domain of ``trusted`` (entries, or their :func:`index`) that ``host``
    resembles without being it (module docstring), the first in sorted order; None when it
    resembles none, or when its own registrable domain is one of them."""
    idx = trusted if isinstance(trusted, Index) else index(frozenset(trusted))
    if not idx.near and not idx.names:
        return None
    mine = registrable_domain(host) if host else ""
    if not mine or _IP.fullmatch(host) or mine in idx.domains:
        return None
    read = _read_as(host)
    if read != host:
        # an IDNA host (xn--pypal-4ve.com is pаypal.com with a Cyrillic a): compared as a
        # person reads it; reading as a trusted domain itself is the closest look-alike
        host, mine = read, registrable_domain(read)
        if mine in idx.domains:
            return mine
        if not mine:
            return None
    folded = fold(mine)
    found = {
        t for key in _deletions(folded) for t in idx.near.get(key, ()) if _one_edit(folded, fold(t))
    }
    # the labels left of the public suffix; a host under none (``help.attacker.example``)
    # reads its last label as one: ``example`` is not a name there
    left = host[: len(host) - len(mine)] + (_name(mine) if "." in mine else "")
    for label in _LABELS.split(left):
        f = fold(label)
        # the dot left out (wwwpaypal.com, paypalcom.net): still read as www.paypal.com
        for seen in (f, f.removeprefix("www"), f.removesuffix("com")):
            found.update(idx.names.get(seen, ()))
    return min(found) if found else None
