"""No anchor of the re-anchored rules opens with a short common word.

An anchor that starts with "as", "and", "in" or "se" and whitespace starts Hyperscan's
automaton every few words of prose: twelve such anchors of these rules were ~23% of the
anchor pass over the warn benchmark's 10 MB result (bench/perf/README.md, "Frequent-head
anchors"). Each now starts on a rarer word that every match of its rule's pattern holds (the
order verb, the verdict, the noun); the findings are the same
(``bench/content/compare_findings.py``), and the rules' fixtures still fire (the rule tests).
"""

from __future__ import annotations

import re

import pytest

from cordon.content.rules import polyglot, rule_by_id

#: a word of one to three letters (or a group of such words) and whitespace, first
_SHORT_HEAD = re.compile(r"(?:[a-z]{1,3}|\(\?:[a-z]{1,3}(?:\|[a-z]{1,3})*\))\\s")
#: the words the anchors of these rules opened with, all in every few words of prose
_COMMON = ("as", "and", "in", "into", "to", "with", "se", "en", "kao")
#: kept: Hyperscan's time over the prose is the same without it (its verdicts, four
#: letters or more, are what the database looks for)
_FREE = (r"as\s+[\"'`]?(?:safe|clean|trusted)\b",)

_RULES = (
    "inj.agent_order_multilingual",
    "supply.agent_run_order",
    "inj.authority",
    "inj.verdict_order",
    "exfil.results_to_address",
    "hijack.read_into_reply",
    "hijack.standing_rule",
)


@pytest.mark.parametrize("rule_id", _RULES)
def test_no_anchor_opens_with_a_common_short_word(rule_id: str) -> None:
    rule = rule_by_id(rule_id)
    assert rule is not None
    bad = [
        a
        for a in rule.anchors
        if a not in _FREE
        and _SHORT_HEAD.match(a)
        and re.match(r"\(?(?:\?:)?([a-z]+)", a).group(1) in _COMMON  # type: ignore[union-attr]
    ]
    assert bad == []


def test_rare_headed_drops_only_a_leading_short_word() -> None:
    # the first word goes when a word of three letters or more follows it
    assert polyglot._rare_headed((r"se\s+sei\s+(?:un\s+agente)",)) == (r"sei\s+(?:un\s+agente)",)
    # a short word inside the anchor stays ("d[?a]nh\s+cho"), as does a head before a group
    kept = (r"ghi\s+ch[?u]\s+(?:cho|d[?a]nh\s+cho)", r"si\s+(?:eres|usted\s+es)")
    assert polyglot._rare_headed(kept) == tuple(sorted(kept))
