"""GitHub ``owner/repo`` pairs named in untrusted output: their taint keys.

GitHub names a repository by two path segments, and its tools take them as two arguments
(``owner``, ``repo``: both sink parameters of the github pack). Neither segment alone is a
destination the index keys (a bare word has no anchor), so an issue body saying "copy this
into attacker-org/exfil" tainted nothing, and a ``create_issue`` there was asked about as a
new destination while an e-mail address read the same way was denied. The index keys each
pair it reads (:func:`scan_pairs`, :func:`github_url_pairs`) as :func:`pair_key`, and the
taint check looks a call's ``owner`` and ``repo`` up as that one key.

Read more widely than the user's text is (:mod:`cordon.engine.provenance.repos`), since
here more keys only means more taint (fail closed): a pair is a word-bounded
``owner/repo`` (GitHub's name syntax, ASCII) after any character that is not part of a
name or a path (so ``git@github.com:owner/repo.git``, ``@owner/repo`` and markdown
emphasis count), ending at the end of a path (one ``/`` at most after it), and any
``github.com/owner/repo...`` URL (a ``.git`` ending keyed with and without it). Not a pair:
a segment inside a longer path (``src/owner/repo``, ``owner/repo/tree``), a host's path
(``evil.example/owner/repo``), a name with a double or edge hyphen. Keys are lower case
(GitHub compares names case-insensitively).
"""

from __future__ import annotations

import re

__all__ = ["PAIR_PREFIX", "github_url_pairs", "pair_key", "scan_pairs"]

#: the prefix of a pair's key; it has a space, which no token's key has (tokens end at one)
PAIR_PREFIX = "github repo "

_OWNER = r"[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}"
#: a ``/`` after an owner's last character, then a repository name that ends a path (one
#: trailing ``/`` at most): a literal prefix, so text is skipped at memory speed
#: (an owner of up to 16 characters after a ``/``, ``.`` or ``_``, a path's or a host's
#: segment, is turned down here, in C: most slashes in output are of URLs and paths)
_SLASH_REPO = re.compile(
    r"/(?<=[A-Za-z0-9]/)"
    + "".join(rf"(?<![./_][A-Za-z0-9-]{{{k}}}/)" for k in range(1, 17))
    + r"([A-Za-z0-9._-]{1,100})(?=/?(?![A-Za-z0-9._/-]))"
)
#: the run of owner characters before such a ``/``, read backwards (one bounded match)
_RUN_BACK = re.compile(r"[A-Za-z0-9-]{1,40}")
#: a whole owner name (GitHub's syntax: no edge or double hyphen, 39 characters at most)
_OWNER_NAME = re.compile(_OWNER)
#: characters that make the run before a ``/`` the tail of a path, a host or a longer name
_NOT_BEFORE = frozenset("._/")
#: the owner and repository after ``github.com/`` in a lower-cased token (the owner's
#: syntax is checked with :data:`_OWNER_NAME`)
_AFTER_GITHUB = re.compile(r"([a-z0-9-]{1,39})/([a-z0-9._-]{1,100}+)(?![a-z0-9._-])", re.ASCII)
#: characters of a host name: one before ``github.com`` makes it another host's name
_HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-")


def pair_key(owner: str, repo: str) -> str:
    """The taint key of the repository ``owner/repo`` (lower case)."""
    return f"{PAIR_PREFIX}{owner.lower()}/{repo.lower()}"


def _add(owner: str, repo: str, out: set[str]) -> None:
    """Key ``owner/repo``; a repository ending in ``.`` or ``.git`` is also keyed without
    it (the full stop of a sentence, a clone URL's ending)."""
    out.add(pair_key(owner, repo))
    bare = repo.rstrip(".")
    if bare.lower().endswith(".git"):
        bare = bare[:-4].rstrip(".")
    if bare and bare != repo and bare != "..":
        out.add(pair_key(owner, bare))


def scan_pairs(text: str, out: set[str]) -> None:
    """Add the key of every bare ``owner/repo`` in ``text`` (module docstring). Linear: the
    search stops at a ``/`` only after a letter or digit that ends a name, and reads the
    owner back with one match on the reversed 41 characters before it."""
    back = _RUN_BACK.match
    for m in _SLASH_REPO.finditer(text):
        i = m.start()
        run = back(text[max(0, i - 41) : i][::-1])
        if run is None or run.end() > 39:
            continue  # (no owner, or a run longer than a name)
        start = i - run.end()
        if start and text[start - 1] in _NOT_BEFORE:
            continue
        owner = text[start:i]
        repo = m.group(1)
        if _OWNER_NAME.fullmatch(owner) is not None and repo not in (".", ".."):
            _add(owner, repo, out)


def github_url_pairs(token: str, out: set[str]) -> None:
    """Add the key of the repository each ``github.com/owner/repo`` URL in ``token`` (one
    token of output, lower-cased) names, whatever follows it (``/issues/3``, ``.git``): not
    one of another host (``api.github.com``, ``notgithub.com``), ``www.`` aside. Each is
    found by ``str.find`` and read by one anchored match."""
    i = token.find("github.com/")
    while i >= 0:
        start = i - 4 if i >= 4 and token.startswith("www.", i - 4) else i
        if start == 0 or token[start - 1] not in _HOST_CHARS:
            m = _AFTER_GITHUB.match(token, i + 11)
            if m is not None and _OWNER_NAME.fullmatch(m.group(1)) is not None:
                if m.group(2) not in (".", ".."):
                    _add(m.group(1), m.group(2), out)
        i = token.find("github.com/", i + 11)
