"""Credentials in encodings the normaliser does not decode, read by the secret rules only.

:func:`cordon.content.normalize.normalize` decodes base64 runs on one line or wrapped at the
left margin; every rule reads them. A tool's output also prints credentials in four more
forms, which were then neither masked nor registered for ``secret.egress``:

* base64 wrapped onto indented lines: a YAML block scalar (``key: |`` then the value cut into
  indented lines), as Helm values and Kubernetes manifests hold Secret ``data`` (Kubernetes
  "Secrets": ``data`` values are base64);
* gzip in base64 (``H4sI``, RFC 1952's header ``1f 8b 08`` in base64): a Helm 3 release
  Secret's ``data.release`` is base64 of gzip of the release JSON, which holds the chart's
  values, passwords included (Helm's storage driver ``secrets``; Kubernetes adds its own
  base64 around it, which the normaliser decodes); zlib in base64 (RFC 1950, ``eJ``...)
  alike;
* hex (RFC 4648 section 8): keys and tokens in environment dumps and ``xxd -p`` output,
  and the bytes of hex dumps (``xxd``, ``hexdump -C``, ``tcpdump -X``...: :data:`_DUMP_LINE`);
* base32 (RFC 4648 section 6, upper case as printed): TOTP seeds and tokens encoded so,
  also wrapped at 76 columns as coreutils' ``base32`` prints it.

Only the secret rules read these layers: they look for credential shapes, so a decoded run
that is not text costs a scan and finds nothing, while the other rules keep reading the
same layers as before. A run is decoded when it is at least :data:`MIN_RUN` characters
(shorter ones are words and hashes' prefixes); its decoded text must be UTF-8 without
control characters, except a gzip stream's, which is read as UTF-8 with replacements.

Bounds: each run is read up to :data:`MAX_RUN` characters (a longer one is
``content.cap_exceeded``, below). A gzip or zlib stream is inflated and read a piece at a
time (:mod:`cordon.content._inflate`; :data:`PIECE_CHARS` characters a scan, each piece
repeating :data:`OVERLAP` of the one before, so no credential is cut), so memory stays at a
few pieces whatever it inflates to, and a repetitive log of any size is read. A stream that
inflates past both :data:`BOMB_RATIO` times its compressed size and :data:`BOMB_INFLATED`
bytes (a decompression bomb), or past what its text may inflate in all
(:func:`inflate_budget`, :data:`MAX_INFLATED_TEXT`; the strings of one result share it),
cannot be cleared: it is reported as ``content.cap_exceeded`` over its run, which warn and
block modes withhold (fail closed), as they do any result past the scan's caps; what it
inflated to before is read all the same. Nested layers (base64 of gzip of ...) are read as
deep as the scanner reads decoded layers (:data:`cordon.content.scanner.MAX_LAYER_DEPTH`),
under the same budget. The runs of a text are decoded, joined a blank line apart and scanned
together (as :mod:`cordon.content._past_cap` does), so every credential is found whatever
their number, in time linear in the text.
"""

from __future__ import annotations

import binascii
import codecs
import functools
import re
import threading
from bisect import bisect_right
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cordon.content import _accel
from cordon.content._accel import counting
from cordon.content._hscache import compile_db
from cordon.content._inflate import (
    MAX_INFLATED_TEXT,
    Work,
    charge_candidates,
    inflate_pieces,
    work_scope,
)
from cordon.content.normalize import Normalized
from cordon.content.rules import RULES
from cordon.textnorm import invisible_chars

if TYPE_CHECKING:
    from cordon.content._rule import Rule
    from cordon.content.scanner import Hit

__all__ = [
    "BOMB_INFLATED",
    "BOMB_RATIO",
    "MAX_INFLATED_TEXT",
    "MAX_RUN",
    "MIN_RUN",
    "OVERLAP",
    "PIECE_CHARS",
    "encoded_layers",
    "inflate_budget",
]

