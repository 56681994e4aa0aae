"""An in-memory transport for the proxy core: no pipes, no processes, no event loop.

Tests drive a :class:`~cordon.proxy.core.ProxyCore` with it against a scripted upstream and
read what each side received. Jobs run when :meth:`MemoryTransport.run_jobs` is called (or at
once, with ``auto=True``), so a test can hold a job "on the thread" and send frames meanwhile,
exactly as the stdio transport lets frames move while a large job runs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import orjson

from cordon._exceptions import AuditError
from cordon.proxy.actions import Action, Audit, Job, Log, StartJob, ToClient, ToUpstream
from cordon.proxy.core import ProxyCore

__all__ = ["MemoryTransport"]


class MemoryTransport:
    """Carries out a core's actions into lists.

    Args:
        core: the proxy core.
        upstream: called with each frame forwarded upstream; returns the upstream's answers
            (fed back to the core as server frames), or None for a silent upstream.
        auto: run each job as soon as the core starts it (else :meth:`run_jobs`).
        audit_fails: every audit write fails (as an unwritable log does).
    """

    def __init__(
        self,
        core: ProxyCore,
        upstream: Callable[[bytes], list[bytes]] | None = None,
        *,
        auto: bool = True,
        audit_fails: bool = False,
    ) -> None:
        self.core = core
        self.upstream = upstream
        self.auto = auto
        self.audit_fails = audit_fails
        self.client: list[bytes] = []
        self.sent_upstream: list[bytes] = []
        self.audit: list[dict[str, Any]] = []
        self.log: list[str] = []
        #: every action carried out, in order (for assertions on the whole run)
        self.trace: list[Action] = []
        self.started: deque[Job] = deque()

    def from_client(self, msg: dict[str, Any] | bytes) -> None:
        self.feed(self.core.client_frame(_raw(msg)))

    def from_server(self, msg: dict[str, Any] | bytes) -> None:
        self.feed(self.core.server_frame(_raw(msg)))

    def feed(self, actions: list[Action]) -> None:
        work: deque[Action] = deque(actions)
        while work:
            a = work.popleft()
            self.trace.append(a)
            if isinstance(a, StartJob):
                self.started.append(a.job)
                if self.auto:
                    work.extendleft(reversed(self._run(self.started.popleft())))
            elif isinstance(a, (ToClient, ToUpstream)) and a.audit is not None and self.audit_fails:
                if a.refused is not None:
                    self.client.append(a.refused)
                self.core.refused(a.id)
            elif isinstance(a, ToClient):
                if a.audit is not None:
                    self.audit.append(a.audit)
                self.client.append(a.data)
            elif isinstance(a, ToUpstream):
                if a.audit is not None:
                    self.audit.append(a.audit)
                self.sent_upstream.append(a.data)
                if self.upstream is not None:
                    for answer in self.upstream(a.data):
                        work.extend(self.core.server_frame(answer))
            elif isinstance(a, Audit):
                if self.audit_fails:
                    raise AuditError("audit log unwritable")
                self.audit.append(a.record)
            elif isinstance(a, Log):
                self.log.append(a.message)

    def _run(self, job: Job) -> list[Action]:
        try:
            result, error = job.run(), None
        except Exception as exc:  # noqa: BLE001 - handed to the core, as a transport does
            result, error = None, exc
        return self.core.job_done(job, result, error)

    def run_jobs(self, n: int | None = None) -> None:
        """Finish the job the core started (and the ones it starts next), ``n`` at most."""
        while self.started and (n is None or n > 0):
            self.feed(self._run(self.started.popleft()))
            if n is not None:
                n -= 1

    def messages(self) -> list[dict[str, Any]]:
        """What the client received, parsed."""
        return [orjson.loads(x) for x in self.client]


def _raw(msg: dict[str, Any] | bytes) -> bytes:
    return msg if isinstance(msg, bytes) else orjson.dumps(msg)
