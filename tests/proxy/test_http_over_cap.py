"""An answer over the size cap of ``cordon run --url`` keeps its first and last bytes, so
that the request its JSON-RPC id names is told (:func:`cordon.proxy.http_reading.over_cap`):
an SSE event's error carries them (``H1Error.cut``), a JSON body is an ``Oversize``. The
end to end case (an answer on the GET stream or another request's stream):
``tests/e2e/test_remote_answers_elsewhere.py``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from cordon.proxy.framing import Oversize, sniff_id
from cordon.proxy.h1 import KEEP, H1Error, sse_events
from cordon.proxy.http_reading import read_body


async def _chunks(*parts: bytes) -> AsyncIterator[bytes]:
    for p in parts:
        yield p


def _cut(*parts: bytes, cap: int) -> H1Error:
    async def go() -> None:
        async for _ in sse_events(_chunks(*parts), cap):
            pass

    with pytest.raises(H1Error) as info:
        asyncio.run(go())
    return info.value


@pytest.mark.parametrize("pieces", [1, 7, 300])
def test_an_event_over_the_cap_keeps_its_ends(pieces: int) -> None:
    """In one piece or many, the event's id at its start is in ``head``, and the last bytes
    read are ``tail``; ``size`` is past the cap."""
    body = b'data: {"jsonrpc":"2.0","id":42,"result":{"text":"' + b"x" * 50_000 + b"END"
    step = -(-len(body) // pieces)
    exc = _cut(*(body[i : i + step] for i in range(0, len(body), step)), cap=10_000)
    assert exc.kind == "size" and exc.cut is not None
    size, head, tail = exc.cut
    assert size > 10_000 and len(head) <= KEEP and len(tail) <= KEEP
    assert sniff_id(head, tail) == 42
    assert len(tail) == KEEP and tail in body  # (the last bytes of the part read)


def test_an_id_at_the_end_of_the_data_read_is_in_the_tail() -> None:
    """Data lines before the one still being read: the id of the last line is the tail's."""
    lines = b"data: " + b"y" * 9_000 + b'\ndata: "id": "late", ' + b"z" * 3_000
    exc = _cut(lines, cap=10_000)
    assert exc.cut is not None
    assert sniff_id(b"", exc.cut[2]) == "late"


class _Answer:
    def __init__(self, *parts: bytes) -> None:
        self.parts = parts

    async def aiter_bytes(self) -> AsyncIterator[bytes]:
        for p in self.parts:
            yield p


def _read(*parts: bytes, cap: int) -> bytes | Oversize:
    async def go() -> bytes | Oversize:
        go_on = asyncio.Event()
        go_on.set()
        return await read_body(_Answer(*parts), go_on, cap)

    return asyncio.run(go())


def test_a_json_body_over_the_cap_keeps_its_ends_from_the_first_piece() -> None:
    """A first piece already over the cap: its start is the head (the id a server writes
    first), the rest is not read."""
    body = b'{"jsonrpc":"2.0","id":"r-7","result":{"t":"' + b"x" * 70_000
    got = _read(body, b"never read", cap=4_096)
    assert isinstance(got, Oversize)
    assert got.head == body[:KEEP] and got.tail == body[-KEEP:] and got.size == len(body)
    assert sniff_id(got.head, got.tail) == "r-7"


def test_a_json_body_within_the_cap_is_read_whole() -> None:
    assert _read(b'{"a":', b"1}", cap=4_096) == b'{"a":1}'
    got = _read(b"a" * 3_000, b"b" * 3_000, cap=4_096)
    assert isinstance(got, Oversize)
    assert got.head == b"a" * 3_000 + b"b" * (KEEP - 3_000) and got.tail.endswith(b"b" * 3_000)
