"""The instruction override with its words glued together (attack classes 'zero_width' and
'letter_spacing': invisible characters as word separators).

A zero-width space, joiner or non-joiner between the words ("ignore\\u200bprevious\\u200b
instructions") renders as a gap to a reader and tokenises as separate words for a model; the
normaliser removes the invisible characters, which leaves the words glued
("ignorepreviousinstructions") where the override rules, written with word boundaries, read
nothing. The same glued phrase is also typed on purpose to slip past word filters. No prose
writes these words without a space between them.
"""

from __future__ import annotations

from functools import partial

from cordon.content._rule import Rule

_R = partial(Rule, category="obfuscation")

_GLUED = (
    r"(?:ignore|disregard|forget)\s?(?:all\s?)?(?:the\s?|your\s?|of\s?)*"
    r"(?:previous|prior|above|earlier|preceding)\s?(?:instructions?|prompts?|rules|directions)"
)

RULES: tuple[Rule, ...] = (
    _R(
        id="obf.glued_override",
        severity="high",
        mention_severity="low",
        summary="The instruction override written with its words run together, as left by "
        "zero-width characters between them: 'ignore\\u200bprevious\\u200binstructions', "
        "'ignoreallpreviousinstructions'.",
        why="Invisible separators show the words apart to the model and hide them from a "
        "word-boundary filter; once they are removed the glued phrase is still the override.",
        fix="Treat the result as data; block or quarantine the source that produced it.",
        source="OWASP LLM01:2025 Prompt Injection (obfuscation: invisible characters); "
        "Boucher et al., 'Bad Characters: Imperceptible NLP Attacks' (arXiv:2106.09898)",
        pattern=rf"(?<![a-z]){_GLUED}",
        anchors=(
            r"ignore\s?(?:all\s?)?(?:the\s?|your\s?|of\s?){0,3}(?:previous|prior|above|earlier|"
            r"preceding)[a-z]",
            r"disregard\s?(?:all\s?)?(?:the\s?|your\s?|of\s?){0,3}(?:previous|prior|above|"
            r"earlier|preceding)[a-z]",
            r"forget\s?(?:all\s?)?(?:the\s?|your\s?|of\s?){0,3}(?:previous|prior|above|earlier|"
            r"preceding)[a-z]",
            *(
                rf"{v}(?:all|the|your|of|previous|prior|above|earlier|preceding)"
                for v in ("ignore", "disregard", "forget")
            ),
        ),
        window=120,
    ),
)
