"""A new Streamable HTTP session in place of one the server forgot (``cordon run --url``,
handshake era).

A server that restarts, or expires an idle session, answers the old ``Mcp-Session-Id`` with
404, and the client "MUST start a new session by sending a new InitializeRequest without a
session ID attached" (MCP basic/transports; the TypeScript SDK's servers answer 400, "No
valid session ID provided"). The MCP client behind cordon cannot see that answer (its
session with cordon is fine), so cordon starts the new session itself:

- the client's own ``initialize`` request is sent again, under an id of cordon's own (the
  client never sees that answer, so no server text reaches it this way);
- the new answer must match the first, which went through the core's checks (the pinned
  server identity, the instructions scan): the same ``protocolVersion`` (the client speaks
  it), ``serverInfo`` but its ``version``, and ``instructions``. A server that comes back
  different is not continued with: the request fails, saying to restart the client, so
  that everything about the new server goes through those checks;
- then ``notifications/initialized``; and, when the tools were pinned, the new session's
  ``tools/list`` (cordon's own request again, never shown to the client) is held to the pins:
  a tool whose definition changed (a rug pull across re-initialize) fails the renewal the
  same way, before the request that met the 404 is sent again. The client, which never saw
  the 404, would not list again, and a call would otherwise run the changed tool. So do a
  pinned prompt, resource template or listed resource whose definition changed (the error
  names the rule, ``pin.prompt_changed`` or ``pin.resource_changed``, that the restarted
  client's next listing meets): a ``prompts/get`` or ``resources/read`` would otherwise be
  served under a definition the client was never shown;
- the GET stream follows the new session id only once it is taken up. A renewal that fails
  leaves the old session id in place: every later request meets the 404 again and is
  checked again, and none goes to the changed server.

Each renewal is one ``upstream`` audit record (``session_renewed``, or
``session_not_renewed`` with why).

Also here: when the client's ``initialize`` is refused as only a server of the legacy
HTTP+SSE transport (MCP 2024-11-05) refuses it, the hand-over to that transport
(:func:`may_fall_back`, :func:`legacy`; :class:`cordon.proxy.sse.FallbackUpstream` makes it).
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

import httpx2
import orjson

from cordon.proxy.h1 import H1Error, sse_events
from cordon.proxy.http_reading import over_cap
from cordon.proxy.http_why import explain, explain_kind, mask_own
from cordon.proxy.transport import log

if TYPE_CHECKING:
    from cordon.proxy.http import HttpUpstream

__all__ = [
    "INIT_WAIT_S",
    "LEGACY_STATUSES",
    "RENEW_TIMEOUT_S",
    "legacy",
    "may_fall_back",
    "modern",
    "renew",
    "settle",
    "watch_start",
]

#: a new session not up within this many seconds is given up (the requests waiting get an
#: error instead of waiting on a server that accepts connections and never answers)
RENEW_TIMEOUT_S = 30.0
#: how long the client's ``initialize`` (or ``server/discover``) waits for the server's
#: answer, in seconds (``cordon run --init-timeout``; 0: no limit): a server that accepts
#: the connection and never answers would hold the client at its start for ever. The time an
#: OAuth login waits for the person in the browser is not counted (:func:`watch_start`)
INIT_WAIT_S = 60.0
_STARTS = frozenset({"initialize", "server/discover"})
#: the pages of the new session's tools/list read to compare with the pins
MAX_PAGES = 100
#: a tool name an error may repeat (MCP's tool name characters, short)
_PLAIN = re.compile(r"[A-Za-z0-9_.\-/]{1,64}")

_INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}'

#: the statuses of an ``initialize`` POST that mark a server of the legacy HTTP+SSE transport.
#: MCP basic/transports (2025-03-26 and later), "Backwards Compatibility": a client wanting to
#: support older servers POSTs its InitializeRequest to the server URL; if that fails with a
#: 4xx (405 Method Not Allowed, 404 Not Found), it issues a GET to the URL expecting an SSE
#: stream whose first event is ``endpoint``, and then uses the old transport. Only these three
#: (the ones a legacy server's routes answer a POST with, and the ones clients act on): any
#: other status, and a failure without one, fails the request as before (fail closed)
LEGACY_STATUSES = frozenset({400, 404, 405})
_VERSION_KEY = "io.modelcontextprotocol/protocolVersion"


def modern(msg: dict[str, Any]) -> str | None:
    """The 2026-07-28 protocol version a message's ``_meta`` carries, or None (handshake era)."""
    params = msg.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    version = meta.get(_VERSION_KEY) if isinstance(meta, dict) else None
    return version if isinstance(version, str) else None


