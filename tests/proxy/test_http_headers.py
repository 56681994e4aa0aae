"""The headers ``cordon run --url`` puts on each POST are derived from its body (MCP
Streamable HTTP; 2026-07-28 routing headers and ``x-mcp-header`` mirroring)."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.proxy.http import HttpUpstream, parse_header

MODERN = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}
SCHEMA = {
    "type": "object",
    "properties": {
        "region": {"type": "string", "x-mcp-header": "Region"},
        "to": {"type": "string"},
    },
}


def _up() -> HttpUpstream:
    return HttpUpstream("https://mcp.example/mcp", schema=lambda tool: SCHEMA)


def _call(args: dict[str, Any]) -> dict[str, Any]:
    params = {"name": "send", "arguments": args, "_meta": MODERN}
    return {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}


def test_a_2026_call_carries_method_name_version_and_mirrored_parameters() -> None:
    h = _up().headers_for(_call({"region": "eu-west", "to": "ops@example.com"}))
    assert h["mcp-method"] == "tools/call"
    assert h["mcp-name"] == "send"
    assert h["mcp-protocol-version"] == "2026-07-28"
    assert h["Mcp-Param-Region"] == "eu-west"
    assert not any(k.lower().startswith("mcp-param-to") for k in h)


def test_a_mirrored_value_that_is_not_a_header_token_is_base64_wrapped() -> None:
    h = _up().headers_for(_call({"region": "eu\nwest: x"}))
    assert h["Mcp-Param-Region"].startswith("=?base64?")


def test_a_handshake_era_request_carries_the_session_and_negotiated_version() -> None:
    up = _up()
    msg = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    assert "mcp-session-id" not in up.headers_for(msg)
    up.session_id, up.version = "abc", "2025-11-25"
    h = up.headers_for(msg)
    assert (h["mcp-session-id"], h["mcp-protocol-version"]) == ("abc", "2025-11-25")
    assert "mcp-method" not in h


@pytest.mark.parametrize(
    ("spec", "env", "want"),
    [
        ("Authorization: Bearer ${TOKEN}", {"TOKEN": "t0k"}, ("Authorization", "Bearer t0k")),
        ("X-Api-Key:abc", {}, ("X-Api-Key", "abc")),
        ("X-Two: ${A}-${B}", {"A": "1", "B": "2"}, ("X-Two", "1-2")),
    ],
)
def test_header_values_read_environment_variables(
    spec: str, env: dict[str, str], want: tuple[str, str]
) -> None:
    assert parse_header(spec, env) == want


@pytest.mark.parametrize("spec", ["no-colon", ": value", "X: ${UNSET}", "X: ${OPEN"])
def test_a_malformed_header_or_an_unset_variable_is_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        parse_header(spec, {})


@pytest.mark.parametrize(
    "spec",
    [
        "ghp_R3alT0kenValue0123456789abcdefABCD",  # a token pasted without its NAME:
        "Bearer ghp_R3alT0kenValue0123456789abcdefABCD",
        "  sk-live-R3alT0kenValue0123456789",
    ],
)
def test_a_header_without_a_colon_is_refused_without_repeating_any_of_it(spec: str) -> None:
    """Without its colon, all of the argument may be the credential (invariant 7): the
    message names the problem, never a part of the argument (the old one kept up to 64
    leading letters and digits: the whole token, ``ghp_`` and all)."""
    with pytest.raises(ValueError, match="has no ':'") as info:
        parse_header(spec, {})
    said = str(info.value)
    assert not any(word in said for word in ("ghp_", "R3al", "Bearer", "sk-live", "0123"))


def test_a_header_with_an_empty_name_is_refused_without_its_value() -> None:
    with pytest.raises(ValueError, match="empty NAME") as info:
        parse_header(": ghp_R3alT0kenValue0123456789", {})
    assert "R3al" not in str(info.value)
