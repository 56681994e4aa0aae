"""What the proxy core asks its transport to do (:mod:`cordon.proxy.core`).

The core is sans-I/O: it takes frames and finished jobs and returns lists of these actions,
which a transport carries out in list order. Each action is plain data, so every ordering
rule of the proxy is a property of the lists and can be tested without pipes.

Two guarantees are built into the action types rather than into their order:

- :class:`ToUpstream` carries the audit record that covers it: the transport writes the
  record first and forwards only if the write succeeded, else sends ``refused`` to the
  client instead (invariant 4: every verdict is recorded before the call is forwarded).
- :class:`ToClient` with ``early`` delivers a frame before the job that records it has run:
  the transport first opens a pending marker in the client's shared taint store (so the
  client's other cordon processes wait for the keys), and if it cannot, sends ``withheld``
  instead (fail closed: nothing is delivered that a sibling could miss).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Action",
    "Audit",
    "Flow",
    "Job",
    "Log",
    "Pause",
    "Resume",
    "StartJob",
    "ToClient",
    "ToUpstream",
]


@dataclass(frozen=True, slots=True)
class ToClient:
    """Write one frame to the client.

    ``audit``: a record written first (a verdict's); when that write fails, ``refused`` goes
    instead (an error answering request ``id``: a verdict is never acted on unrecorded).
    ``early``: the job that records
    this frame, which runs after it is delivered (see the module docstring); ``withheld``
    is sent instead when that cannot be covered (None: nothing is sent).
    """

    data: bytes
    audit: dict[str, Any] | None = None
    early: Job | None = None
    withheld: bytes | None = None
    refused: bytes | None = None
    id: Any = None


@dataclass(frozen=True, slots=True)
class ToUpstream:
    """Write one frame to the upstream server, after writing ``audit`` (if any); when that
    write fails, nothing is forwarded and ``refused`` goes to the client instead."""

    data: bytes
    audit: dict[str, Any] | None = None
    refused: bytes | None = None
    #: the request id the frame carries (given back to the core when it is refused)
    id: Any = None


@dataclass(frozen=True, slots=True)
class Audit:
    """Append one record to the audit log (a refused frame, a content finding, an approval)."""

    record: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Log:
    """One line on cordon's stderr."""

    message: str


@dataclass(eq=False, slots=True)
class Job:
    """One piece of work that touches the session, taken from the decision queue.

    ``run`` is called by the transport (on the event loop, or on the decision thread when
    ``size`` is large) and must not raise for an expected failure; ``done`` is called back
    in the core with its return value (or the exception it raised) and returns the actions
    it leads to. ``kind`` names it in logs and tests: ``decide`` (a ``tools/call``),
    ``answer`` (a person's answer to cordon's question), ``record`` (output already
    delivered), ``scan`` (output to inspect before delivery), ``publish`` (the shared taint
    store's held keys), ``reply`` (the client's answer to a server's request, checked for
    secrets before it is forwarded).
    """

    kind: str
    size: int
    run: Callable[[], Any]
    done: Callable[[Any, BaseException | None], list[Action]]
    #: the request id this job answers, if any (an internal error answers it, fail closed)
    id: Any = None
    label: str = field(default="")


@dataclass(frozen=True, slots=True)
class StartJob:
    """Run ``job`` now (it is at the head of the decision queue; nothing else touches the
    session until :meth:`cordon.proxy.core.ProxyCore.job_done` is called for it)."""

    job: Job


Action = ToClient | ToUpstream | Audit | Log | StartJob


@dataclass(frozen=True, slots=True)
class Pause:
    """Stop reading ``source`` (``client`` or ``upstream``): its frames waiting for a job or
    behind one are over a backlog cap (:meth:`cordon.proxy.lanes.LaneSide.flow`). Frames
    already read (the rest of one read) may still be handed to the core."""

    source: str


@dataclass(frozen=True, slots=True)
class Resume:
    """Read ``source`` again: its backlog is back within both caps."""

    source: str


#: what :meth:`cordon.proxy.lanes.LaneSide.flow` returns (not an :data:`Action`: a transport
#: asks for it after each batch of actions, and combines it with its own write buffers)
Flow = Pause | Resume
