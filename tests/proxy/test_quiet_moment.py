"""The quiet moment (the shared store publishes what it holds) is a moment without I/O *and*
without work: a large job on the decision thread (a 10 MB scan runs ~0.2 s without any I/O)
is not one. Publishing then put the hashing of every held key (~30,000 per 10 MB result) in
the decision queue ahead of the next call, on every result of a stream."""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from typing import Any

from cordon.proxy.actions import Action, Job
from cordon.proxy.transport import QUIET_S, Transport


class _Core:
    def __init__(self) -> None:
        self.quiets = 0

    def quiet(self) -> list[Action]:
        self.quiets += 1
        return []

    def job_done(self, job: Job, result: Any, error: BaseException | None) -> list[Action]:
        return []

    def next_deadline(self) -> float | None:
        return None

    def idle(self) -> bool:
        return True

    def flow(self) -> list[Any]:
        return []  # (every side read)


class _Upstream:
    def reading(self, on: bool) -> None:
        pass


def _transport() -> tuple[Transport, _Core]:
    core = _Core()
    t = Transport(core, _Upstream(), audit=None, shared=None, max_bytes=1 << 20)  # type: ignore[arg-type]
    return t, core


def test_no_quiet_moment_while_a_large_job_runs_and_one_after_it() -> None:
    async def scenario() -> tuple[int, int, int]:
        t, core = _transport()
        t.loop = asyncio.get_running_loop()
        job = Job("scan", 10 << 20, lambda: None, lambda r, e: [])
        fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
        t.on_thread = (job, fut)
        t.last_io = time.monotonic() - 1.0  # no I/O for a second: only the job is going on
        t._on_quiet()
        during = core.quiets
        armed_during = t.quiet_timer is not None
        fut.set_result(None)
        t._thread_done(job, fut)  # the job ends: the quiet moment counts from here
        await asyncio.sleep(QUIET_S / 2)
        early = core.quiets
        await asyncio.sleep(QUIET_S * 2)
        assert not armed_during  # nothing polls while the job runs
        return during, early, core.quiets

    during, early, after = asyncio.run(scenario())
    assert during == 0, "published while a large job was running"
    assert early == 0, "published before a quiet moment had passed since the job ended"
    assert after == 1, "nothing published once the job ended and all was quiet"


def test_a_recording_waiting_for_the_client_is_not_a_quiet_moment() -> None:
    t, core = _transport()
    t.waiting = Job("record", 10 << 20, lambda: None, lambda r, e: [])
    t.last_io = time.monotonic() - 1.0
    t._on_quiet()
    assert core.quiets == 0
    t.waiting = None
    t._on_quiet()
    assert core.quiets == 1
