"""The anchor pass in C: every rule anchor in one Hyperscan database.

Hyperscan (Intel's multi-pattern regex engine, as in Snort and Suricata; ``hyperscan`` on
PyPI) finds every anchor of every rule in one pass over the lower-cased ASCII view, where
``re``'s alternation stops at a fifth of all positions (7 against 142 ms on 10 MB).

Anchors are compiled in *prefilter* mode (``HS_FLAG_PREFILTER``): constructs Hyperscan does
not support (look-behinds, large bounded repeats) are widened, so Hyperscan reports a superset
of the end offsets of real anchor matches. Each reported end is then confirmed with the anchor's
own Python pattern in a bounded region before it, so the scanner sees only real anchor matches
and gives exactly the findings of the pure-Python path (tested differentially). The region is
the anchor's width with each whitespace gap counted as 16 characters where no run of 16
whitespace characters lies within its full width (a normalised text has none), else its full
width (4 KiB for a gap of ``\\s+``).

The scanner hands Hyperscan fewer, merged anchors (:func:`merge_anchors`): the anchors of one
rule set that differ only in a literal head, ``(?:send|post|mail)\\s...`` for three, each a
superset of its members' matches and confirmed the same way: fewer patterns to compile, and
less of the compiler's freed heap left resident (``bench/perf/README.md``).

The databases compile once per process, one after another on one background thread
(Hyperscan releases the GIL while compiling; see :func:`_submit` for why one thread) started by
:func:`warm`. Until one is ready, and wherever the ``hyperscan`` package cannot be imported (it
ships wheels for x86-64 and arm64 Linux and macOS), :func:`find` returns ``None`` and the
scanner uses the Python path: same findings, slower on large texts. A text of
:data:`WAIT_MIN_BYTES` or more waits for its database first (at most :data:`WAIT_S`): the
Python pass's regex searches hold the GIL for their whole run over such a text.
``CORDON_HYPERSCAN=0`` in the environment forces the Python pass. A compiled database is kept
on disk and loaded by later processes instead of compiling (:mod:`cordon.content._hscache`,
which says why that is safe; ``CORDON_HS_CACHE=0`` turns it off)."""

from __future__ import annotations

import os
import re
import threading
from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from types import ModuleType
from typing import Any, TypeVar

from cordon.content import _deferred, _halves, _hsexpr, _hsthread
from cordon.content._fixed import fixed_width, match_runs
from cordon.content._hscache import Deferred, cached_db, compile_db, deferred_db
from cordon.content._longmatch import run_bound, run_table
from cordon.content._source import literal_head, top_level_bar

_hs: ModuleType | None
try:  # pragma: no cover - exercised on machines without a wheel
    import hyperscan as _hs
except ImportError:  # pragma: no cover
    _hs = None
if os.environ.get("CORDON_HYPERSCAN", "1") == "0":  # explicit opt-out: the Python pass only
    _hs = None

__all__ = [
    "available",
    "compiling",
    "counting",
    "ends",
    "filter_for",
    "find",
    "merge_anchors",
    "may_match",
    "note_busy",
    "rule_filter",
    "wait_compiled",
    "want_filters",
    "warm",
]

#: an anchor whose width is unbounded (``\s+``) is confirmed within this many bytes: a longer
#: anchor match cannot sit inside any rule match (rule patterns are bounded by their window)
_MAX_CONFIRM = 4096
_SHIFT = 48  # a candidate of :func:`find` is ``anchor << _SHIFT | end`` (one int, no tuple)
#: bytes after a reported end that the confirming search may read (``\b`` and look-aheads
#: at the end of an anchor need the next character)
_AFTER = 64


