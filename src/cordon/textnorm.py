"""Shared Unicode and encoding primitives for taint matching, the content firewall and secrets.

Everything here is a pure function of its input, deterministic, and linear in the length of
the text: each function is one or two passes of a compiled regular expression, ``str.translate``
or a C-implemented standard-library call, never a per-character Python loop over the whole text.
Functions that look for an encoding first test for its hint characters (``%``, ``&``, ``\\``,
``=``, ``xn--``) with ``in`` so that text without them is returned unchanged almost for free.

Groups:

* invisible characters: :data:`INVISIBLE_RE`, :func:`strip_invisible`, :func:`decode_tag_ascii`
  (Unicode TR36 "Unicode Security Considerations" section 3.1; tag characters are the "ASCII
  smuggling" carrier described by Riley Goodside, 2024);
* folding: :func:`nfkc_casefold` (UAX #15 NFKC plus Unicode ``casefold``; NFKC also maps
  full-width forms to ASCII), :func:`fold_whitespace`;
* confusables: :func:`skeleton`, a TR39-style skeleton (Unicode TR39 section 4) built once at
  import from the ``confusable-homoglyphs`` package's copy of ``confusables.txt``;
* decoders: :func:`decode_percent` (RFC 3986 section 2.1), :func:`decode_html_entities` (HTML
  Living Standard, named and numeric character references), :func:`decode_json_escapes`
  (RFC 8259 section 7, plus ``\\xHH``), :func:`decode_quoted_printable` (RFC 2045 section 6.7),
  :func:`decode_rfc2047` (RFC 2047 encoded words), :func:`decode_base64_runs` (RFC 4648 sections
  4 and 5), :func:`decode_hex_runs`, :func:`decode_idna` (RFC 3492 punycode, IDNA 2008);
* :func:`normalize` (the full comparison form) and :func:`decoded_views` (every decoding of a
  text, for matchers that must see through encodings).

Decoders never raise on malformed input: a run that does not decode cleanly is left as it was.

This module holds the run finder (base64 and hex runs, with its optional Hyperscan prefilter),
:func:`decoded_views` and the URL and e-mail spelling canonicalisation; the Unicode primitives
live in ``cordon._textnorm_unicode`` and the other decoders in ``cordon._textnorm_decoders``,
both re-exported here: import them from this module.
"""

from __future__ import annotations

import base64
import binascii
import functools
import os
import re
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, cast

from cordon._textnorm_decoders import (
    _plausible_text,
    decode_html_entities,
    decode_idna,
    decode_json_escapes,
    decode_percent,
    decode_quoted_printable,
    decode_rfc2047,
)
from cordon._textnorm_unicode import (
    CONFUSABLE_TABLE,
    INVISIBLE_RE,
    decode_tag_ascii,
    fold_whitespace,
    invisible_chars,
    mark_lookalikes,
    nfkc_casefold,
    normalize,
    skeleton,
    strip_invisible,
)

__all__ = [
    "CONFUSABLE_TABLE",
    "INVISIBLE_CHARS",
    "INVISIBLE_RE",
    "PHONES",
    "PHONE_CLASS_RE",
    "PREFILTER_MIN",
    "RUNS",
    "Prefilter",
    "RunBytes",
    "byte_classes",
    "decode_base64_runs",
    "decode_hex_runs",
    "decode_html_entities",
    "decode_idna",
    "decode_json_escapes",
    "decode_percent",
    "decode_quoted_printable",
    "decode_rfc2047",
    "decode_tag_ascii",
    "decoded_views",
    "encoded_runs",
    "fold_whitespace",
    "has_decoder_hint",
    "invisible_chars",
    "mark_lookalikes",
    "nfkc_casefold",
    "normalize",
    "skeleton",
    "strip_invisible",
]

if TYPE_CHECKING:
    from cordon._textnorm_unicode import INVISIBLE_CHARS


def __getattr__(name: str) -> Any:
    # PEP 562: ``INVISIBLE_CHARS`` is built at its first read (:func:`invisible_chars`)
    if name == "INVISIBLE_CHARS":
        return invisible_chars()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Run finding works on bytes: one ``bytes.translate`` maps upper-case letters, digits and
