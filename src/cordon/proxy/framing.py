"""Newline-delimited JSON-RPC framing that fails closed.

MCP's stdio transport sends one JSON-RPC message per line (spec: basic/transports, stdio).
cordon accepts exactly one JSON object per line and refuses, with a JSON-RPC error and
without forwarding:

- a JSON array (a batch; removed from MCP in 2025-06-18): ``-32600``;
- malformed JSON or invalid UTF-8: ``-32700``;
- a line over the size cap (default 16 MiB) or an object nested deeper than the depth cap:
  ``-32600`` with a message naming the cap;
- an object with a duplicate key, anywhere in a client message (request, notification or
  response): ``-32600``;
- an integer outside ``[-2**63, 2**64 - 1]``, anywhere in a client message: ``-32600``
  (:func:`check_exact_ints`).

None of these ends the session.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import orjson

from cordon._exceptions import DuplicateKeyError, FramingError, OversizeError

DEFAULT_MAX_BYTES = 16 * 1024 * 1024
DEFAULT_MAX_DEPTH = 64

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603

#: a line feed and a carriage return as byte values: ``LF in frame`` is one ``memchr``, where
#: ``b"\n" in frame`` first tries its needle as an integer and raises and clears a TypeError
#: (its message formatted) on every test: about 60 times the cost on a short frame
LF, CR = 0x0A, 0x0D


@dataclass(frozen=True, slots=True)
class Oversize:
    """Marker yielded in place of a line that exceeded the cap; ``head`` and ``tail`` are its
    first and last bytes (a JSON-RPC ``id`` may sit at either end)."""

    size: int
    head: bytes
    tail: bytes = b""


_KEEP = 4096
#: pieces of a line shorter than this are gathered in one buffer (:class:`LineSplitter`)
_SMALL_PIECE = 4096


class LineSplitter:
    """Incremental newline splitter with a size cap, fed chunk by chunk.

    ``feed(chunk)`` returns the complete lines (without the newline; empty lines skipped) and
    ``Oversize`` markers for lines over ``max_bytes``, which are discarded up to their
    newline. ``end()`` returns what is left when the stream closes. Each byte is looked at
    once (``bytes.find``), so a 10 MB line costs one scan.
    """

    __slots__ = ("max_bytes", "parts", "size", "discarding", "head", "tail")

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.parts: list[bytes | bytearray] = []
        self.size = 0
        self.discarding = False
        self.head = self.tail = b""

    def feed(self, chunk: bytes) -> list[bytes | Oversize]:
        if (
            not self.parts
            and not self.discarding
            and chunk.find(b"\n") == len(chunk) - 1
            and len(chunk) <= self.max_bytes
        ):
            # the common case: exactly one whole line, nothing buffered
            line = chunk[:-1]
            return [line] if line.strip() else []
        out: list[bytes | Oversize] = []
        start = 0
        while True:
            nl = chunk.find(b"\n", start)
            piece = chunk[start:] if nl < 0 else chunk[start:nl]
            if not self.discarding and self.size + len(piece) > self.max_bytes:
                self.discarding = True
                self.head = (b"".join(self.parts) + piece[:_KEEP])[:_KEEP]
                self.parts = []
            if self.discarding:
                self.size += len(piece)
                self.tail = (self.tail + piece[-_KEEP:])[-_KEEP:]
            elif piece:
                if len(piece) >= _SMALL_PIECE:
                    self.parts.append(piece)
                elif self.parts and type(self.parts[-1]) is bytearray:
                    self.parts[-1] += piece  # (a peer trickling bytes: one buffer, not
                else:  # ~40 bytes of object per piece against a cap that counts bytes)
                    self.parts.append(bytearray(piece))
                self.size += len(piece)
            if nl < 0:
                return out
            start = nl + 1
            if self.discarding:
                out.append(Oversize(self.size, self.head, self.tail))
            elif self.parts:
                first = self.parts[0]
                if len(self.parts) > 1 or type(first) is bytearray:
                    first = b"".join(self.parts)
                if first.strip():
                    out.append(bytes(first))
            self.parts, self.size, self.discarding, self.head, self.tail = [], 0, False, b"", b""

    def end(self) -> list[bytes | Oversize]:
        if self.discarding:
            return [Oversize(self.size, self.head, self.tail)]
        line = b"".join(self.parts)
        self.parts, self.size = [], 0
        return [line] if line.strip() else []


def parse_frame(line: bytes) -> dict[str, Any]:
    """Parse one line into a JSON object.

    Raises:
        FramingError: malformed JSON or invalid UTF-8 (code -32700), or not an object,
            e.g. a batch array (code -32600).
    """
    try:
        msg = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            raise FramingError("invalid UTF-8 in message", code=PARSE_ERROR) from exc
        why = str(exc).lower()
        if "recursion" in why or "depth limit" in why:  # orjson stops at 1024 levels
            raise OversizeError(
                "message nested deeper than the depth cap", code=INVALID_REQUEST
            ) from exc
        raise FramingError("parse error: not valid JSON", code=PARSE_ERROR) from exc
    if isinstance(msg, list):
        raise FramingError(
            "JSON-RPC batches are not supported (removed in MCP 2025-06-18)", code=INVALID_REQUEST
        )
    if not isinstance(msg, dict):
        raise FramingError("a JSON-RPC message must be a JSON object", code=INVALID_REQUEST)
    return msg


def may_exceed_depth(line: bytes, max_depth: int) -> bool:
    """False when ``line`` has too few brackets to nest deeper than ``max_depth`` (so the
    common message skips the walk in :func:`check_depth`): True exactly when it holds more
    than ``max_depth`` of ``{`` and ``[`` together. On a long line the brackets are found
    with ``bytes.find`` (memchr), which stops at the bracket that decides it: 0.35 ms on a
    10 MB result, where two ``bytes.count`` passes took 6 ms."""
    if len(line) < 65536:  # two C counts: cheaper than the loop below on a short line
        return line.count(b"{") + line.count(b"[") > max_depth
    left = max_depth + 1
    find = line.find
    for ch in (b"{", b"["):
        i = find(ch)
        while i >= 0:
            left -= 1
            if not left:
                return True
            i = find(ch, i + 1)
    return False


def check_depth(value: Any, max_depth: int) -> None:
    """Raise ``OversizeError`` when ``value`` nests deeper than ``max_depth`` (iterative)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if d > max_depth:
            raise OversizeError(
                f"message nested deeper than the depth cap ({max_depth})", code=INVALID_REQUEST
            )
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values() if isinstance(x, (dict, list)))
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v if isinstance(x, (dict, list)))


