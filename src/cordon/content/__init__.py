"""cordon's content firewall: scan tool results and tool definitions before the model reads them.

Public API (everything else in this package is internal):

* :func:`scan_text` - findings in one string;
* :func:`scan_result` - findings in a CallToolResult dict, each with its JSON-pointer ``path``;
* :func:`scan_tool` / :func:`scan_instructions` - tool definitions and server instructions;
* :func:`evaluate_result` - the monitor / warn / block decision, with the result to deliver;
* :func:`find_secrets` - raw credential values, for "seen in output, never sent out" checks;
* :data:`RULES` and :func:`rule_by_id` - the catalogue.

Findings are :class:`cordon.Finding` values; spans are offsets in the *original* string, and
``evidence`` is masked and neutralised so that it can be logged or shown to a model.
"""

from __future__ import annotations

from typing import Any

from cordon._types import SEVERITY_ORDER, Finding
from cordon.content._rule import CATEGORIES, Rule
from cordon.content._walk import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, scan_value
from cordon.content.rules import RULES, rule_by_id
from cordon.content.sanitize import Evaluation, evaluate_result
from cordon.content.scanner import MAX_HITS_PER_RULE, recent_hits, scan_hits, to_finding

__all__ = [
    "CATEGORIES",
    "RULES",
    "Evaluation",
    "Rule",
    "evaluate_result",
    "find_secrets",
    "rule_by_id",
    "scan_instructions",
    "scan_result",
    "scan_text",
    "scan_tool",
    "warm",
]

_SECRET_IDS = frozenset(r.id for r in RULES if r.category == "secrets")


def warm(*, wait: bool = False) -> None:
    """Start building the scanner's compiled anchor databases in the background.

    Optional: the first scan builds them anyway. The Hyperscan databases take about 1.2-1.3 s of
    one core to compile (bench/perf/README.md, "The rules' memory and start-up cost"); until it is ready large texts take the slower pure-Python anchor pass
    (same findings). ``cordon run`` calls this at start-up. ``wait`` blocks until ready.
    """
    from cordon.content import _accel, readings
    from cordon.content.scanner import _OTHER_IDS, _anchor_index

    readings.warm(wait=wait)

    # the text rules, the secrets (every tool result), the identifier rules (tool names)
    # (building an index queues its databases, the smaller first: :func:`_anchor_index`)
    for only in (None, _SECRET_IDS, _OTHER_IDS or None):
        idx = _anchor_index(only)
        if idx.utf8_anchors:
            _accel.warm(idx.utf8_anchors, wait=wait, defer=True)  # non-ASCII text only
        _accel.warm(idx.accel_anchors, wait=wait)


def _check_severity(min_severity: str) -> int:
    if min_severity not in SEVERITY_ORDER:
        raise ValueError(f"unknown severity {min_severity!r}")
    return SEVERITY_ORDER[min_severity]


def scan_text(text: str, *, min_severity: str = "low") -> list[Finding]:
    """Findings in ``text`` at or above ``min_severity``, sorted by span.

    Args:
        text: any string; normalised first (see :mod:`cordon.content.normalize`).
        min_severity: ``"low"``, ``"medium"``, ``"high"`` or ``"critical"``.

    Returns:
        Findings with spans in ``text`` and ``path == ""``.

    Raises:
        ValueError: unknown ``min_severity``.
    """
    threshold = _check_severity(min_severity)
    return [to_finding(h, text) for h in scan_hits(text) if SEVERITY_ORDER[h.severity] >= threshold]


def scan_result(
    result: dict[str, Any],
    *,
    min_severity: str = "low",
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[Finding]:
    """Findings in a CallToolResult dict (``result`` of a tools/call response).

    Every string and key is scanned: ``content`` blocks (text, embedded resource ``text`` and
    decodable ``blob``, resource links), ``structuredContent`` at any depth, ``_meta`` and error
    results alike. ``path`` is a JSON pointer; ``#key`` marks a finding in an object key.
    Nesting past ``max_depth`` or more than ``max_bytes`` of text adds a critical
    ``content.cap_exceeded`` finding and stops (fail closed).

    Raises:
        ValueError: unknown ``min_severity``.
    """
    _check_severity(min_severity)
    return scan_value(result, min_severity=min_severity, max_depth=max_depth, max_bytes=max_bytes)


def scan_tool(tool: dict[str, Any], *, min_severity: str = "low") -> list[Finding]:
    """Findings in one tool definition from tools/list.

    Scans ``name``, ``title``, ``description``, the whole ``inputSchema`` and ``outputSchema``
    (property names, enums, defaults, descriptions), ``annotations`` and ``_meta``. The caller
    (the proxy) hides the tool when a finding reaches its block threshold
    (``content.poisoned_definition``). Source: Invariant Labs, "Tool Poisoning Attacks" (2025).

    Raises:
        ValueError: unknown ``min_severity``.
    """
    _check_severity(min_severity)
    return scan_value(tool, min_severity=min_severity, identifiers=True)


def scan_instructions(text: str, *, min_severity: str = "low") -> list[Finding]:
    """Findings in a server's ``instructions`` (initialize result / server/discover).

    Same as :func:`scan_text`, with ``path == "/instructions"``.
    """
    return [
        Finding(
            rule=f.rule,
            category=f.category,
            severity=f.severity,
            span=f.span,
            path="/instructions",
            evidence=f.evidence,
        )
        for f in scan_text(text, min_severity=min_severity)
    ]


def find_secrets(text: str) -> list[str]:
    """Raw credential values the secret rules find in ``text`` (including decoded layers).

    Returns each distinct value once, in order of appearance: the value as the model reads it
    (normalised) and, when it differs, the exact original slice. Documented example keys and
    placeholders are not returned. Every credential is returned, however many there are
    (:func:`cordon.content.scanner.scan_hits` with ``every``): a finding list stops at
    :data:`cordon.content.scanner.MAX_HITS_PER_RULE` hits of a rule, and keeps one hit per
    rule for a decoded layer. When the same string object was just scanned in full (the proxy
    scans a result, then asks for its secrets), that scan is reused unless one of those
    bounds may have dropped a credential.
    """
    out: list[str] = []
    seen: set[str] = set()
    hits = recent_hits(text)
    if hits is None or not _complete(text, hits):
        hits = scan_hits(text, only=_SECRET_IDS, every=True)
    for h in hits:
        if h.rule.id not in _SECRET_IDS:
            continue
        # the original slice too when the value is not what it spans (a decoded layer, a
        # normalised match); looked for in the span only, so many hits cost linear time
        cut = text[h.span[0] : h.span[1]]
        for v in (h.value, cut if h.value not in cut else h.value):
            if v and v not in seen:
                seen.add(v)
                out.append(v)
    return out


def _complete(text: str, hits: list[Any]) -> bool:
    """Whether a full scan's ``hits`` of ``text`` hold every credential in it: no secret rule
    reached the per-rule cap, and every secret hit is the text it spans (not a decoded layer,
    whose hit stands for one of its credentials only)."""
    counts: dict[str, int] = {}
    for h in hits:
        if h.rule.id in _SECRET_IDS:
            counts[h.rule.id] = n = counts.get(h.rule.id, 0) + 1
            if n >= MAX_HITS_PER_RULE or h.value not in text[h.span[0] : h.span[1]]:
                return False
    return True
