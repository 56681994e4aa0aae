"""Host names whose public DNS answers with the address written in them (wildcard DNS).

``a9fea9fe.nip.io`` resolves to 169.254.169.254, ``10-0-0-1.sslip.io`` to 10.0.0.1: egress
reads the address out of the name (:func:`cordon.engine.egress._ips_in_name`). Pure string
work, no DNS.
"""

from __future__ import annotations

import re

__all__ = ["IP_IN_NAME_DOMAINS", "LOOPBACK_DOMAINS", "ip_names_in", "mentions_ip_name"]

#: registrable domains of wildcard-DNS services that answer with the address in the name
IP_IN_NAME_DOMAINS = frozenset({"nip.io", "sslip.io", "xip.io", "traefik.me", "nip.direct"})
#: public names (and their subdomains) whose DNS answers with 127.0.0.1
LOOPBACK_DOMAINS = frozenset(
    {"localtest.me", "lvh.me", "vcap.me", "localho.st", "lacolhost.com", "fuf.me", "yoogle.com"}
)
_HINTS = tuple(sorted(IP_IN_NAME_DOMAINS | LOOPBACK_DOMAINS))
_NAME_RE = re.compile(
    r"(?<![\w.-])(?:[a-z0-9][a-z0-9.-]*\.)?(?:"
    + "|".join(re.escape(d) for d in _HINTS)
    + r")(?![\w-])",
    re.IGNORECASE,
)


def mentions_ip_name(low: str) -> bool:
    """``low`` (lower-cased text) may name one of the domains above: their endings first (a
    usual address or sentence has none; this runs on every value with a dot), then the
    names. A false hit costs only :func:`ip_names_in`."""
    if ".io" in low or ".me" in low or ".st" in low or ".direct" in low:
        return any(h in low for h in _HINTS)
    return "lacolhost" in low or "yoogle" in low


def ip_names_in(text: str) -> list[str]:
    """The wildcard-DNS host names in free text, lower case.

    Attack class: SSRF through such a name under a key that names no host (``upstream:
    a9fea9fe.nip.io``), where only IP literals, URLs and metadata names were read."""
    return [m.group(0).lower() for m in _NAME_RE.finditer(text)]
