"""The stdio upstream: the MCP server as a subprocess, newline-delimited JSON-RPC on its
stdin and stdout (MCP basic/transports, stdio)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cordon.proxy.transport import _done, _Reader, log

if TYPE_CHECKING:
    from cordon.proxy.transport import Transport

__all__ = ["SubprocessUpstream"]


def upstream_env(env: Mapping[str, str]) -> dict[str, str]:
    """The server's environment: ``env``, with ``PYTHONHASHSEED=0`` unless it sets a fixed
    seed. A Python server that builds a tool definition from a set (mcp-atlassian's
    comma-joined ``fields`` default) lists it in another order at each start under hash
    randomisation, and every start would find the pinned tool changed (``pin.changed``,
    hidden): asks a person learns to approve unread. A fixed seed gives the same definition
    each time; what randomisation guards against (hash flooding of a server's dicts by its
    input) matters little for a local server fed by its own client. ``random`` and the empty
    string ask for randomisation as an unset variable does (CPython reads an empty
    ``PYTHON*`` variable as unset), so they are replaced too: a shell or client config
    exporting ``PYTHONHASHSEED=random`` held those four tools at every start."""
    out = dict(env)
    if out.get("PYTHONHASHSEED", "") in ("", "random"):
        out["PYTHONHASHSEED"] = "0"
    return out


class SubprocessUpstream:
    """Starts ``command`` and relays to its stdin and from its stdout (stderr is inherited).

    Args:
        command: the upstream command line.
        env: its environment (None: cordon's), as :func:`upstream_env` completes it.
    """

    def __init__(self, command: list[str], env: dict[str, str] | None = None) -> None:
        self.command = command
        self.env = upstream_env(os.environ if env is None else env)
        self.proc: Any = None  # asyncio.SubprocessTransport
        self.stdin: asyncio.WriteTransport | None = None
        self.stdout: asyncio.ReadTransport | None = None
        #: set by :meth:`start` (futures belong to the running loop)
        self.ended: asyncio.Future[None]
        self.exited: asyncio.Future[None]
        self.t: Transport | None = None
        #: why :meth:`start` failed (None until it has)
        self.failure: str | None = None

    async def start(self, t: Transport) -> bool:
        """Spawn the server; False (after one line on stderr) when it cannot start."""
        loop = asyncio.get_running_loop()
        self.t = t
        self.ended = loop.create_future()
        self.exited = loop.create_future()
        out_r, out_w = os.pipe()
        try:
            self.proc, _ = await loop.subprocess_exec(
                lambda: _ProcessProtocol(self),
                *self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=out_w,
                stderr=None,
                env=self.env,
            )
        except OSError as exc:
            os.close(out_r)
            # the program only, not its arguments (a token may be one): said on stderr and
            # to the client, whose first request is answered with it
            self.failure = f"cannot start upstream {self.command[0]!r}: {exc.strerror or exc}"
            log(self.failure)
            return False
        finally:
            os.close(out_w)  # the child holds its copy: EOF when it (and its children) close it
        # the server's stdout is read with a read transport of its own: the subprocess
        # transport would hand each chunk over one more turn of the loop later
        self.stdout, _ = await loop.connect_read_pipe(
            lambda: _Reader(t, t.from_upstream, lambda: _done(self.ended)),
            open(out_r, "rb", buffering=0),
        )
        self.stdin = self.proc.get_pipe_transport(0)
        return True

    def send(self, data: bytes) -> None:
        if self.stdin is None or self.stdin.is_closing():
            return
        self.stdin.write(data if data.endswith(b"\n") else data + b"\n")

    def reading(self, on: bool) -> None:
        if self.stdout is None:
            return
        with contextlib.suppress(RuntimeError, AttributeError):
            if on:
                self.stdout.resume_reading()
            else:
                self.stdout.pause_reading()

    async def close(self, grace_s: float = 2.0) -> None:
        """The client is gone: close the server's stdin, then SIGTERM, then SIGKILL after a
        grace (on the process-exit callback: a grandchild may hold its pipes open); then
        wait (bounded) for what it still writes."""
        if self.stdin is not None and not self.stdin.is_closing():
            self.stdin.close()
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig is not None and self.proc.get_returncode() is None:
                with contextlib.suppress(ProcessLookupError):
                    self.proc.send_signal(sig)
            try:
                await asyncio.wait_for(asyncio.shield(self.exited), grace_s)
                break
            except TimeoutError:
                continue
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.ended), 2)

    async def status(self) -> int:
        """The server's stdout closed: its exit status (waited for up to 5 s)."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.exited), 5)
        rc = self.proc.get_returncode()
        return int(rc) if rc is not None else 1


class _ProcessProtocol(asyncio.SubprocessProtocol):
    """The server process: its stdin flow control and its exit."""

    def __init__(self, up: SubprocessUpstream) -> None:
        self.up = up

    def pause_writing(self) -> None:  # the server's stdin is full: stop reading the client
        if self.up.t is not None:
            self.up.t.upstream_full = True
            self.up.t._sync_reading()

    def resume_writing(self) -> None:
        if self.up.t is not None:
            self.up.t.upstream_full = False
            self.up.t._sync_reading()

    def process_exited(self) -> None:
        _done(self.up.exited)
        # a process that exits while a grandchild keeps its stdout open still ends the session
        asyncio.get_running_loop().call_later(2.0, _done, self.up.ended)
