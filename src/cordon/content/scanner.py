"""The matcher: normalised text in, findings with original spans out.

1. One pass for every rule's *anchors* over the lower-cased ASCII view of the normalised text
   (:attr:`cordon.content.normalize.Normalized.ascii_view`: one byte per character, so offsets
   need no conversion). Normally a Hyperscan database of all anchors
   (:mod:`cordon.content._accel`: C, memory speed, each candidate confirmed with the anchor's
   own pattern). Without it (no wheel, or still compiling) one Python pattern per first
   character, ``c(?=rest|rest...)``, each searched over the whole view (``re`` scans for its
   literal first character in C); each match consumes one character, so anchors that overlap
   are all found. One pattern per character, not one alternation of them all: compiling a
   single pattern of every anchor (about 97 KB of regex) peaked at ~12 MB of parser objects
   and left ~9 MB of a resting ``cordon run`` resident (bench/perf/README.md).
2. On the Python pass, at each hit the anchors of that first character are tried one by one to
   learn which rules it stands for (hits are rare by construction: anchors are whole phrases,
   paths, token prefixes, never common words).
3. Each rule's own pattern runs only in its merged windows around its anchor hits: on the
   ASCII view itself for ASCII text, else on the UTF-8 bytes of the window.

Decoded layers (base64 runs, tag-smuggled ASCII) are scanned the same way, two levels deep at
most. Every step is linear in the input: one anchor pass, windows bounded per rule and merged,
patterns with bounded quantifiers only.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from time import thread_time
from typing import Any

from cordon._textnorm_decoders import decode_escapes_in_reading
from cordon._types import SEVERITY_ORDER, Finding, Severity
from cordon.content import _accel, _pypass
from cordon.content._ansi import (
    ANSI_HINT,
    ANSI_RE,
    TERMINAL_HINT,
    TERMINAL_RE,
    has_terminal_control,
)
from cordon.content._encoded import secrets_encoded
from cordon.content._interleave import interleaved
from cordon.content._lead import rule_matches
from cordon.content._lead import windows as _windows
from cordon.content._past_cap import secrets_past_cap

# the escape regions' names, imported from here by the tests and the benchmarks
from cordon.content._regions import (  # noqa: F401
    _ESCAPE_HINT,
    _ESCAPE_HINT_B,
    _ESCAPE_RE,
    ESCAPE_REACH,
    escape_regions,
)
from cordon.content._rule import Rule
from cordon.content._wsfold import CTX as _CTX
from cordon.content._wsfold import fold_bytes as _fold_bytes
from cordon.content._wsfold import fold_window as _fold_window
from cordon.content._wsfold import unfold as _unfold
from cordon.content.normalize import MAX_LAYERS, Normalized, ascii_view, normalize
from cordon.content.readings import readings
from cordon.content.rules import RULES, rule_by_id

__all__ = ["Hit", "evidence_for", "scan_hits"]

#: decoded layers inside decoded layers are scanned up to this depth
MAX_LAYER_DEPTH = 2
#: findings kept per rule per text (a wall of repeated payloads is still one verdict)
MAX_HITS_PER_RULE = 64

_CONT = bytes(range(0x80, 0xC0))
_C1_RE = re.compile("[\u009b\u009d]")
_MENTION_CUE = re.compile(
    r"(?i)\b(?:such\s+as|like|e\.g\.|for\s+example|for\s+instance|phrases?|strings?|payloads?|"
    r"attacks?|examples?|called|known\s+as|detects?|blocks?|flags?|never|don'?t|do\s+not|"
    r"avoid|warning|dangerous|contains?|containing|says?|reads?|patterns?|text|wrote|"
    r"injections?|malicious|attacker)\b"
)


@dataclass(frozen=True, kw_only=True, slots=True)
class Hit:
    """One rule match before it becomes a :class:`~cordon._types.Finding`.

    Attributes:
        rule: the rule.
        severity: after the mention downgrade.
        span: original-text span.
        value: the matched text as normalised (for secrets: the credential value).
    """

    rule: Rule
    severity: Severity
    span: tuple[int, int]
    value: str


@dataclass(frozen=True, slots=True)
class _Anchors:
    rules: tuple[Rule, ...]
    #: rules that also anchor on C1 CSI/OSC characters (the ANSI rules: their anchor is ESC)
    c1_rules: tuple[int, ...]
    #: the anchors as written (not re-headed; those of one rule set that differ only in their
    #: literal head merged, :func:`cordon.content._accel.merge_anchors`), for the Hyperscan
    #: pass, and their rule indexes
    accel_anchors: tuple[str, ...]
    accel_rules: tuple[tuple[int, ...], ...]
    #: :attr:`Rule.utf8_anchors` and their rule indexes
    utf8_anchors: tuple[str, ...] = ()
    utf8_rules: tuple[tuple[int, ...], ...] = ()
    #: the Python pass's tables and the UTF-8 anchors compiled for ``re``, each built at that
    #: pass's first run (:func:`_python_pass`, :func:`_utf8_compiled`), not with the index:
    #: with the Hyperscan databases ready the pass does not run, and building them at start-up
    #: took ~1 s of CPU and left ~2.5 MB of every ``cordon run`` resident (bench/perf/README.md)
    python: list[_pypass.PythonPass] = field(default_factory=list)
    utf8_compiled: list[tuple[re.Pattern[bytes], ...]] = field(default_factory=list)


@cache
def _anchor_index(only: frozenset[str] | None = None) -> _Anchors:
    """The anchors of the pattern rules (in ``only``), built once per set; starts loading
    their Hyperscan databases (:func:`cordon.content._accel.warm`)."""
    rules = tuple(
        r
        for r in RULES
        if r.pattern is not None and (r.id in only if only is not None else r.scope == "text")
    )
    c1 = tuple(i for i, r in enumerate(rules) if any(a.startswith("\x1b") for a in r.anchors))
    plain: dict[str, set[int]] = {}
    for i, r in enumerate(rules):
        for a in r.anchors:
            plain.setdefault(a, set()).add(i)
    # for Hyperscan, the anchors of one rule set that share a continuation as one pattern
    merged = _accel.merge_anchors({a: tuple(sorted(rs)) for a, rs in plain.items()})
    # (the members of one merged anchor stand for the same rules)
    accel_anchors = tuple(sorted(merged))
    wide: dict[str, set[int]] = {}
    for i, r in enumerate(rules):
        for a in r.utf8_anchors:
            wide.setdefault(a, set()).add(i)
    utf8_anchors = tuple(sorted(wide))
    # the smaller database first: each file read is then a fresh mapping, returned whole
    # when freed (a read after a larger one came from the heap, below the database loaded
    # after it, and stayed resident: ~1.5 MB of every process, bench/perf/README.md)
    if utf8_anchors:  # for non-ASCII text only: loaded from the cache at its first scan
        _accel.warm(utf8_anchors, defer=True)
    _accel.warm(accel_anchors)
    return _Anchors(
        rules=rules,
        c1_rules=c1,
        accel_anchors=accel_anchors,
        accel_rules=tuple(tuple(sorted(plain[merged[a][0]])) for a in accel_anchors),
        utf8_anchors=utf8_anchors,
        utf8_rules=tuple(tuple(sorted(wide[a])) for a in utf8_anchors),
    )


def _python_pass(idx: _Anchors) -> _pypass.PythonPass:
    """The pure-Python pass's tables for ``idx``, built once (two threads at once: either is
    kept)."""
    if not idx.python:
        idx.python.append(_pypass.build(idx.rules))
    return idx.python[0]


def _utf8_compiled(idx: _Anchors) -> tuple[re.Pattern[bytes], ...]:
    """:attr:`_Anchors.utf8_anchors` compiled for ``re``, once."""
    if not idx.utf8_compiled:
        idx.utf8_compiled.append(tuple(re.compile(a.encode("utf-8")) for a in idx.utf8_anchors))
    return idx.utf8_compiled[0]


#: use the Hyperscan anchor pass when it is ready (tests switch it off to compare the paths)
ACCEL = True
#: run a rule's pattern only in windows its Hyperscan filter allows, once that is compiled
#: (:func:`cordon.content._accel.rule_filter`; tests switch it off to compare)
FILTERS = True
#: texts shorter than this (bytes) take the Python pass. Zero: measured, Hyperscan is faster
#: even on 200 bytes (8 µs against 15 µs for a whole scan_hits; 29 against 332 µs on 8 KB)
ACCEL_MIN = 0


def _anchor_hits(idx: _Anchors, lview: bytes) -> dict[int, list[tuple[int, int]]]:
    """Rule index -> anchor spans in ``lview``."""
    hits: dict[int, list[tuple[int, int]]] = {}
    found = _accel.find(idx.accel_anchors, lview) if ACCEL and len(lview) >= ACCEL_MIN else None
    if found is not None:
        rules_of = idx.accel_rules
        for ai, s, e in found:
            for ri in rules_of[ai]:
                hits.setdefault(ri, []).append((s, e))
        return hits
    _python_pass(idx).anchor_hits(lview, hits)
    return hits


def _utf8_anchor_hits(idx: _Anchors, text: str, hits: dict[int, list[tuple[int, int]]]) -> None:
    """Add the :attr:`Rule.utf8_anchors` hits of non-ASCII ``text`` to ``hits`` (character
    offsets): Hyperscan over its UTF-8 bytes when ready, else one Python pattern."""
    if not idx.utf8_anchors or text.isascii():
        return
    data = text.encode("utf-8", "surrogatepass")
    found = _accel.find(idx.utf8_anchors, data) if ACCEL else None
    spans = found if found is not None else []
    if found is None:
        for ai, compiled in enumerate(_utf8_compiled(idx)):
            spans += [(ai, m.start(), m.end()) for m in compiled.finditer(data)]
    if not spans:
        return
    cmap = _char_offsets(data, [o for _, s, e in spans for o in (s, e)])
    for ai, s, e in spans:
        for ri in idx.utf8_rules[ai]:
            hits.setdefault(ri, []).append((cmap[s], cmap[e]))


_SINGLE_QUOTE = re.compile(r"(?<![A-Za-z0-9])'|'(?![A-Za-z0-9])")


def _quote_open(text: str, start: int) -> tuple[str, int] | None:
    """The quote or code span that ``start`` lies inside, on the same line (within 200 chars)."""
    lo = max(text.rfind("\n", max(0, start - 200), start) + 1, start - 200)
    seg = text[lo:start]
    for q in ("`", '"'):
        if seg.count(q) % 2 == 1:
            return q, lo + seg.rfind(q)
    # an apostrophe between two letters or digits (the author's, don't) is not a quote
    quotes = [m.start() for m in _SINGLE_QUOTE.finditer(seg)]
    if len(quotes) % 2 == 1:
        return "'", lo + quotes[-1]
    for o, c in (("\u201c", "\u201d"), ("\u2018", "\u2019"), ("\u00ab", "\u00bb")):
        i = seg.rfind(o)
        if i >= 0 and seg.rfind(c) < i:
            return o, lo + i
    return None


def _quotes(text: str, quote: str, lo: int, hi: int) -> int:
    """How many ``quote`` characters lie in ``text[lo:hi]``; for ``'``, only those that
    :func:`_quote_open` reads as quotes (not the apostrophe of ``it's``)."""
    if quote == "'":
        return sum(1 for _ in _SINGLE_QUOTE.finditer(text, lo, hi))
    return text.count(quote, lo, hi)


def _is_mention(text: str, start: int, end: int) -> bool:
    """Quoted or in a code span, and introduced as an example rather than asked for."""
    opened = _quote_open(text, start)
    if opened is None:
        return False
    quote, at = opened
    if quote == "`":
        return True
    for m in _MENTION_CUE.finditer(text, max(0, at - 80), at):
        # a cue inside another quoted string does not introduce this one: a JSON key
        # (``{"text": "Ignore ..."}``, an MCP content block as JSON) or an earlier value
        # (``["https://x.attacker.net/", "Ignore ..."]``, a memory entity's observations)
        # is the writer's data, not a sentence that names an example
        if quote not in "\"'" or _quotes(text, quote, m.end(), at) % 2 == 0:
            return True
    return False


def _char_offsets(nb: bytes, offsets: list[int]) -> dict[int, int]:
    """Byte offsets in ``nb`` -> character offsets; one pass over the sorted offsets."""
    out: dict[int, int] = {}
    prev_b = prev_c = 0
    for off in sorted(set(offsets)):
        seg = nb[prev_b:off]
        prev_c += len(seg.translate(None, _CONT))
        prev_b = off
        out[off] = prev_c
    return out


#: a window is this many times a rule's ``window``: inside it, whitespace runs shorter than the
#: normaliser's fold are folded too (:mod:`._wsfold`), so a text padded with up to 15
#: spaces between words still fits a rule's bounded fillers (whitespace padding below the fold)
_PAD_FACTOR = 3


def _window_bytes(
    text: str, view: bytes, lview: bytes, ascii_text: bool, ws: int, we: int, case: bool
) -> tuple[bytes, int, int, int, bytes | None]:
    """The bytes a rule's window ``[ws, we)`` is searched in: ``(buf, base, lo, hi, conv)``.
    With no non-ASCII character in reach, the (lower-cased unless ``case``) ASCII view, whose
    offsets are the text's (``conv`` None); else the window and its context as UTF-8 from
    ``base``, ``conv`` the bytes whose offsets must be mapped back to characters."""
    if ascii_text or view.find(b"?", max(0, ws - _CTX), we) < 0:
        return (view if case else lview), 0, ws, we, None
    cut = max(0, ws - _CTX)
    raw_bytes = text[cut:we].encode("utf-8", "surrogatepass")
    buf = raw_bytes if case else raw_bytes.lower()
    lo = len(text[cut:ws].encode("utf-8", "surrogatepass"))
    return buf, cut, lo, len(buf), buf


_PATTERN_IDS = frozenset(r.id for r in RULES if r.pattern is not None)
_OTHER_IDS = frozenset(r.id for r in RULES if r.pattern is not None and r.scope != "text")


def _matches(
    nz: Normalized, only: frozenset[str] | None, lview: bytes, busy: list[str], every: bool
) -> Any:
    """:func:`_match_norm`; every rule (tool names): two indexes, not a third of all (~4 MB)."""
    if only is not None and _OTHER_IDS and _PATTERN_IDS <= only:
        return _match_norm(nz, None, lview, busy, every) + _match_norm(
            nz, _OTHER_IDS, lview, busy, every
        )
    return _match_norm(nz, only, lview, busy, every)


def _match_norm(
    nz: Normalized,
    only: frozenset[str] | None,
    lview: bytes | None = None,
    busy: list[str] | None = None,
    every: bool = False,
) -> list[tuple[Rule, int, int, int, int]]:
    """Pattern matches as (rule, char start, char end, value char start, value char end);
    ``lview``: ``nz.ascii_view`` lower-cased, when the caller has it; ``busy`` gets the
    patterns of the rules without a ready filter whose windows reach
    :data:`cordon.content._accel.FILTER_TRIGGER` bytes or took
    :data:`cordon.content._accel.FILTER_COST_S` of this thread's CPU time; ``every``: the
    secret rules' matches are not capped (:func:`scan_hits`)."""
    idx = _anchor_index(only)
    view = nz.ascii_view
    lview = view.lower() if lview is None else lview
    text = nz.text
    hits = _anchor_hits(idx, lview)
    _utf8_anchor_hits(idx, text, hits)
    if nz.has_c1 and idx.c1_rules:
        for c1 in _C1_RE.finditer(text):
            for ri in idx.c1_rules:
                hits.setdefault(ri, []).append(c1.span())
    if not hits:
        return []
    ascii_text = text.isascii()
    size = len(text)
    raw: list[tuple[Rule, int, int, int, int]] = []
    wanted: list[str] = [] if busy is None else busy
    use = ACCEL and FILTERS
    for ri, spans in hits.items():
        rule = idx.rules[ri]
        assert rule.pattern is not None
        spans.sort()
        shift = rule.lead_compiled is not None  # its groups are the pattern's plus one
        g, sg = rule.secret_group + shift, rule.span_group + shift
        seen_end, count = -1, 0
        cap = 1 << 62 if every and rule.category == "secrets" else MAX_HITS_PER_RULE
        windows = _windows(spans, rule.window * _PAD_FACTOR + rule.ws_slack, size)
        # the rule's Hyperscan filter: a window it rules out holds no match, ``re`` skips it
        flt, timed = _accel.filter_for(rule.pattern, windows, wanted) if use else (None, False)
        t0 = thread_time() if timed else 0.0
        for ws, we in windows:
            buf, base, lo, hi, conv = _window_bytes(
                text, view, lview, ascii_text, ws, we, rule.case_sensitive
            )
            found: list[tuple[int, int, int, int]] = []
            fold = _fold_bytes(buf, lo, hi)
            if fold is None:
                at, s_lo, s_hi = buf, lo, hi
            else:
                at, s_lo = fold
                s_hi = len(at)
            if flt is not None and not _accel.may_match(flt, at[max(0, s_lo - 1) : s_hi]):
                continue
            back = None  # the folded window's map back, built at its first match
            for m in rule_matches(rule, at, s_lo, s_hi):
                if rule.accept is not None and not rule.accept(m.group(g)):
                    continue
                spans4 = (m.start(sg), m.end(sg), m.start(g), m.end(g))
                if fold is not None:
                    back = back or _fold_window(buf, lo, hi)
                    spans4 = _unfold(back, spans4)
                found.append(spans4)
                count += 1
                if count >= cap:
                    break
            if conv is not None and found:
                cmap = _char_offsets(conv, [o for f in found for o in f])
                found = [(cmap[a], cmap[b], cmap[c], cmap[d]) for a, b, c, d in found]
            for a, b, c, d in found:
                if base + a < seen_end:  # already reported from the previous window
                    continue
                raw.append((rule, base + a, base + b, base + c, base + d))
                seen_end = base + max(b, d)
            if count >= cap:
                break
        if timed and thread_time() - t0 >= _accel.FILTER_COST_S:
            wanted.append(rule.pattern)
    return raw


#: the last full scans, by string identity: (text, hits). Bounded by count and by characters.
_RECENT: list[tuple[str, list[Hit]]] = []
_RECENT_MAX = 16
_RECENT_CHARS = 64 * 1024 * 1024


def recent_hits(text: str) -> list[Hit] | None:
    """The hits of a full :func:`scan_hits` of this very string object, if it was recent."""
    for t, hits in reversed(_RECENT):
        if t is text:
            return hits
    return None


def _remember(text: str, hits: list[Hit]) -> None:
    _RECENT.append((text, hits))
    total = sum(len(t) for t, _ in _RECENT)
    while len(_RECENT) > _RECENT_MAX or (len(_RECENT) > 1 and total > _RECENT_CHARS):
        total -= len(_RECENT.pop(0)[0])


#: the hits of short strings scanned in full, by value: a scan is a pure function of the text,
#: and the strings of a result's structure (``content``, ``type``, ``text``, a MIME type) repeat
#: in every result while each scan has a fixed cost of several microseconds. Bounded by count
#: and by :data:`_SHORT_MAX` characters a string (about 2 MB at most).
_SHORT: dict[str, tuple[Hit, ...]] = {}
_SHORT_MAX = 256
_SHORT_COUNT = 4096


def scan_hits(
    text: str,
    *,
    only: frozenset[str] | None = None,
    depth: int = MAX_LAYER_DEPTH,
    every: bool = False,
) -> list[Hit]:
    """Every rule hit in ``text``, spans in ``text``, sorted by span.

    Args:
        text: the text to scan.
        only: restrict to these rule ids (``None``: all).
        depth: how many levels of decoded layers to scan.
        every: every credential the secret rules match, for registration
            (:func:`cordon.content.find_secrets`): their matches are not capped at
            :data:`MAX_HITS_PER_RULE` and the distinct values of one rule in one decoded
            layer are each a hit. Findings keep the cap (their list, the audit log's).
    """
    if every:
        return _scan_hits(text, only, depth, every=True)
    if only is None and depth == MAX_LAYER_DEPTH and len(text) <= _SHORT_MAX:
        known = _SHORT.get(text)
        if known is None:
            known = tuple(_scan_hits(text, only, depth))
            if len(_SHORT) >= _SHORT_COUNT:
                _SHORT.clear()  # one atomic step: the loop and the decision thread both scan
            _SHORT[text] = known
        return list(known)
    return _scan_hits(text, only, depth)


#: the credential rules, which read every base64 run of a text (:mod:`._past_cap`)
_SECRET_RULE_IDS = frozenset(r.id for r in RULES if r.category == "secrets")
_CAP_RULE = rule_by_id("content.cap_exceeded")
#: a scan for these rules only skips the readings (:func:`_reading_hits`)
_UNREAD_IDS = _SECRET_RULE_IDS | {_CAP_RULE.id}
#: the rules a markup reading is scanned for (:func:`_reading_hits`)
_CRITICAL_IDS = frozenset(
    r.id
    for r in RULES
    if r.severity == "critical" and r.category != "secrets" and r.pattern is not None
)


def _scan_hits(
    text: str, only: frozenset[str] | None, depth: int, *, every: bool = False
) -> list[Hit]:
    nz = normalize(text)
    out: list[Hit] = []
    lview = nz.ascii_view.lower()  # the anchor pass's and the readings' gate's
    busy: list[str] = []
    for rule, a, b, va, vb in _matches(nz, only, lview, busy, every):
        sev = rule.severity
        if rule.mention_severity is not None and _is_mention(nz.text, a, b):
            sev = rule.mention_severity
        out.append(
            Hit(rule=rule, severity=sev, span=nz.span_to_original(a, b), value=nz.text[va:vb])
        )
    if busy and depth == MAX_LAYER_DEPTH:
        # counted per text scanned, not per decoded region or reading of it: one scan of
        # one large text (``cordon scan`` of a file) never starts a compile
        _accel.note_busy(busy)
    dense = interleaved(text, [ev.span for ev in nz.events if ev.rule == "obf.zero_width"])
    for ev in nz.events:
        if only is None or ev.rule in only:
            r = rule_by_id(ev.rule)
            sev = r.severity
            if r.id == "obf.zero_width" and dense:
                sev = "high"  # a sentence with an invisible character between its letters
            out.append(Hit(rule=r, severity=sev, span=ev.span, value=""))
    # the hits in the text as it is, the normaliser's (invisible characters) among them: a
    # reading that leaves one where it stands reports nothing new (:func:`_not_shown`)
    direct = list(out)
    if depth > 0:
        out += _decoded_hits(nz, only, depth, every)
        out += _reading_hits(text, nz, lview, only, depth, direct, every)
    seen: set[tuple[str, tuple[int, int], str]] = set()
    unique: list[Hit] = []
    # one hit per rule and span, the most severe: the hits of a decoded region all span the
    # region, and a quoted mention early in it must not stand for an injection later in it
    # (``every``: one per distinct credential of a rule in a region)
    order = SEVERITY_ORDER
    for h in sorted(out, key=lambda h: (h.span, h.rule.id, -order[h.severity])):
        key = (h.rule.id, h.span, h.value if every and h.rule.category == "secrets" else "")
        if key not in seen:
            seen.add(key)
            unique.append(h)
    if only is None and depth == MAX_LAYER_DEPTH and len(text) >= 4096 and not every:
        _remember(text, unique)
    return unique


def _decoded_hits(
    nz: Normalized, only: frozenset[str] | None, depth: int, every: bool
) -> list[Hit]:
    """The hits of ``nz``'s decoded layers (base64, tag characters), each spanning its
    layer; and the secret rules' hits in the base64 runs past the layer cap and in the
    encodings only they read (:mod:`cordon.content._encoded`)."""
    out: list[Hit] = []
    payload = rule_by_id("obf.encoded_payload")
    for layer in nz.layers:
        inner = scan_hits(layer.text, only=only, depth=depth - 1, every=every)
        serious = False
        for h in inner:
            if h.rule.category == "secrets" or SEVERITY_ORDER[h.severity] >= 2:
                out.append(Hit(rule=h.rule, severity=h.severity, span=layer.span, value=h.value))
                serious = serious or (
                    h.rule.category != "secrets" and SEVERITY_ORDER[h.severity] >= 2
                )
        if serious and (only is None or payload.id in only):
            out.append(Hit(rule=payload, severity=payload.severity, span=layer.span, value=""))
    wanted = _SECRET_RULE_IDS if only is None else only & _SECRET_RULE_IDS
    scan = partial(scan_hits, every=every)
    if len(nz.layers) >= MAX_LAYERS:  # credentials in the base64 runs past the cap
        out += secrets_past_cap(nz, wanted, depth - 1, scan, Hit)
    over = _CAP_RULE if only is None or _CAP_RULE.id in only else None
    if wanted or over is not None:
        out += secrets_encoded(nz, wanted, depth - 1, scan, Hit, over)
    return out


def _reading_hits(
    text: str,
    nz: Normalized,
    lview: bytes,
    only: frozenset[str] | None,
    depth: int,
    direct: list[Hit],
    every: bool,
) -> list[Hit]:
    """The hits of the readings of ``text`` (letter-spaced, leetspeak, rot13, split-list;
    escapes decoded; ANSI sequences removed) that its direct hits do not stand for."""
    out: list[Hit] = []
    # the readings keep no credential hit: a scan for the credential rules only (the
    # past-cap scan of base64 runs) skips them (slow on letter-spaced text)
    no_reading = only is not None and only <= _UNREAD_IDS
    marked: list[tuple[tuple[int, int], str]] = []
    plain = [] if no_reading else readings(nz.text, nz.ascii_view, lview, marked)
    # the lines read without their inline markup, for the critical rules only: a high rule
    # on prose a renderer shows (a README's bold product names, an HTML page's cells) gave
    # benign files a finding the markup had kept from it
    critical = _CRITICAL_IDS if only is None else only & _CRITICAL_IDS
    for items, rules in ((plain, only), (marked if critical else [], critical)):
        # letter-spaced, leetspeak, rot13, split-list, hex and markup readings
        for (rs, re_), reading in items:
            span = nz.span_to_original(rs, re_)
            found = [
                h
                for h in scan_hits(reading, only=rules, depth=depth - 1)
                if h.rule.category != "secrets" and SEVERITY_ORDER[h.severity] >= 1
            ]
            for h in _not_shown(found, direct, *span):
                out.append(Hit(rule=h.rule, severity=h.severity, span=span, value=h.value))
    src_view = nz.source_view if nz.source_view or not text else ascii_view(text)
    if b"\\" in src_view and _ESCAPE_HINT_B.search(src_view):
        out += _escape_reading(text, src_view, only, depth, direct, every)
    if depth == MAX_LAYER_DEPTH:
        # the text warn mode delivers, without every terminal control it strips (an ESC
        # sequence, a backspace, NUL, DEL, a C1 control, a carriage return inside a line)
        if has_terminal_control(text):
            out += _ansi_reading(text, only, depth, every, TERMINAL_RE, TERMINAL_HINT)
    elif (b"\x1b" in src_view or nz.has_c1) and ANSI_RE.search(text):
        # a decoded layer (nobody is handed it decoded; binary is full of controls): past its
        # ANSI sequences only, as a terminal shows it (ESC is ASCII, on the view; a C1 CSI
        # or OSC of the text is in ``has_c1``)
        out += _ansi_reading(text, only, depth, every, ANSI_RE, ANSI_HINT)
    return out


def _escape_reading(
    text: str,
    src_view: bytes,
    only: frozenset[str] | None,
    depth: int,
    direct: list[Hit],
    every: bool = False,
) -> list[Hit]:
    """Text that carries JSON/Python string escapes ("...model.\\nBefore you...") is read by
    the model with the escapes applied: that reading's hits, region by region around the
    escapes (a match the decoding changes holds an escape), each spanning its region.

    Not the ANSI rules: an escaped sequence ('\\u001B[8m' in a README's code sample,
    strip-ansi's and chalk's own docs) is shown as its escape text, so it conceals nothing
    from the person (Trail of Bits' ANSI deception needs the raw byte); what it hides from
    other rules is still read in the reading."""
    out: list[Hit] = []
    for lo, hi in escape_regions(text, view=src_view):
        region = text[lo:hi]
        decoded = decode_escapes_in_reading(region)
        if decoded == region:
            continue
        found = [
            h
            for h in scan_hits(decoded, only=only, depth=depth - 1, every=every)
            if h.rule.id not in _ANSI_RULES
        ]
        for h in _not_shown(found, direct, lo, hi):
            out.append(Hit(rule=h.rule, severity=h.severity, span=(lo, hi), value=h.value))
    return out


def _not_shown(found: list[Hit], direct: list[Hit], lo: int, hi: int) -> list[Hit]:
    """The hits ``found`` in a reading of the region ``lo``..``hi`` (a decoded escape region,
    a letter-spaced, leetspeak, rot13 or split-list reading) that no direct hit in
    the region stands for (the same rule and matched text, at least as severe; one direct
    hit for one decoded hit). A match the decoding leaves as it was is already a hit where
    it stands: reported again with the whole region's span (up to :data:`ESCAPE_REACH` either
    side of every escape), warn mode rewrote the whole region for it (a README with one
    ``\\n`` in a code sample and one search link was replaced by ``[untrusted link removed]``,
    and a bullet list with a search link in it was removed whole)."""
    plain = [h for h in direct if lo <= h.span[0] and h.span[1] <= hi]
    left: list[Hit] = []
    for h in found:
        twin = next(
            (
                p
                for p in plain
                if p.rule.id == h.rule.id
                and p.value == h.value
                and SEVERITY_ORDER[p.severity] >= SEVERITY_ORDER[h.severity]
            ),
            None,
        )
        if twin is None:
            left.append(h)
        else:
            plain.remove(twin)
    return left


#: the rules about the ANSI sequences themselves (not read again in the reading without them)
_ANSI_RULES = frozenset({"obf.ansi_escape", "obf.ansi_concealment"})


def _ansi_reading(
    text: str,
    only: frozenset[str] | None,
    depth: int,
    every: bool,
    controls: re.Pattern[str],
    hint: re.Pattern[str],
) -> list[Hit]:
    """The hits of the text a terminal shows and a model reads past the ANSI sequences: a
    sequence glued to a word ("\x1b[31mIGNORE all previous instructions") hides it from
    every rule's word boundary. So does any other terminal control warn mode strips before
    delivery (``controls`` :data:`TERMINAL_RE` at the top layer): ``Ignore all pre\\bvious
    instructions`` or a credential cut by a NUL matched no rule, and the client got them
    joined, unmarked and unmasked. Read region by region around the controls (``hint``
    where one starts), without them, each hit mapped back to the words it matched."""
    out: list[Hit] = []
    for lo, hi in escape_regions(text, hint=hint, exact=controls, guard=520):
        region = text[lo:hi]
        plain = controls.sub("", region)
        if len(plain) == len(region):  # (every match takes at least one character)
            continue
        found = [
            h
            for h in scan_hits(plain, only=only, depth=depth - 1, every=every)
            if h.rule.id not in _ANSI_RULES
        ]
        if not found:
            continue
        back = _back_map(region, controls)  # (built only for a region with a hit)
        for h in found:
            a, b = h.span
            span = (lo + back(a), lo + (back(b - 1) + 1 if b > a else back(a)))
            out.append(Hit(rule=h.rule, severity=h.severity, span=span, value=h.value))
    return out


def _back_map(region: str, controls: re.Pattern[str]) -> Callable[[int], int]:
    """A map from an offset of ``region`` without what ``controls`` matches back to
    ``region`` (a hit is sanitised where it stands, not with the lines around it)."""
    starts: list[int] = []  # where each kept piece starts in the text without controls
    origins: list[int] = []  # ... and in ``region``
    pos = size = 0
    for m in controls.finditer(region):
        if m.start() > pos:
            starts.append(size)
            origins.append(pos)
            size += m.start() - pos
        pos = m.end()
    if pos < len(region) or not starts:
        starts.append(size)
        origins.append(pos)

    def back(i: int) -> int:
        k = max(0, bisect_right(starts, i) - 1)
        return origins[k] + (i - starts[k])

    return back


_DEFANG = str.maketrans({c: "_" for c in "<>|[](){}!`*#\\\x1b"})


def evidence_for(hit: Hit, original: str) -> str:
    """A masked, neutralised description of a hit, safe to show a model or write to a log.

    Secrets show their first four characters; other matches show at most two words of the
    normalised text with markup characters replaced, so the evidence can never be the payload.
    """
    start, end = hit.span
    n = end - start
    if hit.rule.category == "secrets":
        value = hit.value or original[start:end]
        return f"{value[:4]}**** ({len(value)} chars, masked)"
    if not hit.value:
        return f"{n} characters at {start}-{end} ({hit.rule.id})"
    words = hit.value.split()
    excerpt = " ".join(words[:2])[:24].translate(_DEFANG).replace("http", "hxxp")
    more = "..." if len(words) > 2 or len(excerpt) < len(hit.value.strip()) else ""
    return f'untrusted excerpt "{excerpt}{more}" ({n} chars)'


def to_finding(hit: Hit, original: str, path: str = "") -> Finding:
    """Turn a :class:`Hit` into the public :class:`~cordon._types.Finding`."""
    return Finding(
        rule=hit.rule.id,
        category=hit.rule.category,
        severity=hit.severity,
        span=hit.span,
        path=path,
        evidence=evidence_for(hit, original),
    )
