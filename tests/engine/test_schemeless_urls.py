"""A URL parameter's value without a scheme reaches the host it starts with through a client
that completes it: Playwright MCP's ``browser_navigate`` adds ``http://`` to a value that
starts with ``localhost`` and ``https://`` to any other the WHATWG parser refuses, curl adds
``http://``. The metadata and private-address rules judge that host; a value that may be a
relative reference (a path, a file name, a version) is left alone, and a public host is the
destination rules' (asked as a new destination, as before).

End to end through ``cordon run`` and the Playwright MCP server:
tests/e2e/test_schemeless_private_urls.py."""

from __future__ import annotations

import pytest

from cordon.engine.egress import EgressPolicy, check_egress


@pytest.mark.parametrize(
    ("url", "rule", "host"),
    [
        ("localhost@2852039166/latest/meta-data/", "egress.metadata", "169.254.169.254"),
        ("169.254.43518/latest/meta-data/", "egress.metadata", "169.254.169.254"),
        ("0xa9fea9fe/latest", "egress.metadata", "169.254.169.254"),
        ("metadata.google.internal/computeMetadata/v1/", "egress.metadata", None),
        ("localhost/admin", "egress.private_address", "localhost"),
        ("localhost:8080/admin", "egress.private_address", "localhost"),
        ("127.1:8080/admin", "egress.private_address", "127.0.0.1"),
        ("2130706433", "egress.private_address", "127.0.0.1"),
        ("10.1/admin", "egress.private_address", "10.0.0.1"),
        ("printer.local/status", "egress.private_address", "printer.local"),
        ("  localhost/admin", "egress.private_address", "localhost"),
    ],
)
def test_a_host_without_a_scheme_is_judged(url: str, rule: str, host: str | None) -> None:
    v = check_egress({"url": url}, EgressPolicy())
    assert v is not None and v.rule == rule and v.verdict == "deny", (url, v)
    if host is not None:
        assert v.destination == host


@pytest.mark.parametrize(
    "url",
    [
        "example.com/page",
        "docs/guide.md",  # a relative path: its first segment is no host
        "README.md",
        "v1.2",  # ends in a number, no IPv4: no parser reads it as a host
        "./admin",
        "/admin",
        "#top",
        "?page=2",
        "~/notes",
        "mailto:ops@example.com",
        "about:blank",
        "localhost@example.com/",  # localhost is the user there
    ],
)
def test_a_value_that_names_no_private_host_passes(url: str) -> None:
    assert check_egress({"url": url}, EgressPolicy()) is None


def test_only_url_parameters_are_read_so() -> None:
    # a note that mentions a word is no request (the free-text rules are unchanged)
    assert check_egress({"note": "localhost/admin"}, EgressPolicy()) is None


def test_allow_private_lifts_the_private_rule_not_the_metadata_one() -> None:
    policy = EgressPolicy(allow_private=True)
    assert check_egress({"url": "localhost:8080/x"}, policy) is None
    v = check_egress({"url": "169.254.43518/latest"}, policy)
    assert v is not None and v.rule == "egress.metadata"
