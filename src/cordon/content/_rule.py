"""The :class:`Rule` value type of the content catalogue.

A rule is data: an id, a category, a severity, human text (what it detects, why it matters,
how to fix it, where the technique is documented) and how it matches.

Matching model (see :mod:`cordon.content.scanner`): every text is normalised
(:mod:`cordon.content.normalize`), encoded as UTF-8 and ASCII-lower-cased once. One combined
pattern of every rule's ``triggers`` (short lower-case ASCII literals) runs over the whole text;
a rule's own ``pattern`` then runs only in a bounded window around each of its trigger hits
(``window`` bytes before and after). Patterns are ``bytes`` regular expressions with bounded
quantifiers only, so each window costs O(window) and the whole scan is linear in the input.

Structural rules (``pattern is None``) are raised by the normaliser itself (invisible
characters, tag smuggling, homoglyph mixing) or by the result walker (size caps).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

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
        triggers: lower-case literals, at least one of which occurs inside every match.
        window: bytes scanned before and after a trigger hit (>= the longest possible match).
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
    """

    id: str
    category: Category
    severity: Severity
    summary: str
    why: str
    fix: str
    source: str
    pattern: str | None = None
    triggers: tuple[str, ...] = ()
    window: int = 400
    case_sensitive: bool = False
    mention_severity: Severity | None = None
    accept: Callable[[bytes], bool] | None = field(default=None, compare=False)
    secret_group: int = 0
    span_group: int = 0

    def __post_init__(self) -> None:
        prefix = CATEGORIES.get(self.category)
        if prefix is None:
            raise ValueError(f"{self.id}: unknown category {self.category!r}")
        if not (self.id.startswith(prefix) or self.id.startswith("content.")):
            raise ValueError(f"{self.id}: id must start with {prefix!r}")
        if self.pattern is not None and not self.triggers:
            raise ValueError(f"{self.id}: a pattern rule needs triggers")
        for t in self.triggers:
            if not t or t != t.lower():
                raise ValueError(f"{self.id}: trigger {t!r} must be non-empty and lower-case")

    @cached_property
    def compiled(self) -> re.Pattern[bytes] | None:
        """The compiled ``bytes`` pattern (``None`` for structural rules)."""
        if self.pattern is None:
            return None
        return re.compile(self.pattern.encode("utf-8"), re.MULTILINE)


def words(phrase: str) -> str:
    r"""Turn ``"ignore all previous"`` into ``ignore\s+all\s+previous``.

    Whitespace folding happens here: every gap between tokens in a rule accepts any run of
    whitespace (spaces, tabs, newlines), the same as collapsing runs to one space first.
    """
    return r"\s+".join(phrase.split())


def alt(*options: str) -> str:
    """A non-capturing alternation of ``options`` (already regex syntax)."""
    return "(?:" + "|".join(options) + ")"
