"""Credentials seen in output, shared by hash across the cordon processes of one client.

Each server of an MCP client is wrapped by its own ``cordon run`` process, so a credential
read through one server (a database password in a ``.env`` file the filesystem server
returned) is in that process's :class:`cordon.engine.secrets.SecretSet` only. Without
sharing, the agent could hand it to another server of the same client (a ticket server's
reply tool, or a malicious server's parameter: CyberArk's "advanced tool poisoning", where a
fake error asks for the contents of ``.env`` in the next call), and that server's cordon
would not know it. The client's shared store (:class:`cordon.store.SharedTaintStore`, the
file of hashed destination keys) carries them too, hashed like the destination keys, never
in clear:

* **Published** (:func:`shared_keys`), for each credential the content scanner found in a
  result: its *core* (NFKC, invisible characters removed, anything but letters and digits
  trimmed from both ends; 8 to :data:`MAX_SHARED_LENGTH` characters) and the core reversed
  (under a prefix of its own, so a match turns it round), each as two keys: the whole form,
  and its first :data:`HEAD_LENGTH` characters (a prefilter); plus one key that says some credential was published at all
  (:data:`ANY_KEY`). The keys carry a NUL-separated prefix no destination key has.
* **Matched** (:func:`find_shared`), in every call of every other process of the client:
  each string (values and keys) and integer (its decimal text) of the arguments, each join of them
  (:func:`cordon.engine.dlp.joined_views`: a credential split across two arguments), each
  seen through the decodings the secret matcher uses (percent, HTML, JSON escapes, base64,
  hex: :func:`cordon.textnorm.decoded_views`; byte lists and base32: :func:`_more_views`).
  A candidate starts where a run of letters and
  digits starts and ends where one ends, so a credential is found when it is delimited in
  the text (``pw=<it>``, ``"<it>"``, a line of its own, a URL query), whatever the separators.
  For each run start, the head key is looked up first (one hash per distinct head of all
  the call's views, in one lookup); only where it is
  present are the candidates from there to each run end up to :data:`MAX_SHARED_LENGTH`
  characters hashed and looked up. Nothing is hashed unless another writer published
  :data:`ANY_KEY`: another process of the client saw a credential or has one of its own
  (:func:`own_keys`); what this process published itself does not count, its own
  credentials and the ones it saw are in its own :class:`cordon.engine.secrets.SecretSet`
  (a lookup that can tell, ``published_elsewhere``: the store of ``cordon run``, which
  watches :data:`ANY_KEY`; one that cannot is asked whether anyone published it). When
  another did, a call costs about 0.5 ms of CPU per KB of argument text (a ``write_file`` of
  100 KB of prose: about 50 ms, 5 ms without; one SHA-256 per distinct head, and the passes
  of :func:`_more_views`).

cordon's own credentials (the values of ``--header`` and ``--header-env``, the keys in a
``--url``, the credential-named variables of its environment, its stored OAuth tokens: what
the process registers as secrets at start-up) are published the same way by
:func:`own_keys`, at start-up, so every other process of the client refuses them in any
call (a token the agent read from the client config through a file server, sent through
another server's search or mail tool). A sibling cannot see through every encoding the
owner's :class:`SecretSet` does (it has the hashes, not the value). :func:`own_keys` also
publishes the rot13 of each (a letter-for-letter mapping: its keys tell a reader of the file
nothing the plain ones do not). Other encodings are decoded by the matcher instead, for every
shared credential: bytes written out one by one in hex or decimal with separators
(``7a 71 38``, ``0x7a, 0x71``, ``[90, 113]``) and base32 runs become views of their own.
Forms published as cores of their own would each add a key whose first characters carry
less than the plain head's (the first 3 bytes of a hex list, 5 of a base32 run): a reader of
the file could then recover a short credential a few characters at a time.

Deterministic (no model, no sampling): the same call and the same store give the same
answer. The lookup waits for other processes' open pending markers as destination lookups
do, so a result delivered before it was recorded is not missed.

Not found by hash (the process that saw the credential still finds these itself, through
its own :class:`SecretSet`): a credential glued to other letters or digits
(``Bearer<it>``), re-cased, sent with characters between its letters, in base85, Z85 or
ASCII85, encoded inside a longer blob (base32, a gzip stream), or longer than
:data:`MAX_SHARED_LENGTH` characters (private key blocks: these, and every credential with a
known format, are refused by format in any call anyway, rule ``secret.pattern``; a key
block's body lines are published on their own, :func:`cordon.engine.secrets.key_parts`).
"""