# ``+/_-`` to ``X`` and lower-case letters to ``a`` (line breaks to ``n``/``r``). A base64 or hex
# run almost always has an ``X`` among its first characters, and ``X`` bytes are sparse in
# prose, so a regex with the literal prefix ``X`` finds runs at memory speed; the run's start
# is then found by looking back over ``a`` bytes.
_RUN_CLASS = bytearray(range(256))
for _c in b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/_-":
    _RUN_CLASS[_c] = ord("X")
for _c in b"abcdefghijklmnopqrstuvwxyz":
    _RUN_CLASS[_c] = ord("a")
_RUN_CLASS[ord("\n")] = ord("n")
_RUN_CLASS[ord("\r")] = ord("r")
_RUN_CLASS[ord("=")] = ord("=")
_RUN_CLASS_TABLE = bytes(_RUN_CLASS)
del _c, _RUN_CLASS
#: An ``X`` followed by 11+ alphabet bytes, optionally continued on following lines (MIME).
_RUN_RE = re.compile(rb"X[aX]{11,}(?:r?n[aX]{4,})*+=?=?")
_RUN_BACK_RE = re.compile(rb"[aX]*")
#: A phone number in the class bytes: 7 or more ``X`` with up to two separators between them
#: (:func:`cordon.taint._keys.phone_key` then counts real digits).
PHONE_CLASS_RE = re.compile(rb"XXX(?:[ ().\-]{0,2}X){4,}")
_HEX_CHARS = frozenset("0123456789abcdefABCDEF")
_B64_NL_RE = re.compile(r"\r?\n")


def byte_classes(text: str) -> tuple[bytes, bytes]:
    """``(utf8_bytes, classes)`` for run finding: ``classes`` has ``X`` for upper-case letters,
    digits and ``+/_-``, ``a`` for lower-case letters, and every other byte unchanged, at the
    same offsets as ``utf8_bytes``. Two C-speed passes."""
    raw = text.encode("utf-8", "surrogatepass")
    return raw, raw.translate(_RUN_CLASS_TABLE)


#: Hyperscan scans at most this many bytes at a time (:meth:`Prefilter.regions`); texts
#: shorter than :data:`PREFILTER_MIN` take the whole-text paths
_CHUNK = 16384
PREFILTER_MIN = 64 * 1024


class Prefilter:
    """Where a few fixed-width byte patterns occur, found by Hyperscan (Intel's multi-pattern
    regex engine; ``hyperscan`` on PyPI) at memory speed, so that a pass of Python ``re`` or
    ``bytes.find`` runs only where it can find something.

    ``patterns`` are Hyperscan expressions, each matching at most ``width`` bytes. The
    database compiles on first use (about 10 ms, once per process and instance). Without the
    ``hyperscan`` package, or with ``CORDON_HYPERSCAN=0``, both methods return ``None`` and
    the caller searches the whole text, as it would anyway: the prefilter only ever skips
    text in which a pattern does not occur.
    """

    def __init__(self, patterns: tuple[bytes, ...], width: int) -> None:
        self.patterns = patterns
        self.width = width
        self._state: list[Any] = []
        self._lock = threading.Lock()
        self._local = threading.local()

    def _db(self) -> Any | None:
        if self._state:
            return self._state[0]
        with self._lock:
            if not self._state:
                db = None
                if os.environ.get("CORDON_HYPERSCAN", "1") != "0":
                    try:
                        import hyperscan
                    except ImportError:  # pragma: no cover - no wheel for this platform
                        pass
                    else:
                        try:
                            db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
                            db.compile(
                                expressions=list(self.patterns),
                                ids=list(range(len(self.patterns))),
                                elements=len(self.patterns),
                                flags=[hyperscan.HS_FLAG_SINGLEMATCH] * len(self.patterns),
                            )
                        except Exception:  # noqa: BLE001 - e.g. a CPU it does not support
                            db = None  # pragma: no cover - the whole-text paths, as without it
                self._state.append(db)
        return self._state[0]

    def _scanner(self) -> tuple[Any, Any] | None:
        db = self._db()
        if db is None:
            return None
        local = self._local
        scratch = getattr(local, "scratch", None)
        if scratch is None or local.db is not db:
            import hyperscan

            scratch = local.scratch = hyperscan.Scratch(db)
            local.db = db
        return db, scratch

    def present(self, data: bytes) -> list[bool] | None:
        """Whether each pattern occurs in ``data`` (one pass); ``None``: unknown."""
        got = self._scanner()
        if got is None:
            return None
        db, scratch = got
        found = [False] * len(self.patterns)

        def on_match(i: int, _from: int, _to: int, _flags: int, _ctx: Any) -> None:
            found[i] = True

        db.scan(data, match_event_handler=on_match, scratch=scratch)
        return found

    def regions(self, data: bytes) -> tuple[list[tuple[int, int]], ...] | None:
        """Per pattern, the sorted, merged byte ranges ``[lo, hi)`` of ``data`` outside which
        no match of it *starts*; ``None``: unknown (search everywhere).

        ``data`` is scanned in chunks of :data:`_CHUNK` bytes, each with the ``width`` bytes
        before it, so a match lies whole in the scan of the chunk it starts in or, when it
        starts in the last ``width`` bytes of a chunk, of the next one; a flagged chunk
        ``[k, k + _CHUNK)`` gives the range ``[k - width, k + _CHUNK)``.
        """
        got = self._scanner()
        if got is None:
            return None
        db, scratch = got
        n, step, lap = len(data), _CHUNK, self.width
        regions: tuple[list[tuple[int, int]], ...] = tuple([] for _ in self.patterns)
        hits: list[int] = []
        add = hits.append

        def on_match(i: int, _from: int, _to: int, _flags: int, _ctx: Any) -> None:
            add(i)

        scan = db.scan
        for k in range(0, n, step):
            lo = k - lap if k else 0
            scan(data[lo : k + step], match_event_handler=on_match, scratch=scratch)
            if hits:
                hi = min(n, k + step)
                for i in hits:
                    r = regions[i]
                    if r and r[-1][1] >= lo:
                        r[-1] = (r[-1][0], hi)
                    else:
                        r.append((lo, hi))
                hits.clear()
        return regions


