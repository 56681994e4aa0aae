"""Span-mapped normalisation: the text the model reads, with offsets back to the original.

:func:`normalize` turns a string into :class:`Normalized`:

* NFKC (UAX #15), applied only to runs of characters that NFKC changes;
* invisible characters removed (zero-width, bidi controls, soft hyphen, variation selectors,
  Unicode tags; the set is :func:`cordon.textnorm.invisible_chars`), and the ASCII that tag
  characters smuggle decoded into a separate :class:`Layer` so it is scanned too;
* HTML character references (``&#x69;``, ``&lt;``) and percent-encoded runs (``%69%67``)
  decoded in place;
* homoglyphs: a word that mixes ASCII letters with confusable letters (Cyrillic ``а``, Greek
  ``ο``...) is mapped to its ASCII skeleton (Unicode TR39 section 4, table
  :data:`cordon.textnorm.CONFUSABLE_TABLE`);
* U+2028, U+2029 and U+0085 become ``\\n``. Whitespace is folded twice: every gap between
  tokens in a rule is ``\\s+`` (see :func:`cordon.content._rule.words`), and every run of
  :data:`FOLD_MIN` or more whitespace characters (after NFKC, so ideographic and other Unicode
  spaces count) becomes one character (``\\n`` if the run holds a line break), as a second
  span-mapped stage. Without the second fold, ``ignore`` + 300 newlines + ``all previous
  instructions`` would outgrow every rule's bounded window (whitespace padding);
* troff font and size escapes removed (:mod:`cordon.content._troff`); base64 runs (RFC 4648
  sections 4 and 5) that decode to plausible text become :class:`Layer` objects, scanned apart;
* a word hyphenated across a line break is read joined (``pre-\\n  vious``: :mod:`._hyphen`).

Every edit is recorded as ``(norm_start, norm_end, orig_start, orig_end)``; outside edits the
mapping is a constant shift, so :meth:`Normalized.span_to_original` is a binary search.

Cost (linear, C speed, Python work only per *edit* or per hit, never per character):

* pure-ASCII text can only carry entities and percent runs: each is looked for with ``in`` and,
  when present, one literal-prefixed pattern;
* other text: ``unicodedata.is_normalized`` (NFKC quick check), one pass of one pattern whose
  first character is a class (invisible characters, line separators, ``&``, ``%``, C1 CSI/OSC,
  and NFKC-unstable characters only when the quick check failed), and the mixed-script check on
  the char-aligned ASCII projection (``str.encode("ascii", "replace")``: every non-ASCII
  character becomes one ``?``), where two literal-prefixed searches find an ASCII letter next to
  a non-ASCII character;
* base64 candidates: one ``bytes.translate`` plus a ``bytes.find`` of twenty alphabet bytes.

Text that needs no edit (the common case) is returned as is, with no offset map.
Structural findings (invisible characters, tag smuggling, homoglyphs) are reported as
:class:`Event` objects with original spans.
"""

from __future__ import annotations

import binascii
import html
import re
import sys
import unicodedata
from functools import cache
from itertools import chain
from urllib.parse import unquote_to_bytes

from cordon.content import _charscan, _hyphen, _troff
from cordon.content._mixed import mixed_positions
from cordon.content._normalized import Event, Layer, Normalized, new_normalized
from cordon.textnorm import CONFUSABLE_TABLE, PREFILTER_MIN, Prefilter, invisible_chars

__all__ = ["Event", "Layer", "Normalized", "normalize"]

#: Events of one rule kept per text; the rest are counted into the last one's span.
MAX_EVENTS_PER_RULE = 64
#: Decoded layers kept per text (base64 and tag runs).
MAX_LAYERS = 64

_TAGS = range(0xE0000, 0xE0080)
_BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x061C))
_VS = frozenset(chr(c) for c in (*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)))
_JOINERS = frozenset("\u200c\u200d")
_MARKS = frozenset("\u200e\u200f")  # LRM/RLM: ordinary in right-to-left text


