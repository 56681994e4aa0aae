"""The proxy core's decision queue and its two output lanes (:mod:`cordon.proxy.core`
describes both), and the backlog they hold.

A mixin of :class:`cordon.proxy.core.ProxyCore`: a frame's work is a :class:`Job` appended to
the one queue (:meth:`LaneSide._enqueue`) and started when every job before it is done; the
actions a frame leads to take a slot in its source's lane (:meth:`LaneSide._slot`,
:meth:`LaneSide._put`) and leave in arrival order (:meth:`LaneSide._fill`). What waits there
is the backlog that stops the reading of a side (:meth:`LaneSide.flow`): past
:data:`BACKLOG_BYTES` of its frames, or past :data:`BACKLOG_FRAMES` of them, however small.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cordon.proxy.actions import (
    Action,
    Flow,
    Job,
    Log,
    Pause,
    Resume,
    StartJob,
    ToClient,
    ToUpstream,
)
from cordon.proxy.asking import _NOT_FORWARDED
from cordon.proxy.framing import INTERNAL_ERROR, error_frame

if TYPE_CHECKING:
    from cordon.proxy.core import CoreConfig

__all__ = ["BACKLOG_BYTES", "BACKLOG_FRAMES", "LaneSide"]

#: past this many bytes of one side's frames waiting for a job or behind one, that side is
#: not read (a queued frame costs about twice its size while it waits: its bytes and its
#: parsed form)
BACKLOG_BYTES = 16 * 1024 * 1024
#: past this many of one side's frames waiting, that side is not read either: a small frame
#: costs far more than its bytes while it waits (its parsed form, its job and the job's
#: closures, its lane slot: measured 0.5 KB for a 40-byte ping held in the client lane, 1.3 KB
#: for an 80-byte log line with its recording queued, 1.9 KB for an 88-byte tools/call with
#: its decision queued), so under the byte cap alone 200,000 of them held ~300 MB. At this
#: cap a side's waiting frames hold a few MB, and the pipe buffers the rest
BACKLOG_FRAMES = 4096


@dataclass(eq=False, slots=True)
class _Slot:
    """A place in an output lane: the actions one frame leads to (None until its job is done)."""

    actions: list[Action] | None = None
    #: bytes and frames it holds while it waits behind an earlier slot (its actions ready):
    #: counted in the lane's backlog until it goes
    size: int = 0
    frames: int = 0


@dataclass(slots=True)
class _Lane:
    slots: deque[_Slot] = field(default_factory=deque)
    #: the size of the frames held in ready slots behind a waiting one (bytes), and how
    #: many frames those are
    held: int = 0
    count: int = 0


#: which side's frames each kind of job works on (its bytes count in that side's backlog)
_SOURCE = {"decide": "client", "answer": "client", "reply": "client"}


def _size(actions: list[Action]) -> int:
    return sum(len(a.data) for a in actions if isinstance(a, (ToClient, ToUpstream)))


class LaneSide:
    """The decision queue and the output lanes (module docstring)."""

    cfg: CoreConfig
    queue: deque[Job]
    running: Job | None
    lanes: dict[str, _Lane]
    #: per source, the size of the frames whose jobs are queued or running (bytes), and how
    #: many jobs those are
    queued: dict[str, int]
    jobs: dict[str, int]
    #: per source, whether :meth:`flow` last told the transport to stop reading it
    paused: dict[str, bool]
    #: the lane slot a queued job fills (opened right before it is queued): a job whose
    #: ``done`` raises fills it with its error answer, so the lane goes on
    _opened: tuple[str, _Slot] | None
    _slot_of: dict[int, tuple[str, _Slot]]
    probe_held: list[Any] | None
    behind_handshake: list[Any] | None

    if TYPE_CHECKING:

        def _answer(self, id_: Any, data: bytes, **kw: Any) -> ToClient: ...
        def held_bytes(self) -> int: ...

    def _enqueue(self, job: Job) -> list[Action]:
        """Append ``job`` to the decision queue; start it if nothing runs."""
        self.queue.append(job)
        source = _SOURCE.get(job.kind, "upstream")
        self.queued[source] += job.size
        self.jobs[source] += 1
        if self._opened is not None:
            self._slot_of[id(job)], self._opened = self._opened, None
        return self._start_next()

    def _start_next(self) -> list[Action]:
        if self.running is not None or not self.queue:
            return []
        self.running = self.queue.popleft()
        return [StartJob(self.running)]

    def job_done(self, job: Job, result: Any, error: BaseException | None = None) -> list[Action]:
        """The transport ran ``job``: act on its outcome, then start the next job."""
        if job is not self.running:
            raise RuntimeError(f"job_done for a job that is not running: {job.kind}")
        self.running = None
        source = _SOURCE.get(job.kind, "upstream")
        self.queued[source] -= job.size
        self.jobs[source] -= 1
        opened = self._slot_of.pop(id(job), None)
        try:
            out = job.done(result, error)
        except Exception as exc:  # noqa: BLE001 - a bug answers, never forwards
            out = [Log(f"error acting on a {job.kind} job: {exc!r}")]
            failed: list[Action] = []
            if job.id is not None:
                frame = error_frame(job.id, INTERNAL_ERROR, _NOT_FORWARDED)
                failed.append(self._answer(job.id, frame))
            if opened is not None and opened[1].actions is None:  # (else its lane stops)
                failed = self._fill(*opened, failed)
            out += failed
        return out + self._start_next()

    def _slot(self, lane: str) -> _Slot:
        """A waiting slot: the frames after it in ``lane`` wait for its job."""
        slot = _Slot()
        self.lanes[lane].slots.append(slot)
        self._opened = (lane, slot)
        return slot

    def _put(self, lane: str, actions: list[Action]) -> list[Action]:
        """Actions a frame leads to at once: now, unless an earlier slot of its lane waits."""
        lane_ = self.lanes[lane]
        if not lane_.slots:
            return actions
        size = _size(actions)
        lane_.slots.append(_Slot(actions, size, 1))
        lane_.held += size
        lane_.count += 1
        return []

    def _fill(self, lane: str, slot: _Slot, actions: list[Action]) -> list[Action]:
        """A job's actions fill its slot; every ready slot at the head of the lane goes."""
        slot.actions = actions
        lane_ = self.lanes[lane]
        if lane_.slots and lane_.slots[0] is not slot and not slot.frames:
            # it waits behind an earlier slot, and its job (which counted it) is done
            slot.size, slot.frames = _size(actions), 1
            lane_.held += slot.size
            lane_.count += 1
        out: list[Action] = []
        while lane_.slots and lane_.slots[0].actions is not None:
            done = lane_.slots.popleft()
            lane_.held -= done.size
            lane_.count -= done.frames
            out.extend(done.actions or ())
        return out

    def idle(self) -> bool:
        """Nothing queued, running or held in a lane."""
        return (
            self.running is None
            and not self.queue
            and not self.lanes["client"].slots
            and not self.lanes["upstream"].slots
            and self.probe_held is None
        )

    def backlog(self, source: str) -> int:
        """Bytes of ``source``'s frames (``client`` or ``upstream``) waiting for a job or
        behind one: a transport stops reading that side past its cap (bounded memory)."""
        held = self.held_bytes() if source == "client" else 0
        return self.queued[source] + self.lanes[source].held + held

    def _recount(self) -> None:
        """The queued bytes and jobs counted again (after jobs were taken out of the queue)."""
        every = [*self.queue, *([self.running] if self.running is not None else [])]
        for source in self.queued:
            mine = [j for j in every if _SOURCE.get(j.kind, "upstream") == source]
            self.queued[source] = sum(j.size for j in mine)
            self.jobs[source] = len(mine)

    def waiting(self, source: str) -> int:
        """How many of ``source``'s frames wait for a job or behind one (a job each, a ready
        slot each, each frame held behind cordon's discover or the client's handshake)."""
        held = 0
        if source == "client":
            held = len(self.probe_held or ()) + len(self.behind_handshake or ())
        return self.jobs[source] + self.lanes[source].count + held

    def flow(self) -> list[Flow]:
        """Whether each side is to be read, as changes since the last call: :class:`Pause`
        when its backlog passes :attr:`CoreConfig.backlog_bytes` or its waiting frames pass
        :attr:`CoreConfig.backlog_frames`, :class:`Resume` once both are back within them. A
        transport asks after each batch of actions (memory is bounded by construction: a
        side that is not read adds at most what one read already split into lines)."""
        # :meth:`backlog` and :meth:`waiting` summed in place, both sides written out: a
        # transport asks after every batch of actions, twice per proxied call, and nearly
        # always for nothing
        cfg, lanes, queued, jobs, paused = self.cfg, self.lanes, self.queued, self.jobs, self.paused
        most, most_frames = cfg.backlog_bytes, cfg.backlog_frames
        lane = lanes["client"]
        size = queued["client"] + lane.held + self.held_bytes()
        frames = jobs["client"] + lane.count
        if self.probe_held or self.behind_handshake:
            frames += len(self.probe_held or ()) + len(self.behind_handshake or ())
        client = size > most or frames > most_frames
        lane = lanes["upstream"]
        upstream = (
            queued["upstream"] + lane.held > most or jobs["upstream"] + lane.count > most_frames
        )
        if client == paused["client"] and upstream == paused["upstream"]:
            return []
        out: list[Flow] = []
        if client != paused["client"]:
            paused["client"] = client
            out.append(Pause("client") if client else Resume("client"))
        if upstream != paused["upstream"]:
            paused["upstream"] = upstream
            out.append(Pause("upstream") if upstream else Resume("upstream"))
        return out