#: a match of :data:`PHONE_CLASS_RE` (in the class bytes) starts with a match of the first of
#: these, and one of :data:`_RUN_RE` with one of the second, both in the UTF-8 bytes
#: themselves; each is at most 16 bytes wide
_RUN_PREFILTER = Prefilter(
    (
        rb"[A-Z0-9+/_\-]{3}(?:[ ().\-]{0,2}[A-Z0-9+/_\-]){4}",
        rb"[A-Z0-9+/_\-][A-Za-z0-9+/_\-]{11}",
    ),
    width=16,
)
PHONES, RUNS = 0, 1
#: a bounded search reads this many bytes past a match start's region; a match ending within
#: :data:`_TAIL` of the bound is matched again unbounded (the patterns read at most 7 bytes
#: past a match's end: ``r?n[aX]{4}`` and ``=?=?`` for runs, ``[ ().]{0,2}X`` for phones)
_EXT = 4096
_TAIL = 16


class RunBytes:
    """A text's UTF-8 bytes for run finding (:data:`PHONE_CLASS_RE`, base64 and hex runs).

    The class bytes (:func:`byte_classes`) are computed only when a run can be there. On a text
    of :data:`PREFILTER_MIN` bytes or more, one Hyperscan pass over the bytes
    (:meth:`Prefilter.regions`) flags the chunks where the fixed-width prefix of a phone number
    or of a run occurs; every match starts in a flagged range, so :meth:`finditer` searches
    only there and gives exactly the matches of ``pattern.finditer(classes)``
    (tests/taint/test_run_prefilter.py compares them). Prose with no such prefix costs one
    Hyperscan pass (about 3 ms per 10 MB) instead of a translation and two regex passes
    (about 20 ms).
    Without Hyperscan every text takes the whole-text path.
    """

    __slots__ = ("_cls", "_regions", "raw")

    def __init__(self, text: str) -> None:
        self.raw = text.encode("utf-8", "surrogatepass")
        self._cls: bytes | None = None
        n = len(self.raw)
        regions = _RUN_PREFILTER.regions(self.raw) if n >= PREFILTER_MIN else None
        if regions is None:
            regions = ([(0, n)] if n else [], [(0, n)] if n else [])
        self._regions = regions

    @property
    def cls(self) -> bytes:
        """:func:`byte_classes` of the text (computed once)."""
        if self._cls is None:
            self._cls = self.raw.translate(_RUN_CLASS_TABLE)
        return self._cls

    def finditer(self, pattern: re.Pattern[bytes], which: int) -> Iterator[re.Match[bytes]]:
        """``pattern.finditer(self.cls)``, searched only where a match can start.

        ``pattern`` is :data:`PHONE_CLASS_RE` (``which`` = :data:`PHONES`) or
        :data:`_RUN_RE` (:data:`RUNS`): no look-behind, a match starts with a match of
        :data:`_RUN_PREFILTER`'s pattern ``which``, and a match attempt reads at most :data:`_TAIL` bytes
        past the match's end. Each region is searched with an end bound (so a search that
        finds nothing stops there); a match that comes near the bound is matched again
        unbounded, and the next search starts where the last match ended, as ``finditer``'s.
        """
        assert self._regions is not None
        regions = self._regions[which]
        if not regions:
            return
        cls = self.cls
        n = len(cls)
        last = 0
        search, match = pattern.search, pattern.match
        for lo, hi in regions:
            pos = lo if lo > last else last
            end = hi + _EXT if hi + _EXT < n else n
            while pos < hi:
                m = search(cls, pos, end)
                if m is None or m.start() >= hi:
                    break
                if end < n and m.end() > end - _TAIL:
                    whole = match(cls, m.start())
                    assert whole is not None  # it matched on a prefix of the same bytes
                    m = whole
                yield m
                pos = last = m.end()


