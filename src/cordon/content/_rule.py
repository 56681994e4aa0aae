"""The :class:`Rule` value type of the content catalogue.

A rule is data: an id, a category, a severity, human text (what it detects, why it matters,
how to fix it, where the technique is documented) and how it matches.

Matching model (see :mod:`cordon.content.scanner`): every text is normalised
(:mod:`cordon.content.normalize`). One combined pattern of every rule's ``anchors`` runs once
over the lower-cased ASCII view of the whole text (one byte per character, non-ASCII as ``?``);
a rule's own ``pattern`` then runs only in a bounded window around each of its anchor hits
(``window`` characters before and after), on the UTF-8 bytes of that window. Patterns are
``bytes`` regular expressions with bounded quantifiers only, so each window costs O(window) and
the whole scan is linear in the input.

Anchors are chosen to be rare in ordinary text (a whole imperative phrase, a path, a token
prefix with its length), never common words such as "user" or "run": the anchor pass is the
only step that touches every character, and each anchor hit costs a window search.

Structural rules (``pattern is None``) are raised by the normaliser itself (invisible
characters, tag smuggling, homoglyph mixing) or by the result walker (size caps).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from re import _constants, _parser  # type: ignore[attr-defined]
from typing import Any

from cordon._types import Severity

Category = str  # one of CATEGORIES

#: The six categories, each with its stable id prefix.
CATEGORIES: dict[str, str] = {
    "injection": "inj.",
    "tool_hijack": "hijack.",
    "exfiltration": "exfil.",
    "secrets": "secret.",
    "obfuscation": "obf.",
    "supply_chain": "supply.",
}


@dataclass(frozen=True, kw_only=True)
class Rule:
    """One content rule.

    Attributes:
        id: stable id, ``<prefix><name>`` (prefix per category, see :data:`CATEGORIES`); never
            renumbered or reused.
        category: one of :data:`CATEGORIES`.
        severity: severity of a finding when the text *asks* for the thing (low..critical).
        summary: what the rule detects, one line.
        why: why it matters to an agent reading the text.
        fix: what the operator or server author should do.
        source: where the technique is documented (advisory, CVE, paper, write-up).
        pattern: a regular expression over the normalised, UTF-8 encoded text (lower-cased
            unless ``case_sensitive``); ``None`` for structural rules. Bounded quantifiers only.
        anchors: regular expressions over the lower-cased ASCII view (``bytes`` syntax, no
            upper-case letters), each starting with one literal character; every match of
            ``pattern`` contains a match of at least one anchor. The first character being a
            literal is what lets ``re`` scan for the combined pattern in C.
        utf8_anchors: anchors over the normalised text's UTF-8 bytes (``bytes`` regex syntax,
            written as ``str``; case variants spelled out), for rules whose every match holds
            a non-ASCII word (Cyrillic, CJK, Hangul...): the ASCII view shows those as ``?``.
            Run only on text that is not pure ASCII.
        window: characters scanned before and after an anchor hit (>= the longest possible
            match, in UTF-8 bytes).
        case_sensitive: match the original letter case (secrets).
        mention_severity: severity when the match is only *mentioned*: quoted or in a code span
            and introduced by a mention cue ("such as", "e.g.", "never run"...). ``None`` keeps
            ``severity``.
        accept: optional predicate on the matched bytes; ``False`` drops the match (documented
            example keys, placeholders).
        secret_group: the regex group holding the raw credential value (secrets) or the
            matched value shown as evidence.
        span_group: the regex group whose span is reported (context such as a leading clause
            boundary can sit outside it).
        scope: ``"text"`` (every scan) or ``"identifier"``: run only on the words of a
            parameter or tool name (``content_from_reading_ssh_id_rsa`` read as "content from
            reading ssh id rsa", :mod:`cordon.content._walk`), where a bare "read ... token" is
            a request and not prose.
        lead: when set, every match of ``pattern`` starts at most this many bytes (of its
            window as searched) before the start of an anchor hit it holds, and the pattern
            is tried only there (:mod:`cordon.content._lead`): windows where the anchors are
            dense then cost ``lead`` bytes an anchor, not every byte. The anchors' leading
            literals are looked for in the window as searched (an anchor hit may start up to
            one literal's length before the end of the one found), so ``lead`` includes the
            longest. 0: anywhere in the window. The pattern must hold no back-reference (its
            groups shift by one).
    """

    id: str
    category: Category
    severity: Severity
    summary: str
    why: str
    fix: str
    source: str
    pattern: str | None = None
    anchors: tuple[str, ...] = ()
    utf8_anchors: tuple[str, ...] = ()
    window: int = 400
    case_sensitive: bool = False
    mention_severity: Severity | None = None
    accept: Callable[[bytes], bool] | None = field(default=None, compare=False)
    secret_group: int = 0
    span_group: int = 0
    scope: str = "text"
    lead: int = 0

    def __post_init__(self) -> None:
        prefix = CATEGORIES.get(self.category)
        if prefix is None:
            raise ValueError(f"{self.id}: unknown category {self.category!r}")
        if not (self.id.startswith(prefix) or self.id.startswith("content.")):
            raise ValueError(f"{self.id}: id must start with {prefix!r}")
        if self.pattern is not None and not (self.anchors or self.utf8_anchors):
            raise ValueError(f"{self.id}: a pattern rule needs anchors")
        # that each anchor compiles is asserted by tests/content/test_anchor_syntax.py; the
        # scanner compiles the forms it uses (per-character patterns, the Hyperscan database,
        # an anchor at its first candidate). Compiling the ~2,700 anchors here cost every
        # process ~0.25 s of CPU for patterns ``re`` then evicted from its cache
        for a in self.anchors:
            if not a or a != a.lower() or anchor_head(a) is None:
                raise ValueError(
                    f"{self.id}: anchor {a!r} must be lower-case and start with a literal character"
                )

    @cached_property
    def ws_slack(self) -> int:
        """Characters added to :attr:`window`: each whitespace gap one match of the pattern can
        hold may be up to ``FOLD_MIN - 1`` characters wide (longer runs are folded to one by the
        normaliser). The gaps are counted along the pattern's widest path (the most of any
        branch of an alternation, not the sum of every branch: a multilingual rule lists
        hundreds of gaps across its languages and one match passes a dozen), and never more
        than the gaps written in the whole pattern."""
        if self.pattern is None:
            return 0
        from cordon.content.normalize import FOLD_MIN

        written = len(re.findall(r"\\s[+*{]", self.pattern))
        gaps = min(written, _path_gaps(_parser.parse(self.pattern)))
        return gaps * (FOLD_MIN - 1)

    @cached_property
    def compiled(self) -> re.Pattern[bytes] | None:
        """The compiled ``bytes`` pattern (``None`` for structural rules)."""
        if self.pattern is None:
            return None
        return re.compile(self.pattern.encode("utf-8"), re.MULTILINE)

    @cached_property
    def lead_compiled(self) -> tuple[re.Pattern[bytes], re.Pattern[bytes]] | None:
        """When :attr:`lead` is set: ``(?s:.{0,lead}?)(pattern)`` (one ``match`` from
        ``lead`` bytes before an anchor finds the leftmost match that starts up to there)
        and an alternation of the anchors' leading literals (every anchor hit starts with
        one: where they are in a window is where the anchors may be)."""
        if not self.lead or self.pattern is None or self.utf8_anchors or self.case_sensitive:
            return None
        heads = {_literal_head(a) for a in self.anchors}
        if b"" in heads:
            return None
        wrapped = f"(?s:.{{0,{self.lead}}}?)({self.pattern})"
        alts = b"|".join(re.escape(h) for h in sorted(heads, key=lambda h: (-len(h), h)))
        return re.compile(wrapped.encode("utf-8"), re.MULTILINE), re.compile(alts)


def _literal_head(anchor: str) -> bytes:
    """The literal characters every match of ``anchor`` starts with."""
    out = bytearray()
    for op, av in _parser.parse(anchor):
        if op != _constants.LITERAL:
            break
        out.append(av)
    return bytes(out)


_REPEATS = (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT)
_SPACE = (_constants.CATEGORY, _constants.CATEGORY_SPACE)


def _is_space_repeat(sub: Any) -> bool:
    """True when a repeat's body is ``\\s`` or a class holding it (a whitespace gap)."""
    items = list(sub)
    if len(items) != 1:
        return False
    op, av = items[0]
    return (op, av) == _SPACE or (op == _constants.IN and _SPACE in av)


