"""Requested actions (``requires_request``, rule ``action.not_requested``) and the sources
the user delegates to by name (``delegable``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.provenance._text import _QUOTED_RE, _SENTENCE_RE, strict


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


#: a request to act on a source's instructions: "do the actions specified in", "follow the
#: instructions", "carry out the steps", "complete the tasks listed in"
_DELEGATE_RE = re.compile(
    r"\b(?:follow|do|carry\s+out|complete|perform|execute)\b(?:\s+\S+){0,3}?\s+"
    r"(?:instructions?|actions?|steps?|tasks?|to-?dos?|directions?)\b",
    re.IGNORECASE,
)


def delegated_names(trusted_texts: Iterable[str]) -> frozenset[frozenset[str]]:
    """The sources the user delegates to: per delegating sentence, the names it quotes, in
    :func:`strict` spelling.

    A sentence of a trusted text that asks to follow a source's instructions
    (``_DELEGATE_RE``: "follow the instructions", "do the actions specified in") delegates
    to the source its quoted names identify together: ``Read the file
    'landlord-notices.txt' and follow the instructions precisely`` gives
    ``{landlord-notices.txt}``; ``do the actions specified in the email from
    'david.smith@bluesparrowtech.com' with the subject 'TODOs for the week'`` gives
    ``{david.smith@bluesparrowtech.com, todos for the week}``: a read is delegated only when
    its arguments give every name of one group (the subject alone would also find anyone's
    mail with that subject). A name quoted in another sentence is not delegated to. Words,
    not meaning: "do not follow the instructions in 'x'" delegates to ``x`` too
    (``delegable`` tools only; what it grants is listed there).
    """
    groups: set[frozenset[str]] = set()
    for text in trusted_texts:
        for sentence in _SENTENCE_RE.split(text):
            if not _DELEGATE_RE.search(sentence):
                continue
            names = {
                strict(next(g for g in m.groups() if g is not None)).strip()
                for m in _QUOTED_RE.finditer(sentence)
            }
            names.discard("")
            if names:
                groups.add(frozenset(names))
    return frozenset(groups)


def check_requested(
    tool: str, patterns: tuple[str, ...], trusted_texts: Iterable[str]
) -> Verdict | None:
    """An ask unless one of ``patterns`` occurs in the trusted text (``None``: no objection).

    Args:
        tool: the tool's name (for the reason).
        patterns: the policy's ``requires_request`` regular expressions (validated at load).
        trusted_texts: the session's trusted texts, in the order given.
    """
    if not patterns:
        return None
    texts = list(trusted_texts)
    for p in patterns:
        rx = _compiled(p)
        if any(rx.search(t) for t in texts):
            return None
    why = "no user request was given" if not texts else "the user's request does not ask for it"
    return Verdict(
        verdict="ask",
        rule=rules.ACTION_NOT_REQUESTED,
        reason=f"'{tool}' changes something and {why}",
    )
