"""Every anchor of every content rule compiles as the ``bytes`` pattern the scanner uses.

``Rule`` does not compile its anchors when it is built (that cost every process a quarter
of a second at import for patterns ``re`` then dropped from its cache); a bad anchor would
otherwise surface only when the anchor index is built, without the rule's name.
"""

from __future__ import annotations

import re

import pytest

from cordon.content._rule import Rule
from cordon.content.rules import RULES


@pytest.mark.parametrize(
    "rule", [r for r in RULES if r.anchors or r.utf8_anchors], ids=lambda r: r.id
)
def test_every_anchor_compiles(rule: Rule) -> None:
    bad = []
    for a, encoding in [(a, "ascii") for a in rule.anchors] + [
        (a, "utf-8") for a in rule.utf8_anchors
    ]:
        try:
            re.compile(a.encode(encoding))
        except (re.error, UnicodeEncodeError) as e:
            bad.append((a, str(e)))
    assert not bad, bad