from __future__ import annotations

import base64
import bisect
import re
import unicodedata
from collections.abc import Collection, Iterable, Iterator
from typing import Any, Protocol

from cordon.engine._secret_forms import rot13
from cordon.engine.dlp import joined_views, text_leaves
from cordon.engine.secrets import MIN_SECRET_LENGTH, key_parts
from cordon.textnorm import decoded_views, strip_invisible

__all__ = [
    "ANY_KEY",
    "HEAD_LENGTH",
    "MAX_SHARED_LENGTH",
    "SecretLookup",
    "find_shared",
    "mentions",
    "own_keys",
    "shared_keys",
]

#: the prefilter: how many leading characters of a credential's core are published alone
HEAD_LENGTH = 8
#: longer cores are not published (the candidates from one run start reach this far)
MAX_SHARED_LENGTH = 256
_FULL = "\x00secret\x00"
_REVERSED = "\x00secret-reversed\x00"
_HEAD = "\x00secret-head\x00"
#: published with the first credential of a process: without it, calls hash nothing
ANY_KEY = "\x00secret-any\x00"

#: a run of letters and digits (any script)
_RUN_RE = re.compile(r"[^\W_]+")
#: the first :data:`HEAD_LENGTH` characters from each start of a run (a letter or digit after
#: none), all found in one pass of the regex engine
_HEADS_RE = re.compile(rf"(?<![^\W_])(?=([^\W_].{{{HEAD_LENGTH - 1}}}))", re.S)
#: the same for an ASCII text, where it finds the same heads twice as fast
_HEADS_ASCII_RE = re.compile(_HEADS_RE.pattern, re.S | re.A)
#: what a core loses at either end
_EDGE_RE = re.compile(r"^[\W_]+|[\W_]+$")


class SecretLookup(Protocol):
    """The client's shared store as this module uses it (:class:`cordon.store.SharedTaintStore`)."""

    def publish(self, keys: Iterable[str]) -> None:
        """Make keys visible to the client's other processes (raises ``OSError``)."""

    def present(self, keys: Collection[str]) -> set[str]:
        """The keys of ``keys`` some process of the client published."""

    # optional (a lookup without it is asked :meth:`present` instead):
    # ``published_elsewhere(key: str) -> bool``, True when a writer other than this process
    # published ``key`` (:meth:`cordon.store.SharedTaintStore.published_elsewhere`)


def _normal(text: str) -> str:
    out = strip_invisible(text)
    return out if out.isascii() else unicodedata.normalize("NFKC", out)


def _core(value: str) -> str | None:
    core = _EDGE_RE.sub("", _normal(value))
    if MIN_SECRET_LENGTH <= len(core) <= MAX_SHARED_LENGTH:
        return core
    return None


def shared_keys(values: Iterable[str]) -> list[str]:
    """The keys to publish for credentials ``values`` (module docstring); empty when none of
    them has a core of a usable length."""
    out: list[str] = []
    parts = [v for v in values if isinstance(v, str)]
    # a private key block is too long to publish; its body lines are published instead
    parts += [p for v in parts for p in key_parts(v)]
    for value in parts:
        core = _core(value)
        if core is None:
            continue
        backwards = core[::-1]
        out += (_FULL + core, _HEAD + core[:HEAD_LENGTH])
        out += (_REVERSED + backwards, _HEAD + backwards[:HEAD_LENGTH])
    if out:
        out.append(ANY_KEY)
    return out


def own_keys(values: Iterable[str]) -> list[str]:
    """The keys to publish for cordon's own credentials ``values`` (module docstring):
    :func:`shared_keys` of each and of its rot13, without repeats; empty when none has a core
    of a usable length."""
    own = [v.strip() for v in values if isinstance(v, str) and _core(v) is not None]
    return list(dict.fromkeys(shared_keys([*own, *map(rot13, own)])))


def _texts(arguments: Any) -> Iterator[tuple[str, str]]:
    """(path, text) for every string and integer of the call (an integer as its decimal text:
    a server reads ``98234751029384756`` as the digits of the string, so a credential of
    digits leaves either way), then each join of its string and integer values."""
    texts, values = text_leaves(arguments)
    yield from texts
    for joined in joined_views(arguments, values):
        yield "", joined


