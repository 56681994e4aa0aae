"""An invisible character the text's own scan reports where it stands is not reported again
with the span of an escape-decoded region around it (``scanner._not_shown``: a reading's hit
that a direct hit stands for is dropped; the normaliser's hits were left out of the direct
ones). Seen on troff man pages: soft hyphens beside ``\\n`` escapes gave region-wide
``obf.zero_width`` findings 30-126 K characters long, which warn mode rewrites whole. An
invisible character that only the decoding makes is still reported for the region."""

from __future__ import annotations

from cordon.content import scan_text

PROSE = "Then run the next step of the build as the guide says."


def _zero_width_spans(text: str) -> list[tuple[int, int]]:
    return [f.span for f in scan_text(text) if f.rule == "obf.zero_width"]


def test_a_soft_hyphen_beside_an_escape_is_reported_once_where_it_stands() -> None:
    text = "See the docs for co\u00adordination.\\n" + PROSE
    assert _zero_width_spans(text) == [(19, 20)]


def test_an_invisible_character_the_decoding_makes_is_still_reported() -> None:
    text = "See the docs for coordination.\\u200b\\n" + PROSE
    spans = _zero_width_spans(text)
    assert spans, spans
    assert all(hi - lo > 1 for lo, hi in spans), spans  # the region's span: no raw character
