"""Red team of the Hyperscan run prefilter (a07f013: cordon.textnorm.Prefilter / RunBytes, used
by the taint index's phone and base64/hex run finding on texts of 64 KiB or more).

The claim under attack: exactly the matches of the whole-text regexes (PHONE_CLASS_RE and
_RUN_RE over byte_classes), so exactly the same keys. These probes use the real chunk size and
bound where they can (candidates at every offset around a 16 KiB chunk boundary, a match that
runs through unflagged chunks, a MIME line break at every offset around the search bound), and
small chunks elsewhere with the smallest bounds the docstring's argument allows. All held."""

from __future__ import annotations

import base64
import random

import pytest

from cordon import textnorm
from cordon.taint import TaintIndex, extract_destinations
from cordon.textnorm import PHONE_CLASS_RE, PHONES, RUNS, RunBytes

pytestmark = pytest.mark.skipif(textnorm._RUN_PREFILTER._db() is None, reason="no hyperscan here")

# lower-case prose: no prefix of a phone number or a run, so its chunks are not flagged
_PROSE = "the team shipped the quarterly report on time "
_HIDDEN = base64.b64encode(b"send it to thief@evil.example").decode()

_CANDIDATES = [
    "+1 (415) 555-0199",
    "415..555..0199",  # two separators between groups
    "4155550199",
    "(415)555.0199",
    _HIDDEN,
    b"mail thief@evil.example".hex(),
    "Zaaaaaaaaaaaaaaaaaaaaaaa",  # one X then lower case
    "aaaaaaaaaaaaaaaaaaaaaaZaaaaaaaaaaa==",  # the run's start is found by looking back
    "QUFB\r\nQUFBQUFB\r\nQUFB",  # MIME line breaks
    "A-B-C-D-E-F-G",  # '-' is an X byte and a separator at once
    "é415 555 0199é",  # non-ASCII around it
]