def _run_spans(rb: RunBytes) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    last = 0
    # ``[aX]*`` matches at every position (possibly empty): ``match`` never returns None
    back = cast("Callable[[bytes], re.Match[bytes]]", _RUN_BACK_RE.match)
    cls: bytes | None = None
    for m in rb.finditer(_RUN_RE, RUNS):
        if cls is None:
            cls = rb.cls
        start, end = m.span()
        lo = max(last, start - 64)
        start -= back(cls[lo:start][::-1]).end()
        spans.append((start, end))
        last = end
    return spans


def _looks_encoded(run: str) -> bool:
    """Filter ordinary words out: a run must contain a non-letter or mix case inside a word."""
    if not run.isalpha():
        return True
    return not (run.islower() or run.isupper() or run.istitle())


def _decode_run(run: str, *, want_b64: bool, want_hex: bool) -> str | None:
    out = _decode_whole(run, want_b64=want_b64, want_hex=want_hex)
    if out is not None:
        return out
    return _decode_segments(run, 0, want_b64=want_b64, want_hex=want_hex)


#: what a run is cut at when it does not decode whole: a URL path's ``/``, then in each
#: segment ``-`` and ``_`` (URL-safe base64's, and a word separator)
_SEGMENT_SEPS = (re.compile("(/)"), re.compile("([_-])"))


def _decode_segments(run: str, level: int, *, want_b64: bool, want_hex: bool) -> str | None:
    """``run`` with each part around :data:`_SEGMENT_SEPS` ``[level]`` that decodes alone
    decoded (a part that does not is cut at the next level's separators), or None when none
    does. ``/`` is a base64 character and a URL path's separator: in ``com/octocat/<base64>``
    the run is the path, which decodes as nothing, while the value hidden in one segment (a
    credential carried in a URL path, not its query) does; ``<base64>-<base64>`` (a value
    encoded in two halves joined by a dash) decodes as neither alphabet whole."""
    sep = _SEGMENT_SEPS[level]
    if sep.search(run) is None:
        return None
    parts = sep.split(run)  # (segments at even indices, separators between)
    decoded: list[str | None] = []
    for i, part in enumerate(parts):
        out = None
        if i % 2 == 0 and len(part) >= 12:
            out = _decode_whole(part, want_b64=want_b64, want_hex=want_hex)
            if out is None and level + 1 < len(_SEGMENT_SEPS):
                out = _decode_segments(part, level + 1, want_b64=want_b64, want_hex=want_hex)
        decoded.append(out)
    if all(d is None for d in decoded):
        return None
    return "".join(p if d is None else d for p, d in zip(parts, decoded, strict=True))


def _decode_whole(run: str, *, want_b64: bool, want_hex: bool) -> str | None:
    # (most runs are one line: a substring test instead of a regex substitution per run)
    body = _B64_NL_RE.sub("", run) if "\n" in run else run
    if want_hex and len(body) % 2 == 0 and _HEX_CHARS.issuperset(body):
        out = _plausible_text(bytes.fromhex(body))
        if out is not None:
            return out
    if not want_b64 or not _looks_encoded(body):
        return None
    body = body.rstrip("=")
    if len(body) % 4 == 1:
        return None
    try:
        if "-" in body or "_" in body:
            raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        else:
            raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    return _plausible_text(raw)


