"""A lean HTTP/1.1 keep-alive client for one origin, on asyncio streams and ``h11``.

``cordon run --url`` POSTs every frame to one URL; a general client (redirects, auth flows,
cookies, proxies from the environment, HTTP/2, anyio wrappers) costs more per request than
cordon's whole policy engine. This one does only what that leg needs:

- requests to the one origin of the URL it was made for (so a header, a token among them, only
  ever goes there), with the static headers on each;
- a small pool: a request takes an idle connection or opens a new one (a request in flight,
  an SSE stream among them, never blocks another), and a connection whose response was read
  to its end goes back to the pool, up to ``max_idle`` of them; a reused connection the server
  closed meanwhile is replaced once, before any byte of the answer arrived, for an idempotent
  request only (a POST fails rather than run twice, RFC 9112 9.3.1);
- bodies with ``Content-Length`` or chunked (``h11`` does the framing); TLS with
  ``ssl.create_default_context()`` (certificates verified, the host name checked);
- DNS rebinding refused: the URL's host name is resolved for each new connection and the
  connection made to an address that answer gave (no second lookup between the check and the
  connect); an answer naming a cloud metadata address, mixing public and local (private,
  loopback, link-local) addresses, or on the other side of that line from the session's first
  answer, is refused, so a server whose operator rebinds its name cannot send the entry's
  headers, its bearer token among them, to a service of this machine or its network;
- timeouts as before: connecting and writing each get ``timeout`` seconds, reading none (an SSE
  stream may stay open).

:func:`sse_events` parses a ``text/event-stream`` body per the SSE spec (lines end with CRLF,
LF or CR; ``data:`` lines of one event are joined with newlines; a blank line ends the event;
comments and other fields are skipped).

Every failure is an :class:`H1Error`, whose ``kind`` is ``connect``, ``tls``, ``timeout``,
``http`` or (an SSE event over the cap) ``size``, and whose message never quotes a header
nor any byte of the server's answer: ``h11``'s own messages carry the offending bytes (an
illegal chunk header, status or header line, in full), which are the server's text, so a
malformed answer is named by ``h11``'s problem alone (:func:`protocol_why`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
import ssl
from collections.abc import AsyncIterator
from urllib.parse import quote, urlsplit

import h11

from cordon import __version__

__all__ = ["KEEP", "H1Error", "H1Pool", "H1Response", "SseCursor", "protocol_why", "sse_events"]

_CHUNK = 65536
#: what an SSE event over the cap keeps of its start and of its end (:class:`H1Error`)
KEEP = 4096
_EOL = re.compile(rb"\r\n|\r|\n")
#: the largest SSE ``retry`` kept (ms): a longer one is read as this
_RETRY_MAX_MS = 999_999_999
#: a header's name and value as HTTP allows them (RFC 9110 token and field-value; what h11
#: checks): no CR, LF or NUL can split a request
_NAME = re.compile(rb"[-!#$%&'*+.^_`|~0-9a-zA-Z]+")
_VALUE = re.compile(rb"(?:[^\x00\s]+(?:[ \t]+[^\x00\s]+)*)?")


#: the problems ``h11`` (0.16) names before the bytes it quotes: a malformed answer
#: is named by one of these, else by the exception's class, never by the rest of its message
#: (the server's bytes: an injection to the model reading the error, a header the server
#: echoed, cordon's credential among them)
_H11_PROBLEMS = (
    "illegal chunk header",
    "malformed chunk footer",
    "illegal header line",
    "illegal status line",
    "illegal header name",
    "illegal header value",
    "continuation line at start of headers",
    "no response line received",
    "receive buffer too long",
    "peer closed connection without sending complete message body",
    "peer unexpectedly closed connection",
    "bad content-length",
    "conflicting content-length headers",
    "multiple transfer-encoding headers",
    "only transfer-encoding: chunked is supported",
    "got data when expecting eof",
    "response status_code should be in range",
    "informationalresponse status_code should be in range",
    "can't receive data when peer state is error",
)


#: cloud metadata services (AWS, GCP and Azure's 169.254.169.254, AWS's IPv6 one, the ECS task
#: credentials endpoint, Alibaba's): never a remote MCP server named by a host name
_METADATA = frozenset(
    ipaddress.ip_address(a)
    for a in ("169.254.169.254", "fd00:ec2::254", "169.254.170.2", "100.100.100.200")
)


#: IPv6 prefixes whose last 32 bits are an IPv4 address a translator delivers to: NAT64's
#: well-known prefix (RFC 6052), SIIT's IPv4-translated form, the IPv4-compatible form
_ONE = ipaddress.IPv6Address(1)
_LOW32 = tuple(ipaddress.ip_network(n) for n in ("64:ff9b::/96", "::ffff:0:0:0/96", "::/96"))
#: NAT64's local-use prefix (RFC 8215): its IPv4 address may sit at any offset
_LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An address as ``getaddrinfo`` gives it (an IPv6 scope id dropped), an IPv6 one that
    carries an IPv4 address (IPv4-mapped, NAT64, 6to4, IPv4-translated or -compatible) read
    as that IPv4 address: 127.0.0.1 or 169.254.169.254 behind a global-looking IPv6 address
    is local. NAT64's local-use prefix reads as a private address (its IPv4 one unknown)."""
    addr = ipaddress.ip_address(text.partition("%")[0])
    if not isinstance(addr, ipaddress.IPv6Address) or addr in (ipaddress.IPv6Address(0), _ONE):
        return addr
    if addr in _LOCAL_NAT64:
        return ipaddress.IPv4Address("10.0.0.0")
    if any(addr in n for n in _LOW32):
        return ipaddress.IPv4Address(int(addr) & 0xFFFFFFFF)
    return addr.ipv4_mapped or addr.sixtofour or addr