def settle(up: HttpUpstream, status: int, why: tuple[str, str] | None, method: Any) -> None:
    """One exchange ended with ``status`` (``why``: what left its request unanswered): an
    HTTP error before the server answered any request without one is a server that never
    started, recorded once as ``start_failed`` (as a command that cannot start; the reason
    is cordon's line for the status, the client's credentials masked), not on stderr alone.
    Not the refusal of ``server/discover`` with one of :data:`LEGACY_STATUSES` (a
    handshake-era server refuses it as expected; the client then sends ``initialize``), nor
    after a failure that never reached the server (recorded as ``start_failed`` where it is
    explained, :meth:`cordon.proxy.http.HttpUpstream._fail`, which sets ``up.started``)."""
    if up.started:
        return
    if status < 400:
        up.started = True
        return
    if why is None or (method == "server/discover" and status in LEGACY_STATUSES):
        return
    up.started = True
    masked = mask_own(why[1], up._own())
    up.event("start_failed", masked or f"cordon: the request to {up.shown} failed ({why[0]})")


def watch_start(up: HttpUpstream, msg: dict[str, Any], task: asyncio.Task[None]) -> None:
    """Give the client's handshake request ``msg`` (sent by ``task``) up when the server has
    not answered it within ``up.init_wait`` seconds (:data:`INIT_WAIT_S`): its exchange is
    ended and the request answered with a JSON-RPC error naming the server and the wait,
    said on stderr and recorded (``start_failed``: :meth:`HttpUpstream._fail`). A login
    waiting for the person in the browser restarts the wait instead (their time is not the
    server's)."""
    method, wait = msg.get("method"), up.init_wait
    if method not in _STARTS or "id" not in msg or not wait > 0:
        return
    rid = msg["id"]
    loop = asyncio.get_running_loop()

    def check() -> None:
        if not up._awaiting(rid) or up.fallback is _handed:
            return  # answered (or cancelled, or handed to the legacy transport's own wait)
        loopback = getattr(up.auth, "loopback", None)
        if getattr(loopback, "server", None) is not None:
            loop.call_later(wait, check)
            return
        task.cancel()
        up._fail(
            rid,
            "timeout",
            f"cordon: {up.shown} did not answer {method} within {wait:g} s (--init-timeout): "
            "check that the URL is the server's MCP endpoint and that the server is up",
        )

    loop.call_later(wait, check)


def may_fall_back(up: HttpUpstream, code: int) -> bool:
    """Whether an ``initialize`` answered ``code`` may go to the legacy transport: one of
    :data:`LEGACY_STATUSES`, with a taker (``up.fallback``), no session (an ``Mcp-Session-Id``,
    even on the refusal itself, is Streamable HTTP's), and nothing ever answered over
    Streamable HTTP in this run (``up.spoke``): a server that spoke it once is never
    downgraded (an on-path or restarted server cannot move a session to the weaker
    transport), nor is a renewal's ``initialize``."""
    if up.fallback is None or up.spoke or up.session_id is not None or up.init is not None:
        return False
    return code in LEGACY_STATUSES


