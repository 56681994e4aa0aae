"""Egress policy: where a call's arguments would send the upstream server.

``check_egress`` reads every string at any depth of a call's arguments and judges each network
destination it finds. It returns a :class:`cordon._types.Verdict` or ``None``. Pure: no DNS
look-up, no network, no file I/O (the Public Suffix List is ``tldextract``'s bundled snapshot,
loaded once with ``suffix_list_urls=()``).

What counts as a destination:

* URLs ``scheme://authority`` anywhere in text (``\\\\`` is read as ``/``, as browsers do, and
  also as no separator, as RFC 3986 parsers do: ``http://good\\@10.0.0.1/`` goes to 10.0.0.1
  through ``httpx``, ``urlsplit`` and curl); every ``@``-separated piece of the authority is
  judged, so ``http://good@169.254.169.254`` and ``http://169.254.169.254@good`` are both
  caught whatever a server's parser picks;
* the whole value of host-like parameters (``host``, ``hostname``, ``server``, ``domain``,
  ``ip``, ``*_host`` ...; see :data:`DEFAULT_HOST_PARAMS`), as a bare host or ``host:port``;
  integers there too;
* IPv4 dotted quads and IPv6 literals anywhere in text, and cloud metadata host names.

Rules (ids are stable). When a call breaks several, the one reported is the first of metadata,
scheme, private_address, dns_tunnel, not_allowlisted:

``egress.metadata`` (deny, always, even with ``allow_private`` or an allowlist entry)
    Cloud instance metadata services. Sources: AWS EC2 IMDS (169.254.169.254, fd00:ec2::254)
    and ECS task metadata (169.254.170.2) and EKS Pod Identity (169.254.170.23,
    fd00:ec2::23) user guides; Google Compute Engine "About VM metadata"
    (metadata.google.internal, metadata.goog, 169.254.169.254, fd20:ce::254); Azure IMDS
    (169.254.169.254) and WireServer (168.63.129.16); Oracle Cloud IMDS (169.254.169.254, and
    192.0.0.192 on Cloud Classic); DigitalOcean Metadata API (169.254.169.254); Alibaba Cloud
    ECS metadata (100.100.100.200); Tencent Cloud (169.254.0.23, metadata.tencentyun.com); and
    the OWASP SSRF Prevention Cheat Sheet. Host names that SSRF references list for these
    services (``instance-data``, ``metadata.azure.com``, ``metadata.oraclecloud.com`` ...)
    are included even where unverified: a false match costs nothing.
``egress.private_address`` (deny unless ``allow_private``)
    Loopback, RFC 1918 private, link-local, CGNAT (100.64.0.0/10, RFC 6598), unique-local
    (fc00::/7), site-local, unspecified (0.0.0.0, ::), multicast, reserved, IPv4-mapped IPv6
    (::ffff:0:0/96), and IPv6 forms that embed such an IPv4 (6to4, Teredo, NAT64,
    IPv4-compatible). Other spellings of IPv4 are parsed the way the WHATWG URL standard and
    ``inet_aton`` do: decimal ``2130706433``, hex ``0x7f000001``, octal ``0177.0.0.1``,
    short ``127.1``, mixed ``0x7f.0.1``; a host that ends in a number but does not parse is
    refused as ambiguous. Names: ``localhost``, ``*.localhost`` (RFC 6761), ``*.local``
    (RFC 6762), ``*.internal`` (ICANN, 2024), ``*.home.arpa`` (RFC 8375), ``*.lan``,
    ``*.svc``, single-label names (resolved through the search domain), names that embed a
    private IPv4 (``10-0-0-1.sslip.io``, ``127.0.0.1.nip.io``, ``7f000001.nip.io``) and
    names known to resolve to loopback (``localtest.me``, ``lvh.me`` ...). Source: OWASP SSRF
    Prevention Cheat Sheet, "Application layer" and bypass techniques; RFC 6890 registries.
``egress.scheme`` (deny unless the scheme is in ``allow_schemes``)
    Non-HTTP schemes used to reach local files or smuggle protocols: ``file``, ``gopher``,
    ``dict``, ``ftp``/``ftps``/``tftp``, ``ldap``/``ldaps``/``ldapi``, ``jar``, ``netdoc``,
    ``phar``, ``php``, ``expect``, ``glob``, ``smb``, ``telnet`` (OWASP SSRF cheat sheet;
    "A New Era of SSRF", Orange Tsai, Black Hat USA 2017). Checked where the value *is* a
    URL (it starts with the scheme followed by ``/``, ``\\`` or another scheme) or the
    parameter is URL-like; a mention in the middle of free text is not a request. A wrapper
    scheme's inner URL is checked too (``view-source:file:///x``, Java's ``url:file:``), after
    the leading C0 controls and spaces the WHATWG URL parser removes (``\\x00file:``).
``egress.dns_tunnel`` (deny)
    Data carried in host names: a label over 40 characters; a hex label of 16+ characters; a
    label of 12+ characters that decodes from base64 or base32 to printable text; a label of
    20+ characters mixing letters and digits with Shannon entropy of 3.5 bits or more (no
    hyphen), or of 32+ characters with 4.0 bits or more. Source: the DNS tunnelling
    detection features in Farnham & Atlasis, "Detecting DNS Tunneling" (SANS, 2013).
``egress.not_allowlisted`` (ask, ``mode="allowlist"`` only)
    A host whose name is not covered by ``allow``. An entry covers itself and its subdomains
    (``example.com`` covers ``api.example.com``); entries may be ``*.example.com``, URLs, IPs
    or CIDR ranges. Entries are matched on the registrable domain (Public Suffix List,
    private section included): an entry that is itself a public suffix (``com``,
    ``github.io``) never matches. An exact allowlist entry also lifts the private-address and
    DNS-tunnel rules for that host, never the metadata or scheme rules.

Not caught, by design: a host name that *resolves* to a private or metadata address
(``internal.example.com A 10.0.0.5``, or DNS rebinding). Deciding that needs a DNS look-up,
which would make verdicts depend on the network (docs/threat-model.md control 3). Close the gap below
cordon: run the server in a network namespace without those routes, or send its traffic
through an egress proxy that checks the resolved address.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import unquote

from cordon._types import Verdict
from cordon.engine import _ip_names, rules
from cordon.engine._dns_tunnel import tunnel_label
from cordon.engine.actions import split_tokens
from cordon.textnorm import canonical_urls, rfc3986_urls, strip_invisible

__all__ = [
    "DEFAULT_HOST_PARAMS",
    "DENIED_SCHEMES",
    "METADATA_HOSTS",
    "METADATA_IPS",
    "EgressPolicy",
    "check_egress",
    "classify_host",
    "load_suffix_list",
    "registrable_domain",
    "suffix_list_loaded",
    "warm",
]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True, kw_only=True)
class EgressPolicy:
    """The ``egress:`` policy block.

    Attributes:
        mode: ``"open"`` (only the deny rules apply) or ``"allowlist"`` (a host not covered
            by ``allow`` is an ask).
        allow: destinations covered in allowlist mode: domains (with their subdomains),
            ``*.domain``, URLs (host taken), IPs or CIDR ranges.
        allow_private: permit loopback/private/link-local/... addresses (never metadata).
        allow_schemes: denied schemes to permit anyway (``"ftp"``), lower-case, no colon.
    """

    mode: Literal["open", "allowlist"] = "open"
    allow: tuple[str, ...] = ()
    allow_private: bool = False
    allow_schemes: tuple[str, ...] = ()


#: Cloud metadata service addresses (always denied; see the module docstring for sources).
METADATA_IPS: frozenset[IPAddress] = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack, Hetzner ...
        "169.254.170.2",  # AWS ECS task metadata / credentials
        "169.254.170.23",  # AWS EKS Pod Identity agent
        "169.254.0.23",  # Tencent Cloud
        "100.100.100.200",  # Alibaba Cloud
        "168.63.129.16",  # Azure WireServer / host agent
        "192.0.0.192",  # Oracle Cloud Classic metadata
        "fd00:ec2::254",  # AWS IMDS over IPv6
        "fd00:ec2::23",  # AWS EKS Pod Identity over IPv6
        "fd20:ce::254",  # GCP metadata server over IPv6
    )
)
#: Cloud metadata host names (exact, or any subdomain of them).
METADATA_HOSTS: frozenset[str] = frozenset(
    {
        "metadata.google.internal",
        "metadata.goog",
        "metadata",
        "instance-data",
        "instance-data.ec2.internal",
        "metadata.azure.com",
        "metadata.azure.internal",
        "metadata.oraclecloud.com",
        "metadata.digitalocean.com",
        "metadata.tencentyun.com",
        "metadata.platformequinix.com",
        "metadata.packet.net",
        "api.metadata.cloud.ibm.com",
    }
)
#: Schemes denied in URL values unless listed in ``allow_schemes``.
DENIED_SCHEMES: frozenset[str] = frozenset(
    {
        "file", "gopher", "dict", "ftp", "ftps", "tftp", "ldap", "ldaps", "ldapi", "jar",
        "netdoc", "phar", "php", "expect", "glob", "smb", "telnet",
    }
)  # fmt: skip
#: Parameter names (tokens joined, lower case) whose whole value is a host.
DEFAULT_HOST_PARAMS: frozenset[str] = frozenset(
    {
        "host", "hostname", "hosts", "server", "servername", "serverhost", "domain",
        "domainname", "ip", "ipaddr", "ipaddress", "addr", "remotehost", "targethost", "fqdn",
        "dnsname", "proxy", "proxyhost",
    }
)  # fmt: skip
_HOST_LAST_TOKENS = frozenset({"host", "hostname", "ip", "domain", "server", "addr", "fqdn"})
_URL_KEY_TOKENS = frozenset(
    {"url", "uri", "urls", "uris", "href", "link", "links", "endpoint", "webhook", "callback",
     "redirect", "src", "feed", "origin", "baseurl"}
)  # fmt: skip

_CGNAT = ipaddress.ip_network("100.64.0.0/10")
_NAT64 = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))
_V4COMPAT = ipaddress.ip_network("::/96")
_PRIVATE_SUFFIXES = (".localhost", ".local", ".internal", ".home.arpa", ".lan", ".svc",
                     ".intranet", ".localdomain")  # fmt: skip
_PRIVATE_NAMES = frozenset({"localhost", "ip6-localhost", "ip6-loopback", "broadcasthost"})

# --------------------------------------------------------------------------------------------
# Public Suffix List (offline, built once)
# --------------------------------------------------------------------------------------------


@functools.cache
def _extractor() -> Any:
    import tldextract

    # suffix_list_urls=() and cache_dir=None: never fetch, never write; use the bundled snapshot
    return tldextract.TLDExtract(
        suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True
    )


def suffix_list_loaded() -> bool:
    """True once the Public Suffix List is loaded in this process."""
    return _extractor.cache_info().currsize > 0


def load_suffix_list() -> None:
    """Load the Public Suffix List now (``tldextract`` import and its suffix trie: 0.1-0.2 s
    of one core, holding the GIL), on the calling thread; otherwise the first check that
    names a host pays it. :func:`cordon.store.psl.warm` calls this on a daemon thread."""
    registrable_domain("example.com")


def warm(idle: Callable[[], bool] | None = None, poll_s: float = 0.02) -> Any:
    """:func:`cordon.store.psl.warm` (load the list on a daemon thread; returns the thread),
    kept here for callers that import it from this module. The thread lives at the edge:
    this module imports no threading or timing module."""
    from cordon.store.psl import warm as _warm

    return _warm(idle, poll_s)


@functools.lru_cache(maxsize=4096)
def registrable_domain(host: str) -> str:
    """The registrable domain of ``host`` (``a.b.example.co.uk`` -> ``example.co.uk``), using
    the bundled Public Suffix List with its private section (``x.github.io`` is its own
    registrable domain). ``""`` when ``host`` is itself a public suffix; the host itself when
    it has no known suffix (``localhost``) or is an IP."""
    r = _extractor()(host)
    if not r.domain:
        return ""
    return f"{r.domain}.{r.suffix}" if r.suffix else r.domain


# --------------------------------------------------------------------------------------------
# Host parsing
# --------------------------------------------------------------------------------------------

_DOTS_TABLE = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})


def _clean_host(raw: str) -> str:
    """Percent-decode, NFKC, map ideographic dots, drop invisible characters, strip brackets,
    IPv6 zone and trailing dots. Case is kept (the DNS-tunnel rule needs it)."""
    h = raw.strip()
    if "%" in h and not h.startswith("["):
        # a WHATWG host parser percent-decodes to bytes and reads them as UTF-8
        # (``%C2%AD`` is one soft hyphen, which IDNA then drops)
        h = unquote(h, errors="replace")
    if not h.isascii():
        h = unicodedata.normalize("NFKC", h.translate(_DOTS_TABLE)).translate(_DOTS_TABLE)
        h = strip_invisible(h)
    if h.startswith("[") and "]" in h:
        h = h[1 : h.index("]")]
    if "%" in h and ":" in h:  # IPv6 zone id (fe80::1%eth0, %25 in URLs)
        h = h.split("%", 1)[0]
    return h.rstrip(".")


def _split_hostport(s: str) -> str:
    s = s.strip()
    if s.startswith("["):
        end = s.find("]")
        return s[: end + 1] if end != -1 else s
    if s.count(":") == 1:
        return s.split(":", 1)[0]
    return s


_V4_PART_RE = re.compile(r"^(?:0x[0-9a-f]*|[0-9]+)$")


def _parse_ipv4_alt(host: str) -> ipaddress.IPv4Address | None | Literal[False]:
    """WHATWG-URL/inet_aton IPv4 parsing of a lower-case host.

    Returns the address, ``None`` when the host does not end in a number (a domain), or
    ``False`` when it ends in a number but is not a valid IPv4 (ambiguous: refuse).
    """
    parts = host.split(".")
    if parts and parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if not parts or not _V4_PART_RE.match(parts[-1]):
        return None
    if len(parts) > 4:
        return False
    nums: list[int] = []
    for p in parts:
        if not _V4_PART_RE.match(p):
            return False
        if p.startswith("0x"):
            nums.append(int(p[2:], 16) if len(p) > 2 else 0)
        elif len(p) > 1 and p.startswith("0"):
            if not re.fullmatch(r"[0-7]+", p):
                return False
            nums.append(int(p, 8))
        else:
            nums.append(int(p))
    if any(n > 255 for n in nums[:-1]) or nums[-1] >= 256 ** (5 - len(nums)):
        return False
    value = nums[-1]
    for i, n in enumerate(nums[:-1]):
        value += n << (8 * (3 - i))
    return ipaddress.IPv4Address(value)


def _parse_ip(host: str) -> IPAddress | None | Literal[False]:
    """An IP address from a cleaned, lower-case host; None for a name; False if ambiguous."""
    if ":" in host:
        try:
            return ipaddress.ip_address(host)
        except ValueError:
            return None
    try:
        return ipaddress.IPv4Address(host)
    except ValueError:
        pass
    if not re.fullmatch(r"[0-9a-fx.]+", host):
        last = host.rsplit(".", 1)[-1]
        return False if last.isdigit() else None
    return _parse_ipv4_alt(host)


def _embedded_v4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    out: list[ipaddress.IPv4Address] = []
    if ip.ipv4_mapped is not None:
        out.append(ip.ipv4_mapped)
    if ip.sixtofour is not None:
        out.append(ip.sixtofour)
    if ip.teredo is not None:
        out.extend(ip.teredo)
    if any(ip in n for n in _NAT64) or (ip in _V4COMPAT and int(ip) > 1):
        out.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return out


def _non_public(ip: IPAddress) -> bool:
    if (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_unspecified
        or ip.is_multicast
        or ip.is_reserved
        or not ip.is_global
    ):
        return True
    if isinstance(ip, ipaddress.IPv4Address):
        return ip in _CGNAT
    if ip.is_site_local or ip.ipv4_mapped is not None:
        return True
    return any(_non_public(v4) for v4 in _embedded_v4(ip))


def _is_metadata_ip(ip: IPAddress) -> bool:
    if ip in METADATA_IPS:
        return True
    return isinstance(ip, ipaddress.IPv6Address) and any(
        v4 in METADATA_IPS for v4 in _embedded_v4(ip)
    )


def _name_matches(host: str, names: frozenset[str]) -> bool:
    if host in names:
        return True
    parts = host.split(".")
    return any(".".join(parts[i:]) in names for i in range(1, len(parts)))


_DASHED_V4_RE = re.compile(r"(?:^|[-.])(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?:$|[-.])")
_DOTTED_V4_IN_NAME_RE = re.compile(r"(?:^|\.)(\d{1,3}(?:\.\d{1,3}){3})(?=\.|$)")


def _ips_in_name(host: str) -> Iterator[ipaddress.IPv4Address]:
    for m in _DOTTED_V4_IN_NAME_RE.finditer(host):
        try:
            yield ipaddress.IPv4Address(m.group(1))
        except ValueError:
            pass
    for m in _DASHED_V4_RE.finditer(host):
        try:
            yield ipaddress.IPv4Address(".".join(m.groups()))
        except ValueError:
            pass
    if registrable_domain(host) in _ip_names.IP_IN_NAME_DOMAINS:
        for label in host.split("."):
            if re.fullmatch(r"[0-9a-f]{8}", label):
                yield ipaddress.IPv4Address(int(label, 16))


# --------------------------------------------------------------------------------------------
# Classification
# --------------------------------------------------------------------------------------------

_RANK = {
    rules.EGRESS_METADATA: 5,
    rules.EGRESS_SCHEME: 4,
    rules.EGRESS_PRIVATE_ADDRESS: 3,
    rules.EGRESS_DNS_TUNNEL: 2,
    rules.EGRESS_NOT_ALLOWLISTED: 1,
}


@dataclass(frozen=True, kw_only=True, slots=True)
class _Compiled:
    domains: tuple[str, ...]
    networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]
    schemes: frozenset[str]


@functools.lru_cache(maxsize=64)
def _compile(policy: EgressPolicy) -> _Compiled:
    domains: list[str] = []
    networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for entry in policy.allow:
        e = entry.strip().lower()
        try:
            networks.append(ipaddress.ip_network(e, strict=False))
            continue
        except ValueError:
            pass
        if "://" in e:
            e = e.split("://", 1)[1]
        e = re.split(r"[/\\?#]", e, maxsplit=1)[0]
        e = _clean_host(_split_hostport(e.rsplit("@", 1)[-1])).lower().lstrip("*").lstrip(".")
        if not e:
            continue
        try:
            networks.append(ipaddress.ip_network(e, strict=False))
            continue
        except ValueError:
            pass
        if registrable_domain(e):  # a bare public suffix ("com", "github.io") never matches
            domains.append(e)
    return _Compiled(
        domains=tuple(domains),
        networks=tuple(networks),
        schemes=frozenset(s.strip().lower().rstrip(":") for s in policy.allow_schemes),
    )


def _allowlisted(host: str, ip: IPAddress | None, comp: _Compiled) -> bool:
    if ip is not None:
        return any(ip.version == n.version and ip in n for n in comp.networks)
    return any(host == d or host.endswith("." + d) for d in comp.domains)


@functools.lru_cache(maxsize=8192)
def classify_host(
    raw: str, policy: EgressPolicy, *, check_names: bool = True, single_label: bool = True
) -> tuple[str, str, str] | None:
    """Judge one host (``raw`` may carry brackets and percent-encoding; no port).

    Returns ``(rule id, reason, normalised host)`` for the most severe rule the host breaks, or
    None. ``check_names=False`` keeps only the metadata and private-IP rules (for IP literals
    in free text and the userinfo pieces of a URL authority). ``single_label=False`` does not
    treat a dotless name as internal (host-like parameters often hold a plain word).
    """
    cleaned = _clean_host(raw)
    if not cleaned:
        return None
    host = cleaned.lower()
    comp = _compile(policy)
    ip = _parse_ip(host)
    if ip is False:
        if policy.allow_private:
            return None
        return (
            rules.EGRESS_PRIVATE_ADDRESS,
            "a host that ends in a number but is not a valid IPv4 address (ambiguous)",
            host,
        )
    if ip is not None:
        shown = str(ip)
        if _is_metadata_ip(ip):
            return rules.EGRESS_METADATA, "a cloud metadata endpoint", shown
        allowed = _allowlisted(host, ip, comp)
        if _non_public(ip) and not policy.allow_private and not allowed:
            return rules.EGRESS_PRIVATE_ADDRESS, "a private, loopback or link-local address", shown
        if check_names and policy.mode == "allowlist" and not allowed:
            return rules.EGRESS_NOT_ALLOWLISTED, "an address not in the egress allowlist", shown
        return None
    # a name
    if _name_matches(host, METADATA_HOSTS):
        return rules.EGRESS_METADATA, "a cloud metadata host name", host
    embedded = list(_ips_in_name(host))
    if any(_is_metadata_ip(e) for e in embedded):
        return rules.EGRESS_METADATA, "a host name that embeds a cloud metadata address", host
    if not check_names:
        return None
    allowed = _allowlisted(host, None, comp)
    if not policy.allow_private and not allowed:
        if (
            host in _PRIVATE_NAMES
            or host.endswith(_PRIVATE_SUFFIXES)
            or (single_label and "." not in host)
            or _name_matches(host, _ip_names.LOOPBACK_DOMAINS)
        ):
            return rules.EGRESS_PRIVATE_ADDRESS, "a local or internal host name", host
        if any(_non_public(e) for e in embedded):
            return rules.EGRESS_PRIVATE_ADDRESS, "a host name that embeds a private address", host
    if not allowed:
        suffix = _extractor()(host).suffix
        labels = cleaned.split(".")
        if suffix:
            labels = labels[: len(labels) - (suffix.count(".") + 1)]
        for label in labels:
            why = tunnel_label(label)
            if why is not None:
                return rules.EGRESS_DNS_TUNNEL, f"data carried in a host name ({why})", host
        if policy.mode == "allowlist":
            return rules.EGRESS_NOT_ALLOWLISTED, "a host not in the egress allowlist", host
    return None


# --------------------------------------------------------------------------------------------
# Finding destinations in arguments
# --------------------------------------------------------------------------------------------

#: The authority after ``://`` (or ``:\\\\``); the scheme in front does not matter for the
#: host rules, and anchoring on the separator keeps the scan fast on large text.
_URL_RE = re.compile(r":[/\\]{2}([^\s/\\?#\"'<>`]*)")
#: a URL's scheme after what the WHATWG URL parser strips in front (C0 controls, spaces)
_LEADING_SCHEME_RE = re.compile(r"[\x00-\x20\s]*([A-Za-z][A-Za-z0-9+.-]{1,30}):(.?)")
_IPV4_RE = re.compile(r"(?<![\w.-])((?:\d{1,3}\.){3}\d{1,3})(?![\w-]|\.\d)")
_IPV6_RE = re.compile(
    r"(?<![\w:.])((?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?)(?![\w:])"
)
#: necessary for a match of :data:`_IPV4_RE`
_IPV4_GATE = re.compile(r"\.\d")
#: necessary for a match of :data:`_IPV6_RE`: two of its colons with at most 4 hex digits
#: between them (``https://`` has none)
_IPV6_GATE = re.compile(r":[0-9A-Fa-f]{0,4}:")
_META_NAME_RE = re.compile(
    r"(?<![\w.-])(" + "|".join(re.escape(h) for h in sorted(METADATA_HOSTS) if "." in h) + r")"
    r"(?![\w-])",
    re.IGNORECASE,
)
#: pieces, in lower case, of which every dotted metadata name has one; none has a letter that
#: another character matches under ``re.IGNORECASE`` (``ſ`` for s, ``ı``/``İ`` for i, the
#: Kelvin sign for k), so ``str.lower`` finds them wherever :data:`_META_NAME_RE` can match
_META_GATES: tuple[str, str] = ("metadata", "tance-data")
_HOST_SPLIT_RE = re.compile(r"[\s,;]+")


@functools.lru_cache(maxsize=4096)
def _key_kind(key: str, host_params: frozenset[str]) -> str:
    """``"host"``, ``"url"`` or ``""``: what an argument named ``key`` holds by its name (a
    pure function of the name, read for every argument of every call: derived once per
    name, as :func:`cordon.engine.action_names.tool_name` is)."""
    toks = split_tokens(key)
    joined = "".join(toks)
    if joined in host_params or (toks and toks[-1] in _HOST_LAST_TOKENS):
        return "host"
    if set(toks) & _URL_KEY_TOKENS:
        return "url"
    return ""


def _walk(arguments: Any) -> Iterator[tuple[str, str, Any]]:
    stack: list[tuple[str, str, Any]] = [("", "", arguments)]
    while stack:
        path, key, value = stack.pop()
        if isinstance(value, dict):
            for k, v in reversed(list(value.items())):
                ks = str(k)
                stack.append((f"{path}.{ks}" if path else ks, ks, v))
        elif isinstance(value, (list, tuple)):
            for i in range(len(value) - 1, -1, -1):
                stack.append((f"{path}[{i}]", key, value[i]))
        else:
            yield path, key, value


_HOSTISH_RE = re.compile(r"[\w.\-:\[\]%@]+")


def _judge_authority(
    authority: str, policy: EgressPolicy, bucket: bool = False
) -> Iterator[tuple[str, str, str]]:
    hosts = [_split_hostport(p) for p in authority.split("@") if p]  # (port removed)
    for i, h in enumerate(hosts):
        # the last piece is the host every parser agrees on; the earlier pieces are userinfo
        # to most parsers, so only the metadata and private-IP rules apply to them; a bucket
        # URL's authority (s3://logs) is no single-label host (_ip_names.bucket_url)
        hit = classify_host(h, policy, check_names=i == len(hosts) - 1, single_label=not bucket)
        if hit is not None:
            yield hit


#: a value that starts with a scheme (``mailto:``, ``about:``), not with ``host:port``
_SCHEME_START_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(?![0-9])")
_NOT_HOST_START = (".", "/", "\\", "#", "?", "~", "%")
_SEVERE = frozenset({rules.EGRESS_METADATA, rules.EGRESS_PRIVATE_ADDRESS})


def _judge_schemeless(text: str, policy: EgressPolicy) -> Iterator[tuple[str, str, str]]:
    """A URL parameter's value without a scheme (``localhost/admin``,
    ``x@2852039166/latest/meta-data/``): a client that adds one reaches the host it starts
    with. curl adds ``http://``; Playwright MCP's ``browser_navigate`` adds ``http://`` to a
    value starting ``localhost`` and ``https://`` to any other the WHATWG parser refuses.
    Only the metadata and private-address rules apply, and not to a name that ends in a
    number (``v1.2``: no URL parser reads it as a host): the value may be a relative
    reference, whose first segment a client resolving it reads as no host."""
    if not text or text.startswith(_NOT_HOST_START) or _SCHEME_START_RE.match(text):
        return
    authority = re.split(r"[/\\?#\s]", text, maxsplit=1)[0]
    pieces = [_split_hostport(p) for p in authority.split("@") if p]
    for i, h in enumerate(pieces):
        if _parse_ip(_clean_host(h).lower()) is False:
            continue
        hit = classify_host(h, policy, check_names=i == len(pieces) - 1, single_label=False)
        if hit is not None and hit[0] in _SEVERE:
            yield hit


def _judge_text(text: str, kind: str, policy: EgressPolicy) -> Iterator[tuple[str, str, str]]:
    """Yield (rule, reason, destination) for each objection in one string value."""
    if kind == "url" or kind == "host" or ":" in text:
        # a wrapper scheme's inner URL too (``view-source:file:///x``, Java's ``url:file:``)
        m = _LEADING_SCHEME_RE.match(text)
        while m is not None:
            scheme = m.group(1).lower()
            nxt = m.group(2)
            if (
                scheme in DENIED_SCHEMES
                and scheme not in _compile(policy).schemes
                and (kind in ("url", "host") or nxt in ("/", "\\") or nxt.isalpha())
            ):
                yield (
                    rules.EGRESS_SCHEME,
                    f"the {scheme}: scheme is not a permitted network scheme",
                    (scheme + ":"),
                )
                break
            m = _LEADING_SCHEME_RE.match(text, m.end(1) + 1) if nxt.isalpha() else None
    if kind == "host":
        for item in _HOST_SPLIT_RE.split(text.strip()):
            if not item or "://" in item or not _HOSTISH_RE.fullmatch(item):
                continue
            hit = classify_host(
                _split_hostport(item.rsplit("@", 1)[-1]), policy, single_label=False
            )
            if hit is not None:
                yield hit
    elif kind == "url" and text.lstrip().startswith("//"):
        authority = re.split(r"[/\\?#\s]", text.lstrip()[2:], maxsplit=1)[0]
        yield from _judge_authority(authority, policy)
    elif kind == "url" and "://" not in text:
        yield from _judge_schemeless(text.strip(), policy)
    if "/" in text or "\\" in text:
        found = (
            (m[1], _ip_names.bucket_url(text, m.start(), m[1])) for m in _URL_RE.finditer(text)
        )
        for authority, bucket in dict.fromkeys(found):
            yield from _judge_authority(authority, policy, bucket)
    if "." in text:
        # each pass only where its pattern can match at all: a dotted quad has ".<digit>",
        # and every dotted metadata name has one of _META_GATES (letters that no other
        # character matches case-insensitively); a literal-prefix search is far faster than
        # a pattern tried at every position (a 100 KB message body: ~6 ms less)
        if _IPV4_GATE.search(text) is not None:
            for quad in dict.fromkeys(m.group(1) for m in _IPV4_RE.finditer(text)):
                hit = classify_host(quad, policy, check_names=policy.mode == "allowlist")
                if hit is not None:
                    yield hit
        low = text.lower()
        if _META_GATES[0] in low or _META_GATES[1] in low:
            for m in _META_NAME_RE.finditer(text):
                yield rules.EGRESS_METADATA, "a cloud metadata host name", m.group(1).lower()
        if kind != "host" and _ip_names.mentions_ip_name(low):  # (a9fea9fe.nip.io, any key)
            names = _ip_names.ip_names_in(text)
            hits = (classify_host(n, policy, single_label=False) for n in names)
            yield from (h for h in hits if h is not None)
    if ("::" in text or text.count(":") >= 2) and _IPV6_GATE.search(text) is not None:
        for m in _IPV6_RE.finditer(text):
            cand = m.group(1)
            if not re.search(r"[0-9A-Fa-f]", cand.replace(":", "")):
                continue
            try:
                ipaddress.IPv6Address(cand)
            except ValueError:
                continue
            hit = classify_host(cand, policy, check_names=policy.mode == "allowlist")
            if hit is not None:
                yield hit


def _may_target(text: str) -> bool:
    """Whether :func:`_judge_text` can object to ``text`` under a key that names no host or
    URL, in it or in its :func:`canonical_urls` view: only with a colon, a slash, a
    backslash or a dot in either (the rules' own tests), which the URL rewrite can bring
    only from ``%``, a tab or line break, or a full stop other than ``.`` (substring
    searches: the usual word or sentence has none but a dot)."""
    return (
        "." in text
        or ":" in text
        or "/" in text
        or "\\" in text
        or "%" in text
        or "\t" in text
        or "\n" in text
        or "\r" in text
        or "\u3002" in text
        or "\uff0e" in text
        or "\uff61" in text
    )


def _dots_only(text: str) -> bool:
    """:func:`_judge_text` finds nothing in ``text`` (nor in its :func:`canonical_urls` view,
    the text itself) under a key that names no host or URL: ASCII, no character the scheme,
    URL, authority or IPv6 passes or the URL rewrite read, no digit after a dot (the dotted
    quad), neither of :data:`_META_GATES` (the metadata names). An address, a sentence."""
    if not text.isascii() or ":" in text or "/" in text or "\\" in text or "%" in text:
        return False
    if "\t" in text or "\n" in text or "\r" in text or _IPV4_GATE.search(text) is not None:
        return False
    low = text.lower()
    gated = _ip_names.mentions_ip_name(low)  # (a9fea9fe.nip.io: read in free text too)
    return not gated and _META_GATES[0] not in low and _META_GATES[1] not in low


def check_egress(
    arguments: Mapping[str, Any],
    policy: EgressPolicy,
    *,
    host_params: frozenset[str] = DEFAULT_HOST_PARAMS,
    scalars: Iterable[tuple[str, str, Any]] | None = None,
) -> Verdict | None:
    """Judge every network destination in a call's arguments.

    Args:
        arguments: the call's arguments (any JSON shape; every string at any depth is read,
            and integers under host-like keys).
        policy: the egress policy.
        host_params: parameter names (tokens joined, lower case: ``remote_host`` ->
            ``remotehost``) whose whole value is a host. A key whose last token is ``host``,
            ``hostname``, ``ip``, ``domain``, ``server``, ``addr`` or ``fqdn`` counts too.
        scalars: :attr:`cordon.engine.walk.CallWalk.scalars` of ``arguments`` when the caller
            walked them already (the same leaves :func:`_walk` gives).

    Returns:
        None when nothing objects; otherwise the most severe finding as a Verdict: ``deny``
        for ``egress.metadata``, ``egress.private_address``, ``egress.scheme`` and
        ``egress.dns_tunnel``; ``ask`` for ``egress.not_allowlisted``. ``param`` is the dotted
        path of the argument; ``destination`` the normalised host (or ``scheme:``).
    """
    best: tuple[int, str, str, str, str] | None = None
    for path, key, value in _walk(arguments) if scalars is None else scalars:
        kind = _key_kind(key, host_params) if key else ""
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int) and kind == "host":
            value = str(value)
        if not isinstance(value, str) or not value:
            continue
        if not kind and (not _may_target(value) or _dots_only(value)):
            continue
        views = [value]
        if not value.isascii():
            # a character IDNA's UTS #46 mapping ignores (a variation selector, a soft hyphen,
            # a Hangul filler ...: each is in textnorm's invisible set) is dropped by a WHATWG
            # URL parser and Python's IDNA codec, which reach the host spelled without it
            bare = strip_invisible(value)
            if bare != value:
                views.append(bare)
        for view in views[:]:
            canon = canonical_urls(view)
            if canon != view:
                views.append(canon)  # the URL as fetch reads it (http:///x, \, %2e, tabs)
            split = rfc3986_urls(view)
            if split != view:
                views.append(split)  # http://a\@b/: b to urlsplit and httpx (a to fetch)
        for view in views:
            for rule, reason, dest in _judge_text(view, kind, policy):
                rank = _RANK[rule]
                if best is None or rank > best[0]:
                    best = (rank, rule, reason, path, dest)
                if rank == _RANK[rules.EGRESS_METADATA]:
                    break
        if best is not None and best[0] == _RANK[rules.EGRESS_METADATA]:
            break
    if best is None:
        return None
    _rank, rule, reason, path, dest = best
    return Verdict(
        verdict="ask" if rule == rules.EGRESS_NOT_ALLOWLISTED else "deny",
        rule=rule,
        reason=f"argument '{path}' targets {reason}",
        param=path or None,
        destination=dest,
        details={"egress_mode": policy.mode},
    )
