"""A secret sent in pieces over several calls: each piece of 8 characters or more is refused.

Attack class: an injected "send the first half of the key now and the rest in the next
message" (or "one chunk of 9 per e-mail", or the chunks in reverse order). Each call then
carries part of the secret only, and :class:`cordon.engine.secrets.SecretSet` looks for the
whole secret (and, within one call, for its pieces in order: ``split``). A key sent in two
halves of 16 characters is a key sent.

So a registered secret of :data:`MIN_PIECE_SECRET` characters or more is also indexed by its
windows of :data:`PIECE` characters (``secret[i:i+8]``, NFKC- and case-folded, and each
reversed): a string whose decoded view holds one carries part of the secret
(:meth:`Pieces.find`). Pieces shorter than :data:`PIECE` are the documented limit.

Only windows that look random are indexed (:func:`_random_looking`: a letter and a digit,
or two capitals and two small letters, and at least five distinct characters), so a
secret's format prefix (``sk_live_``, ``-----BEG``) and a word in a passphrase
(``postgres``) do not refuse every call that names them. The structured start of a format
is skipped too (:data:`_STRUCTURED`): a JWT's header and claims (``eyJhbGci...``, shared by
every token of an issuer; its signature is what makes it a credential) and the DER or
OpenSSH header of a key body (``MIIEvQIBADANBgkqhkiG9w0...``, shared by every key of its
size, and by certificates). A secret longer than :data:`MAX_PIECE_SECRET` characters (a
whole key body) is not indexed itself: its lines are registered on their own
(:func:`cordon.engine.secrets.key_parts`) and indexed.

Matching reads each run of 8 or more non-blank characters of a view; one set look-up per
window. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

__all__ = ["MAX_PIECE_SECRET", "MIN_PIECE_SECRET", "PIECE", "Pieces"]

#: the shortest piece looked for (README, "Limits, plainly": shorter pieces get through)
PIECE = 8
#: a secret shorter than two pieces cannot be split into pieces of :data:`PIECE`
MIN_PIECE_SECRET = 2 * PIECE
#: a longer secret (a private key's whole body) is indexed through its registered lines
MAX_PIECE_SECRET = 1024

#: the start of a value that is format, not secret: a JWT's header and claims (up to its
#: signature), a DER structure's first 52 base64 characters in a key body's line (PKCS#1,
#: PKCS#8 and SEC1 headers and lengths), an ``openssh-key-v1`` blob's header
_STRUCTURED = re.compile(
    r"eyJ[A-Za-z0-9_-]*\.(?:[A-Za-z0-9_-]*\.)?"
    r"|M[F-I][A-Za-z0-9+/]{50}(?=[A-Za-z0-9+/]{8})"
    r"|b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/]{60}"
)
_RUN = re.compile(rf"\S{{{PIECE},}}")
#: a URL's scheme, user name and host (and port): ``scheme://user:`` before the password, or
#: ``scheme://[user[:password]@]host[:port]`` up to the path
_URL_HEAD = re.compile(r"[a-z][a-z0-9+.-]*://(?:([^/@\s:]*:)([^/@\s]+)@)?[^/?#\s]*", re.I)


def _secret_spans(plain: str) -> list[tuple[int, int]]:
    """The parts of ``plain`` whose windows are indexed: all of it, or for a URL (a
    connection string ``postgres://app:PASSWORD@db.internal:5432/app``, a webhook) its
    password and what follows its host. Its scheme, user, host and port are where the secret
    is used, not the secret: as pieces they refused every send naming the host
    (``db.internal:5432``, ``https://api.example.com/v1/items``), with no approval to give."""
    m = _URL_HEAD.match(plain)
    if m is None:
        return [(0, len(plain))]
    spans = [(m.end(), len(plain))]
    if m.group(2):
        spans.append(m.span(2))
    return spans


def _random_looking(window: str) -> bool:
    if len(set(window)) < 5:
        return False
    digit = any(c.isdigit() for c in window)
    if digit and any(c.isalpha() for c in window):
        return True
    upper = sum(c.isupper() for c in window)
    lower = sum(c.islower() for c in window)
    return upper >= 2 and lower >= 2


class Pieces:
    """The session's secrets by their windows of :data:`PIECE` characters."""

    def __init__(self) -> None:
        #: folded window -> (secret, encoding): ``piece`` or ``reversed piece``
        self._windows: dict[str, tuple[str, str]] = {}

    def __bool__(self) -> bool:
        return bool(self._windows)

    def add(self, value: str, plain: str, fold: Callable[[str], str]) -> None:
        """Index ``value`` (as registered) by the windows of ``plain`` (the value with
        invisible characters removed); ``fold`` is the matcher's case and NFKC fold."""
        if not MIN_PIECE_SECRET <= len(plain) <= MAX_PIECE_SECRET or "PRIVATE KEY" in plain:
            return  # (a key block: its body's lines are registered, and indexed, on their own)
        skip = m.end() if (m := _STRUCTURED.match(plain)) is not None else 0
        for start, end in _secret_spans(plain):
            for i in range(max(start, skip), end - PIECE + 1):
                window = plain[i : i + PIECE]
                if not _random_looking(window) or not window.isprintable() or " " in window:
                    continue
                folded = fold(window)
                self._windows.setdefault(folded, (value, "piece"))
                self._windows.setdefault(folded[::-1], (value, "reversed piece"))

    def find(self, views: Iterable[str], kept: Callable[[str], bool]) -> tuple[str, str] | None:
        """(secret, encoding) of the first indexed window in a run of ``views`` (already
        folded as :meth:`add` folds), whose secret is ``kept``; None when none."""
        windows = self._windows
        for view in views:
            for run in _RUN.finditer(view):
                text = run.group()
                for i in range(len(text) - PIECE + 1):
                    hit = windows.get(text[i : i + PIECE])
                    if hit is not None and kept(hit[0]):
                        return hit
        return None
