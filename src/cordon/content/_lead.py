"""Rule windows, and the search of a rule whose matches start just before an anchor hit.

A rule's pattern runs in merged windows around its anchor hits (:func:`windows`). Where the
anchors of a rule are dense (a manual that says "Send a POST request to https://..." on every
page), the windows merge into one window as long as the text, and ``re`` tries the pattern at
every byte of it: for a pattern that opens with an alternation of clause openings and no
literal, ~60 ns a byte, whatever the anchors say.

A rule with a :attr:`~cordon.content._rule.Rule.lead` declares that each match of its pattern
starts at most ``lead`` bytes before the end of an anchor's leading literal it holds (the
core's verb is the anchor, the order words before it are short). :func:`lead_matches` then
tries the pattern only there, one ``re`` call per literal found in the window that a previous
match did not cover, and yields what ``finditer`` over the whole window yields: the leftmost
match at or after the last match's end, in turn. The cost is bounded by ``lead`` per literal
found, not by the window.

Any other rule whose every match starts with one of a small set of literal byte strings (its
*start heads*, :func:`start_heads`, worked out from the parsed pattern) is searched the same
way with no lead: ``re`` is started only where a head is (:func:`head_matches`). Most rule
patterns open with ``\b`` or a look-behind, which leaves ``re`` no first character to skip
by, so ``finditer`` runs the whole pattern at every byte of a window; the multilingual rules'
alternations of every language behind look-behinds cost 250-1,200 ns a byte that way. The
heads are found by one ``re`` search of their trie (literal-led: C speed), and the pattern
runs only there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from re import _constants, _parser  # type: ignore[attr-defined]
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cordon.content._rule import Rule


def windows(spans: list[tuple[int, int]], w: int, size: int) -> list[tuple[int, int]]:
    """Merged ``[start - w, end + w)`` windows around sorted anchor spans."""
    out: list[list[int]] = []
    for s, e in spans:
        ws, we = max(0, s - w), min(size, e + w)
        if out and ws <= out[-1][1]:
            out[-1][1] = max(out[-1][1], we)
        else:
            out.append([ws, we])
    return [(a, b) for a, b in out]


def lead_matches(
    wrapped: re.Pattern[bytes], heads: re.Pattern[bytes], buf: bytes, lo: int, hi: int, lead: int
) -> Iterator[re.Match[bytes]]:
    """What ``pattern.finditer(buf, lo, hi)`` yields, for a pattern each match of which starts
    at most ``lead`` bytes before the end of a match of ``heads`` (the anchors' leading
    literals, found in ``buf`` itself: no offsets to map from the anchor pass); ``wrapped``
    is ``(?s:.{0,lead}?)(pattern)``: its group ``k + 1`` is the pattern's group ``k``.

    A match at or after ``q`` holds a head ending at or after ``q``; the first such end
    ``a`` bounds its start to ``[max(q, a - lead), a]``, and the lazy prefix tries those
    starts in turn. No head in reach: no match, and the bytes between are never tried.
    """
    q = lo
    for h in heads.finditer(buf, lo, hi):
        a = h.end()
        if a < q:
            continue
        m = wrapped.match(buf, max(q, a - lead), hi)
        if m is None:
            continue
        yield m
        q = m.end() if m.end() > m.start(1) else m.end() + 1


#: start heads are literal prefixes of at most this many bytes, and at least this many (one
#: byte is as common as the positions ``re`` would try anyway)
HEAD_BYTES = 4
MIN_HEAD = 2
#: more heads than this (or prefixes on the way): the pattern is searched with ``finditer``
MAX_HEADS = 600
_MAX_SET = 2 * MAX_HEADS
#: a rule's heads are worked out (a parse of its pattern, ~1-20 ms) once its windows in a
#: process reach this many bytes: a rule that only ever gets small windows never pays it
HEADS_AFTER = 16 * 1024

_REPEATS = (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT)
_ZERO_WIDTH = (_constants.ASSERT, _constants.ASSERT_NOT, _constants.AT)
_Prefixes = set[tuple[bytes, bool]]  # (prefix, open: the path may still extend it)
#: ``\\s`` and ``\\d`` of a ``bytes`` pattern (ASCII only: no locale, no Unicode flag)
_CATEGORIES = {
    _constants.CATEGORY_SPACE: frozenset(b" \t\n\r\x0b\x0c"),
    _constants.CATEGORY_DIGIT: frozenset(b"0123456789"),
}


def _class_bytes(items: Any) -> set[int] | None:
    """The bytes of a character class of literals, ranges, ``\\s`` and ``\\d``; ``None``
    for anything else (negation, ``\\w``...)."""
    out: set[int] = set()
    for op, av in items:
        if op == _constants.LITERAL:
            out.add(av)
        elif op == _constants.RANGE:
            out.update(range(av[0], av[1] + 1))
        elif op == _constants.CATEGORY and av in _CATEGORIES:
            out.update(_CATEGORIES[av])
        else:
            return None
    return out


class _NoHeads(Exception):
    """A match may start with fewer than :data:`MIN_HEAD` literal bytes, or the heads are
    too many to pay: the pattern is searched with ``finditer``."""


def _prefixes(items: Any, n: int, have: int = 0) -> _Prefixes:
    """Literal prefixes (at most ``n`` bytes) of every match of a parsed sequence: each
    ``(p, open)``; ``open`` when the whole sequence was read as literals and the caller may
    extend ``p`` with what follows. Anything but a literal, a small class, a group, a branch
    or a repeat ends the prefix there (sound: a shorter prefix is still a prefix). Raises
    :class:`_NoHeads` as soon as a prefix ends shorter than :data:`MIN_HEAD` bytes with the
    ``have`` bytes before the sequence, or the prefixes outnumber :data:`_MAX_SET`."""
    res: _Prefixes = {(b"", True)}
    for op, av in items:
        new: _Prefixes = set()
        for p, open_ in res:
            if not open_ or len(p) >= n:
                new.add((p, False))
                continue
            for q, c in _step(op, av, n - len(p), have + len(p)):
                if not c and have + len(p) + len(q) < MIN_HEAD:
                    raise _NoHeads
                new.add((p + q, c))
        if len(new) > _MAX_SET:  # the trie would cost more than ``re`` saves
            raise _NoHeads
        res = new
    return res


def _step(op: Any, av: Any, n: int, have: int) -> _Prefixes:
    if op == _constants.LITERAL:
        return {(bytes([av]), True)}
    if op in (_constants.IN, _constants.CATEGORY):
        got = _class_bytes(av if op == _constants.IN else [(op, av)])
        if got is None or len(got) > 64:
            return {(b"", False)}
        return {(bytes([b]), True) for b in got}
    if op in _ZERO_WIDTH:  # consumes nothing: the prefix goes on after it
        return {(b"", True)}
    if op == _constants.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        if add_flags or del_flags:  # ``(?i:...)``: its literals are not literal
            return {(b"", False)}
        return _prefixes(sub, n, have)
    if op == _constants.BRANCH:
        out: _Prefixes = set()
        for branch in av[1]:
            out |= _prefixes(branch, n, have)
        return out
    if op in _REPEATS:
        lo, hi, sub = av
        # one copy; past it, the prefix goes on only when there is no second (``x?``)
        once = {(p, c and hi == 1) for p, c in _prefixes(sub, n, have)}
        return once | {(b"", True)} if lo == 0 else once
    return {(b"", False)}  # any byte, a negated class, a back-reference...: the prefix ends


def start_heads(pattern: bytes) -> list[bytes] | None:
    """Literal byte strings of :data:`MIN_HEAD` to :data:`HEAD_BYTES` bytes, one of which
    every match of ``pattern`` starts with (none a prefix of another), or ``None`` when some
    match may start with fewer literal bytes (anything, or nothing: a pattern that can match
    the empty string). Case-insensitive and locale patterns get ``None``."""
    parsed = _parser.parse(pattern, 0)
    # case-insensitive literals are not literal; a locale's ``\\s`` is not ASCII's
    if parsed.state.flags & (_constants.SRE_FLAG_IGNORECASE | _constants.SRE_FLAG_LOCALE):
        return None
    try:
        found = {p for p, _ in _prefixes(list(parsed), HEAD_BYTES)}
    except _NoHeads:
        return None
    if any(len(p) < MIN_HEAD for p in found):  # a pattern that ends within MIN_HEAD bytes
        return None
    heads: list[bytes] = []
    for h in sorted(found, key=len):
        if not any(h.startswith(k) for k in heads):
            heads.append(h)
    return heads


def trie_pattern(heads: list[bytes]) -> bytes:
    """One regular expression of ``heads`` with shared prefixes factored out (``re`` tries a
    flat alternation's members one by one at each of its first bytes)."""
    trie: dict[int, Any] = {}
    for h in heads:
        node = trie
        for b in h:
            node = node.setdefault(b, {})
        node[-1] = {}  # a head ends here: heads are minimal, so nothing hangs below

    def emit(node: dict[int, Any]) -> bytes:
        if -1 in node:
            return b""
        alts = [re.escape(bytes([b])) + emit(node[b]) for b in sorted(node)]
        return alts[0] if len(alts) == 1 else b"(?:" + b"|".join(alts) + b")"

    return emit(trie)


def head_matches(
    pattern: re.Pattern[bytes], heads: re.Pattern[bytes], buf: bytes, lo: int, hi: int
) -> Iterator[re.Match[bytes]]:
    """What ``pattern.finditer(buf, lo, hi)`` yields, for a pattern every match of which
    starts with a match of ``heads`` (:func:`start_heads`) and holds at least one byte:
    the leftmost match at or after the last one's end is the match at the first head
    position from there where the pattern matches (``match`` and ``search`` read the
    bytes before ``pos`` and the end at ``endpos`` alike)."""
    p = lo
    search, match = heads.search, pattern.match
    while True:
        h = search(buf, p, hi)
        if h is None:
            return
        s = h.start()
        m = match(buf, s, hi)
        if m is None:
            p = s + 1
            continue
        yield m
        p = m.end()


#: pattern -> its compiled heads (``None``: none, or too many); bytes of windows so far
_HEADS: dict[str, re.Pattern[bytes] | None] = {}
_SEEN: dict[str, int] = {}


def _heads_for(rule: Rule, size: int) -> re.Pattern[bytes] | None:
    """``rule``'s compiled start heads, worked out once its windows reach
    :data:`HEADS_AFTER` bytes in this process (before that, and when it has none: ``None``)."""
    key = rule.pattern
    assert key is not None
    if key in _HEADS:
        return _HEADS[key]
    seen = _SEEN.get(key, 0) + size
    _SEEN[key] = seen
    if seen < HEADS_AFTER:
        return None
    # two threads at once may both work it out: either result is the same
    _HEADS[key] = compiled_heads(key.encode("utf-8"))
    return _HEADS[key]


def compiled_heads(pattern: bytes) -> re.Pattern[bytes] | None:
    """The trie of ``pattern``'s start heads, compiled; ``None`` when it has none, or more
    than :data:`MAX_HEADS`."""
    heads = start_heads(pattern)
    if heads is None or len(heads) > MAX_HEADS:
        return None
    return re.compile(trie_pattern(heads))


def rule_matches(rule: Rule, buf: bytes, lo: int, hi: int) -> Iterator[re.Match[bytes]]:
    """The matches of ``rule``'s pattern in ``buf[lo:hi]``, as ``finditer`` finds them; with
    a :attr:`~cordon.content._rule.Rule.lead`, searched by :func:`lead_matches` (whose
    groups are the pattern's plus one); with start heads (:func:`start_heads`), by
    :func:`head_matches`."""
    pair = rule.lead_compiled
    if pair is not None:
        return lead_matches(pair[0], pair[1], buf, lo, hi, rule.lead)
    assert rule.compiled is not None
    heads = _heads_for(rule, hi - lo)
    if heads is not None:
        return head_matches(rule.compiled, heads, buf, lo, hi)
    return rule.compiled.finditer(buf, lo, hi)
