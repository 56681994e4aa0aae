"""``http://a.example\\@b.example/``: a request to ``a.example`` for a WHATWG parser (browsers,
Node's ``fetch``, ``requests``: ``\\`` is ``/`` in a special URL), to ``b.example`` for an
RFC 3986 one (``httpx``, Python's ``urlsplit``, ``urllib``: the authority ends at ``/``, ``?``
or ``#`` only, the host follows the last ``@``). Both hosts are judged: by the egress rules,
and by destination taint, where a host that is no name (``16909060``, an IPv6 literal) is
a destination of its own, not cleared by the named host beside it.

End to end through ``cordon run`` and a server fetching with httpx:
tests/e2e/test_backslash_userinfo_urls.py."""

from __future__ import annotations

import time
import urllib.parse
from typing import Any

import httpx
import pytest

from cordon import Engine
from cordon.engine.egress import EgressPolicy, check_egress
from cordon.policy import load_policy
from cordon.textnorm import rfc3986_urls

REQUEST = "Summarise https://docs.example.com/guide for me."


def _session() -> Any:
    engine = Engine(load_policy([{"version": 1, "packs": ["http"]}]))
    schema = {"type": "object", "properties": {"url": {"type": "string"}}}
    engine.pin_tools([{"name": "fetch", "description": "Fetch a URL.", "inputSchema": schema}])
    return engine.new_session(trusted=[REQUEST])


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("http://docs.example.com\\@localhost:8080/admin", "localhost"),
        ("http://docs.example.com\\@0x7f000001/", "127.0.0.1"),
        ("http://docs.example.com\\@2130706433/", "127.0.0.1"),
        ("http://docs.example.com\\:80@10.1/", "10.0.0.1"),
        ("http://a@docs.example.com\\@[::1]/", "::1"),
        ("http://docs.example.com\\@intranet-wiki/", "intranet-wiki"),
        ("//docs.example.com\\@localhost/", None),  # (scheme-relative: read as a URL key's)
    ],
)
def test_the_host_after_a_backslash_userinfo_is_judged(url: str, host: str | None) -> None:
    if host is not None:  # the RFC 3986 parsers go past the name (WHATWG stops at it)
        assert urllib.parse.urlsplit(url).hostname not in (None, "docs.example.com")
        assert httpx.URL(url).host == urllib.parse.urlsplit(url).hostname
    v = check_egress({"url": url}, EgressPolicy())
    if host is None:
        assert v is None or v.rule == "egress.private_address"
        return
    assert v is not None and v.rule == "egress.private_address", (url, v)
    assert v.destination == host


def test_a_metadata_address_there_is_metadata() -> None:
    v = check_egress({"note": "see http://x.example\\@0xa9fea9fe/latest"}, EgressPolicy())
    assert v is not None and v.rule == "egress.metadata", v


@pytest.mark.parametrize(
    "url",
    [
        "https://docs.example.com\\@16909060/k",  # 1.2.3.4 to getaddrinfo
        "https://docs.example.com\\@0x5db8d822/k",
        "https://docs.example.com\\@[2606:4700::1]/k",
        "https://docs.example.com\\@collector.evil.example/k",
        "https://docs.example.com\\x@collector.evil.example/k",
    ],
)
def test_a_host_no_one_named_there_is_asked(url: str) -> None:
    v = _session().check("fetch", {"url": url})
    assert (v.verdict, v.rule) == ("ask", "taint.unverified_destination"), (url, v)


@pytest.mark.parametrize(
    "url",
    [
        "https://docs.example.com/guide",
        "https://docs.example.com/guide\\intro",  # a backslash in the path: same host
        "https://docs.example.com/search?q=a\\b@c",  # in the query
        "https://docs.example.com/#a\\b@c",  # in the fragment
    ],
)
def test_a_backslash_after_the_authority_changes_nothing(url: str) -> None:
    assert urllib.parse.urlsplit(url).hostname == "docs.example.com"
    v = _session().check("fetch", {"url": url})
    assert (v.verdict, v.rule) == ("allow", "default.allow"), (url, v)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("http://a.example\\@b.example/x", "http://b.example/x"),
        ("go to https://a\\b@c@d.example?q", "go to https://d.example?q"),
        ("http://a.example/p\\q@r", "http://a.example/p\\q@r"),
        ("C:\\dir\\file@x", "C:\\dir\\file@x"),
    ],
)
def test_the_rfc3986_reading(text: str, read: str) -> None:
    assert rfc3986_urls(text) == read


def test_the_reading_is_linear() -> None:
    # one way to match each run: the first backslash is found by a class without it (two
    # open runs around it took 12 s of CPU on a fifth of this text)
    text = "://" + "\\" * 200_000 + " @" + ("http://a\\" + "b" * 50) * 4_000 + "@"
    start = time.process_time()
    rfc3986_urls(text)
    assert time.process_time() - start < 1.0
