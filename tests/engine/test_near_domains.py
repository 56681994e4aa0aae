"""An ask about a destination that looks like a trusted domain says so at its start.

ASCII typosquats of an allowlisted domain (MITRE ATT&CK T1583.001: ``paypa1.com`` for
``paypal.com``, ``rnicrosoft.com`` for ``microsoft.com``, one letter added, dropped or
swapped, the trusted name as a label of another domain) fold to no other key, so nothing
told the person approving the send that ``bob@paypa1.com`` is not the allowlisted
``paypal.com``. The warning is text in an ask: it never allows, and it never turns an allow
into an ask (cordon.engine.near_domains)."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.decider import Decider
from cordon.engine.core import Engine
from cordon.engine.near_domains import fold, host_of, resembles

TRUSTED = ["paypal.com", "microsoft.com", "amazon.com", "google.com", "example-corp.com"]


@pytest.mark.parametrize(
    ("host", "looks_like"),
    [
        ("paypa1.com", "paypal.com"),
        ("rnicrosoft.com", "microsoft.com"),
        ("login.rnicrosoft.com", "microsoft.com"),
        ("arnazon.com", "amazon.com"),
        ("g00gle.com", "google.com"),
        ("examp1e-corp.com", "example-corp.com"),
        ("paypal-com.security.example", "paypal.com"),
        ("paypal.com.evil.example", "paypal.com"),
        ("secure-paypa1.example", "paypal.com"),
        ("paypall.com", "paypal.com"),  # a letter added
        ("papyal.com", "paypal.com"),  # two swapped
        ("paypl.com", "paypal.com"),  # one dropped
        ("paypal.co", "paypal.com"),  # another suffix, one edit
        ("paypal.de", "paypal.com"),  # the name on another registrable domain
        ("rnicr0soft.com", "microsoft.com"),  # two folds
        ("vvvvvv.example-c0rp.com", "example-corp.com"),
    ],
)
def test_a_typosquat_resembles_the_trusted_domain(host: str, looks_like: str) -> None:
    assert resembles(host, TRUSTED) == looks_like


@pytest.mark.parametrize(
    "host",
    [
        "paypal.com",  # the trusted domain itself
        "api.paypal.com",  # its subdomain: its own
        "unrelated.example",
        "paypalpayments.org",  # "paypal" only as part of a longer label
        "micro.com",
        "192.0.2.1",
        "",
    ],
)
def test_what_is_not_a_typosquat(host: str) -> None:
    assert resembles(host, TRUSTED) is None


def test_short_names_are_not_compared() -> None:
    """``ibm.com`` and ``ibn.com`` are one edit apart, as is any three-letter name from
    hundreds of others: no warning that would teach the person to ignore it."""
    assert resembles("ibn.com", ["ibm.com"]) is None
    assert resembles("x.com", ["y.com"]) is None


def test_a_host_whose_own_domain_is_trusted_resembles_nothing() -> None:
    assert resembles("paypa1.com", ["paypal.com", "paypa1.com"]) is None


def test_fold_and_host_of() -> None:
    assert fold("RNicr0soft.C0m") == "microsoft.com"
    assert fold("vvikipedia5") == "wikipedias"
    assert host_of("bob@PayPal.com") == "paypal.com"
    assert host_of("@paypal.com") == host_of("*.paypal.com") == "paypal.com"
    assert host_of("https://api.paypal.com:8443/x?y") == "api.paypal.com"
    assert host_of("paypal.com/x") == "paypal.com"
    for none in ("general", "15551234567", "10.0.0.1", "see paypal.com now", ""):
        assert host_of(none) == "", none


SEND = {
    "name": "send_email",
    "description": "Send an e-mail.",
    "inputSchema": {"type": "object", "properties": {"to": {}, "body": {"type": "string"}}},
}
FETCH = {
    "name": "fetch",
    "description": "Fetch a URL.",
    "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}},
}
TOOLS: dict[str, Any] = {
    "send_email": {"exfiltrating": True, "sink_params": ["to"]},
    "fetch": {"egress": True},
}


def _session(trusted: tuple[str, ...] = (), **policy: Any) -> Any:
    eng = Engine.from_policy([{"version": 1, "tools": TOOLS, **policy}])
    eng.pin_tools([SEND, FETCH])
    return eng.new_session(trusted=trusted)


@pytest.mark.parametrize("to", ["bob@paypa1.com", "bob@paypal-com.security.example"])
def test_an_ask_to_a_typosquat_of_an_allowlisted_domain_says_so_first(to: str) -> None:
    s = _session(trusted_destinations=["@paypal.com"])
    assert s.check("send_email", {"to": "bob@paypal.com"}).verdict == "allow"
    v = s.check("send_email", {"to": to})
    assert (v.verdict, v.rule) == ("ask", "taint.unverified_destination"), v
    assert v.reason.startswith("looks like allowlisted 'paypal.com'"), v.reason
    assert repr(to) in v.reason and "not on an allowlist" in v.reason, v.reason
    assert v.details["lookalikes"] == [
        {"destination": to, "looks_like": "paypal.com", "as": "allowlisted"}
    ]


def test_an_ask_to_an_unrelated_domain_has_no_warning() -> None:
    s = _session(trusted_destinations=["@paypal.com"])
    v = s.check("send_email", {"to": "bob@partner.example"})
    assert v.verdict == "ask" and "looks like" not in v.reason, v.reason
    assert "lookalikes" not in v.details


def test_the_egress_allowlist_is_trusted_too() -> None:
    s = _session(egress={"mode": "allowlist", "allow": ["microsoft.com"]})
    v = s.check("fetch", {"url": "https://login.rnicrosoft.com/oauth"})
    assert v.verdict == "ask", v
    assert v.reason.startswith("looks like allowlisted 'microsoft.com'"), v.reason


def test_a_typosquat_of_a_destination_approved_in_the_session_says_so() -> None:
    s = _session()
    first = s.check("send_email", {"to": "alice@firm-one.com"})
    assert first.verdict == "ask"
    s.approve(first, tool="send_email", arguments={"to": "alice@firm-one.com"})
    assert s.check("send_email", {"to": "alice@firm-one.com"}).verdict == "allow"
    v = s.check("send_email", {"to": "mallory@firm-0ne.com"})
    assert v.verdict == "ask", v
    assert v.reason.startswith("looks like 'firm-one.com', already used in this session"), v.reason


def test_a_typosquat_of_a_domain_the_user_named_says_so() -> None:
    """The user asked to reply to bob@acme-corp.com; the agent, steered by a mail, writes
    bob@acrne-corp.com: asked, and the question says whose name it imitates. Words of the
    text that are no domain (``report.docx``) are compared with nothing."""
    s = _session(trusted=("Reply to bob@acme-corp.com with report.docx attached.",))
    assert s.check("send_email", {"to": "bob@acme-corp.com"}).verdict == "allow"
    v = s.check("send_email", {"to": "bob@acrne-corp.com"})
    assert v.verdict == "ask", v
    assert v.reason.startswith(
        "looks like 'acme-corp.com', named in the user's request, but is another domain"
    ), v.reason
    assert "looks like" not in s.check("send_email", {"to": "x@reports.docs.com"}).reason


def test_the_warning_leads_an_ask_for_several_destinations_and_is_shown_whole() -> None:
    s = _session(trusted_destinations=["@paypal.com"])
    d = Decider(s, server="default")
    v = d.check("send_email", {"to": ["ann@partner.example", "bob@paypa1.com"]})
    assert v.verdict == "ask", v
    assert v.reason.startswith("looks like allowlisted 'paypal.com'"), v.reason
    assert "2 approvals needed together" in v.reason


def test_a_call_wide_ask_names_a_look_alike_once() -> None:
    """The note names the look-alike destination; the list refers to it rather than naming
    it again, so a longer address still fits the start a person is shown whole (it was
    denied unasked, ``approval.unshowable``, from about 40 characters)."""
    s = _session(trusted_destinations=["@paypal.com"])
    to = "accounts-payable-department-emea@paypa1.com"
    v = Decider(s, server="default").check("send_email", {"to": ["ann@partner.example", to]})
    assert v.verdict == "ask", v
    assert v.reason.count(to) == 1, v.reason
    assert v.reason.startswith(
        f"looks like allowlisted 'paypal.com' but is another domain: {to!r}; "
        "2 approvals needed together (taint.unverified_destination), "
        "for 'ann@partner.example', the look-alike above"
    ), v.reason


def test_a_near_match_is_never_an_allow_on_that_basis() -> None:
    """The allowlist matches as spelled: the near spelling is asked about, whatever the
    policy says of taint."""
    s = _session(trusted_destinations=["@paypal.com"], allowlist_beats_taint=True)
    for to in ("bob@paypa1.com", "bob@paypall.com", "bob@paypal.co"):
        assert s.check("send_email", {"to": to}).verdict == "ask", to


@pytest.mark.parametrize("host", ["pyapl.com", "paypalsecure.com", "cliscord.com"])
def test_what_the_module_says_it_does_not_catch(host: str) -> None:
    assert resembles(host, ["paypal.com", "discord.com"]) is None


def test_of_several_matches_the_first_in_sorted_order_is_named() -> None:
    """(Deterministic: a set's order varies from process to process.)"""
    for trusted in (["paypal.com", "paypal.co"], ["paypal.co", "paypal.com"]):
        assert resembles("paypal.cm", trusted) == "paypal.co"


@pytest.mark.parametrize(
    ("host", "trusted", "expected"),
    [
        # a host under no public suffix: its last label stands for one, not for a name
        ("help.attacker.example", "example.org", None),
        ("docs.internal", "internal.io", None),
        # the labels before it are still read
        ("paypal-com.example", "paypal.com", "paypal.com"),
        ("x.example.internal", "example.org", "example.org"),
    ],
)
def test_the_last_label_of_a_host_without_a_public_suffix_is_no_name(
    host: str, trusted: str, expected: str | None
) -> None:
    assert resembles(host, [trusted]) == expected