def rebinding_why(host: str, found: list[str], local: bool | None) -> str | None:
    """Why connecting to ``found``, what ``host`` resolves to now, is refused, or None.
    ``local``: whether the session's first answer was local (not a global address), None
    before it."""
    addrs = [_address(a) for a in found]
    for text, addr in zip(found, addrs, strict=True):
        if addr in _METADATA:
            return f"{host} resolves to {text}, a cloud metadata address: not connected"
    kinds = {not a.is_global for a in addrs}
    if len(kinds) > 1:
        return f"{host} resolves to both public and local addresses: not connected (DNS rebinding)"
    if local is not None and kinds != {local}:
        was, now = ("local", "public") if local else ("public", "local")
        return (
            f"{host} now resolves to a {now} address, after a {was} one: not connected "
            "(DNS rebinding; restart the server's entry if it really moved)"
        )
    return None


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _target(path: str) -> bytes:
    """A request target, its non-ASCII characters percent-encoded as UTF-8 (as the default
    HTTP client and browsers send them): a URL the lean client refused went through that
    client instead, whose connections no rebinding check holds (:func:`rebinding_why`)."""
    quoted = _NON_ASCII.sub(lambda m: quote(m.group(), safe="", errors="surrogatepass"), path)
    return quoted.encode("ascii")


def protocol_why(exc: BaseException) -> str:
    """What was wrong with a malformed HTTP answer, in ``h11``'s words without the bytes it
    quotes (:data:`_H11_PROBLEMS`), or the exception's class name."""
    text = str(exc).lower()
    for problem in _H11_PROBLEMS:
        if text.startswith(problem):
            return problem
    return type(exc).__name__


def _header(name: str, value: str) -> tuple[bytes, bytes]:
    """One header as bytes, checked here once so that h11 need not check it again.

    Raises:
        H1Error: a name or value HTTP does not allow (never quoted: it may be a credential).
    """
    try:
        n, v = name.encode("ascii"), value.encode("ascii")
    except UnicodeEncodeError:
        raise H1Error("http", "a header name or value is not ASCII (not sent)") from None
    if _NAME.fullmatch(n) is None or _VALUE.fullmatch(v) is None:
        raise H1Error("http", "a header name or value HTTP does not allow (not sent)")
    return n, v


