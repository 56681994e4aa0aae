"""The legacy HTTP+SSE transport (MCP 2024-11-05) as an upstream: ``cordon run --sse --url URL``.

Streamable HTTP replaced it in 2025-03-26, but servers that speak only it are still deployed
(clients configure them as ``type: "sse"``, or with a URL ending in ``/sse``). How it works
(specification 2024-11-05, "Transports", HTTP with SSE): the client opens one GET to the
URL, an SSE stream that lasts the whole session; the server's first event, ``endpoint``,
names the URI the client POSTs each of its messages to; every server message (results,
errors, notifications, the server's own requests) comes as a ``message`` event on that
stream. cordon adds only this adapter: the frames go through the same proxy core as stdio and
Streamable HTTP, with the same checks.

- **The endpoint must be on the URL's origin** (scheme, host and port): cordon's headers, a
  token among them, only ever go there (:class:`cordon.proxy.h1.H1Pool` cannot send
  elsewhere). A server naming another origin is refused at start, and the client told why;
  so is one whose first event is not an ``endpoint`` event (a ``message`` taken for the
  endpoint would be posted to as a path), and an endpoint over :data:`_TARGET_MAX` bytes
  (every POST would carry it in its request line).
- **Only ``message`` events are server messages** (an event without a type is one), as the
  SDK clients read the stream: an event of another type, a later ``endpoint`` among them,
  is not delivered (the endpoint stays the first one).
- **One POST at a time, in the order the core forwards frames**: the server acts on messages
  in the order they arrive, and two connections could swap them (a cancellation overtaking
  its request). A POST is answered at once (``202 Accepted``); the answer comes on the stream.
- **A POST the server refuses** (a status other than 2xx, or no answer) fails the request it
  carried: the client gets a JSON-RPC error (``upstream_failed``) that does not quote the
  server's body (its text, not cordon's to repeat).
- **The stream's end ends the session**: the transport has no resumption, so every pending
  request gets an error and cordon exits, as when a stdio server exits. An event over the size
  cap ends it too (a stream has no framing of its own to skip the rest of an event by).
- **OAuth** as over Streamable HTTP (:mod:`cordon.proxy.oauth`, the SDK's client: a 401 starts
  the login, a stored token is tried first, a refresh comes when one expires): a stream's GET
  answered 401 or 403 is sent again through that flow's ``httpx2`` client, which then carries
  the stream and every POST, still to this origin only (a server that asks for no login keeps
  the lean client); a login waiting for the person in the browser is not counted in the
  start's wait (the login has its own limit).
- **The start is bounded** (``--init-timeout``, as over Streamable HTTP): a server that takes
  the stream's GET and never answers it, opens the stream and never sends its ``endpoint``
  event, or takes the ``initialize`` POST and never answers it on the stream, would hold the
  client at its start for ever. After ``init_wait`` seconds for each of the three
  (:data:`_START_S` at most for the first two: a server answers them as the stream opens)
  the client's ``initialize`` gets a JSON-RPC error naming the server and the wait, said on
  stderr and recorded (``start_failed``); a login waiting for the person in the browser is
  not counted. ``0`` is no limit for all three, as it is over Streamable HTTP (connecting
  and sending a request keep their own :data:`_START_S`, as there).

``cordon run --url`` without ``--sse`` falls back to this transport as the specification
tells a client to (MCP basic/transports, 2025-03-26 and later, "Backwards Compatibility"):
:class:`FallbackUpstream`, when the server refuses the client's ``initialize`` POST with 400,
404 or 405 before answering anything over Streamable HTTP (:func:`cordon.proxy.http_session.
may_fall_back`). The legacy side is this same class, built as ``--sse`` builds it (the same
headers, OAuth and size cap; its GET goes to the URL given, never to where a redirect
pointed, and the endpoint event is held to that URL's origin), so the fallback enforces
nothing less than ``--sse``.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urljoin, urlsplit, urlunsplit

import orjson

from cordon.proxy.h1 import H1Error, H1Pool, SseCursor, sse_events
from cordon.proxy.http import LoginError
from cordon.proxy.http_session import INIT_WAIT_S
from cordon.proxy.transport import log
from cordon.urlcreds import masked_url

if TYPE_CHECKING:
    import httpx2

    from cordon.proxy.http import HttpUpstream
    from cordon.proxy.transport import Transport

__all__ = ["FallbackUpstream", "SseUpstream"]

_T = TypeVar("_T")

#: seconds for connecting and sending a request (:class:`H1Pool`, as over Streamable HTTP),
#: for a POST's answer, and the most ``init_wait`` gives the stream's head and endpoint event
_START_S = 30.0
#: what a start given up on asks the user to check
_CHECK = "check that the URL is the server's MCP endpoint and that the server is up"
#: a request target as sent: visible ASCII, no space
_TARGET = re.compile(r"[!-~]+")
#: the longest endpoint taken (bytes): servers commonly refuse request lines over 8 KiB
_TARGET_MAX = 8192


class SseUpstream:
    """A legacy HTTP+SSE server as the upstream (module docstring).

    Args:
        url: the server's SSE endpoint (the GET).
        headers: static headers for every request (``--header``), sent to this origin only.
        max_bytes: the frame size cap (an event over it ends the session).
        auth: an ``httpx2.Auth`` (OAuth), or None.
        init_wait: seconds for the stream's head and for its ``endpoint`` event
            (:data:`_START_S` at most), and for the answer to the client's ``initialize``,
            each (``--init-timeout``; 0: no limit).
    """

    def __init__(
        self,
        url: str,
        *,
        headers: dict[str, str] | None = None,
        max_bytes: int = 16 << 20,
        auth: httpx2.Auth | None = None,
        init_wait: float = INIT_WAIT_S,
    ) -> None:
        self.url = url
        self.init_wait = init_wait
        #: the first frame sent (the client's ``initialize``) is watched (:meth:`_watch`)
        self.watched = False
        #: ``url`` as messages name it: its credentials masked
        self.shown = masked_url(url)
        self.static = dict(headers or {})
        self.max_bytes = max_bytes
        #: why :meth:`start` failed, said to the client (:meth:`Transport._run`)
        self.failure: str | None = None
        #: what ended the session once ``ended`` is set, said and recorded by the transport
        #: (a remote server has no exit status to report)
        self.end: str | None = None
        self.t: Transport | None = None
        self.pool: H1Pool | None = None
        self.auth = auth
        #: with ``auth``: the OAuth flow's client, and what holds its stream open
        self.client: httpx2.AsyncClient | None = None
        self.stack = contextlib.AsyncExitStack()
        #: the path and query the server's ``endpoint`` event named
        self.target = ""
        #: the type of the event just read (:class:`SseCursor`)
        self.cursor = SseCursor()
        self.outbox: asyncio.Queue[bytes] = asyncio.Queue()
        self.go = asyncio.Event()
        self.tasks: set[asyncio.Task[None]] = set()
        self.ended: asyncio.Future[None]

    async def start(self, t: Transport) -> bool:
        """Open the stream and read its endpoint event; False (``failure`` saying why, also
        on stderr) when the server cannot be used."""
        ok = await self._start(t)
        if not ok:
            log(f"{self.failure}; stopping")
        return ok

    async def _start(self, t: Transport) -> bool:
        self.t = t
        self.ended = asyncio.get_running_loop().create_future()
        self.go.set()
        # (the failure is said to the client after "cordon: ", :meth:`Transport._refuse_client`)
        try:
            self.pool = H1Pool(self.url, self.static, timeout=_START_S)
            events = await self._bounded(self._open(), "answer the SSE stream's GET")
        except LoginError as exc:  # one line saying what to do, never a token
            self.failure = str(exc)
            return False
        except (_Refused, _Late) as exc:
            self.failure = f"{self.shown} {exc}"
            return False
        except (H1Error, OSError, TimeoutError, ValueError) as exc:
            why = str(exc) if isinstance(exc, H1Error) else type(exc).__name__
            self.failure = f"could not open the SSE stream of {self.shown} ({why})"
            return False
        try:
            first = await self._bounded(anext(events, None), "send its endpoint event")
        except _Late as exc:
            self.failure = f"{self.shown} {exc}"
            return False
        except (H1Error, OSError) as exc:
            first = None
            log(f"waiting for the endpoint event of {self.shown} failed ({type(exc).__name__})")
        target = self._endpoint(first) if self.cursor.event == "endpoint" else None
        if target is None:
            self.failure = (
                f"{self.shown} did not name a message endpoint on its own origin first (the "
                "legacy HTTP+SSE transport's endpoint event); nothing was sent"
            )
            return False
        self.target = target
        self._spawn(self._read(events))
        self._spawn(self._send_all())
        return True

    async def _bounded(self, work: Awaitable[_T], what: str) -> _T:
        """``work``'s result, given up (:class:`_Late`, saying the server did not ``what``)
        after ``init_wait`` seconds without it, :data:`_START_S` at most (a server answers
        the GET and sends its endpoint event as the stream opens); ``init_wait`` 0: no limit,
        as over Streamable HTTP. A login waiting for the person in the browser restarts the
        wait (their time is not the server's; the login has its own limit,
        :data:`cordon.proxy.oauth.LOGIN_TIMEOUT_S`)."""
        task = asyncio.ensure_future(work)
        wait = min(self.init_wait, _START_S)
        flag = " (--init-timeout)" if wait == self.init_wait else ""
        try:
            while wait > 0 and not (await asyncio.wait({task}, timeout=wait))[0]:
                if getattr(getattr(self.auth, "loopback", None), "server", None) is None:
                    raise _Late(f"did not {what} within {wait:g} s{flag}: {_CHECK}")
            return await task
        finally:
            task.cancel()  # (given up, or the start cancelled: nothing left waiting)

    async def _open(self) -> AsyncIterator[bytes]:
        assert self.pool is not None
        accept = {"accept": "text/event-stream"}
        resp: Any = await self.pool.request("GET", accept)
        self.stack.callback(resp.aclose)
        if self.auth is not None and resp.status_code in (401, 403):
            # a login (or a stored one) is needed: the OAuth flow's client carries the stream
            # and every POST from here on, as HttpUpstream hands a 401 to the flow
            await self.stack.aclose()
            self.client = _client(self.auth, self.static, self.pool)
            resp = await self.stack.enter_async_context(
                self.client.stream("GET", self.url, headers=accept)
            )
        if resp.status_code != 200:
            await self.stack.aclose()
            raise _Refused(_get_refused(resp.status_code))
        kind = resp.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "text/event-stream":
            await self.stack.aclose()
            raise _Refused("answered the SSE stream's GET with something other than an SSE stream")
        return sse_events(resp.aiter_bytes(), self.max_bytes, self.cursor)

    def _endpoint(self, data: bytes | None) -> str | None:
        """The path and query of the server's message endpoint, if ``data`` (the first
        event's) names one on the URL's origin."""
        if data is None or len(data) > _TARGET_MAX:
            return None
        # (a port that is no number raises ValueError when read: refused, as another origin)
        try:
            where = urljoin(self.url, data.decode("utf-8").strip())
            base, got = urlsplit(self.url), urlsplit(where)
            if (got.scheme, got.hostname, got.port) != (base.scheme, base.hostname, base.port):
                return None
        except (UnicodeDecodeError, ValueError):
            return None
        target = got.path + (f"?{got.query}" if got.query else "")
        # a request target is visible ASCII only (RFC 9112 3.2): a space or control byte
        # in it would split the request line
        if not got.path.startswith("/") or not _TARGET.fullmatch(target):
            return None
        return target

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _read(self, events: AsyncIterator[bytes]) -> None:
        """Every event after the endpoint is a server message, handed to the core in order;
        the stream's end (or an error) ends the session."""
        assert self.t is not None
        try:
            ignored = False
            async for data in events:
                if self.cursor.event != "message":
                    if not ignored:  # said once: a flood of them must not flood stderr
                        ignored = True
                        log(f"SSE events of other types than message from {self.shown} ignored")
                    continue
                await self.go.wait()  # backpressure: the core's backlog is over its cap
                self.t.from_upstream(data)
            self.end = f"{self.shown} closed its SSE stream (legacy HTTP+SSE: the session ends)"
        except H1Error as exc:
            self.end = f"the SSE stream of {self.shown} failed: {exc}"
        except OSError as exc:
            self.end = f"the SSE stream of {self.shown} failed ({type(exc).__name__})"
        finally:
            if not self.ended.done():
                self.ended.set_result(None)

    async def _send_all(self) -> None:
        """POST each frame the core forwards, one after another, in order."""
        while True:
            data = await self.outbox.get()
            try:
                await self._post(data)
            except Exception as exc:  # noqa: BLE001 - one frame fails, the queue goes on
                self._failed(data, type(exc).__name__)

    async def _post(self, data: bytes) -> None:
        assert self.pool is not None and self.t is not None
        why = None
        kind = {"content-type": "application/json"}
        try:
            if self.client is not None:
                status = await asyncio.wait_for(self._post_status(data, kind), _START_S)
            else:
                got = self.pool.request("POST", kind, data, target=self.target)
                resp = await asyncio.wait_for(got, _START_S)
                status = resp.status_code
                resp.aclose()
            if not 200 <= status < 300:
                why = f"HTTP {status}"
        except (H1Error, LoginError) as exc:  # (neither quotes the server nor a token)
            why = str(exc)
        except (OSError, TimeoutError) as exc:
            why = type(exc).__name__
        if why is not None:
            self._failed(data, why)

    async def _post_status(self, data: bytes, headers: dict[str, str]) -> int:
        """POST ``data`` through the OAuth flow's client; the answer's status. Its body is
        never read: it means nothing in this transport, and read, a gzip bomb (400 MB of
        zeros in 400 KB) would be inflated into memory whole."""
        assert self.client is not None
        # the target appended to the URL's origin, never joined to it as a reference: a path
        # of the origin that starts with "//" is a network-path reference to another host
        # (RFC 3986 5.2), and the bearer and --header values would go there
        base = urlsplit(self.url)
        where = urlunsplit((base.scheme, base.netloc, "", "", "")) + self.target
        async with self.client.stream("POST", where, content=data, headers=headers) as resp:
            return int(resp.status_code)

    def _failed(self, data: bytes, why: str) -> None:
        """The frame ``data`` did not reach the server: a request ends with an error."""
        assert self.t is not None
        message = f"cordon: the message to {self.shown} was refused ({why})"
        with contextlib.suppress(orjson.JSONDecodeError, AttributeError):
            msg = orjson.loads(data)
            if "method" in msg and "id" in msg:  # a request: it ends with this error
                self.t.feed(self.t.core.upstream_failed(msg["id"], message))
                return
        log(message.removeprefix("cordon: "))

    def send(self, data: bytes) -> None:
        if not self.watched:
            self.watched = True
            self._watch(data)
        self.outbox.put_nowait(data)

    def _watch(self, data: bytes) -> None:
        """Give the client's handshake request (``data``, the first frame) up when the
        server has not answered it on the stream within ``init_wait`` seconds: the request is
        answered with a JSON-RPC error naming the server and the wait, said on stderr and
        recorded (``start_failed``). A login waiting for the person in the browser restarts
        the wait instead (their time is not the server's)."""
        wait = self.init_wait
        try:
            msg = orjson.loads(data)
            method, rid = msg.get("method"), msg.get("id")
        except (orjson.JSONDecodeError, AttributeError):
            return
        if method not in ("initialize", "server/discover") or rid is None or not wait > 0:
            return
        loop = asyncio.get_running_loop()

        def check() -> None:
            t = self.t
            if t is None or not t.core.awaiting(rid):
                return  # answered (or cancelled): the start is the server's
            if getattr(getattr(self.auth, "loopback", None), "server", None) is not None:
                loop.call_later(wait, check)
                return
            message = (
                f"cordon: {self.shown} did not answer {method} within {wait:g} s "
                f"(--init-timeout): {_CHECK}"
            )
            log(message.removeprefix("cordon: "))
            t.feed(t.core.upstream_event("start_failed", message))
            t.feed(t.core.upstream_failed(rid, message))

        loop.call_later(wait, check)

    def reading(self, on: bool) -> None:
        if on:
            self.go.set()
        else:
            self.go.clear()

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        with contextlib.suppress(Exception):  # (the stream may already be gone)
            await self.stack.aclose()
        if self.pool is not None:
            await self.pool.aclose()
        if self.client is not None:
            await self.client.aclose()

    async def status(self) -> int:
        return 1


