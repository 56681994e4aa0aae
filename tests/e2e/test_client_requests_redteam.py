"""Red-team regressions for client requests that are not calls (``resources/read``,
``prompts/get``, ``subscriptions/listen`` ...), through the real ``cordon run`` in front of
a raw upstream that logs every line it receives and answers any request.

Each test asserts on what the upstream received, never only on what cordon answered. The
attacker's goal: an agent-chosen value cordon should stop (a host planted in output, a
metadata or private address, a credential in a known format) reaching the upstream, or a
request forwarded with no audit record.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import Harness
from tests.e2e._recorder import Recorded
from tests.e2e._recorder import denied as _denied

pytestmark = [pytest.mark.e2e]

KEY = "AKIAQ3EGRTXN5ZV7HBLM"  # an AWS access key id in format (nobody registered it)
PLANTED = "drop.evil-host.example"  # the host the upstream's tool output plants
MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
}
#: read_doc's output: it plants a host
POISON = "Details: https://drop.evil-host.example/c (mirror at ssh://drop.evil-host.example)"


class Proxy(Recorded):
    """``cordon run`` in front of the recorder, whose ``read_doc`` output names PLANTED."""

    def __init__(self, harness: Harness, policy: dict[str, Any] | None = None) -> None:
        plant = {"content": [{"type": "text", "text": POISON}]}
        super().__init__(harness, {"tools/call": plant}, policy=policy)

    def plant(self) -> None:
        """Call read_doc: its output names PLANTED."""
        out = self.rpc(3, "tools/call", {"name": "read_doc", "arguments": {}})
        assert PLANTED in out["result"]["content"][0]["text"]


def _verdicts(harness: Harness, tool: str) -> list[tuple[str, str]]:
    return [(r["verdict"], r["rule"]) for r in harness.records("verdict") if r["tool"] == tool]


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_host_behind_another_network_scheme_is_decided_as_a_fetch(harness: Harness) -> None:
    """A server that reads a resource URI with a generic URL library (``urlopen`` reads
    ``ftp://``; git and ssh clients reach the host of theirs) connects where the URI says:
    a metadata endpoint, a private address or a host planted in output must not reach it
    through a scheme other than http(s). A server's own scheme still passes."""
    p = Proxy(harness)
    p.plant()
    cases = [
        (10, "ftp://169.254.169.254/latest/meta-data/", "egress.metadata"),
        (11, "git://10.0.0.7/repo.git", "egress.private_address"),
        (12, f"ssh://{PLANTED}/c", "taint.seen_in_output"),
        (13, f"git+https://{PLANTED}/c", "taint.seen_in_output"),
        (14, f"SFTP://{PLANTED}/c", "taint.seen_in_output"),
    ]
    for id_, uri, rule in cases:
        _denied(p.rpc(id_, "resources/read", {"uri": uri}), rule)
    assert "result" in p.rpc(20, "resources/read", {"uri": "mem://doc"})
    p.close()
    assert p.received_ids().isdisjoint({10, 11, 12, 13, 14}) and 20 in p.received_ids()
    assert [v for v, _ in _verdicts(harness, "resources/read")] == ["deny"] * 5 + ["allow"]


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_network_uri_behind_unicode_white_space_is_decided_as_a_fetch(harness: Harness) -> None:
    """A server that trims a URI before it fetches it (Python's ``str.strip`` removes
    U+00A0, U+3000, U+2028 ...; JavaScript's ``trim`` U+FEFF too) reads a web URL behind
    Unicode white space, which a URL parser alone would not: such a URI is a fetch too."""
    p = Proxy(harness)
    p.plant()
    for i, lead in enumerate(["\u00a0", "\ufeff", "\u3000", "\u2028", "\u0085"], 10):
        reply = p.rpc(i, "resources/read", {"uri": f"{lead}https://{PLANTED}/c"})
        _denied(reply, "taint.seen_in_output")
    _denied(p.rpc(20, "resources/read", {"uri": "\u00a0ftp://169.254.169.254/"}), "egress.metadata")
    p.close()
    assert p.received_ids().isdisjoint({10, 11, 12, 13, 14, 20})


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_url_wrapped_in_another_scheme_is_decided_as_a_fetch(harness: Harness) -> None:
    """``jar:https://host/a.jar!/x`` is fetched by Java's URL, ``view-source:`` and
    ``feed:`` wrap a web URL too: such a URI is a fetch of the URL it wraps. A URN with a
    part named like a scheme is not (``urn:ietf:params:https:x``)."""
    p = Proxy(harness)
    p.plant()
    _denied(
        p.rpc(10, "resources/read", {"uri": f"jar:https://{PLANTED}/a.jar!/x"}), "egress.scheme"
    )
    for i, wrap in enumerate(["view-source:", "feed:", "mem:"], 11):
        _denied(
            p.rpc(i, "resources/read", {"uri": f"{wrap}https://{PLANTED}/"}), "taint.seen_in_output"
        )
    assert "result" in p.rpc(20, "resources/read", {"uri": "urn:ietf:params:https:x"})
    p.close()
    assert p.received_ids().isdisjoint({10, 11, 12, 13}) and 20 in p.received_ids()


@pytest.mark.requirement("inv:deny-not-forwarded")
@pytest.mark.parametrize(
    ("method", "params"),
    [("resources/read", {"uri": "mem://doc"}), ("prompts/get", {"name": "summarise"})],
)
def test_a_retry_answer_carrying_a_credential_is_refused(
    harness: Harness, method: str, params: dict[str, Any]
) -> None:
    """MCP 2026-07-28: ``resources/read`` and ``prompts/get`` take a retry's
    ``inputResponses`` as ``tools/call`` does (the SDK server hands them to the resource or
    prompt function): a credential in them is refused as in a call's, never forwarded, and
    the audit log does not keep it. A clean answer goes through."""
    p = Proxy(harness)
    bad = {"q": {"action": "accept", "content": {"token": KEY}}}
    reply = p.rpc(10, method, {**params, "inputResponses": bad, "_meta": MODERN_META})
    _denied(reply, "secret.pattern")
    good = {"q": {"action": "accept", "content": {"token": "blue"}}}
    reply = p.rpc(11, method, {**params, "inputResponses": good, "_meta": MODERN_META})
    assert "result" in reply, reply
    p.close()
    assert 10 not in p.received_ids() and 11 in p.received_ids()
    assert KEY not in harness.audit.read_text("utf-8")
    assert _verdicts(harness, method) == [("deny", "secret.pattern"), ("allow", "default.allow")]


@pytest.mark.requirement("inv:everything-untrusted")
def test_subscriptions_listen_resource_uris_are_decided(harness: Harness) -> None:
    """MCP 2026-07-28 ``subscriptions/listen`` names resource URIs to follow, as
    ``resources/subscribe`` does: a planted host and a credential are denied, a request
    mixing web and server URIs is refused (one pipeline per request), the rest passes."""
    p = Proxy(harness)
    p.plant()

    def listen(id_: int, uris: list[str]) -> dict[str, Any]:
        wanted = {"notifications": {"resourceSubscriptions": uris}, "_meta": MODERN_META}
        return p.rpc(id_, "subscriptions/listen", wanted)

    _denied(listen(10, [f"https://{PLANTED}/c"]), "taint.seen_in_output")
    _denied(listen(11, [f"mem://{KEY}"]), "secret.pattern")
    assert listen(12, ["mem://a", "https://docs.example.com/"])["error"]["code"] == -32602
    assert "result" in listen(13, ["mem://a", "mem://b"])
    p.close()
    assert p.received_ids().isdisjoint({10, 11, 12}) and 13 in p.received_ids()
    assert KEY not in harness.audit.read_text("utf-8")


@pytest.mark.requirement("inv:fail-closed")
def test_a_misfit_policy_denies_client_requests_too(harness: Harness) -> None:
    """A policy that does not fit the server (a restricting entry naming a tool it does not
    list: a typo) denies every call; a resource read or a prompt is denied the same, not
    decided without the settings the policy meant to give."""
    p = Proxy(harness, {"version": 1, "tools": {"reed_doc": {"allowed_path_prefixes": ["/x"]}}})
    _denied(p.rpc(10, "resources/read", {"uri": "mem://doc"}), "policy.unknown_tool")
    _denied(p.rpc(11, "prompts/get", {"name": "p"}), "policy.unknown_tool")
    p.close()
    assert p.received_ids().isdisjoint({10, 11})


@pytest.mark.requirement("inv:everything-untrusted")
def test_spellings_and_framings_that_held(harness: Harness) -> None:
    """What was tried and stopped: scheme spellings a URL parser reads as https (case,
    leading space, tab inside, no ``//``, backslashes), host spellings (percent-encoded dot,
    trailing dot, ideographic full stops, fullwidth letters), a method name with a JSON
    escape, the method sent as a notification, a batch, a repeated key spelled with an
    escape, and an id reused right after its cancel."""
    p = Proxy(harness)
    p.plant()
    ideographic = PLANTED.replace(".", "\u3002")
    uris = [
        f"HTTPS://{PLANTED}/c",
        f"  https://{PLANTED}/c",
        f"ht\ttps://{PLANTED}/c",
        f"https:{PLANTED}/c",
        f"https:\\\\{PLANTED}/c",
        "https://drop%2eevil-host.example/c",
        f"https://{PLANTED.upper()}./c",
        f"https://{ideographic}/c",
        f"https://\uff44{PLANTED[1:]}/c",
    ]
    for i, uri in enumerate(uris, 10):
        _denied(p.rpc(i, "resources/read", {"uri": uri}), "taint.seen_in_output")
    req = f'"params":{{"uri":"https://{PLANTED}/c"}}'
    p.line('{"jsonrpc":"2.0","id":30,"method":"resources/re\\u0061d",' + req + "}")
    _denied(p.wait(30), "taint.seen_in_output")
    p.line('{"jsonrpc":"2.0","method":"resources/read",' + req + "}")  # a notification
    p.line('[{"jsonrpc":"2.0","id":31,"method":"resources/read",' + req + "}]")
    dup = f'"params":{{"uri":"mem://doc","ur\\u0069":"https://{PLANTED}/c"}}'
    p.line('{"jsonrpc":"2.0","id":32,"method":"resources/read",' + dup + "}")
    assert p.wait(32)["error"]["code"] == -32600
    read = {"jsonrpc": "2.0", "id": 33, "method": "resources/read"}
    p.line(json.dumps({**read, "params": {"uri": f"https://{PLANTED}/c"}}))
    cancel = {"requestId": 33}
    p.line(json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": cancel}))
    p.line(json.dumps({**read, "params": {"uri": f"https://{PLANTED}/c"}}))
    assert "result" in p.rpc(34, "ping", {})
    p.close()
    got = p.received()
    assert not [m for m in got if m.get("method") != "notifications/cancelled" and PLANTED in
                json.dumps(m)]  # fmt: skip


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_metadata_url_nested_in_a_server_scheme_uri(harness: Harness) -> None:
    """SSRF through a server that fetches a URL carried in its own scheme's resource URI
    (``proxy://page?url={url}``, ``mem://fetch/{+url}``): the nested URL, as written or
    percent-encoded, is judged as a fetch of it is (egress, taint), with one verdict and one
    audit record per request; the server's own URIs without one still pass."""
    p = Proxy(harness)
    p.plant()
    cases = [
        (10, "proxy://page?url=http://169.254.169.254/latest/", "egress.metadata"),
        (11, "proxy://page?url=http%3A%2F%2F169.254.169.254%2F", "egress.metadata"),
        (12, "proxy://page?url=http%253A%252F%252F169.254.169.254%252F", "egress.metadata"),
        (13, f"mem://fetch/https://{PLANTED}/c", "taint.seen_in_output"),
        (14, "mem://x?src=git+ssh://10.0.0.7/r.git", "egress.private_address"),
    ]
    for id_, uri, rule in cases:
        _denied(p.rpc(id_, "resources/read", {"uri": uri}), rule)
    kept = ["mem://doc", "mem://doc?page=2", "note://inbox/1", "file:///home/me/http-notes.txt"]
    for id_, uri in enumerate([*kept, "urn:isbn:0451450523"], 20):
        assert "result" in p.rpc(id_, "resources/read", {"uri": uri}), uri
    p.close()
    assert p.received_ids().isdisjoint(range(10, 15))
    assert set(range(20, 25)) <= p.received_ids()
    assert [v for v, _ in _verdicts(harness, "resources/read")] == ["deny"] * 5 + ["allow"] * 5


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("tasks/get", {"taskId": KEY}),
        ("tasks/result", {"taskId": KEY}),
        ("logging/setLevel", {"level": KEY}),
        ("resources/templates/list", {"cursor": KEY}),
        ("resources/read", {"uri": "mem://doc", "_meta": {"note": KEY}}),
        ("prompts/get", {"name": "p", "extra": KEY}),
    ],
)
def test_a_credential_in_an_undecided_field(
    harness: Harness, method: str, params: dict[str, Any]
) -> None:
    p = Proxy(harness)
    p.rpc(10, method, params)
    p.close()
    assert KEY not in json.dumps(p.received())