def _class_of(chars: set[str] | frozenset[str]) -> str:
    cps = sorted(ord(c) for c in chars)
    parts: list[str] = []
    i = 0
    while i < len(cps):
        j = i
        while j + 1 < len(cps) and cps[j + 1] == cps[j] + 1:
            j += 1
        lo, hi = re.escape(chr(cps[i])), re.escape(chr(cps[j]))
        parts.append(lo if i == j else f"{lo}-{hi}")
        i = j + 1
    return "[" + "".join(parts) + "]"


#: confusable letters (non-ASCII -> ASCII) for mixed-script words; Latin letters (dotless i,
#: IPA script a...) are left out: a word of Latin letters is one script (TR39 section 5)
_LETTER_SKELETON: dict[int, str] = {
    cp: t
    for cp, t in CONFUSABLE_TABLE.items()
    if chr(cp).isalpha() and t.isalpha() and not unicodedata.name(chr(cp), "").startswith("LATIN")
}
_NL = "\u2028\u2029\u0085"
_C1 = "\u009b\u009d"  # C1 CSI and OSC: not normalised, reported so ANSI rules can anchor on them
_ENT = r"(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
_PCTS = r"[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*"
#: ASCII-only text: literal-prefixed patterns (the fastest search ``re`` has)
_AMP_RE = re.compile("&" + _ENT)
_PCT_RE = re.compile("%" + _PCTS)
_AMP_RE_B = re.compile(_AMP_RE.pattern.encode("ascii"))
_PCT_RE_B = re.compile(_PCT_RE.pattern.encode("ascii"))
_CONT = bytes(range(0x80, 0xC0))
_B64_NEEDLE = b"a" * 20
#: one class copy for both byte-class searches (base64 runs and long whitespace runs): the
#: base64 alphabet (both RFC 4648 alphabets) -> 'a', ASCII whitespace -> 'w', anything else 'x'
_CLASS_TABLE = bytes(
    ord("a")
    if chr(i) in "+/_-" or (chr(i).isascii() and chr(i).isalnum())
    else ord("w")
    if chr(i) in " \t\n\r\x0b\x0c"
    else ord("x")
    for i in range(256)
)
_NOT_B64 = re.compile(rb"[^a]")
#: RFC 4648 section 5 alphabet to section 4 (``base64.urlsafe_b64decode``'s translation)
_URLSAFE = bytes.maketrans(b"-_", b"+/")
_NOT_WS = re.compile(rb"[^w]")
#: the two class searches of a large view, as Hyperscan patterns over the view itself: twenty
#: base64-alphabet bytes (:data:`_B64_NEEDLE`) and :data:`FOLD_MIN` ASCII whitespace bytes
#: (:data:`_WS_RUN`); a view in which one does not occur skips that search and, when neither
#: does, the class copy too (about 13 ms per 10 MB of prose)
_SEARCHES = Prefilter((rb"[A-Za-z0-9+/_\-]{20}", rb"[ \t\n\r\x0b\x0c]{16}"), width=20)
_B64_BODY = re.compile(r"[A-Za-z0-9+/_-]{20,}(?:\r?\n[A-Za-z0-9+/_-]{4,}){0,64}={0,2}")
_B64_PLAUSIBLE = re.compile(r"[0-9+/_-]|[a-z][A-Z]|[A-Z]{2}[a-z]")
#: the same, searched on the ASCII view (every character of a run is ASCII, so its offsets
#: are the text's): a bytes search costs less than one on a text of 4-byte characters
_B64_BODY_B = re.compile(_B64_BODY.pattern.encode("ascii"))
_B64_PLAUSIBLE_B = re.compile(_B64_PLAUSIBLE.pattern.encode("ascii"))
_CONTROL_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]")


