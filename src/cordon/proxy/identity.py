"""Who the server is, before a 2026-07-28 client's first request reaches it; and the end of
the upstream (every request still waiting answered).

On a handshake-era connection the first exchange is ``initialize``, whose result names the
server (``serverInfo``): cordon compares it with the pinned identity before anything else is
forwarded (:meth:`cordon.proxy.work.SessionWork.check_identity`). A 2026-07-28 client need
not send ``server/discover`` first (the SDK client's ``mode="2026-07-28"`` does not; a client
holding cached tool lists has no reason to), and later results only *should* carry
``_meta`` ``io.modelcontextprotocol/serverInfo``. So a server swapped behind a pinned entry
(another package behind the same command, another program behind the same URL) would get
that client's first call, its arguments and its side effect, before cordon learned who
answered.

With a pin file, the first 2026-07-28 request of a connection that is not itself a
handshake is therefore held, and cordon sends the upstream a ``server/discover`` of its own
(the client's protocol version, capabilities and client info from that request's ``_meta``;
an id the upstream cannot guess; an ``upstream`` audit record first). Its answer never
reaches the client: it is checked as the client's own discover would be (pinned the first
time, compared after), then the held frames go on, in the order they came, through the
usual path. A server that is not the one pinned is shut off before any of them is decided
(``pin.server_changed``). A discover that fails (an error answer, one cordon cannot read:
over the size cap, unparseable, no response; the upstream unreachable or gone) forwards
nothing: every held request is answered with an error, and the next request probes again
(fail closed: a server cordon cannot name gets no request).

The client's own ``initialize`` or ``server/discover`` names the server only once its
*result* came (and is checked before it is delivered). With a pin file, what the client sends
while its handshake is out (a ``tools/call`` pipelined behind ``initialize``) is held until
that answer, then goes on behind the check, in order. A request sent with no handshake
answered (none sent, or an error answer: a swapped server refusing to be named) is held
behind a discover of cordon's own when it is a 2026-07-28 request; a handshake-era request is
refused (MCP's lifecycle: no request but ``ping`` before ``initialize`` is answered), as no
discover can name a handshake-era server without starting its session.

A mixin of :class:`cordon.proxy.core.ProxyCore`, as :class:`cordon.proxy.asking.AskSide` is.
"""

from __future__ import annotations

import itertools
import secrets
from typing import TYPE_CHECKING, Any

import orjson

from cordon._exceptions import ProtocolError
from cordon.engine import rules
from cordon.proxy.actions import Action, Audit, Job, Log, ToClient, ToUpstream
from cordon.proxy.framing import (
    INTERNAL_ERROR,
    INVALID_REQUEST,
    Oversize,
    error_frame,
    id_key,
    parse_frame,
    plain_id,
    sniff_id,
)

if TYPE_CHECKING:
    from cordon.proxy.work import SessionWork

__all__ = ["SERVER_INFO_META", "IdentitySide", "server_info_of"]

#: where a 2026-07-28 result names its server (``server/discover``; every result may carry it)
SERVER_INFO_META = "io.modelcontextprotocol/serverInfo"


def server_info_of(result: dict[str, Any]) -> Any:
    """The ``serverInfo`` of a handshake result: at the top (``initialize``), else in
    ``_meta`` (2026-07-28 ``server/discover``), so a server pinned in one era is compared in
    the other on the same fields (a discover read at the top gave no name at all)."""
    info = result.get("serverInfo")
    if info is None:
        meta = result.get("_meta")
        info = meta.get(SERVER_INFO_META) if isinstance(meta, dict) else None
    return info


#: the ``_meta`` keys of a 2026-07-28 request that a discover of cordon's own repeats
#: (protocol version and capabilities are required on every request; client info is not)
_VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
_PROBE_META = (
    _VERSION_KEY,
    "io.modelcontextprotocol/clientCapabilities",
    "io.modelcontextprotocol/clientInfo",
)
_HANDSHAKES = frozenset({"initialize", "server/discover"})
#: what each frame held behind the discover is charged in the client's backlog besides its
#: bytes (the bytes object and its list entry): a flood of tiny lines stops the reading too
_HELD_OVERHEAD = 64