#: the shortest run decoded (16 bytes of hex, 20 of base32: a token is longer)
MIN_RUN = 32
#: characters of one run read (a longer run is read by its head)
MAX_RUN = 4 << 20
#: a stream that inflates past both :data:`BOMB_RATIO` times its compressed size and
#: :data:`BOMB_INFLATED` bytes is a decompression bomb (or padding that hides what follows):
#: it is not read further and fails closed. A repetitive log compresses 100-1000 times (a
#: CI log, a Helm release's JSON: Kubernetes caps a Secret at 1 MiB) and is read whole below
#: that size; a stream of a lower ratio is read as far as the text's budget goes
BOMB_RATIO = 64
BOMB_INFLATED = 64 << 20
#: characters of inflated text scanned at a time (memory stays at a few of them, and at
#: the scan of one: up to ~270 bytes a character on text made to be slow, ``eyJeyJ...``)
PIECE_CHARS = 2 << 20
#: the longest match of a credential rule, in characters of normalised text (its window and
#: the whitespace a match may hold: a private key block, about 18,000)
_LONGEST = max(r.window + r.ws_slack for r in RULES if r.category == "secrets")
#: characters each piece of an inflated stream repeats of the one before: a credential that
#: a cut passes through lies whole in the next piece. Many times :data:`_LONGEST`, as the
#: text a match spans may be longer than the match (HTML entities, up to ten characters for
#: one); a stretch of characters the normaliser removes or folds (invisible characters,
#: whitespace) widens the overlap until it holds twice :data:`_LONGEST` others, else the
#: stream fails closed
OVERLAP = 256 << 10


@functools.cache
def _removed() -> dict[int, None]:
    """What the normaliser may remove or fold (invisible characters, whitespace), for deletion
    by ``str.translate``; an ASCII character that is not whitespace it never removes. Built at
    the first inflated piece whose ASCII alone does not settle :func:`_kept_enough`: 4,400
    keys (the tag block's 4,096 among them) held from start-up were 0.2 MB of every ``cordon
    run``'s resting memory that a stream of mostly non-ASCII text alone reads
    (bench/perf/README.md, "Resting memory")."""
    return dict.fromkeys(
        ord(c) for c in invisible_chars() | {chr(i) for i in range(0x3001) if chr(i).isspace()}
    )


_ASCII_SPACE = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"