class FallbackUpstream:
    """``cordon run --url``: Streamable HTTP (``http``), or the legacy transport (``legacy``
    builds it) once ``http`` hands the client's refused ``initialize`` over (module
    docstring). One hand-over at most; frames the client sends while the legacy stream opens
    wait and go after the ``initialize``, in order. A legacy stream that cannot be opened (no
    SSE answer, no endpoint event on the URL's origin) fails the ``initialize`` with why and
    ends the session: nothing is sent anywhere else. Said once on stderr, one ``upstream``
    audit record (``sse_fallback``)."""

    def __init__(self, http: HttpUpstream, legacy: Callable[[], SseUpstream]) -> None:
        self.http = http
        self.make = legacy
        self.legacy: SseUpstream | None = None
        #: the frames waiting for the legacy stream, the ``initialize`` first
        self.held: list[bytes] | None = None
        self.on = True
        self.t: Transport | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.ended: asyncio.Future[None]
        #: the fallback that failed: the URL, both transports tried, and why (:attr:`end`)
        self.failed: str | None = None
        http.fallback = self._fall_back

    async def start(self, t: Transport) -> bool:
        self.t = t
        self.ended = asyncio.get_running_loop().create_future()
        ok = await self.http.start(t)
        self.http.ended.add_done_callback(lambda _: self._end(self.http))
        return ok

    def _end(self, side: object) -> None:
        if side is (self.legacy or self.http) and not self.ended.done():
            self.ended.set_result(None)

    def send(self, data: bytes) -> None:
        if self.held is not None:
            self.held.append(data)
        elif self.legacy is not None:
            self.legacy.send(data)
        else:
            self.http.send(data)

    def _fall_back(self, data: bytes, code: int) -> None:
        if self.legacy is not None:
            return  # (one hand-over at most)
        self.legacy, self.held = self.make(), [data]
        task = asyncio.get_running_loop().create_task(self._switch(code))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _switch(self, code: int) -> None:
        assert self.legacy is not None and self.t is not None and self.held is not None
        up, t = self.legacy, self.t
        said = (
            f"{self.http.shown} refused the initialize POST with HTTP {code}, as a server of "
            "the legacy HTTP+SSE transport (MCP 2024-11-05) does: falling back to it"
        )
        log(said)
        ok = await up.start(t)
        held, self.held = self.held, None
        reason = said if ok else f"{said}, which failed: {up.failure}"
        self.http.event("sse_fallback", reason)  # (through the same transport and core)
        if not ok:  # (said on stderr by up.start)
            self.failed = reason
            self.http.event("start_failed", f"cordon: {up.failure}")
            for frame in held:
                _fail(t, frame, f"cordon: {up.failure}")
            if not self.ended.done():
                self.ended.set_result(None)
            return
        up.ended.add_done_callback(lambda _: self._end(up))
        up.reading(self.on)
        for frame in held:
            up.send(frame)
        with contextlib.suppress(Exception):  # (nothing more goes to the Streamable HTTP side)
            await self.http.close()

    @property
    def end(self) -> str | None:
        """What ended the session (:attr:`SseUpstream.end`): the fallback's failure, or the
        legacy stream's end."""
        return self.failed or (self.legacy.end if self.legacy is not None else None)

    def reading(self, on: bool) -> None:
        self.on = on
        (self.legacy if self.legacy is not None and self.held is None else self.http).reading(on)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        if self.legacy is not None:
            await self.legacy.close()
        await self.http.close()

    async def status(self) -> int:
        return 1


