"""The backlog that stops the reading of a side (:meth:`cordon.proxy.lanes.LaneSide.flow`):
past a cap on the bytes of its frames waiting for a job or behind one, and past a cap on
how many frames those are. A tiny frame costs far more than its bytes while it waits (its
parsed form, its job, its lane slot), so a flood of them behind a slow job or behind
cordon's discover is bounded by their count, not only their size."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from cordon.proxy.actions import Action, Pause, Resume, ToClient
from cordon.proxy.core import ProxyCore
from cordon.proxy.memory import MemoryTransport
from cordon.proxy.transport import BACKLOG_BYTES, BACKLOG_FRAMES, Transport
from tests.proxy.test_core import _call, _core, _Work
from tests.proxy.test_core_audit import _held

CAP = 8


def _capped(mode: str = "monitor", frames: int = CAP, size: int = BACKLOG_BYTES) -> ProxyCore:
    core = _core(_Work(), mode=mode)
    core.cfg = dataclasses.replace(core.cfg, backlog_frames=frames, backlog_bytes=size)
    return core


def _ping(i: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": f"p{i}", "method": "ping"}


def _note(i: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": "notifications/message", "params": {"data": str(i)}}


def _bare_note(i: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": f"notifications/x{i}"}


def _blocked(side: str) -> tuple[ProxyCore, MemoryTransport]:
    """A core with a slow job at the head of ``side``'s lane: a call being decided (the
    client's) or a tools/list result being pinned (the upstream's), its job not done."""
    core = _capped()
    t = MemoryTransport(core, auto=False)
    t.from_client({"jsonrpc": "2.0", "id": "tl", "method": "tools/list"})
    t.from_client(_call(1))
    if side == "client":
        return core, t  # (the decision of call 1 runs, not done)
    t.run_jobs()
    t.from_server({"jsonrpc": "2.0", "id": "tl", "result": {"tools": []}})  # pinned: held
    return core, t


# (the side, the frame it floods with, which of them waits as what)
FLOODS = [
    pytest.param("client", _ping, id="client pings in the lane"),
    pytest.param("client", lambda i: _call(100 + i), id="client calls, a decision each"),
    pytest.param("upstream", _note, id="log lines, a recording each"),
    pytest.param("upstream", _bare_note, id="notifications without params, in the lane"),
]


@pytest.mark.parametrize(("side", "frame"), FLOODS)
def test_a_flood_of_tiny_frames_pauses_its_side_at_the_frame_cap(side: str, frame: Any) -> None:
    core, t = _blocked(side)
    feed = t.from_client if side == "client" else t.from_server
    assert core.flow() == []
    flows: list[list[Any]] = []
    over: list[bool] = []
    for i in range(CAP + 4):
        feed(frame(i))
        flows.append(core.flow())
        over.append(core.waiting(side) > CAP)
    # the frame that takes the side past the cap pauses it, once, the bytes far under theirs
    first = over.index(True)
    assert first < CAP and all(over[first:])
    assert flows == [[]] * first + [[Pause(side)]] + [[]] * (CAP + 3 - first)
    assert core.backlog(side) < 2048
    other = "upstream" if side == "client" else "client"
    assert not core.paused[other]
    t.run_jobs()
    assert core.flow() == [Resume(side)]
    assert core.waiting(side) == 0 and core.backlog(side) == 0 and core.idle()


@pytest.mark.parametrize(
    ("frames", "size", "flood", "paused"),
    [
        (CAP, BACKLOG_BYTES, CAP, False),  # at the cap: read on
        (CAP, BACKLOG_BYTES, CAP + 1, True),  # one past it
        (BACKLOG_FRAMES, 4096, 1, True),  # one frame over the byte cap
        (BACKLOG_FRAMES, BACKLOG_BYTES, CAP + 1, False),  # the defaults: far from both
    ],
)
def test_either_cap_pauses(frames: int, size: int, flood: int, paused: bool) -> None:
    """Client side, a call being decided, then ``flood`` frames waiting behind it."""
    core = _capped(frames=frames, size=size)
    t = MemoryTransport(core, auto=False)
    t.from_client(_call(1, n=0))  # its decision: held (1 frame)
    for i in range(flood - 1):
        t.from_client(_ping(i))
    if size < BACKLOG_BYTES:
        t.from_client({**_ping(0), "params": {"pad": "x" * size}})
    assert core.flow() == ([Pause("client")] if paused else [])
    assert core.flow() == []  # (changes only)


def test_frames_held_behind_cordons_discover_count_one_each(tmp_path: Path) -> None:
    """A flood of tiny lines held behind cordon's own ``server/discover`` (the upstream has
    not answered) pauses the client side by their count; the answer releases them."""
    core, t, up = _held(tmp_path)
    core.cfg = dataclasses.replace(core.cfg, backlog_frames=CAP)
    for _ in range(CAP):
        t.from_client(b"{}")
    assert core.waiting("client") == CAP + 1  # (and request 5)
    assert core.flow() == [Pause("client")]
    probe = up.got[0]["id"]
    info = {"io.modelcontextprotocol/serverInfo": {"name": "notes-server", "version": "1"}}
    t.from_server({"jsonrpc": "2.0", "id": probe, "result": {"_meta": info}})
    assert core.waiting("client") == 0
    assert core.flow() == [Resume("client")]


def test_the_counts_return_to_zero_after_a_signal_drops_the_queued_decisions() -> None:
    """On a signal the queued decisions are dropped (never forwarded): they no longer count,
    so what is still recorded on the way out is not read as a backlog."""
    core, t = _blocked("client")
    for i in range(5):
        t.from_client(_call(100 + i))
    assert core.waiting("client") == 6 and core.backlog("client") > 0
    core.drop_decisions()
    assert core.waiting("client") == 1  # the decision running
    t.run_jobs()
    assert core.waiting("client") == 0 and core.backlog("client") == 0


# -- the transport: frames read while a side is paused wait as bytes, in order ----------


class _FlowCore:
    """A core whose ``flow`` the test scripts; it records the frames handed to it."""

    def __init__(self) -> None:
        self.got: list[bytes] = []
        self.flows: list[list[Any]] = []
        self.empty = True

    def client_frame(self, item: bytes) -> list[Action]:
        self.got.append(item)
        return []

    def flow(self) -> list[Any]:
        return self.flows.pop(0) if self.flows else []

    def next_deadline(self) -> None:
        return None

    def idle(self) -> bool:
        return self.empty


class _Upstream:
    def __init__(self) -> None:
        self.on: list[bool] = []

    def reading(self, on: bool) -> None:
        self.on.append(on)


def test_the_rest_of_a_read_waits_in_the_transport_and_goes_on_in_order() -> None:
    core = _FlowCore()
    t = Transport(core, _Upstream(), audit=None, max_bytes=1 << 20)  # type: ignore[arg-type]
    core.flows = [[], [Pause("client")]]
    for i in range(5):  # one read's lines: the second frame takes the client past a cap
        t.from_client(b"%d" % i)
    assert core.got == [b"0", b"1"] and list(t.stash["client"]) == [b"2", b"3", b"4"]
    assert not t._idle()
    core.flows = [[Resume("client")], [], [Pause("client")]]
    t.feed([])  # (a job ended: the core is within its caps again)
    assert core.got == [b"0", b"1", b"2", b"3"] and list(t.stash["client"]) == [b"4"]
    t.from_client(b"5")  # (read before the reading stopped): after what waits
    core.flows = [[Resume("client")]]
    t.feed([])
    assert core.got == [b"%d" % i for i in range(6)] and not t.stash["client"]
    assert t._idle()


def test_idle_waits_for_the_frames_that_wait_in_the_transport() -> None:
    async def scenario() -> list[bytes]:
        core = _FlowCore()
        t = Transport(core, _Upstream(), audit=None, max_bytes=1 << 20)  # type: ignore[arg-type]
        t.loop = asyncio.get_running_loop()
        core.flows = [[Pause("client")]]
        t.from_client(b"a")
        t.from_client(b"b")
        waiter = asyncio.ensure_future(t.idle())
        await asyncio.sleep(0)
        assert not waiter.done()
        core.flows = [[Resume("client")]]
        t.feed([])  # (a job ended)
        await asyncio.wait_for(waiter, 1)
        return core.got

    assert asyncio.run(scenario()) == [b"a", b"b"]


def test_a_slot_filled_behind_a_waiting_one_counts_until_it_goes() -> None:
    """A job done while an earlier slot of its lane still waits: its frame no longer counts
    as a queued job but is held in the lane, so it counts there (once, however often its
    slot is filled), until the slot before it is filled and both go."""
    core = _capped()
    first, second = core._slot("upstream"), core._slot("upstream")
    assert core._fill("upstream", second, [ToClient(b"x" * 10)]) == []
    assert core._fill("upstream", second, [ToClient(b"x" * 10)]) == []
    assert (core.waiting("upstream"), core.backlog("upstream")) == (1, 10)
    out = core._fill("upstream", first, [ToClient(b"y")])
    assert [a.data for a in out if isinstance(a, ToClient)] == [b"y", b"x" * 10]
    assert (core.waiting("upstream"), core.backlog("upstream")) == (0, 0)