def _str_pass(inv: set[str] | frozenset[str], extra: str = "") -> re.Pattern[str]:
    """One pattern whose first item is a character class (so ``re`` scans for it in C).

    Alternatives after the first character pick the kind with a one-character lookbehind; the
    kind is ``m.lastgroup``: ``ent``, ``pct``, ``inv``, ``nl``, ``c1`` or ``nfkc``.
    """
    inv_c = _class_of(inv)
    first = set(inv) | set(_NL) | set(_C1) | {"&", "%"}
    alts = [
        f"(?<=&)(?P<ent>{_ENT})",
        f"(?<=%)(?P<pct>{_PCTS})",
        f"(?<={inv_c})(?P<inv>{inv_c}*)",
        f"(?<=[{_NL}])(?P<nl>)",
        f"(?<=[{_C1}])(?P<c1>)",
    ]
    if extra:
        first |= set(extra)
        ex = _class_of(set(extra))
        alts.append(f"(?<={ex})(?P<nfkc>{ex}*)")
    return re.compile(_class_of(first) + "(?:" + "|".join(alts) + ")")


@cache
def _scan_re(astral: bool, nfkc: bool) -> re.Pattern[str]:
    """The one-pass pattern for non-ASCII text (4 variants, each built once)."""
    inv = invisible_chars()
    if not astral:
        inv = frozenset(c for c in inv if ord(c) < 0x10000)
    extra = ""
    if nfkc:
        extra = "".join(c for c in _nfkc_unstable() if astral or ord(c) < 0x10000)
    return _str_pass(inv, extra)


#: PEP 393 string header sizes, to tell whether a string can hold astral characters at all
_HEADER = {
    k: sys.getsizeof(ch) - 2 * k for k, ch in ((1, "\u00e9"), (2, "\u0100"), (4, "\U00010000"))
}


def _may_have_astral(text: str) -> bool:
    """False only when the string is stored with at most two bytes per character (PEP 393).

    Fails safe: any doubt (another implementation, a non-compact string) answers True.
    """
    try:
        size = sys.getsizeof(text)
    except TypeError:  # pragma: no cover - implementations without getsizeof
        return True
    n = len(text) + 1
    return not (size == _HEADER[2] + 2 * n or size == _HEADER[1] + n)


@cache
def _nfkc_unstable() -> frozenset[str]:
    """Characters NFKC may change (or reorder), built once (~0.05 s) when first needed.

    ``is_normalized`` is ``normalize(...) == ...`` answered by the quick-check property
    first: a third of the time of normalising every code point (``cordon scan`` pays it)."""
    combining, stable = unicodedata.combining, unicodedata.is_normalized
    unstable = {
        ch
        for ch in map(chr, chain(range(0xD800), range(0xE000, sys.maxunicode + 1)))
        if not stable("NFKC", ch) or combining(ch)
    }
    unstable -= invisible_chars()
    unstable -= set(_NL) | set(_C1)
    return frozenset(unstable)


class _Builder:
    __slots__ = (
        "c1",
        "counts",
        "cursor",
        "edits",
        "events",
        "layers",
        "norm_len",
        "odd",
        "parts",
        "src",
    )

    def __init__(self, src: str) -> None:
        self.src = src
        self.parts: list[str] = []
        self.edits: list[tuple[int, int, int, int]] = []
        self.events: list[Event] = []
        self.layers: list[Layer] = []
        self.counts: dict[str, int] = {}
        self.cursor = 0
        self.norm_len = 0
        #: a replacement holds a C1 CSI or OSC control, a non-ASCII odd space
        self.c1 = False
        self.odd = False

    def event(self, rule: str, start: int, end: int) -> None:
        n = self.counts.get(rule, 0)
        self.counts[rule] = n + 1
        if n < MAX_EVENTS_PER_RULE:
            self.events.append(Event(rule=rule, span=(start, end)))

    def replace(self, start: int, end: int, new: str) -> None:
        if start > self.cursor:
            chunk = self.src[self.cursor : start]
            self.parts.append(chunk)
            self.norm_len += len(chunk)
        ns = self.norm_len
        if new:
            self.parts.append(new)
            self.norm_len += len(new)
            if not new.isascii():
                if "\u009b" in new or "\u009d" in new:
                    self.c1 = True
                if any(c in new for c in _WIDE_ODD):
                    self.odd = True
        self.edits.append((ns, self.norm_len, start, end))
        self.cursor = end

    def finish(self) -> str:
        if not self.edits:
            return self.src
        if self.cursor < len(self.src):
            self.parts.append(self.src[self.cursor :])
        return "".join(self.parts)


