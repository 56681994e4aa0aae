"""The relay's queue of deferred results over its cap (issue 2, results back to back): the
oldest results are recorded until the queue is back under the cap, with room for one more
result the size of the last one, once the client has taken the result being written."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cordon.engine.core import Engine
from cordon.proxy import relay as relay_mod
from cordon.proxy.relay import Relay, _ClientWriter
from tests.conftest import READ_INBOX_TOOL as READ
from tests.conftest import SEND_EMAIL_TOOL as SEND


class _Audit:
    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def write(self, rec: dict[str, Any]) -> None:
        self.records.append(rec)


def _engine() -> Engine:
    eng = Engine.from_policy(
        [{"version": 1, "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}}}]
    )
    eng.pin_tools([SEND, READ])
    return eng


def _result(i: int) -> dict[str, Any]:
    text = f"result {i}: reply to person{i}@corp{i}.example " + "filler words " * 80
    return {"content": [{"type": "text", "text": text}]}


def test_a_queue_over_its_cap_records_its_oldest_results_after_the_write(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    probe = _engine().new_session()
    probe.defer_output("read_inbox", _result(0))
    size = probe.unsettled_bytes  # what one result adds to the queue
    monkeypatch.setattr(relay_mod, "_SETTLE_BYTES", 3 * size + 10)  # three fit
    eng = _engine()
    session = eng.new_session()
    r = Relay(engine=eng, session=session, command=["true"], server="s", audit=_Audit())
    queued: list[int] = []

    async def deliver() -> None:
        for i in range(8):
            if i == 5:
                r.client_paused = True  # the result is still being written
            r.after_delivery("read_inbox", _result(i))
            if i == 5:
                assert r.settle_after_write and session.unsettled_results == 4  # not yet
                _ClientWriter(r).resume_writing()  # the client took all of it
                assert not r.settle_after_write and not r.client_paused
            queued.append(session.unsettled_results)
            assert session.unsettled_bytes <= relay_mod._SETTLE_BYTES
        if r.idle_timer is not None:
            r.idle_timer.cancel()

    asyncio.run(deliver())
    # 4 over the cap: the two oldest recorded (room for one more), and so on
    assert queued == [1, 2, 3, 2, 3, 2, 3, 2]
    eager = _engine().new_session()
    for i in range(8):
        eager.observe_output("read_inbox", _result(i))
    for i in (0, 7, 9):
        call = ("send_email", {"to": f"person{i}@corp{i}.example", "body": "hi"})
        assert session.check(*call) == eager.check(*call)
    assert session.unsettled_results == 0
    assert session.taint._gen_of == eager.taint._gen_of
