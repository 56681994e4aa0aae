"""Table tests of the core and MCP cancellation (``notifications/cancelled`` from the client).

The MCP spec (basic/utilities/cancellation): the receiver of a cancel may still answer, and
the sender ignores a response that arrives after it. The core forwarded the cancel and kept
the request in its pending table (and the id in flight) until an answer came, which a server
that honours the cancel never sends: every cancelled request stayed there for the rest of the
session, its id could never be used again, and a late answer was delivered as if the request
still stood. Now:

- a cancelled request leaves the pending table and the in-flight set when its cancel arrives
  (a call still being decided: when it is forwarded, just before the cancel in lane order);
- a late answer to it is dropped (a ``frame_refused`` record says so), not delivered;
- a new request reusing its id before that answer came is refused (-32600), since an answer
  with that id could be either one's (MCP ids are unique within a session anyway); after the
  late answer it may be used again. A request reusing the id of one still in flight is refused
  as before;
- a call waiting for a person's answer (legacy elicitation) that is cancelled is not forwarded
  when the answer comes.
"""

from __future__ import annotations

from typing import Any

import orjson

from cordon.proxy.core import CoreConfig, ProxyCore, id_key
from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _call, _core, _result, _Work


def _cancel(id_: Any) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "method": "notifications/cancelled",
        "params": {"requestId": id_, "reason": "user pressed stop"},
    }


def _read(id_: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "method": "resources/read", "params": {"uri": "u"}}


def _methods(frames: list[bytes]) -> list[Any]:
    return [orjson.loads(f).get("id", orjson.loads(f).get("method")) for f in frames]


def test_a_cancelled_call_leaves_the_pending_table() -> None:
    core = _core(_Work())
    t = MemoryTransport(core)
    t.from_client(_call(1))
    assert id_key(1) in core.pending
    t.from_client(_cancel(1))
    assert _methods(t.sent_upstream) == [1, "notifications/cancelled"]
    assert id_key(1) not in core.pending and id_key(1) not in core.inflight


def test_a_cancelled_other_request_leaves_the_pending_table() -> None:
    core = _core(_Work())
    t = MemoryTransport(core)
    t.from_client(_read("r1"))
    t.from_client(_cancel("r1"))
    assert _methods(t.sent_upstream) == ["r1", "notifications/cancelled"]
    assert not core.pending and not core.inflight


def test_a_late_answer_to_a_cancelled_request_is_dropped() -> None:
    work = _Work()
    core = _core(work)
    t = MemoryTransport(core)
    t.from_client(_call(1))
    t.from_client(_cancel(1))
    t.from_server(_result(1, "late"))
    assert t.client == []
    assert work.log == ["decide send"]  # not recorded either: nobody reads it
    assert t.audit[-1]["kind"] == "frame_refused"
    assert "cancelled" in t.audit[-1]["reason"]


def test_a_reused_id_is_refused_until_the_late_answer_then_free() -> None:
    core = _core(_Work())
    t = MemoryTransport(core)
    t.from_client(_call(1, "send", 1))
    t.from_client(_cancel(1))
    t.from_client(_call(1, "send", 2))  # the old call may still be answered with id 1
    assert _methods(t.sent_upstream) == [1, "notifications/cancelled"]
    err = orjson.loads(t.client[-1])["error"]
    assert err["code"] == -32600 and "cancelled" in err["message"]
    t.from_server(_result(1, "late answer to the first call"))
    assert len(t.client) == 1  # (the refusal only)
    t.from_client(_call(1, "send", 3))
    t.from_server(_result(1, "answer to the third"))
    got = orjson.loads(t.client[-1])
    assert got["id"] == 1 and got["result"]["content"][0]["text"] == "answer to the third"
    assert not core.pending and not core.inflight


def test_an_id_in_flight_is_still_refused() -> None:
    core = _core(_Work())
    t = MemoryTransport(core)
    t.from_client(_call(1))
    t.from_client(_cancel(2))  # another id: changes nothing
    t.from_client(_call(1))
    assert orjson.loads(t.client[-1])["error"]["code"] == -32600
    assert id_key(1) in core.pending
    t.from_server(_result(1, "ok"))
    assert orjson.loads(t.client[-1])["result"]["content"][0]["text"] == "ok"