class _Db:
    def __init__(self, anchors: Sequence[str], defer: bool = False) -> None:
        assert _hs is not None
        self.anchors = tuple(anchors)
        #: load the database from the disk cache at its first scan, not now (:func:`warm`)
        self.defer = defer
        #: the caller's tuple object this database was last found by (see :func:`find`)
        self.key: tuple[str, ...] | None = None
        #: each anchor compiled for ``re``, at its first candidate (:meth:`compile_anchor`):
        #: most anchors never have one, and compiling all of them left ~1 MB of every process
        #: resident
        self.compiled: list[re.Pattern[bytes] | None] = [None] * len(self.anchors)
        #: per anchor, ``(width, tight, folded)`` (:meth:`measure`), at its first need: most
        #: have no candidate, and measuring all (parsing each pattern twice) was ~0.5 s of CPU,
        #: holding the GIL, in every process that loads a database from the cache
        self.measures: list[tuple[int, int, int] | None] = [None] * len(self.anchors)
        #: per anchor, its fixed width when it has one and no assertion, else 0
        #: (:func:`cordon.content._fixed.fixed_width`); -1: not worked out yet (at its first
        #: candidate, as :attr:`measures`, or at the compile when :func:`_widen` changes it)
        self.fixed: list[int] = [-1] * len(self.anchors)
        #: whether the database reports a whitespace run (an anchor with a ``\s+`` or ``\s*``
        #: gap, tight width below width); without it, :func:`find` looks for a run itself at
        #: the first candidate of an anchor whose gap is ``[ \t]+`` or ``[ \t]*``
        self.run_check = any(
            self.measure(i)[1] < self.measure(i)[0]
            for i, a in enumerate(self.anchors)
            if _WS_REPEAT.search(a)
        )
        self._suspect: frozenset[int] | None = None
        self._long: dict[tuple[int, bool], tuple[bytes, bytes] | None] = {}
        self.plan: _deferred.Plan | None = None
        #: the deferred anchors' database (:mod:`._deferred`), loaded at the first text with
        #: a trigger's match (:meth:`ready`)
        self.later: Any = None
        self._compile()

    def measure(self, i: int) -> tuple[int, int, int]:
        """Anchor ``i``'s ``(width, tight, folded)``, measured once: ``width``, the most bytes
        it can match (at most :data:`_MAX_CONFIRM`); ``folded``, the same with every
        whitespace gap bounded by the normaliser's fold (more than :data:`_MAX_CONFIRM`: the
        anchor is unbounded by more than whitespace runs, and a candidate of its that the
        bounded region cannot confirm falls back to the anchor's own search over the whole
        text, `$` followed by 4 KiB of letters); ``tight``, the width when no whitespace run
        of :data:`_WS_RUN_LEN` lies in reach (a normalised text has none: the normaliser folds
        them), the region searched for most candidates."""
        m = self.measures[i]
        if m is None:
            a = self.anchors[i]
            raw = _width(a.encode("utf-8"))
            width = min(raw, _MAX_CONFIRM)
            # without a whitespace gap the bounded pattern is the anchor itself
            folded = _width(_gaps_bounded(a)) if _WS_GAP.search(a) else raw
            m = self.measures[i] = (width, min(folded, width), folded)
        return m

    @property
    def unbounded(self) -> frozenset[int]:
        """Anchors unbounded by more than whitespace runs (:meth:`measure`)."""
        return frozenset(i for i in range(len(self.anchors)) if self.measure(i)[2] > _MAX_CONFIRM)

    @property
    def suspect(self) -> frozenset[int]:
        r"""Anchors with a gap whose Hyperscan expression also has an open repeat other than
        ``\s+``/``\s*``: Hyperscan can report no match at all for those next to a long
        whitespace run (:data:`_OPEN_REPEAT`), so on a text with a run they are searched with
        ``re`` over the whole text instead. Found at the first such text."""
        if self._suspect is None:
            out = set()
            for i, a in enumerate(self.anchors):
                if not _WS_REPEAT.search(a):
                    continue  # no gap: its tight width is its width
                width, tight, _ = self.measure(i)
                if tight < width and _OPEN_REPEAT.search(_WS_GAP.sub("", _widen(a))):
                    out.add(i)
            self._suspect = frozenset(out)
        return self._suspect

    def long_run(self, i: int, folded: bool) -> tuple[bytes, bytes] | None:
        """For unbounded anchor ``i``: ``(table, needle)`` such that a match of it longer
        than its confirm region (its width) has ``needle`` in its last width
        bytes translated by ``table`` (:func:`cordon.content._longmatch.run_bound`);
        ``folded``: where no whitespace run of :data:`_WS_RUN_LEN` lies there (a ``\\s+``
        then takes at most that many bytes). ``None``: unknown. Computed once, at its first
        need."""
        key = (i, folded)
        if key not in self._long:
            a = self.anchors[i]
            pattern = _ws_bounded(a, _WS_RUN_LEN) if folded else a.encode("utf-8")
            bound = run_bound(pattern, self.measure(i)[0])
            self._long[key] = None if bound is None else (run_table(bound[0]), b"x" * bound[1])
        return self._long[key]

    def fixed_width(self, i: int) -> int:
        """Anchor ``i``'s :func:`cordon.content._fixed.fixed_width`, worked out once."""
        fw = self.fixed[i]
        if fw < 0:
            fw = self.fixed[i] = fixed_width(self.anchors[i].encode("utf-8"), _MAX_CONFIRM)
        return fw

    def compile_anchor(self, i: int) -> re.Pattern[bytes]:
        """Anchor ``i`` compiled for ``re``, once (two threads at once compile the same
        pattern twice; either is kept)."""
        c = self.compiled[i]
        if c is None:
            c = self.compiled[i] = re.compile(self.anchors[i].encode("utf-8"))
        return c

    def _compile(self) -> None:
        assert _hs is not None
        n = len(self.anchors)
        every = [self._hs_expr(i) for i in range(n)]
        # anchors whose word run keeps Hyperscan busy over prose: only their last group in
        # this database, their own expressions in a second one scanned around its matches
        plan = self.plan = _deferred.plan(every)
        later = frozenset(plan.anchors) if plan else frozenset()
        ids = [i for i in range(n) if i not in later]
        exprs = [every[i].encode("utf-8") for i in ids]
        flags = [_hs.HS_FLAG_PREFILTER] * len(ids)
        if plan:  # after the run check's id ``n``: ``n + 1`` on are triggers
            self.later = deferred_db(
                _hs,
                [every[i].encode() for i in plan.anchors],
                list(plan.anchors),
                [_hs.HS_FLAG_PREFILTER] * len(plan.anchors),
                _note_compiling,
            )
            exprs += [t.encode("utf-8") for t in plan.triggers]
            ids += range(n + 1, n + 1 + len(plan.triggers))
            flags += [_hs.HS_FLAG_PREFILTER] * len(plan.triggers)
        if self.run_check:
            # and, last, whether the text holds a whitespace run of _WS_RUN_LEN (reported
            # once): only an anchor with a whitespace gap (tight < width) asks, and the
            # pattern costs a database without one a third of its size (the readings' gate:
            # 0.90 -> 0.54 MB), no scan time
            exprs.append(_WS_RUN_RE)
            ids.append(n)
            flags.append(_hs.HS_FLAG_SINGLEMATCH)
        load = deferred_db if self.defer else compile_db
        self.db = load(_hs, exprs, ids, flags, _note_compiling)
        self.local = threading.local()

    def _hs_expr(self, i: int) -> str:
        """Anchor ``i`` as compiled for Hyperscan: its counted repeats opened
        (:func:`_widen`), except in an anchor of one fixed width (:meth:`fixed_width`,
        worked out here only for the anchors :func:`_widen` would change). Opened, a run of
        the repeat's class made every byte a candidate (``sk-sk-sk-...``: a Python callback a
        byte); exact, Hyperscan still reports a superset of the real ends (prefilter mode),
        all that :func:`cordon.content._fixed.match_runs` needs, now about one a match. The
        exact repeats cost no measurable compile time (11 anchors, bench/content/README.md);
        the expressions are in the disk cache's key, so a cached database follows them.

        An anchor with a ranged counted repeat (``{0,200}``) has two widths: opened unparsed
        (the parse of ~400 anchors was ~0.8 s of every process's load from the disk cache;
        the same answer for every anchor: ``tests/content/test_accel_ranged.py``)."""
        a = self.anchors[i]
        wide = _widen(a)
        if wide != a and not _ranged(a) and self.fixed_width(i):
            wide = a
        return _hsexpr.utf8_bounds_dropped(wide)  # no ``\b`` over UTF-8 bytes (a superset)

    def ready(self, name: str = "db") -> tuple[Any, Any]:
        """Database ``name`` (``db``, ``later``) and this thread's scratch for it; one left
        in the disk cache (:class:`~cordon.content._hscache.Deferred`) is loaded here."""
        db = getattr(self, name)
        if isinstance(db, Deferred):
            db = db.get()
            setattr(self, name, db)
        return db, self.scratch(name)

    def scratch(self, name: str = "db") -> Any:
        s = getattr(self.local, name, None)
        if s is None:
            assert _hs is not None  # a _Db is only built when hyperscan imported
            s = _hs.Scratch(getattr(self, name))
            setattr(self.local, name, s)
        return s


