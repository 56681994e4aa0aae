"""JSON-RPC validity through the real ``cordon run`` (issue 19): a request without
``"jsonrpc": "2.0"``, a request whose id is ``null`` (MCP forbids it) and a request that
reuses the id of one still in flight are each answered with -32600, audited as
``frame_refused``, and never forwarded; the session goes on.

The upstream is the mailbox server (mcp 2.x) behind a tap: a relay that appends every frame
it receives from cordon to a log before passing it on, and that holds the server's answer to a
``send_email`` whose subject is ``"hold"`` until a release file exists. The mail itself is sent
at once (it is in the outbox), so the request stays in flight for as long as the test wants.

"Never forwarded" is checked after a barrier: a later request that the upstream answers. The
pipe to the upstream is ordered, so a refused frame that cordon had forwarded would be in the
tap's log before the barrier's.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.conftest import Harness, mailbox_server
from tests.e2e import _raw
from tests.e2e._raw import MailboxRaw

pytestmark = [pytest.mark.e2e]

ME = "me@example.com"
OPS = "ops@example.com"
DUP = "dup@example.com"
AGAIN = "again@example.com"
NO_VERSION = "no-version@example.com"
NULL_ID = "null-id@example.com"
STRING_ID = "string-id@example.com"

# the tap: logs each frame from cordon, relays it to the server (argv[1:]); holds the server's
# answer to a send_email with subject "hold" until TAP_RELEASE exists
_TAP = r"""
import json, os, subprocess, sys, threading, time
LOG, RELEASE = os.environ["TAP_LOG"], os.environ["TAP_RELEASE"]
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out, lock, held = sys.stdout.buffer, threading.Lock(), set()
def emit(line):
    with lock:
        out.write(line)
        out.flush()
def release_later(line):
    while not os.path.exists(RELEASE):
        time.sleep(0.02)
    emit(line)
def pump():
    for line in child.stdout:
        try:
            msg = json.loads(line)
        except ValueError:
            msg = None
        key = json.dumps(msg.get("id")) if isinstance(msg, dict) and "method" not in msg else None
        if key is not None and key in held:
            held.discard(key)
            threading.Thread(target=release_later, args=(line,), daemon=True).start()
        else:
            emit(line)
reader = threading.Thread(target=pump, daemon=True)
reader.start()
for line in sys.stdin.buffer:
    with open(LOG, "ab") as fh:
        fh.write(line if line.endswith(b"\n") else line + b"\n")
    try:
        msg = json.loads(line)
        params = msg.get("params") or {}
        if (msg.get("method") == "tools/call" and params.get("name") == "send_email"
                and (params.get("arguments") or {}).get("subject") == "hold"):
            held.add(json.dumps(msg.get("id")))
    except (ValueError, AttributeError):
        pass
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
child.wait()
reader.join(5)
"""


class Tapped:
    """``cordon run`` in front of the tapped mailbox server; replies are read on a thread."""

    def __init__(self, harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
        tap = harness.tmp / "tap.py"
        tap.write_text(_TAP, "utf-8")
        self.log = harness.tmp / "upstream-frames.jsonl"
        self.release_file = harness.tmp / "release"
        self.box = harness.tmp / "box"
        self.box.mkdir()
        monkeypatch.setattr(
            _raw, "mailbox_server", lambda: [sys.executable, str(tap), *mailbox_server()]
        )
        policy = {
            "version": 1,
            "trusted_destinations": [ME, OPS, DUP, AGAIN, NO_VERSION, NULL_ID, STRING_ID],
        }
        env = {"TAP_LOG": str(self.log), "TAP_RELEASE": str(self.release_file)}
        self.raw = MailboxRaw(harness, self.box, policy=policy, env=env)  # initialize, tools/list
        self.frames: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.seen: list[dict[str, Any]] = []
        self.barriers = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.raw.proc.stdout is not None
        for line in self.raw.proc.stdout:
            self.frames.put(json.loads(line))
        self.frames.put(None)

    def send(self, msg: dict[str, Any]) -> None:
        self.raw.send(msg)

    def expect(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20) -> dict[str, Any]:
        """The next reply (not a request or notification) that ``pred`` accepts."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no matching reply; saw {self.seen}"
            try:
                msg = self.frames.get(timeout=left)
            except queue.Empty:
                continue
            assert msg is not None, f"cordon closed its stdout; saw {self.seen}"
            self.seen.append(msg)
            if "method" not in msg and pred(msg):
                return msg

    def reply_to(self, id_: Any) -> dict[str, Any]:
        return self.expect(lambda m: "id" in m and m["id"] == id_ and type(m["id"]) is type(id_))

    def barrier(self) -> None:
        """A ping the upstream answers: everything cordon forwarded before it is in the log."""
        self.barriers += 1
        id_ = f"barrier-{self.barriers}"
        self.send({"jsonrpc": "2.0", "id": id_, "method": "ping"})
        assert "result" in self.reply_to(id_)

    def upstream_saw(self) -> list[dict[str, Any]]:
        """Every frame the upstream received, in order."""
        if not self.log.exists():
            return []
        return [json.loads(x) for x in self.log.read_text("utf-8").splitlines() if x.strip()]

    def upstream_calls(self) -> list[dict[str, Any]]:
        return [f for f in self.upstream_saw() if f.get("method") == "tools/call"]

    def sent(self) -> list[str]:
        return self.raw.sent()

    def release(self) -> None:
        self.release_file.write_text("go", "utf-8")

    def close(self) -> int:
        return self.raw.close()


