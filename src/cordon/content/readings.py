"""Other readings of a text: what a model reads where a keyword filter sees noise.

Each reading is a rewritten copy of one region of the (normalised) text, scanned on its own
by :func:`cordon.content.scanner.scan_hits`; a finding in it is reported with the region's
span. Readings are made only where their marks occur:

* **letter spacing**: ``i g n o r e   a l l``, ``I.g.n.o.r.e``, ``d-i-s-r-e-g-a-r-d``: runs of
  single letters joined by one separator read as words (HackAPrompt's obfuscation class,
  Schulhoff et al., arXiv:2311.16119); letters spaced with a dot and spaces
  (``R.e.v.e.a.l. y.o.u.r.``, ``i. g. n. o. r. e  a. l. l``) read the same, a wider gap than
  the one between letters ending a word. Abbreviations (``e.g.``, ``U.S.A.``, initials) are
  runs of short words and make no reading: a dotted run is read only when one of its words
  has five letters or more and is not a slice of the alphabet (``a. b. c. d. e. f.``);
* **leetspeak**: ``1gn0r3 4ll pr3v10us`` on a line with two or more such words, digits read as
  the letters they stand for (Wei et al., 'Jailbroken', arXiv:2307.02483);
* **rot13**: a line with two or more rot13 forms of common English words (``gur``, ``naq``,
  ``vtaber``...) read rotated back (Wei et al., arXiv:2307.02483);
* **split lists and tables**: consecutive list items or table rows of a few words each, read
  without their bullets, numbers and pipes (an instruction split across lines: 'ignore the /
  previous / instructions');
* **inline markup**: a line with emphasis marks, HTML tags or comments between its words,
  read without them (``**ignore** previous``, ``ignore <b>previous</b> instructions``);
* **hex**: a run of printable-ASCII byte pairs (``41 6e 61``, ``0x41,0x6e``, or the pairs with
  no separator) read decoded, the base16 counterpart of the normaliser's base64 layer (garak's encoding
  probes, InjectHex and InjectBase16: NVIDIA garak ``probes/encoding.py``). Every pair of such
  a run starts with 2-7, which a hash or an id (uniform hex digits) almost never does.

A letter-spaced run keeps the characters of an address with it ('t o  a @ b . c o m'), and a
leetspeak line keeps the ``@`` of an address and reads short digit-only words ('70' for 'to'),
so a destination survives into the reading the sink rules scan.

Where Hyperscan is available one pass of :data:`_GATE` over the lower-cased ASCII view finds
each mark (:func:`cordon.content._accel.find`, compiled at :func:`warm`); the Python patterns
run on the lines around them only. Every step is linear; at most :data:`MAX_READINGS`
readings per text, and past it one more per kind (the rest of that kind's readings joined).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter
from functools import partial
from re import _parser  # type: ignore[attr-defined]

from cordon.content import _accel

__all__ = ["MAX_READINGS", "identifier_words", "readings", "warm"]

#: readings made per text at most (a wall of them is still one verdict)
MAX_READINGS = 64

_SEP = r"(?:[ .\-_*]|\. )"
#: the marks, over the ASCII view (``bytes`` regex syntax): four spaced letters; a
#: letter-digit-letter word next to another leet word; a rot13 marker word; two consecutive
#: short list items or table rows; a hex run; inline markup (emphasis, an HTML tag or comment)
#: next to a word
_GATE: tuple[str, ...] = (
    r"[a-z]" + _SEP + r"[a-z]" + _SEP + r"[a-z]" + _SEP + r"[a-z]",
    r"[a-z0-9]{0,8}[0134][a-z][a-z0-9]{0,8}[ \t]{1,3}[a-z0-9]{0,8}[a-z][0134][a-z0-9]?",
    r"\b(?:gur|naq|lbhe?|vtaber|cerivbhf|vafgehpgvbaf|fraq|cnffjbeqf?|frperg|flfgrz|cebzcg|nyy|"
    r"guvf|jvgu|sebz|nffvfgnag|hfre)\b",
    r"\n[ \t]{0,8}(?:[-*+>|]|[0-9]{1,3}[.)])[^\n]{0,200}\n[ \t]{0,8}(?:[-*+>|]|[0-9]{1,3}[.)])",
    r"(?:[2-7][0-9a-f]){12}|(?:[2-7][0-9a-f](?:[ :,]|,?[ ]?0x)){8}",
    r"[a-z0-9](?:\*{1,3}|_{1,3}|~~)[ \t]|[ \t](?:\*{1,3}|_{1,3}|~~)[a-z0-9]"
    r"|[a-z0-9][ \t]*<[!/a-z][^>\n]{0,80}>|<[!/a-z][^>\n]{0,80}>[ \t]*[a-z0-9]|[a-z0-9]\]\(",
)
SPACED, LEET, ROT13, LISTS, HEX, MARKUP = range(6)

_SPACED_RUN = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z](?:(?:[ .\-_*]|[ \t]{2,4})[A-Za-z](?![A-Za-z0-9])){5,}"
)
#: letters spaced with a dot and up to four spaces, or two to four spaces (a word gap)
_DOTTED_RUN = re.compile(
    r"(?<![A-Za-z0-9.])[A-Za-z](?:(?:\.[ \t]{0,4}|[ \t]{2,4})[A-Za-z](?![A-Za-z0-9])){5,}"
)
_NOT_LETTERS = re.compile(r"([^A-Za-z]+)")
_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
#: a dotted run's word has at least this many letters (abbreviations have fewer)
_DOTTED_WORD = 5
#: a letter-spaced run of any printable character but space, one separator space each and
#: two to four between words: the spelling that carries an address ('m a r k @ x . c o m')
_SPACED_WIDE = re.compile(r"(?<!\S)[!-~](?:(?: |[ \t]{2,4})[!-~](?!\S)){5,}")
#: a leet word is a whole run of word characters (a run with no letter is tried once, at its
#: start: tried at each of its characters, a long digit run was quadratic, 40 KB took 12 s);
#: the same matches as the pattern without the look-behind, which matches inside a run only
#: after failing at its start (a match ends at the run's end)
_LEET_WORD = re.compile(
    r"(?<![A-Za-z0-9@$])[A-Za-z0-9@$]*[A-Za-z][A-Za-z0-9@$]*"
    r"|(?<![\w.@-])[0134579]{2,3}(?![\w@-])"
)
_LEET_DIGIT = re.compile(r"[0134579@$]")
_LEET_MAP = str.maketrans("0134579@$", "oieastgas")
#: an address inside a leet word: its '@' stays ('4774ck3r@3v1l.c0m')
_LEET_AT = re.compile(r"(?<=[A-Za-z0-9])@(?=[A-Za-z0-9])")
_HEX_RUN = re.compile(
    r"(?<![0-9A-Fa-f])(?:[2-7][0-9A-Fa-f]){12,}(?![0-9A-Fa-f])"
    r"|(?<![0-9A-Fa-f])(?:0[xX])?[2-7][0-9A-Fa-f](?:(?:[ :,]|,?[ ]?0[xX])[2-7][0-9A-Fa-f]){7,}"
    r"(?![0-9A-Fa-f])"
)
_HEX_SEP = re.compile(r"0[xX]|[ :,]")
_ROT13 = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm",
)
_ROT13_MARKS = frozenset(
    "gur naq lbh lbhe vtaber cerivbhf vafgehpgvbaf fraq cnffjbeq cnffjbeqf frperg flfgrz "
    "cebzcg nyy guvf jvgu sebz nffvfgnag hfre".split()
)
_WORD = re.compile(r"[A-Za-z']+")
_ITEM = re.compile(r"^[ \t]{0,8}(?:[-*+>•]|\|(?:[ \t]*[0-9]{1,3}[ \t]*\|)?|[0-9]{1,3}[.)])[ \t]*")
_RULE_ROW = re.compile(r"^[ \t|:\-+]*$")
#: the start of a line that can be an item (:data:`_ITEM`) or a table's rule row
#: (:data:`_RULE_ROW`, with a pipe): every such line's start matches; found after the line
#: break before it (a literal head: ``re`` looks for it in C, where a ``^`` is tried at every
#: character)
_LIST_HEAD = r"(?:[ \t]{0,8}(?:[-*+>•|]|[0-9]{1,3}[.)])|[ \t|:\-+]*\|)"
_LIST_FIRST = re.compile(_LIST_HEAD)
_LIST_LINE = re.compile("\n" + _LIST_HEAD)


#: the gate as one Python pattern (a short text, or Hyperscan not ready) and one per mark
_GATE_ANY = re.compile("|".join(f"(?:{p})" for p in _GATE).encode("ascii"))
_GATE_RE = tuple(re.compile(p.encode("ascii")) for p in _GATE)
#: shorter views take the Python gate: one Hyperscan call costs more than a search there
_SHORT = 4096
#: shorter texts have no reading: the shortest override a rule finds is longer than this
#: even letter-spaced or in leetspeak, and most strings of a JSON result are shorter
_MIN_TEXT = 16
#: characters read around a marked block (then widened to whole lines by the line readings)
_AROUND = 1024
#: a long view's marks are placed by block of this many bytes (:func:`_regions`)
_BLOCK = 256
#: each mark's widest match, in bytes (every mark is bounded)
_GATE_WIDTH = tuple(int(_parser.parse(p).getwidth()[1]) for p in _GATE)


def _regions(lview: bytes) -> tuple[list[tuple[int, int]], ...]:
    """Per mark, the ranges of ``lview`` (the lower-cased ASCII view) to read for it.

    A view shorter than :data:`_SHORT` is read whole for each mark it holds. A longer one is
    read around the *marked blocks*: the :data:`_BLOCK`-byte blocks of the view in which a
    match of the mark starts, each widened by :data:`_AROUND` either side. That set is a
    function of the text alone, so the Hyperscan pass and the Python pass (no wheel,
    ``CORDON_HYPERSCAN=0``, the database still compiling) read the same regions and make the
    same readings (``tests/content/test_hs_parity.py``). A pass that read the whole text once
    a mark occurred anywhere in it would read lines no mark is near (two words with digits,
    ``\\x1b[8m`` or ``unit42``, make a leetspeak line) and find what the other pass does not.
    Hyperscan only says which blocks may hold a start; each is decided by ``re``."""
    if len(lview) < _SHORT:
        if _GATE_ANY.search(lview) is None:  # the common case: one search says no
            return ([], [], [], [], [], [])
        whole = [(0, len(lview))]
        return tuple(whole if p.search(lview) else [] for p in _GATE_RE)
    blocks = _blocks_of_ends(lview)
    if blocks is None:
        blocks = _blocks_found(lview)
        if blocks is None:
            if _GATE_ANY.search(lview) is None:
                return ([], [], [], [], [], [])
            blocks = tuple(_blocks_walk(p, lview) for p in _GATE_RE)
    return tuple(_around(bs, w, len(lview)) for bs, w in zip(blocks, _GATE_WIDTH, strict=True))


#: a run of spaces and tabs this long in a view sends the gate to :func:`_accel.find`: below
#: it, every mark's match is at most :data:`_GATE_TIGHT` bytes (the markup mark's ``[ \t]*``)
_TAB_RUN = 16
_SPTAB = bytes(ord("w") if c in b" \t" else ord(".") for c in range(256))
_GATE_TIGHT = tuple(
    int(_parser.parse(p.replace(r"[ \t]*", rf"[ \t]{{0,{_TAB_RUN - 1}}}")).getwidth()[1])
    for p in _GATE
)


def _blocks_of_ends(view: bytes) -> tuple[list[int], ...] | None:
    """Per mark, the marked blocks of ``view`` (see :func:`_regions`) from Hyperscan's raw
    ends, each block decided by ``re``; ``None`` when the database is not ready or the view
    holds a run of :data:`_TAB_RUN` spaces and tabs (then :func:`_accel.find` confirms).

    A match ending at ``t`` starts in ``[t - width, t)``: the blocks of those starts are the
    candidates, decided in increasing order by a search from the block's start. A mark whose
    width reaches past the view's end (markup: ``[ \t]*``) needs its first marked block only:
    :func:`_around` widens it to the view's end, and every later region merges into it. So
    the ~40,000 markup ends of 10 MB of installed documents cost one callback each and a
    search or two, where each was a confirming search and an anchored match."""
    per = _accel.ends(_GATE, view)
    if per is None:
        return None
    n = len(view)
    if per[MARKUP] and view.translate(_SPTAB).find(b"w" * _TAB_RUN) >= 0:
        return None
    out: list[list[int]] = []
    for pattern, width, ends in zip(_GATE_RE, _GATE_TIGHT, per, strict=True):
        out.append(_decide(pattern, width, view, ends, _GATE_WIDTH[len(out)] >= n))
    return tuple(out)


def _decide(
    pattern: re.Pattern[bytes], width: int, view: bytes, ends: list[int], first: bool
) -> list[int]:
    """The marked blocks among the candidates of ``ends`` (:func:`_blocks_of_ends`); ``first``:
    only the first of them."""
    n, search, marked = len(view), pattern.search, []
    done = 0  # the blocks before this one are decided
    for t in ends:
        for k in range(max(done, (t - width) // _BLOCK), (t - 1) // _BLOCK + 1):
            end = (k + 1) * _BLOCK
            m = search(view, k * _BLOCK, min(n, end + width))
            if m is not None and m.start() < end:
                marked.append(k)
                if first:
                    return marked
        done = max(done, (t - 1) // _BLOCK + 1)
    return marked


def _blocks_found(view: bytes) -> tuple[list[int], ...] | None:
    """Per mark, the marked blocks of ``view`` from :func:`_accel.find`'s confirmed spans
    (:func:`_blocks_checked`); ``None`` when the database is not ready."""
    found = _accel.find(_GATE, view)
    if found is None:
        return None
    spans: tuple[list[tuple[int, int]], ...] = ([], [], [], [], [], [])
    for i, s, e in found:
        spans[i].append((s, e))
    return tuple(
        _blocks_checked(p, w, view, sorted(sp))
        for p, w, sp in zip(_GATE_RE, _GATE_WIDTH, spans, strict=True)
    )


def _blocks_walk(pattern: re.Pattern[bytes], view: bytes) -> list[int]:
    """The marked blocks of ``view`` (see :func:`_regions`), by one search per marked block."""
    out = []
    m = pattern.search(view)
    while m is not None:
        k = m.start() // _BLOCK
        out.append(k)
        m = pattern.search(view, (k + 1) * _BLOCK)
    return out


def _blocks_checked(
    pattern: re.Pattern[bytes], width: int, view: bytes, spans: list[tuple[int, int]]
) -> list[int]:
    """The marked blocks of ``view`` among those ``spans`` touch: Hyperscan's spans of the
    mark, each covering the start of every match it stands for (:func:`_accel.find`). A
    block holding a span's start is marked when a match starts right there (one anchored
    match); every other block a span touches is decided by a search that starts at the block.
    Both read ``width`` (the mark's widest match) past where a match can start, so a match's
    end sees the bytes a whole-text search would."""
    n = len(view)
    marked: set[int] = set()
    touched: set[int] = set()
    match = pattern.match
    for s, e in spans:
        k = s // _BLOCK
        if k not in marked and match(view, s, min(n, s + width + 1)) is not None:
            marked.add(k)
        last = (e - 1) // _BLOCK
        if last > k or k not in marked:
            touched.update(range(k, last + 1))
    search = pattern.search
    for k in touched - marked:
        end = (k + 1) * _BLOCK
        m = search(view, k * _BLOCK, min(n, end + width))
        if m is not None and m.start() < end:
            marked.add(k)
    return sorted(marked)


def _around(blocks: list[int], width: int, size: int) -> list[tuple[int, int]]:
    """Marked blocks widened by :data:`_AROUND` either side, merged; the end by the mark's
    ``width`` too, so a region holds each match whole and :data:`_AROUND` after it."""
    out: list[tuple[int, int]] = []
    for k in blocks:
        lo, hi = max(0, k * _BLOCK - _AROUND), min(size, (k + 1) * _BLOCK + width + _AROUND)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


def _spaced(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    out = []
    wide = [(m.span(), m.group()) for m in _SPACED_WIDE.finditer(text, lo, hi)]
    for span, run in wide:
        words = [w.replace(" ", "") for w in re.split(r"[ \t]{2,4}", run)]
        out.append((span, " ".join(words)))
    dotted = _dotted(text, lo, hi)
    out += dotted
    # a run inside a span read whole is skipped: some span starts at or before it and ends at
    # or after it, so the furthest end among the spans starting at or before it decides (one
    # bisect a run; a scan of every span a run made letter-spaced text quadratic)
    whole = sorted(span for span, _ in wide + dotted)
    starts = [s for s, _ in whole]
    furthest = list(itertools.accumulate((e for _, e in whole), max))
    for m in _SPACED_RUN.finditer(text, lo, hi):
        k = bisect.bisect_right(starts, m.start()) - 1
        if k >= 0 and furthest[k] >= m.end():
            continue  # read whole, with its punctuation or its dotted words, above
        run = m.group()
        seps = re.findall(r"(?<=[A-Za-z])([ .\-_*])(?=[A-Za-z])", run)
        # the most common separator, ties to the first seen (deterministic)
        inner = Counter(seps).most_common(1)[0][0] if seps else " "
        gap = r"[ \t]{2,4}" if inner == " " else r"[ \t]+"
        words = [w.replace(inner, "") for w in re.split(gap, run)]
        out.append((m.span(), " ".join(words)))
    return out


def _spaced_all(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    """The letter-spaced readings: each run (:func:`_spaced`), then the line around each run
    whole (:func:`_spaced_lines`): only lines holding a run are read again, and at most
    :data:`_LINE_AROUND` characters either side of the runs (a long line with many runs is
    read once, not once a region)."""
    runs = _spaced(text, lo, hi)
    windows: list[tuple[int, int]] = []
    for a, b in sorted(span for span, _ in runs):
        start = max(text.rfind("\n", 0, a) + 1, a - _LINE_AROUND)
        end = text.find("\n", b)
        end = min(len(text) if end < 0 else end, b + _LINE_AROUND)
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], end))
        else:
            windows.append((start, end))
    return runs + _spaced_lines(text, windows)


#: characters of a run's line read with it either side
_LINE_AROUND = 256


#: the separators of a letter-spaced line, each with its run: single characters (any but
#: whitespace and the separator: '@', '~', '/', 'ç' are part of what is spelt) joined by one
#: to four separators or by whitespace, the first and last standing alone
_LINE_SEPS = " ._-/*"
_LINE_RUN = {
    sep: re.compile(
        rf"(?<![^\s{re.escape(sep)}])[^\s{re.escape(sep)}]"
        rf"(?:(?:{re.escape(sep)}{{1,4}}|[ \t]+)[^\s{re.escape(sep)}](?![^\s{re.escape(sep)}]))+"
        if sep != " "
        else r"(?<!\S)\S(?:[ \t]+\S(?!\S))+"
    )
    for sep in _LINE_SEPS
}
_LINE_GAP = {sep: re.compile(rf"{re.escape(sep)}+|[ \t]+") for sep in _LINE_SEPS}


def _spaced_lines(text: str, windows: list[tuple[int, int]]) -> list[tuple[tuple[int, int], str]]:
    """Each window (a line around a letter-spaced run) read whole with its runs joined: the runs of :data:`_SPACED_RUN` stop at an '@', a '~/.', a non-ASCII letter, a
    doubled separator or a word that is not spaced, so 'f.o.r.w.a.r.d ... t.o
    h.r.-.c.o.p.y.@.m.a.i.l...e.x.a.m.p.l.e' or 'R E A D  ~/.aws/credentials  A N D  P A S S'
    was read in pieces, the verb in one and the destination in another. The line's
    separator is the one whose runs hold the most characters; one separator joins the
    characters, two or whitespace part words, three around a character that is the separator
    itself keep it ('d.r.o.p...e.x' is 'drop.ex', a '.' of a domain)."""
    out = []
    for s, e in windows:
        if e - s < 12:
            continue
        best = ""
        runs: list[re.Match[str]] = []
        for sep in _LINE_SEPS:
            if text.find(sep, s, e) < 0:
                continue
            found = [
                m
                for m in _LINE_RUN[sep].finditer(text, s, e)
                if m.end() - m.start() >= 11 and sep in m.group()
            ]
            if found and sum(m.end() - m.start() for m in found) > sum(
                m.end() - m.start() for m in runs
            ):
                best, runs = sep, found
        if not runs:
            continue
        parts, at = [], s
        for m in _LINE_RUN[best].finditer(text, s, e):
            if best not in m.group():
                continue  # single characters parted by whitespace only: words as written
            parts.append(text[at : m.start()])
            parts.append(_LINE_GAP[best].sub(partial(_gap, best), m.group()))
            at = m.end()
        parts.append(text[at:e])
        out.append(((s, e), "".join(parts)))
    return out


def _gap(sep: str, m: re.Match[str]) -> str:
    """A gap of a letter-spaced run as read (:func:`_spaced_lines`)."""
    g = m.group()
    if g == sep:
        return ""
    return "." if sep == "." and g == "..." else " "


def _dotted(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    """Runs of letters spaced with a dot and spaces, read as words: the separator seen most
    often is the one between letters, and a separator with more whitespace ends a word."""
    out = []
    for m in _DOTTED_RUN.finditer(text, lo, hi):
        parts = _NOT_LETTERS.split(m.group())
        letters, seps = parts[0::2], parts[1::2]
        if not any(sep[0] == "." and len(sep) > 1 for sep in seps):
            continue  # one separator only: the run of :data:`_SPACED_RUN`
        width = len(Counter(seps).most_common(1)[0][0].replace(".", ""))  # its whitespace
        words, word = [], [letters[0]]
        for sep, letter in zip(seps, letters[1:], strict=True):
            if len(sep.replace(".", "")) > width:
                words.append("".join(word))
                word = []
            word.append(letter)
        words.append("".join(word))
        if any(len(w) >= _DOTTED_WORD and w.lower() not in _ALPHABET for w in words):
            out.append((m.span(), " ".join(words)))
    return out


def _lines(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The lines overlapping ``[lo, hi)``."""
    hi = min(hi, len(text))
    start = text.rfind("\n", 0, lo) + 1
    out = []
    while start < hi:
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        out.append((start, end))
        start = end + 1
    return out


def _leet(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    out = []
    for s, e in _lines(text, lo, hi):
        line = text[s:e]
        # a digit-only word ('70') is read but does not make a line leetspeak
        words = [w for w in _LEET_WORD.findall(line) if _LEET_DIGIT.search(w) and not w.isdigit()]
        if len(words) >= 2:
            out.append(((s, e), _LEET_WORD.sub(_unleet, line)))
    return out


#: inline markup a renderer drops and a model reads past: a link (its text kept), an HTML comment, an HTML tag, and
#: emphasis marks (``*``, ``_``, ``~~``) at the edge of a word. Not code spans: a backtick
#: quotes (a mention, :func:`cordon.content.scanner._is_mention`)
_MARKUP = re.compile(
    r"\[([^\[\]\n]{1,80})\]\([^()\s]{0,200}\)|<!--[^\n]{0,400}?-->|</?[A-Za-z][A-Za-z0-9]{0,9}(?:[ \t/][^<>\n]{0,200})?>"
    r"|(?<![A-Za-z0-9*_~])(?:\*{1,3}|_{1,3}|~~)(?=[A-Za-z0-9])"
    r"|(?<=[A-Za-z0-9])(?:\*{1,3}|_{1,3}|~~)(?![A-Za-z0-9*_~])"
)
#: tags that end a line or a cell where they stand: read as a space, the others as nothing
_BREAK_TAG = re.compile(r"</?(?:br|p|div|li|tr|td|th|h[1-6]|hr|ul|ol|table|blockquote|pre)\b", re.I)


def _unmarked(m: re.Match[str]) -> str:
    if m.group(1) is not None:  # a link: its text
        return m.group(1)
    return " " if _BREAK_TAG.match(m.group()) else ""


def _markup(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    """Lines with inline markup read without it: '**ignore** previous instructions',
    'ignore <b>previous</b> instructions', 'ignore<br>previous instructions' and an empty
    comment between two words are what a rendered page or a model shows as plain words,
    while the rules' word boundaries and whitespace fillers stop at the marks."""
    out: list[tuple[tuple[int, int], str]] = []
    hi = min(hi, len(text))
    first = text.rfind("\n", 0, lo) + 1  # the lines overlapping [lo, hi) (:func:`_lines`)
    if first >= hi:
        return out
    last = text.find("\n", hi - 1)
    last = len(text) if last < 0 else last
    # every match of _MARKUP starts at one of _MARKUP_START's characters, holds no line break
    # and is never empty, so ``_MARKUP.sub`` of a line is the line with the matches an
    # anchored match finds at those characters replaced, left to right, the next one looked
    # for past the last replacement: found at C speed, where ``sub`` tried each alternative at
    # each character of every line it rewrote. Anchored in ``text`` and ending at the line's
    # end, a match sees what it sees in the line alone (its look-behinds read one character,
    # and a line break before the line's start is read as the line's own start is)
    s = e = -1
    at = 0  # the line's characters before this one are in ``pieces``
    pieces: list[str] | None = None  # the reading of the line, while one match was found
    match = _MARKUP.match
    for c in _MARKUP_START.finditer(text, first, last):
        p = c.start()
        if p > e:
            if pieces is not None:
                pieces.append(text[at:e])
                out.append(((s, e), "".join(pieces)))
                pieces = None
            s = text.rfind("\n", 0, p) + 1
            e = text.find("\n", p)
            e = len(text) if e < 0 else e
        elif p < at:
            continue  # inside a match already replaced
        m = match(text, p, e)
        if m is not None:
            if pieces is None:
                pieces, at = [], s
            pieces.append(text[at:p])
            pieces.append(_unmarked(m))
            at = m.end()
    if pieces is not None:
        pieces.append(text[at:e])
        out.append(((s, e), "".join(pieces)))
    return out


#: the first character of every match of :data:`_MARKUP`
_MARKUP_START = re.compile(r"[\[<*_~]")


def _unleet(m: re.Match[str]) -> str:
    """A leet word read as letters, the '@' of an address kept."""
    parts = _LEET_AT.split(m.group())
    return "@".join(p.translate(_LEET_MAP) for p in parts)


def _hex(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    out = []
    for m in _HEX_RUN.finditer(text, lo, hi):
        digits = _HEX_SEP.sub("", m.group())
        if len(digits) % 2:
            digits = digits[:-1]
        decoded = bytes.fromhex(digits).decode("ascii")  # every pair is 0x20-0x7f
        if " " in decoded and sum(c.isalpha() or c == " " for c in decoded) >= 0.7 * len(decoded):
            out.append((m.span(), decoded))
    return out


def _rot13(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    out = []
    for s, e in _lines(text, lo, hi):
        line = text[s:e]
        marks = {w.lower() for w in _WORD.findall(line)} & _ROT13_MARKS
        if len(marks) >= 2:
            out.append(((s, e), line.translate(_ROT13)))
    return out


def _lists(text: str, lo: int, hi: int) -> list[tuple[tuple[int, int], str]]:
    out: list[tuple[tuple[int, int], str]] = []
    block: list[tuple[int, int, str]] = []

    def flush() -> None:
        if len(block) >= 2:
            out.append(((block[0][0], block[-1][1]), "\n".join(b[2] for b in block)))
        block.clear()

    hi = min(hi, len(text))
    first = text.rfind("\n", 0, lo) + 1  # the lines overlapping [lo, hi) (:func:`_lines`)
    if first >= hi:
        return out
    stop = text.find("\n", hi - 1)
    stop = len(text) if stop < 0 else stop
    # only the lines whose start :data:`_LIST_HEAD` matches can be an item or a table's rule
    # row; every other line ends a block, so it is found by the gap it leaves (one search, C
    # speed, where a Python step a line read every line of the regions)
    starts = [c.start() + 1 for c in _LIST_LINE.finditer(text, first, stop)]
    if _LIST_FIRST.match(text, first, stop):
        starts.insert(0, first)
    nxt = first  # the start of the line after the last one read
    for s in starts:
        if s != nxt:
            flush()  # a line between that is neither
        e = text.find("\n", s)
        e = len(text) if e < 0 else e
        nxt = e + 1
        line = text[s:e]
        m = _ITEM.match(line)
        if _RULE_ROW.match(line) and "|" in line:
            continue  # a table's |---|---| row
        body = line[m.end() :].strip().strip("|").strip() if m else ""
        if m is None or len(body.split()) > 4:
            flush()
            continue
        block.append((s, e, body))
    flush()
    return out


_MAKERS = {
    SPACED: _spaced_all,
    LEET: _leet,
    ROT13: _rot13,
    LISTS: _lists,
    HEX: _hex,
    MARKUP: _markup,
}
#: the readings made line by line, each line's from that line alone (not the split lists:
#: a list's block ends at its region's edge)
_BY_LINE = frozenset((LEET, ROT13, MARKUP))


def warm(*, wait: bool = False) -> None:
    """Start compiling the Hyperscan database of the marks (see :func:`_accel.warm`)."""
    _accel.warm(_GATE, wait=wait)


def readings(
    text: str,
    view: bytes,
    lview: bytes | None = None,
    markup: list[tuple[tuple[int, int], str]] | None = None,
) -> list[tuple[tuple[int, int], str]]:
    """``((start, end), reading)`` for each region of ``text`` with another reading;
    ``view`` is ``text``'s ASCII view (one byte per character), ``lview`` that lower-cased
    when the caller has it. ``markup`` gets the inline-markup readings (:func:`_markup`),
    kept apart (the scanner reads them for the critical rules only); without it they are
    not made."""
    out: list[tuple[tuple[int, int], str]] = []
    if len(view) < _MIN_TEXT:
        return out
    seen: set[tuple[tuple[int, int], str]] = set()
    # past the cap, each kind's further readings as one (see :func:`_merged`)
    over: dict[int, list[tuple[tuple[int, int], str]]] = {}
    for kind, spans in enumerate(_regions(view.lower() if lview is None else lview)):
        dest = out if kind != MARKUP else markup
        if dest is None:
            continue
        done = 0  # the lines before this offset were read for this kind already
        for lo, hi in spans:
            if kind in _BY_LINE:
                # a line's reading is a function of the line alone, and a line read for an
                # earlier region is a duplicate: read each line once (a long line touching
                # many regions, each reading it whole, made the scan quadratic)
                lo = max(lo, done)
                if lo >= hi:
                    continue
                end = text.find("\n", hi - 1)
                done = (len(text) if end < 0 else end) + 1
            for item in _MAKERS[kind](text, lo, hi):
                if item not in seen and item[1] != text[item[0][0] : item[0][1]]:
                    seen.add(item)
                    if len(dest) < MAX_READINGS:
                        dest.append(item)
                    else:
                        over.setdefault(kind, []).append(item)
    if markup is not None and MARKUP in over:
        markup.append(_merged(over.pop(MARKUP)))
    return out + [_merged(items) for items in over.values()]


def _merged(items: list[tuple[tuple[int, int], str]]) -> tuple[tuple[int, int], str]:
    """The readings of one kind past :data:`MAX_READINGS` as one reading, a line break between
    them, spanning them all. Dropped, they let a text pad the cap with harmless readings
    (64 letter-spaced words) and then spell its instruction the same way unread; one reading
    keeps the scan linear (each reading was scanned on its own) and what it finds is reported
    over the whole span."""
    return (items[0][0][0], max(e for (_, e), _ in items)), "\n".join(r for _, r in items)


_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[_.\-][A-Za-z0-9]+)*")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def identifier_words(name: str) -> str | None:
    """An identifier read as words: ``content_from_reading_ssh_id_rsa`` -> "content from
    reading ssh id rsa", ``userPrivateKeyPem`` -> "user private key pem"; ``None`` when
    ``name`` is not an identifier of two or more words."""
    if len(name) > 200 or not _IDENTIFIER.fullmatch(name):
        return None
    words = [w for part in re.split(r"[_.\-]+", name) for w in _CAMEL.split(part) if w]
    if len(words) < 2:
        return None
    return " ".join(w.lower() for w in words)