def _invisible_run(b: _Builder, start: int, end: int, run: str) -> None:
    """Classify a run of invisible characters, record events and a tag layer, delete it."""
    _classify_invisible(b, start, end, run)
    b.replace(start, end, "")


def _classify_invisible(b: _Builder, start: int, end: int, run: str) -> None:
    src = b.src
    tags = [c for c in run if ord(c) in _TAGS]
    before, after = (src[start - 1] if start else ""), (src[end] if end < len(src) else "")
    if tags:
        flag = before == "\U0001f3f4" and run.endswith("\U000e007f") and len(tags) <= 8
        if not flag:
            b.event("obf.tag_smuggling", start, end)
            hidden = "".join(chr(ord(c) - 0xE0000) for c in tags if 0xE0020 <= ord(c) <= 0xE007E)
            if hidden.strip() and len(b.layers) < MAX_LAYERS:
                b.layers.append(Layer(kind="tag", text=hidden, span=(start, end)))
    if any(c in _BIDI for c in run):
        b.event("obf.bidi_control", start, end)
    if sum(1 for c in run if c in _VS) >= 3:
        b.event("obf.variation_selector_run", start, end)
    other = [
        c
        for c in run
        if c not in _BIDI
        and c not in _VS
        and c not in _MARKS
        and c not in _JOINERS
        and ord(c) not in _TAGS
        and not (c == "\ufeff" and start == 0)
    ]
    if not other and any(c in _JOINERS for c in run):
        # ZWJ/ZWNJ are ordinary between emoji and in Indic/Persian text, not between ASCII letters
        if before.isascii() and before.isalpha() and after.isascii() and after.isalpha():
            other = [run[0]]
    # a soft hyphen beside a space or a symbol splits no word (iconv-lite's code pages); its
    # attack is a keyword split ('ig\u00adnore'); other invisibles count anywhere
    soft = set(run) == {"\u00ad"} and not (before.isalnum() and after.isalnum())
    if other and not soft:
        b.event("obf.zero_width", start, end)


def _clean_decoded(b: _Builder, start: int, end: int, decoded: str) -> str:
    """Decoded entity or percent text: classify and drop invisibles it carried, NFKC it."""
    # no ASCII character is invisible: an ASCII decoding (``&amp;``) does not build the set
    inv = frozenset() if decoded.isascii() else invisible_chars()
    if any(c in inv for c in decoded):
        _classify_invisible(b, start, end, "".join(c for c in decoded if c in inv))
        decoded = "".join(c for c in decoded if c not in inv)
    if not unicodedata.is_normalized("NFKC", decoded):
        decoded = unicodedata.normalize("NFKC", decoded)
    # a decoded CR is the line break the whitespace stage makes of every CR: made here, a
    # large text's one CR does not cost that stage a copy of the whole text
    return decoded.replace("\r", "\n")


#: characters either side of a mixed-script word searched for genuine other-script letters
#: (a man page's option markup puts a line of Latin escapes between two Cyrillic words:
#: killall(1) in Serbian, ``\\fIПИД\\fP] ... \\fIВРЕМЕ``, ~60 characters apart)
_HOMOGLYPH_CONTEXT = 120


@cache
def _script(c: str) -> str:
    return unicodedata.name(c, "?").split(" ", 1)[0]


def _genuine_script_near(src: str, lo: int, hi: int, word: str) -> bool:
    """True when, within :data:`_HOMOGLYPH_CONTEXT` characters of the word, a letter of the
    same script as its look-alikes is one that looks like no Latin letter: text written in
    that script, with Latin markup or names glued to its words (troff's ``\\fBман``), not a
    look-alike planted in Latin text. The word is still read as its skeleton; only the
    ``obf.homoglyph`` finding is left out."""
    near = set(src[max(0, lo - _HOMOGLYPH_CONTEXT) : hi + _HOMOGLYPH_CONTEXT])
    other = [c for c in near if not c.isascii() and c.isalpha() and ord(c) not in _LETTER_SKELETON]
    if not other:
        return False
    scripts = {_script(c) for c in word if not c.isascii()}
    return any(_script(c) in scripts for c in other)