#: hex digits -> 'h', space and colon 's', anything else 'x': hex runs and the separators
#: of hex dumps (:data:`_DUMP_NEEDLES`) on one translation
_HEX = bytes(
    ord("h") if chr(i) in "0123456789abcdefABCDEF" else ord("s") if i in b" :" else ord("x")
    for i in range(256)
)
#: RFC 4648 section 6's alphabet, upper case as printed and lower case (its decoders,
#: ``base32 -d`` and Python's ``casefold``, accept it, and some tools print it); a run of
#: both cases is base64 or an identifier, not base32, and is not decoded
_B32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B32 = bytes(ord("b") if chr(i) in _B32_ALPHABET else ord("x") for i in range(256))
_B32_LOWER = bytes(ord("b") if chr(i) in _B32_ALPHABET.lower() else ord("x") for i in range(256))
#: the base32 alphabet (either case) to the digits of ``int(..., 32)``: decoded in C, where
#: ``base64.b32decode`` is a Python loop (about 1 MB/s, a text of base32 runs set the pace)
_B32_DIGITS = bytes.maketrans(
    (_B32_ALPHABET + _B32_ALPHABET.lower()).encode(),
    b"0123456789abcdefghijklmnopqrstuv" * 2,
)
#: hex printed a line at a time (``xxd -p``: 60 digits a line, the last one shorter; a
#: token longer than 30 bytes is cut in two): a run and the whole hex lines after it (a line
#: end is LF, CR LF or, on the view the runs are read on, LF LF)
_HEX_LINES = re.compile(rb"[0-9a-fA-F]{32,}(?:\r?\n\n?[0-9a-fA-F]{2,}(?=[ \t]*(?:\r?\n|$)))+")
#: base32 as GNU coreutils' ``base32`` prints it, wrapped at 76 columns (like ``base64``):
#: a run that ends its line and the whole base32 lines after it, the last one padded
_B32_LINES = re.compile(rb"[A-Z2-7]{32,}(?:\r?\n\n?[A-Z2-7]{2,}=*(?=[ \t]*(?:\r?\n|$)))+")
#: a hex dump's bytes, a line at a time, between its offset and its text column: ``xxd``
#: (``00000000: 4745 5420 ...  GET ``; ``-g1`` one byte a group), ``hexdump -C``
#: (``00000000  47 45 ... 69  20 48 ...  |GET...|``), ``od -A x -t x1z`` (``000000 47 45 ...
#: >GET...<``), ``tcpdump -X`` (tab, ``0x0000:  4500 003c ...``), ``openssl s_client
#: -debug`` (``0000 - 47 45 ...-20 48``), ``openssl x509 -text``/``pkey -text`` (indented,
#: colon-separated, a colon at the end of each line but the last), ``bytes.hex(" ")``. The
#: text column shows the bytes too, 16 a line with control bytes as dots: a key longer than
#: that is whole in no line. Group 1: the bytes
_DUMP_LINE = re.compile(
    rb"[ \t]*(?:(?:0x)?[0-9a-fA-F]{4,8}(?::|[ \t]+-|(?= ))[ \t]+)?"
    rb"([0-9a-fA-F]{2}(?:(?: {1,2}|-)[0-9a-fA-F]{2})*"
    rb"|[0-9a-fA-F]{4}(?: [0-9a-fA-F]{2,4})*"
    rb"|[0-9a-fA-F]{2}(?::[0-9a-fA-F]{2})*:?)"
    rb"(?=[ \t]{2}|[ \t]*(?:\r?\n|$))[^\n]*"
)
#: five bytes of a dump line on the hex class view (:data:`_HEX`): pairs a space or a
#: colon apart, groups of two bytes a space apart
_DUMP_NEEDLES = (b"hhs" * 4 + b"hh", b"hhhhs" * 2 + b"hhhh")
_NOT_HEX = re.compile(rb"[^0-9a-fA-F]+")
#: the base64 alphabet -> 'a', space and tab -> 's', LF and CR -> 'n', anything else 'x'
_B64 = bytes(
    ord("a")
    if chr(i) in "+/" or (chr(i).isascii() and chr(i).isalnum())
    else ord("s")
    if chr(i) in " \t"
    else ord("n")
    if chr(i) in "\n\r"
    else ord("x")
    for i in range(256)
)
_NOT_A = re.compile(rb"[^a]")
#: the end of a run of a class mark (``h``: :data:`_HEX`, ``b``: :data:`_B32`)
_OTHER = {b"h": re.compile(rb"[^h]"), b"b": re.compile(rb"[^b]")}
#: the end of a base64 line wrapped at 16 characters or more, then an indented line (after
#: LF or CR LF: a manifest printed with Windows line ends is the same block scalar)
_WRAP_NEEDLES = (b"a" * 16 + b"ns", b"a" * 16 + b"nns")
#: the indented lines after it: the same indentation, base64 only, the last one padded (a
#: line end is LF, CR LF, or two LF: the view the runs are read on shows a CR as LF)
_WRAPPED = re.compile(
    rb"\r?\n\n?([ \t]{1,64})[A-Za-z0-9+/]{4,}(?:\r?\n\n?\1[A-Za-z0-9+/]{4,})*={0,2}"
    rb"(?=[ \t]*(?:\r?\n|$))"
)
#: the head of a compressed stream in base64, not glued to a run before it: gzip (RFC 1952,
#: ``1f 8b 08``: ``H4sI``) or zlib (RFC 1950 with a 32 KiB window, ``78 01``, ``78 5e``,
#: ``78 9c``, ``78 da``: ``eA``, ``eF``, ``eJ``, ``eN``, as ``zlib.compress`` and most tools
#: write it)
_ZLIB_HEAD = re.compile(rb"e[AFJN]")
#: what a head must not follow (it would be the middle of another run); tested in Python on
#: each candidate, and the two heads searched apart: a look-behind or an alternation in one
#: pattern made ``re`` try it at every byte (~110 and ~50 ms on 10 MB of text, against ~15
#: for a ``find`` and a pattern that starts with a literal); a candidate inside a run skips
#: to the run's end, so a run of heads costs one match, not one Python step each
_RUN_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_RUN_END = re.compile(rb"[^A-Za-z0-9+/]|\Z")
#: the stream from its head (either alphabet), possibly wrapped at the left margin
_GZIP = re.compile(rb"[A-Za-z0-9+/_-]+(?:\r?\n[A-Za-z0-9+/_-]{4,})*={0,2}")
_CONTROL_BYTES = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
#: streams past the caps reported per text: one withholds the whole result, and a text of
#: tiny streams past the budget made one finding each (tens of thousands in 4 MB); the
#: findings' per-rule cap (:data:`cordon.content.scanner.MAX_HITS_PER_RULE`)
_MAX_OVER = 64
#: a decoded text marker: the stream inflated past its cap
_OVER = "\x00over"


