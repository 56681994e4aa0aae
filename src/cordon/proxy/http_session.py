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
- then ``notifications/initialized``, and the GET stream follows the new session id.

Each renewal is one ``upstream`` audit record (``session_renewed``, or
``session_not_renewed`` with why).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import httpx2
import orjson

from cordon.proxy.h1 import H1Error, sse_events
from cordon.proxy.http_why import explain, explain_kind
from cordon.proxy.transport import log

if TYPE_CHECKING:
    from cordon.proxy.http import HttpUpstream

__all__ = ["RENEW_TIMEOUT_S", "renew"]

#: a new session not up within this many seconds is given up (the requests waiting get an
#: error instead of waiting on a server that accepts connections and never answers)
RENEW_TIMEOUT_S = 30.0

_INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}'


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
    body = orjson.dumps({**sent, "id": rid})
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    answer: dict[str, Any] | None = None
    async with up._request("POST", body, headers) as resp:
        code = resp.status_code
        sid = resp.headers.get("mcp-session-id")
        kind = resp.headers.get("content-type", "").partition(";")[0].strip().lower()
        if code < 300 and kind == "application/json":
            answer = _answer_to(await up._body(resp) or b"", rid)
        elif code < 300 and kind == "text/event-stream":
            async for data in sse_events(resp.aiter_bytes(), up.max_bytes + 1024):
                answer = _answer_to(data, rid)
                if answer is not None:
                    break
                if data:
                    await up.go.wait()  # the core's backpressure, as on any other stream
                    up._deliver(data, None)  # a notification meanwhile: through the core
    result = answer.get("result") if answer is not None else None
    if not isinstance(result, dict):
        return f"its initialize was answered with HTTP {code} and no result"
    changed = _changed(first, result)
    if changed:
        return (
            f"the server came back with another {changed}; restart the MCP client so that "
            "the new server goes through cordon's checks"
        )
    up.session_id = sid
    end = await up._exchange("POST", _INITIALIZED, orjson.loads(_INITIALIZED), None)
    if end.status >= 300:
        return f"notifications/initialized was answered with HTTP {end.status}"
    return None


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