class H1Error(Exception):
    """A request that failed: ``kind`` is ``connect``, ``tls``, ``timeout``, ``http`` or
    ``size`` (an SSE event over the cap). ``cut``, for ``size``: the event's length so far
    and its first and last bytes (:data:`KEEP` each), where a JSON-RPC id may sit, so that
    the request it answers is told (:func:`cordon.proxy.http_reading.over_cap`)."""

    def __init__(self, kind: str, text: str, cut: tuple[int, bytes, bytes] | None = None) -> None:
        super().__init__(text)
        self.kind = kind
        self.cut = cut


class _Conn:
    __slots__ = ("h11", "reader", "writer")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.h11 = h11.Connection(h11.CLIENT)

    def usable(self) -> bool:
        return not self.reader.at_eof() and not self.writer.is_closing()

    def close(self) -> None:
        self.writer.close()


class H1Response:
    """One answer: ``status_code``, ``headers`` (names in lower case), and its body, read
    with :meth:`aiter_bytes`."""

    def __init__(self, pool: H1Pool, conn: _Conn, head: h11.Response) -> None:
        self.status_code = head.status_code
        self.headers: dict[str, str] = {}
        for name, value in head.headers:
            key = name.decode("latin-1")
            text = value.decode("latin-1")
            old = self.headers.get(key)
            self.headers[key] = text if old is None else f"{old}, {text}"
        self._pool = pool
        self._conn: _Conn | None = conn

    async def aiter_bytes(self) -> AsyncIterator[bytes]:
        conn = self._conn
        if conn is None:
            return
        while True:
            try:
                event = conn.h11.next_event()
            except h11.ProtocolError as exc:
                raise H1Error("http", f"malformed HTTP answer ({protocol_why(exc)})") from None
            if event is h11.NEED_DATA:
                data = await self._pool.read(conn)
                conn.h11.receive_data(data)
            elif isinstance(event, h11.Data):
                yield bytes(event.data)
            elif isinstance(event, h11.EndOfMessage):
                self._conn = None
                self._pool.release(conn)
                return
            else:  # ConnectionClosed before the end of the body
                raise H1Error("http", "the server closed the connection mid-answer")

    def aclose(self) -> None:
        """Done with the answer: its connection goes back to the pool if the rest of the body
        is already here (an empty 202, say), and is closed otherwise."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            while isinstance(event := conn.h11.next_event(), h11.Data):
                pass
        except h11.ProtocolError:
            event = None
        if isinstance(event, h11.EndOfMessage):
            self._pool.release(conn)
        else:
            self._pool.busy.discard(conn)
            conn.close()


class H1Pool:
    """HTTP/1.1 keep-alive connections to the origin of ``url``.

    Args:
        url: an ``http`` or ``https`` URL; requests go to its path and query.
        headers: static headers for every request.
        timeout: seconds for connecting (TLS included) and for writing a request.
        max_idle: the idle connections kept for reuse.
    """

    def __init__(
        self,
        url: str,
        headers: dict[str, str] | None = None,
        *,
        timeout: float = 30.0,
        max_idle: int = 4,
    ) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url}")
        self.host = parts.hostname
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.tls = ssl.create_default_context() if parts.scheme == "https" else None
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        self.target = _target(target)
        default_port = self.port == (443 if self.tls else 80)
        host = f"[{self.host}]" if ":" in self.host else self.host
        authority = host if default_port else f"{host}:{self.port}"
        static = [("host", authority), ("user-agent", f"cordon/{__version__}")]
        names = {"host", "user-agent"}
        for name, value in (headers or {}).items():
            if name.lower() in names:
                static = [(k, v) for k, v in static if k != name.lower()]
            static.append((name, value))
        #: the static headers as checked bytes, or the error every request then fails with
        self.static: list[tuple[bytes, bytes]] = []
        self.static_error: H1Error | None = None
        try:
            self.static = [_header(k, v) for k, v in static]
        except H1Error as exc:
            self.static_error = exc
        self.timeout = timeout
        self.max_idle = max_idle
        self.idle: list[_Conn] = []
        self.busy: set[_Conn] = set()
        #: whether the host name's first answer was local (None: not resolved yet, or the
        #: URL names an address, which is connected as it is)
        self.local: bool | None = None
        try:
            _address(self.host)
            self.named = False
        except ValueError:
            self.named = True

    async def addresses(self) -> list[str]:
        """Where a new connection goes: the URL's address, or what its host name resolves
        to now, vetted (:func:`rebinding_why`).

        Raises:
            H1Error: ``connect``, the name does not resolve or its answer is refused.
        """
        if not self.named:
            return [self.host]
        try:
            infos = await asyncio.get_running_loop().getaddrinfo(
                self.host, self.port, type=socket.SOCK_STREAM
            )
        except OSError as exc:
            raise H1Error("connect", str(exc) or type(exc).__name__) from None
        found = list(dict.fromkeys(str(info[4][0]) for info in infos))
        if not found:
            raise H1Error("connect", f"{self.host} resolves to no address")
        why = rebinding_why(self.host, found, self.local)
        if why is not None:
            raise H1Error("connect", why)
        self.local = not _address(found[0]).is_global
        return found

    async def _open(self) -> _Conn:
        try:
            async with asyncio.timeout(self.timeout):
                addresses = await self.addresses()
                for i, address in enumerate(addresses):
                    try:
                        reader, writer = await asyncio.open_connection(
                            address,
                            self.port,
                            ssl=self.tls,
                            server_hostname=self.host if self.tls else None,
                            limit=_CHUNK,
                        )
                        break
                    except OSError:
                        if i == len(addresses) - 1:
                            raise
        except TimeoutError:
            raise H1Error("timeout", "connecting timed out") from None
        except ssl.SSLError as exc:
            raise H1Error("tls", str(exc) or type(exc).__name__) from None
        except OSError as exc:
            raise H1Error("connect", str(exc) or type(exc).__name__) from None
        return _Conn(reader, writer)

    def _take(self) -> _Conn | None:
        while self.idle:
            conn = self.idle.pop()
            if conn.usable():
                return conn
            conn.close()
        return None

    async def read(self, conn: _Conn) -> bytes:
        try:
            return await conn.reader.read(_CHUNK)
        except ssl.SSLError as exc:
            raise H1Error("tls", str(exc) or type(exc).__name__) from None
        except OSError as exc:
            raise H1Error("http", str(exc) or type(exc).__name__) from None

    def release(self, conn: _Conn) -> None:
        self.busy.discard(conn)
        if (
            conn.h11.our_state is h11.DONE
            and conn.h11.their_state is h11.DONE
            and len(self.idle) < self.max_idle
            and conn.usable()
        ):
            conn.h11.start_next_cycle()
            self.idle.append(conn)
        else:
            conn.close()

    async def request(
        self,
        method: str,
        headers: dict[str, str],
        body: bytes | None = None,
        *,
        target: str | None = None,
    ) -> H1Response:
        """Send one request and read the answer's head; read its body with
        :meth:`H1Response.aiter_bytes`, and call :meth:`H1Response.aclose` when done.
        ``target``: another path (and query) on the same origin, else the URL's own."""
        if self.static_error is not None:
            raise self.static_error
        path = self.target if target is None else _target(target)
        items = [*self.static, *(_header(k, v) for k, v in headers.items())]
        if body is not None:
            items.append((b"content-length", b"%d" % len(body)))
        # RFC 9112 9.3.1: only a request that can be replayed (an idempotent method) is sent
        # again when a reused connection closes before any byte of the answer; a POST the
        # server may have read and acted on (a tools/call that sends a mail) fails instead
        replay = method in _IDEMPOTENT
        for _ in range(2):
            conn = self._take()
            if conn is not None and not replay:
                await asyncio.sleep(0)  # a close already received is read before it goes
                if not conn.usable():
                    conn.close()
                    conn = self._take()
            reused = conn is not None
            if conn is None:
                conn = await self._open()
            self.busy.add(conn)
            try:
                return await self._send(conn, method, path, items, body)
            except _Stale:
                self.busy.discard(conn)
                conn.close()
                if not reused or not replay:
                    break
            except BaseException:
                self.busy.discard(conn)
                conn.close()
                raise
        raise H1Error("http", "the server closed the connection without answering")

    async def _send(
        self,
        conn: _Conn,
        method: str,
        target: bytes,
        items: list[tuple[bytes, bytes]],
        body: bytes | None,
    ) -> H1Response:
        c = conn.h11
        got = False
        try:
            # the headers are checked bytes (_header): h11 need not encode and check them again
            head = h11.Request(
                method=method.encode("ascii"), target=target, headers=items, _parsed=True
            )
            out = c.send(head) or b""
            if body:
                out += c.send(h11.Data(data=body)) or b""
            out += c.send(h11.EndOfMessage()) or b""
            conn.writer.write(out)
            if conn.writer.transport.get_write_buffer_size():
                async with asyncio.timeout(self.timeout):
                    await conn.writer.drain()
            while True:
                event = c.next_event()
                if event is h11.NEED_DATA:
                    data = await conn.reader.read(_CHUNK)
                    if not data and not got:
                        raise _Stale
                    got = True
                    c.receive_data(data)
                elif isinstance(event, h11.Response):
                    return H1Response(self, conn, event)
                elif isinstance(event, h11.ConnectionClosed):
                    raise _Stale
                # an InformationalResponse (1xx): wait for the final one
        except TimeoutError:
            raise H1Error("timeout", "sending the request timed out") from None
        except (ConnectionResetError, BrokenPipeError):
            if got:
                raise H1Error("http", "the server reset the connection") from None
            raise _Stale from None
        except ssl.SSLError as exc:
            raise H1Error("tls", str(exc) or type(exc).__name__) from None
        except OSError as exc:
            raise H1Error("http", str(exc) or type(exc).__name__) from None
        except h11.ProtocolError as exc:
            raise H1Error("http", f"malformed HTTP answer ({protocol_why(exc)})") from None

    async def aclose(self) -> None:
        for conn in [*self.idle, *self.busy]:
            conn.close()
        self.idle.clear()
        self.busy.clear()