def _glued(word: str) -> bool:
    """The word's Latin letters, if any, are at most two at one end (troff's ``\\fIВРЕМЕ``):
    markup glued to a word of the other script. Latin letters on both sides of a look-alike
    (``pаypal``) or more of them are a Latin word spoofed, whatever genuine text is near."""
    latin = [i for i, c in enumerate(word) if c.isascii()]
    n = len(latin)
    return n <= 2 and (latin == list(range(n)) or latin == list(range(len(word) - n, len(word))))


def _homoglyph_word(b: _Builder, pos: int) -> None:
    src = b.src
    lo = pos
    while lo > b.cursor and src[lo - 1].isalpha() and pos - lo < 64:
        lo -= 1
    hi = pos + 1
    n = len(src)
    while hi < n and src[hi].isalpha() and hi - pos < 64:
        hi += 1
    word = src[lo:hi]
    if any(not c.isascii() and ord(c) not in _LETTER_SKELETON for c in word):
        return  # a letter that looks like no Latin letter: a word of the other script
    if not (_glued(word) and _genuine_script_near(src, lo, hi, word)):
        b.event("obf.homoglyph", lo, hi)
    b.replace(lo, hi, word.translate(_LETTER_SKELETON))


def _base64_layers(
    b: _Builder,
    text: str,
    view: bytes,
    norm: Normalized,
    cls: bytes | None = None,
    *,
    limit: int | None = MAX_LAYERS,
) -> list[Layer]:
    """Decoded base64 runs (RFC 4648 sections 4 and 5) of ``text``; ``view`` is its ASCII view
    and ``cls`` (when given) ``view`` translated by :data:`_CLASS_TABLE`. At most ``limit``
    layers in all, counting ``b``'s (None: every run).

    Candidates are found on ``view`` translated to byte classes (alphabet or not), with
    ``bytes.find`` of twenty alphabet bytes: C speed, no per-character Python.
    """
    layers: list[Layer] = []
    if len(text) < 20:
        return layers
    if cls is None:
        cls = view.translate(_CLASS_TABLE)
    pos = cls.find(_B64_NEEDLE)
    while pos >= 0:
        m = _B64_BODY_B.match(view, pos)
        if m is None:  # pragma: no cover - the class and the pattern share one alphabet
            pos = cls.find(_B64_NEEDLE, pos + 1)
            continue
        end = m.end()
        if cls[end : end + 1] == b"a":  # the body stopped inside alphabet bytes: past them
            other = _NOT_B64.search(cls, end)
            pos = cls.find(_B64_NEEDLE, other.start() if other is not None else len(cls))
        else:  # the common case, with no regex search
            pos = cls.find(_B64_NEEDLE, end)
        run = m.group()
        if len(run) < 24 or not _B64_PLAUSIBLE_B.search(run):
            continue
        compact = run.replace(b"\r", b"").replace(b"\n", b"").rstrip(b"=")
        alphabet_url = compact.find(b"-") >= 0 or compact.find(b"_") >= 0
        if alphabet_url and (compact.find(b"+") >= 0 or compact.find(b"/") >= 0):
            continue
        data = compact + b"=" * (-len(compact) % 4)
        try:
            # what base64.b64decode / urlsafe_b64decode do, without their per-call wrapping
            raw = binascii.a2b_base64(data.translate(_URLSAFE) if alphabet_url else data)
            decoded = raw.decode("utf-8")
        except (binascii.Error, ValueError):
            continue
        if len(decoded) < 8 or _CONTROL_RE.search(decoded):
            continue
        printable = sum(1 for c in decoded if c.isprintable() or c in "\n\t")
        if printable < 0.95 * len(decoded) or not any(c.isalpha() for c in decoded):
            continue
        layers.append(
            Layer(kind="base64", text=decoded, span=norm.span_to_original(m.start(), end))
        )
        if limit is not None and len(layers) + len(b.layers) >= limit:
            break
    return layers