def inflate_budget(size: int) -> int:
    """The bytes a text of ``size`` characters may inflate in all: 1 MiB plus 1024 times its
    size, at most :data:`MAX_INFLATED_TEXT`. Deflate inflates at most about 1032 times, 774
    a base64 character, so a stream of any ratio fits (whatever is cut at :data:`BOMB_INFLATED`
    is); what this bounds is nested streams (gzip in gzip) and many texts of one result."""
    return min(MAX_INFLATED_TEXT, (1 << 20) + 1024 * size)


def _compressed(raw: bytes) -> bool:
    """``raw`` starts with a gzip header, or a zlib one (RFC 1950 section 2.2: deflate,
    32 KiB window, FCHECK)."""
    if raw[:3] == b"\x1f\x8b\x08":
        return True
    return raw[:1] == b"\x78" and len(raw) > 2 and (raw[0] << 8 | raw[1]) % 31 == 0


def _carry(piece: str) -> int | None:
    """Where the piece after ``piece`` starts in it: :data:`OVERLAP` characters before its
    end, moved back to a line break, space or quote up to as far again (a base64 or hex run
    is then read from its start, not from a cut that misaligns its groups), or earlier until
    the overlap holds twice :data:`_LONGEST` characters the normaliser keeps (not past its
    middle: None, the stream fails closed)."""
    half = len(piece) // 2
    cut = len(piece) - OVERLAP
    brk = max(piece.rfind(c, max(half, cut - OVERLAP), cut) for c in '\n "')
    cut = brk + 1 if brk >= 0 else cut
    while not _kept_enough(piece[cut:]):
        if cut <= half:
            return None
        cut = max(half, cut - OVERLAP)
    return cut


def _kept_enough(text: str) -> bool:
    """``text`` holds twice :data:`_LONGEST` characters the normaliser keeps (its ASCII
    letters, digits and punctuation counted first, in C; all it keeps when they are few)."""
    need = 2 * _LONGEST
    if len(text.encode("ascii", "ignore").translate(None, _ASCII_SPACE)) >= need:
        return True
    return len(text.translate(_removed())) >= need


def _inflated(raw: bytes, work: Work) -> Iterator[str]:
    """The text the compressed stream ``raw`` inflates to (UTF-8 with replacements), in
    pieces of at most :data:`PIECE_CHARS` characters, each repeating the end of the one
    before (:data:`OVERLAP`); then :data:`_OVER` when it was not read to its end (past
    :data:`BOMB_RATIO` and :data:`BOMB_INFLATED`, past ``work``, or a cut that cannot be
    overlapped). Nothing when it inflates to nothing."""
    limit = max(BOMB_INFLATED, BOMB_RATIO * len(raw))
    total = 0
    decode = codecs.getincrementaldecoder("utf-8")("replace").decode
    buf = ""
    carried = 0  # characters at the head of ``buf`` already in a piece
    over = False
    for out in inflate_pieces(raw, work):
        total += len(out)
        buf += decode(out)
        while len(buf) >= PIECE_CHARS:
            piece = buf[:PIECE_CHARS]
            yield piece
            cut = _carry(piece)
            if cut is None:
                yield _OVER
                return
            buf, carried = buf[cut:], PIECE_CHARS - cut
        if total > limit:
            over = True
            break
    buf += decode(b"", True)
    if len(buf) > carried:
        yield buf
    if over or work.left < 0:
        yield _OVER


