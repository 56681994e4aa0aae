"""The review pack's data model (:class:`ReportData`) and its time helpers."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cordon.audit.log import VerifyResult
from cordon.audit.report._mappings import MapItem
from cordon.audit.verify import NO_EXPECT_NOTE, expect_missing, kept_note

__all__ = ["ControlRow", "ReportData"]


@dataclass(frozen=True, kw_only=True, slots=True)
class ControlRow:
    """Controls in force for one tool.

    Attributes:
        server: the server that listed or was called with the tool, or ``(policy)`` for a
            policy entry no server in the log is known to have listed or been called with.
        tool: the tool name.
        controls: human descriptions of the tool's policy controls (empty: none).
        seen: how the log knows the tool: ``listed`` (a tools/list named it: pin, definition
            or ``policy.unknown_tool`` records, or the tools file), ``called``, ``listed,
            called``; for ``(policy)`` rows ``not listed by S (likely typo)`` or ``not seen
            in this log`` (the log does not record whole tools/list results).
    """

    server: str
    tool: str
    controls: tuple[str, ...]
    seen: str = ""


@dataclass(frozen=True, kw_only=True, slots=True)
class ReportData:
    """Everything the pack shows; built by :func:`build_report`. Counts are event counts: a
    record coalesced with its repeats (audit/repeats.py) counts as the events it stands for;
    ``total_records`` counts the lines, ``total_events`` the events they stand for."""

    generated: str
    audit_path: Path
    since: str | None
    until: str | None
    chain: VerifyResult
    total_records: int
    first_ts: str | None
    last_ts: str | None
    sessions: int
    starts: tuple[dict[str, Any], ...]
    verdict_counts: dict[str, int]
    rule_counts: tuple[tuple[str, str, int], ...]  # (rule, verdict, count), most first
    denied_destinations: tuple[tuple[str, int, str], ...]  # (destination, count, rules)
    asks: tuple[tuple[str, str, str, int], ...]  # (tool, rule, answer, count)
    rug_pulls: tuple[dict[str, Any], ...]
    content_findings: tuple[tuple[str, str, str, str, int], ...]  # where, tool, rules, action, n
    frames_refused: int
    timeline: tuple[tuple[str, int, int, int], ...]  # (bucket start ts, allow, deny, ask)
    bucket_seconds: int
    policy_files: tuple[str, ...]
    policy_note: str
    global_controls: tuple[str, ...]
    controls: tuple[ControlRow, ...]
    findings: tuple[str, ...]
    evidence: dict[str, int] = field(default_factory=dict)  # evidence key -> count
    total_events: int = 0  # the events the records stand for (repeats counted)
    # accepted approvals, oldest first: ts (when given), server, tool, destination, how, by, seq
    approvals: tuple[dict[str, Any], ...] = ()
    # ``--expect``: the last hash kept elsewhere, and where it is (:func:`kept_at`: its
    # record's seq and the last record's; None when no record has it or none was given)
    expect: str | None = None
    kept: tuple[int, int] | None = None

    @property
    def chain_ok(self) -> bool:
        """The chain verifies and, given a kept hash, still holds its record."""
        return self.chain.ok and (self.expect is None or self.kept is not None)

    @property
    def chain_message(self) -> str:
        """The chain's sentence, as ``cordon audit verify`` says it (after OK or BROKEN)."""
        if self.chain.ok and self.expect is not None and self.kept is None:
            return f"{expect_missing(self.expect)}; {self.chain.message}"
        return self.chain.message

    @property
    def chain_note(self) -> str | None:
        """What the chain cannot vouch for: the records after the kept hash, or (none kept)
        records cut from its end; None for a broken chain."""
        if not self.chain_ok:
            return None
        return NO_EXPECT_NOTE if self.kept is None else kept_note(self.kept)

    def evidence_for(self, item: MapItem) -> list[tuple[str, int]]:
        """``(evidence key, count)`` for an item's keys that occur in the log."""
        return [(k, self.evidence[k]) for k in item.evidence if self.evidence.get(k)]


def _ts_epoch(ts: str) -> float | None:
    try:
        return datetime.fromisoformat(ts[:23]).replace(tzinfo=UTC).timestamp()
    except (ValueError, TypeError):
        return None


def _fmt_ts(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


_NICE_BUCKETS = (1, 5, 15, 60, 300, 900, 1800, 3600, 6 * 3600, 86400, 7 * 86400, 30 * 86400)


def _timeline(points: list[tuple[float, str]]) -> tuple[tuple[tuple[str, int, int, int], ...], int]:
    if not points:
        return (), 0
    lo = min(p[0] for p in points)
    hi = max(p[0] for p in points)
    span = max(hi - lo, 1.0)
    size = next((b for b in _NICE_BUCKETS if span / b <= 48), _NICE_BUCKETS[-1])
    start = math.floor(lo / size) * size
    n = int((hi - start) // size) + 1
    buckets = [[0, 0, 0] for _ in range(n)]
    index = {"allow": 0, "deny": 1, "ask": 2}
    for t, verdict in points:
        if verdict in index:
            buckets[int((t - start) // size)][index[verdict]] += 1
    return (
        tuple((_fmt_ts(start + i * size), a, d, k) for i, (a, d, k) in enumerate(buckets)),
        size,
    )