#: whitespace runs at least this long are folded to one character (rules allow for shorter
#: ones: :attr:`cordon.content._rule.Rule.ws_slack`)
FOLD_MIN = 16
#: whitespace-like characters NFKC keeps that the rules' ASCII ``\\s`` would not match
_ODD_SPACES = "\x1c\x1d\x1e\x1f\u1680\u180e\u2800"
_WIDE_ODD = frozenset(c for c in _ODD_SPACES if not c.isascii())
_WS_RUN = b"w" * FOLD_MIN


def _odd_spaces_to_space(nz: Normalized) -> Normalized | None:
    """``nz`` with every lone CR made a line break and every odd space a space (one character
    for one: offsets do not move), or ``None`` when it has neither."""
    text = nz.text
    if len(text) <= 1024 and text.isascii() and text.isprintable():
        return None  # short printable ASCII holds no CR and no odd space: one C pass, not seven
    view = nz.ascii_view
    # presence checks on the ASCII view where the character is ASCII: a byte search; ``in``
    # on a wide ``str`` costs several times more
    cr = b"\r" in view
    # a non-ASCII one is looked for only when the text may hold one (``nz._wide_odd``)
    odd = [
        c
        for c in _ODD_SPACES
        if (c.encode() in view if c.isascii() else nz._wide_odd and c in text)
    ]
    if cr or odd:
        # one character for one: a lone CR is a line break, and separators NFKC leaves alone
        # (U+1680, the C0 information separators...) are spaces, so rules see a gap there
        # (an injection split by odd separators); offsets do not move, and the ASCII view is
        # edited the same way where the characters are ASCII
        if cr:
            text = text.replace("\r", "\n")
            view = view.replace(b"\r", b"\n")
        for c in odd:
            text = text.replace(c, " ")
            if c.isascii():
                view = view.replace(c.encode(), b" ")
        if any(not c.isascii() for c in odd):
            view = ascii_view(text)
        # (``_wide_odd`` left at its default, True, as before: no stage reads it after this)
        return new_normalized(
            nz.original,
            text,
            nz.events,
            nz.layers,
            view,
            nz.has_c1,
            nz.source_view,
            True,
            nz._ns,
            nz._edits,
            nz._base,
        )
    return None


def _fold_whitespace(nz: Normalized, cls: bytes | None = None, *, runs: bool = True) -> Normalized:
    """``nz`` with every run of :data:`FOLD_MIN`+ ASCII whitespace characters folded to one.

    Runs are found on the ASCII view translated to byte classes (``bytes.translate`` and
    ``bytes.find``: C speed; ``cls`` is that copy of ``nz.ascii_view`` when the caller has it);
    Python work is per run. Returns ``nz`` itself when there is none. ``runs=False``: the
    caller knows ``nz.ascii_view`` has no such run (:data:`_SEARCHES`); it is searched anyway
    when a lone CR or an odd space is made a space here first.
    """
    spaced = _odd_spaces_to_space(nz)
    if spaced is not None:
        nz, cls, runs = spaced, None, True
    text = nz.text
    view = nz.ascii_view
    if len(view) < FOLD_MIN or not runs:
        return nz
    if cls is None:
        cls = view.translate(_CLASS_TABLE)
    pos = cls.find(_WS_RUN)
    if pos < 0:
        return nz
    b = _Builder(text)
    vparts: list[bytes] = []  # the folded text's ASCII view, cut from the view alongside
    n = len(cls)
    prev = 0
    while pos >= 0:
        other = _NOT_WS.search(cls, pos)
        end = other.start() if other is not None else n
        sep = "\n" if view.find(b"\n", pos, end) >= 0 or view.find(b"\r", pos, end) >= 0 else " "
        b.replace(pos, end, sep)
        vparts.append(view[prev:pos])
        vparts.append(sep.encode())
        prev = end
        pos = cls.find(_WS_RUN, end)
    vparts.append(view[prev:])
    folded = b.finish()
    edits = tuple(b.edits)
    return new_normalized(
        nz.original,
        folded,
        nz.events,
        nz.layers,
        b"".join(vparts),
        nz.has_c1,
        nz.source_view,
        True,
        tuple(e[0] for e in edits),
        edits,
        nz,
    )


