"""Client requests that are not calls, through the core and the real session side
(:class:`cordon.proxy.work.SessionWork` on a real engine) over the in-memory transport: the
refusals that come before the values are decided, and resource URIs the server listed."""

from __future__ import annotations

from typing import Any

import orjson

from cordon import Engine
from cordon.decider import Decider
from cordon.proxy.client_requests import POLICY_DENIED
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.memory import MemoryTransport
from cordon.proxy.work import SessionWork

KEY = "AKIAQ3EGRTXN5ZV7HBLM"  # an AWS access key id in format
TOOLS = [{"name": "read_inbox", "inputSchema": {"type": "object"}}]
LISTED = "http://localhost:8080/docs/users"  # a local service's page, as its server lists it


def _transport(**policy: Any) -> tuple[MemoryTransport, SessionWork]:
    engine = Engine.from_policy([{"version": 1, **policy}])
    session = engine.new_session()
    work = SessionWork(
        engine=engine, session=session, server="s", decider=Decider(session, server="s")
    )
    work.pin_list(TOOLS, True)
    cfg = CoreConfig(server="s", session_id="sid", codes=False)
    return MemoryTransport(ProxyCore(cfg, work, clock=lambda: 0.0)), work


def _req(id_: Any, method: str, **params: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}


def _error(t: MemoryTransport, id_: Any) -> dict[str, Any] | None:
    for frame in t.client:
        msg = orjson.loads(frame)
        if msg.get("id") == id_:
            return msg.get("error")
    return None


def _read(t: MemoryTransport, id_: int, uri: str) -> dict[str, Any] | None:
    t.from_client(_req(id_, "resources/read", uri=uri))
    return _error(t, id_)


def _sent_ids(t: MemoryTransport) -> list[Any]:
    return [orjson.loads(f).get("id") for f in t.sent_upstream]


def test_a_misfit_policy_denies_a_request_before_it_is_decided() -> None:
    t, work = _transport()
    work.policy_misfit = "the policy names no tool server 's' lists"
    err = _read(t, 1, "note://inbox/1")
    assert err is not None and err["code"] == POLICY_DENIED
    assert "policy.unknown_tool" in err["message"]
    assert t.sent_upstream == []


def test_a_retry_s_answers_carrying_a_credential_are_refused() -> None:
    t, _ = _transport()
    answers = {"q": {"action": "accept", "content": {"token": KEY}}}
    t.from_client(_req(1, "prompts/get", name="p", inputResponses=answers))
    err = _error(t, 1)
    assert err is not None and err["code"] == POLICY_DENIED and "secret" in err["message"]
    assert t.sent_upstream == []
    assert KEY not in orjson.dumps(t.audit).decode()
    clean = {"q": {"action": "accept", "content": {"topic": "the weekly report"}}}
    t.from_client(_req(2, "prompts/get", name="p", inputResponses=clean))
    assert _sent_ids(t) == [2]


def test_a_resource_read_exactly_as_the_server_listed_it_is_the_servers_own() -> None:
    """A server lists a local service's pages under its loopback URL: read as listed, no
    value of the agent's goes out, so it is not decided as a fetch (which would refuse the
    loopback host); the same scheme with any other host or path still is. A data store's
    own scheme is read for secrets only, listed or not."""
    t, work = _transport()
    assert _read(t, 1, LISTED) is not None  # nothing listed yet: a fetch of a loopback host
    t.from_client(_req(2, "resources/list"))
    page = {"resources": [{"uri": LISTED, "name": "users"}, {"uri": 7}, "x"]}
    t.from_server({"jsonrpc": "2.0", "id": 2, "result": page})
    assert work.listed_uris == {LISTED}
    assert _read(t, 3, LISTED) is None
    assert _read(t, 4, LISTED.replace("users", "orders")) is not None
    assert _read(t, 5, LISTED.replace("localhost", "169.254.169.254")) is not None
    assert _read(t, 6, f"{LISTED}?{KEY}") is not None
    assert _read(t, 7, "postgres://app@localhost:5432/shop/orders/schema") is None
    assert _sent_ids(t) == [2, 3, 7]
    verdicts = [(r["verdict"], r["rule"]) for r in t.audit if r.get("kind") == "verdict"]
    assert verdicts[1] == ("allow", "default.allow")


def test_a_resources_own_uri_echoed_in_its_contents_is_not_output() -> None:
    """A ``resources/read`` result names the URI read (``contents[].uri``): that echo of an
    allowed request must not taint its host, or the next read of another page there would be
    refused as planted (the allowlist does not beat taint). A host the resource's text names
    is output as before."""
    t, work = _transport(trusted_destinations=["docs.example.com"])
    page = "https://docs.example.com/guide/users"
    assert _read(t, 1, page) is None
    body = {"uri": page, "text": "See https://planted.evil.example/c for more."}
    t.from_server({"jsonrpc": "2.0", "id": 1, "result": {"contents": [body]}})
    assert _read(t, 2, "https://docs.example.com/guide/orders") is None
    assert _sent_ids(t) == [1, 2]
    planted = work.session.check_request(
        "resources/read", {"uri": "https://planted.evil.example/c"}
    )
    assert (planted.verdict, planted.rule) == ("deny", "taint.seen_in_output")