class _Stale(Exception):
    """A connection that closed before any byte of the answer (an idempotent request is
    retried once on a new one)."""


#: methods RFC 9110 9.2.2 defines as idempotent: sent again after a stale connection
_IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"})


def _lines(buf: bytes, final: bool) -> tuple[list[bytes], int]:
    """The whole lines of ``buf`` and where the rest starts (a CR at its end may be half a CRLF,
    unless the body ``final``-ly ended there)."""
    out: list[bytes] = []
    pos = 0
    while (m := _EOL.search(buf, pos)) is not None:
        if not final and m.end() == len(buf) and m.group() == b"\r":
            break
        out.append(buf[pos : m.start()])
        pos = m.end()
    return out, pos


class SseCursor:
    """Where an SSE stream stands, for resuming it (MCP Streamable HTTP, 2025-11-25: a server
    may close a request's stream after an event with an ``id``; the client resumes with
    ``Last-Event-ID``): the last event id dispatched, and the server's ``retry`` in ms.
    ``event``: the type of the event just yielded (its ``event`` field, ``message`` without
    one), which the legacy HTTP+SSE transport tells its ``endpoint`` event by."""

    __slots__ = ("event", "last_id", "retry_ms")

    def __init__(self, last_id: str | None = None) -> None:
        self.last_id = last_id
        self.retry_ms: int | None = None
        self.event = "message"


