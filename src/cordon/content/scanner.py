"""The matcher: normalised text in, findings with original spans out.

One pass of a trie-shaped pattern of every rule's triggers over the lower-cased UTF-8 bytes
of the normalised text finds where each rule could match; each rule's own pattern then runs
only in merged windows around its trigger hits (:class:`cordon.content._rule.Rule`). Decoded
layers (base64 runs, tag-smuggled ASCII) are scanned the same way, two levels deep at most.

Every step is linear in the input: one trigger pass, windows bounded per rule and merged, and
patterns with bounded quantifiers only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from cordon._types import SEVERITY_ORDER, Finding, Severity
from cordon.content._rule import Rule
from cordon.content.normalize import Normalized, normalize
from cordon.content.rules import RULES, rule_by_id

__all__ = ["Hit", "evidence_for", "scan_hits"]

#: decoded layers inside decoded layers are scanned up to this depth
MAX_LAYER_DEPTH = 2
#: findings kept per rule per text (a wall of repeated payloads is still one verdict)
MAX_HITS_PER_RULE = 64

_CONT = bytes(range(0x80, 0xC0))
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


def _trie(words: list[bytes]) -> bytes:
    root: dict[int | None, dict] = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[None] = {}

    def emit(node: dict[int | None, dict]) -> bytes:
        alts = [
            re.escape(bytes([k])) + emit(node[k]) for k in sorted(k for k in node if k is not None)
        ]
        if not alts:
            return b""
        end = None in node
        if len(alts) == 1 and not end:
            return alts[0]
        group = b"(?:" + b"|".join(alts) + b")"
        return group + b"?" if end else group

    return emit(root)


@cache
def _trigger_index() -> tuple[re.Pattern[bytes], dict[bytes, tuple[int, ...]], tuple[Rule, ...]]:
    """(trigger pattern, matched trigger -> rule indexes, pattern rules). Built once."""
    rules = tuple(r for r in RULES if r.pattern is not None)
    by_trigger: dict[bytes, set[int]] = {}
    for i, r in enumerate(rules):
        for t in r.triggers:
            by_trigger.setdefault(t.encode("utf-8"), set()).add(i)
    # a longer trigger that contains a shorter one also stands for the shorter one's rules
    mapping: dict[bytes, tuple[int, ...]] = {}
    for t, idx in by_trigger.items():
        full = set(idx)
        for u, uidx in by_trigger.items():
            if u != t and u in t:
                full |= uidx
        mapping[t] = tuple(sorted(full))
    return re.compile(_trie(sorted(by_trigger))), mapping, rules


def _quote_open(text: str, start: int) -> tuple[str, int] | None:
    """The quote or code span that ``start`` lies inside, on the same line (within 200 chars)."""
    lo = max(text.rfind("\n", 0, start) + 1, start - 200)
    seg = text[lo:start]
    for q in ("`", '"', "'"):
        if seg.count(q) % 2 == 1:
            return q, lo + seg.rfind(q)
    for o, c in (("\u201c", "\u201d"), ("\u2018", "\u2019"), ("\u00ab", "\u00bb")):
        i = seg.rfind(o)
        if i >= 0 and seg.rfind(c) < i:
            return o, lo + i
    return None


def _is_mention(text: str, start: int, end: int) -> bool:
    """Quoted or in a code span, and introduced as an example rather than asked for."""
    opened = _quote_open(text, start)
    if opened is None:
        return False
    quote, at = opened
    if quote == "`":
        return True
    return _MENTION_CUE.search(text, max(0, at - 80), at) is not None


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


def _match_norm(
    nz: Normalized, only: frozenset[str] | None
) -> list[tuple[Rule, int, int, int, int]]:
    """Pattern matches as (rule, char start, char end, value char start, value char end)."""
    pattern, mapping, rules = _trigger_index()
    nb = nz.text.encode("utf-8")
    lb = nb.lower()
    hits: dict[int, list[tuple[int, int]]] = {}
    for m in pattern.finditer(lb):
        for ri in mapping[m.group()]:
            hits.setdefault(ri, []).append(m.span())
    raw: list[tuple[Rule, int, int, int, int]] = []
    size = len(nb)
    for ri, spans in hits.items():
        rule = rules[ri]
        if only is not None and rule.id not in only:
            continue
        compiled = rule.compiled
        assert compiled is not None
        buf = nb if rule.case_sensitive else lb
        w = rule.window
        windows: list[list[int]] = []
        for s, e in spans:
            ws, we = max(0, s - w), min(size, e + w)
            if windows and ws <= windows[-1][1]:
                windows[-1][1] = max(windows[-1][1], we)
            else:
                windows.append([ws, we])
        seen_end = -1
        count = 0
        for ws, we in windows:
            for m in compiled.finditer(buf, max(ws, seen_end), we):
                g = rule.secret_group
                if rule.accept is not None and not rule.accept(m.group(g)):
                    continue
                sg = rule.span_group
                raw.append((rule, m.start(sg), m.end(sg), m.start(g), m.end(g)))
                seen_end = m.end()
                count += 1
                if count >= MAX_HITS_PER_RULE:
                    break
            if count >= MAX_HITS_PER_RULE:
                break
    if not raw or len(nb) == len(nz.text):
        return raw
    conv = _char_offsets(nb, [o for r in raw for o in r[1:]])
    return [(r, conv[a], conv[b], conv[c], conv[d]) for r, a, b, c, d in raw]


def scan_hits(
    text: str, *, only: frozenset[str] | None = None, depth: int = MAX_LAYER_DEPTH
) -> list[Hit]:
    """Every rule hit in ``text``, spans in ``text``, sorted by span.

    Args:
        text: the text to scan.
        only: restrict to these rule ids (``None``: all).
        depth: how many levels of decoded layers to scan.
    """
    nz = normalize(text)
    out: list[Hit] = []
    for rule, a, b, va, vb in _match_norm(nz, only):
        sev = rule.severity
        if rule.mention_severity is not None and _is_mention(nz.text, a, b):
            sev = rule.mention_severity
        out.append(
            Hit(rule=rule, severity=sev, span=nz.span_to_original(a, b), value=nz.text[va:vb])
        )
    for ev in nz.events:
        if only is None or ev.rule in only:
            r = rule_by_id(ev.rule)
            out.append(Hit(rule=r, severity=r.severity, span=ev.span, value=""))
    if depth > 0:
        payload = rule_by_id("obf.encoded_payload")
        for layer in nz.layers:
            inner = scan_hits(layer.text, only=only, depth=depth - 1)
            serious = False
            for h in inner:
                if h.rule.category == "secrets" or SEVERITY_ORDER[h.severity] >= 2:
                    out.append(
                        Hit(rule=h.rule, severity=h.severity, span=layer.span, value=h.value)
                    )
                    serious = serious or (
                        h.rule.category != "secrets" and SEVERITY_ORDER[h.severity] >= 2
                    )
            if serious and (only is None or payload.id in only):
                out.append(Hit(rule=payload, severity=payload.severity, span=layer.span, value=""))
    seen: set[tuple[str, tuple[int, int]]] = set()
    unique: list[Hit] = []
    for h in sorted(out, key=lambda h: (h.span, h.rule.id)):
        key = (h.rule.id, h.span)
        if key not in seen:
            seen.add(key)
            unique.append(h)
    return unique


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
