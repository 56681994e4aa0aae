"""Text primitives the provenance rules share: exact spellings, whole-word search, the
strings of a value, the link pattern."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

from cordon.taint import norm
from cordon.textnorm import decode_percent, strip_invisible

_URL_HINT = re.compile(r"://|www\.", re.IGNORECASE)


#: an ASCII text without these holds no encoding a decoder would open (percent, entities,
#: JSON escapes, quoted-printable, RFC 2047, base64 or hex runs)
_ENCODED_HINT = re.compile(r"[%&\\=]|[A-Za-z0-9+/_-]{16,}")
#: :data:`_ENCODED_HINT`'s run, found by one anchored pass over whole words (possessive: a
#: shorter run is stepped over, never retried at each of its positions, as the search of the
#: alternation does at every character)
_RUN16_SCAN = re.compile(
    r"[^A-Za-z0-9+/_-]*+(?:[A-Za-z0-9+/_-]{1,15}+[^A-Za-z0-9+/_-]++)*+[A-Za-z0-9+/_-]{16}"
)


def encoded_hint(text: str) -> bool:
    """Whether :data:`_ENCODED_HINT` matches somewhere in ``text``: its literals by substring
    search, its run by :data:`_RUN16_SCAN` (about a third of the search's time on an
    address, a quarter on a sentence)."""
    return (
        "%" in text
        or "&" in text
        or "\\" in text
        or "=" in text
        or _RUN16_SCAN.match(text) is not None
    )


#: a link inside message text: a scheme and what follows it up to whitespace, quotes, markup
#: or brackets; or a host name (ASCII labels, so it ends at CJK text, an em dash, an arrow)
#: starting at a token boundary (after a colon too: "Login:evil.example/x"), with an optional
#: port and path
_LINK_END = r"[^\s\"'<>`*()\[\]{}|,;\\^“”‘’«»‹›„‚「」『』\u2010-\u2015\u2190-\u21ff]"


_LINK_RE = re.compile(
    r"[a-z][a-z0-9+.-]{0,30}+://" + _LINK_END + "+"
    r"|(?<![a-z0-9-])(?://)?[a-z0-9](?:[a-z0-9-]{0,62}+\.)+[a-z0-9-]{1,63}+(?::[0-9]{1,5})?"
    r"(?:/" + _LINK_END + "*)?",
    re.IGNORECASE | re.ASCII,
)


def strict(text: str) -> str:
    """``text`` with invisible characters removed, NFKC and lower case (not casefold, which
    merges ``ß`` with ``ss``), and no confusable skeleton: the spelling a person would have to
    type."""
    return unicodedata.normalize("NFKC", strip_invisible(text)).lower().strip()


def lookalike_free(raw: str) -> bool:
    """True when ``raw`` has no character the confusable skeleton changes and no punycode
    label: its comparison key is its own spelling. Vouching (the user's text, a directory)
    compares skeletons, so a look-alike (``pаypal.com`` with a Cyrillic ``а``,
    ``xn--pypal-4ve.com``) is vouched only when that very spelling was given."""
    views = [raw]
    if "%" in raw:  # a percent-encoded host is the host a URL parser opens
        views.append(decode_percent(raw))
    for v in views:
        if v.isascii():  # ASCII is its own skeleton (lower case); only punycode can hide one
            if "xn--" in v.lower():
                return False
            continue
        s = strict(v)
        # casefold (inside the skeleton) merges ß/ss and ς/σ, which IDNA (UTS #46
        # nontransitional) keeps apart: such a spelling is a look-alike too
        if "xn--" in s or norm(v) != s.casefold() or any(c in v for c in "ßẞς"):
            return False
    return True


def has_words(text: str, phrase: str) -> bool:
    """``phrase`` occurs in ``text`` with word boundaries (or non-word edges) around it."""
    start = text.find(phrase)
    while start >= 0:
        end = start + len(phrase)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() and phrase[0].isalnum()) and not (
            after.isalnum() and phrase[-1].isalnum()
        ):
            return True
        start = text.find(phrase, start + 1)
    return False


def _strings(value: Any, *, numbers: bool = False, keys: bool = False) -> Iterator[str]:
    """Every string in ``value`` (iterative: no depth limit); with ``numbers`` also numbers as
    text (``13`` names file ``13`` too), with ``keys`` also object keys (a link can be a key).
    """
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, dict):
            if keys:
                yield from (k for k in v if isinstance(k, str))
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
        elif numbers and isinstance(v, int | float) and not isinstance(v, bool):
            yield str(v)
