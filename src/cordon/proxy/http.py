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

Static headers (``--header``) go on every request to this URL and nowhere else. A request
the server cannot answer (unreachable, TLS failure, 401 without a way to log in, an HTTP
error without a JSON-RPC body) gets a JSON-RPC error, and one line on stderr says what to do.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, Protocol

import httpx2
import orjson
from mcp.shared.inbound import (
    NAME_BEARING_METHODS,
    encode_header_value,
    mcp_param_headers,
    x_mcp_header_map,
)

from cordon.proxy.framing import Oversize
from cordon.proxy.h1 import H1Error, H1Pool, sse_events
from cordon.proxy.transport import log

if TYPE_CHECKING:
    from cordon.proxy.transport import Transport

__all__ = ["HttpUpstream", "LoginError", "parse_header"]

_VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
_JSON = "application/json"
_SSE = "text/event-stream"
#: what a frame's head and tail keep when it is over the size cap (its id may sit at either end)
_KEEP = 4096
#: the pause before the GET stream is opened again, doubled up to the maximum (seconds)
LISTEN_RETRY_S = 1.0
LISTEN_RETRY_MAX_S = 30.0


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
    if not sep or not name:
        raise ValueError(f"--header needs NAME:VALUE, got {spec.split(':')[0]!r}")
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
        self.tasks: set[asyncio.Task[None]] = set()
        #: each tool's pinned schema and the arguments it mirrors into headers (x-mcp-header)
        self.mirrored: dict[str, tuple[dict[str, Any], dict[tuple[str, ...], str]]] = {}
        #: the POSTs of 2026-07-28 requests still being answered, by request id
        self.streams: dict[tuple[type, Any], asyncio.Task[None]] = {}
        self.go = asyncio.Event()
        #: the kinds of failure already explained on stderr (one line each)
        self.said: set[str] = set()
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
            self.client = httpx2.AsyncClient(
                timeout=timeout, follow_redirects=False, auth=self.auth, headers=self.static
            )
        return True

    def reading(self, on: bool) -> None:
        if on:
            self.go.set()
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
        if "method" in msg and "id" in msg and _modern(msg):
            key = _key(msg["id"])
            self.streams[key] = task
            task.add_done_callback(lambda t: self._answered(key, t))

    def _answered(self, key: tuple[type, Any], task: asyncio.Task[None]) -> None:
        if self.streams.get(key) is task:  # a reused id may have a newer POST by now
            del self.streams[key]

    def _cancel(self, msg: dict[str, Any]) -> bool:
        """A client's ``notifications/cancelled`` for a 2026-07-28 request still being answered
        (a ``subscriptions/listen`` stream, say): closing that request's response stream is
        its cancellation over Streamable HTTP, so the POST is ended and the notification not
        sent (a stateless server could not match it to the request). True when it was."""
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
        version = _modern(msg)
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
        rid = msg.get("id") if "method" in msg else None
        try:
            await self._exchange("POST", data, msg, rid)
        except asyncio.CancelledError:
            raise
        except LoginError as exc:
            self._fail(rid, "login", f"cordon: {exc}")
        except httpx2.HTTPError as exc:
            self._fail(rid, *_explain(exc, self.url))
        except H1Error as exc:
            self._fail(rid, *_explain_kind(exc.kind, str(exc), self.url))
        except Exception as exc:  # noqa: BLE001 - answered, never left hanging
            self._fail(rid, "internal", f"cordon: the request to {self.url} failed: {exc!r}")

    @contextlib.asynccontextmanager
    async def _request(
        self, verb: str, data: bytes | None, headers: dict[str, str]
    ) -> AsyncIterator[_Answer]:
        extra = self._lean_auth() if self.h1 is not None else None
        if self.h1 is not None and extra is not None:
            resp = await self.h1.request(verb, {**headers, **extra} if extra else headers, data)
            if self.auth is None or resp.status_code not in (401, 403):
                try:
                    yield resp
                finally:
                    resp.aclose()
                return
            resp.aclose()  # the auth flow answers it: log in, refresh or step up, then resend
        assert self.client is not None
        async with self.client.stream(verb, self.url, content=data, headers=headers) as r:
            yield r

    def _lean_auth(self) -> dict[str, str] | None:
        """The headers that let the lean client send a request in place of the auth flow, or
        None: the flow sends it (its first request, which loads the stored login; a token to
        refresh; a login under way). The bearer goes only to this URL (the pool's origin)."""
        auth: Any = self.auth
        if auth is None:
            return {}
        ctx = getattr(auth, "context", None)
        if ctx is None or not getattr(auth, "_initialized", False) or ctx.lock.locked():
            return None
        if ctx.current_tokens is None:  # no login: a 401 goes to the flow
            return {}
        if ctx.is_token_valid():
            return {"authorization": f"Bearer {ctx.current_tokens.access_token}"}
        return None

    async def _exchange(self, verb: str, data: bytes | None, msg: dict[str, Any], rid: Any) -> int:
        """Send one request and hand on what the server answers; returns its HTTP status."""
        headers = self.headers_for(msg) if data is not None else self._stream_headers()
        async with self._request(verb, data, headers) as resp:
            method = msg.get("method")
            if method == "initialize":
                self.session_id = resp.headers.get("mcp-session-id") or self.session_id
            elif method == "notifications/initialized" and resp.status_code < 300:
                if self.session_id is not None:
                    self._listen()  # the server's own messages, from now on
            kind = resp.headers.get("content-type", "").partition(";")[0].strip().lower()
            if resp.status_code in (202, 204) or (verb == "GET" and resp.status_code == 405):
                return resp.status_code
            if kind == _SSE and resp.status_code < 300:
                await self._events(resp, msg)
            elif kind == _JSON and resp.status_code not in (401, 403):  # 401: an OAuth error body
                body = await self._body(resp)
                if body is not None:
                    self._deliver(body, msg)
                elif rid is not None:
                    self._fail(
                        rid, "size", f"cordon: the reply from {self.url} is over the size cap"
                    )
            elif rid is not None:
                self._fail(rid, *_status(resp.status_code, self.url, self.auth is not None))
            return resp.status_code

    def _stream_headers(self) -> dict[str, str]:
        h = {"accept": _SSE}
        if self.session_id is not None:
            h["mcp-session-id"] = self.session_id
        if self.version is not None:
            h["mcp-protocol-version"] = self.version
        return h

    async def _body(self, resp: _Answer) -> bytes | None:
        parts: list[bytes] = []
        size = 0
        async for chunk in resp.aiter_bytes():
            await self.go.wait()
            size += len(chunk)
            if size > self.max_bytes:
                return None
            parts.append(chunk)
        return b"".join(parts)

    async def _events(self, resp: _Answer, sent: dict[str, Any]) -> None:
        async for data in sse_events(resp.aiter_bytes(), self.max_bytes + 1024):
            await self.go.wait()
            if data:
                self._deliver(data, sent)

    def _deliver(self, body: bytes, sent: dict[str, Any] | None) -> None:
        if self.t is None:
            return
        if sent is not None and sent.get("method") == "initialize":
            # the negotiated version goes on every later request (handshake era)
            with contextlib.suppress(orjson.JSONDecodeError, AttributeError):
                reply = orjson.loads(body)
                version = reply.get("result", {}).get("protocolVersion")
                if isinstance(version, str) and reply.get("id") == sent.get("id"):
                    self.version = version
        if len(body) > self.max_bytes:
            self.t.from_upstream(Oversize(len(body), body[:_KEEP], body[-_KEEP:]))
        else:
            self.t.from_upstream(body)

    def _listen(self) -> None:
        """Open the GET stream for the server's own messages (handshake era), and open it
        again whenever it ends or breaks (a proxy's idle timeout, a restart), after
        ``LISTEN_RETRY_S`` seconds, doubling up to ``LISTEN_RETRY_MAX_S`` while it keeps
        failing. A server without one (405), a refusal (401, 403), an ended session (404) or
        a failed login stops it: nothing is missed silently that a reconnect could get."""

        async def listen() -> None:
            loop = asyncio.get_running_loop()
            pause = LISTEN_RETRY_S
            while self.session_id is not None:
                began = loop.time()
                try:
                    status = await self._exchange("GET", None, {}, None)
                except (httpx2.HTTPError, H1Error):
                    status = 0  # unreachable for now: try again
                except LoginError:
                    return
                if status not in (0, 200):
                    return
                if loop.time() - began > LISTEN_RETRY_MAX_S:
                    pause = LISTEN_RETRY_S  # it stayed up a while: a fresh drop
                await asyncio.sleep(pause)
                pause = min(pause * 2, LISTEN_RETRY_MAX_S)

        task = asyncio.get_running_loop().create_task(listen())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _fail(self, rid: Any, kind: str, message: str) -> None:
        """Answer request ``rid`` with an error; explain each kind of failure once."""
        if kind not in self.said:
            self.said.add(kind)
            log(message.removeprefix("cordon: "))
        if rid is not None and self.t is not None:
            self.t.feed(self.t.core.upstream_failed(rid, message))

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


