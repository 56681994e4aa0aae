"""A client frame holding an integer orjson would read as a float is refused (-32600).

orjson reads an integer literal outside ``[-2**63, 2**64 - 1]`` as a float, while a server
that parses the digits exactly runs with the integer: cordon's checks would judge another
value than the one that runs (parse differential)."""

from __future__ import annotations

import json
import random
import re

import orjson
import pytest

from cordon._exceptions import ProtocolError
from cordon.proxy import framing
from cordon.proxy.framing import INVALID_REQUEST, check_exact_ints, parse_frame

_OUT = [
    b'{"n": 123456789012345678901234567890}',
    b'{"n": -9223372036854775809}',
    b'{"n": 18446744073709551616}',
    b'{"a": [1, {"b": -100000000000000000000000}]}',
    b'{"jsonrpc": "2.0", "id": 1, "method": "x", "params": {"n": 1' + b"0" * 300 + b"}}",
]
_IN = [
    b'{"n": 9223372036854775807, "m": -9223372036854775808}',
    b'{"n": 18446744073709551615}',
    b'{"card": "4111111111111111111111", "n": 1.2345678901234567890123}',  # (a string, a float)
    b'{"n": 1e30, "m": 12345678901234567890.5}',
    b'{"n": 1}',
]


@pytest.mark.parametrize("line", _OUT)
def test_an_integer_orjson_reads_inexactly_is_refused(line: bytes) -> None:
    assert any(type(x) is float for x in _numbers(orjson.loads(line)))  # the differential
    parse_frame(line)  # (orjson reads it)
    with pytest.raises(ProtocolError) as err:
        check_exact_ints(line)
    assert err.value.code == INVALID_REQUEST


@pytest.mark.parametrize("line", _IN)
def test_what_orjson_reads_exactly_passes(line: bytes) -> None:
    assert orjson.loads(line) == json.loads(line)
    check_exact_ints(line)


def _numbers(v: object) -> list[object]:
    if isinstance(v, dict):
        return [x for item in v.values() for x in _numbers(item)]
    if isinstance(v, list):
        return [x for item in v for x in _numbers(item)]
    return [v]


def test_the_digit_scan_finds_a_run_of_19_exactly_where_a_regex_does() -> None:
    rng = random.Random(23)
    alphabet = b'0123456789 -.e"x\xe9'
    for _ in range(5000):
        line = bytes(rng.choice(alphabet) for _ in range(rng.randrange(0, 80)))
        want = re.search(rb"[0-9]{19}", line) is not None
        assert (framing._LONG_DIGITS in line.translate(framing._DIGITS_AS_ZEROS)) == want, line