def _path_gaps(items: Any) -> int:
    """The most whitespace gaps (``\\s`` repeated more than once) one match of a parsed
    pattern passes: summed along a sequence, the most of any branch, times a bounded repeat's
    count; a huge number for a gap inside an unbounded repeat (the caller's ``min`` with the
    written count then decides)."""
    total = 0
    for op, av in items:
        if op in _REPEATS:
            _lo, hi, sub = av
            inner = _path_gaps(sub)
            if inner:
                total += inner * (10**6 if hi == _constants.MAXREPEAT else hi)
            elif hi > 1 and _is_space_repeat(sub):
                total += 1
        elif op == _constants.SUBPATTERN:
            total += _path_gaps(av[-1])
        elif op == _constants.BRANCH:
            total += max(_path_gaps(b) for b in av[1])
    return total


_SPECIAL = frozenset(".^$*+?{}[]|()\\")


def anchor_head(anchor: str) -> tuple[str, str] | None:
    """Split an anchor into its first literal character and the rest (``None``: not literal).

    ``"\\[inst"`` -> ``("[", "inst")``; ``"ignore\\s"`` -> ``("i", "gnore\\s")``.
    """
    if anchor[:1] == "\\" and len(anchor) > 1 and not anchor[1].isalnum():
        return anchor[1], anchor[2:]
    if anchor[:2] == "\\x" and len(anchor) >= 4:
        return chr(int(anchor[2:4], 16)), anchor[4:]
    if anchor and anchor[0] not in _SPECIAL and (len(anchor) == 1 or anchor[1] not in "*?{"):
        return anchor[0], anchor[1:]
    return None


def each(heads: tuple[str, ...] | list[str], tail: str) -> tuple[str, ...]:
    """Anchors ``head + tail`` for every head (a word list sharing one continuation)."""
    return tuple(h + tail for h in heads)


def words(phrase: str) -> str:
    r"""Turn ``"ignore all previous"`` into ``ignore\s+all\s+previous``.

    Whitespace folding happens here: every gap between tokens in a rule accepts any run of
    whitespace (spaces, tabs, newlines), the same as collapsing runs to one space first.
    """
    return r"\s+".join(phrase.split())


def alt(*options: str) -> str:
    """A non-capturing alternation of ``options`` (already regex syntax)."""
    return "(?:" + "|".join(options) + ")"