def _replace_runs(text: str, *, want_b64: bool, want_hex: bool) -> str:
    rb = RunBytes(text)
    raw = rb.raw
    pieces: list[bytes] = []
    last = 0
    for start, end in _run_spans(rb):
        run = raw[start:end].decode("ascii")
        out = _decode_run(run, want_b64=want_b64, want_hex=want_hex)
        if out is not None:
            pieces.append(raw[last:start])
            pieces.append(out.encode("utf-8", "surrogatepass"))
            last = end
    if not pieces:
        return text
    pieces.append(raw[last:])
    return b"".join(pieces).decode("utf-8", "surrogatepass")


def encoded_runs(text: str, *, classes: RunBytes | None = None) -> list[str]:
    """The printable decodings of every base64 (standard or URL-safe) and hex run in ``text``.

    Same run rules as :func:`decode_base64_runs` and :func:`decode_hex_runs`; returns only the
    decoded texts, in order, which is what a matcher that indexes tokens needs. ``classes`` is
    :class:`RunBytes` of ``text`` when the caller already has it. Linear time.
    """
    rb = classes if classes is not None else RunBytes(text)
    raw = rb.raw
    found: list[str] = []
    for start, end in _run_spans(rb):
        out = _decode_run(raw[start:end].decode("ascii"), want_b64=True, want_hex=True)
        if out is not None:
            found.append(out)
    return found


def decode_base64_runs(text: str) -> str:
    """Replace plausible base64 runs (RFC 4648 section 4, and the URL-safe alphabet of section
    5) with their decoding when it is printable UTF-8 text.

    A run is 12 or more alphabet characters (MIME line breaks inside it allowed, padding
    optional) that contains a digit or one of ``+/-_``, or mixes case inside the word (so
    ``hello``, ``Hello`` and ``HELLO`` are skipped). Binary decodings (control characters,
    invalid UTF-8) leave the run unchanged.
    """
    return _replace_runs(text, want_b64=True, want_hex=False)


def decode_hex_runs(text: str) -> str:
    """Replace runs of 12 or more hex digits (an even count) whose bytes are printable UTF-8
    with that text. Hashes and other binary values decode to control bytes and stay as they
    are."""
    # A run that decodes is hex digits throughout, and its first line (``X[aX]{11,}`` of
    # :data:`_RUN_RE`) is 12 characters or more: a text without 12 hex digits in a row has
    # none, and the run pass (a few µs per run of any kind: words joined with numbers make
    # hundreds in a nested document's joined strings) is skipped.
    if _HEX12 not in text.encode("utf-8", "surrogatepass").translate(_HEX_TABLE):
        return text
    return _replace_runs(text, want_b64=False, want_hex=True)


#: every byte as 0, a hex digit's as 1 (:func:`decode_hex_runs`' test for 12 in a row)
_HEX_TABLE = bytes(1 if chr(b) in "0123456789abcdefABCDEF" else 0 for b in range(256))
_HEX12 = b"\x01" * 12


#: Where a match of :data:`_RUN_RE` can start, in the text itself: its ``X[aX]{11}`` is 12 bytes
#: of the classes ``X`` and ``a``, which only these ASCII characters give (every byte of a
#: non-ASCII character is >= 0x80). A text without a match has no base64 or hex run, and the
#: run decoders return it unchanged: their hint test.
_RUN_START_RE = re.compile(r"[A-Z0-9+/_-][A-Za-z0-9+/_-]{11}")
#: whether :data:`_RUN_START_RE` matches anywhere, in one anchored pass that steps over whole
#: pieces no match can start in (characters outside the run alphabet, lower-case words, a run
#: character with at most ten run characters after it; possessive, so none is read twice);
#: the search tries the pattern at every position, about twice the time on a short string
_RUN_START_SCAN = re.compile(
    r"(?:[^A-Za-z0-9+/_-]++|[a-z]++|[A-Z0-9+/_-][A-Za-z0-9+/_-]{0,10}+(?![A-Za-z0-9+/_-]))*+"
    r"[A-Z0-9+/_-][A-Za-z0-9+/_-]{11}"
)


#: :data:`_RUN_START_RE` in :func:`byte_classes`' class bytes: the same 12 characters (``X`` and
#: ``a`` bytes come only from them, every byte of a non-ASCII character is >= 0x80), found from
#: the literal ``X`` (rarer than letters): about 0.65x the scan's instructions on an address,
#: 0.45x on a few hundred characters; for texts up to :data:`_RUN_CLASSES_MAX` characters
#: (it copies the text twice)
_RUN_START_CLASSES = re.compile(rb"X[aX]{11}")
_RUN_CLASSES_MAX = 4096