async def legacy(up: HttpUpstream, resp: Any, kind: str, code: int, data: Any, rid: Any) -> bool:
    """Hand the client's ``initialize`` (``data``), answered ``code`` (:func:`may_fall_back`
    said yes), to the legacy transport: True when handed (its answer will come from there).
    Not when the body is a JSON-RPC message (a Streamable HTTP server's error answer, relayed
    as the answer), nor when another request is out over Streamable HTTP (the session is not
    the legacy transport's alone): False, the request failing as before."""
    said = (await up._body(resp) or b"") if kind == "application/json" else b""
    if _jsonrpc(said):
        up.spoke = True
        if rid is not None:
            up._error_body(said, rid, code, "initialize")
        return False
    if up.fallback is None or not isinstance(data, bytes) or len(up.tasks) > 1:
        return False
    up.spoke = True  # (one hand-over at most)
    # from here on the legacy side answers, and bounds the start with its own wait
    taker, up.fallback = up.fallback, _handed
    taker(data, code)
    return True


def _handed(data: bytes, code: int) -> None:
    """``up.fallback`` once the ``initialize`` was handed over (:func:`watch_start` then
    leaves the wait to the legacy side, :class:`cordon.proxy.sse.SseUpstream`)."""


def _jsonrpc(body: bytes) -> bool:
    try:
        m = orjson.loads(body)
    except orjson.JSONDecodeError:
        return False
    return isinstance(m, dict) and m.get("jsonrpc") == "2.0"


async def renew(up: HttpUpstream, code: int) -> str | None:
    """Start a new session in place of the one the server answered ``code`` to (404, or a
    400 saying so): None once it is up, else why not (one line that answers the requests
    waiting for it, and is audited)."""
    try:
        async with asyncio.timeout(RENEW_TIMEOUT_S):
            why = await _renew(up)
    except TimeoutError:
        why = f"it did not answer within {RENEW_TIMEOUT_S:g} s"
    except httpx2.HTTPError as exc:
        why = explain(exc, up.shown)[1]
    except H1Error as exc:
        why = explain_kind(exc.kind, str(exc), up.shown)[1]
    except Exception as exc:  # noqa: BLE001 - the requests get an error, never a hang
        from cordon.proxy.http import LoginError  # (that module imports this one)

        # (named by its class: an unexpected exception's text may quote the server's answer)
        why = f"cordon: {exc}" if isinstance(exc, LoginError) else type(exc).__name__
    if why is None:
        reason = (
            f"cordon: {up.shown} had ended the session (HTTP {code}: a restart or an expiry); "
            "started a new one with the client's initialize"
        )
        up.event("session_renewed", reason)
        log(reason.removeprefix("cordon: "))
        return None
    why = (
        f"cordon: {up.shown} ended the session (HTTP {code}) and a new one could not be started: "
        f"{why.removeprefix('cordon: ')}"
    )
    up.event("session_not_renewed", why)
    return why


async def _renew(up: HttpUpstream) -> str | None:
    if up.init is None:
        return "no initialize of the client's to repeat"
    sent, first = up.init
    up.renewals += 1
    rid = f"cordon-renew-{up.renewals}"
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    code, sid, answer = await _ask(up, orjson.dumps({**sent, "id": rid}), headers, rid)
    result = answer.get("result") if answer is not None else None
    if not isinstance(result, dict):
        return f"its initialize was answered with HTTP {code} and no result"
    changed = _changed(first, result)
    if changed:
        return (
            f"the server came back with its {changed} changed; restart the MCP client so that "
            "the new server goes through cordon's checks"
        )
    stale, up.session_id = up.session_id, sid
    try:
        why = await _take_up(up, rid)
    except BaseException:
        up.session_id = stale
        raise
    if why is not None:
        up.session_id = stale  # every later request meets the 404 again, and this check
        return why
    if sid is not None:
        up._listen()  # the server's own messages, on the session taken up
    return None


