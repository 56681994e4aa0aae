"""Vouched values and names (``vouched_params``, ``vouched_names``, rule
``taint.unvouched_value``): an argument that names something neither the user's text nor
a directory listing gave."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.provenance._text import _strings, has_words, lookalike_free
from cordon.taint import norm
from cordon.textnorm import mark_lookalikes, strip_invisible

#: a word of text; punctuation at its end ends a run of capitalised words
_TOKEN = re.compile(r"\S+")


_RUN_END = ",.;:!?)]}\"'’”"


#: where a glued name splits into words: ``Riverside-View``, ``Riverside_View``,
#: ``Riverside—View`` (any character but a letter, a digit or an apostrophe), and
#: ``RiversideView`` (a lower-case letter or a digit, then a capital: :func:`_compound_parts`)
_COMPOUND_SPLIT = re.compile(r"(?:[^\w'’]|_)+")


def check_vouched(
    arguments: Any,
    params: tuple[str, ...],
    directory: set[str],
    trusted_norm: str,
    spelled: Any = None,
    plain: tuple[set[str], str] | None = None,
) -> Verdict | None:
    """An ask when a ``vouched_params`` argument names something neither the user's text
    nor a directory tool's listing gave (``None``: every such value is vouched).

    Args:
        arguments: the call's arguments.
        params: the argument names (at any depth) whose values need vouching.
        directory: keys vouched by directory tools (:func:`directory_keys`).
        trusted_norm: the session's trusted texts, normalised and joined; a value counts when
            its normalised form occurs there as whole words.
        spelled: ``f(value) -> (by_user, by_directory)``: whether a look-alike spelling may be
            vouched at all (the session's exact-spelling check); ``None``: always.
        plain: ``(directory, trusted_norm)`` with look-alike spellings left out, for a value spelled without any (:func:`lookalike_free`): the
            user's ``ops@хор.ru`` (Cyrillic) does not vouch for the ASCII ``ops@xop.ru``.
    """
    for k, item in _named(arguments, params):
        for leaf in _strings(item, numbers=True):
            key = norm(leaf)
            ok_user, ok_dir = (True, True) if spelled is None else spelled(leaf)
            listed, text = directory, trusted_norm
            if plain is not None and lookalike_free(leaf):
                # compared as spelled: a private-use character in the value is not a mark
                listed, text = plain
                key = norm(mark_lookalikes(leaf))
            if not key or (ok_dir and key in listed):
                continue
            if ok_user and has_words(text, key):
                continue
            return _unvouched(k, key, not lookalike_free(leaf))
    return None


def _named(arguments: Any, params: tuple[str, ...]) -> Iterator[tuple[Any, Any]]:
    """``(name, value)`` for every object key in ``params`` at any depth of ``arguments``
    (a matched value is not searched further for names)."""
    names = set(params)
    stack: list[Any] = [arguments]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, item in v.items():
                if k in names:
                    yield k, item
                else:
                    stack.append(item)
        elif isinstance(v, list | tuple):
            stack.extend(v)


def _unvouched(param: Any, destination: str, odd: bool = False) -> Verdict:
    """The ``taint.unvouched_value`` ask; ``odd``: the value is written with look-alike
    characters, so an approval of it covers these very arguments, not its folded key (which
    a plain spelling shares)."""
    return Verdict(
        verdict="ask",
        rule=rules.TAINT_UNVOUCHED_VALUE,
        reason=f"'{param}' names something neither the user nor a listing gave",
        param=str(param),
        destination=destination[:200],
        details={"odd_spelling": True} if odd else {},
    )


def unvouched_names(
    arguments: Any,
    params: tuple[str, ...],
    directory: set[str],
    trusted_norm: str,
    trusted_words: set[str],
    plain: tuple[set[str], str, set[str]] | None = None,
) -> Verdict | None:
    """An ask when a ``vouched_names`` argument's text names something (two or more
    capitalised words: "Riverside View Hotel") that neither the user's text nor a directory
    listing gave (``None``: every name is vouched). ``plain``: ``(directory, trusted_norm,
    trusted_words)`` keyed with look-alike characters marked, for a text written without
    any (:func:`lookalike_free`): a typed ``Rіverside Vіew`` (Cyrillic ``і``) does not vouch
    the ASCII name (docs/bypass-resistance.md, "Look-alikes").

    A run of capitalised words is covered from left to right by its longest sub-runs that the
    user's text has as whole words or a directory listed whole, and by single words the user
    typed ("Booking" in 'Booking hotel X'); any word left over makes the name unvouched.
    Single capitalised words are not names here (sentence starts), a documented gap.
    """
    for k, item in _named(arguments, params):
        for leaf in _strings(item):
            listed, text_norm, words_set = directory, trusted_norm, trusted_words
            if plain is not None and lookalike_free(leaf):
                listed, text_norm, words_set = plain
            # NFKC first: a circled or fullwidth capital is a capital
            text = unicodedata.normalize("NFKC", strip_invisible(leaf))
            for run in _name_runs(text):
                words = [norm(w) for w in run]
                if _covered(words, listed, text_norm, words_set):
                    continue
                parts = [norm(p) for w in run for p in _compound_parts(w)]
                if parts != words and _covered(parts, listed, text_norm, words_set):
                    continue
                return _unvouched(k, " ".join(words))
    return None


def _name_runs(text: str) -> Iterator[list[str]]:
    """Runs of adjacent words that start with a capital letter (an upper- or title-case
    letter, any script with case) and make two or more capitalised words, counting the
    capitalised parts of a glued word (``Riverside-View``, ``RiversideView``); split
    at punctuation (``Paris, France``: two one-word runs). Symbols around
    a word (``**Riverside View**``, ``«Riverside View»``) are not part of it, and a symbol
    alone between two words (``&``, ``|``, a dash) does not split them."""
    run: list[str] = []
    units = 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
        start, end = 0, len(tok)
        while start < end and not tok[start].isalnum():
            start += 1
        while end > start and not tok[end - 1].isalnum():
            end -= 1
        word = tok[start:end]
        if not word and not any(c in _RUN_END for c in tok):
            continue  # "Smith & Wesson", "Riverside | View": a symbol alone joins the run
        n = _capital_units(word)
        if n:
            run.append(word)
            units += n
            if any(c in _RUN_END for c in tok[end:]):  # "Paris," ends the run
                if units > 1:
                    yield run
                run, units = [], 0
            continue
        if units > 1:
            yield run
        run, units = [], 0
    if units > 1:
        yield run


def _capital(word: str) -> bool:
    return bool(word) and unicodedata.category(word[0]) in ("Lu", "Lt")


def _compound_parts(word: str) -> list[str]:
    """A glued word's parts (``Riverside-View``, ``RiversideView`` -> ``Riverside``,
    ``View``)."""
    parts: list[str] = []
    for piece in _COMPOUND_SPLIT.split(word):
        start = 0
        for i in range(1, len(piece)):
            if (piece[i - 1].islower() or piece[i - 1].isdigit()) and _capital(piece[i]):
                parts.append(piece[start:i])
                start = i
        if piece[start:]:
            parts.append(piece[start:])
    return parts


def _capital_units(word: str) -> int:
    """How many capitalised words ``word`` counts as: its capitalised parts of two or more
    characters (``RiversideView``: 2, ``1Riverside``: 1), at least 1 when it starts with a
    capital (``USA``, ``U.S.A``)."""
    if not word:
        return 0
    glued = sum(1 for p in _compound_parts(word) if len(p) > 1 and _capital(p))
    return max(glued, 1 if _capital(word) else 0)


def _covered(
    words: list[str], directory: set[str], trusted_norm: str, trusted_words: set[str]
) -> bool:
    i, n = 0, len(words)
    while i < n:
        for j in range(n, i, -1):
            phrase = " ".join(words[i:j])
            if (j - i > 1 or len(words) == 1) and (
                phrase in directory or has_words(trusted_norm, phrase)
            ):
                i = j
                break
            if j - i == 1 and (phrase in trusted_words or phrase in directory):
                i = j
                break
        else:
            return False
    return True