_BIG_REPEAT = re.compile(r"(?<!\\)\{(\d+)(?:,(\d+))?\}\??")


def _ranged(anchor: str) -> bool:
    """True when ``anchor`` holds a counted repeat of two bounds that differ (``{0,200}``)."""
    return any(
        m.group(2) is not None and int(m.group(2)) != int(m.group(1))
        for m in _BIG_REPEAT.finditer(anchor)
    )


def _widen(anchor: str) -> str:
    """``anchor`` with its counted repeats over 3 made open (``{0,200}`` -> ``{0,}``,
    ``{16}`` -> ``{16,}``), but a run of words (:func:`._hsexpr.keeps_count`).

    Hyperscan compiles counted repeats into large automata (the beacon anchor alone took
    0.25 s; the whole database 0.58 s, now about 0.3 s); an open repeat matches a superset,
    which the prefilter pass allows: every candidate is confirmed with the exact pattern."""

    def one(m: re.Match[str]) -> str:
        high = int(m.group(2) or m.group(1))
        keep = high <= 3 or _hsexpr.keeps_count(anchor, m.start(), high)
        return m.group(0) if keep else f"{{{m.group(1)},}}"

    return _BIG_REPEAT.sub(one, anchor)


_WS_REPEAT = re.compile(r"\\s[+*]")
#: an open repeat (``*``, ``+``, ``{n,}``) not escaped. Hyperscan 5.4 (the ``hyperscan``
#: 0.9.1 wheel) can report no match at all of an anchor with such a repeat and a whitespace
#: gap next to a run of 30 or more whitespace characters: ``post[^\\n]{0,}\\s+z`` (the repeat
#: :func:`_widen` opened) in ``post`` + 40 spaces + ``z``, in a database of its own, where
#: ``re`` and ``[^\\n]{0,200}`` find it. Which anchors lose their match depends on the
#: database: merged, ``(?:post|send|x)...`` dropped the match of ``x...`` that the unmerged
#: set found. So the set is kept wide (every anchor with a gap and any other open repeat)
_OPEN_REPEAT = re.compile(r"(?<!\\)(?:[*+]|\{\d+,\})")


