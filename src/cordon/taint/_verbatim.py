"""The URLs each output held, whole, as written and in order: what a rendered embed may copy.

The markdown-image exfiltration class (EchoLeak, CamoLeak) needs the embeds to carry data.
One way is in a URL: a query value appended, a path changed. An embed whose whole URL
(scheme, host, path, query) appeared verbatim in earlier tool output carries nothing there
that its source did not hold: a README rewritten with the badges it was read with
(``img.shields.io/...``). The other way is in the choice of URLs: CamoLeak planted one
pre-made image URL per character and had the agent spell a secret with them, each URL
verbatim. So the ``rendered`` check (:mod:`cordon.engine.checks.rendered`) lets a call's
embeds to tainted hosts through only as a copy of one output's: :meth:`VerbatimURLs.copied`
holds when one earlier output's URLs on those hosts are exactly the call's, in the same
order, each as often (the whole menu written back carries no choice). A subset, another
order, a repeat, anything added is asked about as before; a secret in a copied URL is still
judged by the later checks.

Only positive evidence is kept, so every bound fails closed: a URL longer than
:data:`_MAX_URL`, an output past :data:`_MAX_ENTRIES` URLs, outputs dropped past that many
URLs in all (oldest first), a URL spelled differently in output (percent- or JSON-escaped,
cut by a bracket or a quote) match nothing, and the call is asked about. Each URL is kept as
a 16-byte BLAKE2b digest with its host (a few MiB at the cap).
"""

from __future__ import annotations

import hashlib
import html
import re
from collections import OrderedDict
from collections.abc import Sequence

__all__ = ["Token", "VerbatimURLs", "url_host", "url_tokens"]

#: a URL token in output: a scheme and ``://``, then up to whitespace, a quote, an angle
#: bracket, a bracket, a backtick or a backslash (markdown's ``(url)``, HTML's ``"url"``)
_URL_RE = re.compile(
    r"[A-Za-z][A-Za-z0-9+.-]{0,30}://([^/?#\s\"'<>()\[\]{}`\\]*)[^\s\"'<>()\[\]{}`\\]*"
)
_ENTITY_RE = re.compile(r"&(?:#|[A-Za-z][A-Za-z0-9]*;)")
#: punctuation a sentence may put after a URL ("see https://x.example/a.png.")
_TRAIL = ".,;:!?*_~|"
_MAX_URL = 4096
_MAX_ENTRIES = 1 << 16


def _digest(url: str) -> bytes:
    return hashlib.blake2b(url.encode("utf-8", "surrogatepass"), digest_size=16).digest()


#: one URL token: its host (None: unreadable), the digests of its spellings, its span
Token = tuple[str | None, frozenset[bytes], tuple[int, int]]


def url_tokens(text: str, limit: int = _MAX_ENTRIES) -> list[Token] | None:
    """``text``'s URL tokens in order, each kept as written, with trailing sentence
    punctuation dropped and with its HTML character references decoded (an ``<img src>``);
    None past ``limit`` tokens."""
    if "://" not in text:
        return []
    tokens: list[Token] = []
    add = tokens.append
    find, search = text.find, _URL_RE.search
    end = 0
    while (i := find("://", end)) >= 0:
        # the scheme read back from a literal ``://`` (at most 31 characters): a search
        # from each letter of prose would cost 7x the rest of the taint index's pass
        m = search(text, max(end, i - 31), i + 3 + _MAX_URL + 1)
        if m is None or m.start() > i:
            end = i + 3
            continue
        end = m.end()
        if len(tokens) >= limit:
            return None
        url = m.group()
        if len(url) > _MAX_URL:  # kept as matching nothing: its place in the order stays
            add((_host(m.group(1)), frozenset(), m.span()))
            continue
        digests = {_digest(url)}
        if url[-1] in _TRAIL:
            digests.add(_digest(url.rstrip(_TRAIL)))
        if "&" in url and _ENTITY_RE.search(url):
            digests |= {_digest(html.unescape(f)) for f in (url, url.rstrip(_TRAIL))}
        add((_host(m.group(1)), frozenset(digests), m.span()))
    return tokens


def _host(authority: str) -> str | None:
    host = authority.rpartition("@")[2]
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else ""
    else:
        host = host.partition(":")[0]
    return host.lower() or None


def url_host(url: str) -> str | None:
    """The host of a URL spelled ``scheme://host...`` (a token of :func:`url_tokens`), in
    lower case (userinfo and port dropped), else None: read the same way from output and
    from a call's embeds."""
    m = _URL_RE.match(url)
    return _host(m.group(1)) if m is not None else None


class VerbatimURLs:
    """Per recorded output, its URL tokens in order (host, digests of the spellings kept);
    the oldest outputs dropped first past ``max_entries`` URLs in all."""

    def __init__(self, max_entries: int = _MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        self._outputs: OrderedDict[int, tuple[tuple[str | None, frozenset[bytes]], ...]] = (
            OrderedDict()
        )
        self._where: dict[bytes, set[int]] = {}
        self._count = 0
        self._gen = 0

    def add_text(self, text: str) -> None:
        """Keep ``text``'s URL tokens (:func:`url_tokens`) as one output's, in order; an
        output past the cap is kept as none (no whole menu of it can be copied)."""
        found = url_tokens(text, self.max_entries)
        if not found:
            return
        tokens = tuple((host, digests) for host, digests, _ in found)
        gen = self._gen
        self._gen += 1
        self._outputs[gen] = tokens
        self._count += len(tokens)
        for _, digests in tokens:
            for d in digests:
                self._where.setdefault(d, set()).add(gen)
        while self._count > self.max_entries:
            old, dropped = self._outputs.popitem(last=False)
            self._count -= len(dropped)
            for _, digests in dropped:
                for d in digests:
                    gens = self._where.get(d)
                    if gens is not None:
                        gens.discard(old)
                        if not gens:
                            del self._where[d]

    def held(self, url: str) -> bool:
        """Whether a recorded output holds ``url`` whole, exactly as written (a URL token of
        it: trailing sentence punctuation dropped, HTML character references decoded)."""
        return len(url) <= _MAX_URL and bool(self._where.get(_digest(url)))

    def copied(self, urls: Sequence[str], written: Sequence[Token]) -> bool:
        """Whether one recorded output holds every one of ``urls`` whole and exactly as
        written, and its URL tokens on their hosts are the ``written`` tokens on those hosts
        (:func:`url_tokens` of what the call writes), in the same order and as often (or
        the output is several such copies: the same text in two members of one result)."""
        if not urls or any(len(u) > _MAX_URL for u in urls):
            return False
        hosts = {url_host(u) for u in urls}
        if None in hosts:
            return False
        mine = [ds for host, ds, _ in written if host in hosts]
        candidates: set[int] | None = None
        for url in urls:
            gens = self._where.get(_digest(url))
            candidates = set(gens or ()) if candidates is None else candidates & (gens or set())
            if not candidates:
                return False
        n = len(mine)
        for gen in sorted(candidates or (), reverse=True):
            seq = [ds for host, ds in self._outputs[gen] if host in hosts]
            # the output may hold its text more than once (a result's text content and its
            # structuredContent): each copy whole is the menu, written back once
            copies = mine * (len(seq) // n) if n and len(seq) % n == 0 else None
            if copies and all(a & b for a, b in zip(copies, seq, strict=True)):
                return True
        return False
