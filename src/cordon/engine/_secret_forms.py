"""More encodings of a secret for :class:`cordon.engine.secrets.SecretSet`: base85 in its
three alphabets and rot13 (precomputed forms, nothing decoded), and a compressed stream in
base64 (gzip or zlib: inflated, with a hard cap).

Attack class: an injected "send the key base85-encoded", "gzip it and base64 the result",
"rot13 it first". Precomputed forms cost one C substring search each per string, and a
random string in the encoding's alphabet matches none of them (only a secret's own encoding
does). A compressed stream cannot be matched by forms (its bytes depend on everything before
the secret), so it is inflated: only a base64 run that starts with a gzip or zlib header
(``H4sI``, ``eJ``, ``eN``, ``eF``, ``eA``) and is :data:`MIN_RUN` characters or more, at most
:data:`MAX_RUNS` runs per string, each inflated to at most :data:`MAX_INFLATED` bytes.

A stream that inflates past the cap (a "decompression bomb", or a secret hidden behind a
megabyte of padding, which compresses to a few hundred bytes) cannot be cleared: it is
reported as unreadable, and the check asks (``secret.unreadable``) instead of letting it out
unseen. A corrupt or truncated stream is read up to where it breaks, which is all a receiver's
inflater gets from it too; the rest is opaque, like any blob cordon cannot decode (an
encrypted one). Sources: RFC 1950 (zlib), RFC 1952 (gzip), RFC 1924 and Python's
``base64.b85encode`` (base85), Adobe's ASCII85, ZeroMQ RFC 32 (Z85).
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
import zlib
from collections.abc import Callable, Iterator

__all__ = [
    "MAX_INFLATED",
    "Budget",
    "b85_cores",
    "first_form",
    "form_table",
    "inflate_runs",
    "rot13",
]

#: the most bytes one compressed run is inflated to; more is ``unreadable``
MAX_INFLATED = 1 << 20
#: the most bytes inflated for one call, over all its strings and their joins (a call of a
#: thousand small bombs costs this much at most; past it a run is ``unreadable``)
MAX_INFLATED_PER_CALL = 8 << 20
#: compressed runs inflated per string (further ones are not read)
MAX_RUNS = 8
#: the shortest base64 run read as a compressed stream (a header, a secret of 8 bytes, a
#: trailer: gzip's 18 bytes of framing alone are 24 characters)
MIN_RUN = 24
#: base64 characters read per run (4 MiB: a longer run is read by its head)
MAX_RUN = 4 << 20

_B85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
_Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
_TO_Z85 = str.maketrans(_B85, _Z85)

#: a base64 run (either alphabet) that starts with a gzip header (1f 8b 08) or a zlib header
#: with a 32 KiB window (78 01, 78 5e, 78 9c, 78 da), possibly cut into lines
_COMPRESSED = re.compile(
    r"(?<![A-Za-z0-9+/_-])(?:H4sI|eJ|eN|eF|eA[E-H])[A-Za-z0-9+/_-]*(?:\s+[A-Za-z0-9+/_-]+)*={0,2}"
)
#: the headers' first characters, one search (most strings have none)
_HINT = re.compile(r"H4sI|e[JNFA]")
_SPACE = re.compile(r"\s+")
#: input fed to the inflater at a time (a failing piece is re-fed byte by byte)
_PIECE = 1 << 14


def rot13(text: str) -> str:
    """``text`` with its ASCII letters rotated by 13 (rot13 is its own inverse)."""
    return codecs.encode(text, "rot13")


def b85_cores(raw: bytes, min_length: int) -> Iterator[tuple[str, str]]:
    """``(form, encoding)``: the offset-independent base85, Z85 and ASCII85 cores of ``raw``.

    Each encoding turns 4 bytes into 5 characters, every group on its own: whatever bytes
    come before the secret, a group boundary falls at one of its first four bytes ``a``, and
    the groups from there that lie wholly inside it are encoded as ``raw[a:a + 4m]`` is
    alone (as :func:`cordon.engine.secrets._b64_cores` does for base64's 3-byte groups).
    Cores shorter than ``min_length`` are left out (a short core matches ordinary text)."""
    for a in range(4):
        m = (len(raw) - a) // 4
        if 5 * m < min_length:
            continue
        chunk = raw[a : a + 4 * m]
        b85 = base64.b85encode(chunk).decode("ascii")
        yield b85, "base85"
        yield b85.translate(_TO_Z85), "z85"
        yield base64.a85encode(chunk).decode("ascii"), "ascii85"


class Budget:
    """The bytes one call may still inflate (:data:`MAX_INFLATED_PER_CALL`)."""

    __slots__ = ("left",)

    def __init__(self, left: int = MAX_INFLATED_PER_CALL) -> None:
        self.left = left


def inflate_runs(text: str, budget: Budget) -> tuple[list[str], bool]:
    """The text each compressed base64 run in ``text`` inflates to (module docstring), and
    whether one inflated past :data:`MAX_INFLATED` or past what ``budget`` had left
    (unreadable: fail closed). ``budget`` is charged what was inflated."""
    if _HINT.search(text) is None:
        return [], False
    out: list[str] = []
    over = False
    for i, m in enumerate(_COMPRESSED.finditer(text)):
        if i >= MAX_RUNS:
            break
        run = _SPACE.sub("", m.group()[:MAX_RUN])
        if len(run) < MIN_RUN:
            continue
        data = _b64(run)
        if data is None:
            continue
        inflated, past = _inflate(data, min(MAX_INFLATED, budget.left))
        budget.left -= len(inflated)
        over = over or past
        if inflated:
            out.append(inflated.decode("utf-8", "replace"))
    return out, over


def _b64(run: str) -> bytes | None:
    """``run`` decoded (either alphabet; missing padding added; a last partial character
    dropped), or None."""
    run = run.rstrip("=").replace("-", "+").replace("_", "/")
    run = run[: len(run) - len(run) % 4] if len(run) % 4 == 1 else run
    try:
        return base64.b64decode(run + "=" * (-len(run) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def _inflate(data: bytes, cap: int) -> tuple[bytes, bool]:
    """``data`` inflated (gzip or zlib, told by its header), at most ``cap`` bytes, and
    whether there was more. A stream that breaks is inflated up to the break
    (the piece it breaks in is re-fed byte by byte); one that ends early, as far as it goes.
    Gzip members after the first are inflated too, into the same cap: RFC 1952 section 2.2,
    a gzip file is a series of members and gunzip prints them all (a benign first member
    must not hide a second)."""
    out = bytearray()
    view = memoryview(data)
    pos = 0
    while True:
        used = _member(view[pos:], cap, out)
        if used is None:
            return bytes(out[:cap]), True
        pos += used
        if used == 0 or data[pos : pos + 3] != b"\x1f\x8b\x08":
            return bytes(out), False


def _member(data: memoryview, cap: int, out: bytearray) -> int | None:
    """Inflate the stream at the head of ``data`` onto ``out`` (at most ``cap`` bytes in
    all): the bytes it took when it ended, 0 when it broke or ran out, None past ``cap``."""
    d = zlib.decompressobj(wbits=47)  # 32 + 15: a zlib or gzip header, read from the stream
    for start in range(0, len(data), _PIECE):
        piece = data[start : start + _PIECE]
        saved = d.copy()
        used = start + len(piece)
        try:
            out += d.decompress(piece, cap + 1 - len(out))
        except zlib.error:
            # the stream breaks in this piece: inflate its longest prefix that does not
            # (a prefix of one that breaks breaks too), then stop
            lo, hi, best = 0, len(piece) - 1, b""
            while lo < hi:
                mid = (lo + hi + 1) // 2
                trial = saved.copy()
                try:
                    best = trial.decompress(piece[:mid], cap + 1 - len(out))
                    lo = mid
                except zlib.error:
                    hi = mid - 1
            out += best  # the output of the prefix of ``lo`` bytes (the last success)
            return None if len(out) > cap else 0
        if len(out) > cap or d.unconsumed_tail:
            return None
        if d.eof:
            return used - len(d.unused_data)
    return 0


Hit = tuple[str, str]
#: forms shortest first: (length, rank in the dict, form, hit, the form's characters)
Table = list[tuple[int, int, str, Hit, frozenset[str]]]
#: a text longer than this, searched for more forms than :data:`_MANY_FORMS`, is searched
#: only for the forms whose every character it has (one pass over it builds the set)
_LONG_TEXT = 4096
_MANY_FORMS = 200


def form_table(forms: dict[str, Hit]) -> Table:
    """``forms`` sorted by length, each with its rank and its characters (:func:`first_form`)."""
    return sorted(
        (len(f), rank, f, hit, frozenset(f)) for rank, (f, hit) in enumerate(forms.items())
    )


def first_form(table: Table, text: str, kept: Callable[[str], bool]) -> Hit | None:
    """The hit of the first form (in its dict's order) found in ``text`` whose secret is
    ``kept``, or None. Forms longer than ``text`` are not searched for: a call's short
    strings (an address, a title) skip most of the forms a secret has. A long text searched
    for many forms (many secrets) skips those with a character it lacks: prose has none of
    most base85 cores' punctuation."""
    n = len(text)
    chars = set(text) if n > _LONG_TEXT and len(table) > _MANY_FORMS else None
    best: tuple[int, Hit] | None = None
    for length, rank, form, hit, form_chars in table:
        if length > n:
            break
        if chars is not None and not form_chars <= chars:
            continue
        if form in text and (best is None or rank < best[0]) and kept(hit[0]):
            best = (rank, hit)
    return None if best is None else best[1]