def _ws_bounded(anchor: str, run: int) -> bytes:
    """``anchor`` with every ``\\s+`` and ``\\s*`` bounded to ``run`` characters (for its
    width only: the pattern is not used to match)."""
    return _WS_REPEAT.sub(lambda m: rf"\s{{0,{run}}}", anchor).encode("utf-8")


#: a whitespace gap of an anchor, for its widths (:meth:`_Db.measure`): ``\s+``, ``\s*``, and
#: ``[ \t]+``, ``[ \t]*`` (spaces and tabs are ``\s``: a run of them is a whitespace run). The
#: readings' inline-markup mark (``[a-z0-9][ \t]*<...>``) had a width of 4 KiB without the
#: second kind, and each of its ~44,000 candidates on 10 MB of installed documents was
#: confirmed by a search over 4 KiB: ~1 s of a scan
_WS_GAP = re.compile(r"\\s[+*]|\[ \\t\][+*]")


def _gaps_bounded(anchor: str) -> bytes:
    """``anchor`` with every whitespace gap (:data:`_WS_GAP`) bounded to :data:`_WS_RUN_LEN`
    characters (for its width only: the pattern is not used to match)."""
    return _WS_GAP.sub(lambda m: rf"\s{{0,{_WS_RUN_LEN}}}", anchor).encode("utf-8")


def _unbounded_beyond_whitespace(anchor: str) -> bool:
    """True when ``anchor`` can match more than :data:`_MAX_CONFIRM` bytes even with every
    whitespace repeat bounded by the normaliser's fold."""
    return _width(_ws_bounded(anchor, _WS_RUN_LEN)) > _MAX_CONFIRM


#: a whitespace run this long in a candidate's reach sends its confirming search to the
#: anchor's full width (:meth:`_Db.measure`); the normaliser folds runs of 16 (``FOLD_MIN``)
_WS_RUN_LEN = 16
_WS_RUN = b"w" * _WS_RUN_LEN
_WS_RUN_RE = rb"\s{%d}" % _WS_RUN_LEN
#: ASCII whitespace (what ``\\s`` matches in a ``bytes`` pattern) -> ``w``, other bytes ``.``
_WS_CLASS = bytes(ord("w") if chr(i) in " \t\n\r\x0b\x0c" else ord(".") for i in range(256))


def _width(pattern: bytes) -> int:
    """The most bytes ``pattern`` (a ``bytes`` regex) can match (huge when unbounded)."""
    from re import _parser  # type: ignore[attr-defined]

    return int(_parser.parse(pattern.decode("latin-1")).getwidth()[1])


_K = TypeVar("_K")


def merge_anchors(anchors: Mapping[str, _K]) -> dict[str, tuple[str, ...]]:
    """Hyperscan's anchors for ``anchors`` (anchor -> the rules it stands for), each with the
    anchors it stands for: those that share their rules and everything after a literal head
    are merged into one, ``send\\s[^\\n]{0,200}(?:...)`` and
    ``post\\s[^\\n]{0,200}(?:...)`` become ``(?:send|post)\\s[^\\n]{0,200}(?:...)``.

    Rules list a word family as one anchor per word (:func:`cordon.content._rule.each`), which
    the Python pass needs to re-head each at its rarest character; Hyperscan compiles each into
    its own automaton for the shared continuation, and that was most of its compile time and
    memory (731 anchors: 1.2-1.5 s of CPU; merged, 426 patterns: 0.6-0.7 s).
    The merged anchor matches where any of its members does (``(?:a|b)T`` is ``aT|bT``), so
    it stands for the same rules at the same places: the confirming search in :func:`find`
    finds the leftmost member match in the region, which covers every member match ending at
    the reported end, exactly as for one anchor.
    """
    groups: dict[tuple[str, _K], list[str]] = {}
    out: dict[str, tuple[str, ...]] = {}
    for a, key in anchors.items():
        k = literal_head(a)
        tail = a[k:]
        if k == 0 or not tail or top_level_bar(tail):
            out[a] = (a,)
        else:
            groups.setdefault((tail, key), []).append(a[:k])
    for (tail, _key), heads in groups.items():
        alts = sorted(heads, key=lambda h: (-len(h), h))
        merged = "(?:" + "|".join(alts) + ")" + tail
        # an anchor unbounded beyond whitespace stays alone: a candidate of its that the
        # region cannot confirm costs a search of the whole text (:func:`find`), fast only
        # for a pattern that starts with a literal (the merged anchor is unbounded when one
        # of its members is)
        if len(alts) == 1 or merged in out or _unbounded_beyond_whitespace(merged):
            out.update((h + tail, (h + tail,)) for h in alts)
        else:
            out[merged] = tuple(h + tail for h in alts)
    return out