def _may_have_runs(text: str) -> bool:
    """Whether :data:`_RUN_START_RE` matches somewhere in ``text``."""
    if len(text) <= _RUN_CLASSES_MAX:
        classes = text.encode("utf-8", "surrogatepass").translate(_RUN_CLASS_TABLE)
        return _RUN_START_CLASSES.search(classes) is not None
    return _RUN_START_SCAN.match(text) is not None


def _decoders(text: str) -> list[Callable[[str], str]]:
    """The decoders whose hint test is true for ``text``, in the order :func:`decoded_views`
    applies them: percent (``%``), HTML entities (``&``), JSON escapes (``\\``), RFC 2047
    (``=?``), quoted-printable (``=``), IDNA (``xn--``, ``XN--``), base64 runs and hex runs
    (both a run start, :func:`_may_have_runs`, searched once). Empty exactly when
    :func:`_any_hint` is false."""
    found: list[Callable[[str], str]] = []
    if "%" in text:
        found.append(decode_percent)
    if "&" in text:
        found.append(decode_html_entities)
    if "\\" in text:
        found.append(decode_json_escapes)
    if "=" in text:
        if "=?" in text:
            found.append(decode_rfc2047)
        found.append(decode_quoted_printable)
    if "xn--" in text or "XN--" in text:
        found.append(decode_idna)
    if _may_have_runs(text):
        found += (decode_base64_runs, decode_hex_runs)
    return found


def _any_hint(text: str) -> bool:
    """Whether one of the hint tests of :func:`_decoders` is true for ``text``: their union
    (``%``, ``&``, ``\\``, ``=`` (also in ``=?``), ``xn--``, ``XN--``, a run start), the
    literals found by substring search."""
    return (
        "%" in text
        or "&" in text
        or "\\" in text
        or "=" in text
        or "xn--" in text
        or "XN--" in text
        or _may_have_runs(text)
    )


def has_decoder_hint(text: str) -> bool:
    """Whether a decoder's hint test (:func:`_decoders`) is true for ``text``: else
    :func:`decoded_views` gives ``[text]``. A substring test: true for a text that contains
    one for which it is true, and no match has a line break in it (so a text's parts joined
    with line breaks have one exactly when a part has one)."""
    return _any_hint(text)


def decoded_views(text: str, *, max_depth: int = 2, max_views: int = 16) -> list[str]:
    """Every distinct decoding of ``text`` reachable by up to ``max_depth`` decoders in a row.

    Returns a list whose first element is ``text`` itself, followed by each decoder's output
    that differs from its input (then decoders applied to those, breadth first), at most
    ``max_views`` entries in all. Case is preserved (base64 needs it); apply
    :func:`normalize` to each view afterwards. Cost: at most ``max_views`` linear passes.

    A text none of whose decoders' hint tests is true (the usual case) is its only view, found
    with one search. A decision decodes the same short strings several times (the secrets
    scan, the spelling check, destination extraction): the views of other texts of up to
    :data:`_MEMO_MAX_CHARS` characters are remembered (the last :data:`_MEMO_SIZE` asked for;
    a pure function, so remembering changes nothing but the time taken).
    """
    if not _any_hint(text):
        return [text]
    if len(text) <= _MEMO_MAX_CHARS:
        return list(_memo_views(text, max_depth, max_views))
    return _views(text, max_depth, max_views)


_MEMO_MAX_CHARS = 4096
_MEMO_SIZE = 512


@functools.lru_cache(maxsize=_MEMO_SIZE)
def _memo_views(text: str, max_depth: int, max_views: int) -> tuple[str, ...]:
    return tuple(_views(text, max_depth, max_views))


def _views(text: str, max_depth: int, max_views: int) -> list[str]:
    views = [text]
    seen = {text}
    frontier = [text]
    for _ in range(max_depth):
        nxt: list[str] = []
        for view in frontier:
            # the decoders whose hint test is true, the run search made once for the two
            # run decoders (none, the usual case, for a decoded view)
            for decoder in _decoders(view):
                out = decoder(view)
                if out != view and out not in seen:
                    if len(views) >= max_views:
                        return views
                    seen.add(out)
                    views.append(out)
                    nxt.append(out)
        frontier = nxt
        if not frontier:
            break
    return views


