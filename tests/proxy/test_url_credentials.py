"""The credentials a server URL carries (``cordon run --url``): read as the server's own
secrets and masked wherever the URL is named (audit start record, error messages)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon.clientconfig import run_pin_file
from cordon.proxy.http_why import masked_url, url_credentials
from cordon.urlcreds import pinned_url


@pytest.mark.parametrize(
    ("url", "found"),
    [
        ("https://mcp.example/mcp?api_key=k-123456789", ["k-123456789"]),
        ("https://mcp.example/mcp?apiKey=k-123456789&team=blue", ["k-123456789"]),
        ("https://mcp.example/mcp?access_token=abc%2Fdef", ["abc/def"]),  # RFC 6750 2.3
        ("https://mcp.example/mcp?X-Amz-Signature=f00d&X-Amz-Date=1", ["f00d"]),
        ("https://alice.smith:p%40ss@mcp.example/mcp", ["p@ss"]),
        ("https://ghp_tok3n@mcp.example/mcp", ["ghp_tok3n"]),
        ("https://mcp.example/mcp?team=blue&page=2", []),  # no credential-named parameter
        ("https://mcp.example/mcp?monkey=1", []),
        ("https://mcp.example/mcp", []),
    ],
)
def test_url_credentials_are_its_userinfo_and_credential_parameters(
    url: str, found: list[str]
) -> None:
    assert url_credentials(url) == found


def test_masked_url_keeps_the_server_path_and_other_parameters() -> None:
    url = "https://bob:hunter2hunter2@mcp.example:8443/v1/mcp?team=blue&api_key=k-1234#frag"
    shown = masked_url(url)
    assert shown == "https://***@mcp.example:8443/v1/mcp?team=blue&api_key=***"
    assert "hunter2" not in shown and "bob" not in shown and "k-1234" not in shown


def test_masked_url_of_a_plain_url_is_the_url() -> None:
    assert masked_url("http://127.0.0.1:9000/mcp") == "http://127.0.0.1:9000/mcp"


def test_a_url_is_pinned_masked_only_when_it_carries_credentials() -> None:
    assert (
        pinned_url("https://h.example/mcp?api_key=k-1234567") == "https://h.example/mcp?api_key=***"
    )
    plain = "https://h.example/mcp?q=a%3D%3D&b=1#x"
    assert pinned_url(plain) == plain  # a URL with no key is pinned as given


def test_a_rotated_key_keeps_the_default_pin_file(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    a = run_pin_file("default", [], "https://h.example/mcp?api_key=k-old-123456")
    b = run_pin_file("default", [], "https://h.example/mcp?api_key=k-new-654321")
    other = run_pin_file("default", [], "https://h.example/other?api_key=k-new-654321")
    assert a == b and a != other
    assert "k-old" not in str(a)
