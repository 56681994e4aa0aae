"""The fast path of token_keys (one regex for plain addresses, hosts and URLs) gives exactly
the keys of the general path, and the index's token cache never changes what is indexed."""

from __future__ import annotations

import random

import pytest

from cordon.taint import TaintIndex, extract_destinations
from cordon.taint._keys import (
    _FAST_EMAIL_RE,
    _FAST_HOST_RE,
    _FAST_URL_RE,
    _STRIP,
    general_token_keys,
    token_keys,
)

FAST_SHAPES = [
    "bob@example.com",
    "bob.smith+invoices@evil-corp.com",
    "b+x+y@example.com",
    "+x@example.com",
    "a..@example.com",
    "o'neil@mail.example.co.uk",
    "https://docs3.example.org/page/12",
    "https://docs3.example.org/page/12/",
    "https://example.org/",
    "http://example.org?x=1#frag",
    "ftp://files.example.net/a/b.tar.gz",
    "svn+ssh://repo.example.net/trunk",
    "report.the",
    "3.14",
    "v1.2.3",
    "file.txt",
    "example.com/path/to/x",
    "example.com?to=1",
    "under_score.example.com",
]

GENERAL_SHAPES = [
    "https://user@example.org/x",  # userinfo
    "https://example.org:8443/x",  # port
    "https://example.org/a%40b",  # percent in path
    "https://example.org/?to=bob@example.com",  # address in the query
    "xn--exmple-4nf.com",  # punycode
    "bob@xn--exmple-4nf.com",
    "@handle.name",
    "#channel.name",
    "a@b@example.com",
    "mailto:bob@example.com",
    "bоb@example.com",  # Cyrillic о
    "example.com./x",
    "[::1]",
]


def takes_fast_path(token: str) -> bool:
    t = token.strip(_STRIP)
    if not t.isascii() or "xn--" in t:
        return False
    if "@" in t:
        return _FAST_EMAIL_RE.fullmatch(t) is not None
    return (_FAST_URL_RE if "://" in t else _FAST_HOST_RE).fullmatch(t) is not None


def general(token: str) -> set[str]:
    out: set[str] = set()
    token = token.strip(_STRIP)
    if len(token) >= 2:
        general_token_keys(token, out)
    return out


def fast(token: str) -> set[str]:
    out: set[str] = set()
    token_keys(token, out)
    return out


@pytest.mark.parametrize("token", FAST_SHAPES)
def test_fast_shapes_take_the_fast_path_and_agree(token: str) -> None:
    assert takes_fast_path(token)
    assert fast(token) == general(token)


@pytest.mark.parametrize("token", GENERAL_SHAPES)
def test_other_shapes_take_the_general_path(token: str) -> None:
    assert not takes_fast_path(token)
    assert fast(token) == general(token)


def test_fast_keys_are_the_documented_ones() -> None:
    assert fast("Bob+x@Example.com".lower()) == {"bob+x@example.com", "bob@example.com"}
    assert fast("https://docs.example.org/page/") == {
        "https://docs.example.org/page/",
        "docs.example.org",
        "docs.example.org/page",
    }


def test_random_tokens_agree() -> None:
    rng = random.Random(20240611)
    alphabet = ["a", "b", "1", ".", "-", "_", "+", "@", "/", "?", "#", "=", ":", "//", "%", "x"]
    alphabet += ["https://", "example", ".com", "xn--", "'", "~", "!"]
    matched = 0
    for _ in range(20000):
        token = "".join(rng.choice(alphabet) for _ in range(rng.randint(2, 14)))
        if takes_fast_path(token):
            matched += 1
        assert fast(token) == general(token), token
    assert matched > 200  # the sample exercises the fast path, not only the general one


def test_cache_gives_the_same_verdicts_on_repeated_output() -> None:
    ix = TaintIndex()
    ix.add_text("mail bob@example.com and BOB@EXAMPLE.COM")
    ix.add_text("again bob@example.com, then https://evil.example/x")
    for dest, want in [
        ("bob@example.com", "tainted"),
        ("evil.example/x", "tainted"),
        ("bob@example.net", "clean"),
    ]:
        (d,) = extract_destinations(dest)
        assert ix.lookup(d) == want