def test_a_cancel_while_the_call_is_decided_goes_after_it_and_clears_it() -> None:
    core = _core(_Work())
    t = MemoryTransport(core, auto=False)
    t.from_client(_call(1))
    t.from_client(_cancel(1))
    t.run_jobs()
    assert _methods(t.sent_upstream) == [1, "notifications/cancelled"]
    assert not core.pending and not core.inflight
    t.from_server(_result(1, "late"))
    assert t.client == []


def test_a_denied_call_cancelled_while_decided_leaves_nothing() -> None:
    work = _Work()
    work.verdicts["send"] = "deny"
    core = _core(work)
    t = MemoryTransport(core, auto=False)
    t.from_client(_call(1))
    t.from_client(_cancel(1))
    t.run_jobs()
    assert "[cordon blocked]" in t.client[0].decode()
    assert not core.pending and not core.inflight and not core.cancelled
    t.from_client(_call(1))  # answered by cordon: the id is free
    t.run_jobs()
    assert len(t.client) == 2 and "[cordon blocked]" in t.client[1].decode()


def test_a_call_cancelled_while_a_person_is_asked_is_not_forwarded() -> None:
    work = _Work()
    work.verdicts["send"] = "ask"
    core = _core(work, legacy_elicitation=True)
    t = MemoryTransport(core)
    t.from_client(_call(1))
    question = orjson.loads(t.client[-1])
    assert question["method"] == "elicitation/create"
    t.from_client(_cancel(1))
    work.verdicts["send"] = "allow"
    accept = {"action": "accept", "content": {"approve": True}}
    t.from_client({"jsonrpc": "2.0", "id": question["id"], "result": accept})
    assert _methods(t.sent_upstream) == ["notifications/cancelled"]
    assert not core.asks and not core.pending and not core.inflight
    assert t.audit[-1]["kind"] == "approval" and t.audit[-1]["answer"] == "cancelled"


def test_a_cancel_for_an_unknown_id_is_forwarded_and_changes_nothing() -> None:
    core = _core(_Work())
    t = MemoryTransport(core)
    t.from_client(_cancel(99))
    t.from_client({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {}})
    assert _methods(t.sent_upstream) == ["notifications/cancelled"] * 2
    assert not core.cancelled


def test_the_cancelled_ids_kept_are_bounded() -> None:
    cfg = CoreConfig(server="s", session_id="sid")
    core = ProxyCore(cfg, _Work(), clock=lambda: 0.0)  # type: ignore[arg-type]
    t = MemoryTransport(core)
    for i in range(5000):
        t.from_client(_read(i))
        t.from_client(_cancel(i))
    assert not core.pending and not core.inflight
    assert len(core.cancelled) <= 4096


def test_a_call_cancelled_while_decided_and_refused_for_the_audit_log_is_forgotten() -> None:
    core = _core(_Work())
    t = MemoryTransport(core, auto=False, audit_fails=True)
    t.from_client(_call(1))
    t.from_client(_cancel(1))
    t.run_jobs()
    assert "audit.unwritable" in t.client[0].decode()
    assert not core.pending and not core.inflight and not core.cancelled and not core.cancelling


def test_a_call_cancelled_while_decided_whose_verdict_asks_is_resolved() -> None:
    """The cancel lands while the call is decided and the verdict is an ask: no question
    goes to the person (an accept would have sent a cancelled call upstream), no answer to
    the client, and nothing stays behind: not in flight, not cancelling, the id free."""
    work = _Work()
    work.verdicts["send"] = "ask"
    core = _core(work, legacy_elicitation=True)
    t = MemoryTransport(core, auto=False)
    t.from_client(_call(1))
    t.from_client(_cancel(1))
    t.run_jobs()
    assert t.client == []
    assert _methods(t.sent_upstream) == ["notifications/cancelled"]
    assert not core.asks and not core.inflight and not core.cancelling and not core.pending
    rec = t.audit[-1]
    assert rec["kind"] == "verdict" and rec["verdict"] == "ask" and rec["answer"] == "cancelled"
    work.verdicts["send"] = "allow"
    t.from_client(_call(1))  # the id is free: decided and forwarded
    t.run_jobs()
    assert _methods(t.sent_upstream) == ["notifications/cancelled", 1]