# -- URL spelling canonicalisation ---------------------------------------------------------

_URL_TRICK_HINT = re.compile(r"[:%\\\t\r\n\u3002\uff0e\uff61]")
_SCHEME_SLASHES = re.compile(r"(?i)\b(https?|wss?|ftp)[ \t]*:[\\/]*")
_UNRESERVED_PCT = re.compile(
    r"%(2[dDeE]|3[0-9]|4[1-9a-fA-F]|5[0-9aA]|6[1-9a-fA-F]|7[0-9aA]|5[fF]|7[eE])"
)
_URL_DOTS = str.maketrans(
    {"\u3002": ".", "\uff0e": ".", "\uff61": ".", "\\": "/", "\t": None, "\r": None, "\n": None}
)


def canonical_urls(text: str) -> str:
    """The text as a WHATWG URL parser reads the URLs in it, for destination checks.

    Browsers, Node's ``fetch`` and Python's ``urlsplit`` accept spellings that a naive
    ``scheme://host`` pattern misses (URL parser differentials): tabs and newlines inside a URL
    are dropped, ``\\`` is ``/``, a special scheme takes any number of slashes
    (``http:/x``, ``http:///x``, ``http:x``), ideographic full stops separate labels, and
    percent-encoded unreserved characters in a host are decoded (``%2e`` is ``.``). Returns
    ``text`` itself when none of these can apply (the common case, one regex search).
    Callers check both the original and this form, so the union can only add destinations.
    """
    if not _URL_TRICK_HINT.search(text):
        return text
    t = text.translate(_URL_DOTS)
    t = _SCHEME_SLASHES.sub(lambda m: m.group(1).lower() + "://", t)
    if "%" in t:
        t = _UNRESERVED_PCT.sub(lambda m: chr(int(m.group(1), 16)), t)
    return t


#: an authority (after ``://``, up to the ``/``, ``?`` or ``#`` that ends it in RFC 3986)
#: with a backslash before its last ``@``: its userinfo, a backslash in it, and its host
#: (the first backslash found by a class without it: one way to match, linear in the run)
_BACKSLASH_USERINFO = re.compile(r"://([^\s/?#\"'<>`\\]*\\[^\s/?#\"'<>`]*)@([^\s/?#\"'<>`@\\]*)")


def rfc3986_urls(text: str) -> str:
    """The text as RFC 3986 parsers read its URLs whose authority holds a backslash before
    an ``@``: each such authority replaced by the host after its last ``@``.

    A WHATWG parser (browsers, Node's ``fetch``, Python ``requests``) reads ``\\`` in a
    special URL as ``/``, so ``http://a.example\\@b.example/`` is a request to ``a.example``
    (:func:`canonical_urls`); RFC 3986 (section 3.2: the authority ends at ``/``, ``?`` or
    ``#``) has no such rule, and Python's ``urlsplit`` (``urllib``), ``httpx`` and curl take
    everything before the last ``@`` as userinfo: the same text is a request to
    ``b.example``. Callers check both readings. Returns ``text`` itself when it has no such
    authority (the common case: three substring tests).
    """
    if "\\" not in text or "@" not in text or "://" not in text:
        return text
    return _BACKSLASH_USERINFO.sub(lambda m: "://" + m.group(2), text)


_EMAIL_COMMENT = re.compile(r"\([^()\n]{0,64}\)")
_EMAIL_LITERAL = re.compile(r"@\[([^\[\]\s]{1,253})\]")


def canonical_emails(text: str) -> str:
    """Address spellings mail software reduces to the same mailbox (RFC 5322): comments
    ``a(x)@b`` and quotes ``"a"@b`` dropped, quoted-pair backslashes removed, a bracketed
    domain ``a@[b]`` unbracketed. Returns ``text`` when it has no ``@``."""
    # what each rewrite needs: ``(``, ``@[``, ``"`` or ``\`` (substring searches: a pattern
    # of their union is tried at every position, several times slower)
    if "@" not in text or not ("(" in text or '"' in text or "\\" in text or "@[" in text):
        return text  # no comment, bracketed domain, quote or backslash: nothing to drop
    t = _EMAIL_COMMENT.sub("", text)
    t = _EMAIL_LITERAL.sub(lambda m: "@" + m.group(1), t)
    return t.replace('"', "").replace("\\", "")
