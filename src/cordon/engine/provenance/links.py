"""Forwarded links (rule ``taint.forwarded_link``): the links written inside message text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from cordon.engine.egress import _extractor
from cordon.engine.provenance._text import _LINK_RE, _strings, encoded_hint
from cordon.taint import Destination, norm
from cordon.taint._keys import HOST_RE, url_keys
from cordon.textnorm import canonical_urls, decoded_views, mark_lookalikes

#: endings that are real top-level domains but far more often file names ("README.md",
#: "setup.py"): a bare token with one of them and no path is taken as a file (a link with a
#: scheme, ``www.`` or a path is still a link)
_FILE_EXTENSIONS = frozenset(
    "md rs py sh pl zip mov js ts rb go cs cc mk so in am pm sc ps ci".split()
)


#: a run of characters that are not ASCII whitespace: no match of :data:`_LINK_RE` (which
#: is ``re.ASCII``) crosses ASCII whitespace
_ASCII_WORD_RE = re.compile(r"\S*", re.ASCII)


_RARE_WS_RE = re.compile(r"[\t\r\f\v]")


def _dotted_links(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_LINK_RE` in ``text`` inside words (runs without ASCII
    whitespace) that have a dot, in order: the only ones :func:`forwarded_links` keeps. A
    match never crosses ASCII whitespace, so searching each such word alone (its bounds
    given to the search, so a look-behind still sees the text before it) finds exactly the
    matches a search of the whole text finds there. Words are found from their dots
    (``str.find``), not by a pattern tried at every position of the text."""
    find, rfind = text.find, text.rfind
    search = _LINK_RE.finditer
    end = 0
    d = find(".")
    while d >= 0:
        start = max(rfind(" ", end, d), rfind("\n", end, d)) + 1
        rare = _RARE_WS_RE.search(text, max(start, end), d)
        if rare is not None:  # a tab (or \r \f \v) nearer: the word starts after the last
            start = d
            while start > end and text[start - 1] not in " \t\n\r\f\v":
                start -= 1
        start = max(start, end)
        word = _ASCII_WORD_RE.match(text, d)  # ``\S*`` matches at any position
        end = word.end() if word is not None else d + 1
        yield from search(text, start, end)
        d = find(".", end)


def may_link(text: str) -> bool:
    """Whether :func:`forwarded_links` can find a link in the string ``text``: not when it is
    ASCII with no dot and no encoding that could hide one (the usual message text)."""
    return not text.isascii() or "." in text or encoded_hint(text)


def forwarded_links(value: Any, *, spelled: bool = False) -> list[Destination]:
    """Links written inside message text: every string in ``value``, in each decoded view
    (percent, entities, JSON escapes, base64...; :func:`cordon.textnorm.decoded_views`) and as
    a URL parser reads it (:func:`cordon.textnorm.canonical_urls`), normalised
    (:func:`cordon.taint.norm`: invisible characters, NFKC, case), split at whitespace,
    quotes, markup and brackets. A token is a link when it has a scheme, starts ``www.`` or
    ``//``, or is a host name (two or more labels) with a known public suffix followed by the
    end or ``/?#:``. Returns ``url`` destinations keyed host and path; compare them by host.
    ``spelled``: each view is read with its look-alike characters marked first
    (:func:`cordon.textnorm.mark_lookalikes`), so a look-alike link keeps its own key.
    """
    out: list[Destination] = []
    seen: set[str] = set()
    for leaf in _strings(value, keys=True):
        if not may_link(leaf):
            continue  # no dot, no encoding that could hide one: no link
        if leaf.isascii() and not encoded_hint(leaf):
            views = [leaf]
        else:
            views = decoded_views(leaf, max_depth=1, max_views=6)
        views += [c for c in (canonical_urls(v) for v in list(views)) if c not in views]
        for view in views:
            for lm in _dotted_links(norm(mark_lookalikes(view) if spelled else view)):
                tok = lm.group().rstrip(".,:;!?")
                if len(tok) < 4 or "." not in tok:
                    continue
                explicit = "://" in tok or tok.startswith(("www.", "//"))
                if not explicit and HOST_RE.match(tok) is None:
                    continue
                keys = url_keys(tok)
                if keys is None or keys[1] in seen:
                    continue
                if not explicit and (
                    not _extractor()(keys[0]).suffix
                    or (keys[0] == keys[1] and keys[0].rpartition(".")[2] in _FILE_EXTENSIONS)
                ):
                    continue  # "report.docx", "e.g.", "notes.md": not a host
                seen.add(keys[1])
                out.append(Destination(kind="url", raw=tok, key=keys[1]))
    return out
