"""One session's calls through the Gateway from several threads at once (a harness that runs
a model's parallel tool calls on a thread pool) are decided one at a time, as ``cordon run``
decides a session's calls in turn: a ``max_calls: 1`` tool runs once, not once per thread
(threads checking at once each read the budget before any counted its call)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

from cordon import Blocked, Gateway


@pytest.fixture
def fast_switching() -> Iterator[None]:
    # switch threads as often as the interpreter can, so checks interleave
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _race(gw: Gateway, threads: int) -> tuple[int, int]:
    """Call ``lookup`` from ``threads`` threads at once in one session: (runs, blocked)."""
    session = gw.new_session()
    start = threading.Barrier(threads)
    blocked: list[str] = []

    def call() -> None:
        start.wait()
        try:
            gw.call("lookup", {"name": "x"}, session=session)
        except Blocked as exc:
            blocked.append(exc.rule)

    pool = [threading.Thread(target=call) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return threads - len(blocked), len(blocked)


@pytest.mark.usefixtures("fast_switching")
def test_a_budget_holds_across_threads() -> None:
    ran: list[str] = []
    gw = Gateway(policy={"version": 1, "tools": {"lookup": {"max_calls": 1}}})
    gw.add_tool("lookup", "Look up a name.", lambda name: ran.append(name) or "ok")
    for _ in range(20):
        ran.clear()
        runs, blocked = _race(gw, 8)
        assert (runs, blocked, len(ran)) == (1, 7, 1)
    verdicts = [r for r in gw.audit_records if r["kind"] == "verdict"]
    assert sum(r["verdict"] == "allow" for r in verdicts) == 20


@pytest.mark.usefixtures("fast_switching")
def test_sessions_do_not_wait_for_each_other() -> None:
    # near miss: the budget is per session, so another session's call still runs
    gw = Gateway(policy={"version": 1, "tools": {"lookup": {"max_calls": 1}}})
    gw.add_tool("lookup", "Look up a name.", lambda name: "ok")
    assert _race(gw, 8) == (1, 7)
    assert _race(gw, 8) == (1, 7)