def _texts_of(raw: bytes, work: Work) -> Iterator[str]:
    """What decoded bytes ``raw`` read as: a compressed stream's text in pieces
    (:func:`_inflated`; a zlib header on bytes that do not inflate is read as the bytes),
    else UTF-8 text without control characters, else nothing."""
    if _compressed(raw):
        pieces = _inflated(raw, work)
        first = next(pieces, None)
        if first is not None or raw[0] == 0x1F:
            if first is not None:
                yield first
                yield from pieces
            return
    text = raw.decode("utf-8", "replace")
    # a stray byte (a run glued to another, a misaligned start) must not hide the rest, and
    # a run of random bytes (a digest, a binary key) is no text: most of it is garbage.
    # Counted in C (a control byte is one character; a bad sequence one U+FFFD): a list of
    # matches held one string per character of a run of zero bytes (base32 "AAAA...")
    bad = len(raw) - len(raw.translate(None, _CONTROL_BYTES)) + text.count("\ufffd")
    if len(text) >= 8 and bad * 4 <= len(text):
        yield text


#: RFC 4648 section 5 alphabet to section 4
_URLSAFE = bytes.maketrans(b"-_", b"+/")


def _b64(data: bytes) -> bytes | None:
    """``data`` decoded as base64 (either alphabet, padding optional), or None."""
    data = data.rstrip(b"=").translate(_URLSAFE)
    data = data[: len(data) - 1] if len(data) % 4 == 1 else data
    try:
        return binascii.a2b_base64(data + b"=" * (-len(data) % 4))
    except binascii.Error:
        return None


def _long_runs(alpha: bytes) -> list[tuple[int, int]]:
    """The maximal runs of the base64 alphabet in ``alpha`` (``view`` as :data:`_B64`
    classes) of :data:`MIN_RUN` or more. Hex digits and both base32 alphabets are letters
    and digits, so every hex or base32 run of that length lies inside one of them, whole: the
    hex and base32 searches translate and read these runs only, not the whole text (on 10 MB
    of installed documents about a thousand runs, 44 KB, against three translations and
    their searches of all 10 MB)."""
    out = []
    needle = b"a" * MIN_RUN
    pos = alpha.find(needle)
    while pos >= 0:
        m = _NOT_A.search(alpha, pos)
        end = len(alpha) if m is None else m.start()
        out.append((pos, end))
        pos = alpha.find(needle, end)
    return out


def _class_runs(
    view: bytes, long: list[tuple[int, int]], table: bytes, mark: bytes
) -> Iterator[tuple[int, int]]:
    """The maximal runs of ``mark`` in ``view.translate(table)`` of :data:`MIN_RUN` or more,
    glued to other letters or not (a reader can cut them out), in order, each cut at
    :data:`MAX_RUN`. ``table`` marks letters and digits only, so each such run lies in one of
    the runs ``long`` (:func:`_long_runs`), which alone are translated and searched."""
    needle = mark * MIN_RUN
    for lo, hi in long:
        cls = view[lo:hi].translate(table)
        pos = cls.find(needle)
        while pos >= 0:
            m = _OTHER[mark].search(cls, pos)
            end = len(cls) if m is None else m.start()
            yield lo + pos, lo + min(end, pos + MAX_RUN)
            pos = cls.find(needle, end)


def _hex_runs(view: bytes, long: list[tuple[int, int]]) -> Iterator[tuple[int, int, bytes | None]]:
    """Hex runs, decoded at both alignments when their length is odd (a character glued in
    front of a key's hex shifts every byte); and a run that ends its line read on with the
    hex lines after it (:data:`_HEX_LINES`)."""
    block_end = 0
    for s, e in _class_runs(view, long, _HEX, b"h"):
        yield s, e, binascii.a2b_hex(view[s : e - (e - s) % 2])
        if (e - s) % 2:
            yield s, e, binascii.a2b_hex(view[s + 1 : e])
        if s >= block_end and view[e : e + 1] in (b"\n", b"\r"):
            m = _HEX_LINES.match(view, s)
            if m is not None and m.end() > e:
                block_end = m.end()
                joined = re.sub(rb"\s+", b"", m.group()[:MAX_RUN])
                yield s, m.end(), binascii.a2b_hex(joined[: len(joined) - len(joined) % 2])