_lock = _hsthread.lock
_dbs: dict[tuple[str, ...], _Db | None] = {}
#: ready databases by ``id`` of the anchors tuple the caller keeps (checked with ``is``)
_by_id: dict[int, _Db] = {}
_submit = _hsthread.submit
compiling = _hsthread.compiling
wait_compiled = _hsthread.wait_compiled
_note_compiling = _hsthread.note_compiling


def available() -> bool:
    """True when the ``hyperscan`` package imported."""
    return _hs is not None


def _build(key: tuple[str, ...], defer: bool = False) -> None:
    try:
        db: _Db | None = _Db(key, defer)
    except Exception:  # a compile error: stay on the Python path  # pragma: no cover
        db = None
    with _hsthread.changed:
        _dbs[key] = db
        _hsthread.changed.notify_all()


#: the longest a scan waits for a database loading from the disk cache (0.1-0.3 s; ~1 s loaded)
LOAD_WAIT_S = 5.0


def _loaded(key: tuple[str, ...]) -> _Db | None:
    """The database of ``key``, waiting (at most :data:`LOAD_WAIT_S`) while no compile runs:
    a load from the disk cache beats building the Python pass (~1 s of CPU, ~4.5 MB for the
    process's life), which a ``cordon run``'s first scan, the ``initialize`` answer, built
    whenever it came first. While a compile runs, a short text takes the Python pass."""
    with _hsthread.changed:
        _hsthread.changed.wait_for(lambda: key in _dbs or _hsthread.compiles(), LOAD_WAIT_S)
        return _dbs.get(key)


#: a text at least this long waits for its database when that is still compiling (:func:`find`)
WAIT_MIN_BYTES = 256 * 1024
#: for at most this long (the compile takes ~1-2 s of one core; a loaded machine, more)
WAIT_S = 10.0


def warm(
    anchors: Sequence[str], *, wait: bool = False, timeout: float | None = None, defer: bool = False
) -> None:
    """Start compiling the database for ``anchors`` in the background (idempotent).

    Args:
        anchors: the anchor patterns (``bytes`` regex syntax, lower-case ASCII).
        wait: block until the database is ready (tests, benchmarks), or ``timeout`` seconds.
        defer: a database that only some texts need: when the disk cache holds it, it is
            loaded at its first scan (:class:`~cordon.content._hscache.Deferred`), not now.
    """
    if _hs is None:
        return
    key = tuple(anchors)
    with _lock:
        ev = _submit(key, lambda: _build(key, defer))
    if wait:
        ev.wait(timeout)


#: the candidates :func:`find` met in the :func:`counting` scope in force, if any
_COUNT: ContextVar[list[int] | None] = ContextVar("cordon_anchor_candidates", default=None)


@contextmanager
def counting() -> Iterator[list[int]]:
    """A one-item list that counts the anchor candidates Hyperscan reports to :func:`find`
    inside the scope (a deterministic measure of a scan's work: each costs a Python call);
    on exit they count in the enclosing scope too."""
    seen = [0]
    token = _COUNT.set(seen)
    try:
        yield seen
    finally:
        _COUNT.reset(token)
        outer = _COUNT.get()
        if outer is not None:
            outer[0] += seen[0]


def _db_for(anchors: Sequence[str], size: int) -> _Db | None:
    """The ready database of ``anchors`` for a text of ``size`` bytes, or ``None``."""
    if _hs is None:
        return None
    # by identity first: a tuple's hash is not cached, and hashing ~200 anchors on every call
    # cost more than the scan of a short string
    db = _by_id.get(id(anchors))
    if db is None or db.key is not anchors:
        db = _dbs.get(tuple(anchors))
        if db is None:
            # a large text that comes before the compile is done waits for it (bounded):
            # the Python pass is ~5x slower, and its regex searches hold the GIL for their
            # whole run over megabytes, so the proxy's event loop (which relays the other
            # direction meanwhile) stood still for seconds; the wait releases the GIL
            warm(anchors, wait=size >= WAIT_MIN_BYTES, timeout=WAIT_S)
            db = _loaded(tuple(anchors))
            if db is None:
                return None
        if isinstance(anchors, tuple):
            db.key = anchors
            _by_id[id(anchors)] = db
    return db


