"""The credentials a server URL carries (``cordon run --url``): read as the server's own
secrets and masked wherever the URL is named (audit start record, error messages)."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path
from typing import Any

import pytest

from cordon.clientconfig import run_pin_file
from cordon.proxy.http_why import masked_url, url_credentials, visible
from cordon.urlcreds import is_path_key, only_path_keys_differ, pinned_url


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


# -- keys in the URL path (capability URLs) ---------------------------------------------------

#: Zapier's server URL shape: base64 of two UUIDs joined by ":" (padding "=" kept)
ZAPIER_KEY = base64.b64encode(
    b"9bfc90a6-250e-4add-8d92-2c5e5e533139:33606241-6a50-4a2d-b27e-52df552521b8"
).decode()


@pytest.mark.parametrize(
    ("url", "key"),
    [
        (f"https://mcp.zapier.com/api/mcp/s/{ZAPIER_KEY}/mcp", ZAPIER_KEY),
        ("https://actions.zapier.com/mcp/sk-ak-DBmR4BcjJApuOBFQu6SG4kPTjj/sse", None),
        ("https://mcp.composio.dev/composio/server/89f2e068-a152-4061-a61d-2d03d560fcc6/mcp", None),
        ("https://mcp.pipedream.net/5F1A7C2E-0B9D-4E3F-A6C8-1D2E3F4A5B6C/slack", None),
        ("https://mcp.example/0123456789abcdef0123456789abcdef/sse", None),  # 32 hex
        ("https://mcp.example/u/" + "a1B2" * 16 + "/mcp", None),  # 64 base64url
        ("https://mcp.example/k/DBmRBcjJApuOBFQuSGkPTjjq/mcp", None),  # no digit, mixed case
        ("https://mcp.example/k/sk_live_51HbQ2Lk9xPq7RtWmZ3vN8cY/mcp", None),
        ("https://mcp.example/t/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0/mcp", None),
    ],
)
def test_a_key_in_the_path_is_a_credential_masked_and_pinned_as_a_digest(
    url: str, key: str | None
) -> None:
    segment = key or next(s for s in url.split("/") if len(s) >= 20)
    assert is_path_key(segment)
    assert url_credentials(url)[0] == segment
    shown, pinned = masked_url(url), pinned_url(url)
    assert segment not in shown and segment not in pinned
    assert shown == url.replace(segment, "***")
    digest = hashlib.sha256(segment.encode()).hexdigest()[:8]
    assert pinned == url.replace(segment, f"***sha256:{digest}")
    assert pinned_url(pinned) == pinned  # a pinned URL is pinned as it is


@pytest.mark.parametrize(
    "segment",
    [
        "mcp",
        "sse",
        "api",
        "v1",
        "servers",
        "streamable-http",
        ".well-known",
        "oauth-protected-resource",
        "github-server",
        "my-project-2024-production-server",  # a slug: its runs are short
        "123456",
        "12345678901234567890123",  # a long number is an id, not a key
        "2025-06-18",
        "v2.0.0-beta.1",
        "1.2.3",
        "internationalization",  # a long word without a digit
        "getAllUsersFromDatabaseTable",  # camelCase: about one capital in six
        "ReadableStreamBYOBReader",  # with an acronym: fewer than a third capitals
        "AWSSimpleQueueService",
        "GettingObjectsUsingAPIs.html",  # a file name
        "aws-resource-elasticloadbalancingv2-listener.html",
        "Q3-2024-Sales-Report-v2-Final",  # a title-case slug: few switches
        "@modelcontextprotocol",
        "abc123",
        "",
    ],
)
def test_path_words_slugs_ids_dates_and_versions_are_not_keys(segment: str) -> None:
    assert not is_path_key(segment)
    url = f"https://mcp.example/{segment}/mcp"
    assert url_credentials(url) == [] and masked_url(url) == url == pinned_url(url)


def test_a_percent_encoded_path_key_is_read_decoded() -> None:
    url = f"https://mcp.zapier.com/api/mcp/s/{ZAPIER_KEY.replace('=', '%3D')}/mcp"
    assert url_credentials(url)[0] == ZAPIER_KEY
    assert masked_url(url) == "https://mcp.zapier.com/api/mcp/s/***/mcp"
    assert pinned_url(url) == pinned_url(url.replace("%3D", "="))


def test_a_base64_path_key_is_also_registered_as_the_text_it_encodes() -> None:
    """Zapier's key is base64 of ``UUID:UUID``: a call carrying the decoded text carries the
    key as much as one carrying the base64."""
    found = url_credentials(f"https://mcp.zapier.com/api/mcp/s/{ZAPIER_KEY}/mcp")
    assert found == [ZAPIER_KEY, base64.b64decode(ZAPIER_KEY).decode()]
    # a hex or sk- key decodes to no text: registered as written only
    assert url_credentials("https://mcp.example/0123456789abcdef0123456789abcdef/sse") == [
        "0123456789abcdef0123456789abcdef"
    ]


def test_every_kind_of_url_credential_is_masked_together() -> None:
    url = f"https://tok3n-abcdefgh@mcp.example/s/{ZAPIER_KEY}/mcp?team=blue&api_key=k-1234567"
    decoded = base64.b64decode(ZAPIER_KEY).decode()
    assert url_credentials(url) == ["tok3n-abcdefgh", ZAPIER_KEY, decoded, "k-1234567"]
    assert masked_url(url) == "https://***@mcp.example/s/***/mcp?team=blue&api_key=***"
    assert pinned_url(url).startswith("https://***@mcp.example/s/***sha256:")
    assert pinned_url(url).endswith("/mcp?team=blue&api_key=***")


def test_two_path_keys_on_one_host_are_two_servers(tmp_path: Path, monkeypatch: Any) -> None:
    """One URL per configured server (Zapier): two path keys are not merged into one pin
    identity nor one default pin file; a rotated query key still is."""
    monkeypatch.setenv("HOME", str(tmp_path))
    a = "https://mcp.zapier.com/api/mcp/s/" + "a1B2c3D4" * 4 + "/mcp"
    b = "https://mcp.zapier.com/api/mcp/s/" + "z9Y8x7W6" * 4 + "/mcp"
    assert pinned_url(a) != pinned_url(b) and masked_url(a) == masked_url(b)
    assert only_path_keys_differ(a, b) and only_path_keys_differ(pinned_url(a), b)
    assert not only_path_keys_differ(a, a) and not only_path_keys_differ(a, pinned_url(a))
    assert not only_path_keys_differ(a, b.replace("/mcp", "/sse"))
    assert run_pin_file("default", [], a) != run_pin_file("default", [], b)
    assert "a1B2c3D4" not in str(run_pin_file("default", [], a))


def test_a_redirect_location_is_named_without_its_path_key() -> None:
    shown = visible(f"https://mcp.zapier.com/api/mcp/s/{ZAPIER_KEY}/mcp/")
    assert shown == "https://mcp.zapier.com/api/mcp/s/***/mcp/"


#: a credential-shaped value for the parameter tests
PARAM_VALUE = "Zq7Xv2Lm9Rt4Wp8Kd3Hs6Nb1"


@pytest.mark.parametrize(
    "name",
    [
        "jwt",  # Jitsi Meet's ?jwt=
        "id_jwt",
        "bearer",  # RFC 6750's name for the token
        "pat",  # a personal access token
        "gh_pat",
        "pass",  # SHOUTcast admin.cgi?pass=
        "db_pass",
        "otp",  # RFC 4226 / RFC 6238 one-time passwords
        "totp",
        "ticket",  # a CAS service ticket
        "Ticket",
        "access_token",
        "sig",
    ],
)
def test_a_credential_parameter_is_registered_and_masked(name: str) -> None:
    url = f"https://mcp.example/mcp?team=blue&{name}={PARAM_VALUE}"
    assert url_credentials(url) == [PARAM_VALUE]
    assert masked_url(url) == f"https://mcp.example/mcp?team=blue&{name}=***"
    assert PARAM_VALUE not in pinned_url(url)


@pytest.mark.parametrize(
    "name",
    [
        "pattern",  # not a PAT
        "path",
        "patch",
        "passage",  # not a password
        "compass",
        "bypass",
        "footprint",  # not an OTP
        "hotplug",
        "ticket_id",  # an issue's id, not a CAS ticket: as a secret it would refuse calls
        "ticketId",
        "jira_ticket",
        "tickets",
    ],
)
def test_a_parameter_whose_name_only_resembles_a_credential_is_not_one(name: str) -> None:
    url = f"https://mcp.example/mcp?{name}={PARAM_VALUE}"
    assert url_credentials(url) == []
    assert pinned_url(url) == url
    # (shown masked all the same: its value reads as a key whatever the parameter's name)
    assert masked_url(url) == f"https://mcp.example/mcp?{name}=***"


def test_parameters_separated_by_semicolons_are_read_too() -> None:
    """``?a=1;api_key=K``: servers that split a query on ``;`` (HTML 4.01 B.2.2) get the key,
    so cordon reads it as one (registered, masked), the separators kept as written."""
    url = f"https://mcp.example/mcp?team=blue;api_key={PARAM_VALUE}&page=2;jwt={PARAM_VALUE}x"
    assert url_credentials(url) == [PARAM_VALUE, PARAM_VALUE + "x"]
    assert masked_url(url) == "https://mcp.example/mcp?team=blue;api_key=***&page=2;jwt=***"


def test_a_plus_in_a_credential_parameter_is_registered_both_ways() -> None:
    """A form decoder reads ``+`` as a space, other servers as ``+``: both are the key."""
    url = "https://mcp.example/mcp?api_key=ab+cd%2Bef12345"
    assert url_credentials(url) == ["ab cd+ef12345", "ab+cd+ef12345"]
    assert masked_url(url) == "https://mcp.example/mcp?api_key=***"


@pytest.mark.parametrize("name", ["x", "ref", "q"])
def test_a_key_in_a_plainly_named_parameter_is_masked_in_messages(name: str) -> None:
    """A token under a name that says nothing (``?x=ghp_...``) reached stderr and the audit
    records that name a URL (a followed redirect, an answer not read) as written. It is
    masked there, as a key in the path is; the pin file's URL (the server's identity) and
    the registered credentials are as before."""
    token = "ghp_" + "Zq7Xv2Lm9Rt4Wp8Kd3Hs6Nb1Yc5Tf0Ja8Ue2"
    url = f"https://mcp.example/mcp?team=blue&{name}={token}&page=2"
    assert masked_url(url) == f"https://mcp.example/mcp?team=blue&{name}=***&page=2"
    assert url_credentials(url) == [] and pinned_url(url) == url
    words = "https://mcp.example/mcp?q=remote-mcp-servers&page=2"  # no key: unchanged
    assert masked_url(words) == words