async def _take_up(up: HttpUpstream, rid: str) -> str | None:
    """``notifications/initialized`` in the new session, then its tools held to the pins
    (:func:`_tools_swapped`), and its prompts, resource templates and resources too
    (:func:`_listed_swapped`): None when it may be taken up, else why not. The notification
    goes without its method in the message handed over, so that the GET stream is not
    opened before the session is taken up (:meth:`HttpUpstream._exchange` opens it after
    ``notifications/initialized``)."""
    end = await up._exchange("POST", _INITIALIZED, {}, None)
    if end.status >= 300:
        return f"notifications/initialized was answered with HTTP {end.status}"
    swapped = await _tools_swapped(up, rid) or await _listed_swapped(up, rid)
    if swapped:
        return (
            f"the server came back with another definition of {swapped}; restart the MCP "
            "client so that the new definitions go through cordon's pins"
        )
    return None


async def _tools_swapped(up: HttpUpstream, rid: str) -> str:
    """The tools of the new session whose definitions are not the pinned ones, named (at
    most a few), or "" when none is. Listed with cordon's own ``tools/list`` (every page, at
    most :data:`MAX_PAGES`), whose answer reaches neither the client nor the pins: only
    compared. Nothing to compare (no complete list pinned yet: every call is denied until
    the client's own list pins them) is "", and so is a tool added (a later list hides it,
    ``pin.unknown_tool``). A list that cannot be read is a swap too (fail closed: the
    request would otherwise run on definitions nobody checked). Compared whatever the
    ``tools`` capability of either ``initialize`` result: a server that leaves it out still
    has its tools listed (clients do not check it) and pinned, and was past this check."""
    work = up.t.core.work if up.t is not None else None
    pins = work.engine.pins.get(work.server) if work is not None else None
    if pins is None or not pins.complete:
        return ""
    assert work is not None
    # a tool already found changed is hidden and every call to it denied (pin.changed)
    # whatever its definition now: not a reason to refuse the new session
    known = work.engine.changed.get(work.server, {})
    tools = await _listing(up, f"{rid}-tools", "tools/list", "tools")
    if isinstance(tools, str):
        return f"its tools ({tools})"
    swapped = [
        _named(tool.get("name")) if isinstance(tool, dict) else "a tool"
        for tool in tools
        if not isinstance(tool, dict)
        or (tool.get("name") not in known and pins.status(tool)[0] == "changed")
    ]
    return f"tool {_few(swapped)}" if swapped else ""


async def _listed_swapped(up: HttpUpstream, rid: str) -> str:
    """The prompts, resource templates and listed resources of the new session whose
    definitions are not the pinned ones (:class:`cordon.proxy.prompt_pins.ListPins`), named
    as :func:`_tools_swapped` names tools, or "". The client behind cordon never saw the
    404, so it lists none of them again: its prompt picker and resource list stay the pinned
    ones, and the request that met the 404 (a ``prompts/get``, a ``resources/read``) would
    be served under a definition no pin check saw, where a client of a restarted stdio
    server lists again in a new ``cordon run`` and meets ``pin.prompt_changed`` /
    ``pin.resource_changed``. Each surface with something pinned (this session's listing or
    the pin file's) is listed with cordon's own request and only compared (the pins are the
    decision queue's: read, never written here), whatever the capabilities say. Not a swap:
    a definition not pinned (a later listing holds it: a prompt or template is then refused,
    a new resource pinned) and one already hidden (its requests are refused already). A
    listing that cannot be read is one (fail closed)."""
    work = up.t.core.work if up.t is not None else None
    for method, pins in work.list_pins.items() if work is not None else ():
        if not pins.pinned:
            continue
        surface = pins.surface
        items = await _listing(up, f"{rid}-{surface.label}s", method, surface.items)
        if isinstance(items, str):
            return f"its {surface.kind}s ({items}; {surface.rule})"
        swapped: list[str] = []
        for item in items:
            key = str(item.get(surface.key)) if isinstance(item, dict) else None
            old = pins.pinned.get(key) if key is not None else None
            if key is None:
                swapped.append(f"a {surface.kind}")
            elif old is not None and key not in pins.hidden and old != surface.canonical(item):
                named = _named(key, "")
                swapped.append(f"{surface.kind} {named}" if named else f"a {surface.kind}")
        if swapped:
            return f"{_few(swapped)} ({surface.rule})"
    return ""