def ascii_view(text: str) -> bytes:
    """``text`` as ASCII bytes, one byte per character, non-ASCII characters as ``?``."""
    return text.encode("ascii", "replace")


def _ascii_items(text: str, view: bytes | None = None) -> list[tuple[int, int, str, str]]:
    """HTML character references and percent runs: pure ASCII, found by literal-prefixed
    patterns (the fastest search ``re`` has); on ``view``, the ASCII view of ``text``, when
    given (the same offsets, and a bytes search costs less than one over 4-byte characters)."""
    items: list[tuple[int, int, str, str]] = []
    if view is not None:
        if b"&" in view:
            items += [
                (m.start(), m.end(), "ent", m.group().decode("ascii"))
                for m in _AMP_RE_B.finditer(view)
            ]
        if b"%" in view:
            items += [
                (m.start(), m.end(), "pct", m.group().decode("ascii"))
                for m in _PCT_RE_B.finditer(view)
            ]
        return items
    if "&" in text:
        items += [(m.start(), m.end(), "ent", m.group()) for m in _AMP_RE.finditer(text)]
    if "%" in text:
        items += [(m.start(), m.end(), "pct", m.group()) for m in _PCT_RE.finditer(text)]
    return items


@cache
def _char_classes(nfkc: bool) -> _charscan.Classes:
    """The character classes of :mod:`cordon.content._charscan` (NFKC-unstable: only when
    asked for, it takes ~0.1 s to build)."""
    return (
        invisible_chars(),
        frozenset(_NL),
        frozenset(_C1),
        frozenset(map(chr, _LETTER_SKELETON)),
        _nfkc_unstable() if nfkc else frozenset(),
        _WIDE_ODD,
    )


def _scan_items(
    text: str, view: bytes, seen: set[str] | None = None
) -> tuple[list[tuple[int, int, str, str]], bool]:
    """Spans of ``text`` to rewrite, in order, as ``(start, end, kind, group)``, and whether
    ``text`` has a C1 control that starts an escape sequence (CSI or OSC). ``seen`` gets
    ``"odd"`` unless ``text`` is known to hold no non-ASCII odd space (:data:`_ODD_SPACES`)."""
    if text.isascii():
        items = _ascii_items(text)
        if len(items) > 1:
            items.sort()
        return items, False
    nfkc = not unicodedata.is_normalized("NFKC", text)
    fast = _charscan.scan(text, _char_classes(nfkc), nfkc, seen)
    if fast is not None:  # one Hyperscan pass: the same items as the pattern pass below
        items, has_c1 = fast
        items += _ascii_items(text, view)
        items.sort()
        return items, has_c1
    if seen is not None:
        seen.add("odd")
    items = []
    has_c1 = False
    pattern = _scan_re(_may_have_astral(text), nfkc)
    for m in pattern.finditer(text):
        kind = m.lastgroup or ""
        if kind == "c1":
            has_c1 = True
            continue
        items.append((m.start(), m.end(), kind, m.group()))
    mixed = mixed_positions(text, view, _LETTER_SKELETON)
    if mixed:
        items += mixed
        items.sort()
    return items, has_c1


def _rewrite(b: _Builder, text: str, start: int, end: int, kind: str, group: str) -> None:
    """Rewrite one span found by :func:`_scan_items` into ``b``."""
    if kind == "inv":
        _invisible_run(b, start, end, group)
    elif kind == "ent":
        decoded = html.unescape(group)
        if decoded != group:
            b.replace(start, end, _clean_decoded(b, start, end, decoded))
    elif kind == "pct":
        try:
            decoded = unquote_to_bytes(group).decode("utf-8")
        except UnicodeDecodeError:
            return
        b.replace(start, end, _clean_decoded(b, start, end, decoded))
    elif kind == "nl":
        b.replace(start, end, "\n")
    elif kind == "conf":
        _homoglyph_word(b, start)
    else:  # nfkc
        s = start
        if unicodedata.combining(text[start]) and start > b.cursor:
            s = start - 1
        new = unicodedata.normalize("NFKC", text[s:end])
        if new != text[s:end]:
            b.replace(s, end, new)


