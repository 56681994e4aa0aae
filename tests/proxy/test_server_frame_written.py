"""Known gaps, pinned as strict xfails: a server frame is relayed as the server wrote it unless
it breaks lines or carries a member JSON-RPC does not define, so a key written twice (parsers
keep different ones) reaches a client that keeps the first uninspected, and a frame nested
past orjson's writing depth (255 to 1024 levels) is relayed rather than refused."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest

from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _call, _core, _Work

#: known gap, see the reason
_NOT_REWRITTEN = "a server frame whose objects repeat a key is relayed as the server wrote it: writing every frame again from what was parsed raised the peak memory of a warn-mode notification flood past its bound (tests/e2e/test_deferred_redteam.py), and an exact check costs ~20 ms per MB on the event loop; mainstream client parsers (JavaScript, Python, Go) keep the last of two keys, as orjson does"


def _first_wins(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        out.setdefault(k, v)
    return out


@pytest.mark.xfail(strict=True, reason=_NOT_REWRITTEN)
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


@pytest.mark.xfail(strict=True, reason=_NOT_REWRITTEN)
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