def find(anchors: Sequence[str], view: bytes) -> list[tuple[int, int, int]] | None:
    """Every anchor match in ``view``: ``(anchor index, start, end)``, byte offsets.

    Returns ``None`` when the database is not ready or Hyperscan is missing (the caller then
    runs its own pass). A match is reported once per distinct end offset that Hyperscan gives,
    as the leftmost real match of that anchor in the bounded region around it, widened to that
    end (so a window around it covers every real match ending there); prefilter candidates
    with no real match nearby are dropped. An anchor of one fixed width and no assertion
    has every match reported, a run of matches that overlap or touch as one span
    (:mod:`cordon.content._fixed`: the same windows, a search a match instead of a byte).
    """
    db = _db_for(anchors, len(view))
    if db is None:
        return None
    # candidates as ``anchor << _SHIFT | end``: sorted, each anchor's ends in a row
    cands: list[int] = []
    add = cands.append
    nanchors = len(db.anchors)
    run: list[int] = []  # the end of the first whitespace run of _WS_RUN_LEN, if any
    later: list[int] = []  # the ends of the deferred anchors' triggers (:mod:`._deferred`)

    def on_match(i: int, _from: int, to: int, _flags: int, _ctx: Any) -> None:
        if i < nanchors:
            add(i << _SHIFT | to)
        else:
            (run if i == nanchors else later).append(to)

    _halves.scan(_hs, *db.ready(), view, on_match, nanchors)  # two threads on a large view
    if later:
        assert db.plan is not None
        hdb, scratch = db.ready("later")
        for lo, hi, keep in _deferred.pieces(view, later, db.plan.table):
            for i, to in _deferred.scan(hdb, scratch, view, lo, hi, keep):
                add(i << _SHIFT | to)
    if (seen := _COUNT.get()) is not None:
        seen[0] += len(cands)
    cands.sort()
    out: list[tuple[int, int, int]] = []
    # ``view`` as whitespace classes, made for the first candidate that needs it; a database
    # without the run check (no ``\s`` gap) learns of a run at the first candidate of an
    # anchor with a ``[ \t]`` gap that needs to (:func:`_ws_classes`)
    ws = b"" if not run and db.run_check else None
    # a text with a long whitespace run: the anchors Hyperscan may miss matches of next to it
    # (:attr:`_Db.suspect`) are searched over the whole text, their candidates not confirmed
    suspect = db.suspect if run else frozenset()
    full: set[int] = set(suspect)
    failed: dict[int, list[int]] = {}  # unbounded anchors with a candidate not confirmed
    j, k = 0, len(cands)
    while j < k:
        i = cands[j] >> _SHIFT
        base = i << _SHIFT
        nxt = bisect_left(cands, base + (1 << _SHIFT), j, k)
        if i in suspect:
            pass
        elif db.fixed_width(i):
            c = db.compiled[i] or db.compile_anchor(i)
            spans = match_runs(c, db.fixed[i], cands[j:nxt], view, _AFTER, base)
            out.extend((i, s, e) for s, e in spans)
        else:
            ws, whole = _confirm(db, i, [x - base for x in cands[j:nxt]], view, ws, out, failed)
            if whole:
                full.add(i)
        j = nxt
    if failed:
        full.update(_longer_possible(db, view, ws, failed))
    for i in sorted(full):
        out.extend((i, m.start(), m.end()) for m in db.compile_anchor(i).finditer(view))
    return out


def ends(anchors: Sequence[str], view: bytes) -> list[list[int]] | None:
    """Per anchor, Hyperscan's unconfirmed ends in ``view`` (ascending, a superset of its
    matches'), for a caller that decides with ``re``; ``None``: :func:`find` is needed."""
    db = _db_for(anchors, len(view))
    if db is None or db.plan is not None or db.run_check:
        return None
    per: list[list[int]] = [[] for _ in db.anchors]
    _halves.scan(_hs, *db.ready(), view, lambda i, _f, t, _x, _c: per[i].append(t), -1)
    return per


def _confirm(
    db: _Db,
    i: int,
    ends: list[int],
    view: bytes,
    ws: bytes | None,
    out: list[tuple[int, int, int]],
    failed: dict[int, list[int]],
) -> tuple[bytes | None, bool]:
    """Confirm anchor ``i``'s candidate ``ends`` (:func:`find`) into ``out``, each with one
    search in its bounded region; ``ends`` goes into ``failed`` when one of them may stand
    for a match longer than that region. Returns ``ws`` (``view`` as whitespace classes, made
    at the first candidate that needs it) and whether to search the whole text instead (as
    :attr:`_Db.suspect`): regions adding up to twice the text (``забудь`` + 100 KB of ``a``)."""
    w, t, f = db.measures[i] or db.measure(i)  # measured at the anchor's first candidate
    c = db.compiled[i] or db.compile_anchor(i)
    search, put, n, budget = c.search, out.append, len(view), 2 * (len(view) + w + _AFTER)
    for to in ends:  # per candidate: no builtin calls (max, min) beyond the search
        lo = to - w
        if t < w:
            # every match ending at ``to`` with no long whitespace run starts within the tight
            # width: where no such run lies within the full width, that is every match
            if ws is None:
                ws = _ws_classes(view)
            if not ws or ws.find(_WS_RUN, lo if lo > 0 else 0, to) < 0:
                lo = to - t
        hi = to + _AFTER
        if (budget := budget - (hi - lo)) < 0:
            return ws, True
        m = search(view, lo if lo > 0 else 0, hi if hi < n else n)
        if m is not None:
            end = m.end()
            put((i, m.start(), end if end > to else to))
        elif f > _MAX_CONFIRM and to > w:
            failed[i] = ends  # a match may start before the region (see _longer_possible)
    return ws, False