#: the builder of a character pass that found nothing (its ``layers`` are read, never added to)
_NO_TAGS = _Builder("")


def normalize(text: str) -> Normalized:
    """Normalise ``text`` for matching; see the module docstring for every step.

    Args:
        text: any string (a tool result's text, a description...).

    Returns:
        :class:`Normalized` with the matching text, structural events, decoded layers, the
        ASCII view and the offset map. Never raises on malformed encodings: runs that do not
        decode stay as they are.
    """
    view = ascii_view(text)
    if not text.isascii() or "&" in text or "%" in text:
        return _later_stages(*_first_stage(text, view))
    # ASCII text without ``&`` or ``%``: the character pass finds nothing to rewrite in it
    # (:func:`_ascii_items` looks for those two only) and its stage is the text itself
    first = new_normalized(text, text, (), (), view, False, view, False)
    if len(text) < FOLD_MIN and "\\" not in text and text.isprintable():
        # and no later stage changes it: base64 runs are 20+ characters, whitespace runs
        # FOLD_MIN, troff escapes start with a backslash, and printable ASCII has no CR, no
        # odd space and no line break (the hyphen stage's). tests/content/test_normalize_fast
        return first
    return _later_stages(first, _NO_TAGS)


def _normalize_general(text: str) -> Normalized:
    """:func:`normalize` without its shortcuts for ASCII text: what they are tested against."""
    return _later_stages(*_first_stage(text, ascii_view(text)))


def _first_stage(text: str, view: bytes) -> tuple[Normalized, _Builder]:
    """The character pass: entities, percent runs, invisible characters, line separators,
    NFKC and look-alike words rewritten (:func:`_scan_items`); ``view`` is ``text``'s ASCII
    view. With the builder, whose ``layers`` are the tag layers found."""
    b = _Builder(text)
    seen: set[str] = set()
    items, has_c1 = _scan_items(text, view, seen)
    for start, end, kind, group in items:
        if start < b.cursor:  # inside a word already rewritten as a skeleton
            continue
        _rewrite(b, text, start, end, kind, group)
    out = b.finish()
    edits = tuple(b.edits)
    if out is not text:
        # a C1 control of the original is in ``has_c1`` already; one can also come out of a
        # decoded entity or percent run
        has_c1 = has_c1 or b.c1
    ns = tuple(e[0] for e in edits)
    wide_odd = "odd" in seen or b.odd
    out_view = view if out is text else ascii_view(out)
    events = tuple(b.events)
    nz = new_normalized(
        text, out, events, tuple(b.layers), out_view, has_c1, view, wide_odd, ns, edits
    )
    return nz, b


def _later_stages(first: Normalized, b: _Builder) -> Normalized:
    """Base64 layers found, troff escapes removed, whitespace runs folded and hyphenated
    words joined, after the character pass (``first``, built by ``b``)."""
    # one class copy of the view serves the base64 and the whitespace-run searches; on a large
    # text, only when one Hyperscan pass finds where either search can find something
    view = first.ascii_view
    found = _SEARCHES.present(view) if len(view) >= PREFILTER_MIN else None
    b64, runs = found if found is not None else (True, True)
    cls = view.translate(_CLASS_TABLE) if len(view) >= FOLD_MIN and (b64 or runs) else None
    layers = b.layers + (_base64_layers(b, first.text, view, first, cls) if b64 else [])
    if len(layers) > len(first.layers):
        first = new_normalized(
            first.original,
            first.text,
            first.events,
            tuple(layers),
            view,
            first.has_c1,
            first.source_view,
            first._wide_odd,
            first._ns,
            first._edits,
        )
    troffed = _troff.stage(first)  # troff escapes removed, as a man page renders them
    if troffed is None:
        return _hyphen.stage(_fold_whitespace(first, cls, runs=runs))
    found = _SEARCHES.present(troffed.ascii_view) if len(view) >= PREFILTER_MIN else None
    return _hyphen.stage(_fold_whitespace(troffed, runs=found is None or found[1]))
