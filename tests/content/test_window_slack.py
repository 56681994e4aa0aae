"""A rule's window is widened by the whitespace gaps one match can pass (``Rule.ws_slack``):
the gaps of the pattern's widest path, not of every branch of its alternations. A padded
match (every gap up to 15 characters, below the normaliser's fold) still fits its window."""

from __future__ import annotations

import re

import pytest

from cordon.content import scan_text, warm
from cordon.content._rule import Rule, _path_gaps
from cordon.content.normalize import FOLD_MIN
from cordon.content.rules import RULES, rule_by_id

from .fixtures import HITS, RESULT_ONLY


def _gaps(pattern: str) -> int:
    from re import _parser  # type: ignore[attr-defined]

    return int(_path_gaps(_parser.parse(pattern)))


def _rule(pattern: str) -> Rule:
    return Rule(
        id="inj.t",
        category="injection",
        severity="high",
        summary="",
        why="",
        fix="",
        source="",
        pattern=pattern,
        anchors=("x",),
    )


@pytest.mark.parametrize(
    ("pattern", "gaps"),
    [
        (r"a\s+b\s*c", 2),
        (r"a\s+b|c\s+d\s+e|f", 2),  # the most of any branch, not the sum (3)
        (r"(?:x\s+){0,3}y\s+z", 4),  # a bounded repeat counts its gaps that many times
        (r"a\s{1,5}b\s?c", 1),  # ``\s?`` is one character, not a gap
        (r"a[\s,]+b", 1),  # a class holding ``\s``
        (r"a[^\n]{0,80}b", 0),  # a filler is bounded by its count, not a gap
    ],
)
def test_path_gaps(pattern: str, gaps: int) -> None:
    assert _gaps(pattern) == gaps


def test_slack_is_at_most_the_written_gaps() -> None:
    # a gap inside an unbounded repeat: the count of the gaps written in the pattern
    assert _gaps(r"(?:a\s+)+b\s+c") > 1000
    assert _rule(r"(?:a\s+)+b\s+c").ws_slack == 2 * (FOLD_MIN - 1)
    assert _rule(r"a\s+b|c\s+d\s+e").ws_slack == 2 * (FOLD_MIN - 1)
    for r in RULES:
        if r.pattern is not None:
            written = len(re.findall(r"\\s[+*{]", r.pattern))
            assert r.ws_slack <= written * (FOLD_MIN - 1)


def test_multilingual_rules_are_not_widened_by_every_language() -> None:
    # hundreds of gaps across the languages' branches, a dozen in one match
    r = rule_by_id("hijack.credential_ask_multilingual")
    assert len(re.findall(r"\\s[+*{]", r.pattern or "")) > 100
    assert r.ws_slack < 20 * (FOLD_MIN - 1)


_FILL = "The build step writes its output under dist/ and the test step reads it back.\n" * 100


def test_every_hit_fixture_is_found_padded() -> None:
    """Each hit fixture with every space widened to 15 (the most below the fold) and set in
    filler is still found: its window holds the padded match. The fixture ends its line: glued
    to the filler's first word, a fixture that ends in a command name ('| sh', '| bash') would
    end in another word ('shThe'), which no rule should read as the command."""
    warm(wait=True)
    checked = 0
    for rid, (text, _evidence) in HITS.items():
        r = rule_by_id(rid)
        if r.pattern is None or rid in RESULT_ONLY:
            continue
        if r.scope != "text" or rid not in {f.rule for f in scan_text(text)}:
            continue
        padded = re.sub(r"(?<=\S) (?=\S)", " " * (FOLD_MIN - 1), text)
        assert rid in {f.rule for f in scan_text(_FILL + padded + "\n" + _FILL)}, rid
        checked += 1
    assert checked > 80