def _modern_meta(msg: Any) -> dict[str, Any] | None:
    """The ``_meta`` of a 2026-07-28 request (it names the protocol version), else None."""
    if not isinstance(msg, dict) or "id" not in msg or not isinstance(msg.get("method"), str):
        return None
    params = msg.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    return meta if isinstance(meta, dict) and _VERSION_KEY in meta else None


def _unnamed(msg: dict[str, Any]) -> bool:
    """A request that must not reach a server before it is named: any but ``ping`` (MCP
    lifecycle: the one request a client may send before ``initialize`` is answered)."""
    return "id" in msg and isinstance(msg.get("method"), str) and msg["method"] != "ping"


class IdentitySide:
    """The server's identity checked before a 2026-07-28 client's first request, and the
    upstream's end (module docstring)."""

    work: SessionWork
    own_prefix: str
    _counter: itertools.count[int]
    pending: dict[tuple[str, Any], Any]
    #: a handshake passed (a result to the client's own, or cordon's discover checked): no
    #: probe is needed
    identity_seen: bool = False
    #: the client's own handshake requests, by :func:`id_key`, until their answer
    _handshakes: frozenset[tuple[str, Any]] = frozenset()
    #: the id of cordon's own ``server/discover`` until its answer comes (awaited: a
    #: transport fails it if the exchange ends without one, :meth:`awaiting`), and the client
    #: frames held behind it until that answer is checked (their bytes count in the client's
    #: backlog: :meth:`held_bytes`). The id shares no prefix with cordon's questions to the
    #: client (the upstream sees it; :meth:`cordon.proxy.asking.AskSide._ask_legacy`)
    probe_id: str | None = None
    probe_held: list[bytes | Oversize] | None = None
    #: with a pin file, the client frames that came while its own handshake was out, held
    #: until its answer (their bytes count in the client's backlog too)
    behind_handshake: list[bytes | Oversize] | None = None
    _held_size: int = 0

    if TYPE_CHECKING:

        def _client_frame(self, item: bytes | Oversize) -> list[Action]: ...
        def _enqueue(self, job: Job) -> list[Action]: ...
        def _put(self, lane: str, actions: list[Action]) -> list[Action]: ...
        def _answer(self, id_: Any, data: bytes, **kw: Any) -> ToClient: ...
        def _record(self, rec: dict[str, Any]) -> Audit: ...
        def _refuse(self, direction: str, reason: str, **extra: Any) -> Audit: ...

    def held_bytes(self) -> int:
        """Bytes of the client frames held behind cordon's discover (each also charged
        :data:`_HELD_OVERHEAD`), kept as a running count: a transport asks after every read."""
        return self._held_size

    def _hold(self, item: bytes | Oversize) -> None:
        held = self.probe_held if self.probe_held is not None else self.behind_handshake
        assert held is not None
        held.append(item)
        size = len(item) if isinstance(item, bytes) else item.size
        self._held_size += size + _HELD_OVERHEAD

    def awaiting(self, id_: Any) -> bool:
        """:meth:`UpstreamSide.awaiting`, and cordon's discover until its answer comes (a
        transport that sees its exchange end unanswered fails it: :meth:`upstream_failed`)."""
        if self.probe_id is not None and isinstance(id_, str) and id_ == self.probe_id:
            return True
        out: bool = super().awaiting(id_)  # type: ignore[misc]
        return out

    def client_frame(self, item: bytes | Oversize) -> list[Action]:
        """One line from the client: held while cordon's discover is out, and the first
        2026-07-28 request of a connection with a pin file held behind a new one."""
        if self.probe_held is not None or self.behind_handshake is not None:
            self._hold(item)  # everything waits behind the probe or the handshake, in order
            return []
        if self.identity_seen or not isinstance(item, bytes):
            return self._client_frame(item)
        try:
            msg = parse_frame(item)
        except ProtocolError:
            return self._client_frame(item)  # (refused there, with the reason)
        if msg.get("method") in _HANDSHAKES and "id" in msg:
            # its result is checked before it is delivered: from then on the server is named
            # (:meth:`_handshake_answered`); an error names nobody
            self._handshakes |= {id_key(msg["id"])}
            return self._client_frame(item)
        pinned = self.work.pin_file is not None
        if pinned and self._handshakes & self.pending.keys():
            self.behind_handshake, self._held_size = [], 0
            self._hold(item)
            return []
        meta = _modern_meta(msg)
        if meta is not None and not pinned:
            self.identity_seen = True  # (no pin to compare it with: nothing to probe for)
        if meta is None and pinned and _unnamed(msg):
            return self._not_named(msg)
        if meta is None or self.identity_seen:
            return self._client_frame(item)
        # (fresh randomness, not the prefix of cordon's own questions to the client: a
        # server that learnt that prefix could send a form under the id of the next one)
        self.probe_id = f"cordon-discover-{secrets.token_hex(8)}"
        self.probe_held, self._held_size = [], 0
        self._hold(item)
        probe = {
            "jsonrpc": "2.0",
            "id": self.probe_id,
            "method": "server/discover",
            "params": {"_meta": {k: meta[k] for k in _PROBE_META if k in meta}},
        }
        why = "a 2026-07-28 request came before any handshake: the server is named first"
        return [
            self._record({"kind": "upstream", "event": "discover", "reason": why}),
            ToUpstream(orjson.dumps(probe)),
        ]

    def server_frame(self, item: bytes | Oversize) -> list[Action]:
        """One line from the upstream: the answer to cordon's discover is read here (it
        never reaches the client), as is a request under an id of cordon's own (refused);
        any other goes on (:meth:`UpstreamSide.server_frame`)."""
        acts = self._probe_answer(item) if self.probe_id is not None else None
        if acts is not None:
            return acts
        # (every server frame passes here: no set is made while no handshake is out)
        waiting = self._handshakes & self.pending.keys() if self._handshakes else None
        out: list[Action] = super().server_frame(item)  # type: ignore[misc]
        if waiting and isinstance(item, bytes) and not waiting <= self.pending.keys():
            self._handshake_answered(item, waiting - self.pending.keys())
        if self.behind_handshake is not None:  # (no copy of ``out`` on the common path)
            out += self._after_handshake()
        return out

    def _after_handshake(self) -> list[Action]:
        """The client's handshake was answered (or ended otherwise): the frames held behind
        it go on, in order, behind its check (the decisions they need are queued after the
        ``identity`` job its result started); unnamed, they meet the usual rules again (a
        probe, or a refusal)."""
        held = self.behind_handshake
        if held is None or self._handshakes & self.pending.keys():
            return []
        self.behind_handshake, self._held_size = None, 0
        out: list[Action] = []
        for frame in held:
            out += self.client_frame(frame)
        return out

    def _not_named(self, msg: dict[str, Any]) -> list[Action]:
        """A handshake-era request before any handshake result, with a pin file: refused,
        never forwarded (the server it would reach is not named yet)."""
        why = "a request before the server's initialize result (the server is not named yet)"
        text = f"cordon refused this request: {why}; send initialize first"
        frame = error_frame(plain_id(msg["id"]), INVALID_REQUEST, text)
        return [self._refuse("client", why), ToClient(frame)]

    def _handshake_answered(self, item: bytes, answered: frozenset[tuple[str, Any]]) -> None:
        """``item`` took the client's handshake requests ``answered`` out of the pending
        table: a result names the server (its check runs before it is delivered, ahead of
        every later decision); an error, or a frame refused as the answer, does not."""
        self._handshakes = frozenset(k for k in self._handshakes if k in self.pending)
        try:
            msg = parse_frame(item)
        except ProtocolError:
            return
        rid = msg.get("id")
        plain = plain_id(rid) is not None
        response = "method" not in msg and "error" not in msg  # (else refused as no answer)
        if plain and response and id_key(rid) in answered and isinstance(msg.get("result"), dict):
            self.identity_seen = True

    def _probe_answer(self, item: bytes | Oversize) -> list[Action] | None:
        """The actions for the upstream's answer to cordon's discover when ``item`` is it
        (also one cordon cannot read: over the size cap, unparseable, not a response, no
        result: the discover failed), else None."""
        assert self.probe_id is not None
        if isinstance(item, Oversize):
            if sniff_id(item.head, item.tail) != self.probe_id:
                return None
            over = self._refuse("server", "oversize", size=item.size)
            return [over, *self._probe_failed("its answer to server/discover is over the size cap")]
        if self.probe_id.encode() not in item:
            return None  # (no frame is parsed twice but the answer itself)
        try:
            msg = parse_frame(item)
        except ProtocolError as exc:
            if sniff_id(item[:4096], item[-4096:]) != self.probe_id:
                return None
            bad = self._refuse("server", str(exc))
            return [bad, *self._probe_failed("its answer to server/discover does not parse")]
        if msg.get("id") != self.probe_id:
            return None
        if "method" in msg:
            if "result" not in msg and "error" not in msg:
                return None  # (a request of the server's own under that id: not the answer)
            bad = self._refuse("server", "a message with both a method and a result or error")
            return [bad, *self._probe_failed("its answer to server/discover is no response")]
        result = msg.get("result")
        if not isinstance(result, dict):
            error = msg.get("error")
            code = error.get("code") if isinstance(error, dict) else None
            # (only the code: the message is the server's text, not cordon's to repeat)
            said = f"error {code}" if type(code) is int else "no result"
            return self._probe_failed(f"it answered server/discover with {said}")
        return self._check_probe(result, len(item))

    def _check_probe(self, result: dict[str, Any], size: int) -> list[Action]:
        """The discover's result is checked by an ``identity`` job; the held frames go on
        when it is done (or are refused, if the upstream went meanwhile and a later probe
        holds frames of its own: those wait for their own answer)."""
        self.probe_id = None  # (answered: no longer awaited, a second answer matches nothing)
        held = self.probe_held

        def done(changed: str | None, error: BaseException | None) -> list[Action]:
            acts: list[Action] = []
            if changed is not None:  # the server is shut off: the held frames are refused
                rec = {"kind": "pin", "rule": rules.PIN_SERVER_CHANGED, "reason": changed}
                acts += [Log(changed), self._record(rec)]
            if self.probe_held is not held:
                return acts  # (refused already, by the upstream's end)
            if error is not None:
                return self._probe_failed(f"its discover result could not be read ({error!r})")
            return acts + self._release()

        return self._enqueue(Job("identity", size, lambda: self.work.check_identity(result), done))

    def _own_id_request(self, msg: dict[str, Any]) -> list[Action] | None:
        """A server request under an id of cordon's own questions to the client is refused:
        the client's answer to it (a person's accept of the server's harmless form) would
        come back under that id and answer cordon's question. Those ids are unguessable;
        this is a second fence for a plain spelling of one. Read from the parsed frame
        (:meth:`UpstreamSide.server_frame`, before anything else is done with it), where a
        search of the raw frame for the prefix read every byte of a large result."""
        rid = msg.get("id")
        if not (isinstance(rid, str) and rid.startswith(self.own_prefix)) or "method" not in msg:
            return None
        why = "a server request under an id of cordon's own"
        frame = error_frame(rid, INVALID_REQUEST, f"cordon refused this request: {why}")
        acts: list[Action] = [self._refuse("server", why), Log(f"refused {why}"), ToUpstream(frame)]
        return self._put("upstream", acts)

    def _release(self) -> list[Action]:
        """The server is named: the held client frames go on, in order."""
        held = self.probe_held or []
        self.probe_id, self.probe_held, self.identity_seen = None, None, True
        self._held_size = 0
        out: list[Action] = []
        for frame in held:
            out += self.client_frame(frame)
        return out

    def _probe_failed(self, why: str) -> list[Action]:
        """cordon's discover failed: every held request is answered with an error and
        nothing is forwarded; the next request probes again. A held frame that is itself
        invalid (over the size cap, not JSON) gets the refusal it would have had."""
        held = self.probe_held or []
        self.probe_id, self.probe_held, self._held_size = None, None, 0
        message = (
            "cordon: the server could not be checked against its pinned identity before "
            f"this request ({why}); nothing was forwarded"
        )
        out: list[Action] = []
        refused: list[dict[str, Any]] = []  # (each request the record covers, by id)
        for frame in held:
            try:
                msg = parse_frame(frame) if isinstance(frame, bytes) else None
            except ProtocolError:
                msg = None
            if msg is None:  # (refused there, with its own reason: never forwarded)
                out += self._client_frame(frame)
            elif isinstance(msg.get("method"), str):
                params = msg.get("params")
                name = params.get("name") if isinstance(params, dict) else None
                refused.append({"id": msg.get("id"), "method": msg["method"]}
                               | ({"tool": name} if isinstance(name, str) else {}))  # fmt: skip
                if "id" in msg:
                    out.append(ToClient(error_frame(plain_id(msg["id"]), INTERNAL_ERROR, message)))
        record = self._refuse("server", f"identity unknown: {why}", requests=refused)
        return [record, Log(message), *out]

    def abandon_probe(self) -> list[Action]:
        """The client closed its end and cordon's discover is still unanswered after a
        while (:data:`cordon.proxy.transport.PROBE_EOF_S`), or the upstream was closed with
        the client's own handshake unanswered: the held frames are refused (recorded, never
        forwarded), so the proxy can end."""
        if self.behind_handshake is not None and self.probe_held is None:
            self.probe_held, self.behind_handshake = self.behind_handshake, None
        if self.probe_held is None:
            return []  # (answered meanwhile: the held frames went on, or are being checked)
        return self._probe_failed("the client closed its end before the server answered")

    # -- the end ------------------------------------------------------------------------
    def upstream_gone(self, why: str = "the upstream server exited") -> list[Action]:
        """The upstream exited (a process) or its session ended (a remote server: ``why``
        names the URL, the transport and the status or error): every request still pending,
        or held behind cordon's discover or the client's handshake, gets an error saying so."""
        if self.behind_handshake is not None and self.probe_held is None:
            # (held behind the handshake: refused as behind a failed discover)
            self.probe_held, self.behind_handshake = self.behind_handshake, None
        out = self._probe_failed("the upstream exited") if self.probe_held is not None else []
        out += [
            self._answer(p.id, error_frame(p.id, INTERNAL_ERROR, f"cordon: {why}"))
            for p in self.pending.values()
        ]
        self.pending.clear()
        return out

    def upstream_failed(self, id_: Any, message: str) -> list[Action]:
        """The upstream could not answer request ``id_`` (unreachable, refused, an HTTP error
        without a JSON-RPC body): the client gets a JSON-RPC error saying so, in the upstream
        lane (after what the server sent before, still being scanned). Nothing came from the
        server, so nothing is recorded. Empty when it was answered (or cancelled) already.
        For cordon's own discover, the requests held behind it are refused."""
        if self.probe_id is not None and id_ == self.probe_id:
            return self._probe_failed("the request failed")
        p = self.pending.pop(id_key(id_), None)
        if p is None:
            return []
        failed = self._put(
            "upstream", [self._answer(p.id, error_frame(p.id, INTERNAL_ERROR, message))]
        )
        return failed + self._after_handshake()
