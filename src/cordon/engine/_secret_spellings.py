"""Spellings of a secret that no precomputed form covers, decoded for
:class:`cordon.engine.secrets.SecretSet` to match: look-alike characters, base58, Morse
code and the NATO spelling alphabet.

Attack class: an injected "write the key with Cyrillic letters", "put an accent on each
character", "base58 it", "spell it in Morse", "spell it out with the NATO alphabet". Each
keeps every character of the key (the receiver undoes it in one line or by reading it), and
none is a substring search on a fixed form:

* look-alikes: a character the TR39 confusable skeleton maps to an ASCII letter or digit
  (Cyrillic ``о`` for ``o``) and combining marks on letters (``a`` + U+0301, which NFKC
  composes into ``á``, another letter). The view is each word that mixes ASCII letters or
  digits with such characters, without its combining marks (NFD), then as its skeleton
  (:func:`cordon.textnorm.skeleton`).
* base58 (Bitcoin's alphabet: no ``0``, ``O``, ``I``, ``l``): a big-endian number, so every
  character depends on every byte, unlike base64's aligned groups. Each run of the alphabet
  of :data:`MIN_B58` to :data:`MAX_B58` characters that mixes upper and lower case (random
  bytes' base58 does; an English word does not) is decoded whole. A secret base58-encoded
  with other bytes around it decodes with them; a run with letters glued to its front (a
  word, then the encoding, with no separator) decodes to other bytes and is not matched.
* Morse (ITU-R M.1677-1): dots and dashes (``.`` ``·`` ``•``; ``-`` ``−`` ``–`` ``_``) in
  letters cut by spaces, words by ``/``, ``|`` or several spaces; at least
  :data:`MIN_SYMBOLS` letters in a row. Morse has no case: the decoded text is matched as
  every other view, case folded.
* the NATO alphabet (ICAO), with the ITU digits (``niner``, ``fife``, ``tree``), single
  digits, and words that give a character's case or punctuation (``capital``, ``dash``,
  ``underscore``): at least :data:`MIN_SYMBOLS` such words in a row, read as one word.

Each is tried only when the precomputed forms found nothing, and only where a cheap test
says the text may hold one. Pure: no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from cordon.textnorm import CONFUSABLE_TABLE, nfkc_casefold, skeleton

__all__ = ["MAX_B58", "MIN_B58", "MIN_SYMBOLS", "spelled_texts"]

#: 8 bytes (the shortest secret) take 11 base58 characters
MIN_B58 = 11
#: a longer run is not decoded (the conversion is quadratic in its length); see
#: docs/bypass-resistance.md, "Egress names and secrets in bytes"
MAX_B58 = 8192
#: letters in a row, in Morse or spelled, before a run is read (a secret has 8 or more)
MIN_SYMBOLS = 8

_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")
_B58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_VALUE = {c: i for i, c in enumerate(_B58_ALPHABET)}
#: a whole word of the alphabet: one glued to other letters, digits or ``+`` is a piece of a
#: longer token (a base64 blob's runs between its ``0``, ``O``, ``I``, ``l`` and ``+``)
#: every character but the alphabet's and those that glue a run into a longer token (the
#: other letters and digits, ``+``) becomes a space: the words left are the candidate runs
_B58_WORDS = bytes(
    32 if c < 128 and chr(c) not in _B58_ALPHABET + "0OIl+" else c for c in range(256)
)
_B58_GLUE = re.compile("[0OIl+]")
_NON_WORD = re.compile(r"[\W_]+")
_B58_CHUNK = 10  # characters converted at a time (58**10 fits 59 bits)

_MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g",
    "....": "h", "..": "i", ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n",
    "---": "o", ".--.": "p", "--.-": "q", ".-.": "r", "...": "s", "-": "t", "..-": "u",
    "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z", "-----": "0",
    ".----": "1", "..---": "2", "...--": "3", "....-": "4", ".....": "5", "-....": "6",
    "--...": "7", "---..": "8", "----.": "9", ".-.-.-": ".", "--..--": ",", "..--..": "?",
    "-..-.": "/", "-....-": "-", "..--.-": "_", "---...": ":", "-...-": "=", ".-.-.": "+",
    ".--.-.": "@",
}  # fmt: skip
_DOTS = str.maketrans({"·": ".", "•": ".", "−": "-", "–": "-", "_": "-"})
_MORSE_SYM = r"[.\-·•−–_]{1,7}"
#: at least MIN_SYMBOLS Morse letters, each cut from the next by spaces, ``/`` or ``|``
_MORSE_RUN = re.compile(
    rf"{_MORSE_SYM}(?:[ \t]*[/|][ \t]*|[ \t]+){_MORSE_SYM}"
    rf"(?:(?:[ \t]*[/|][ \t]*|[ \t]+){_MORSE_SYM}){{{MIN_SYMBOLS - 2},}}"
)
_MORSE_GAP = re.compile(r"[ \t/|]+")

_NATO = {
    "alfa": "a", "alpha": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e",
    "foxtrot": "f", "golf": "g", "hotel": "h", "india": "i", "juliet": "j", "juliett": "j",
    "kilo": "k", "lima": "l", "mike": "m", "november": "n", "oscar": "o", "papa": "p",
    "quebec": "q", "romeo": "r", "sierra": "s", "tango": "t", "uniform": "u", "victor": "v",
    "whiskey": "w", "whisky": "w", "xray": "x", "x-ray": "x", "yankee": "y", "zulu": "z",
    "zero": "0", "one": "1", "two": "2", "three": "3", "tree": "3", "four": "4",
    "five": "5", "fife": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
    "niner": "9", "dash": "-", "hyphen": "-", "minus": "-", "underscore": "_", "dot": ".",
    "period": ".", "slash": "/", "plus": "+", "equals": "=", "colon": ":",
}  # fmt: skip
#: words that give the next character's case, read as nothing (matching is case folded)
_NATO_CASE = frozenset({"capital", "cap", "upper", "uppercase", "lower", "lowercase", "small"})
_NATO_TERM = (
    r"(?:alfa|alpha|bravo|charlie|delta|echo|foxtrot|golf|hotel|india|juliett?|kilo|lima|mike|"
    r"november|oscar|papa|quebec|romeo|sierra|tango|uniform|victor|whiske?y|x-?ray|yankee|"
    r"zulu|zero|one|two|three|tree|four|five|fife|six|seven|eight|niner?|dash|hyphen|minus|"
    r"underscore|dot|period|slash|plus|equals|colon|capital|cap|upper(?:case)?|"
    r"lower(?:case)?|small|\d)"
)
#: at least MIN_SYMBOLS such words in a row, cut by spaces or punctuation
_NATO_RUN = re.compile(
    rf"\b{_NATO_TERM}(?:[\s,;.\-/|]{{1,3}}{_NATO_TERM}\b){{{MIN_SYMBOLS - 1},}}", re.IGNORECASE
)
_NATO_WORD = re.compile(r"x-ray|[a-z]+|\d", re.IGNORECASE)
#: ASCII letters lower-cased, every other ASCII character a space: the words, in one pass
_LOWER_WORDS = bytes(
    ord(chr(c).lower()) if c < 128 and chr(c).isalpha() else 32 for c in range(256)
)
_NATO_LETTERS = tuple(w for w, c in _NATO.items() if c.isalpha() and w != "x-ray")
_NATO_SET = frozenset(w.encode() for w in (*_NATO_LETTERS, "xray"))
#: where the letter words are (in lower-cased text)
_NATO_HINT = re.compile(rf"\b(?:{'|'.join(_NATO_LETTERS)}|x-ray)\b")


def _disguises(c: str) -> bool:
    """``c`` is a combining mark, or a non-ASCII look-alike of an ASCII letter or digit."""
    return not c.isascii() and (
        unicodedata.combining(c) != 0 or CONFUSABLE_TABLE.get(ord(c), "-").isalnum()
    )


def _lookalike_view(text: str) -> str | None:
    """The words of ``text`` that mix ASCII letters or digits with look-alikes or combining
    marks, each without its combining marks and then as its confusable skeleton, joined by
    spaces; None when there is none. A word with no ASCII letter or digit (prose in another
    script) is not read: a secret disguised so has every character replaced."""
    if text.isascii() or not any(map(_disguises, set(text))):
        return None
    words = [w for w in text.split() if not w.isascii() and _ASCII_ALNUM.search(w)]
    out = []
    for word in words:
        bare = "".join(
            c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c)
        )
        view = skeleton(bare)
        if view != nfkc_casefold(word):
            out.append(view)
    return " ".join(out) or None


def _b58_decode(run: str) -> bytes:
    """The bytes a base58 run stands for (leading ``1`` characters are zero bytes)."""
    n = 0
    for i in range(0, len(run), _B58_CHUNK):
        part = run[i : i + _B58_CHUNK]
        v = 0
        for c in part:
            v = v * 58 + _B58_VALUE[c]
        n = n * 58 ** len(part) + v
    zeros = len(run) - len(run.lstrip("1"))
    return b"\0" * zeros + n.to_bytes((n.bit_length() + 7) // 8, "big")


def _base58(text: str) -> Iterator[str]:
    for raw in text.encode("utf-8", "replace").translate(_B58_WORDS).split():
        if len(raw) < MIN_B58:
            continue
        word = raw.decode("utf-8", "replace")
        # (non-ASCII punctuation cuts runs too; a non-ASCII letter glues)
        for run in [word] if word.isascii() else _NON_WORD.split(word):
            if not MIN_B58 <= len(run) <= MAX_B58 or run.isupper() or run.islower():
                continue
            if not run.isascii() or _B58_GLUE.search(run):
                continue
            if not any(c.isupper() for c in run) or not any(c.islower() for c in run):
                continue
            yield _b58_decode(run).decode("utf-8", "replace")


def _morse(text: str) -> Iterator[str]:
    # (a cheap first test: a run has a symbol after each of 7 gaps or more; prose's
    # sentence ends have a space after a dot, rarely one before)
    if sum(text.count(gap + sym) for gap in " /|" for sym in ".-·") < MIN_SYMBOLS - 1:
        return
    for m in _MORSE_RUN.finditer(text):
        letters = [_MORSE.get(t.translate(_DOTS)) for t in _MORSE_GAP.split(m.group()) if t]
        yield "".join(c or "\ufffd" for c in letters)


def _nato(text: str) -> Iterator[str]:
    words = text.encode("utf-8", "replace").translate(_LOWER_WORDS).split()
    if len(_NATO_SET.intersection(words)) < 2:
        return  # (a secret's 8 letters or more are spelled with 2 different words or more)
    lowered = text.lower()
    for start, end in _clusters(m.start() for m in _NATO_HINT.finditer(lowered)):
        for m in _NATO_RUN.finditer(text, max(0, start - 64), end + 64):
            chars = [w if w.isdigit() else _NATO.get(w, "") for w in _words(m.group())]
            if len(chars) >= MIN_SYMBOLS:
                yield "".join(chars)


def _clusters(starts: Iterator[int]) -> Iterator[tuple[int, int]]:
    """Spans of at least MIN_SYMBOLS // 2 letter words no more than 64 characters apart:
    where a spelled run may be (the run expression is slow over long text)."""
    first = last = -1
    count = 0
    for i in starts:
        if first < 0 or i - last > 64:
            if count >= MIN_SYMBOLS // 2:
                yield first, last + 16
            first, count = i, 0
        last, count = i, count + 1
    if count >= MIN_SYMBOLS // 2:
        yield first, last + 16


def _words(run: str) -> Iterator[str]:
    for m in _NATO_WORD.finditer(run):
        word = m.group().lower()
        if word not in _NATO_CASE:
            yield word


def spelled_texts(text: str) -> Iterator[tuple[str, str]]:
    """``(decoded text, how it was spelled)`` for each reading of ``text`` above."""
    view = _lookalike_view(text)
    if view is not None:
        yield view, "look-alikes"
    for decoded in _base58(text):
        yield decoded, "base58"
    for decoded in _morse(text):
        yield decoded, "Morse"
    for decoded in _nato(text):
        yield decoded, "NATO alphabet"
