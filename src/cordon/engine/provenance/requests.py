"""Requested actions (``requires_request``, rule ``action.not_requested``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from cordon._types import Verdict
from cordon.engine import rules


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


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
