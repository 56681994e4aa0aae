"""With a pin file, nothing reaches a server before it is named by a handshake result
(:mod:`cordon.proxy.identity`): a request a client pipelines behind its own ``initialize`` or
``server/discover`` waits for that answer and is decided behind its check; a handshake-era
request with no handshake answered is refused (MCP lifecycle: only ``ping`` may come before
``initialize`` is answered). Driven through the in-memory transport."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tests.proxy.test_identity_probe import META, SERVER_INFO, _call, _pinned, _proxy


class Legacy:
    """A scripted handshake-era server calling itself ``name``; ``hold`` keeps the answer to
    ``initialize`` back until :meth:`answer_initialize` (``"error"``: answers it with one)."""

    def __init__(self, name: str, hold: bool = False) -> None:
        self.name = name
        self.hold = hold
        self.got: list[dict[str, Any]] = []
        self.init_id: Any = None

    def __call__(self, raw: bytes) -> list[bytes]:
        msg = orjson.loads(raw)
        self.got.append(msg)
        if "id" not in msg:
            return []
        if msg["method"] == "initialize":
            self.init_id = msg["id"]
            return [] if self.hold else [self.initialize_answer()]
        if msg["method"] in ("server/discover",):
            info = {SERVER_INFO: {"name": self.name, "version": "1"}}
            result: dict[str, Any] = {"capabilities": {"tools": {}}, "_meta": info}
        else:
            result = {"content": [{"type": "text", "text": "noted"}]}
        return [orjson.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result})]

    def initialize_answer(self, error: bool = False) -> bytes:
        if error:
            body: dict[str, Any] = {"error": {"code": -32602, "message": "unsupported"}}
        else:
            info = {"name": self.name, "version": "1"}
            body = {
                "result": {"protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": info}
            }
        return orjson.dumps({"jsonrpc": "2.0", "id": self.init_id, **body})

    def methods(self) -> list[str]:
        return [m.get("method", "?") for m in self.got]


INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "a"}},
}


def _legacy_call(rid: int, text: str = "hi") -> dict[str, Any]:
    params = {"name": "note", "arguments": {"text": text}}
    return {"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": params}


def _ids(t: Any) -> list[Any]:
    return [m.get("id") for m in t.messages()]


def test_a_call_pipelined_behind_initialize_waits_for_its_answer(tmp_path: Path) -> None:
    up = Legacy("notes-server", hold=True)
    core, t = _proxy(_pinned(tmp_path), up)
    t.from_client(INIT)
    t.from_client(_legacy_call(5, "a"))
    t.from_client({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {}})
    t.from_client(_legacy_call(6, "b"))
    assert up.methods() == ["initialize"]  # nothing else before the server is named
    assert core.backlog("client") > 0
    t.from_server(orjson.loads(up.initialize_answer()))
    assert up.methods() == ["initialize", "tools/call", "notifications/cancelled", "tools/call"]
    assert [m["params"]["arguments"]["text"] for m in up.got if m.get("id") in (5, 6)] == ["a", "b"]
    assert _ids(t) == [0, 5, 6]
    assert core.behind_handshake is None and core.backlog("client") == 0


def test_a_swapped_server_gets_no_pipelined_call(tmp_path: Path) -> None:
    up = Legacy("someone-else", hold=True)
    _, t = _proxy(_pinned(tmp_path), up)
    t.from_client(INIT)
    t.from_client(_legacy_call(5))
    t.from_server(orjson.loads(up.initialize_answer()))
    assert up.methods() == ["initialize"]  # the call never reached it
    answer = next(m for m in t.messages() if m.get("id") == 5)
    assert "pin.server_changed" in orjson.dumps(answer).decode()


def test_a_handshake_era_request_before_any_handshake_is_refused(tmp_path: Path) -> None:
    up = Legacy("notes-server")
    _, t = _proxy(_pinned(tmp_path), up)
    t.from_client(_legacy_call(5))
    t.from_client({"jsonrpc": "2.0", "id": 6, "method": "tools/list"})
    t.from_client({"jsonrpc": "2.0", "id": 7, "method": "ping"})
    assert up.methods() == ["ping"]  # (the one request MCP allows before initialize)
    refused = [m for m in t.messages() if m.get("id") in (5, 6)]
    assert [m["error"]["code"] for m in refused] == [-32600, -32600]
    assert "initialize" in refused[0]["error"]["message"]
    assert sum(r["kind"] == "frame_refused" for r in t.audit) == 2
    t.from_client(INIT)  # once named, requests go on
    t.from_client(_legacy_call(8))
    assert up.methods() == ["ping", "initialize", "tools/call"]


def test_without_a_pin_file_nothing_is_held_or_refused() -> None:
    up = Legacy("notes-server", hold=True)
    _, t = _proxy(None, up)
    t.from_client({"jsonrpc": "2.0", "id": 5, "method": "tools/list"})
    t.from_client(INIT)
    t.from_client({"jsonrpc": "2.0", "id": 6, "method": "tools/list"})
    assert up.methods() == ["tools/list", "initialize", "tools/list"]


def test_an_initialize_answered_with_an_error_names_nobody(tmp_path: Path) -> None:
    up = Legacy("notes-server", hold=True)
    _, t = _proxy(_pinned(tmp_path), up)
    t.from_client(INIT)
    t.from_client(_legacy_call(5))
    t.from_client(_call(6))  # a 2026-07-28 request: held behind a discover of cordon's own
    t.from_server(orjson.loads(up.initialize_answer(error=True)))
    assert up.methods() == ["initialize", "server/discover", "tools/call"]
    assert [m["id"] for m in up.got if m.get("method") == "tools/call"] == [6]
    refused = next(m for m in t.messages() if m.get("id") == 5)
    assert refused["error"]["code"] == -32600


def test_held_requests_are_answered_when_the_upstream_goes(tmp_path: Path) -> None:
    up = Legacy("notes-server", hold=True)
    core, t = _proxy(_pinned(tmp_path), up)
    t.from_client(INIT)
    t.from_client(_legacy_call(5))
    t.feed(core.upstream_gone())
    assert up.methods() == ["initialize"]
    assert sorted(m["id"] for m in t.messages() if "error" in m) == [0, 5]


def test_held_requests_go_on_when_the_handshake_request_fails(tmp_path: Path) -> None:
    """An HTTP upstream that cannot carry the handshake (refused, unreachable) ends it with
    an error of cordon's: the frames behind it meet the rules again (here refused)."""
    up = Legacy("notes-server", hold=True)
    core, t = _proxy(_pinned(tmp_path), up)
    t.from_client(INIT)
    t.from_client(_legacy_call(5))
    t.feed(core.upstream_failed(0, "cordon: HTTP 502"))
    assert up.methods() == ["initialize"]
    assert sorted(m["id"] for m in t.messages() if "error" in m) == [0, 5]
    assert core.behind_handshake is None


def test_a_2026_request_behind_the_clients_discover_is_not_probed_again(tmp_path: Path) -> None:
    up = Legacy("notes-server")
    _, t = _proxy(_pinned(tmp_path), up)
    t.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": META}}
    )
    t.from_client(_call(5))
    assert up.methods() == ["server/discover", "tools/call"]


def test_frames_held_behind_the_handshake_count_and_are_refused_when_abandoned(
    tmp_path: Path,
) -> None:
    up = Legacy("notes-server", hold=True)
    core, t = _proxy(_pinned(tmp_path), up)
    t.from_client(INIT)
    t.from_client(_legacy_call(5))
    t.from_client({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {}})
    assert core.waiting("client") == 2  # (counted against the frame cap, as bytes are)
    t.feed(core.abandon_probe())  # the client left; the upstream was closed unanswering
    assert up.methods() == ["initialize"]
    assert core.behind_handshake is None and core.waiting("client") == 0
    refused = [r for r in t.audit if r["kind"] == "frame_refused"]
    assert [(r["id"], r["method"]) for r in refused[0]["requests"]] == [
        (5, "tools/call"),
        (None, "notifications/cancelled"),
    ]
    assert next(m for m in t.messages() if m.get("id") == 5)["error"]["code"] == -32603
