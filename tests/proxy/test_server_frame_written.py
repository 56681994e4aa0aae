"""Every server frame reaches the client written from what cordon parsed and inspected: a
key written twice (parsers keep different ones) reaches it once, as inspected; a frame too
deep to be written again is refused, its request answered with an error."""

from __future__ import annotations

import json
from typing import Any

import orjson

from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _call, _core, _Work


def _first_wins(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        out.setdefault(k, v)
    return out


def test_a_repeated_key_reaches_the_client_as_inspected() -> None:
    work = _Work()
    t = MemoryTransport(_core(work))
    t.from_client(_call(1, "read"))
    planted = b'{"content":[{"type":"text","text":"planted","text":"inspected"}]}'
    t.from_server(b'{"jsonrpc":"2.0","id":1,"result":' + planted + b',"result":' + planted + b"}")
    line = t.client[-1]
    assert json.loads(line, object_pairs_hook=_first_wins) == json.loads(line)
    assert orjson.loads(line)["result"]["content"][0]["text"] == "inspected"
    assert b"planted" not in line
    assert "record inspected" in work.log


def test_a_frame_too_deep_to_write_is_refused_and_its_request_answered() -> None:
    t = MemoryTransport(_core(_Work()))
    t.from_client(_call(1, "read"))
    deep = b'{"x":' * 300 + b"1" + b"}" * 300
    t.from_server(b'{"jsonrpc":"2.0","id":1,"result":{"content":[],"d":' + deep + b"}}")
    answer = orjson.loads(t.client[-1])
    assert answer["id"] == 1 and "depth cap" in answer["error"]["message"]
    note = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"d":' + deep + b"}}"
    t.from_server(note)
    assert len(t.client) == 1
