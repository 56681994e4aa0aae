"""What a server sends on its own (a log line, a progress message, a resource update, a
request cordon does not know) reaches the client without ANSI escapes in every content mode,
as a tools/list does: a client prints log and progress messages to its user's terminal,
where ``ESC [2J`` clears the screen and ``ESC [8m`` hides the words after it."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest

from cordon.content._ansi import ANSI_HINT, TERMINAL_RE
from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _core, _Work

#: each notification, and the text the client must see in it (its words, no escape)
NOTICES: list[tuple[dict[str, Any], list[str]]] = [
    (
        {
            "method": "notifications/message",
            "params": {"level": "info", "data": "\x1b[31mok\x1b[0m"},
        },
        ["ok"],
    ),
    (
        {
            "method": "notifications/progress",
            "params": {"progressToken": 1, "progress": 0.5, "message": "\x9b2Jhalf way"},
        },
        ["half way"],
    ),
    (
        {
            "method": "notifications/resources/updated",
            "params": {"uri": "notes://a\x1b]8;;http://x.example\x07b"},
        },
        ["notes://ab"],
    ),
    (
        {"method": "x/custom", "params": {"deep": [{"k\x1b[1m": "v\x9dhidden\x07 w"}]}},
        ["k", "v w"],
    ),
]


#: the notices whose escape conceals (``ESC [2J`` clears the screen, OSC 8 hides a link's
#: target): a finding at high
CONCEALING = {"notifications/progress", "notifications/resources/updated"}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("mode", ["monitor", "warn", "block"])
@pytest.mark.parametrize(("notice", "words"), NOTICES, ids=[n["method"] for n, _ in NOTICES])
def test_a_notification_loses_its_escapes_in_every_mode(
    mode: str, notice: dict[str, Any], words: list[str]
) -> None:
    work = _Work()
    t = MemoryTransport(_core(work, mode=mode))
    t.from_server({"jsonrpc": "2.0", **notice})
    if mode == "block" and notice["method"] in CONCEALING:
        # block mode is warn plus a threshold: a screen clear or a hidden hyperlink is
        # obf.ansi_concealment, at the default block_at (high): dropped, not delivered
        assert t.client == []
        (rec,) = [r for r in t.audit if r["kind"] == "content"]
        assert rec["action"] == "drop" and "obf.ansi_concealment" in rec["rules"]
        return
    (frame,) = t.client
    got = orjson.loads(frame)
    shown = _strings(got["params"])
    assert not any(ANSI_HINT.search(s) for s in shown), shown
    assert all(any(w in s for s in shown) for w in words), shown
    assert got["method"] == notice["method"]


@pytest.mark.parametrize("mode", ["monitor", "block"])
def test_a_notification_without_escapes_goes_out_as_the_bytes_sent(mode: str) -> None:
    """No escape introducer in the frame (a literal backslash-u text included): the very
    bytes go out, nothing parsed again or rebuilt."""
    raw = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"C:\\\\u0041 ok"}}'
    t = MemoryTransport(_core(_Work(), mode=mode))
    t.from_server(raw)
    assert t.client == [raw]


def test_a_server_request_cordon_does_not_know_keeps_its_id() -> None:
    """A server request of a method cordon does not know is delivered (monitor mode)
    without the escapes in its params, under the id the server gave it (its answer must
    match)."""
    t = MemoryTransport(_core(_Work(), mode="monitor"))
    rid = "r\x1b[2J1"
    t.from_server({"jsonrpc": "2.0", "id": rid, "method": "x/ask", "params": {"q": "\x1b[8mhi"}})
    (frame,) = t.client
    got = orjson.loads(frame)
    assert got["id"] == rid and got["params"] == {"q": "hi"}


@pytest.mark.parametrize("mode", ["monitor", "warn", "block"])
def test_a_method_with_an_escape_is_dropped(mode: str) -> None:
    """No MCP method carries an escape; a client that logs an unknown method prints it.
    Removing the escape could turn it into a method the client knows: dropped, audited."""
    t = MemoryTransport(_core(_Work(), mode=mode))
    t.from_server({"jsonrpc": "2.0", "method": "notifications/\x1b[2Jmessage"})
    t.from_server({"jsonrpc": "2.0", "method": "x\x9b1m", "params": {"data": "x"}})
    assert t.client == []
    refused = [r for r in t.audit if r["kind"] == "frame_refused"]
    assert len(refused) == 2 and all("terminal escape" in r["reason"] for r in refused)


def test_the_session_records_the_notification_as_the_server_sent_it() -> None:
    """What is recorded (scanned, its destinations tainted) is the notification as sent:
    stripping is for the terminal, not for the record."""
    seen: list[Any] = []

    class _Seeing(_Work):
        def scan_notification(self, params: Any, evaluation: Any = None) -> Any:
            seen.append(params)
            return super().scan_notification(params, evaluation)

    t = MemoryTransport(_core(_Seeing(), mode="monitor"))
    t.from_server(
        {"jsonrpc": "2.0", "method": "notifications/message", "params": {"data": "\x1b[1mx"}}
    )
    assert seen == [{"data": "\x1b[1mx"}]
    assert orjson.loads(t.client[0])["params"] == {"data": "x"}


#: every character ``TERMINAL_RE`` acts on between two letters (a C0 control but tab, line
#: and form feed; a carriage return inside a line; DEL; every C1 control; ESC, CSI and OSC
#: take the letter after them). monitor mode walks a notification only when its bytes hold an
#: introducer of one (``server_messages._INTRODUCERS``): this list and that pattern must move
#: together
REMOVED = [c for c in map(chr, range(0xA0)) if TERMINAL_RE.sub("", f"a{c}b") != f"a{c}b"]


def _json_spellings(msg: dict[str, Any]) -> list[bytes]:
    """``msg`` as servers write it: orjson and JavaScript (C0 as ``\\u00XX``/``\\b``/``\\r``,
    DEL and C1 raw), Python's json with ``ensure_ascii`` (C1 as ``\\u0080``) and without."""
    return [
        orjson.dumps(msg),
        json.dumps(msg).encode(),
        json.dumps(msg, ensure_ascii=False).encode(),
    ]


@pytest.mark.parametrize("char", REMOVED, ids=[f"U+{ord(c):04X}" for c in REMOVED])
def test_monitor_mode_finds_every_terminal_control_in_every_json_spelling(char: str) -> None:
    """A log line holding any control warn mode strips reaches the client without it in
    monitor mode too, however the server's JSON library spelled it."""
    assert len(REMOVED) == 62  # (the 32 C0 controls but tab, LF, FF; DEL; the 32 C1)
    msg = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"data": f"a{char}b"}}
    for raw in _json_spellings(msg):
        t = MemoryTransport(_core(_Work(), mode="monitor"))
        t.from_server(raw)
        (frame,) = t.client
        shown = orjson.loads(frame)["params"]["data"]
        assert shown == TERMINAL_RE.sub("", f"a{char}b") and char not in shown, raw
