"""A repository the user named as ``owner/repo``: vouches for that owner and repository.

GitHub names a repository by two path segments, ``owner/repo`` (``gh repo view
myorg/myrepo``, ``https://github.com/myorg/myrepo``), and its tools take them as two
arguments (``owner``, ``repo``: both sink parameters of the github pack). The user's word
index keeps ``myorg/myrepo`` as one word, so neither argument alone was vouched for by it,
and a call to the very repository the user named was asked about as a new destination.

:func:`repo_pairs` reads the pairs a text names, conservatively: a whole word (between
spaces, quotes, brackets, commas, semicolons; a full stop, colon, ``!`` or ``?`` after it
dropped) that is exactly ``owner/repo`` (one slash), or a ``github.com`` URL whose path
starts ``/owner/repo`` (``.git`` dropped), with GitHub's own name syntax for each part
(ASCII: a name spelled with look-alike characters names no pair). A pair vouches only for
itself: ``myorg/myrepo-evil`` does not name ``myrepo``, ``myorg/myrepo`` does not name
``myorg`` with another repository, and a segment inside a longer path (``src/myorg/myrepo``,
``https://evil.example/myorg/myrepo``) names nothing. Owner and repository names are
compared case-insensitively, as GitHub does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["call_repo_pair", "repo_pairs"]

#: a word of the text: what lies between spaces, quotes, brackets, commas and semicolons
_WORD = re.compile(r"[^\s<>()\[\]{}\"'`,;]+")
#: GitHub's user and organisation names: letters, digits and single hyphens, 39 at most
_OWNER = r"[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}"
#: GitHub's repository names: letters, digits, ``.``, ``_`` and ``-``, 100 at most
_REPO = r"[A-Za-z0-9._-]{1,100}"
_BARE = re.compile(rf"({_OWNER})/({_REPO})")
_URL = re.compile(
    rf"(?:https?://)?(?:www\.)?github\.com/({_OWNER})/({_REPO})(?:[/?#].*)?",
    re.IGNORECASE | re.ASCII,  # (ASCII: no Kelvin sign or long s folding to a letter)
)
_OWNER_RE = re.compile(_OWNER)
_REPO_RE = re.compile(_REPO)


def _pair(owner: str, repo: str, git: bool = False) -> tuple[str, str] | None:
    """The pair, case-folded; ``git``: a ``.git`` ending is the clone URL's, not the name's."""
    if git and repo.lower().endswith(".git"):
        repo = repo[:-4]
    if repo in ("", ".", ".."):
        return None
    return owner.casefold(), repo.casefold()


def repo_pairs(text: str) -> Iterator[tuple[str, str]]:
    """The ``(owner, repo)`` pairs ``text`` names (module docstring), case-folded."""
    if "/" not in text:
        return
    for word in _WORD.findall(text):
        if "/" not in word:
            continue
        word = word.rstrip(".:!?")
        m = _URL.fullmatch(word)
        if m is None:
            m = _BARE.fullmatch(word)
        if m is not None:
            pair = _pair(m.group(1), m.group(2), git=m.re is _URL)
            if pair is not None:
                yield pair


def call_repo_pair(arguments: Mapping[str, Any]) -> tuple[str, str] | None:
    """The ``(owner, repo)`` a call's ``owner`` and ``repo`` arguments name, case-folded;
    None unless both are strings in GitHub's name syntax, whole."""
    owner, repo = arguments.get("owner"), arguments.get("repo")
    if not (isinstance(owner, str) and isinstance(repo, str)):
        return None
    if _OWNER_RE.fullmatch(owner) is None or _REPO_RE.fullmatch(repo) is None:
        return None
    return _pair(owner, repo)