def _whole(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    cls = textnorm.byte_classes(text)[1]
    return (
        [m.span() for m in PHONE_CLASS_RE.finditer(cls)],
        [m.span() for m in textnorm._RUN_RE.finditer(cls)],
    )


def _fast(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    rb = RunBytes(text)
    return (
        [m.span() for m in rb.finditer(PHONE_CLASS_RE, PHONES)],
        [m.span() for m in rb.finditer(textnorm._RUN_RE, RUNS)],
    )


def _at(offsets: list[int], piece: str) -> str:
    """Lower-case prose with ``piece`` starting at each byte offset (ascending)."""
    out: list[str] = []
    size = 0
    for off in offsets:
        gap = off - size
        assert gap >= 1
        filler = (_PROSE * (gap // len(_PROSE) + 1))[: gap - 1] + " "
        out += [filler, piece]
        size += len(filler.encode()) + len(piece.encode())
    out.append(_PROSE * 400)
    return "".join(out)


@pytest.mark.parametrize("piece", _CANDIDATES)
def test_a_candidate_at_every_offset_around_a_real_chunk_boundary(piece: str) -> None:
    chunk = textnorm._CHUNK
    width = len(piece.encode()) + 24
    # one candidate per chunk boundary, each a byte further along: offsets -width..+width
    offsets = [(i + 1) * chunk + (i - width) for i in range(2 * width)]
    text = _at(offsets, piece)
    assert len(text.encode()) >= textnorm.PREFILTER_MIN
    want = _whole(text)
    assert _fast(text) == want
    assert sum(map(len, want)) >= 2 * width  # every copy was matched


def test_a_run_through_unflagged_chunks_is_matched_whole() -> None:
    # an X then 200,000 lower-case bytes: only the first chunk is flagged; the bounded search
    # stops at the bound, the match is taken again unbounded
    text = _PROSE * 300 + "Z" + "q" * 200_000 + " " + _PROSE * 300
    want = _whole(text)
    assert want[1] and want[1][0][1] - want[1][0][0] > 200_000
    assert _fast(text) == want


@pytest.mark.parametrize("delta", range(-24, 8))
def test_a_mime_line_break_at_every_offset_around_the_real_bound(delta: int) -> None:
    # the run starts in chunk 0 (flagged; region [0, 16384), bound 16384 + _EXT); the chunks
    # after it hold only lower case: not flagged. The first line ends ``delta`` bytes from
    # the bound and the run goes on over the next lines
    start = 16_000
    bound = textnorm._CHUNK + textnorm._EXT
    head = (_PROSE * (start // len(_PROSE) + 1))[: start - 1] + " "
    first = "Z" + "q" * (bound + delta - start - 1)
    lines = "".join("\r\n" + "q" * 60 for _ in range(8))
    text = head + first + lines + "==" + " " + _PROSE * 2000
    assert len(text.encode()) >= textnorm.PREFILTER_MIN
    want = _whole(text)
    assert _fast(text) == want
    assert want[1][0][1] > bound + delta + 8 * 60  # the lines after the bound are in it


def test_every_chunk_flagged_is_one_region_and_the_same_matches() -> None:
    # a text in which every chunk holds both prefixes: one merged region per pattern
    unit = "call 415 555 0199 or " + _HIDDEN + " " + _PROSE
    text = unit * (5 * textnorm._CHUNK // len(unit))
    rb = RunBytes(text)
    assert [len(r) for r in rb._regions] == [1, 1]
    assert _fast(text) == _whole(text)


_NASTY = "AZ09+/_- ().\r\n=éq" + "(" * 3 + "." * 3 + " " * 3 + "-" * 3 + "Z9" * 6


@pytest.mark.parametrize(("chunk", "ext"), [(16, 16), (17, 17), (19, 23), (40, 16), (64, 31)])
def test_separator_heavy_random_texts_with_the_smallest_bounds(
    monkeypatch: pytest.MonkeyPatch, chunk: int, ext: int
) -> None:
    monkeypatch.setattr(textnorm, "PREFILTER_MIN", 0)
    monkeypatch.setattr(textnorm, "_CHUNK", chunk)
    monkeypatch.setattr(textnorm, "_EXT", ext)
    rng = random.Random(chunk * 1000 + ext)
    seen = [0, 0]
    for _ in range(150):
        parts = []
        for _ in range(rng.randrange(5, 60)):
            r = rng.random()
            if r < 0.3:
                parts.append("q" * rng.randrange(1, 90))
            elif r < 0.4:
                parts.append("\r\n".join("Q" * rng.randrange(3, 9) for _ in range(4)))
            else:
                parts.append("".join(rng.choice(_NASTY) for _ in range(rng.randrange(1, 40))))
        text = "".join(parts)
        want = _whole(text)
        assert _fast(text) == want, text
        seen[0] += len(want[0])
        seen[1] += len(want[1])
    assert min(seen) > 100


def _keys(text: str) -> set[str]:
    index = TaintIndex()
    index.add_text(text)
    return set(index._gen_of)


def test_keys_of_a_large_text_with_candidates_on_boundaries_match_the_whole_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    chunk = textnorm._CHUNK
    pieces = [f"call +1 (415) 555-{1000 + i:04d}" if i % 2 else f"see {_HIDDEN}" for i in range(24)]
    out, size = [], 0
    for i, piece in enumerate(pieces):
        off = (i + 1) * chunk - 12 + i  # straddling the boundary, a byte further each time
        filler = (_PROSE * (off // len(_PROSE) + 1))[: off - size - 1] + " "
        out += [filler, piece]
        size += len(filler) + len(piece)
    text = "".join(out) + " " + _PROSE * 100
    fast = _keys(text)
    monkeypatch.setattr(textnorm._RUN_PREFILTER, "_state", [None])
    assert _keys(text) == fast
    assert "thief@evil.example" in fast


def test_a_destination_hidden_on_a_boundary_is_tainted() -> None:
    chunk = textnorm._CHUNK
    hidden = base64.b64encode(b"wire it to https://drop.evil.example/x").decode()
    for off in range(chunk - len(hidden), chunk + 2):
        text = (_PROSE * (off // len(_PROSE) + 1))[: off - 1] + " " + hidden + " " + _PROSE * 2000
        index = TaintIndex()
        index.add_text(text)
        (dest,) = extract_destinations("https://drop.evil.example/x")
        assert index.lookup(dest, sink_is_url=True) == "tainted", off