#: bytes written out one by one, two hex digits each (``0x`` before each or not) or decimal,
#: with separators: at least :data:`MIN_SECRET_LENGTH` of them (ASCII patterns that start at
#: a word boundary: a pass over 100 KB of prose costs about 1 ms each)
_HEX_LIST_RE = re.compile(
    r"\b(?:0[xX])?[0-9A-Fa-f]{2}(?:[\s,:;]+(?:0[xX])?[0-9A-Fa-f]{2}){7,}\b", re.A
)
_HEX_BYTE_RE = re.compile(r"(?:0[xX])?([0-9A-Fa-f]{2})")
_DEC_LIST_RE = re.compile(r"\b\d{1,3}(?:[\s,;]+\d{1,3}){7,}\b", re.A)
#: a base32 run (RFC 4648) of at least 8 bytes' worth of characters; one case only
_B32_RE = re.compile(r"\b[A-Za-z2-7]{13,}=*", re.A)


def _more_views(text: str) -> list[str]:
    """What the matcher's decoded views leave encoded, decoded: each byte list (hex, then
    decimal) and each base32 run of ``text``, as text (the owner's :class:`SecretSet` finds
    these by precomputed forms; a sibling has no value to encode)."""
    out: list[str] = []
    for m in _HEX_LIST_RE.finditer(text):
        out.append(bytes(int(h, 16) for h in _HEX_BYTE_RE.findall(m[0])).decode("utf-8", "replace"))
    for m in _DEC_LIST_RE.finditer(text):
        values = [int(d) for d in re.findall(r"\d+", m[0])]
        if max(values) < 256:
            out.append(bytes(values).decode("utf-8", "replace"))
    for m in _B32_RE.finditer(text):
        run = m[0].rstrip("=")
        if run.upper() != run and run.lower() != run:
            continue  # mixed case: a word, not base32
        run = run.upper()
        try:
            raw = base64.b32decode(run + "=" * (-len(run) % 8))
        except ValueError:
            continue
        out.append(raw.decode("utf-8", "replace"))
    return out


def _heads(view: str) -> re.Pattern[str]:
    return _HEADS_ASCII_RE if view.isascii() else _HEADS_RE


def _in_view(view: str, lookup: SecretLookup, hit_heads: Collection[str]) -> Iterator[str]:
    """The published cores found in one (normalised, decoded) view (one sent backwards
    turned round), from the run starts whose head is one of ``hit_heads`` (present in the
    store)."""
    starts = [m.start() for m in _heads(view).finditer(view) if _HEAD + m[1] in hit_heads]
    if not starts:
        return
    ends = [m.end() for m in _RUN_RE.finditer(view)]
    for start in starts:
        lo = bisect.bisect_left(ends, start + MIN_SECRET_LENGTH)
        hi = bisect.bisect_right(ends, start + MAX_SHARED_LENGTH)
        wanted: dict[str, str] = {}
        for end in ends[lo:hi]:
            text = view[start:end]
            wanted[_FULL + text] = text
            wanted[_REVERSED + text] = text[::-1]
        for found in lookup.present(wanted.keys()):
            yield wanted[found]


def mentions(text: str, core: str) -> bool:
    """True when ``text`` (an argument's path, for a reason or an audit record) carries
    ``core`` forwards or backwards, in any decoded view: it is then withheld too."""
    return any(
        core in view or core[::-1] in view
        for view in map(_normal, decoded_views(strip_invisible(text)))
    )


def _views(text: str) -> list[str]:
    return decoded_views(text) + _more_views(text)


def find_shared(
    arguments: Any, lookup: SecretLookup, *, skip: Any = None
) -> tuple[str, str] | None:
    """``(credential core, argument path)`` of the first credential another process of the
    client published (:func:`shared_keys`) that the call's ``arguments`` carry; the path is
    ``""`` for one split across arguments. None when the call carries none.

    ``skip``: a callable given a found core, True to pass over it (a credential this process
    saw in its own server's output, going back to that server in a call that sends nothing).
    """
    elsewhere = getattr(lookup, "published_elsewhere", None)
    if not (lookup.present((ANY_KEY,)) if elsewhere is None else elsewhere(ANY_KEY)):
        return None  # no credential of another process's: nothing to hash
    views = [
        (path, _normal(view))
        for path, text in _texts(arguments)
        if len(text) >= MIN_SECRET_LENGTH
        for view in _views(strip_invisible(text))
    ]
    # every view's heads in one lookup: the joins and decodings repeat most of them
    heads = {_HEAD + head for _, view in views for head in _heads(view).findall(view)}
    hit_heads = lookup.present(heads) if heads else set()
    if not hit_heads:
        return None
    for path, view in views:
        for core in _in_view(view, lookup, hit_heads):
            if skip is None or not skip(core):
                return core, path
    return None
