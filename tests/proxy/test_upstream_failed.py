"""``ProxyCore.upstream_failed`` and ``awaiting``, what a transport uses to answer a request
whose upstream exchange ended without the response (``cordon run --url``): the error takes
its place in the upstream lane, so it never overtakes a frame the server sent before it, and
a request answered (or cancelled) already gets nothing more."""

from __future__ import annotations

import orjson

from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _call, _core, _ids, _result, _Work


def test_the_error_waits_behind_what_the_server_sent_before_it() -> None:
    """Block mode holds result 1 for its scan; the exchange of call 2 ends without an answer
    meanwhile: 2's error goes out after 1, not before."""
    core = _core(_Work(), mode="block")
    t = MemoryTransport(core, auto=False)
    t.from_client(_call(1, "read"))
    t.from_client(_call(2, "read"))
    t.run_jobs()
    t.from_server(_result(1, "held for its scan"))
    assert core.awaiting(2) and not core.awaiting(1)
    t.feed(core.upstream_failed(2, "cordon: the stream ended before the response"))
    assert t.client == [] and not core.awaiting(2)
    t.run_jobs()
    assert _ids(t.client) == [1, 2]
    assert "stream ended" in orjson.loads(t.client[1])["error"]["message"]


def test_a_request_answered_or_cancelled_gets_nothing_more() -> None:
    core = _core(_Work())
    t = MemoryTransport(core)
    t.from_client(_call(1, "read"))
    t.from_client(_call(2, "read"))
    t.from_server(_result(1, "done"))
    cancel = {"requestId": 2}
    t.from_client({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": cancel})
    assert not core.awaiting(1) and not core.awaiting(2)
    assert core.upstream_failed(1, "x") == [] and core.upstream_failed(2, "x") == []
    assert _ids(t.client) == [1]