def _b32_runs(view: bytes, long: list[tuple[int, int]]) -> Iterator[tuple[int, int, bytes | None]]:
    """Base32 runs (either case), and an upper-case run that ends its line read on with the
    base32 lines after it (:data:`_B32_LINES`)."""
    block_end = 0
    for table in (_B32, _B32_LOWER):
        for s, e in _class_runs(view, long, table, b"b"):
            data = view[s:e]  # its padding is left out
            if table is _B32_LOWER and data.upper() == data:
                continue  # digits only: read with the upper-case runs
            yield s, e, _b32_whole(data)
            if table is _B32 and s >= block_end and view[e : e + 1] in (b"\n", b"\r"):
                m = _B32_LINES.match(view, s)
                if m is not None and m.end() > e:
                    block_end = m.end()
                    joined = _NOT_B32.sub(b"", m.group()[:MAX_RUN])
                    yield s, m.end(), _b32_whole(joined)


_NOT_B32 = re.compile(rb"[^A-Z2-7]+")


def _b32_whole(data: bytes) -> bytes:
    """``data`` decoded, a length of 1, 3 or 6 characters past a quantum (no whole byte)
    left out."""
    return _b32(data[: len(data) - len(data) % 8 if len(data) % 8 in (1, 3, 6) else None])


def _next_needle(cls: bytes, needles: Sequence[bytes], at: list[int], last: int) -> int:
    """The first place at or after ``last`` of any of ``needles`` in ``cls``, or -1; ``at``
    keeps each needle's next place and is searched again only once ``last`` passed it (each
    needle's searches together cover ``cls`` once: linear in all)."""
    at[:] = [
        p if p < 0 or p >= last else cls.find(n, last) for p, n in zip(at, needles, strict=True)
    ]
    return min((p for p in at if p >= 0), default=-1)


def _dump_runs(view: bytes, cls: bytes) -> Iterator[tuple[int, int, bytes | None]]:
    """The bytes of hex dumps (:data:`_DUMP_LINE`), each block of consecutive dump lines
    joined; C-speed searches for the needles, then one match a line of a block, the search
    going on past the block (linear in all)."""
    at = [cls.find(n) for n in _DUMP_NEEDLES]
    last = 0
    while True:
        pos = _next_needle(cls, _DUMP_NEEDLES, at, last)
        if pos < 0:
            return
        start = line = view.rfind(b"\n", last, pos) + 1 or last
        parts: list[bytes] = []
        size = 0
        while size < MAX_RUN:
            m = _DUMP_LINE.match(view, line)
            if m is None or m.end(1) <= m.start(1) + 1:
                break
            parts.append(m.group(1))
            size += m.end(1) - m.start(1)
            line = m.end() + 1
            while view[line : line + 1] == b"\n":  # a CR LF line end reads as LF LF
                line += 1
        end = max(pos + 1, line - 1)
        last = end
        digits = _NOT_HEX.sub(b"", b"".join(parts))
        if len(digits) >= MIN_RUN:
            yield start, min(end, len(view)), binascii.a2b_hex(digits[: len(digits) & ~1])