async def _listing(up: HttpUpstream, lid: str, method: str, key: str) -> list[Any] | str:
    """Every item of the new session's ``method`` listing (the result's ``key``), read with
    cordon's own requests (at most :data:`MAX_PAGES` pages), or why it cannot be read."""
    out: list[Any] = []
    cursor: Any = None
    for page in range(MAX_PAGES):
        pid = f"{lid}-{page}"
        params = {} if cursor is None else {"cursor": cursor}
        body = orjson.dumps({"jsonrpc": "2.0", "id": pid, "method": method, "params": params})
        code, _, answer = await _ask(up, body, up.headers_for({}), pid)
        result = answer.get("result") if answer is not None else None
        items = result.get(key) if isinstance(result, dict) else None
        if not isinstance(items, list):
            return f"{method} was answered with HTTP {code} and no {key}"
        out.extend(items)
        cursor = result.get("nextCursor") if isinstance(result, dict) else None
        if cursor is None:
            return out
    return f"more than {MAX_PAGES} pages of them"


def _few(names: list[str]) -> str:
    """At most three of ``names``, and how many more."""
    more = f" and {len(names) - 3} more" if len(names) > 3 else ""
    return ", ".join(names[:3]) + more


def _named(name: Any, other: str = "a tool") -> str:
    """A changed tool (prompt ...) as the error names it: its name when it is a plain one (a
    pinned name, but a tool hidden for its definition was pinned too, and this error is
    cordon's own answer, not scanned as server output: a name that could carry words is not
    repeated), else ``other``."""
    return repr(name) if isinstance(name, str) and _PLAIN.fullmatch(name) else other


async def _ask(
    up: HttpUpstream, body: bytes, headers: dict[str, str], rid: str
) -> tuple[int, str | None, dict[str, Any] | None]:
    """POST one request of cordon's own: the HTTP status, the ``Mcp-Session-Id`` given and
    the response to ``rid`` (None without one). Anything else on its stream (a notification,
    a request of the server's) goes through the core like any other server frame."""
    answer: dict[str, Any] | None = None
    async with up._request("POST", body, headers) as resp:
        code = resp.status_code
        sid = resp.headers.get("mcp-session-id")
        kind = resp.headers.get("content-type", "").partition(";")[0].strip().lower()
        if code < 300 and kind == "application/json":
            answer = _answer_to(await up._body(resp) or b"", rid)
        elif code < 300 and kind == "text/event-stream":
            try:
                async for data in sse_events(resp.aiter_bytes(), up.max_bytes + 1024):
                    answer = _answer_to(data, rid)
                    if answer is not None:
                        break
                    if data:
                        await up.go.wait()  # the core's backpressure, as on any other stream
                        up._deliver(data, None)  # a notification meanwhile: through the core
            except H1Error as exc:  # (an event over the cap: the request it names is told)
                await over_cap(up, exc)
                raise
    return code, sid, answer


def _answer_to(data: bytes, rid: str) -> dict[str, Any] | None:
    """``data`` as the JSON-RPC response to ``rid``, else None."""
    try:
        msg = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    if isinstance(msg, dict) and msg.get("id") == rid and "method" not in msg:
        return msg
    return None


def _changed(first: dict[str, Any], again: dict[str, Any]) -> str:
    """What differs between two ``initialize`` results that the client or the pins rely on."""

    def info(r: dict[str, Any]) -> Any:
        i = r.get("serverInfo")
        return {k: v for k, v in i.items() if k != "version"} if isinstance(i, dict) else i

    out = []
    if first.get("protocolVersion") != again.get("protocolVersion"):
        out.append("protocol version")
    if info(first) != info(again):
        out.append("serverInfo")
    if first.get("instructions") != again.get("instructions"):
        out.append("instructions")
    return " and ".join(out)