def _ws_classes(view: bytes) -> bytes:
    """``view`` as whitespace classes (:data:`_WS_CLASS`), or ``b""`` when it holds no run of
    :data:`_WS_RUN_LEN` (every candidate's check is then ``not ws``)."""
    ws = view.translate(_WS_CLASS)
    return ws if ws.find(_WS_RUN) >= 0 else b""


def _longer_possible(
    db: _Db, view: bytes, ws: bytes | None, failed: dict[int, list[int]]
) -> list[int]:
    """The anchors of ``failed`` (unbounded, with a candidate their confirm region could not
    confirm) that may have a match longer than that region somewhere in ``view``: those are
    searched over the whole text.

    Why the others need not be: every real match ends at an offset Hyperscan reports (the
    prefilter reports a superset). A match no longer than the region lies inside the region
    of the candidate at its end, whose confirming search then finds a match starting no later
    than it, reported widened to that end: its span covers the whole-text search's, so it adds
    nothing to the windows or regions a caller builds from the spans (merged intervals around
    each). A match longer than the region holds a long run of its repeated bytes in the
    region (:func:`cordon.content._longmatch.run_bound`): where no candidate's region has one,
    no such match exists. ``ws``: ``view`` as whitespace classes (``b""``: it has no run of
    :data:`_WS_RUN_LEN`; ``None``: not made yet). On 10 MB of installed documents this
    spared seven whole-text searches (~42 ms of a ~750 ms scan) and keeps none."""
    if ws is None:
        ws = _ws_classes(view)
    out = []
    for i, ends in failed.items():
        w = db.measure(i)[0]
        for to in ends:
            if to <= w:
                continue  # its region starts at the text's start: it held every such match
            lo = to - w
            # no whitespace run of _WS_RUN_LEN in reach: a ``\s+`` took fewer bytes than that
            folded = not ws or ws.find(_WS_RUN, lo, to) < 0
            bound = db.long_run(i, folded)
            if bound is None or view[lo:to].translate(bound[0]).find(bound[1]) >= 0:
                out.append(i)
                break
    return out


# -- rule windows confirmed by Hyperscan ------------------------------------------------------
#
# A rule's own pattern (Python ``re``) runs in a window around each anchor hit; most windows
# hold no match (on 10 MB of installed documents 109 of 1,100 windows pass the filter below,
# 104 match), and ``re`` tries the pattern at every position of a window (its patterns start
# with ``\b``, so it has no first-character set to skip by): ~30 MB/s. The same pattern,
# compiled for Hyperscan in prefilter mode (a superset of its matches), says in a few
# microseconds whether a window can hold a match at all; ``re`` then runs only where it can,
# so the findings are those of ``re`` alone. A filter costs 40-800 ms of compiling, more than
# it saves in one scan, so it is compiled only for a rule whose windows add up to
# :data:`FILTER_TRIGGER` bytes, or whose window searches took :data:`FILTER_COST_S`, in
# :data:`FILTER_AFTER` texts of one process (a process that scans large texts again and
# again: not ``cordon scan`` of one file), in the background, and used once ready by every
# later scan. Which filters exist decides only how fast a scan is, never what it finds.

#: window bytes of one rule in one text that count towards compiling its filter
FILTER_TRIGGER = 64 * 1024
#: or CPU seconds its window searches took in one text: the multilingual rules' patterns
#: (9-13 KB of alternatives behind look-behinds) cost ``re`` 250-700 ns a byte against
#: 15-150 for the others, so 20-60 KB of their windows cost what 64 KB of others' windows
#: never do; a count of bytes alone left them unfiltered (bench/content/README.md)
FILTER_COST_S = 0.003
#: texts with that many window bytes (or that much search time) of one rule after which its
#: filter is compiled
FILTER_AFTER = 2
_filters: dict[str, Any] = {}  # pattern -> (database, thread-local scratch) or None
_filter_pending: set[str] = set()
_filter_done: dict[str, threading.Event] = {}  # pattern -> its compile job's done event
_filter_busy: dict[str, int] = {}  # pattern -> texts that made it busy
_filter_probed: set[str] = set()  # patterns whose filter was looked for in the disk cache


