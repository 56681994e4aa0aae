"""A frame delivered before its recording needs the shared taint store's pending marker; when
the marker cannot be written, the stdio/HTTP transport sends the frame's ``withheld`` answer
instead and the audit log says so, after the ``content`` record of the frame's sanitising
(which says what was found, not what the client got)."""

from __future__ import annotations

from typing import Any

import orjson

from cordon.proxy.actions import Job, ToClient
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.transport import Transport


class _Store:
    def mark_pending(self) -> str:
        raise OSError(28, "No space left on device")


class _Out:
    def __init__(self) -> None:
        self.data: list[bytes] = []

    def write(self, b: bytes) -> None:
        self.data.append(b)

    def is_closing(self) -> bool:
        return False


class _Audit:
    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def write(self, record: dict[str, Any]) -> None:
        self.records.append(record)


class _Upstream:
    def reading(self, on: bool) -> None:
        pass


def _transport() -> tuple[Transport, _Out, _Audit]:
    core = ProxyCore(CoreConfig(server="s", session_id="sid"), object(), clock=lambda: 0.0)  # type: ignore[arg-type]
    audit = _Audit()
    t = Transport(core, _Upstream(), audit=audit, shared=_Store(), max_bytes=1 << 20)  # type: ignore[arg-type]
    out = _Out()
    t.out = out  # type: ignore[assignment]
    return t, out, audit


def test_an_uncoverable_frame_is_withheld_and_audited() -> None:
    t, out, audit = _transport()
    job = Job("record", 10, lambda: None, lambda r, e: [])
    withheld = b'{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"withheld"}}\n'
    t.feed([ToClient(b'{"jsonrpc":"2.0","id":7,"result":{}}', early=job, withheld=withheld, id=7)])
    assert out.data == [withheld]
    assert [(r["kind"], r["direction"], r["id"]) for r in audit.records] == [
        ("frame_refused", "server", 7)
    ]
    assert "unwritable" in audit.records[0]["reason"]


def test_an_uncoverable_notification_is_dropped_and_audited() -> None:
    t, out, audit = _transport()
    job = Job("record", 10, lambda: None, lambda r, e: [])
    note = orjson.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": {}})
    t.feed([ToClient(note, early=job)])
    assert out.data == []
    assert [r["kind"] for r in audit.records] == ["frame_refused"]
