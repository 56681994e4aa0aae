"""Spelling tests the destination checks share: look-alike characters, allowlist patterns.

A destination key folds confusable letters (right for taint, which must not be dodged by a
Cyrillic ``а``), so wherever a spelling vouches for a destination (an allowlist entry, the
user's text, a directory item) these functions decide whether the call spells it the same way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from cordon.engine import args as _args
from cordon.engine import provenance as _prov
from cordon.taint import Destination, extract_destinations
from cordon.textnorm import decoded_views


def domain_match(address: str, host: str, pattern: str) -> bool | None:
    """A domain-form allowlist pattern (``@example.com``, ``*.example.com``) against an
    address or host: True or False; None when ``pattern`` is an exact entry."""
    if pattern.startswith("@"):
        return "@" in address and host == pattern[1:]
    if pattern.startswith("*."):
        return host == pattern[2:] or host.endswith("." + pattern[2:])
    return None


def match_trusted(dest: Destination, patterns: Iterable[str]) -> bool:
    """Exact match on the normalised key, a bare host for URLs to it, or a domain form
    ``@example.com`` / ``*.example.com``.

    The key folds confusable letters: right for taint, wrong for an allowlist. A destination
    the call spells with look-alike characters is matched by :func:`match_trusted_spelled`
    instead (:func:`cordon.engine.checks.taint.gate`, ``odd``).
    """
    key = dest.key
    host = key.rsplit("@", 1)[1] if "@" in key else key.split("/", 1)[0]
    for raw in patterns:
        p = raw.strip().lower().rstrip(".")
        if not p:
            continue
        domain = domain_match(key, host, p)
        if domain:
            return True
        if domain is None and not odd_spelling(raw):
            # (an entry spelled with look-alike characters, ``ops@хор.ru``, is matched only
            # as spelled: its folded key is the ASCII ``ops@xop.ru``, another domain)
            for d in extract_destinations(raw):
                # a bare host (``docs.example.com``) is that host whatever the path: a URL to
                # it, as ``*.example.org`` is for its host and subdomains (an address at it
                # is not: ``@example.com`` says that)
                if d.key == key or ("/" not in d.key and "@" not in key and d.key == host):
                    return True
    return False


def odd_spelling(text: str) -> bool:
    """Whether a sink value is written with characters its destination key folds away: any
    non-ASCII character (invisible and fullwidth ones too), or, in ASCII, a punycode label,
    also once percent-decoded (:func:`cordon.engine.provenance.lookalike_free`)."""
    return not text.isascii() or not _prov.lookalike_free(text)


#: an ASCII string without these can hold no look-alike once decoded: no percent, entity,
#: JSON, MIME or quoted-printable escape, no base64 or hex run (12 or more characters,
#: :func:`cordon.textnorm.decode_base64_runs`), no punycode label
_MAY_FOLD_RE = re.compile(r"[%&\\=]|[A-Za-z0-9+/_-]{12,}|[Xx][Nn]--")
#: a run of 12 of :data:`_MAY_FOLD_RE`'s run characters, found by one anchored pass over whole
#: words (possessive: shorter runs are stepped over, never retried at each of their positions)
_RUN12_RE = re.compile(
    r"[^A-Za-z0-9+/_-]*+(?:[A-Za-z0-9+/_-]{1,11}+[^A-Za-z0-9+/_-]++)*+[A-Za-z0-9+/_-]{12}"
)
_PUNY_RE = re.compile(r"[Xx][Nn]--")


def _may_fold_text(text: str) -> bool:
    """Whether :data:`_MAY_FOLD_RE` matches ``text``: its literals by substring search, its run
    by :data:`_RUN12_RE` (a search of the whole pattern tries it at every position)."""
    return (
        "%" in text
        or "&" in text
        or "\\" in text
        or "=" in text
        or _RUN12_RE.match(text) is not None
        or ("--" in text and _PUNY_RE.search(text) is not None)
    )


def may_fold(value: Any) -> bool:
    """Whether a string in ``value`` may spell a destination with look-alike characters,
    written or encoded (else its keys are the same with look-alikes marked)."""
    return any(
        isinstance(x, str) and (not x.isascii() or _may_fold_text(x)) for x in _args.leaves(value)
    )


def encodes_lookalike(text: str) -> bool:
    """Whether ``text`` writes look-alike characters only once decoded
    (``https://wiki.c&#x43e;rp.example/`` with an entity for a Cyrillic ``о``; one level of
    percent and punycode are :func:`provenance.lookalike_free`'s): a decoding of it, two
    deep, is not look-alike free (a look-alike hidden under an entity or a second encoding)."""
    if not _may_fold_text(text):
        return False
    # two decodings deep, as extraction reads a URL's query value (a percent-encoded URL
    # inside a query value)
    return not all(_prov.lookalike_free(v) for v in decoded_views(text, max_depth=2)[1:])


def spellings(text: str) -> tuple[bool, bool, bool, bool]:
    """``(odd, vouchable, may_fold, one_view)`` of one string, with the searches they share
    done once: :func:`odd_spelling`; whether its spelling lets the user's text or a directory
    vouch for it without matching it exactly (look-alike free, written and decoded:
    :func:`cordon.engine.checks._vouching.spelled`); :func:`may_fold` of it; and whether
    ``text`` is its only decoded view (``decoded_views(text) == [text]``, at any depth: no
    decoder changes it), which destination extraction asks again of the same string
    (:func:`cordon.taint.extract_marked`'s ``one_view``)."""
    ascii_ = text.isascii()
    # (lookalike_free of an ASCII text with no percent-encoding: no punycode label)
    free = "xn--" not in text.lower() if ascii_ and "%" not in text else _prov.lookalike_free(text)
    folds = _may_fold_text(text)
    # (encodes_lookalike, whose first test is ``folds``)
    encoded = False
    # without ``folds`` no decoder's hint test is true (each hint is a literal of
    # _MAY_FOLD_RE, or a run start: 12 of its run characters), so the text is its one view
    one_view = True
    if folds:
        views = decoded_views(text, max_depth=2)
        one_view = len(views) == 1
        encoded = not one_view and not all(_prov.lookalike_free(v) for v in views[1:])
    return not ascii_ or not free, free and not encoded, not ascii_ or folds, one_view


def plain_keys(value: Any, extract: Any = None) -> set[str] | None:
    """The keys of the destinations ``value`` gives spelled without look-alike characters:
    those it still gives with every look-alike character marked, in every decoding
    (``ops@xop.ru`` in ``"José" <ops@xop.ru>``, not in ``ops@хор.ru`` nor in its entity or
    base64 form); ``None``: all of them (:func:`may_fold` is false, the usual case, found
    without extracting anything). ``extract``: the extraction, with a ``spelled`` keyword
    (default :func:`cordon.taint.extract_destinations`)."""
    if not may_fold(value):
        return None
    return {d.key for d in (extract or extract_destinations)(value, spelled=True)}


def match_trusted_spelled(raw: str, patterns: Iterable[str]) -> bool:
    """:func:`match_trusted` for a sink value with look-alike characters (:func:`odd_spelling`):
    the address or host exactly as the pattern spells it (NFC, lower case, a trailing dot
    dropped), never by the folded key. ``ops@еxample.com`` with a Cyrillic ``е``, or
    ``ops@xn--xample-2of.com``, has the key ``ops@example.com``, and a look-alike domain an
    attacker registers would otherwise pass as the trusted address."""
    spelled = unicodedata.normalize("NFC", raw).strip().lower()
    if "<" in spelled and spelled.endswith(">"):  # a display name: the address in <...>
        spelled = spelled.rsplit("<", 1)[1][:-1].strip()
    spelled = spelled.removeprefix("mailto:").rstrip(".")
    if "://" in spelled:  # a URL: its host (no userinfo, no port)
        spelled = re.split(r"[/?#\\]", spelled.split("://", 1)[1], maxsplit=1)[0]
        spelled = spelled.rsplit("@", 1)[-1]
        spelled = spelled.rsplit(":", 1)[0] if spelled.count(":") == 1 else spelled
    host = spelled.rsplit("@", 1)[1] if "@" in spelled else spelled
    for raw_p in patterns:
        p = unicodedata.normalize("NFC", raw_p).strip().lower().rstrip(".")
        if not p:
            continue
        domain = domain_match(spelled, host, p)
        if domain or (domain is None and spelled == p):
            return True
    return False


def odd_sources(
    odd_leaves: list[str], plain_leaves: list[str]
) -> tuple[dict[str, list[tuple[str, int]]], set[str]]:
    """For :func:`odd_source`, each string extracted once (not once per destination: a value
    of many look-alike words was quadratic, a denial of service): per key, the look-alike
    strings that give it with how many destinations each gives; and the keys plain strings
    give."""
    by_key: dict[str, list[tuple[str, int]]] = {}
    for x in odd_leaves:
        ds = extract_destinations(x)
        for key in {d.key for d in ds}:
            by_key.setdefault(key, []).append((x, len(ds)))
    plain = {d.key for x in plain_leaves for d in extract_destinations(x)}
    return by_key, plain


def odd_source(
    dest: Destination,
    sources: tuple[dict[str, list[tuple[str, int]]], set[str]],
    patterns: Iterable[str],
) -> bool | None:
    """For a destination of a sink value: None when no string written with look-alike
    characters gives it; else whether it is allowlisted: one such string that gives only
    this destination matches a pattern as spelled, and a plain string of the value that
    gives the same key matches by key. ``sources``: :func:`odd_sources` of the value."""
    by_key, plain = sources
    found = by_key.get(dest.key)
    if not found:
        return None
    # a string that gives more than this one destination allowlists none of them: its
    # spelling cannot be tied to one of them ("Zoë <evil@x>, a@partner...")
    if not any(n == 1 and match_trusted_spelled(x, patterns) for x, n in found):
        return False
    # the same key written plainly elsewhere in the value (``["ops@хор.ru", "ops@xop.ru"]``)
    # must be allowlisted as written too
    if dest.key in plain:
        return match_trusted(dest, patterns)
    return True


def has_string(v: Any) -> bool:
    if isinstance(v, str):
        return bool(v)
    if isinstance(v, Mapping):
        return any(has_string(x) for x in v.values())
    if isinstance(v, list):
        return any(has_string(x) for x in v)
    return False
