"""``strip_invisible`` and ``decode_tag_ascii`` remove (or reveal) every invisible or tag
character, run by run, exactly as a character-by-character pass does: their run patterns are
written ``C C*`` (``re``'s first-character search), which must match what ``C+`` matched."""

from __future__ import annotations

import random

from cordon._textnorm_unicode import INVISIBLE_RE, decode_tag_ascii, strip_invisible

_TAGS = [chr(c) for c in (0xE0000, 0xE0001, 0xE0020, 0xE0041, 0xE007E, 0xE007F)]
_PIECES = ["a", "б", " ", "\n", "字", "\u200b", "\u00ad", "\ufeff", "\u2060", "\U000e0100", *_TAGS]


def _tag(c: str) -> str:
    cp = ord(c)
    if 0xE0020 <= cp <= 0xE007E:
        return chr(cp - 0xE0000)
    return "" if 0xE0000 <= cp <= 0xE007F else c


def test_runs_are_removed_as_one_character_at_a_time_would() -> None:
    rng = random.Random(5)
    for _ in range(400):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(1, 60)))
        assert strip_invisible(text) == "".join(c for c in text if not INVISIBLE_RE.match(c))
        assert decode_tag_ascii(text) == "".join(_tag(c) for c in text)
