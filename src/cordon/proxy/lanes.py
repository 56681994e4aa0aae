"""The proxy core's decision queue and its two output lanes (:mod:`cordon.proxy.core`
describes both), and the backlog they hold.

A mixin of :class:`cordon.proxy.core.ProxyCore`: a frame's work is a :class:`Job` appended to
the one queue (:meth:`LaneSide._enqueue`) and started when every job before it is done; the
actions a frame leads to take a slot in its source's lane (:meth:`LaneSide._slot`,
:meth:`LaneSide._put`) and leave in arrival order (:meth:`LaneSide._fill`). What waits there
is the backlog a transport reads to stop reading a side (:meth:`LaneSide.backlog`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cordon.proxy.actions import Action, Job, Log, StartJob, ToClient, ToUpstream
from cordon.proxy.asking import _NOT_FORWARDED
from cordon.proxy.framing import INTERNAL_ERROR, error_frame

__all__ = ["LaneSide"]


@dataclass(eq=False, slots=True)
class _Slot:
    """A place in an output lane: the actions one frame leads to (None until its job is done)."""

    actions: list[Action] | None = None
    size: int = 0


@dataclass(slots=True)
class _Lane:
    slots: deque[_Slot] = field(default_factory=deque)
    #: the size of the frames held in ready slots behind a waiting one (bytes)
    held: int = 0


#: which side's frames each kind of job works on (its bytes count in that side's backlog)
_SOURCE = {"decide": "client", "answer": "client", "reply": "client"}


def _size(actions: list[Action]) -> int:
    return sum(len(a.data) for a in actions if isinstance(a, (ToClient, ToUpstream)))


class LaneSide:
    """The decision queue and the output lanes (module docstring)."""

    queue: deque[Job]
    running: Job | None
    lanes: dict[str, _Lane]
    #: per source, the size of the frames whose jobs are queued or running (bytes)
    queued: dict[str, int]
    #: the lane slot a queued job fills (opened right before it is queued): a job whose
    #: ``done`` raises fills it with its error answer, so the lane goes on
    _opened: tuple[str, _Slot] | None
    _slot_of: dict[int, tuple[str, _Slot]]
    probe_held: list[Any] | None

    if TYPE_CHECKING:

        def _answer(self, id_: Any, data: bytes, **kw: Any) -> ToClient: ...
        def held_bytes(self) -> int: ...

    def _enqueue(self, job: Job) -> list[Action]:
        """Append ``job`` to the decision queue; start it if nothing runs."""
        self.queue.append(job)
        self.queued[_SOURCE.get(job.kind, "upstream")] += job.size
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
        self.queued[_SOURCE.get(job.kind, "upstream")] -= job.size
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
        lane_.slots.append(_Slot(actions, size))
        lane_.held += size
        return []

    def _fill(self, lane: str, slot: _Slot, actions: list[Action]) -> list[Action]:
        """A job's actions fill its slot; every ready slot at the head of the lane goes."""
        slot.actions = actions
        lane_ = self.lanes[lane]
        out: list[Action] = []
        while lane_.slots and lane_.slots[0].actions is not None:
            done = lane_.slots.popleft()
            lane_.held -= done.size
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