_BOM = b"\xef\xbb\xbf"


async def _stream_head(it: AsyncIterator[bytes]) -> bytes | None:
    """The first bytes of an SSE stream, read from ``it`` until they can no longer be the
    start of a byte order mark, with a leading one left out (the SSE spec: one leading
    U+FEFF is stripped; kept, it made the first line's field name another). None: the
    stream ended with nothing. A function the reader calls once, not a generator around
    every chunk: a stream in 2-byte chunks passed through one held ~20x its size."""
    head = b""
    async for chunk in it:
        head += chunk
        if len(head) >= len(_BOM) or not _BOM.startswith(head):
            return head.removeprefix(_BOM)
    return head.removeprefix(_BOM) if head else None


async def sse_events(
    chunks: AsyncIterator[bytes], max_size: int, cursor: SseCursor | None = None
) -> AsyncIterator[bytes]:
    """The ``data`` of each event of an SSE body, as bytes (UTF-8, as sent); an event the
    body ends in the middle of is dropped, as the spec says. ``cursor``, if given, follows
    the ``id`` (set when its event is dispatched, an event without data included; one with
    a NUL is ignored) and ``retry`` (digits only) fields, as an EventSource does.

    Raises:
        H1Error: an event (or a line still being read) over ``max_size`` bytes.
    """
    # the start of a line not ended yet, and the data of the event being read: one growing
    # buffer each, never a list of pieces (a server sending 2-byte chunks, or one-byte data
    # lines, would otherwise hold ~40 bytes of object per piece against a cap that counts
    # only the bytes)
    pending = bytearray()
    data = bytearray()
    has_data = False
    end = False
    seen_id: bytes | None = None  # the id field of the event being read
    seen_event = b""  # its event field (its type)
    it = aiter(chunks)
    first = await _stream_head(it)
    while not end:
        chunk, first = (first, None) if first is not None else (await anext(it, None), None)
        end = chunk is None
        if chunk is None:
            chunk = b""
        elif not _EOL.search(chunk) and not pending.endswith(b"\r"):
            pending += chunk  # the middle of a long line
            if len(data) + len(pending) > max_size:
                raise _over_cap(data, pending, max_size)
            continue
        if pending:
            pending += chunk
            buf = bytes(pending)
        else:
            buf = chunk
        lines, pos = _lines(buf, end)
        for line in lines:
            if not line:
                if cursor is not None and seen_id is not None:
                    cursor.last_id = seen_id.decode("utf-8", "replace")
                seen_id = None
                if has_data:
                    if cursor is not None:
                        cursor.event = seen_event.decode("utf-8", "replace") or "message"
                    yield bytes(data)
                data, has_data, seen_event = bytearray(), False, b""
                continue
            name, colon, value = line.partition(b":")
            value = value[1:] if colon and value.startswith(b" ") else value
            if name == b"data":
                if has_data:
                    data += b"\n"
                data += value
                has_data = True
            elif cursor is not None and name == b"event":
                seen_event = value
            elif cursor is not None and name == b"id" and b"\0" not in value:
                seen_id = value
            elif cursor is not None and name == b"retry" and value.isdigit():
                # the server's number, bounded before it is read: past 4300 digits int()
                # raises, and a wait of more than a day is as good as one
                cursor.retry_ms = int(value) if len(value) <= 9 else _RETRY_MAX_MS
        pending = bytearray(buf[pos:]) if pos < len(buf) else bytearray()
        if len(data) + len(pending) > max_size:
            raise _over_cap(data, pending, max_size)


def _over_cap(data: bytearray, pending: bytearray, max_size: int) -> H1Error:
    """The error for an event whose ``data`` so far and unfinished line ``pending`` passed
    ``max_size``: with the event's first and last bytes read (``cut``), an id the server
    put further on than the cap is not seen."""
    head = bytes(data[:KEEP])
    if len(head) < KEEP:
        head = (head + b"\n" + bytes(pending[:KEEP]))[:KEEP]
    tail = bytes(pending[-KEEP:])
    if len(tail) < KEEP:
        tail = (bytes(data[-KEEP:]) + b"\n" + tail)[-KEEP:]
    cut = (len(data) + len(pending), head, tail)
    return H1Error("size", f"a server-sent event exceeded the {max_size} byte limit", cut)
