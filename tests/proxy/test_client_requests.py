"""Table tests of the core and the client requests it decides that are not calls
(``resources/read``, ``prompts/get``, ``completion/complete``): a ``decide`` job in the queue,
its audit record before anything is forwarded, a JSON-RPC error for any verdict but allow."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from cordon.proxy.actions import ToUpstream
from cordon.proxy.client_requests import POLICY_DENIED
from cordon.proxy.core import id_key
from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _call, _core, _result, _Work


def _req(id_: Any, method: str = "resources/read", **params: Any) -> dict[str, Any]:
    if not params:
        params = {"uri": "https://docs.example.com/a"}
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("resources/read", {"uri": "https://docs.example.com/a"}),
        ("resources/subscribe", {"uri": "file:///a"}),
        ("prompts/get", {"name": "p", "arguments": {"a": "1"}}),
        ("completion/complete", {"argument": {"name": "a", "value": "v"}}),
    ],
)
def test_an_allowed_request_goes_out_under_its_audit_record(
    method: str, params: dict[str, Any]
) -> None:
    work = _Work()
    core = _core(work)
    t = MemoryTransport(core)
    t.from_client(_req(1, method, **params))
    assert work.log == [f"decide {method}"]
    forwards = [a for a in t.trace if isinstance(a, ToUpstream)]
    assert len(forwards) == 1 and forwards[0].audit is not None
    rec = forwards[0].audit
    assert (rec["kind"], rec["tool"], rec["method"], rec["verdict"]) == (
        "verdict",
        method,
        method,
        "allow",
    )
    assert id_key(1) in core.pending and core.pending[id_key(1)].method == method


def test_a_denied_request_is_answered_with_an_error_and_never_forwarded() -> None:
    work = _Work()
    work.verdicts["resources/read"] = "deny"
    core = _core(work)
    t = MemoryTransport(core)
    t.from_client(_req(1))
    assert t.sent_upstream == []
    err = orjson.loads(t.client[0])["error"]
    assert err["code"] == POLICY_DENIED and "r.deny" in err["message"]
    assert [r["verdict"] for r in t.audit if r.get("kind") == "verdict"] == ["deny"]
    assert not core.pending and not core.inflight


def test_an_ask_is_denied_with_a_one_time_code() -> None:
    work = _Work()
    work.verdicts["resources/read"] = "ask"
    t = MemoryTransport(_core(work))
    t.from_client(_req(1))
    assert t.sent_upstream == []
    err = orjson.loads(t.client[0])["error"]
    assert err["code"] == POLICY_DENIED
    assert "cordon approve CODE-1" in err["message"] and "this exact request" in err["message"]
    rec = [r for r in t.audit if r.get("kind") == "verdict"][0]
    assert (rec["verdict"], rec["asked"], rec["code"]) == ("ask", "code", "CODE-1")


def test_a_request_without_what_its_method_needs_is_refused() -> None:
    work = _Work()
    core = _core(work)
    t = MemoryTransport(core)
    t.from_client({"jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": {}})
    assert t.sent_upstream == [] and work.log == []
    assert orjson.loads(t.client[0])["error"]["code"] == -32602
    assert [r["kind"] for r in t.audit] == ["frame_refused"]
    assert not core.inflight  # the id is free again


def test_an_unwritable_audit_log_refuses_the_request() -> None:
    core = _core(_Work())
    t = MemoryTransport(core, audit_fails=True)
    t.from_client(_req(1))
    assert t.sent_upstream == []
    assert "audit log cannot be written" in t.client[0].decode()
    assert not core.pending and not core.inflight


def test_requests_with_nothing_the_agent_chose_are_not_decided() -> None:
    work = _Work()
    t = MemoryTransport(_core(work))
    for i, method in enumerate(("ping", "resources/list", "prompts/list"), 1):
        t.from_client({"jsonrpc": "2.0", "id": i, "method": method, "params": {}})
    assert work.log == [] and len(t.sent_upstream) == 3


def test_the_params_of_an_undecided_request_are_read_in_the_queue_then_forwarded() -> None:
    """A list's cursor, a task id, a method cordon does not know: their params are read for
    credentials by a job of the queue, after the output before them, and the request goes out
    in its place in the lane with no audit record (it decides nothing the agent chose)."""
    work = _Work()
    core = _core(work)
    t = MemoryTransport(core, auto=False)
    t.from_client(_call(1, "read"))
    t.run_jobs()
    t.from_server(_result(1, "A"))
    for id_, method, params in (
        (2, "tools/list", {"cursor": "c2"}),
        (3, "tasks/get", {"taskId": "t-1"}),
        (4, "x-vendor/thing", {"any": "value"}),
    ):
        t.from_client({"jsonrpc": "2.0", "id": id_, "method": method, "params": params})
    t.from_client({"jsonrpc": "2.0", "id": 5, "method": "ping"})  # nothing to read: behind them
    assert _sent_ids(t) == [1]
    t.run_jobs()
    assert work.log == [
        "decide read",
        "record A",
        "check params tools/list",
        "check params tasks/get",
        "check params x-vendor/thing",
    ]
    assert _sent_ids(t) == [1, 2, 3, 4, 5]
    assert all(r.get("kind") != "verdict" or r["tool"] == "read" for r in t.audit)
    assert {id_key(i) for i in (2, 3, 4, 5)} <= set(core.pending)


def test_an_undecided_request_whose_params_carry_a_credential_is_denied() -> None:
    work = _Work()
    work.verdicts["params tasks/get"] = "deny"
    core = _core(work)
    t = MemoryTransport(core)
    t.from_client({"jsonrpc": "2.0", "id": 7, "method": "tasks/get", "params": {"taskId": "k"}})
    assert t.sent_upstream == []
    err = orjson.loads(t.client[0])["error"]
    assert err["code"] == POLICY_DENIED and "r.deny" in err["message"]
    rec = [r for r in t.audit if r.get("kind") == "verdict"]
    assert [(r["verdict"], r["tool"], r["method"]) for r in rec] == [
        ("deny", "tasks/get", "tasks/get")
    ]
    assert not core.pending and not core.inflight


def test_the_handshake_is_not_read() -> None:
    work = _Work()
    t = MemoryTransport(_core(work))
    init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c"}}
    t.from_client({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
    assert work.log == [] and len(t.sent_upstream) == 1


def test_a_request_is_decided_on_exactly_the_output_that_arrived_before_it() -> None:
    """As a call is: a result delivered before the request is recorded before it is decided,
    and the request is forwarded in its place in the client lane."""
    work = _Work()
    core = _core(work)
    t = MemoryTransport(core, auto=False)
    t.from_client(_call(1, "read"))
    t.run_jobs()
    t.from_server(_result(1, "A"))  # delivered; its recording queued
    t.from_client(_req(2))
    t.from_client({"jsonrpc": "2.0", "id": 3, "method": "ping"})  # behind it in the lane
    assert _sent_ids(t) == [1]
    t.run_jobs()
    assert work.log == ["decide read", "record A", "decide resources/read"]
    assert _sent_ids(t) == [1, 2, 3]


def test_a_request_cancelled_while_decided_goes_out_with_its_cancel_and_is_not_pending() -> None:
    work = _Work()
    core = _core(work)
    t = MemoryTransport(core, auto=False)
    t.from_client(_req(1))
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}
    t.from_client(cancel)
    t.run_jobs()
    assert [orjson.loads(f).get("id", "cancel") for f in t.sent_upstream] == [1, "cancel"]
    assert not core.pending and id_key(1) in core.cancelled


def _sent_ids(t: MemoryTransport) -> list[Any]:
    return [orjson.loads(f).get("id") for f in t.sent_upstream]


@pytest.mark.parametrize("method", ["resources/read", "prompts/get", "completion/complete"])
def test_a_decided_method_sent_as_a_notification_is_refused(method: str) -> None:
    """Without an id it would skip its decision: a lenient server may act on it anyway."""
    work = _Work()
    t = MemoryTransport(_core(work))
    t.from_client({"jsonrpc": "2.0", "method": method, "params": {"uri": "https://x.example/"}})
    assert t.sent_upstream == [] and work.log == []
    assert orjson.loads(t.client[0])["error"]["code"] == -32600


def test_the_code_hint_names_the_approvals_store_cordon_run_was_given() -> None:
    """Followed as written, the hint must reach the store the code is in: ``cordon approve``
    reads the default store unless told otherwise."""
    from pathlib import Path

    from cordon.policy import load_policy
    from cordon.proxy.core import ProxyCore
    from cordon.proxy.main import _core_config

    cfg = _core_config(
        load_policy([{"version": 1}]), "s", "sid", 1 << 20, 64, None, Path("/tmp/my store.json")
    )
    assert cfg.store_option == " --store '/tmp/my store.json'"
    work = _Work()
    work.verdicts["resources/read"] = "ask"
    t = MemoryTransport(ProxyCore(cfg, work, clock=lambda: 0.0))  # type: ignore[arg-type]
    t.from_client(_req(1))
    message = orjson.loads(t.client[0])["error"]["message"]
    assert "cordon approve CODE-1 --store '/tmp/my store.json'" in message
    default = _core_config(load_policy([{"version": 1}]), "s", "sid", 1 << 20, 64, None)
    assert default.store_option == ""