def _modern(msg: dict[str, Any]) -> str | None:
    """The 2026-07-28 protocol version a message's ``_meta`` carries, or None (handshake era)."""
    params = msg.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    version = meta.get(_VERSION_KEY) if isinstance(meta, dict) else None
    return version if isinstance(version, str) else None


def _key(rid: Any) -> tuple[type, Any]:
    """A request id as a key: ``1`` and ``"1"`` are different requests."""
    return (type(rid), rid)


def _status(code: int, url: str, has_auth: bool) -> tuple[str, str]:
    if code in (401, 403):
        if has_auth:
            return (
                "auth",
                f"cordon: {url} refused the login (HTTP {code}): run cordon auth login {url}",
            )
        return "auth", (
            f"cordon: {url} requires authorization (HTTP {code}): run cordon auth login {url}, "
            "or pass --header 'Authorization: Bearer ...'"
        )
    if code == 404:
        return "404", f"cordon: {url} answered 404 (no MCP endpoint there, or the session ended)"
    return f"http{code}", f"cordon: {url} answered HTTP {code}"


def _explain(exc: httpx2.HTTPError, url: str) -> tuple[str, str]:
    """One line for a transport failure, saying what to do."""
    text = str(exc) or type(exc).__name__
    if isinstance(exc, httpx2.ConnectError):
        tls = "SSL" in text or "certificate" in text.lower()
        return _explain_kind("tls" if tls else "connect", text, url)
    if isinstance(exc, httpx2.TimeoutException):
        return _explain_kind("timeout", text, url)
    return _explain_kind("http", text, url)


def _explain_kind(kind: str, text: str, url: str) -> tuple[str, str]:
    """One line for a failure of ``kind`` (``connect``, ``tls``, ``timeout``, ``http``)."""
    if kind == "tls":
        return (
            "tls",
            f"cordon: TLS with {url} failed ({text}): check the URL and the server's certificate",
        )
    if kind == "connect":
        return "connect", f"cordon: cannot reach {url} ({text}): check the URL and your network"
    if kind == "timeout":
        return "timeout", f"cordon: {url} did not answer in time"
    return "http", f"cordon: the request to {url} failed ({text})"