def note_busy(patterns: Sequence[str]) -> None:
    """One more text in which each of ``patterns`` (rule patterns) had
    :data:`FILTER_TRIGGER` window bytes or :data:`FILTER_COST_S` of window searches: compile
    the filters of those that reach :data:`FILTER_AFTER` (:func:`want_filters`)."""
    due = []
    with _lock:
        for p in patterns:
            n = _filter_busy.get(p, 0) + 1
            _filter_busy[p] = n
            if n >= FILTER_AFTER:
                due.append(p)
    want_filters(due)


#: Python syntax Hyperscan reads otherwise, without an error (``x{,3}`` is ``x{0,3}`` to
#: ``re`` and four literal characters to Hyperscan; ``[:alpha:]`` a class of its characters
#: to ``re``, a POSIX class to Hyperscan): a pattern holding one gets no filter
_UNSAFE_FOR_FILTER = re.compile(r"(?<!\\)\{,|\[:[a-z]+:\]")


def _filter_spec(pattern: str) -> tuple[list[bytes], list[int], list[int]]:
    """The expressions, ids and flags of ``pattern``'s filter database."""
    assert _hs is not None
    if _UNSAFE_FOR_FILTER.search(pattern):
        raise ValueError("Python-only syntax")
    flags = _hs.HS_FLAG_PREFILTER | _hs.HS_FLAG_MULTILINE | _hs.HS_FLAG_SINGLEMATCH
    return [_widen(pattern).encode("utf-8")], [0], [flags | _hs.HS_FLAG_ALLOWEMPTY]


def _compile_filter(pattern: str) -> Any:
    return compile_db(_hs, *_filter_spec(pattern), _note_compiling), threading.local()


def _cached_filter(pattern: str) -> Any:
    """``pattern``'s filter if an earlier process compiled it into the disk cache, else
    ``None``; looked for once a pattern a process, so a new process (``cordon scan``, a
    ``cordon run`` just started) filters from its first text (bench/content/README.md)."""
    _filter_probed.add(pattern)
    try:
        db = cached_db(_hs, *_filter_spec(pattern))
    except ValueError:  # Python-only syntax: no filter
        return None
    with _lock:
        return None if db is None else _filters.setdefault(pattern, (db, threading.local()))


def _build_filters(patterns: tuple[str, ...]) -> None:
    for p in patterns:
        try:
            f: Any = _compile_filter(p)
        except Exception:  # a construct Hyperscan refuses: that rule keeps ``re`` alone
            f = None
        with _lock:
            _filters[p] = f
            _filter_pending.discard(p)


def want_filters(patterns: Sequence[str], *, wait: bool = False) -> None:
    """Start compiling (on the compile thread) the filters of ``patterns`` (rule patterns
    as written, :attr:`cordon.content._rule.Rule.pattern`) not compiled or compiling yet;
    ``wait``: until every filter of ``patterns`` is compiled (tests, benchmarks)."""
    if _hs is None or not patterns:
        return
    with _lock:
        todo = tuple(p for p in patterns if p not in _filters and p not in _filter_pending)
        _filter_pending.update(todo)
        if todo:
            ev = _submit(("\0filters", *todo), lambda: _build_filters(todo))
            _filter_done.update((p, ev) for p in todo)
        waits = [_filter_done[p] for p in patterns if p in _filter_done]
    if wait:
        for ev in waits:
            ev.wait()


def filter_for(
    pattern: str, windows: Sequence[tuple[int, int]], wanted: list[str]
) -> tuple[Any, bool]:
    """The ready filter of ``pattern`` (a rule pattern; or the disk cache's) or ``None``, and
    whether to time the searches of its ``windows``: with no filter, the pattern goes into
    ``wanted`` now when the windows reach :data:`FILTER_TRIGGER` bytes, else the caller times
    the searches and adds it when they took :data:`FILTER_COST_S`."""
    flt = _filters.get(pattern)
    if flt is None and pattern not in _filter_probed and pattern not in _filters:
        flt = _cached_filter(pattern) if _hs is not None else None
    if flt is not None:
        return flt, False
    if sum(we - ws for ws, we in windows) >= FILTER_TRIGGER:
        wanted.append(pattern)
        return None, False
    return None, True


def rule_filter(pattern: str) -> Any:
    """The ready filter of ``pattern`` (pass it to :func:`may_match`), or ``None``."""
    return _filters.get(pattern)


def may_match(flt: Any, data: bytes) -> bool:
    """False only when ``pattern`` (the filter's) has no match anywhere in ``data``.

    The caller passes the bytes a search of the pattern reads, with one byte before the
    search's start (``\b`` and ``^`` there look at it); a match Hyperscan reports that the
    pattern would not make (look-arounds dropped, repeats opened) only costs a search.
    """
    db, local = flt
    scratch = getattr(local, "scratch", None)
    if scratch is None:
        assert _hs is not None
        scratch = local.scratch = _hs.Scratch(db)
    hit: list[int] = []

    def on_match(_i: int, _from: int, _to: int, _flags: int, _ctx: Any) -> None:
        hit.append(1)

    db.scan(data, match_event_handler=on_match, scratch=scratch)
    return bool(hit)
