"""A call run as an MCP task (2025-11-25 ``tools/call`` with ``task``): the answer to its
``tasks/result`` is that call's result, read with the call's tool and arguments (the tool's
provenance and content checks), through the in-memory transport."""

from __future__ import annotations

from typing import Any

from cordon.decider import Decider
from cordon.engine.core import Engine
from cordon.proxy import core as core_module
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.memory import MemoryTransport
from cordon.proxy.work import SessionWork

TOOLS = [{"name": "read_text_file", "inputSchema": {"type": "object"}}]


def _proxy() -> tuple[ProxyCore, MemoryTransport, list[tuple[str, Any]]]:
    engine = Engine.from_policy([{"version": 1}])
    session = engine.new_session()
    work = SessionWork(
        engine=engine, session=session, server="s", decider=Decider(session, server="s")
    )
    recorded: list[tuple[str, Any]] = []
    real = work.record_result

    def record_result(tool: str, result: Any, args: Any = None, evaluation: Any = None) -> Any:
        recorded.append((tool, args))
        return real(tool, result, args, evaluation)

    work.record_result = record_result  # type: ignore[method-assign]
    cfg = CoreConfig(server="s", session_id="sid", content_mode="monitor")
    core = ProxyCore(cfg, work, clock=lambda: 0.0)
    t = MemoryTransport(core)
    t.from_client({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    t.from_server({"jsonrpc": "2.0", "id": 1, "result": {"tools": TOOLS}})
    t.run_jobs()
    return core, t, recorded


def _call_as_task(t: MemoryTransport, rid: int, task: str) -> None:
    args = {"name": "read_text_file", "arguments": {"path": "/p/creds"}, "task": {"ttl": 1}}
    t.from_client({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": args})
    t.run_jobs()
    created = {"task": {"taskId": task, "status": "working"}}
    t.from_server({"jsonrpc": "2.0", "id": rid, "result": created})
    t.run_jobs()


def test_the_tasks_result_answer_is_read_as_the_calls_result() -> None:
    core, t, recorded = _proxy()
    _call_as_task(t, 2, "t1")
    assert core.tasks == {"t1": ("read_text_file", {"path": "/p/creds"})}
    ask = {"jsonrpc": "2.0", "id": 3, "method": "tasks/result", "params": {"taskId": "t1"}}
    t.from_client(ask)
    t.run_jobs()
    body = {"content": [{"type": "text", "text": "aws_secret_access_key = x"}]}
    t.from_server({"jsonrpc": "2.0", "id": 3, "result": body})
    t.run_jobs()
    assert recorded[-1] == ("read_text_file", {"path": "/p/creds"})
    assert t.messages()[-1]["result"] == body


def test_an_unknown_task_id_is_read_as_any_other_result() -> None:
    core, t, recorded = _proxy()
    ask = {"jsonrpc": "2.0", "id": 2, "method": "tasks/result", "params": {"taskId": "nope"}}
    t.from_client(ask)
    t.run_jobs()
    assert [p.method for p in core.pending.values()] == ["tasks/result"]
    t.from_server({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})
    t.run_jobs()
    assert all(tool != "read_text_file" for tool, _ in recorded)


def test_task_ids_are_remembered_up_to_a_bound(monkeypatch: Any) -> None:
    monkeypatch.setattr(core_module, "_MAX_TASKS", 3)
    core, t, _ = _proxy()
    for i in range(5):
        _call_as_task(t, 10 + i, f"t{i}")
    assert list(core.tasks) == ["t2", "t3", "t4"]
