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
   copy of the bytes, again by a literal search, and Slack IDs (``C0EV1LX99``: a channel named
   without ``#``, :data:`cordon.taint._keys.SLACK_ID_RE`) inside those matches. A GitHub
   ``owner/repo`` (bare, after a ``/`` search, or in a ``github.com`` URL token) is keyed as
   one repository (:mod:`cordon.taint._repos`): neither segment is a destination alone;
4. keys shorter than ``min_length`` are not stored (they are never tainted).

Memory: each stored key is charged ``len(key) + 64`` bytes. Keys belong to FIFO generations
(one per ``add_text``/``add_value`` call); past ``max_bytes`` the oldest generations are dropped
and the index becomes *truncated*: from then on a destination that is not found is
``"unknown"`` rather than ``"clean"`` (the engine asks, never allows). A key seen again moves to
the newest generation. Outside that cap, each index keeps a cache of at most 16,384 general-path
tokens (each at most 256 characters) with their keys, cleared when full: a few MiB at most.

Indexing happens when output is recorded: in ``cordon run`` that is a job of the decision
queue, which every later decision waits for (:mod:`cordon.proxy.core`), so an answer here is
always the one for exactly the output that arrived before the call. If indexing fails, the
index counts as truncated (misses are ``"unknown"``) and ``failure`` says why.
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, Literal, cast

from cordon.taint._b64lines import rejoined_base64
from cordon.taint._echo import echo_forms, echo_key, sent_key
from cordon.taint._extract import Destination
from cordon.taint._keys import SLACK_ID_RE, fast_token_keys, general_token_keys, phone_key
from cordon.taint._nokeys import holds_no_key
from cordon.taint._repos import github_url_pairs, scan_pairs
from cordon.taint._store import SharedTaint as SharedTaintStore
from cordon.taint._verbatim import VerbatimURLs
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
#: Text -> keys memo bounds (:meth:`TaintIndex._keys_of`): entries (cleared when full) and the
#: longest text kept; at most a few MiB (a 256-character text holds a few dozen keys at most).
_TEXT_ENTRIES = 1 << 10
_TEXT_MAX = 256


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
    # ``\S*`` matches at every position (possibly empty): ``match`` never returns None
    grow = cast("Callable[..., re.Match[str]]", _NONSPACE_RE.match)
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
    # ``[token chars]*`` matches at every position (possibly empty): never None
    trun = cast("Callable[[str], re.Match[str]]", _TRUN_RE.match)
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
        low = token.lower() if token.isascii() else token.casefold()
        rest = fast_token_keys(low, out)
        if rest is None:
            if "github.com/" in low:
                github_url_pairs(low, out)
        else:
            keys = set()
            general_token_keys(rest, keys)
            if "github.com/" in low:
                github_url_pairs(low, keys)
            update(keys)
            if len(token) <= _CACHE_TOKEN_MAX:
                if len(cache) >= _CACHE_ENTRIES:
                    cache.clear()
                cache[token] = keys


def _scan_phones(rb: RunBytes, out: set[str]) -> None:
    """Add the key of every phone number (7-15 digits with separators): each match of
    :data:`cordon.textnorm.PHONE_CLASS_RE` (upper-case words also match and are discarded by
    :func:`phone_key`, which counts real digits), and of every Slack ID (:data:`SLACK_ID_RE`).

    A Slack ID is a run of 9-11 upper-case letters and digits, ``X`` bytes in the class bytes,
    so it lies inside a match: a match holds every ``X`` byte of a run it touches (it starts
    at the first ``X`` of the run and ends only where no separator and ``X`` follow), and only
    a match of 9 bytes or more can hold one. The search ends one byte past the match, so the
    ID's right boundary is read on the real text."""
    raw = rb.raw
    ids = SLACK_ID_RE.finditer
    n = len(raw)
    for m in rb.finditer(PHONE_CLASS_RE, PHONES):
        s, e = m.span()
        if e - s >= 9:
            for i in ids(raw, s, e + 1 if e < n else n):
                out.add(i.group().decode("ascii").lower())
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
    prepare: Callable[[str], str] | None = None,
) -> None:
    """Tokenise ``text`` (case kept) and, up to ``_MAX_DEPTH``, each decoding of it.
    ``prepare``: applied to
    each decoding before it is tokenised (default :func:`_prepare`)."""
    prepare = _prepare if prepare is None else prepare
    _scan_tokens(text, out, cache, 0, None)
    if "/" in text:
        scan_pairs(text, out)  # GitHub's owner/repo (cordon.taint._repos)
    classes = RunBytes(text)
    _scan_phones(classes, out)
    if depth >= _MAX_DEPTH:
        return
    for hint, locate, decoder in _DECODERS:
        if hint[0] in text:  # one-character `in` is memchr-fast; the regex confirms
            for region in _regions(text, locate):
                decoded = decoder(region)
                if decoded != region:
                    _index_view(prepare(decoded), out, depth + 1, cache, prepare)
    for decoded in encoded_runs(text, classes=classes):
        _index_view(prepare(decoded), out, depth + 1, cache, prepare)


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
        #: short texts indexed before, with their keys (:meth:`_keys_of`)
        self._texts: dict[str, frozenset[str]] = {}
        #: why recording output failed (the index is then truncated), else None
        self.failure: str | None = None
        #: destination keys the session sent to with an allow, with the
        #: :func:`cordon.taint._echo.sent_key` forms of their spellings (the session's own
        #: mapping, read at each store): output indexed after such a send publishes its key
        #: only as an echo (:mod:`cordon.taint._echo`); stored here as any key
        self.sent: Mapping[str, Collection[str]] = {}
        #: echo and sent forms handed to the shared store, each once
        self._forms: set[str] = set()
        #: the URLs of recorded output, whole and as written (the ``rendered`` check's
        #: verbatim embeds: :mod:`cordon.taint._verbatim`)
        self.urls = VerbatimURLs()

    @property
    def truncated(self) -> bool:
        """True once output has been dropped to respect ``max_bytes``."""
        return self._truncated

    @property
    def empty(self) -> bool:
        """True when this index holds no key and reads no shared store: :meth:`lookup` then
        never answers ``"tainted"`` (it may answer ``"unknown"`` after truncation), in O(1)."""
        return not self._sets and self.shared is None

    @property
    def size_bytes(self) -> int:
        """The charged size of the stored keys, in bytes."""
        return self._bytes

    def __len__(self) -> int:
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

    def fail(self, reason: str) -> None:
        """Output was delivered but cannot be indexed: fail closed (truncated, so misses are
        ``"unknown"``, and ``failure`` says why)."""
        self._truncated = True
        self.failure = self.failure or reason

    def add_text(self, text: str) -> None:
        """Index one piece of untrusted output (any size; cost linear in its length). Never
        raises: a failure marks the index truncated and sets ``failure``."""
        if not text:
            return
        try:
            self._index_now(text)
        except Exception as exc:  # noqa: BLE001 - fail closed, never lose the fact
            self.fail(f"indexing output failed: {type(exc).__name__}")

    def _index_now(self, text: str) -> None:
        """Index one text and store its keys as one generation."""
        keys = self._keys_of(text)
        if not self._spelled:
            self.urls.add_text(text)
        self._store(keys)

    def _keys_of(self, text: str) -> set[str]:
        """The keys of ``text``'s views (:func:`_index_view`). A text's keys depend on the
        text alone (and on this index's ``spelled``, fixed), so a short one is kept with them:
        a server that answers the same small result again (``ok``, an echo, a status line)
        has it indexed by one dict lookup, not by every view's scan again (about 35k
        instructions for a 29-character text that holds no key). Returns a new set (the
        caller's to keep)."""
        short = len(text) <= _TEXT_MAX
        if short:
            known = self._texts.get(text)
            if known is not None:
                return set(known)
        keys: set[str] = set()
        view = mark_lookalikes(text) if self._spelled else _prepare(text)
        if not holds_no_key(view):  # (a short result with nothing keyed: cordon.taint._nokeys)
            prepare = mark_lookalikes if self._spelled else None
            _index_view(view, keys, 0, self._cache, prepare)
        if short:
            if len(self._texts) >= _TEXT_ENTRIES:
                self._texts.clear()
            self._texts[text] = frozenset(keys)
        return keys

    def add_value(self, value: Any) -> None:
        """Index a JSON value: every string, every object key, and numbers, in one batch, a
        blank line apart (one line break would continue a base64 run into the next string)."""
        parts: list[str] = []
        _collect(value, parts)
        if parts:
            self.add_text("\n\n".join(parts))

    def add_keys(self, keys: Iterable[str]) -> None:
        """Store already-normalised keys (used by tests and for trusted re-imports)."""
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
            # store's held set past this index's cap (memory held past the cap by a flood of
            # distinct keys)
            shared.publish_held()
        while self._bytes > self.max_bytes and sets:
            _, _, charged = sets.popleft()
            self._bytes -= charged
            self._truncated = True
            self._open = self._open and bool(sets)
        if shared is not None and self.sent:
            new = self._echoed(keys, new)
        if new and shared is not None:
            shared.publish(new)

    def _echoed(self, keys: set[str], new: Iterable[str]) -> Iterable[str]:
        """``new`` (the keys to publish) with each key the session sent to before this text
        was indexed replaced by its echo and sent forms (:mod:`cordon.taint._echo`): the
        client's other processes then discount that echo as the session does. A key
        published plainly before the send stays published (taint only grows)."""
        forms = echo_forms(keys, self.sent)
        if forms is None:
            return new
        sent = self.sent
        out = [k for k in new if k not in sent]
        done = self._forms
        out.extend(f for f in forms if f not in done)
        done.update(forms)
        return out

    def seen_here(self, dest: Destination, *, sink_is_url: bool = False) -> bool:
        """True when ``dest``'s key (or, for a URL or host destination in a URL sink, its
        host alone) is indexed in this index's own output: :meth:`lookup`'s ``"tainted"``
        without the shared store (no other process is read or waited for). For the audit
        record of a destination something else cleared (the user's text, a directory)."""
        candidates = [dest.key]
        if sink_is_url and dest.host and dest.host != dest.key:
            candidates.append(dest.host)
        return any(
            key in keys
            for key in candidates
            if len(key) >= self.min_length
            for _, keys, _ in self._sets
        )

    def holds_key(self, key: str) -> bool:
        """True when the exact normalised ``key`` is indexed in this index's own output (the
        shared store is not read)."""
        return any(key in keys for _, keys, _ in self._sets)

    def contains_key(self, key: str) -> bool:
        """True when the exact normalised ``key`` is indexed here or in the shared store,
        plainly or as another session's echo of its own send (:mod:`cordon.taint._echo`)."""
        for _, keys, _ in self._sets:
            if key in keys:
                return True
        shared = self.shared
        return shared is not None and (shared.contains(key) or shared.contains(echo_key(key)))

    def _contains_exact(self, key: str, spelled: str | None) -> bool:
        """:meth:`contains_key`, except that another session's echo of ``key`` does not count
        when that session had sent exactly ``spelled`` (a destination's raw text) before."""
        if spelled is None:
            return self.contains_key(key)
        for _, keys, _ in self._sets:
            if key in keys:
                return True
        shared = self.shared
        if shared is None or shared.contains(key):
            return shared is not None
        return shared.contains(echo_key(key)) and not shared.contains(sent_key(spelled))

    def lookup(
        self, dest: Destination, *, sink_is_url: bool = False, sent_echo: bool = False
    ) -> Lookup:
        """Whether ``dest`` came from this session's untrusted output.

        Returns ``"tainted"`` when its key (or, for a URL or host destination in a URL sink,
        its host alone) is indexed here or in the shared store; ``"clean"`` when it is not
        and nothing was ever dropped; ``"unknown"`` when it is not but older output was
        dropped (memory cap) or the shared store is truncated. A key shorter than
        ``min_length`` is always ``"clean"``. O(1) in the session's history.

        ``sent_echo``: ``dest`` is spelled without look-alike characters, and another
        session's echo of its key does not taint it when that session sent exactly
        ``dest.raw`` before the echo (:mod:`cordon.taint._echo`; the sending session skips
        the same lookup for its own sends). The host-alone lookup counts every echo.
        """
        key = dest.key
        short = self.min_length
        keyed = len(key) >= short
        if keyed and self._contains_exact(key, dest.raw if sent_echo else None):
            return "tainted"
        if sink_is_url and dest.kind in ("url", "host"):  # (``dest.host``)
            host = key.partition("/")[0]
            if host and host != key and len(host) >= short:
                if self.contains_key(host):
                    return "tainted"
                keyed = True
        if not keyed:
            return "clean"  # (no key long enough to look up)
        if self._truncated or (self.shared is not None and self.shared.truncated):
            return "unknown"
        return "clean"


def _collect(value: Any, parts: list[str]) -> None:
    """Every string, object key and number in ``value`` (iterative: no depth limit); a string
    holding a base64 value cut into lines is followed by its rejoined readings."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            parts.append(item)
            if "\n" in item:
                parts.extend(rejoined_base64(item))
        elif isinstance(item, dict):
            for k, v in item.items():
                parts.append(str(k))
                stack.append(v)
        elif isinstance(item, list | tuple):
            stack.extend(reversed(item))
        elif isinstance(item, int | float) and not isinstance(item, bool):
            parts.append(str(item))
