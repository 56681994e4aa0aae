"""What ``cordon run --url`` holds for one POST's answer ends with the request it answers.

A server may keep a request's answer open after it sent the response (MCP Streamable HTTP:
the server SHOULD close it then; the SDK clients stop reading there), deliver the response
somewhere else (the GET stream, another request's stream) and leave the request's own open,
or keep it open after the client cancelled the request. Each open answer holds a connection
and up to the size cap in a half-sent event (or JSON body): read on, a hostile server grows
cordon's memory by one cap per call, without bound (resource exhaustion). So:

- the answer to a request is read only while the core awaits that request: left once it is
  answered on it, and ended by :meth:`Reading.settle` once it is answered elsewhere (the GET
  stream, another request's stream), cancelled by the client, or answered by cordon with an
  error; not read at all when the request was not awaited by the time its answer came (a
  call the client cancelled while it was decided goes out with its cancel right behind it);
- the answer to a notification or a response POST is not read at all: the specification
  says the server MUST answer it ``202 Accepted`` with no body (basic/transports, "Sending
  Messages to the Server"), and nothing ends such an answer but the server.

An answer over the size cap is cut where the cap was passed (the rest left unread, its
stream ended), and its first and last bytes go to the core (:func:`over_cap`), as a line
over the cap from a stdio server does: the request its id names gets cordon's size error,
on whatever stream it came. Before, only the request whose stream or body carried it got
an error, and one answered on the GET stream or on another request's stream waited for
ever (a response may come on any stream of the session).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson

from cordon.proxy.framing import Oversize
from cordon.proxy.h1 import KEEP, H1Error
from cordon.proxy.transport import log

if TYPE_CHECKING:
    from cordon.proxy.http import HttpUpstream

__all__ = ["Reading", "over_cap", "read_body", "session_gone", "unread"]

#: the answers that carry messages (any other is no answer to read)
_BODIES = frozenset({"application/json", "text/event-stream"})


class Reading:
    """The task of each request sent (its POST, and the reading of its answer: resumed,
    or sent again in a new session) that the core awaited when it was sent, with its id."""

    __slots__ = ("tasks",)

    def __init__(self) -> None:
        self.tasks: dict[asyncio.Task[Any], Any] = {}

    def add(self, rid: Any, task: asyncio.Task[Any]) -> None:
        """``task`` sends request ``rid`` and reads its answer (the core awaits it now)."""
        self.tasks[task] = rid
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.pop(task, None)

    def settle(self, awaiting: Callable[[Any], bool]) -> None:
        """End the task of every request no longer ``awaiting`` (the task running this, which
        stops by itself once its own request is answered, excepted): called when a response
        went to the core, when a cancel went upstream, and when the core's backlog (where a
        response may have waited) is read again."""
        if not self.tasks:
            return
        me = asyncio.current_task()
        for task, rid in list(self.tasks.items()):
            if task is not me and not awaiting(rid):
                del self.tasks[task]
                task.cancel()


def session_gone(body: bytes) -> bool:
    """A 400's JSON body saying the session is not known: a JSON-RPC error for no id whose
    message names the session ("Bad Request: No valid session ID provided", the TypeScript
    SDK's answer to an id it does not know, where the spec says 404). Either way the server
    refused the request before running it."""
    try:
        m = orjson.loads(body)
    except orjson.JSONDecodeError:
        return False
    err = m.get("error") if isinstance(m, dict) and m.get("id") is None else None
    text = err.get("message") if isinstance(err, dict) else None
    return isinstance(text, str) and "session" in text.lower()


def unread(up: HttpUpstream, code: int, kind: str, length: str | None, rid: Any) -> None:
    """An answer was not read: for a notification or a response POST (``rid`` None) said
    once (stderr and an ``upstream`` record, ``answer_not_read``) when it could carry
    messages (MCP: 202, no body), which are dropped unread."""
    if rid is not None or "unread" in up.said or code in (202, 204) or length == "0":
        return
    if 200 <= code < 300 and kind in _BODIES:
        up.said.add("unread")
        why = (
            f"cordon: {up.shown} answered a notification or response with HTTP {code} "
            f"({kind}), where MCP says 202 and no body: not read (any message in it dropped)"
        )
        log(why.removeprefix("cordon: "))
        up.event("answer_not_read", why)


async def read_body(resp: Any, go: asyncio.Event, max_bytes: int) -> bytes | Oversize:
    """A JSON answer's body, read while ``go`` is set (the core's backpressure); one over
    ``max_bytes`` is left unread past it and is an :class:`Oversize` of what was read."""
    # one growing buffer, not a list of the pieces: a server sending 2-byte chunks would
    # hold ~40 bytes of object per piece against a cap that counts only the bytes
    body = bytearray()
    async for chunk in resp.aiter_bytes():
        await go.wait()
        if len(body) + len(chunk) > max_bytes:
            head = bytes(body[:KEEP]) + chunk[: max(0, KEEP - len(body))]
            tail = bytes(body[-KEEP:] + chunk)[-KEEP:]
            return Oversize(len(body) + len(chunk), head, tail)
        body += chunk
    return bytes(body)


async def over_cap(up: HttpUpstream, cut: H1Error | Oversize) -> None:
    """An answer over the size cap (an SSE event whose error carries its ends, or a JSON
    body) to the core, which answers the request its id names with cordon's size error and
    records the refusal (``frame_refused``, ``oversize``); the answers no longer awaited
    are then ended (:meth:`Reading.settle`). Nothing of it reaches the client."""
    if isinstance(cut, H1Error):
        if cut.kind != "size" or cut.cut is None:
            return
        cut = Oversize(*cut.cut)
    if up.t is None:
        return
    await up.go.wait()
    up.t.from_upstream(cut)
    up.answers.settle(up._awaiting)
