"""An ask about a destination that looks like a trusted domain names the domain it compared,
not the destination key with its path in the domain's place: ``https://paypa1.com/paypal.com``
was said to be "another domain: 'paypa1.com/paypal.com'", which a person reads as ending in
the trusted name (the path spelled to look like a domain: the homograph's point). The note
names the domain, then the destination it is in; an address (``bob@paypa1.com``) or a bare
domain reads plainly and is named as before."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.engine.core import Engine

FETCH = {
    "name": "fetch",
    "description": "Fetch a URL.",
    "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}},
}
SEND = {
    "name": "send_email",
    "description": "Send an e-mail.",
    "inputSchema": {"type": "object", "properties": {"to": {}, "body": {"type": "string"}}},
}
TOOLS: dict[str, Any] = {
    "fetch": {"egress": True},
    "send_email": {"exfiltrating": True, "sink_params": ["to"]},
}
LEAD = "looks like allowlisted 'paypal.com' but is another domain: "


def _session() -> Any:
    eng = Engine.from_policy(
        [{"version": 1, "tools": TOOLS, "trusted_destinations": ["@paypal.com"]}]
    )
    eng.pin_tools([FETCH, SEND])
    return eng.new_session()


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://paypa1.com/paypal.com", "'paypa1.com' (in 'paypa1.com/paypal.com')"),
        ("https://attacker.com/paypa1.com/x", "'paypa1.com' (in 'paypa1.com/x')"),
    ],
)
def test_the_note_names_the_domain_not_the_path(url: str, shown: str) -> None:
    v = _session().check("fetch", {"url": url})
    assert v.verdict == "ask", v
    assert v.reason.startswith(LEAD + shown), v.reason


@pytest.mark.parametrize("to", ["bob@paypa1.com", "bob@paypal-com.security.example"])
def test_an_address_is_named_as_before(to: str) -> None:
    v = _session().check("send_email", {"to": to})
    assert v.verdict == "ask", v
    assert v.reason.startswith(f"{LEAD}{to!r}"), v.reason
    assert "(in " not in v.reason.split(";")[0]