def _no_dupes(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise DuplicateKeyError(f"duplicate key {k!r} in message", code=INVALID_REQUEST)
        out[k] = v
    return out


# Every JSON string literal, left to right, and whether a colon follows it (a key). Matching
# every string, not only keys, keeps the scan aligned: a pattern for keys alone can start at a
# value's closing quote and swallow the next key (``"v",":":1`` hid a repeated ``":"``).
_STRING_TOKEN = re.compile(rb'"([^"\\]*(?:\\.[^"\\]*)*)"(\s*:)?')


def _members(value: Any) -> int:
    """The number of object members in a parsed JSON value (iterative)."""
    n = 0
    stack = [value]
    while stack:
        v = stack.pop()
        if type(v) is dict:
            n += len(v)
            v = v.values()
        elif type(v) is not list:
            continue
        for x in v:
            if type(x) is dict or type(x) is list:
                stack.append(x)
    return n


def check_duplicate_keys(line: bytes, parsed: Any = None) -> None:
    """Raise ``DuplicateKeyError`` when any object in ``line`` repeats a key.

    Parsers disagree on which duplicate wins, so a checked value could differ from the one
    the server acts on (pipelock: dupkey envelope). Used on every client message.

    Fast paths, each exact:

    1. ``parsed`` (``line`` as :func:`parse_frame` returned it): in valid JSON every member
       of an object is followed by exactly one ``:`` outside strings, so the colons in
       ``line`` are at least its members, and the parsed objects hold at most as many
       members (a repeated key collapses). When the colon count equals the parsed member
       count, no key can repeat.
    2. When every key token in the raw bytes (a string literal followed by a colon) is
       distinct and unescaped, no object can repeat a key.

    Otherwise the exact (slower) parse decides.
    """
    if parsed is not None and line.count(b":") == _members(parsed):
        return
    tokens = [t for t, colon in _STRING_TOKEN.findall(line) if colon]
    if len(set(tokens)) == len(tokens) and not any(b"\\" in t for t in tokens):
        return
    json.loads(line, object_pairs_hook=_no_dupes)


class InexactIntError(FramingError):
    """A client message holds an integer orjson does not read exactly."""


# Parse differential: orjson reads an integer literal outside [-2**63, 2**64 - 1] as a float
# (1.2345678901234568e+29 for a 30-digit literal), while a server that parses the digits
# exactly (Python's json, pydantic) runs with the integer: every check (argument caps, budgets,
# the registered-secret match) would judge a value other than the one that runs. Any such
# literal has at least 19 digits, so a frame without a run of 19 is read exactly as it is.
# The run is found as 19 zeros in the frame with every digit made 0 and every other byte a
# space: two C passes, 0.7 ms per MB where re.search(rb"\d{19}") took 12 (it tries each
# position), 0.7 us on a 733-byte call where it took 8.
_DIGITS_AS_ZEROS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_DIGITS = b"0" * 19


def _exact_int(text: str) -> int:
    """``json.loads``'s ``parse_int``: ``int(text)``, refused outside what orjson reads exactly."""
    # (JSON has no leading zeros: over 20 digits is out of range, and int() is never slow)
    if len(text) - text.startswith("-") > 20 or not -(2**63) <= int(text) < 2**64:
        raise InexactIntError("an integer outside the 64-bit range", code=INVALID_REQUEST)
    return int(text)


def check_exact_ints(line: bytes) -> None:
    """Raise ``InexactIntError`` when ``line`` (a frame :func:`parse_frame` read) holds an
    integer literal orjson read as a float (:data:`_LONG_DIGITS`).

    Refused rather than re-read exactly: cordon writes a client message back out with orjson
    (the audit record of its arguments, a call's anchored paths, an approved retry), and
    orjson cannot write such an integer, so the value checked could not be the value
    recorded and forwarded. A client rarely sends one: JavaScript clients cannot hold one.
    The digits are looked for first (two C passes), so only a frame with a run of 19 pays for
    the exact parse."""
    # (``find``, not ``in``: no TypeError raised and cleared on every frame, as :data:`LF`)
    if line.translate(_DIGITS_AS_ZEROS).find(_LONG_DIGITS) < 0:
        return
    try:
        json.loads(line, parse_int=_exact_int)
    except (ValueError, RecursionError) as exc:  # (orjson read it: fail closed all the same)
        raise InexactIntError("a message cordon cannot read exactly", code=INVALID_REQUEST) from exc


_ID_RE = re.compile(rb'"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,20})')


def sniff_id(head: bytes, tail: bytes = b"") -> Any:
    """Best-effort id of an unparseable (oversized) frame, from its first or last bytes."""
    m = _ID_RE.search(head) or _ID_RE.search(tail)
    if not m:
        return None
    try:
        return orjson.loads(m.group(1))
    except orjson.JSONDecodeError:
        return None


def error_frame(id_: Any, code: int, message: str, data: Any = None) -> bytes:
    err: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    return orjson.dumps({"jsonrpc": "2.0", "id": id_, "error": err}) + b"\n"


def result_frame(id_: Any, result: dict[str, Any]) -> bytes:
    return orjson.dumps({"jsonrpc": "2.0", "id": id_, "result": result}) + b"\n"


def frame_tail(**member: Any) -> bytes:
    """What follows the id in a frame whose one other member (``result=...`` or
    ``error=...``) is the same for every request: serialised once, for :func:`id_frame`."""
    ((key, value),) = member.items()
    return b',"%s":%s}\n' % (key.encode("ascii"), orjson.dumps(value))


def id_frame(id_: Any, tail: bytes) -> bytes:
    """The frame :func:`result_frame` or :func:`error_frame` gives for request ``id_`` and the
    member serialised in ``tail`` (:func:`frame_tail`), byte for byte, serialising only the
    id: for the answers made ready with every call or result in case the audit log or the
    shared taint store cannot be written, and almost never sent."""
    return b'{"jsonrpc":"2.0","id":' + orjson.dumps(id_) + tail


def blocked_result(
    rule: str, reason: str, extra: str = "", *, modern: bool = True
) -> dict[str, Any]:
    """The CallToolResult cordon returns for a call it did not forward: ``isError`` and one
    text item ``[cordon blocked] <reason> (rule: <rule>)``. ``modern``: the request was a
    2026-07-28 one, whose results carry ``resultType`` (``"complete"``); a result to a
    request of the ``initialize`` era has no such field (its schema does not define one)."""
    text = f"[cordon blocked] {reason} (rule: {rule})"
    if extra:
        text += f"\n{extra}"
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}], "isError": True}
    if modern:
        result["resultType"] = "complete"
    return result


def plain_id(rid: Any) -> Any:
    """``rid`` when it is a JSON-RPC id (string or number, not a boolean), else None."""
    if isinstance(rid, bool) or not isinstance(rid, (str, int, float)):
        return None
    return rid


def id_key(id_: Any) -> tuple[str, Any]:
    """The key a JSON-RPC id is matched by, the way clients match it.

    The TypeScript SDK compares ``Number(response.id)`` and the Python SDK coerces numeric
    strings too, so an upstream that answers request ``3`` with id ``"3"`` or ``3.0`` is
    matched to it by the client: cordon matches it the same way, or such a reply would skip
    every check on its way back. Two requests whose ids match so are the same id in flight.
    """
    if isinstance(id_, bool):
        return ("o", id_)
    if isinstance(id_, int):
        return ("n", id_)
    if isinstance(id_, float):
        return ("n", int(id_)) if id_.is_integer() else ("f", id_)
    if isinstance(id_, str):
        try:
            f = float(id_)
        except ValueError:
            return ("s", id_)
        if f.is_integer() and abs(f) < 2**63:
            return ("n", int(f))
        return ("s", id_)
    return ("o", repr(id_))
