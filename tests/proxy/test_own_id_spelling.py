"""A server request under an id of cordon's own question is refused however the server
spells the id in JSON: the id is read from the parsed frame, as the client reads it (a JSON
escape in it, ``cordon\\u002d...``, is the same id to the client)."""

from __future__ import annotations

import orjson

from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _call as _legacy_call
from tests.proxy.test_core import _core, _Work


def _escaped(s: str) -> str:
    """``s`` as a JSON string literal with every ``-`` written as ``\\u002d``."""
    return '"' + s.replace("-", "\\u002d") + '"'


def test_an_escaped_spelling_of_cordons_own_id_is_refused() -> None:
    work = _Work()
    work.verdicts["send"] = "ask"
    core = _core(work, legacy_elicitation=True)
    t = MemoryTransport(core)
    t.from_client(_legacy_call(1, "send"))
    question = t.messages()[-1]
    assert question["method"] == "elicitation/create"
    own = question["id"]
    frame = (
        '{"jsonrpc":"2.0","id":' + _escaped(own) + ',"method":"elicitation/create",'
        '"params":{"message":"ok?","requestedSchema":{"type":"object","properties":{}}}}'
    ).encode()
    assert own.encode() not in frame and orjson.loads(frame)["id"] == own
    n = len(t.client)
    t.from_server(frame)
    assert len(t.client) == n  # never reaches the client
    refusal = orjson.loads(t.sent_upstream[-1])
    assert refusal["id"] == own and "error" in refusal
    assert t.audit[-1]["kind"] == "frame_refused"
