"""The per-session taint index: destination-shaped tokens of everything a server returned.

Issue 3, "Matching": a destination is tainted when it appears as a whole token in the
session's earlier untrusted output, after normalising both sides and decoding the output. A
check must not grow with session history, so output is tokenised as it arrives and only the
normalised keys are kept (a hash set: a lookup is O(1) whatever the history size).

Indexing one text:

1. invisible characters removed and NFKC applied (:mod:`cordon.textnorm`), case kept;
2. that text is tokenised, and so is each decoding found in it, recursively up to two
   decodings deep: for percent-encoding, HTML entities, JSON escapes, RFC 2047 and
   quoted-printable, the whitespace-delimited region around each encoded piece (found by a
   literal-prefix search, and only when the hint character is present at all) is decoded and
   tokenised; every base64 or hex run is decoded and tokenised. Decoding regions rather than
   the whole text keeps ordinary output from being scanned twice;
3. tokenising a view: every ``@``, ``.`` followed by a word character, ``#`` followed by a
   word character and ``://`` anchors a token (the maximal run around it without whitespace,
   quotes, brackets, ``,`` ``;`` ``|`` or backslash, at most 1 KiB before the anchor). Anchors
   are found by literal-prefix regex searches that run on to the token's end, so text is
   skipped at memory speed and a token costs one match. Each distinct token is case-folded and
   gives its keys (:func:`cordon.taint._keys.token_keys`; the general path's results are
   cached per index). Phone numbers (7+ digits with separators) are found on a digit-class
   copy of the bytes, again by a literal search;
4. keys shorter than ``min_length`` are not stored (they are never tainted).

Memory: each stored key is charged ``len(key) + 64`` bytes. Keys belong to FIFO generations
(one per ``add_text``/``add_value`` call); past ``max_bytes`` the oldest generations are dropped
and the index becomes *truncated*: from then on a destination that is not found is
``"unknown"`` rather than ``"clean"`` (the engine asks, never allows). A key seen again moves to
the newest generation. Outside that cap, each index keeps a cache of at most 16,384 general-path
tokens (each at most 256 characters) with their keys, cleared when full: a few MiB at most.

Deferred indexing (``defer_text``): a text can be queued instead of indexed, and is indexed
before anything reads the index (``contains_key``, ``lookup``, ``truncated``, ``size_bytes``,
``len``) or when ``settle`` is called; texts added while others are queued are queued behind
them. Queued texts are indexed in order, each as its own generation, so every answer is the
one eager indexing would have given. With a shared store, the first queued text opens a
pending marker there (:meth:`SharedTaintStore.mark_pending`) and settling closes it, so the
client's other cordon processes wait for these keys before they answer a miss. If indexing a
queued text fails, the index counts as truncated (misses are ``"unknown"``) and ``failure``
says why.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
import weakref
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, Literal

from cordon.taint._extract import Destination
from cordon.taint._keys import fast_token_keys, general_token_keys, phone_key
from cordon.taint._store import SharedTaint as SharedTaintStore
from cordon.textnorm import (
    PHONE_CLASS_RE,
    PHONES,
    RunBytes,
    decode_html_entities,
    decode_json_escapes,
    decode_percent,
    decode_quoted_printable,
    decode_rfc2047,
    encoded_runs,
    mark_lookalikes,
    strip_invisible,
)

__all__ = ["Lookup", "TaintIndex"]

Lookup = Literal["tainted", "clean", "unknown"]

_KEY_OVERHEAD = 64
#: indexes of this process with a shared-store pending marker open: a store skips its own
#: process's markers, so another index of this process settles them on a miss instead
#: (red-team session 3: two sessions of one process sharing a store)
_LOCAL_PENDING: weakref.WeakSet[TaintIndex] = weakref.WeakSet()
_MAX_DEPTH = 2
_WINDOW = 1024
#: token characters: not whitespace, ASCII or typographic quotes, brackets, ``,;|\\``
#: (“https://x.example/”, «x.example» and x.example’s end where the address ends)
_QUOTES = "“”‘’«»‹›„‚「」『』"
_TCHARS = r"[^\s\"'<>()\[\]{}`|\\,;" + _QUOTES + "]"
_TRUN_RE = re.compile(_TCHARS + "*")
#: The dot anchor (``.`` before a word character) continued to the end of its token.
_DOT_ANCHOR_RE = re.compile(r"\.\w" + _TCHARS + "*")
#: ``@``, ``#`` before a word character and ``://``, continued to the end of a token that has
#: no dot anchor after them (a token with one is the dot pass's; literal prefixes keep every
#: pass at memory speed, and a token costs Python work once, not once per anchor).
_NO_DOT_REST = r"(?:[^\s\"'<>()\[\]{}`|\\,;." + _QUOTES + r"]|\.(?!\w))*+(?!\.)"
_OTHER_ANCHOR_RES = tuple(
    (hint, re.compile(a + _NO_DOT_REST)) for hint, a in (("@", "@"), ("#", r"#\w"), ("://", "://"))
)
#: Token -> keys cache bounds: entries (cleared when full) and the longest token cached.
_CACHE_ENTRIES = 1 << 14
_CACHE_TOKEN_MAX = 256


#: (hint substring, literal-prefix regex locating an encoded piece, decoder). A decoder runs on
#: the whitespace-delimited region around each piece, never on the whole text again.
_DECODERS = (
    ("%", re.compile(r"%[0-9A-Fa-f]{2}"), decode_percent),
    ("&", re.compile(r"&#?[0-9A-Za-z]{1,32};?"), decode_html_entities),
    ("\\", re.compile(r"\\[ux\"\\/bfnrt]"), decode_json_escapes),
    ("=?", re.compile(r"=\?"), decode_rfc2047),
    # only escapes of punctuation, space or non-ASCII bytes (``q=12`` is not a hint)
    ("=", re.compile(r"=(?:[2-7][0-9A-F]|[89A-F][0-9A-F]|\r?\n)"), decode_quoted_printable),
)
_REGION_WINDOW = 4096
_NONSPACE_RE = re.compile(r"\S*")


def _regions(text: str, hint: re.Pattern[str]) -> list[str]:
    """The whitespace-delimited regions (at most 4 KiB either side) around each hint match,
    merged when they overlap. The matched piece itself may contain a line break (QP)."""
    regions: list[str] = []
    end = -1
    grow = _NONSPACE_RE.match
    for m in hint.finditer(text):
        s, e = m.span()
        if s < end:
            continue
        lo = max(0, s - _REGION_WINDOW, end)
        start = s - grow(text[lo:s][::-1]).end()
        stop = grow(text, e, min(len(text), e + _REGION_WINDOW)).end()
        # a following hint within the same region is covered; extend through adjacent ones
        regions.append(text[start:stop])
        end = stop
    return regions


def _scan_tokens(
    text: str, out: set[str], cache: dict[str, set[str]], start: int = 0, stop: int | None = None
) -> None:
    """Add the keys of every anchored token in ``text[start:stop]`` (case kept; each token is
    folded), exactly those of that slice, without copying it.

    Each anchor regex runs on to the end of its token (anchors are token characters), so a
    token is one match however many dots it has; the ``@``, ``#`` and ``://`` passes match
    only tokens without a dot anchor, which the dot pass finds already. Tokens are merged by
    end offset (earliest anchor kept), and each token's start is the space found by
    ``str.rfind`` when only token characters follow it up to the anchor (one match), else one
    bounded match on the reversed 1 KiB before the anchor (no reversed copy of the whole
    text: tests/taint/test_token_starts.py checks both against it). A plain ASCII address, host or URL is keyed by one regex match
    (:func:`fast_token_keys`, about 1 µs); ``cache`` maps every other token (non-ASCII,
    punycode, ports, userinfo, query addresses: 5-10 µs each) to its keys, so such a token
    repeated anywhere in the session is normalised once; within one text every distinct token
    is keyed once. Caching plain tokens across texts as well was measured slower on output
    whose addresses are all distinct: the allocations cost more than the regex they save.
    """
    # the patterns have no look-behind, so a search bounded by ``start`` and ``stop`` matches
    # as on the slice (``stop`` ends the string for the look-aheads and ``*`` runs)
    stop = len(text) if stop is None else stop
    first = {m.end(): m.start() for m in _DOT_ANCHOR_RE.finditer(text, start, stop)}
    for hint, anchor in _OTHER_ANCHOR_RES:
        if text.find(hint, start, stop) < 0:  # skips absent anchors far faster than a regex
            continue
        for m in anchor.finditer(text, start, stop):
            s, e = m.span()
            if first.get(e, e) > s:
                first[e] = s
    if not first:
        return
    trun = _TRUN_RE.match
    tfull = _TRUN_RE.fullmatch
    rfind = text.rfind
    get = cache.get
    update = out.update
    seen: set[str] = set()
    see = seen.add
    for end, p in first.items():
        # the token starts after the last non-token character in the 1 KiB before its first
        # anchor: usually a space with only token characters after it (one C search and one
        # match); otherwise that window is reversed and matched
        lo = p - _WINDOW if p - _WINDOW > start else start
        i = rfind(" ", lo, p)
        if i < 0 or tfull(text, i + 1, p) is None:
            i = p - 1 - trun(text[lo:p][::-1]).end()
        token = text[i + 1 : end]
        if token in seen:
            continue
        see(token)
        keys = get(token)
        if keys is not None:
            update(keys)
            continue
        rest = fast_token_keys(token.lower() if token.isascii() else token.casefold(), out)
        if rest is not None:
            keys = set()
            general_token_keys(rest, keys)
            update(keys)
            if len(token) <= _CACHE_TOKEN_MAX:
                if len(cache) >= _CACHE_ENTRIES:
                    cache.clear()
                cache[token] = keys


def _scan_phones(rb: RunBytes, out: set[str]) -> None:
    """Add the key of every phone number (7-15 digits with separators): each match of
    :data:`cordon.textnorm.PHONE_CLASS_RE` (upper-case words also match and are discarded by
    :func:`phone_key`, which counts real digits)."""
    raw = rb.raw
    for m in rb.finditer(PHONE_CLASS_RE, PHONES):
        s = m.start()
        if s and raw[s - 1 : s].isalnum():
            continue
        key = phone_key(raw[s : m.end()].decode("ascii", "replace"))
        if key is not None:
            out.add(key)


def _index_view(
    text: str,
    out: set[str],
    depth: int,
    cache: dict[str, set[str]],
    tokens_end: int | None = None,
    prepare: Callable[[str], str] | None = None,
) -> None:
    """Tokenise ``text`` (case kept) and, up to ``_MAX_DEPTH``, each decoding of it.
    ``tokens_end``: tokenise only ``text[:tokens_end]`` at this level (a whitespace offset;
    the rest's tokens are keyed elsewhere, :func:`split_tokens`). ``prepare``: applied to
    each decoding before it is tokenised (default :func:`_prepare`)."""
    prepare = _prepare if prepare is None else prepare
    _scan_tokens(text, out, cache, 0, tokens_end)
    classes = RunBytes(text)
    _scan_phones(classes, out)
    if depth >= _MAX_DEPTH:
        return
    for hint, locate, decoder in _DECODERS:
        if hint[0] in text:  # one-character `in` is memchr-fast; the regex confirms
            for region in _regions(text, locate):
                decoded = decoder(region)
                if decoded != region:
                    _index_view(prepare(decoded), out, depth + 1, cache, None, prepare)
    for decoded in encoded_runs(text, classes=classes):
        _index_view(prepare(decoded), out, depth + 1, cache, None, prepare)


#: texts whose address tokens from an offset on are keyed in another process (the relay's
#: recording worker: :func:`suffix_token_keys`), by string identity, oldest first, with that
#: offset and the job that gives the keys; bounded (a text dropped from here is indexed whole)
_SPLIT: list[tuple[str, int, Any]] = []
_SPLIT_MAX = 4096
_SPLIT_CHARS = 64 * 1024 * 1024
_WS_RE = re.compile(r"\s")


def split_point(text: str, fraction: float) -> int:
    """Where to split an ASCII ``text``'s tokens between two processes: the first whitespace
    at or after ``fraction`` of it, or -1 (no split: not ASCII, or no whitespace there).

    A token never holds whitespace and its start is searched back only over token
    characters, so the tokens of ``text[:k]`` and of ``text[k:]`` at a whitespace offset
    ``k`` are exactly those of ``text`` (tests/taint/test_split.py)."""
    if not text.isascii():
        return -1
    m = _WS_RE.search(text, int(len(text) * fraction))
    return m.start() if m else -1


def suffix_token_keys(text: str, start: int, cache: dict[str, set[str]] | None = None) -> set[str]:
    """The keys of the anchored tokens of ``text[start:]`` (the worker's half of a split)."""
    keys: set[str] = set()
    _scan_tokens(text, keys, {} if cache is None else cache, start)
    return keys


def split_tokens(text: str, start: int, job: Any) -> None:
    """Let the next indexing of this very string object tokenise ``text[:start]`` only and
    take the keys of the rest from ``job.token_keys()`` (which waits, or raises when the
    other process failed: the index then counts as truncated)."""
    _register(_SPLIT, (text, start, job))


def _register(registry: list[Any], entry: tuple[Any, ...]) -> None:
    """Append ``entry`` (its first item the text) to :data:`_SPLIT` or :data:`_OFFLOAD`,
    dropping the oldest past :data:`_SPLIT_MAX` entries or :data:`_SPLIT_CHARS` characters
    (a text dropped from here is indexed whole in this process)."""
    registry.append(entry)
    total = sum(len(e[0]) for e in registry)
    while len(registry) > _SPLIT_MAX or (len(registry) > 1 and total > _SPLIT_CHARS):
        total -= len(registry.pop(0)[0])


def _take(registry: list[Any], text: str) -> tuple[Any, ...] | None:
    """Remove and return the entry of this very string object, if registered."""
    for i, entry in enumerate(registry):
        if entry[0] is text:
            del registry[i]
            return entry
    return None


#: texts whose whole taint is indexed in another process (the recording worker, for a
#: settle that takes the keys later: :meth:`TaintIndex.settle` with ``background``), by string
#: identity, oldest first, with the job that gives the keys; bounded as :data:`_SPLIT`
_OFFLOAD: list[tuple[str, Any]] = []


def whole_text_keys(text: str, cache: dict[str, set[str]] | None = None) -> set[str]:
    """The keys :meth:`TaintIndex.add_text` stores for ``text`` (the worker's side of
    :func:`offload`)."""
    keys: set[str] = set()
    _index_view(_prepare(text), keys, 0, {} if cache is None else cache)
    return keys


def offload(text: str, job: Any) -> None:
    """Let the next indexing of this very string object take all of its keys from
    ``job.token_keys()`` (which waits, or raises when the other process failed: the index
    then counts as truncated); a settle with ``background`` does not wait for them."""
    _register(_OFFLOAD, (text, job))


def _take_offload(text: str) -> Any | None:
    entry = _take(_OFFLOAD, text)
    return None if entry is None else entry[1]


def _take_split(text: str) -> tuple[int, Any] | None:
    entry = _take(_SPLIT, text)
    return None if entry is None else (entry[1], entry[2])


def _prepare(text: str) -> str:
    """Invisible characters removed and NFKC applied; case is kept for base64."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", strip_invisible(text))


class TaintIndex:
    """Normalised destination tokens seen in one session's untrusted output.

    Args:
        max_bytes: memory cap for stored keys (policy ``taint_memory_bytes``, default 64 MiB);
            past it the oldest output's keys are dropped and misses become ``"unknown"``.
        min_length: destinations whose key is shorter are never tainted (policy
            ``min_destination_length``, default 6).
        shared: a :class:`SharedTaintStore` for cross-server taint; new keys are published to
            it and lookups consult it.

    Raises:
        ValueError: ``max_bytes`` or ``min_length`` is not positive.
    """

    def __init__(
        self,
        max_bytes: int = 64 * 1024 * 1024,
        min_length: int = 6,
        *,
        shared: SharedTaintStore | None = None,
        spelled: bool = False,
    ) -> None:
        if max_bytes <= 0 or min_length <= 0:
            raise ValueError("max_bytes and min_length must be positive")
        #: texts (and each decoding of them) go through :func:`cordon.textnorm.mark_lookalikes`
        #: first: a look-alike spelling keeps no key of the plain spelling it imitates
        self._spelled = spelled
        self.max_bytes = max_bytes
        self.min_length = min_length
        self.shared = shared
        #: the stored keys, oldest first, as ``(last generation, keys, bytes charged)``: a
        #: generation of a 64th of ``max_bytes`` or more is one set of its own; smaller ones are
        #: merged into one set until it is charged that much (:meth:`_store`)
        self._sets: deque[tuple[int, set[str], int]] = deque()
        #: whether the newest set takes more small generations
        self._open = False
        #: keys handed to a store that does not hold, each once (its file keeps every key,
        #: so a key dropped here is not handed again; at most the store's ``max_entries``);
        #: ``None`` after keys were handed to a holding store: rebuilt from the sets when
        #: that store stops holding
        self._published: set[str] | None = set()
        self._gen_counter = 0
        #: a 64th of ``max_bytes`` (1 MiB at the default cap): a lookup probes at most ~130
        #: sets (65 large ones, and as many shared ones between them), and dropping a set of
        #: small generations drops a 64th of the cap
        self._set_bytes = max(1, max_bytes // 64)
        self._bytes = 0
        self._truncated = False
        self._cache: dict[str, set[str]] = {}
        self._pending: deque[str | Callable[[], str]] = deque()
        #: each queued item's size (characters, 0 when unknown), in the same order
        self._pending_sizes: deque[int] = deque()
        self._pending_bytes = 0
        #: texts taken off the queue by a ``background`` settle, oldest first: the keys this
        #: process computed and the job of the process computing the rest (:func:`offload`,
        #: :func:`split_tokens`; None: a text indexed whole here, behind them); stored before
        #: anything queued after them, in this order
        self._inflight: deque[tuple[set[str], Any]] = deque()
        self._marker: str | None = None
        #: why indexing a deferred text failed (the index is then truncated), else None
        self.failure: str | None = None
        #: called before queued texts are indexed (the session starts their content scans in
        #: another process then, so they run while this index works)
        self.before_settle: Callable[[], None] | None = None

    @property
    def truncated(self) -> bool:
        """True once output has been dropped to respect ``max_bytes``."""
        self.settle()
        return self._truncated

    @property
    def size_bytes(self) -> int:
        """The charged size of the stored keys, in bytes."""
        self.settle()
        return self._bytes

    def __len__(self) -> int:
        self.settle()
        return len(self._gen_of)

    @property
    def _gen_of(self) -> dict[str, int]:
        """Each stored key (of ``min_length`` or more) and the last generation of the set that
        holds its newest copy (for tests and ``len``: linear in the index)."""
        out: dict[str, int] = {}
        minimum = self.min_length
        for gen, keys, _ in self._sets:
            out.update((k, gen) for k in keys if len(k) >= minimum)
        return out

    @property
    def pending(self) -> bool:
        """True while texts queued by :meth:`defer_text` are not indexed yet (or a pending
        marker is open)."""
        return bool(self._pending) or bool(self._inflight) or self._marker is not None

    def open_pending(self) -> None:
        """Open the shared store's pending marker now, if there is a store and none is open:
        a caller that delivers a result before queueing it calls this before delivering.

        Raises:
            OSError: the marker could not be written.
        """
        if self.shared is not None and self._marker is None:
            self._marker = self.shared.mark_pending()
            _LOCAL_PENDING.add(self)

    def fail(self, reason: str) -> None:
        """Output was delivered but cannot be indexed: fail closed, as :meth:`settle` does
        when indexing fails (truncated, ``failure`` set, the pending marker closed failed)."""
        marker, self._marker = self._marker, None
        _LOCAL_PENDING.discard(self)
        self.settle()  # what was queued before is indexed as usual
        self._truncated = True
        self.failure = self.failure or reason
        if marker is not None and self.shared is not None:
            with contextlib.suppress(OSError):
                self.shared.mark_done(marker, ok=False)

    @property
    def pending_bytes(self) -> int:
        """The size of the texts queued by :meth:`defer_text` and not indexed yet."""
        return self._pending_bytes

    def add_text(self, text: str) -> None:
        """Index one piece of untrusted output (any size; cost linear in its length)."""
        if not text:
            return
        if self._pending or self._inflight:  # behind them: generations keep their order
            self._pending.append(text)
            self._pending_sizes.append(len(text))
            self._pending_bytes += len(text)
            return
        self._index_now(text)

    def defer_text(self, text: str | Callable[[], str], size: int | None = None) -> None:
        """Queue one piece of untrusted output; it is indexed before the index is next read.

        ``text`` may be a function returning the text (called once, when it is indexed);
        ``size`` is its length when known (for :attr:`pending_bytes`).

        Raises:
            OSError: the shared store's pending marker could not be written (nothing queued).
        """
        if isinstance(text, str):
            if not text:
                return
            size = len(text)
        self.open_pending()
        self._pending.append(text)
        self._pending_sizes.append(size or 0)
        self._pending_bytes += size or 0

    def settle(self, through: str | None = None, nth: int = 1, *, background: bool = False) -> None:
        """Index every queued text, in order. Never raises: a failure drops the rest of the
        queue, marks the index truncated (misses become ``"unknown"``) and sets ``failure``.

        With ``through`` (a queued string object, by identity), index only the queued items
        up to and including its ``nth`` occurrence, oldest first (a prefix of the queue, as
        eager indexing would have stored them); the rest stays queued and the shared store's
        pending marker stays open. ``through`` not queued: nothing is indexed.

        ``background``: a text of that prefix whose keys another process computes, in whole
        or in part (:func:`offload`, :func:`split_tokens`), is not waited for; it leaves the
        queue for an in-flight list whose keys the next settle of any kind (every read of the
        index makes one) stores first, in order, before anything queued after them. The
        pending marker stays open meanwhile.
        """
        if not self._pending and not self._inflight and self._marker is None:
            return
        if through is not None:
            seen = 0
            for item in self._pending:
                seen += item is through
                if seen == nth:
                    break
            else:
                return
        elif self._pending and self.before_settle is not None:
            self.before_settle()
        ok = False
        try:
            while self._inflight:  # older than anything queued
                keys, job = self._inflight[0]
                if job is not None:
                    keys.update(job.token_keys())
                self._store(keys)
                self._inflight.popleft()
            while self._pending:
                item = self._pending.popleft()
                self._pending_bytes -= self._pending_sizes.popleft()
                text = item if isinstance(item, str) else item()
                self._index_now(text, background)
                if through is not None and item is through:
                    nth -= 1
                    if not nth:
                        break
            ok = True
        except Exception as exc:  # noqa: BLE001 - fail closed, never lose the fact
            self._truncated = True
            self.failure = f"indexing output failed: {type(exc).__name__}"
            self._pending.clear()
            self._inflight.clear()
        finally:
            if not self._pending:
                self._pending_sizes.clear()
                self._pending_bytes = 0
            # (a prefix, or keys in flight: the marker stays open)
            if not ((self._pending or self._inflight) and ok):
                self._close_marker(ok)

    def _close_marker(self, ok: bool) -> None:
        _LOCAL_PENDING.discard(self)
        marker, self._marker = self._marker, None
        if marker is not None and self.shared is not None:
            try:
                self.shared.mark_done(marker, ok=ok)
            except OSError:
                self._truncated = True
                self.failure = self.failure or "the shared taint store is unwritable"

    def _settle_local_siblings(self) -> None:
        _settle_local_siblings_of(self)

    def _index_now(self, text: str, background: bool = False) -> None:
        """Index one text and store its keys as one generation; with ``background``, the
        keys another process computes for it are not waited for: what this process computes
        is kept with that process's job in :attr:`_inflight`, stored by the next settle."""
        keys: set[str] = set()
        if self._spelled:
            _index_view(mark_lookalikes(text), keys, 0, self._cache, None, mark_lookalikes)
            self._store(keys)  # (never deferred: only add_text gives text to such an index)
            return
        job = _take_offload(text) if _OFFLOAD else None
        if job is None:
            split = _take_split(text) if _SPLIT else None
            if split is None:
                _index_view(_prepare(text), keys, 0, self._cache)
                if self._inflight:  # after the older texts' keys in flight (red-team S59)
                    self._inflight.append((keys, None))
                else:
                    self._store(keys)
                return
            # an ASCII text (its own prepared form): the tokens past ``start`` come in
            start, job = split
            _index_view(text, keys, 0, self._cache, tokens_end=start)
        if background:
            self._inflight.append((keys, job))
            return
        keys.update(job.token_keys())
        self._store(keys)

    def add_value(self, value: Any) -> None:
        """Index a JSON value: every string, every object key, and numbers, in one batch."""
        parts: list[str] = []
        _collect(value, parts)
        if parts:
            self.add_text("\n".join(parts))

    def add_keys(self, keys: Iterable[str]) -> None:
        """Store already-normalised keys (used by tests and for trusted re-imports)."""
        self.settle()
        self._store(set(keys))

    def _store(self, keys: set[str]) -> None:
        """Store one generation's keys; the set is the index's from here on (not copied).

        Keys shorter than ``min_length`` are dropped from it first. A generation charged a 64th
        of ``max_bytes`` or more (1 MiB by default: one large result) is kept as its own set;
        smaller ones are merged into the newest set until it is charged that much. So storing
        a large result costs a pass over its own keys, not inserts into one dict of the whole
        session (which grew from 7 to 20 ms per 10 MB result over a stream of twenty), and a
        lookup probes at most ~130 sets (up to 65 large ones, and a shared one after each).
        The oldest set is dropped whole when the index is over ``max_bytes``: small
        generations go together, a 64th of the cap at most.
        """
        minimum = self.min_length
        if keys and min(map(len, keys)) < minimum:
            keys.difference_update([k for k in keys if len(k) < minimum])
        if not keys:
            return
        gen = self._gen_counter
        self._gen_counter += 1
        added = sum(map(len, keys)) + _KEY_OVERHEAD * len(keys)
        big = self._set_bytes
        sets = self._sets
        shared = self.shared
        if shared is None:
            new: Iterable[str] = ()
        elif shared.holding:  # kept there as they are: no need to sort out the known ones
            new = keys
            self._published = None
        else:
            published = self._published
            if published is None:  # the store stopped holding: it has every stored key
                published = self._published = set().union(*(k for _, k, _ in sets))
            new = [k for k in keys if k not in published]
            if len(published) + len(new) > shared.max_entries:
                published.clear()  # memory: as many as the store keeps (it never forgets one)
            published.update(new)
        if added < big and self._open and sets:
            _, merged, charged = sets[-1]
            if new is keys:
                new = list(keys)  # (the held store keeps the object: not the growing set)
            merged.update(keys)
            charged += added
            sets[-1] = (gen, merged, charged)
            self._open = charged < big
        else:
            sets.append((gen, keys, added))
            self._open = added < big
            if self._open and new is keys:
                new = list(keys)  # (later generations are merged into this set)
        self._bytes += added
        if self._bytes > self.max_bytes and shared is not None and shared.holding:
            # keys about to be dropped here are published first, not kept whole in the
            # store's held set past this index's cap (red-team S62)
            shared.publish_held()
        while self._bytes > self.max_bytes and sets:
            _, _, charged = sets.popleft()
            self._bytes -= charged
            self._truncated = True
            self._open = self._open and bool(sets)
        if new and shared is not None:
            shared.publish(new)

    def seen_here(self, dest: Destination, *, sink_is_url: bool = False) -> bool:
        """True when ``dest``'s key (or, for a URL or host destination in a URL sink, its
        host alone) is indexed in this index's own output: :meth:`lookup`'s ``"tainted"``
        without the shared store (no other process is read or waited for). For the audit
        record of a destination something else cleared (the user's text, a directory)."""
        self.settle()
        candidates = [dest.key]
        if sink_is_url and dest.host and dest.host != dest.key:
            candidates.append(dest.host)
        return any(
            key in keys
            for key in candidates
            if len(key) >= self.min_length
            for _, keys, _ in self._sets
        )

    def contains_key(self, key: str) -> bool:
        """True when the exact normalised ``key`` is indexed here or in the shared store."""
        self.settle()
        for _, keys, _ in self._sets:
            if key in keys:
                return True
        return self.shared is not None and self.shared.contains(key)

    def lookup(self, dest: Destination, *, sink_is_url: bool = False) -> Lookup:
        """Whether ``dest`` came from this session's untrusted output.

        Returns ``"tainted"`` when its key (or, for a URL or host destination in a URL sink,
        its host alone) is indexed here or in the shared store; ``"clean"`` when it is not
        and nothing was ever dropped; ``"unknown"`` when it is not but older output was
        dropped (memory cap) or the shared store is truncated. A key shorter than
        ``min_length`` is always ``"clean"``. O(1) in the session's history.
        """
        self.settle()
        if _LOCAL_PENDING and self.shared is not None:
            self._settle_local_siblings()
        key = dest.key
        candidates = [key]
        host = dest.host
        if sink_is_url and host and host != key:
            candidates.append(host)
        candidates = [c for c in candidates if len(c) >= self.min_length]
        if not candidates:
            return "clean"
        for c in candidates:
            if self.contains_key(c):
                return "tainted"
        if self._truncated or (self.shared is not None and self.shared.truncated):
            return "unknown"
        return "clean"


def _settle_local_siblings_of(index: TaintIndex) -> None:
    """Settle the other indexes of this process whose pending markers are open in the same
    shared file as ``index``'s (their own store would skip them as this process's)."""
    assert index.shared is not None
    path = index.shared.path
    for other in list(_LOCAL_PENDING):
        if other is not index and other.shared is not None and other.shared.path == path:
            other.settle()


def _collect(value: Any, parts: list[str]) -> None:
    """Every string, object key and number in ``value`` (iterative: no depth limit)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, dict):
            for k, v in item.items():
                parts.append(str(k))
                stack.append(v)
        elif isinstance(item, list | tuple):
            stack.extend(reversed(item))
        elif isinstance(item, int | float) and not isinstance(item, bool):
            parts.append(str(item))