@pytest.fixture
def tapped(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> Iterator[Tapped]:
    t = Tapped(harness, monkeypatch)
    try:
        yield t
    finally:
        t.release()
        t.close()


def _send_email(id_: Any, to: str, subject: str = "hi", **frame: Any) -> dict[str, Any]:
    params = {"name": "send_email", "arguments": {"to": to, "subject": subject, "body": "hello"}}
    return {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params, **frame}


def _is_invalid_request(reply: dict[str, Any], why: str) -> None:
    assert "result" not in reply, reply
    assert reply["error"]["code"] == -32600, reply
    assert why in reply["error"]["message"], reply


def _works_afterwards(t: Tapped, id_: Any, to: str) -> None:
    """The session goes on: a later valid send_email is forwarded and sends its mail."""
    before = len(t.sent())
    t.send(_send_email(id_, to))
    reply = t.reply_to(id_)
    assert "result" in reply and reply["result"].get("isError") is not True, reply
    assert f"sent to {to}" in json.dumps(reply["result"]), reply
    assert t.sent()[before:] == [to]


def _refusals(harness: Harness) -> list[dict[str, Any]]:
    return harness.records("frame_refused")


@pytest.mark.requirement("inv:fail-closed")
def test_a_request_without_jsonrpc_is_refused_and_never_forwarded(
    harness: Harness, tapped: Tapped
) -> None:
    frame = _send_email(50, NO_VERSION)
    del frame["jsonrpc"]
    tapped.send(frame)
    _is_invalid_request(tapped.reply_to(50), '"jsonrpc": "2.0"')
    tapped.barrier()
    assert not any(NO_VERSION in json.dumps(f) for f in tapped.upstream_saw())
    assert tapped.sent() == []
    # "jsonrpc": "1.0" is no better
    tapped.send(_send_email(51, NO_VERSION, jsonrpc="1.0"))
    _is_invalid_request(tapped.reply_to(51), '"jsonrpc": "2.0"')
    tapped.barrier()
    assert not any(NO_VERSION in json.dumps(f) for f in tapped.upstream_saw())
    assert tapped.sent() == []
    _works_afterwards(tapped, 52, ME)
    assert tapped.close() == 0
    refused = _refusals(harness)
    assert len(refused) == 2, harness.records()
    assert all(r["direction"] == "client" and "jsonrpc" in r["reason"] for r in refused)
    # no verdict for the refused calls: they never reached the checks
    assert not any(
        NO_VERSION in json.dumps(r) for r in harness.records() if r["kind"] != "frame_refused"
    )


@pytest.mark.requirement("inv:fail-closed")
def test_a_request_with_a_null_id_is_refused_and_never_forwarded(
    harness: Harness, tapped: Tapped
) -> None:
    tapped.send(_send_email(None, NULL_ID))
    reply = tapped.expect(lambda m: m.get("id", "absent") is None)
    _is_invalid_request(reply, "null")
    tapped.barrier()
    assert not any(NULL_ID in json.dumps(f) for f in tapped.upstream_saw())
    assert not any(f.get("id", "absent") is None for f in tapped.upstream_saw())
    assert tapped.sent() == []
    _works_afterwards(tapped, 60, ME)
    assert tapped.close() == 0
    (refused,) = _refusals(harness)
    assert refused["direction"] == "client" and "null" in refused["reason"]


@pytest.mark.requirement("inv:fail-closed")
def test_a_request_reusing_an_id_in_flight_is_refused_and_the_id_is_free_once_answered(
    harness: Harness, tapped: Tapped
) -> None:
    tapped.send(_send_email(7, ME, subject="hold"))
    deadline = time.monotonic() + 20
    while tapped.sent() != [ME]:  # the mail is sent; its answer is held by the tap
        assert time.monotonic() < deadline, tapped.seen
        time.sleep(0.02)
    tapped.send(_send_email(7, DUP))
    _is_invalid_request(tapped.reply_to(7), "in flight")
    tapped.barrier()
    assert [f["params"]["arguments"]["to"] for f in tapped.upstream_calls()] == [ME]
    assert tapped.sent() == [ME]  # exactly one mail
    # the session goes on while the first call is still in flight
    _works_afterwards(tapped, 8, OPS)
    # the first call is answered: its id is free again
    tapped.release()
    first = tapped.reply_to(7)
    assert f"sent to {ME}" in json.dumps(first["result"]), first
    tapped.send(_send_email(7, AGAIN))
    again = tapped.reply_to(7)
    assert f"sent to {AGAIN}" in json.dumps(again["result"]), again
    assert tapped.sent() == [ME, OPS, AGAIN]
    assert [f["params"]["arguments"]["to"] for f in tapped.upstream_calls()] == [ME, OPS, AGAIN]
    assert not any(DUP in json.dumps(f) for f in tapped.upstream_saw())
    assert tapped.close() == 0
    (refused,) = _refusals(harness)
    assert refused["direction"] == "client" and "in flight" in refused["reason"]


@pytest.mark.requirement("inv:fail-closed")
@pytest.mark.parametrize(
    ("held", "reused"),
    [(7, "7"), ("7", 7), (7, 7.0)],
    ids=["int-then-string", "string-then-int", "int-then-float"],
)
def test_ids_that_clients_match_as_one_are_one_id_in_flight(
    harness: Harness, tapped: Tapped, held: Any, reused: Any
) -> None:
    tapped.send(_send_email(held, ME, subject="hold"))
    deadline = time.monotonic() + 20
    while tapped.sent() != [ME]:
        assert time.monotonic() < deadline, tapped.seen
        time.sleep(0.02)
    tapped.send(_send_email(reused, STRING_ID))
    reply = tapped.expect(lambda m: "error" in m)
    assert reply["id"] == reused and type(reply["id"]) is type(reused), reply
    _is_invalid_request(reply, "in flight")
    tapped.barrier()
    assert not any(STRING_ID in json.dumps(f) for f in tapped.upstream_saw())
    assert tapped.sent() == [ME]
    _works_afterwards(tapped, 9, OPS)
    tapped.release()
    first = tapped.reply_to(held)
    assert f"sent to {ME}" in json.dumps(first["result"]), first
    assert tapped.close() == 0
    (refused,) = _refusals(harness)
    assert refused["direction"] == "client" and "in flight" in refused["reason"]
