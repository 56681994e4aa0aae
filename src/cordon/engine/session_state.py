"""What a session knows of where values came from, beside taint: the provenance state.

The user's trusted texts and the forms they are searched in, and per server what directory
tools listed. ``Session`` keeps this state (:class:`ProvenanceState` is one of its bases);
the checks in :mod:`cordon.engine.checks` read it, and
:meth:`ProvenanceState._observe_provenance` adds to it from each tool result.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from cordon.engine import provenance as _prov
from cordon.engine.checks._spelling import may_fold as _may_fold
from cordon.engine.provenance.namespace import listing_items
from cordon.policy import ToolPolicy
from cordon.taint import TaintIndex, norm
from cordon.textnorm import mark_lookalikes

if TYPE_CHECKING:
    from cordon.engine.core import Engine

#: a full stop directly followed by a capitalised word: a sentence break typed without a space
_SENTENCE_JOIN = re.compile(r"\.(?=[A-Z][a-z])")

#: names kept per (server, noun) namespace: a larger listing vouches for no more of them
_MAX_NAMES = 100_000

_WORD_RE = re.compile(r"[^\s,;<>()\[\]{}\"'`]+")


def _trusted_variants(text: str) -> tuple[str, ...]:
    """The forms of a trusted text that are indexed: itself and, when a sentence follows an
    address without a space ("www.our-company.com.They sent..."), the text with one put
    there (the address is the part before the break)."""
    if _SENTENCE_JOIN.search(text):
        return (text, _SENTENCE_JOIN.sub(". ", text))
    return (text,)


class ProvenanceState:
    """The provenance bookkeeping of a session (a base of ``Session``)."""

    engine: Engine

    def _init_provenance(self, trusted: Iterable[str]) -> None:
        """The empty state, then ``trusted`` added (:meth:`add_trusted`)."""
        self._init_trusted()
        #: per server: destination keys vouched for by whole items of its directory tools'
        #: output, and those items' exact spellings (:func:`provenance.strict`)
        self.directory: dict[str, set[str]] = {}
        self.directory_spelled: dict[str, set[str]] = {}
        #: per server that listed an item spelled with look-alike characters: the keys of its
        #: plain items only (a plain sink value is vouched by those)
        self.directory_plain: dict[str, set[str]] = {}
        #: per (server, noun): the exact spellings of the names a read-only listing of that
        #: server gave (:mod:`cordon.engine.provenance.namespace`)
        self.namespace: dict[tuple[str, str], set[str]] = {}
        for text in trusted:
            self.add_trusted(text)

    # -- trusted text ------------------------------------------------------------------
    def _init_trusted(self) -> None:
        """No trusted text: the indexes, word sets and caches built from the texts, empty."""
        p = self.engine.policy
        #: ``trusted`` (the folded keys of the trusted texts) is built when first needed
        self._trusted: TaintIndex | None = None
        self._trusted_count = 0
        self.trusted_words: set[str] = set()
        #: ``trusted`` and ``trusted_words`` of the texts with look-alike characters marked
        #: (:meth:`add_trusted`): they vouch for destinations spelled without any
        self.trusted_plain = TaintIndex(max_bytes=p.taint_memory_bytes, min_length=1, spelled=True)
        self.trusted_plain_words: set[str] = self.trusted_words  # until a text has one
        #: the trusted texts as given (``requires_request`` patterns search them)
        self.trusted_texts: list[str] = []
        #: the ``(owner, repo)`` pairs the texts name (:mod:`cordon.engine.provenance.repos`)
        self.trusted_repos: set[tuple[str, str]] = set()
        #: (texts done, their forms, joined) for :meth:`_trusted_joined`
        self._trusted_strict_cache: list[Any] = [0, [], ""]
        self._trusted_norm_cache: list[Any] = [0, [], ""]
        self._trusted_plain_norm_cache: list[Any] = [0, [], ""]

    def replace_trusted(self, texts: Iterable[str]) -> None:
        """Trust ``texts`` instead of every text trusted so far (the user's conversation
        changed: what they asked before no longer vouches for anything), then add each
        (:meth:`add_trusted`). The rest of the session's history stays."""
        self._init_trusted()
        for text in texts:
            self.add_trusted(text)

    def add_trusted(self, text: str) -> None:
        """Vouch for the destinations in ``text`` (the user's request, an address book):
        address-shaped ones and also bare words, so ``send it to Alice`` vouches ``Alice``.

        A look-alike spelling vouches only for itself: ``ops@хор.ru`` typed (Cyrillic) does
        not vouch for the ASCII ``ops@xop.ru``, another domain with the same key. The text
        is keyed with every look-alike character marked first (``trusted_plain``,
        :func:`cordon.textnorm.mark_lookalikes`), which vouches for destinations spelled
        without any; and, when first needed, as taint keys it (:attr:`trusted`), for a sink
        value spelled with look-alike characters, which the text must spell so too
        (:meth:`_spelled`)."""
        self.trusted_texts.append(text)
        self.trusted_repos.update(_prov.repo_pairs(text))
        for variant in _trusted_variants(text):
            self.trusted_plain.add_text(variant)
        marked = mark_lookalikes(text)
        if marked is not text and self.trusted_plain_words is self.trusted_words:
            # the first text with a look-alike: the plain words part from the others here
            self.trusted_plain_words = set(self.trusted_words)
        normed = norm(text)
        self._add_words(self.trusted_words, normed)
        if self.trusted_plain_words is not self.trusted_words:
            self._add_words(self.trusted_plain_words, normed if marked is text else norm(marked))

    @property
    def trusted(self) -> TaintIndex:
        """The keys of the trusted texts, look-alike spellings folded as in taint (for a
        sink value spelled with look-alike characters, vouched only when the text spells
        it so: :meth:`_spelled`); built on first use, since such values are rare."""
        if self._trusted is None:
            self._trusted = TaintIndex(
                max_bytes=self.engine.policy.taint_memory_bytes, min_length=1
            )
        while self._trusted_count < len(self.trusted_texts):
            for variant in _trusted_variants(self.trusted_texts[self._trusted_count]):
                self._trusted.add_text(variant)
            self._trusted_count += 1
        return self._trusted

    @staticmethod
    def _add_words(words: set[str], normed: str) -> None:
        for word in _WORD_RE.findall(normed):
            w = word.strip(".:!?").lstrip("#@")
            if w:
                words.add(w)

    def _trusted_joined(self, cache: list[Any], form: Callable[[str], str]) -> str:
        """``form`` of each trusted text, joined with newlines; each text is put in that form
        once (a session that adds texts between checks stays linear, not quadratic)."""
        count: int = cache[0]
        parts: list[str] = cache[1]
        joined: str = cache[2]
        if count != len(self.trusted_texts):
            parts.extend(form(t) for t in self.trusted_texts[count:])
            joined = "\n".join(parts)
            cache[:] = [len(self.trusted_texts), parts, joined]
        return joined

    def _trusted_strict(self) -> str:
        """The trusted texts in their exact spelling (:func:`provenance.strict`); cached."""
        return self._trusted_joined(self._trusted_strict_cache, _prov.strict)

    def _trusted_norm(self, plain: bool = False) -> str:
        """The trusted texts normalised (:func:`cordon.taint.norm`), joined; cached.
        ``plain``: with look-alike characters marked first (:meth:`add_trusted`)."""
        if plain:
            return self._trusted_joined(
                self._trusted_plain_norm_cache, lambda t: norm(mark_lookalikes(t))
            )
        return self._trusted_joined(self._trusted_norm_cache, norm)

    # -- observing ---------------------------------------------------------------------
    def _observe_provenance(
        self, tp: ToolPolicy, server: str, result: Any, listing: str | None = None
    ) -> None:
        """Add what a usable result (delivered, not an error) of a tool with policy ``tp``
        vouches for: its directory items; or, for a read-only listing of the namespace noun
        ``listing`` that the policy does not describe, its names
        (:mod:`cordon.engine.provenance.namespace`)."""
        if tp.directory or tp.directory_fields:
            fields = None if tp.directory else frozenset(tp.directory_fields)
            items = list(_prov.directory_items(result, fields, tp.directory_except))
            if fields is not None and tp.directory_except:
                gone = _prov.left_out_items(result, fields, tp.directory_except)
                self._drop_directory(server, gone)
            self._add_directory(server, items)
        elif listing is not None and tp.exfiltrating is not True:
            names = self.namespace.setdefault((server, listing), set())
            if len(names) < _MAX_NAMES:  # (past it, nothing more is vouched: asked about)
                names.update(_prov.namespace_items(listing_items(result)))

    def _drop_directory(self, server: str, items: list[str]) -> None:
        """Withdraw what earlier results of ``server`` vouched for under ``items``: a record a
        later listing leaves out (``directory_except``: the channel became shared) is judged
        as the later listing gives it, not as the earlier one did."""
        if not items or server not in self.directory:
            return
        self.directory[server] -= _prov.item_keys(items)
        self.directory_spelled.get(server, set()).difference_update(map(_prov.strict, items))
        plain = self.directory_plain.get(server)
        if plain is not None:
            plain -= _prov.item_keys(items, spelled=True)

    def _add_directory(self, server: str, items: list[str]) -> None:
        """Vouch for the destinations of whole directory ``items`` of ``server``; from the
        first item that may spell one with look-alike characters (:func:`_may_fold`) on, the
        server's items are also keyed with them marked (``directory_plain``)."""
        listed = self.directory.setdefault(server, set())
        if server not in self.directory_plain and _may_fold(items):
            self.directory_plain[server] = set(listed)  # every earlier item was plain
        listed.update(_prov.item_keys(items))
        self.directory_spelled.setdefault(server, set()).update(_prov.strict(i) for i in items)
        plain = self.directory_plain.get(server)
        if plain is not None:
            plain.update(_prov.item_keys(items, spelled=True))
