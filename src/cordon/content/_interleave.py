"""Zero-width characters interleaved between the letters of ASCII text (the scanner's
``obf.zero_width`` severity)."""

from __future__ import annotations

__all__ = ["interleaved"]

#: zero-width characters that an interleaving hides words with (soft hyphens are left out:
#: they mark syllable breaks, densely in some typesetting)
_ZW_INTERLEAVE = frozenset("\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e")
#: this many zero-width runs between ASCII letters, digits or spaces within :data:`_ZW_SPAN`
#: characters is text written to be read by the model and not by a person
_ZW_DENSE = 10
_ZW_SPAN = 96


def interleaved(text: str, spans: list[tuple[int, int]]) -> bool:
    """True when zero-width characters are interleaved between the letters of a stretch of
    ASCII text (Pillar Security's rules-file backdoor, ASCII smuggling write-ups): the words
    read normally once they are removed, and were hidden from a person who reads the text."""
    if len(spans) < _ZW_DENSE:
        return False
    starts = []
    for s, e in spans:
        before = text[s - 1] if s else ""
        after = text[e] if e < len(text) else ""
        if (
            before.isascii()
            and after.isascii()
            and (before.isalnum() or before in " :/.-")
            and (after.isalnum() or after in " :/.-")
            and any(c in _ZW_INTERLEAVE for c in text[s:e])
        ):
            starts.append(s)
    k = _ZW_DENSE - 1
    return any(starts[i + k] - starts[i] <= _ZW_SPAN for i in range(len(starts) - k))