def _b32(data: bytes) -> bytes:
    """Base32 ``data`` (no padding) decoded: its 5-bit digits as one integer, the bits past
    the last whole byte dropped (RFC 4648 section 6)."""
    bits = 5 * len(data)
    value = int(data.translate(_B32_DIGITS), 32) >> (bits % 8)
    return value.to_bytes(bits // 8, "big")


def _wrapped_runs(view: bytes, cls: bytes) -> Iterator[tuple[int, int, bytes | None]]:
    """Base64 cut into lines indented alike (a YAML block scalar), from the run that ends
    the line before them; ``cls``: ``view`` as :data:`_B64` classes."""
    # the next place of each needle, searched again only once passed (linear in all)
    at = [cls.find(n) for n in _WRAP_NEEDLES]
    last = 0
    while True:
        pos = _next_needle(cls, _WRAP_NEEDLES, at, last)
        if pos < 0:
            return
        nl = pos + 16
        start = max(cls.rfind(b"x", last, nl), cls.rfind(b"s", last, nl), cls.rfind(b"n", last, nl))
        start = last if start < 0 else start + 1
        m = _WRAPPED.match(view, nl)
        if m is None:
            last = nl + 1
        else:
            last = m.end()
            body = view[start:nl] + re.sub(rb"\s+", b"", m.group()[:MAX_RUN])
            yield start, m.end(), _b64(body[:MAX_RUN])


def _gzip_runs(view: bytes) -> Iterator[tuple[int, int, bytes | None]]:
    size = len(view)
    gzip = zlib = -1  # the next head of each kind at or after ``pos`` (``size``: none left)
    pos = 0
    while True:
        if gzip < pos:
            gzip = view.find(b"H4sI", pos) % (size + 1)  # (-1 -> size)
        if zlib < pos:
            head = _ZLIB_HEAD.search(view, pos)
            zlib = size if head is None else head.start()
        pos = min(gzip, zlib)
        if pos >= size:
            return
        if pos and view[pos - 1] in _RUN_BYTES:
            # inside another run: no head stands free before that run ends
            stop = _RUN_END.search(view, pos)
            pos = size if stop is None else stop.start()
            continue
        m = _GZIP.match(view, pos)
        end = pos + 2 if m is None else m.end()
        if m is not None and end - pos >= MIN_RUN:
            body = re.sub(rb"\s+", b"", m.group()[:MAX_RUN])
            yield pos, end, _b64(body)
        pos = end


def _kinds(view: bytes) -> Iterator[tuple[int, int, bytes | None]]:
    """The runs of every encoding, kind after kind: wrapped base64, compressed streams, hex
    runs, hex dumps, base32. One translation of ``view`` to base64 classes serves the wrapped
    runs and finds the long runs the hex and base32 searches read (:func:`_long_runs`). A
    kind whose first needle :func:`_present` finds nowhere is not searched."""
    wrapped, heads, runs, dumps = _present(view)
    alpha = view.translate(_B64) if wrapped or runs else b""
    if wrapped:
        yield from _wrapped_runs(view, alpha)
    if heads:
        yield from _gzip_runs(view)
    long = _long_runs(alpha) if runs else []
    yield from _hex_runs(view, long)
    if dumps:
        yield from _dump_runs(view, view.translate(_HEX))
    yield from _b32_runs(view, long)


#: the needles each kind's search starts from, as patterns over the view: the wrapped runs'
#: :data:`_WRAP_NEEDLES` on :data:`_B64` classes; a gzip or zlib head (:func:`_gzip_runs`);
#: a run of :data:`MIN_RUN` base64 characters (every hex and base32 run lies in one,
#: :func:`_long_runs`); :data:`_DUMP_NEEDLES` on :data:`_HEX` classes. Exact, not prefilter:
#: a kind is skipped only where its own search would find nothing
_NEEDLES = (
    rb"[A-Za-z0-9+/]{16}[\n\r]{1,2}[ \t]",
    rb"H4sI|e[AFJN]",
    rb"[A-Za-z0-9+/]{%d}" % MIN_RUN,
    rb"(?:[0-9a-fA-F]{2}[ :]){4}[0-9a-fA-F]{2}|(?:[0-9a-fA-F]{4}[ :]){2}[0-9a-fA-F]{4}",
)
#: views shorter than this search every kind (seven C-speed passes cost less than a call)
_PRESENT_MIN = 64 * 1024
_present_db: list[Any] = []  # the needles' database, compiled at the first long view
_present_lock = threading.Lock()
_present_local = threading.local()


def _present(view: bytes) -> tuple[bool, bool, bool, bool]:
    """Which of :data:`_NEEDLES` occur in ``view``, by one Hyperscan pass (each reported
    once, the scan stopped once all are): on 10 MB of prose the seven searches of the kinds
    (~87 ms of CPU) become one pass (~20 ms) when it holds none. All true without Hyperscan
    or for a short view."""
    hs = _accel._hs
    if hs is None or len(view) < _PRESENT_MIN:
        return (True, True, True, True)
    if not _present_db:
        with _present_lock:
            if not _present_db:
                flags = [hs.HS_FLAG_SINGLEMATCH] * len(_NEEDLES)
                ids = list(range(len(_NEEDLES)))
                _present_db.append(compile_db(hs, list(_NEEDLES), ids, flags))
    db = _present_db[0]
    scratch = getattr(_present_local, "scratch", None)
    if scratch is None:
        scratch = _present_local.scratch = hs.Scratch(db)
    seen = [False] * len(_NEEDLES)
    left = [len(_NEEDLES)]

    def on_match(i: int, _from: int, _to: int, _flags: int, _ctx: Any) -> bool:
        seen[i] = True
        left[0] -= 1
        return left[0] == 0  # True stops the scan: every needle is found

    try:
        db.scan(view, match_event_handler=on_match, scratch=scratch)
    except hs.error:  # stopped by the callback (every needle found), or a failed scan
        if left[0]:
            return (True, True, True, True)  # fails closed: every kind is searched
    return (seen[0], seen[1], seen[2], seen[3])


def encoded_layers(
    nz: Normalized, over: list[tuple[int, int]]
) -> Generator[tuple[tuple[int, int], str]]:
    """The decoded runs of ``nz``'s text in the encodings of the module docstring, as
    (original span, text), a stream's text in overlapping pieces (:func:`_inflated`); the
    original span of each run not read whole is added to ``over`` as it is met. Read on the
    text before its whitespace runs are folded (an indentation of 16 spaces or more is one
    line break in the folded text) and its troff escapes removed. Inflates under the
    :class:`~cordon.content._inflate.Work` in force (:func:`secrets_encoded` opens it)."""
    while nz._base is not None:
        nz = nz._base
    view = nz.ascii_view
    if len(view) < MIN_RUN:
        return
    with work_scope(inflate_budget(len(view))) as work:
        for s, e, raw in _kinds(view):
            # a run of :data:`MAX_RUN` characters or more was read by its head: what
            # follows is unread (a key after 3 MiB of incompressible padding): fails closed
            unread = e - s >= MAX_RUN
            for text in _texts_of(raw, work) if raw else ():
                if text is _OVER:
                    unread = True
                elif text:
                    yield nz.span_to_original(s, e), text
            if unread and len(over) < _MAX_OVER:
                over.append(nz.span_to_original(s, e))


def secrets_encoded(
    nz: Normalized,
    wanted: frozenset[str],
    depth: int,
    scan: Callable[..., list[Hit]],
    hit: Callable[..., Hit],
    over_rule: Rule | None,
) -> list[Hit]:
    """The hits of the secret rules ``wanted`` in :func:`encoded_layers` of ``nz``, read
    joined (a blank line apart) in scans of about :data:`PIECE_CHARS` characters (``scan``:
    the scanner's ``scan_hits``, to ``depth``), each spanning its run in the original and
    made by ``hit``; and a hit of ``over_rule`` (``content.cap_exceeded``, None: not wanted)
    over each run not read whole. The layers decoded inside a stream inflate under the same
    budget (:func:`~cordon.content._inflate.work_scope`)."""
    base = nz
    while base._base is not None:
        base = base._base
    if len(base.ascii_view) < MIN_RUN:
        return []  # no run to decode (:func:`encoded_layers`): a short string's usual answer
    over: list[tuple[int, int]] = []
    out: list[Hit] = []
    # a stream past the caps inside a decoded run is as unread as one in the text
    only = wanted | {over_rule.id} if over_rule is not None else wanted
    batch: list[tuple[tuple[int, int], str]] = []
    size = 0

    def flush() -> None:
        starts: list[int] = []
        pos = 0
        for _span, text in batch:
            starts.append(pos)
            pos += len(text) + 2
        # what the scan costs is charged to the inflate budget (its anchor candidates):
        # text made to be slow to scan stops the stream sooner, failing closed
        with counting() as seen:
            hits = scan("\n\n".join(text for _span, text in batch), only=only, depth=depth)
        charge_candidates(seen[0])
        for h in hits:
            if h.rule.category == "secrets" or h.rule is over_rule:
                span = batch[bisect_right(starts, h.span[0]) - 1][0]
                out.append(hit(rule=h.rule, severity=h.severity, span=span, value=h.value))
        batch.clear()

    layers = encoded_layers(nz, over)
    try:
        for layer in layers:
            if not wanted:
                continue  # read for the runs past the caps only
            if batch and size + len(layer[1]) > PIECE_CHARS:
                flush()
                size = 0
            batch.append(layer)
            size += len(layer[1]) + 2
        if batch:
            flush()  # before the scope ends: what it decodes is charged to the text
    finally:
        layers.close()  # its budget's scope ends here, whatever happened
    if over_rule is not None:
        out += [hit(rule=over_rule, severity="critical", span=span, value="") for span in over]
    return out
