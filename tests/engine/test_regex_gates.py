"""Speed-ups of the argument scans that must not change a single match.

* forwarded links: the link pattern runs only in the words (runs without ASCII whitespace)
  that have a dot, found from their dots, not at every position of a message body;

* egress: the IPv4, IPv6 and metadata-name passes run only when a cheap literal search finds
  a piece every match of theirs contains (``_IPV4_GATE``, ``_IPV6_GATE``, ``_META_GATES``);
* the ``scheme://`` patterns take their scheme run possessively: ``:`` is not in the run's
  class, so giving characters back can never let ``://`` match.

Each is checked against the pattern it gates or replaces on generated and hand-picked text.
"""

from __future__ import annotations

import random
import re
import sys

import pytest

from cordon.engine import egress
from cordon.engine.provenance import links as provenance_links
from cordon.taint import _extract, _keys

_PIECES = (
    "a", "Z", "0", "7", "255", ".", ":", "::", "/", "//", "://", "-", "+", "@", " ", "\n",
    "http", "HTTPS", "file", "git+ssh", "x.y", "10.0.0.1", "169.254.169.254", "[", "]",
    "fe80::1", "::ffff:10.0.0.1", "2001:db8::", "metadata.google.internal",
    "METADATA.Azure.COM", "instance-data.ec2.internal", "ınstance-data.ec2.internal",
    "metadata", "www.", "é", "ſ", "K", "%2e", "a" * 31, "1.2.3", "v1.2.3.4.5", "localhost",
)  # fmt: skip


def _texts(n: int = 3000, seed: int = 9) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 24))) for _ in range(n)]


def test_the_meta_gate_letters_have_no_other_case_insensitive_match() -> None:
    # the premise of checking _META_GATES with str.lower: no character other than the ASCII
    # upper and lower case letter matches one of these letters under re.IGNORECASE
    for letter in set("".join(egress._META_GATES)):
        pattern = re.compile(re.escape(letter), re.IGNORECASE)
        matches = {c for c in map(chr, range(sys.maxunicode + 1)) if pattern.fullmatch(c)}
        assert matches <= {letter, letter.upper()}, letter


def test_every_dotted_metadata_name_holds_a_gate() -> None:
    for host in egress.METADATA_HOSTS:
        if "." in host:
            assert any(g in host for g in egress._META_GATES), host


@pytest.mark.parametrize("text", _texts())
def test_a_text_the_gates_skip_has_no_match(text: str) -> None:
    if egress._IPV4_GATE.search(text) is None:
        assert egress._IPV4_RE.search(text) is None
    if egress._IPV6_GATE.search(text) is None:
        assert egress._IPV6_RE.search(text) is None
    if not any(g in text.lower() for g in egress._META_GATES):
        assert egress._META_NAME_RE.search(text) is None


_SCHEME_PATTERNS = (
    (provenance_links._LINK_RE, "{0,30}+://"),
    (_extract._URLISH_RE, "{0,30}+://"),
    (_keys._EMBEDDED_SCHEME_RE, "{0,30}+://"),
    (_keys._SCHEME_RE, "{0,30}+:"),
)


@pytest.mark.parametrize(("new", "marker"), _SCHEME_PATTERNS)
def test_a_possessive_scheme_run_matches_as_the_backtracking_one(
    new: re.Pattern[str], marker: str
) -> None:
    assert marker in new.pattern
    old = re.compile(new.pattern.replace("{0,30}+", "{0,30}"), new.flags)
    for text in [*_texts(), "x" * 40 + "://a.example", "ab.c-d+e://h.example/p"]:
        low = text.lower()
        assert [m.span() for m in new.finditer(low)] == [m.span() for m in old.finditer(low)]
        assert [bool(new.match(low, i)) for i in range(len(low))] == [
            bool(old.match(low, i)) for i in range(len(low))
        ]


_LINK_PIECES = (
    "a", "b9", ".", "..", "-", "/", "//", "://", ":", "http", "HTTPS", "www", "example",
    "com", "co.uk", "x.example/p?q=1", " ", "  ", "\n", "\t", "\r", "\f", "\v", "\u00a0",
    "\u2028", "é", "“", "”", "(", ")", "<", ">", "'", '"', ",", ";", "|", "*", "@", "#",
    "1.2.3.4", ":8080", "report.md", "e.g.", "%2e", "\u3002",
)  # fmt: skip


def _link_texts(n: int = 4000, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    texts = ["", ".", " . ", "a.b", "\t.x.y", "x\ty.z w.v\r\nq.r\f\vs.t"]
    texts += [
        "".join(rng.choice(_LINK_PIECES) for _ in range(rng.randint(1, 30))) for _ in range(n)
    ]
    return texts


def _word_has_dot(text: str, span: tuple[int, int]) -> bool:
    s, e = span
    ws = " \t\n\r\f\v"
    while s > 0 and text[s - 1] not in ws:
        s -= 1
    while e < len(text) and text[e] not in ws:
        e += 1
    return "." in text[s:e]


@pytest.mark.parametrize("text", _link_texts())
def test_dotted_links_are_the_link_matches_in_words_with_a_dot(text: str) -> None:
    whole = [m.span() for m in provenance_links._LINK_RE.finditer(text)]
    expected = [sp for sp in whole if _word_has_dot(text, sp)]
    assert [m.span() for m in provenance_links._dotted_links(text)] == expected


def test_forwarded_links_finds_what_the_whole_text_search_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = _link_texts(1500, seed=12)
    texts += [" ".join(texts[i : i + 5]) for i in range(0, len(texts), 5)]
    new = [provenance_links.forwarded_links(t) for t in texts]
    monkeypatch.setattr(provenance_links, "_dotted_links", provenance_links._LINK_RE.finditer)
    old = [provenance_links.forwarded_links(t) for t in texts]
    assert new == old
    assert sum(map(len, new)) > 100  # the texts do hold links
