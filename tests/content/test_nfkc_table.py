"""The normaliser's table of NFKC-unstable characters (``normalize._nfkc_unstable``) is built
with ``unicodedata.is_normalized`` per code point; it must hold exactly the characters that
normalising each code point changes (or that are combining marks), as the table built by
``unicodedata.normalize`` did, less the characters other stages handle."""

from __future__ import annotations

import sys
import unicodedata

from cordon.content import normalize
from cordon.textnorm import invisible_chars


def test_table_is_every_character_nfkc_changes() -> None:
    expected = set()
    for cp in range(sys.maxunicode + 1):
        if 0xD800 <= cp < 0xE000:
            continue
        ch = chr(cp)
        if unicodedata.combining(ch) or unicodedata.normalize("NFKC", ch) != ch:
            expected.add(ch)
    expected -= invisible_chars()
    expected -= set(normalize._NL) | set(normalize._C1)
    table = normalize._nfkc_unstable()
    assert table == frozenset(expected)
    assert "\ufb01" in table and "\u0301" in table and "a" not in table  # ligature, mark
