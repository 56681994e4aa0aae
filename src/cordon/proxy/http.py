"""The Streamable HTTP upstream: a remote MCP server reached by POST per message (MCP basic/
transports, Streamable HTTP), for ``cordon run --url``.

The client still speaks stdio to cordon; every frame the core forwards is POSTed here, and
whatever the server answers (one JSON body, or an SSE stream of messages: requests,
notifications, then the response) goes back to the core as server frames, so every check
that works on a stdio upstream works on a remote one.

Both protocol eras, told apart per message the way the client marks it:

- handshake era (``initialize``): the ``Mcp-Session-Id`` the server gives at ``initialize``
  and the negotiated ``MCP-Protocol-Version`` go on every later request; after
  ``notifications/initialized`` a GET stream carries the server's own messages (a server
  without one answers 405), opened again when it ends or breaks; the session is ended with
  DELETE when the client goes away;
- 2026-07-28 (``_meta`` carries ``io.modelcontextprotocol/protocolVersion``): no session;
  ``MCP-Protocol-Version``, ``Mcp-Method`` and ``Mcp-Name`` headers are built from the body,
  so they agree with it by construction, and a ``tools/call`` mirrors the arguments its pinned
  schema marks ``x-mcp-header`` into ``Mcp-Param-*`` headers (the SDK's own encoder). Only a
  call the engine allowed is ever sent, so a refusal covers the header too. Server messages
  come on each request's own stream, a ``subscriptions/listen`` answer being one that stays
  open; a client's ``notifications/cancelled`` for a request still streaming closes that POST
  (Streamable HTTP's cancellation: a stateless server could not match the notification).

Requests go out on a lean HTTP/1.1 keep-alive client for this URL's origin (:mod:`.h1`); with
OAuth configured, the SDK's auth flow on ``httpx2`` sends those it must (the first, which loads
the stored login; a refresh; a 401 or 403, which it answers by logging in) and the lean client
the rest, with the flow's valid bearer.

Static headers (``--header``) go on every request to this URL and nowhere else. A 307 or
308 to the same scheme, host and port is followed (method and body kept; the new path used
from then on); any other redirect is refused, naming where it pointed, so no request or
credential goes to another origin.

Every request forwarded gets exactly one answer: the server's, or a JSON-RPC error once the
exchange has ended without it, whatever it delivered (unreachable, TLS failure, 401 without
a way to log in, an HTTP error, a body that is no response, an SSE stream that ended early);
one line on stderr says what to do. A JSON-RPC error in an HTTP error's body, for the
request's id or for id null, is the answer (through the core, as the SDK's client reads it).
Two endings are recovered from first:

- an SSE stream that ends before the response after an event with an id (SSE polling, MCP
  2025-11-25) is resumed with GET and ``Last-Event-ID`` (:meth:`HttpUpstream._resume`);
- a 404 to a request carrying the session id (the server restarted or expired the session)
  starts a new session with the client's own ``initialize`` (:mod:`.http_session`) and sends
  the request once more: the 404 says the server never ran it, so even a ``tools/call`` is
  safe to resend, once, under the verdict already recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import re
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import SplitResult, urljoin, urlsplit

import httpx2
import orjson
from mcp.shared.inbound import (
    NAME_BEARING_METHODS,
    encode_header_value,
    mcp_param_headers,
    x_mcp_header_map,
)

from cordon.proxy import http_session as sessions
from cordon.proxy.framing import INTERNAL_ERROR, Oversize
from cordon.proxy.h1 import H1Error, H1Pool, SseCursor, sse_events
from cordon.proxy.http_reading import Reading, over_cap, read_body, session_gone, unread
from cordon.proxy.http_session import LEGACY_STATUSES, legacy, may_fall_back, modern, renew, settle
from cordon.proxy.http_why import (
    explain,
    explain_kind,
    failure,
    mask_own,
    masked_url,
    no_answer,
    redirect_refused,
    status_why,
    visible,
)
from cordon.proxy.transport import log
from cordon.proxy.vetted_client import vetted_client
from cordon.urlcreds import server_credentials

if TYPE_CHECKING:
    from cordon.proxy.transport import Transport

__all__ = ["HttpUpstream", "LoginError", "parse_header"]

_JSON = "application/json"
_SSE = "text/event-stream"
#: what a frame's head and tail keep when it is over the size cap (its id may sit at either end)
_KEEP = 4096
#: the pause before the GET stream is opened again, doubled up to the maximum (seconds)
LISTEN_RETRY_S = 1.0
LISTEN_RETRY_MAX_S = 30.0
#: a request's SSE stream that ended before its response, after an event with an id: resumed
#: (GET, Last-Event-ID) after the server's retry or this many seconds, at most this often
RESUME_WAIT_S = 1.0
RESUME_WAIT_MAX_S = 30.0
RESUME_MAX = 100
#: same-origin 307/308 redirects followed for one request, to a target of visible ASCII only
MAX_REDIRECTS = 5
_TARGET = re.compile(r"[!-~]+")  # (RFC 9112 3.2: a space would split the request line)
_RESUMING = "cordon: {} closed this request's event stream before its response, and resuming it"


@dataclasses.dataclass(slots=True)
class _Ended:
    """How one HTTP exchange ended: its status; ``why``, the kind and line of the error the
    request gets if it is still unanswered; ``stale``, the session id the server said it
    does not know (:func:`_session_gone`); ``cursor``, where an SSE answer stood (to resume)."""

    status: int
    why: tuple[str, str] | None = None
    stale: str | None = None
    cursor: SseCursor | None = None


class _Answer(Protocol):
    """What :meth:`HttpUpstream._exchange` reads of an answer (``httpx2`` or :mod:`.h1`)."""

    status_code: int

    @property
    def headers(self) -> Any: ...

    def aiter_bytes(self) -> AsyncIterator[bytes]: ...


class LoginError(Exception):
    """The auth flow (``auth``, :mod:`cordon.proxy.oauth`) could not log in: its message is one
    line saying what to do, safe to show on stderr and to the client (never a token)."""


def parse_header(spec: str, env: dict[str, str]) -> tuple[str, str]:
    """``NAME:VALUE`` from ``--header``; ``${VAR}`` in the value is read from ``env``.

    Raises:
        ValueError: no colon, an empty name, or a variable that is not set.
    """
    name, sep, value = spec.partition(":")
    name, value = name.strip(), value.strip()
    if not sep:
        # no part of the argument is repeated (invariant 7): without its colon, all of it
        # may be the credential (a token pasted without its header name), and so may any
        # prefix of it; the message names the problem only
        raise ValueError(
            "--header needs NAME:VALUE, and one --header has no ':' (the argument is not "
            "shown: without its NAME, all of it may be a credential)"
        )
    if not name:
        raise ValueError("--header needs NAME:VALUE, and one --header has an empty NAME")
    out, rest = "", value
    while "${" in rest:
        before, _, after = rest.partition("${")
        var, close, rest = after.partition("}")
        if not close:
            raise ValueError(f"--header {name}: unclosed ${{ in its value")
        if var not in env:
            raise ValueError(f"--header {name}: environment variable {var} is not set")
        out += before + env[var]
    return name, out + rest


#: headers cordon sets itself: the others in ``static`` came from the user (a credential)
_OWN_HEADERS = frozenset({"user-agent", "accept", "content-type"})
#: the kinds of failure whose line names the server's text (a refused redirect's Location; a
#: failed login, whose reason may quote the server's OAuth metadata: a protected resource's
#: ``resource``, an issuer): answered as the server's error, through the core's checks (_fail)
_UNTRUSTED_KINDS = frozenset({"redirect", "login"})


class HttpUpstream:
    """A remote MCP server at ``url``.

    Args:
        url: the server's MCP endpoint.
        headers: static headers for every request (``--header``), sent to this URL only.
        schema: the pinned ``inputSchema`` of a tool by name, or None (``x-mcp-header``).
        auth: an ``httpx2.Auth`` (OAuth), or None.
        max_bytes: the frame size cap.
    """

    def __init__(
        self,
        url: str,
        *,
        headers: dict[str, str] | None = None,
        schema: Callable[[str], Any] | None = None,
        auth: httpx2.Auth | None = None,
        max_bytes: int = 16 * 1024 * 1024,
    ) -> None:
        self.url = url
        #: ``url`` as messages name it: its credentials masked (userinfo, credential parameters)
        self.shown = masked_url(url)
        #: where requests go: ``url``, or where a same-origin 307/308 moved it (:meth:`_move`)
        self.endpoint = url
        self.target: str | None = None
        self.static = dict(headers or {})
        self.schema = schema
        self.auth = auth
        self.max_bytes = max_bytes
        self.client: httpx2.AsyncClient | None = None
        #: the lean client (:mod:`cordon.proxy.h1`): every request the auth flow (``client``,
        #: httpx2) need not send itself (:meth:`_lean_auth`)
        self.h1: H1Pool | None = None
        self.t: Transport | None = None
        self.session_id: str | None = None
        self.version: str | None = None
        #: the client's ``initialize`` and its answer (handshake era), to renew the session
        self.init: tuple[dict[str, Any], dict[str, Any]] | None = None
        self.renewal: asyncio.Task[str | None] | None = None
        self.renewals = 0
        self.listener: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        #: each tool's pinned schema and the arguments it mirrors into headers (x-mcp-header)
        self.mirrored: dict[str, tuple[dict[str, Any], dict[tuple[str, ...], str]]] = {}
        #: the POSTs of 2026-07-28 requests still being answered, by request id
        self.streams: dict[tuple[type, Any], asyncio.Task[None]] = {}
        self.answers = Reading()  # each request's task, ended once it is no longer awaited
        self.go = asyncio.Event()
        #: the kinds of failure already explained on stderr (one line each)
        self.said: set[str] = set()
        #: who takes an initialize refused as a legacy server does (:func:`.http_session.legacy`)
        self.fallback: Callable[[bytes, int], None] | None = None
        self.spoke = False
        self.started = False  # answered without an HTTP error, or start_failed said (once)
        self.init_wait = sessions.INIT_WAIT_S  # (--init-timeout: sessions.watch_start)
        #: set by :meth:`start` (futures belong to the running loop)
        self.ended: asyncio.Future[None]

    async def start(self, t: Transport) -> bool:
        self.t = t
        self.ended = asyncio.get_running_loop().create_future()
        self.go.set()
        with contextlib.suppress(ValueError):  # not an http(s) URL: httpx2 says why
            self.h1 = H1Pool(self.url, self.static, timeout=30.0)
        if self.h1 is None or self.auth is not None:
            timeout = httpx2.Timeout(30.0, read=None)  # an SSE stream may stay open
            self.client = vetted_client(self.h1, timeout, self.auth, self.static)
        return True

    def reading(self, on: bool) -> None:
        if on:
            self.go.set()
            self.answers.settle(self._awaiting)  # (a response that waited in the backlog)
        else:
            self.go.clear()

    def send(self, data: bytes) -> None:
        try:
            msg = orjson.loads(data)
        except orjson.JSONDecodeError:  # the core forwards only parsed frames
            return
        if msg.get("method") == "notifications/cancelled" and self._cancel(msg):
            return
        task = asyncio.get_running_loop().create_task(self._post(data, msg))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        if "method" in msg and "id" in msg and self._awaiting(msg["id"]):
            self.answers.add(msg["id"], task)
            sessions.watch_start(self, msg, task)
        elif msg.get("method") == "notifications/cancelled":  # (forwarded: handshake era)
            self.answers.settle(self._awaiting)
        if "method" in msg and "id" in msg and modern(msg):
            key = _key(msg["id"])
            self.streams[key] = task
            task.add_done_callback(lambda t: self._answered(key, t))

    def _answered(self, key: tuple[type, Any], task: asyncio.Task[None]) -> None:
        if self.streams.get(key) is task:  # a reused id may have a newer POST by now
            del self.streams[key]

    def _cancel(self, msg: dict[str, Any]) -> bool:
        """A client's ``notifications/cancelled`` for a 2026-07-28 request still being answered
        (a ``subscriptions/listen`` stream, say) ends that POST, its cancellation over Streamable
        HTTP; the notification is not sent (a stateless server could not match it). True then."""
        params = msg.get("params")
        rid = params.get("requestId") if isinstance(params, dict) else None
        task = self.streams.pop(_key(rid), None) if isinstance(rid, (str, int)) else None
        if task is None:
            return False
        task.cancel()
        return True

    def headers_for(self, msg: dict[str, Any]) -> dict[str, str]:
        """The MCP headers of one POST, derived from its body (so they always agree)."""
        h = {"content-type": _JSON, "accept": f"{_JSON}, {_SSE}"}
        raw = msg.get("params")
        params: dict[str, Any] = raw if isinstance(raw, dict) else {}
        version = modern(msg)
        method = msg.get("method")
        if isinstance(version, str):  # 2026-07-28: stateless, routed by headers
            h["mcp-protocol-version"] = version
            if isinstance(method, str):
                h["mcp-method"] = method
                key = NAME_BEARING_METHODS.get(method)
                name = params.get(key) if key else None
                if isinstance(name, str):
                    h["mcp-name"] = encode_header_value(name)
                if method == "tools/call" and isinstance(name, str):
                    h.update(self._param_headers(name, params.get("arguments")))
            return h
        if self.session_id is not None:
            h["mcp-session-id"] = self.session_id
        if self.version is not None:
            h["mcp-protocol-version"] = self.version
        return h

    def _param_headers(self, tool: str, args: Any) -> dict[str, str]:
        schema = self.schema(tool) if self.schema is not None else None
        if not isinstance(schema, dict) or not isinstance(args, dict):
            return {}
        known = self.mirrored.get(tool)
        try:
            if known is None or known[0] is not schema:  # walked once per pinned schema
                known = self.mirrored[tool] = (schema, x_mcp_header_map(schema))
            return mcp_param_headers(known[1], args) if known[1] else {}
        except Exception:  # noqa: BLE001 - an odd schema: no mirrored header (the server says)
            return {}

    async def _post(self, data: bytes, msg: dict[str, Any]) -> None:
        """POST one frame. A request gets exactly one answer: the server's, or an error once
        the exchange ends without it (a stream that closed early and could not be resumed,
        an HTTP error, a body that is no answer), a session the server forgot being renewed
        first (:meth:`_expired`)."""
        rid = msg.get("id") if "method" in msg else None
        try:
            renewal = self.renewal
            if renewal is not None and not renewal.done():
                await asyncio.shield(renewal)  # sent in the new session, after the frames before
            end = await self._exchange("POST", data, msg, rid)
            if end.stale is not None:
                end = await self._expired(end, data, msg, rid)
            if end.cursor is not None and rid is not None:
                end = await self._resume(end, msg, rid)
            settle(self, end.status, end.why, msg.get("method"))
            if rid is not None and end.why is not None:
                self._fail(rid, *end.why)
        except asyncio.CancelledError:
            raise
        except LoginError as exc:
            self._fail(rid, "login", f"cordon: {exc}")
        except httpx2.HTTPError as exc:
            self._fail(rid, *explain(exc, self.shown))
        except H1Error as exc:
            self._fail(rid, *explain_kind(exc.kind, str(exc), self.shown))
        except Exception as exc:  # noqa: BLE001 - answered, never left hanging
            # named by its class: its text may quote what the server sent
            why = f"cordon: the request to {self.shown} failed ({type(exc).__name__})"
            self._fail(rid, "internal", why)

    @contextlib.asynccontextmanager
    async def _request(
        self, verb: str, data: bytes | None, headers: dict[str, str]
    ) -> AsyncIterator[_Answer]:
        """One request to the endpoint, following a 307 or 308 that keeps to its origin
        (scheme, host and port): the method, body and headers go to the new path, which is
        used from then on. Any other redirect is handed back as the answer (and refused:
        :meth:`_why`), so nothing, a credential least of all, goes to another origin."""
        for _ in range(MAX_REDIRECTS + 1):
            async with self._send(verb, data, headers) as resp:
                moved = self._moved(resp)
                if moved is None:
                    yield resp
                    return
            self._move(moved)
        raise H1Error("http", f"more than {MAX_REDIRECTS} redirects")

    @contextlib.asynccontextmanager
    async def _send(
        self, verb: str, data: bytes | None, headers: dict[str, str]
    ) -> AsyncIterator[_Answer]:
        extra = self._lean_auth() if self.h1 is not None else None
        if self.h1 is not None and extra is not None:
            resp = await self.h1.request(
                verb, {**headers, **extra} if extra else headers, data, target=self.target
            )
            if self.auth is None or resp.status_code not in (401, 403):
                try:
                    yield resp
                finally:
                    resp.aclose()
                return
            resp.aclose()  # the auth flow answers it: log in, refresh or step up, then resend
        assert self.client is not None
        async with self.client.stream(verb, self.endpoint, content=data, headers=headers) as r:
            yield r

    def _moved(self, resp: _Answer) -> str | None:
        """Where a 307 or 308 within the endpoint's origin points, else None."""
        if resp.status_code not in (307, 308):
            return None
        where = resp.headers.get("location")
        if not where:
            return None
        new = urljoin(self.endpoint, str(where))
        a, b = urlsplit(self.endpoint), urlsplit(new)
        if (a.scheme, a.hostname, _port(a)) != (b.scheme, b.hostname, _port(b)):
            return None
        if (b.username, b.password) != (a.username, a.password):
            return None  # a Location with credentials of its own
        if not _TARGET.fullmatch((b.path or "/") + (f"?{b.query}" if b.query else "")):
            return None
        return new

    def _move(self, new: str) -> None:
        shown = mask_own(visible(new), self._own()) or "a path not shown (it holds a key)"
        why = f"cordon: {self.shown} redirects to {shown} (same origin): followed; pass that URL"
        if new != self.endpoint:  # where every request goes from now on: recorded
            self.event("redirected", why)
        if "moved" not in self.said:
            self.said.add("moved")
            log(why.removeprefix("cordon: "))
        self.endpoint = new
        parts = urlsplit(new)
        self.target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")

    def _lean_auth(self) -> dict[str, str] | None:
        """The headers that let the lean client send a request in place of the auth flow, or
        None: the flow sends it (its first request, which loads the stored login; a token to
        refresh). The bearer goes only to this URL (the pool's origin).

        Not held by the flow's lock: the SDK's flow keeps it while it waits for the answer to
        the request it sends, so one slow (or silent) answer there would hold every other
        request. A request with a valid token, or with no login at all (a 401 then goes to
        the flow and waits for it), goes without it."""
        auth: Any = self.auth
        if auth is None:
            return {}
        ctx = getattr(auth, "context", None)
        if ctx is None or not getattr(auth, "_initialized", False):
            return None
        if ctx.current_tokens is None:  # no login: a 401 goes to the flow
            return {}
        if ctx.is_token_valid():
            return {"authorization": f"Bearer {ctx.current_tokens.access_token}"}
        return None

    async def _exchange(
        self,
        verb: str,
        data: bytes | None,
        msg: dict[str, Any],
        rid: Any,
        cursor: SseCursor | None = None,
    ) -> _Ended:
        """Send one request and hand on what the server answers. A GET with ``cursor``
        resumes a request's stream (``Last-Event-ID``) and stops once ``rid`` is answered."""
        if data is not None:
            headers = self.headers_for(msg)
        else:
            headers = self._stream_headers(msg)
            if cursor is not None and cursor.last_id is not None:
                headers["last-event-id"] = cursor.last_id
        async with self._request(verb, data, headers) as resp:
            code = resp.status_code
            method = msg.get("method") if data is not None else None
            if method == "initialize":
                self.session_id = resp.headers.get("mcp-session-id") or self.session_id
            elif method == "notifications/initialized" and code < 300:
                if self.session_id is not None:
                    self._listen()  # the server's own messages, from now on
            kind = resp.headers.get("content-type", "").partition(";")[0].strip().lower()
            if method == "initialize" and may_fall_back(self, code):
                if await legacy(self, resp, kind, code, data, rid):  # (the legacy one answers)
                    return _Ended(code)
                return _Ended(code, self._why(code, kind, verb, resp))
            self.spoke = self.spoke or code not in LEGACY_STATUSES
            if data is not None and (rid is None or not self._awaiting(rid)):  # not read
                unread(self, code, kind, resp.headers.get("content-length"), rid)
                return _Ended(code, self._why(code, kind, verb, resp))  # (:mod:`.http_reading`)
            sid = headers.get("mcp-session-id") if data is not None else None
            if sid is not None and code in (400, 404):
                said = (await self._body(resp) or b"") if kind == _JSON else b""
                if code == 404 or session_gone(said):
                    return _Ended(code, stale=sid)  # the session ended
                if rid is not None:
                    self._error_body(said, rid, code, method)
                return _Ended(code, self._why(code, kind, verb, resp))
            if kind == _SSE and code < 300 and code not in (202, 204):
                cursor = cursor or SseCursor()
                try:
                    await self._events(resp, msg if data is not None else {}, cursor, rid)
                except (H1Error, httpx2.HTTPError) as exc:
                    if rid is None or cursor.last_id is None or getattr(exc, "kind", "") == "size":
                        raise
                    cause = failure(exc)[1]  # (no byte of the server's)
                    why = f"cordon: {self.shown} broke off this request's event stream ({cause})"
                    return _Ended(code, ("sse-broken", why), cursor=cursor)  # to resume
                return _Ended(code, no_answer(code, kind, self.shown), cursor=cursor)
            if kind == _JSON and code not in (202, 204, 401, 403):  # 401: an OAuth error body
                body = await read_body(resp, self.go, self.max_bytes)
                if isinstance(body, Oversize):
                    if code < 300:  # (the request its id names is told: :func:`over_cap`)
                        await over_cap(self, body)
                    return _Ended(
                        code, ("size", f"cordon: the reply from {self.shown} is over the size cap")
                    )
                if code < 300 and body.strip():
                    self._deliver(body, msg)
                elif code >= 300 and rid is not None:
                    self._error_body(body, rid, code, method)
            return _Ended(code, self._why(code, kind, verb, resp))

    def _why(self, code: int, kind: str, verb: str, resp: _Answer) -> tuple[str, str]:
        """Why an answer of ``code`` left the request unanswered (if it did)."""
        where = resp.headers.get("location") if 300 <= code < 400 else None
        if where:
            location = urljoin(self.endpoint, where)
            return redirect_refused(code, self.shown, location, self._own())
        if code >= 300 or code in (202, 204):
            sent = tuple(k for k in self.static if k.lower() not in _OWN_HEADERS)
            oauth = self.auth is not None
            return status_why(code, self.shown, verb=verb, oauth=oauth, sent=sent)
        return no_answer(code, kind, self.shown)

    def _error_body(self, body: bytes, rid: Any, code: int, method: Any = None) -> None:
        """The JSON body of an HTTP error: a JSON-RPC error for this request is its answer,
        whether it names the request's id or null (the server could not read the id: JSON-RPC
        2.0 section 5; the SDK's client reads it so too), and goes through the core like any
        server frame. Anything else is not relayed: the request gets cordon's error. Said on
        stderr once per status, naming the request's method; not for ``server/discover``,
        the SDK client's probe of the 2026-07-28 era, which a handshake-era server refuses
        as expected (the client then falls back to ``initialize``)."""
        try:
            m = orjson.loads(body)
        except orjson.JSONDecodeError:
            return
        if not isinstance(m, dict) or "error" not in m or "result" in m or "method" in m:
            return
        if m.get("id") is not None and _key(m["id"]) != _key(rid):
            return  # (an id left out is read as null: the TypeScript SDK's servers do so)
        if method == "server/discover":
            pass  # (the probe's refusal is the normal answer of a handshake-era server)
        elif f"error{code}" not in self.said:  # the client sees the server's message
            self.said.add(f"error{code}")
            log(
                f"{self.shown} answered {method or 'a request'} with HTTP {code} and a JSON-RPC "
                "error, relayed as the answer"
            )
        self._deliver(body if m.get("id") is not None else orjson.dumps({**m, "id": rid}), None)

    def _stream_headers(self, msg: dict[str, Any] | None = None) -> dict[str, str]:
        h = {"accept": _SSE}
        version = modern(msg) if msg else None
        if version is not None:  # a 2026-07-28 request's stream, resumed
            h["mcp-protocol-version"] = version
            return h
        if self.session_id is not None:
            h["mcp-session-id"] = self.session_id
        if self.version is not None:
            h["mcp-protocol-version"] = self.version
        return h

    async def _body(self, resp: _Answer) -> bytes | None:
        body = await read_body(resp, self.go, self.max_bytes)  # (None: over the size cap)
        return body if isinstance(body, bytes) else None

    async def _events(
        self, resp: _Answer, sent: dict[str, Any], cursor: SseCursor, until: Any = None
    ) -> None:
        """Each event's data is a server frame. ``until``: a request whose stream is left
        once it is answered (the server may keep it open: :mod:`.http_reading`)."""
        try:
            async for data in sse_events(resp.aiter_bytes(), self.max_bytes + 1024, cursor):
                await self.go.wait()
                if data:
                    self._deliver(data, sent)
                    if until is not None and not self._awaiting(until):
                        return
        except H1Error as exc:  # (an event over the cap: the request it names is told)
            await over_cap(self, exc)
            raise

    def _awaiting(self, rid: Any) -> bool:
        return self.t is not None and self.t.core.awaiting(rid)

    def _deliver(self, body: bytes, sent: dict[str, Any] | None) -> None:
        if self.t is None:
            return
        self.spoke = True  # a message over Streamable HTTP: no downgrade from here on
        if sent is not None and sent.get("method") == "initialize":
            # the negotiated version goes on every later request (handshake era); the request
            # and its answer are kept to start a new session the same way (:meth:`_renew`).
            # Only the answer the core takes (the first): a second one for the same id is
            # dropped there, unchecked, and must not become what a renewal is held to
            with contextlib.suppress(orjson.JSONDecodeError, AttributeError):
                reply = orjson.loads(body)
                result = reply.get("result", {})
                version = result.get("protocolVersion")
                rid = sent.get("id")
                if isinstance(version, str) and reply.get("id") == rid and self._awaiting(rid):
                    self.version = version
                    self.init = (sent, result)
        if len(body) > self.max_bytes:
            self.t.from_upstream(Oversize(len(body), body[:_KEEP], body[-_KEEP:]))
        else:
            self.t.from_upstream(body)
        self.answers.settle(self._awaiting)  # (a response on another request's stream)

    async def _resume(self, end: _Ended, msg: dict[str, Any], rid: Any) -> _Ended:
        """Request ``rid``'s answer was an SSE stream that ended (or broke) before its
        response. After an event with an id the server means to go on (SSE polling, MCP
        2025-11-25: it closes the stream and the client resumes it), so it is resumed with a
        GET carrying ``Last-Event-ID``, after the server's ``retry`` (:data:`RESUME_WAIT_S`
        without one, at most :data:`RESUME_WAIT_MAX_S`), at most :data:`RESUME_MAX` times;
        a resumption that fails twice running, or is answered with anything but an SSE
        stream, ends it. Without an event id there is nothing to resume. A request answered
        (or cancelled) meanwhile is left. Returns how it ended (the error if unanswered)."""
        cursor = end.cursor
        failed = 0
        for _ in range(RESUME_MAX):
            if cursor is None or cursor.last_id is None or not self._awaiting(rid):
                return end
            wait = RESUME_WAIT_S if cursor.retry_ms is None else cursor.retry_ms / 1000
            await asyncio.sleep(min(wait, RESUME_WAIT_MAX_S))
            if not self._awaiting(rid):
                return end
            try:
                again = await self._exchange("GET", None, msg, rid, cursor)
            except (httpx2.HTTPError, H1Error) as exc:
                failed += 1
                text = failure(exc)[1]  # (no byte of the server's)
                end = _Ended(0, ("resume", f"{_RESUMING.format(self.shown)} failed ({text})"))
                if failed >= 2:
                    return end
                continue
            failed = 0
            if again.cursor is None:
                why = f"{_RESUMING.format(self.shown)} was answered with HTTP {again.status}"
                return _Ended(again.status, ("resume", why))
            end = again
        why = (
            f"cordon: {self.shown} closed this request's event stream {RESUME_MAX} times "
            "without its response"
        )
        return _Ended(end.status, ("resume", why))

    async def _expired(self, end: _Ended, data: bytes, msg: dict[str, Any], rid: Any) -> _Ended:
        """A 404 to a request carrying session ``end.stale``: the server ended the session
        (MCP Streamable HTTP: a restart, an expiry) and did not act on the request; or a 400
        saying so (the TypeScript SDK's servers: "No valid session ID provided"). A request
        gets a new session (:meth:`_renewed`) and is sent once more, which is safe for a
        ``tools/call`` too: the 404 says the server never ran it, and it is the call the
        engine allowed, under the verdict already recorded; not if the client cancelled it
        meanwhile. A second 404 fails it. A notification or an answer to a server request
        belonged to the ended session: dropped."""
        if rid is None:
            return _Ended(404)
        assert end.stale is not None
        why = await self._renewed(end.stale, end.status)
        if why is not None:
            return _Ended(end.status, ("session", why))
        if not self._awaiting(rid):
            return _Ended(end.status)  # cancelled while the session was renewed: never sent
        method = str(msg.get("method"))
        why = f"cordon: {method} sent again in the new session (the 404 said it was not run)"
        self.event("resent", why, id=rid, method=method)
        again = await self._exchange("POST", data, msg, rid)
        if again.stale is not None:
            why = (
                f"cordon: {self.shown} ended the session again (HTTP {again.status}) right "
                "after a new one started; the request was not run"
            )
            return _Ended(again.status, ("session", why))
        return again

    async def _renewed(self, stale: str, code: int) -> str | None:
        """A new session in place of ``stale`` (one renewal at a time, shared by the requests
        that met the 404 or 400): None once there is one, else why not. A renewal under way is
        waited for to its end (its session id is set before ``notifications/initialized``)."""
        if (self.renewal is None or self.renewal.done()) and self.session_id == stale:
            self.renewal = asyncio.get_running_loop().create_task(renew(self, code))
            self.tasks.add(self.renewal)
            self.renewal.add_done_callback(self.tasks.discard)
        if self.renewal is not None and not self.renewal.done():
            return await asyncio.shield(self.renewal)
        return None  # renewed already, for another request

    def _listen(self) -> None:
        """Open the GET stream for the server's own messages (handshake era), and open it
        again whenever it ends or breaks (a proxy's idle timeout, a restart), after
        ``LISTEN_RETRY_S`` seconds, doubling up to ``LISTEN_RETRY_MAX_S`` while it keeps
        failing. A server without one (405), a refusal (401, 403), an ended session (404)
        or a failed login stops it: nothing is missed silently that a reconnect could get.
        One at a time: a renewed session's stream is the same loop's next GET."""
        if self.listener is not None and not self.listener.done():
            return

        async def listen() -> None:
            loop = asyncio.get_running_loop()
            pause = LISTEN_RETRY_S
            while (sid := self.session_id) is not None:
                began = loop.time()
                try:
                    status = (await self._exchange("GET", None, {}, None)).status
                except (httpx2.HTTPError, H1Error):
                    status = 0  # unreachable for now: try again
                except LoginError:
                    return
                if status in (400, 404) and self.session_id not in (sid, None):
                    continue  # the session was renewed meanwhile: listen on the new one
                if status not in (0, 200):
                    return
                if loop.time() - began > LISTEN_RETRY_MAX_S:
                    pause = LISTEN_RETRY_S  # it stayed up a while: a fresh drop
                await asyncio.sleep(pause)
                pause = min(pause * 2, LISTEN_RETRY_MAX_S)

        task = self.listener = asyncio.get_running_loop().create_task(listen())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _own(self) -> list[str]:
        """cordon's own credentials for this server: the ``--header`` values (whole, and the
        credential after a scheme: ``Bearer <token>``), the URL's keys, the OAuth tokens."""
        values = [v for k, v in self.static.items() if k.lower() not in _OWN_HEADERS]
        out = server_credentials(values, self.url)  # (a Basic header's password too)
        store = getattr(self.auth, "store", None)
        with contextlib.suppress(Exception):  # (an unreadable store: the tokens below)
            out += store.secrets() if store is not None else []
        tokens = getattr(getattr(self.auth, "context", None), "current_tokens", None)
        out += [t for t in (getattr(tokens, "access_token", None),) if isinstance(t, str)]
        out += [t for t in (getattr(tokens, "refresh_token", None),) if isinstance(t, str)]
        return out

    def _fail(self, rid: Any, kind: str, message: str) -> None:
        """Answer request ``rid`` with an error, unless it was answered (or cancelled): an
        exchange that ended is failed whatever it delivered, and only a request still waiting
        gets it. Each kind of failure is said once on stderr, an unreachable server audited too.

        No message carries cordon's own credentials (invariant 7: masked, or the message is
        replaced). One that names the server's text (a refused redirect's Location,
        :data:`_UNTRUSTED_KINDS`) goes to the core as the server's JSON-RPC error, so it is
        recorded as untrusted output and sanitised as one (invariant 6); the others hold no
        byte of the server's and are cordon's own answer (``upstream_failed``)."""
        masked = mask_own(message, self._own())
        if masked is None:  # (a credential only the decoded text shows)
            message = f"cordon: the request to {self.shown} failed ({kind})"
        else:
            message = masked
        if rid is not None:
            if not self._awaiting(rid):
                return
            assert self.t is not None
            if kind in _UNTRUSTED_KINDS:
                error = {"code": INTERNAL_ERROR, "message": message}
                self._deliver(orjson.dumps({"jsonrpc": "2.0", "id": rid, "error": error}), None)
            else:
                self.t.feed(self.t.core.upstream_failed(rid, message))
        if kind not in self.said:
            self.said.add(kind)
            log(message.removeprefix("cordon: "))
            if kind in ("connect", "tls", "timeout"):  # (the other kinds: a server reached)
                # start_failed once a run: after an answer, or a start already said failed
                # (an HTTP error before any answer: settle), the request failed
                self.event(
                    "request_failed" if self.spoke or self.started else "start_failed", message
                )
                self.started = True

    def event(self, event: str, reason: str, **extra: Any) -> None:
        """Audit something done with the upstream on cordon's own initiative."""
        if self.t is not None:
            self.t.feed(self.t.core.upstream_event(event, reason, **extra))

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        if self.session_id is not None:  # end the session (handshake era), best effort
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._delete(), 2)
        if self.h1 is not None:
            await self.h1.aclose()
        if self.client is not None:
            await self.client.aclose()

    async def _delete(self) -> None:
        async with self._request("DELETE", None, self._stream_headers()) as resp:
            async for _ in resp.aiter_bytes():
                pass

    async def status(self) -> int:
        return 1


def _key(rid: Any) -> tuple[type, Any]:
    """A request id as a key: ``1`` and ``"1"`` are different requests."""
    return (type(rid), rid)


def _port(parts: SplitResult) -> int | None:
    return parts.port or {"http": 80, "https": 443}.get(parts.scheme)