def _fail(t: Transport, data: bytes, message: str) -> None:
    """A request among ``data`` ends with ``message`` (its upstream never got it)."""
    with contextlib.suppress(orjson.JSONDecodeError, AttributeError):
        msg = orjson.loads(data)
        if "method" in msg and "id" in msg:
            t.feed(t.core.upstream_failed(msg["id"], message))


def _client(auth: httpx2.Auth, headers: dict[str, str], pool: H1Pool) -> httpx2.AsyncClient:
    """The OAuth flow's client: no redirect followed (nothing goes to another origin), no
    read timeout (the stream stays open), its connections to the server's host held to
    ``pool``'s DNS rebinding check (it carries the bearer and the ``--header`` values)."""
    import httpx2

    from cordon.proxy.vetted_client import vetted_client

    timeout = httpx2.Timeout(_START_S, read=None)
    # no compressed answers: a small gzip body can inflate a thousandfold past the size cap
    plain = {**headers, "accept-encoding": "identity"}
    return vetted_client(pool, timeout, auth, plain)


class _Refused(Exception):
    """The server answered the stream's GET with something cordon cannot use."""


class _Late(Exception):
    """The server did not answer within ``--init-timeout`` (:meth:`SseUpstream._bounded`)."""


def _get_refused(status: int) -> str:
    """Why the SSE stream's GET failed, with what to do about it: a 401 asks for a credential,
    a 404 (after the Streamable HTTP POST was refused too) most often means a mistyped path."""
    hint = ""
    if status == 401:
        hint = (
            " (it asks for authorization: with --no-oauth, --header can carry a static credential)"
        )
    elif status == 404:
        hint = " (nothing at this address for either transport: check the URL's path)"
    return f"answered the SSE stream's GET with HTTP {status}{hint}"
