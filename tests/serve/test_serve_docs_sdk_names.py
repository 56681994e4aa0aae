"""The README's ``cordon serve`` paragraph names the reply's fields as the official SDK client
returns them (``result.structured_content``, ``result.is_error``: pydantic snake_case), not
only as the wire's camelCase, which a harness on the SDK reads as an attribute that does not
exist."""

from __future__ import annotations

import re
from pathlib import Path

from mcp.types import CallToolResult

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_serve_paragraph_names_the_sdk_clients_fields() -> None:
    text = README.read_text("utf-8")
    start = text.index("`cordon serve [--policy FILE]")
    paragraph = text[start : text.index("\n\n", start)]
    named = re.findall(r"`result\.([a-z_]+)`", paragraph)
    assert {"structured_content", "is_error"} <= set(named), named
    assert set(named) <= set(CallToolResult.model_fields), named
