"""Unicode primitives of :mod:`cordon.textnorm`: invisible characters, folding, confusables.

Invisible characters: Unicode TR36 "Unicode Security Considerations" section 3.1; tag
characters are the "ASCII smuggling" carrier described by Riley Goodside, 2024. Folding: UAX #15
NFKC plus Unicode ``casefold``. Confusables: a TR39-style skeleton (Unicode TR39 section 4)
derived from the ``confusable-homoglyphs`` package's copy of ``confusables.txt``, read at import
as written out beside this module (``_confusables.txt``: ``python -m cordon._textnorm_unicode
--write`` writes it again; a test holds it to the installed package's data).
Import these from :mod:`cordon.textnorm`.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import unicodedata
from typing import TYPE_CHECKING, Any

from cordon._textnorm_decoders import decode_idna

__all__ = [
    "CONFUSABLE_TABLE",
    "INVISIBLE_CHARS",
    "INVISIBLE_RE",
    "decode_tag_ascii",
    "fold_whitespace",
    "invisible_chars",
    "mark_lookalikes",
    "nfkc_casefold",
    "normalize",
    "skeleton",
    "strip_invisible",
]

# --------------------------------------------------------------------------------------------
# Invisible characters
# --------------------------------------------------------------------------------------------

#: Code point ranges (inclusive) removed by :func:`strip_invisible`: every
#: Default_Ignorable_Code_Point of the Unicode Character Database (DerivedCoreProperties.txt;
#: a renderer shows none of them, UAX #44): zero-width characters, soft hyphen, word joiner
#: and invisible operators, bidi embedding/override/isolate controls, the BOM, Mongolian
#: vowel separator, combining grapheme joiner, Hangul fillers, variation selectors (VS1-VS16
#: and VS17-VS256), Unicode tag characters, and the code points reserved as ignorable
#: (U+2065, U+FFF0-U+FFF8, the rest of U+E0000-U+E0FFF): a character a future Unicode
#: assigns there is invisible by definition, and an injection interleaved with unassigned
#: ones is as hidden to the person as one with zero-width spaces.
_INVISIBLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark (bidi)
    (0x115F, 0x1160),  # Hangul choseong/jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels (invisible)
    (0x180B, 0x180F),  # Mongolian free variation selectors and vowel separator
    (0x200B, 0x200F),  # ZWSP, ZWNJ, ZWJ, LRM, RLM
    (0x202A, 0x202E),  # LRE, RLE, PDF, LRO, RLO
    (0x2060, 0x206F),  # word joiner, invisible operators, U+2065 (reserved), LRI, RLI,
    #                    FSI, PDI and deprecated format characters
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors 1-16
    (0xFEFF, 0xFEFF),  # BOM / zero-width no-break space
    (0xFFA0, 0xFFA0),  # half-width Hangul filler
    (0xFFF0, 0xFFF8),  # reserved ignorable (before the specials U+FFF9-U+FFFD)
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol formatting characters
    (0xE0000, 0xE0FFF),  # tag characters, variation selectors 17-256, reserved ignorable
)

if TYPE_CHECKING:
    #: Every invisible code point :func:`strip_invisible` removes (:func:`invisible_chars`).
    INVISIBLE_CHARS: frozenset[str]


@functools.cache
def invisible_chars() -> frozenset[str]:
    """Every invisible code point :func:`strip_invisible` removes, as one-character strings;
    also read as ``INVISIBLE_CHARS``. Built at its first use (a scan's first non-ASCII text):
    4,200 strings, the tag block's 4,096 among them, held from start-up were 0.5 MB of every
    ``cordon run``'s resting memory (bench/perf/README.md, "Resting memory")."""
    return frozenset(chr(cp) for lo, hi in _INVISIBLE_RANGES for cp in range(lo, hi + 1))


def __getattr__(name: str) -> Any:
    # PEP 562: ``INVISIBLE_CHARS`` is the set :func:`invisible_chars` builds at its first use
    if name == "INVISIBLE_CHARS":
        return invisible_chars()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _range_class(ranges: tuple[tuple[int, int], ...]) -> str:
    parts = []
    for lo, hi in ranges:
        parts.append(
            re.escape(chr(lo)) if lo == hi else f"{re.escape(chr(lo))}-{re.escape(chr(hi))}"
        )
    return "[" + "".join(parts) + "]"


#: Compiled pattern matching one invisible character (see :func:`invisible_chars`).
INVISIBLE_RE: re.Pattern[str] = re.compile(_range_class(_INVISIBLE_RANGES))
#: runs written ``C C*``, not ``C+``: ``re`` skips to a pattern's first character with its
#: character-set search only when the pattern opens on a bare class (10 MB of installed
#: documents: ``sub`` 76 ms against 174 ms of CPU, the same matches)
_INVISIBLE_RUN_RE = re.compile(_range_class(_INVISIBLE_RANGES) * 2 + "*")
_TAG_RUN_RE = re.compile("[\U000e0000-\U000e007f][\U000e0000-\U000e007f]*")
_TAG_TABLE = {
    cp: (cp - 0xE0000 if 0xE0020 <= cp <= 0xE007E else None) for cp in range(0xE0000, 0xE0080)
}


def strip_invisible(text: str) -> str:
    """Remove every invisible character (:func:`invisible_chars`) from ``text``.

    ASCII text is returned unchanged without a scan. Source: Unicode TR36 section 3.1 and
    TR39 section 3.1 (default-ignorable code points used to split or disguise identifiers).
    """
    if text.isascii():
        return text
    return _INVISIBLE_RUN_RE.sub("", text)


def decode_tag_ascii(text: str) -> str:
    """Reveal Unicode tag characters as the ASCII they shadow ("ASCII smuggling").

    U+E0020..U+E007E become U+0020..U+007E; the other tag characters (U+E0000..U+E001F,
    U+E007F CANCEL TAG) are dropped. Everything else is unchanged. Use this before scanning
    for hidden instructions; :func:`strip_invisible` removes the tags instead.
    """
    if text.isascii():
        return text
    return _TAG_RUN_RE.sub(lambda m: m.group().translate(_TAG_TABLE), text)


# --------------------------------------------------------------------------------------------
# Folding
# --------------------------------------------------------------------------------------------


def nfkc_casefold(text: str) -> str:
    """Unicode NFKC normalisation followed by full case folding (UAX #15, Unicode 3.13).

    NFKC maps full-width forms (``ｅｖｉｌ``), ligatures, math alphanumerics and
    circled/superscript letters to their plain forms; ``casefold`` is the caseless-matching
    fold (``ß`` -> ``ss``). ASCII text takes the fast path ``str.lower``.
    """
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


_WS_RE = re.compile(r"\s+")


def fold_whitespace(text: str) -> str:
    """Collapse every run of Unicode whitespace to one ASCII space and strip the ends."""
    return _WS_RE.sub(" ", text).strip()


# --------------------------------------------------------------------------------------------
# Confusables (TR39 skeleton, restricted to targets in printable ASCII)
# --------------------------------------------------------------------------------------------


def _confusables_data() -> dict[str, list[str]]:
    """The ``confusable-homoglyphs`` package's ``confusables.json``: each character -> the
    characters it can be confused with (the entries' ``c``; their names are dropped as they
    are read). The file is read directly, where the package's ``utils.load`` would: importing
    that module imports ``urllib.request`` (its download helper), whose HTTP client and
    e-mail parser a ``cordon run`` process would hold for nothing (bench/perf/README.md)."""
    spec = importlib.util.find_spec("confusable_homoglyphs")  # the package is not executed
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - a dependency
        return {}
    where = os.environ.get("CONFUSABLE_DATA", next(iter(spec.submodule_search_locations)))

    def entry(pairs: list[tuple[str, Any]]) -> Any:
        # an entry ({"c": char, "n": name}) becomes its character; the top level (whose
        # values are lists) stays a dict
        if all(isinstance(v, str) for _, v in pairs):
            return dict(pairs).get("c", "")
        return dict(pairs)

    with open(os.path.join(where, "confusables.json"), encoding="utf-8") as f:
        data: dict[str, list[str]] = json.load(f, object_pairs_hook=entry)
    return data


def _build_confusable_table() -> dict[int, str]:
    """Map each non-ASCII code point confusable with a printable ASCII character to it.

    The ``confusable-homoglyphs`` data lists, for each character, the characters it can be
    confused with (both directions, from Unicode's ``confusables.txt``). A non-ASCII character
    gets the lower-cased ASCII character it is listed with; when it has none directly, one
    transitive step through another non-ASCII character is taken. ASCII characters are left
    alone (``0``/``O`` and ``1``/``l`` stay distinct), which keeps the skeleton from merging
    ordinary addresses.
    """
    data = _confusables_data()

    def ascii_target(char: str) -> str | None:
        # prefer a lower-case original (``l`` over ``I``), then letters, digits, punctuation
        cands = [
            (not c.islower(), 0 if c.isalpha() else 1 if c.isdigit() else 2, c.lower())
            for c in data.get(char, ())
            if len(c) == 1 and " " < c <= "~"
        ]
        return min(cands)[2] if cands else None

    table: dict[int, str] = {}
    for char in data:
        if len(char) != 1 or char.isascii():
            continue
        target = ascii_target(char)
        if target is None:
            for c in data[char]:
                if len(c) == 1 and not c.isascii():
                    target = ascii_target(c)
                    if target is not None:
                        break
        if target is not None:
            table[ord(char)] = target
    # Capital I look-alikes are listed only against ``l`` in this data, but ASCII ``I`` folds
    # to ``i``; map them to ``i`` so that Cyrillic ``МАІL`` and Latin ``MAIL`` agree.
    for cp in (0x0406, 0x0399, 0x04C0, 0x2160, 0xFF29):
        table[cp] = "i"
    return table


#: :func:`_build_confusable_table`'s table as :func:`write_confusable_table` writes it
_TABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_confusables.txt")


def _read_confusable_table(path: str = _TABLE_FILE) -> dict[int, str]:
    """The table as :func:`write_confusable_table` wrote it: a ``HEX CHAR`` line per entry, in
    the derivation's order, so the same dict. Read at import instead of derived there: the
    derivation parses the package's 0.9 MB JSON (9,619 characters, 12,614 named entries)
    into objects that peak at 5 MB traced for 1,457 entries, and the heap they leave behind
    stays in every ``cordon run``'s resting memory (bench/perf/README.md, "Resting memory")."""
    table: dict[int, str] = {}
    with open(path, encoding="ascii") as f:
        for line in f:
            if not line.startswith("#"):
                cp, target = line.split()
                table[int(cp, 16)] = target
    return table


def write_confusable_table(path: str = _TABLE_FILE) -> int:
    """Write :func:`_build_confusable_table`'s table for :func:`_read_confusable_table`
    (after an upgrade of ``confusable-homoglyphs`` changes its data); the number of entries."""
    from importlib.metadata import version

    table = _build_confusable_table()
    head = (
        "# cordon's confusables table (cordon._textnorm_unicode): a non-ASCII code point (hex)\n"
        "# and the ASCII character it is confusable with, derived from confusable-homoglyphs "
        f"{version('confusable-homoglyphs')}'s\n"
        "# confusables.json. Generated: python -m cordon._textnorm_unicode --write\n"
    )
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write(head + "".join(f"{cp:x} {target}\n" for cp, target in table.items()))
    return len(table)


def _confusable_table() -> dict[int, str]:
    """The written table; derived from the data as before when ``CONFUSABLE_DATA`` (the
    package's own variable for a data directory it downloaded) names other data."""
    if "CONFUSABLE_DATA" in os.environ:
        return _build_confusable_table()
    return _read_confusable_table()


#: ``str.translate`` table: non-ASCII confusable code point -> its ASCII prototype.
CONFUSABLE_TABLE: dict[int, str] = _confusable_table()


def skeleton(text: str) -> str:
    """TR39-style skeleton: NFKC + casefold, then confusables mapped to ASCII prototypes.

    ``"pаypal"`` with a Cyrillic ``а`` and ``"PAYPAL"`` both give ``"paypal"``. Invisible
    characters are not removed here; :func:`normalize` does the whole chain. Source: Unicode
    TR39 section 4 ("Confusable Detection"); the table is :data:`CONFUSABLE_TABLE`.
    """
    if text.isascii():
        return text.lower()
    # map before and after folding, so both capital and small confusables are caught
    # (Cyrillic capital EM is confusable with M, but its case fold is not with m)
    pre = unicodedata.normalize("NFKC", text).translate(CONFUSABLE_TABLE)
    folded = unicodedata.normalize("NFKC", pre.casefold())
    if folded.isascii():
        return folded
    return folded.translate(CONFUSABLE_TABLE)


#: the mark's delimiter: a word character (a rare CJK ideograph, U+2A6A5) that no
#: normalisation changes, so a marked word stays one word for the address and host patterns
_MARK = "\U0002a6a5"
_lookalike_marks: dict[str, str] = {}


def _mark_of(c: str) -> str:
    mark = _lookalike_marks.get(c)
    if mark is None:
        if c == _MARK:
            mark = _MARK + _MARK  # written by someone: escaped, so no text spells a mark
        else:
            proto = skeleton(c)
            # a look-alike of a name character (letter, digit, ``-``, ``_``); one of
            # punctuation only (``։`` for ``:``, ``〔`` for ``(``, ``′`` for ``'``) still ends
            # a host or a channel as what it looks like, as the taint keys read it
            lookalike = (
                c in "ßẞς" or proto != unicodedata.normalize("NFKC", c).casefold()
            ) and any(ch.isalnum() or ch in "-_" for ch in proto)
            mark = f"{_MARK}{ord(c):x}{_MARK}" if lookalike else c
        if len(_lookalike_marks) < 65536:
            _lookalike_marks[c] = mark
    return mark


def mark_lookalikes(text: str) -> str:
    """``text`` with invisible characters removed, NFKC, punycode labels decoded
    (:func:`decode_idna`), and every character the confusable skeleton (:func:`skeleton`)
    would turn into a letter, a digit, ``-`` or ``_`` it is not (Cyrillic ``х``, ``ß``, the
    hyphen U+2010) replaced by a mark: U+2A6A5, its code point in hex, U+2A6A5, all word
    characters, so the word stays whole. Comparison keys of the result never fold a
    look-alike spelling onto a plain one, or onto a part of one: ``ops@хор.ru`` (Cyrillic)
    keeps no key ``ops@xop.ru``, ``ivаn.petrov@gmail.com`` no key ``n.petrov@gmail.com``.
    Fullwidth forms and ligatures, which NFKC turns into the ASCII they show (as IDNA does),
    case, and look-alikes of punctuation (``։``, ``〔``, ``′``: they end a host or a channel as
    the taint keys read them) are kept. A U+2A6A5 already in the text is doubled, so no text
    spells a mark.

    Used to key text that vouches only for the spelling it gives (docs/bypass-resistance.md,
    "Look-alikes").
    """
    text = decode_idna(text)
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", strip_invisible(text))
    table = {}
    for c in set(text):
        if not c.isascii():
            mark = _mark_of(c)
            if mark != c:
                table[ord(c)] = mark
    return text.translate(table) if table else text


def normalize(text: str) -> str:
    """The full comparison form: invisible characters removed, NFKC, casefold, confusable
    skeleton and whitespace folded. Does not decode encodings (see :func:`decoded_views`)."""
    return fold_whitespace(skeleton(strip_invisible(text)))


if __name__ == "__main__":  # python -m cordon._textnorm_unicode --write
    import sys

    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m cordon._textnorm_unicode --write")
    sys.stdout.write(f"{write_confusable_table()} entries written to {_TABLE_FILE}\n")
