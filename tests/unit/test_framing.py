from __future__ import annotations

import pytest

from cordon._exceptions import DuplicateKeyError, FramingError, OversizeError
from cordon.proxy.framing import (
    LineSplitter,
    Oversize,
    check_depth,
    check_duplicate_keys,
    parse_frame,
    sniff_id,
)


@pytest.mark.parametrize(
    ("line", "dup"),
    [
        (b'{"a":1,"b":{"c":2}}', False),
        (b'{"a":1,"a":2}', True),
        (b'{"a":1, "a" :2}', True),
        (b'{"name":"x","n\\u0061me":"y"}', True),  # same key, spelled with an escape
        (b'{"a":{"x":1},"b":{"x":1}}', False),  # same key in two objects is fine
        (b'{"a":{"x":1,"x":2}}', True),
        (b'{"a":"\\"x\\":1","x":2}', False),  # a key-like text inside a string value
        (b'{"a":[{"k":1},{"k":2,"k":3}]}', True),
        (b'{"a":"x\\\\","b":1}', False),
        (b'{"a":"http://x:1","a":2}', True),  # colons in a value: the exact parse decides
        (b'{"a":"http://x:1","b":[{"c":{}},[]]}', False),
        (b'{"p":{"a":1,"a":1},"q":"::"}', True),
    ],
)
@pytest.mark.parametrize("with_parsed", [False, True])
def test_duplicate_keys(line: bytes, dup: bool, with_parsed: bool) -> None:
    parsed = parse_frame(line) if with_parsed else None
    if dup:
        with pytest.raises(DuplicateKeyError):
            check_duplicate_keys(line, parsed)
    else:
        check_duplicate_keys(line, parsed)


def test_parse_frame_errors() -> None:
    with pytest.raises(FramingError) as e:
        parse_frame(b"[1]")
    assert e.value.code == -32600
    with pytest.raises(FramingError) as e:
        parse_frame(b'{"a":')
    assert e.value.code == -32700
    with pytest.raises(FramingError) as e:
        parse_frame(b'{"a":"\xff"}')
    assert e.value.code == -32700 and "UTF-8" in str(e.value)
    with pytest.raises(FramingError):
        parse_frame(b'"just a string"')


def test_depth_cap() -> None:
    deep: object = 1
    for _ in range(10):
        deep = [deep]
    check_depth(deep, 10)  # ten nested arrays
    with pytest.raises(OversizeError):
        check_depth(deep, 9)


def test_splitter_caps_and_keeps_ids() -> None:
    sp = LineSplitter(20)
    out = sp.feed(b'{"id":1}\n' + b'{"id":7,"pad":"' + b"x" * 40 + b'"}\n{"id":2}')
    assert out[0] == b'{"id":1}' and isinstance(out[1], Oversize)
    assert sniff_id(out[1].head, out[1].tail) == 7
    assert sp.end() == [b'{"id":2}']
    tail_id = Oversize(
        size=99, head=b'{"result":{"x":"' + b"y" * 10, tail=b'"},"jsonrpc":"2.0","id":"abc"}'
    )
    assert sniff_id(tail_id.head, tail_id.tail) == "abc"
