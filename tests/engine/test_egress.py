"""Egress policy: every address spelling, schemes, DNS tunnelling, allowlist; hits and misses."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from cordon.engine.egress import EgressPolicy, check_egress, registrable_domain

OPEN = EgressPolicy()
PRIVATE_OK = EgressPolicy(allow_private=True)
ALLOW = EgressPolicy(
    mode="allowlist",
    allow=("example.com", "https://api.github.com/v3", "10.1.2.0/24", "*.example.org", "github.io"),
)


def rule(args, policy=OPEN):
    v = check_egress(args, policy)
    return None if v is None else v.rule


METADATA = [
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata.goog/computeMetadata/v1/",
    "http://metadata/computeMetadata/v1/",
    "http://100.100.100.200/latest/meta-data/",  # Alibaba
    "http://169.254.170.2/v2/credentials/x",  # ECS
    "http://169.254.170.23/v1/credentials",  # EKS Pod Identity
    "http://168.63.129.16/machine",  # Azure WireServer
    "http://169.254.169.254/metadata/instance?api-version=2021-02-01",  # Azure IMDS
    "http://169.254.169.254/opc/v2/instance/",  # Oracle
    "http://169.254.169.254/metadata/v1.json",  # DigitalOcean
    "http://192.0.0.192/latest/",  # Oracle Classic
    "http://[fd20:ce::254]/computeMetadata/v1/",  # GCP IPv6
    "http://metadata.azure.com/",
    "http://instance-data/latest/",
    # other spellings of 169.254.169.254
    "http://2852039166/",
    "http://0xa9fea9fe/",
    "http://0251.0376.0251.0376/",
    "http://0xa9.0xfe.0xa9.0xfe/",
    "http://169.254.43518/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[64:ff9b::a9fe:a9fe]/",  # NAT64
    "http://[2002:a9fe:a9fe::1]/",  # 6to4
    "http://169.254.169.254.nip.io/",
    "http://169-254-169-254.sslip.io/",
    # parser differentials
    "http://good.com@169.254.169.254/",
    "http://169.254.169.254@good.com/",
    "http://169.254.169.254:80@good.com/",
    "http:\\\\169.254.169.254\\latest",
    "HTTP://169.254.169.254/",
    "http://169.254.169.254./",
    "http://%31%36%39.254.169.254/",
    "http://１６９.２５４.１６９.２５４/",
    "http://169。254。169。254/",
]


@pytest.mark.parametrize("url", METADATA)
def test_metadata_endpoints_always_denied(url):
    for policy in (OPEN, PRIVATE_OK, ALLOW):
        v = check_egress({"url": url}, policy)
        assert v is not None and v.verdict == "deny" and v.rule == "egress.metadata", url


def test_metadata_in_host_param_and_free_text():
    assert rule({"host": "169.254.169.254"}) == "egress.metadata"
    assert rule({"hostname": "metadata.google.internal"}) == "egress.metadata"
    assert rule({"ip": 2852039166}) == "egress.metadata"
    assert rule({"note": "then GET 169.254.169.254/latest"}) == "egress.metadata"
    assert rule({"note": "curl metadata.google.internal/computeMetadata"}) == "egress.metadata"


def test_metadata_allowlist_entry_does_not_lift_it():
    p = EgressPolicy(mode="allowlist", allow=("169.254.169.254", "metadata.google.internal"))
    assert rule({"url": "http://169.254.169.254/"}, p) == "egress.metadata"
    assert rule({"url": "http://metadata.google.internal/"}, p) == "egress.metadata"


PRIVATE = [
    "http://127.0.0.1:8080/admin",
    "http://127.0.0.2/",
    "http://2130706433/",  # decimal
    "http://0x7f000001/",  # hex
    "http://0X7F000001/",
    "http://0177.0.0.1/",  # octal
    "http://0177.0000.0000.0001/",
    "http://127.1/",  # short
    "http://127.0.1/",
    "http://0x7f.1/",  # mixed
    "http://0x7f.0.0.0x1/",
    "http://017700000001/",  # octal whole
    "http://localhost/",
    "http://LOCALHOST:3000/",
    "http://api.localhost/",
    "http://localhost./",
    "http://ｌｏｃａｌｈｏｓｔ/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::]/",
    "http://0.0.0.0:8000/",
    "http://0/",
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://172.31.255.255/",
    "http://192.168.0.1/",
    "http://100.64.0.1/",  # CGNAT
    "http://100.127.255.254/",
    "http://169.254.1.1/",  # link-local
    "http://[fe80::1]/",
    "http://[fe80::1%25eth0]/",
    "http://[fc00::1]/",  # unique local
    "http://[fd12:3456::1]/",
    "http://[::ffff:127.0.0.1]/",  # IPv4-mapped
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:8.8.8.8]/",  # IPv4-mapped, even of a public address
    "http://[::127.0.0.1]/",  # IPv4-compatible
    "http://[64:ff9b::a00:1]/",  # NAT64 of 10.0.0.1
    "http://224.0.0.1/",  # multicast
    "http://255.255.255.255/",
    "http://127.0.0.1.nip.io/",
    "http://10-0-0-1.sslip.io/",
    "http://app.7f000001.nip.io/",
    "http://ip-10-0-0-1.ec2.internal/",
    "http://db.internal/",
    "http://printer.local/",
    "http://router.home.arpa/",
    "http://redis:6379/",  # single label: search domain
    "http://localtest.me/",
    "http://x.lvh.me/",
    "http://1.2.3.4.5/",  # ends in a number, not IPv4: ambiguous
    "http://256.1.1.1/",
    "http://08.0.0.1/",
    "redis://127.0.0.1:6379/0",
    "postgres://user:pw@10.0.0.7/db",
    "//127.0.0.1/x",
]


@pytest.mark.parametrize("url", PRIVATE)
def test_private_addresses_denied(url):
    key = "url"
    v = check_egress({key: url}, OPEN)
    assert v is not None and v.rule == "egress.private_address", url
    assert v.verdict == "deny" and v.param == "url"


@pytest.mark.parametrize("url", PRIVATE)
def test_private_addresses_allowed_with_allow_private(url):
    assert check_egress({"url": url}, PRIVATE_OK) is None, url


@pytest.mark.parametrize(
    ("args", "dest"),
    [
        ({"host": "2130706433"}, "127.0.0.1"),
        ({"host": "0x7f000001"}, "127.0.0.1"),
        ({"host": "0177.0.0.1"}, "127.0.0.1"),
        ({"host": "127.1"}, "127.0.0.1"),
        ({"host": "localhost:5432"}, "localhost"),
        ({"db_host": "10.0.0.5"}, "10.0.0.5"),
        ({"remote_host": "[::1]:22"}, "::1"),
        ({"server": "192.168.1.10"}, "192.168.1.10"),
        ({"ip": 2130706433}, "127.0.0.1"),
        ({"config": {"hosts": ["example.com", "127.0.0.1"]}}, "127.0.0.1"),
        ({"text": "connect to 10.1.1.1 please"}, "10.1.1.1"),
        ({"text": "try [::1]:8080"}, "::1"),
        ({"text": "or fe80::1 on the link"}, "fe80::1"),
    ],
)
def test_private_in_host_params_and_text(args, dest):
    v = check_egress(args, OPEN)
    assert v is not None and v.rule == "egress.private_address"
    assert v.destination == dest


@pytest.mark.parametrize(
    "args",
    [
        {"url": "https://example.com/a?b=1"},
        {"url": "https://8.8.8.8/"},
        {"url": "http://[2606:4700:4700::1111]/"},
        {"url": "https://172.32.0.1/"},  # just outside 172.16/12
        {"url": "https://100.128.0.1/"},  # just outside CGNAT
        {"url": "https://user:pw@github.com/org/repo.git"},
        {"host": "api.example.com:443"},
        {"server": "My Server"},  # a plain word in a host-like key is not a host
        {"domain": "finance"},
        {"text": "version 1.2.3 and 10.0 and 3.14"},
        {"text": "f :: Int -> Int; std::vector; 12:30:45; 00:1a:2b:3c:4d:5e"},
        {"text": "mention of file:///etc/passwd in prose is not a request"},
        {"count": 2130706433},  # an integer under a non-host key
        {"url": "https://stackoverflow.com/questions/1"},
        {"url": "https://my-loadbalancer-1234567890.us-east-1.elb.amazonaws.com/"},
        {"url": "https://d111111abcdef8.cloudfront.net/img.png"},
        {"url": "https://xn--mnchen-3ya.de/"},
        {"url": "https://internationalization-service.example.com/"},
        {"url": "https://ec2-54-12-34-56.compute-1.amazonaws.com/"},  # embeds a public IP
    ],
)
def test_open_mode_near_misses(args):
    assert check_egress(args, OPEN) is None


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "file:/etc/passwd",
        "FILE:///c:/windows/win.ini",
        "gopher://example.com:6379/_SET%20x",
        "dict://example.com:11211/stat",
        "ftp://ftp.example.com/pub",
        "jar:http://example.com/a.jar!/x",
        "netdoc:///etc/passwd",
        "ldap://example.com/",
        "php://filter/resource=index.php",
    ],
)
def test_non_network_schemes_denied(url):
    v = check_egress({"url": url}, OPEN)
    assert v is not None and v.rule == "egress.scheme" and v.verdict == "deny"


def test_schemes_checked_where_value_is_a_url():
    assert rule({"path": "file:///etc/shadow"}) == "egress.scheme"
    assert rule({"endpoint": "gopher:x"}) == "egress.scheme"
    assert rule({"note": "yaml with file: x.txt"}) is None
    assert rule({"url": "https://example.com/"}) is None
    assert rule({"url": "ws://example.com/socket"}) is None


def test_allow_schemes_lifts_scheme_rule():
    p = EgressPolicy(allow_schemes=("ftp", "file:"))
    assert rule({"url": "ftp://ftp.example.com/pub"}, p) is None
    assert rule({"url": "file:///tmp/x"}, p) is None
    assert rule({"url": "gopher://example.com/"}, p) == "egress.scheme"


@pytest.mark.parametrize(
    "host",
    [
        "a" * 41 + ".evil.com",  # label over 40
        "736563726574706173737764.evil.com",  # hex
        "c2VjcmV0cGFzc3dvcmQ.evil.com",  # base64 of "secretpassword"
        "c2VjcmV0LXRva2VuLTEyMzQ.evil.com",
        "onxw2zlunbqxg43xn5zgi.evil.com",  # base32
        "x7k9q2m4p8w1z5r3t6y0u.evil.com",  # high entropy, letters and digits
    ],
)
def test_dns_tunnelling_denied(host):
    v = check_egress({"url": f"https://{host}/"}, OPEN)
    assert v is not None and v.rule == "egress.dns_tunnel" and v.verdict == "deny"
    v = check_egress({"hostname": host}, OPEN)
    assert v is not None and v.rule == "egress.dns_tunnel"


@pytest.mark.parametrize(
    "host",
    [
        "q" * 40 + ".example.com",  # exactly 40
        "deadbeefcafe.example.com",  # short hex
        "thisisaverylongsubdomainname.example.com",
        "kubernetes-dashboard-prod-eu.example.com",
        "project-git-feature-branch-team.vercel.app",
    ],
)
def test_dns_tunnelling_near_misses(host):
    assert check_egress({"url": f"https://{host}/"}, OPEN) is None


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.com/x", None),
        ("https://api.example.com/x", None),
        ("https://deep.api.example.com/x", None),
        ("https://EXAMPLE.COM./x", None),
        ("https://a.example.org/", None),
        ("https://api.github.com/repos", None),
        ("https://x.api.github.com/", None),
        ("http://10.1.2.3/", None),  # allowed CIDR lifts the private rule
        ("https://github.com/", "egress.not_allowlisted"),  # entry was api.github.com
        ("https://evilexample.com/", "egress.not_allowlisted"),
        ("https://example.com.evil.net/", "egress.not_allowlisted"),
        ("https://foo.github.io/", "egress.not_allowlisted"),  # public suffix entry ignored
        ("https://8.8.8.8/", "egress.not_allowlisted"),
        ("http://10.1.3.3/", "egress.private_address"),
        ("http://ex%61mple.com/", None),
    ],
)
def test_allowlist_mode(url, expected):
    v = check_egress({"url": url}, ALLOW)
    assert (None if v is None else v.rule) == expected, url
    if expected == "egress.not_allowlisted":
        assert v.verdict == "ask"


def test_allowlist_userinfo_is_not_a_host():
    assert rule({"url": "https://someone@example.com/"}, ALLOW) is None
    assert rule({"url": "https://example.com@evil.net/"}, ALLOW) == "egress.not_allowlisted"


def test_most_severe_finding_wins_and_path_is_reported():
    v = check_egress({"a": "https://unknown.net/", "b": {"c": ["x", "http://10.0.0.1/"]}}, ALLOW)
    assert v.rule == "egress.private_address" and v.param == "b.c[1]"
    v = check_egress({"a": "http://10.0.0.1/", "d": "file:///x"}, ALLOW)
    assert v.rule == "egress.scheme" and v.param == "d"
    v = check_egress({"a": "file:///x", "d": "http://169.254.169.254/"}, ALLOW)
    assert v.rule == "egress.metadata" and v.param == "d"


def test_registrable_domain_is_offline_psl():
    assert registrable_domain("a.b.example.co.uk") == "example.co.uk"
    assert registrable_domain("foo.github.io") == "foo.github.io"
    assert registrable_domain("github.io") == ""
    assert registrable_domain("localhost") == "localhost"


def test_no_network_access(monkeypatch):
    import socket

    from cordon.engine import egress

    def refuse(*args, **kwargs):
        raise AssertionError("egress decisions must not touch the network")

    egress._extractor.cache_clear()
    egress.registrable_domain.cache_clear()
    egress.classify_host.cache_clear()
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket, "gethostbyname", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    assert rule({"url": "https://new-host.example.net/"}, ALLOW) == "egress.not_allowlisted"
    assert registrable_domain("x.y.example.co.uk") == "example.co.uk"


def test_reason_does_not_echo_the_payload():
    v = check_egress({"url": "http://169.254.169.254/latest/meta-data/SECRETPATH"}, OPEN)
    assert "SECRETPATH" not in v.reason


def test_large_text_is_fast():
    blob = ("lorem ipsum dolor sit amet https://example.com/path?x=1 12:30 v1.2.3 " * 20000)[
        :1_000_000
    ]
    start = time.perf_counter()
    assert check_egress({"content": blob}, OPEN) is None
    assert time.perf_counter() - start < 2.0


def test_warm_loads_the_public_suffix_list_on_a_daemon_thread() -> None:
    # a fresh interpreter: nothing has loaded the list yet; warm() does, off the caller's thread
    code = (
        "import sys, threading\n"
        "from cordon.engine import egress\n"
        "assert egress._extractor.cache_info().currsize == 0\n"
        "th = egress.warm()\n"
        "assert th.daemon and th is not threading.current_thread()\n"
        "th.join(60)\n"
        "assert egress._extractor.cache_info().currsize == 1, 'not loaded'\n"
        "assert egress.registrable_domain('a.b.example.co.uk') == 'example.co.uk'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_warm_waits_for_the_idle_moment_it_is_given() -> None:
    code = (
        "import threading, time\n"
        "from cordon.engine import egress\n"
        "quiet = threading.Event()\n"
        "th = egress.warm(quiet.is_set, poll_s=0.005)\n"
        "time.sleep(0.2)\n"
        "assert egress._extractor.cache_info().currsize == 0, 'loaded before the idle moment'\n"
        "quiet.set()\n"
        "th.join(60)\n"
        "assert egress._extractor.cache_info().currsize == 1, 'not loaded'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


#: a host with a character IDNA's UTS #46 mapping ignores (a variation selector, a Mongolian
#: free variation selector, a combining grapheme joiner, a Hangul filler, a soft hyphen):
#: a WHATWG URL parser (Node's fetch, a browser) and Python's IDNA codec drop it and reach the
#: host spelled without it, so the rules judge that host
IGNORED_BY_IDNA = ["\ufe0f", "\u180b", "\u034f", "\u3164", "\u00ad", "\U000e0101", "\u2060"]


@pytest.mark.parametrize("mark", IGNORED_BY_IDNA, ids=[f"U+{ord(c):04X}" for c in IGNORED_BY_IDNA])
def test_a_character_idna_ignores_does_not_hide_the_host(mark: str) -> None:
    import idna

    assert idna.encode(f"metadata.azure{mark}.com", uts46=True) == b"metadata.azure.com"
    assert rule({"url": f"http://metadata.azure{mark}.com/"}) == "egress.metadata"
    assert rule({"url": f"http://lvh{mark}.me:8080/admin"}) == "egress.private_address"
    assert rule({"hostname": f"localtest{mark}.me"}) == "egress.private_address"


def test_a_percent_encoded_ignored_character_does_not_hide_the_host() -> None:
    """A WHATWG host parser percent-decodes to UTF-8 before IDNA: ``%C2%AD`` is a soft
    hyphen, ``%EF%B8%8F`` a variation selector, both dropped."""
    assert rule({"url": "http://metadata.azure%C2%AD.com/"}) == "egress.metadata"
    assert rule({"url": "http://lvh%EF%B8%8F.me/"}) == "egress.private_address"
