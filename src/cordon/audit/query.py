"""Selecting audit records: time bounds, verdict and tool filters (used by show, tail, report)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

from cordon.approvals.display import cut
from cordon.audit.listing import NAME_CHARS, named_tools

__all__ = ["filter_records", "parse_time_bound", "record_verdict"]

_RELATIVE = re.compile(r"^\s*([0-9]+)\s*([smhdw])\s*$")
_UNIT_S = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_time_bound(text: str, *, now: float | None = None) -> str:
    """Turn ``"2h"``, ``"30m"``, ``"7d"`` (before now) or an ISO-8601 date/time into an audit
    timestamp string (``YYYY-MM-DDTHH:MM:SS.mmmZ``, UTC), comparable as a string with ``ts``.

    A date or time without a zone is taken as UTC.

    Raises:
        ValueError: neither a relative duration nor an ISO-8601 date/time.
    """
    m = _RELATIVE.match(text)
    if m:
        t = (time.time() if now is None else now) - int(m.group(1)) * _UNIT_S[m.group(2)]
        dt = datetime.fromtimestamp(t, UTC)
    else:
        raw = text.strip()
        if raw.endswith(("Z", "z")):
            raw = raw[:-1] + "+00:00"
        try:
            dt = datetime.fromisoformat(raw)
        except ValueError as exc:
            raise ValueError(
                f"not a time: {text!r} (use e.g. 2h, 30m, 7d or 2025-06-01T12:00:00Z)"
            ) from exc
        dt = dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def record_verdict(rec: dict[str, Any]) -> str:
    """The verdict a record shows: ``verdict`` when present, else its ``kind``."""
    v = rec.get("verdict")
    return str(v) if v is not None else str(rec.get("kind", "?"))


def filter_records(
    records: Iterable[dict[str, Any]],
    *,
    since: str | None = None,
    until: str | None = None,
    verdicts: Iterable[str] = (),
    tools: Iterable[str] = (),
    servers: Iterable[str] = (),
) -> Iterator[dict[str, Any]]:
    """Yield records with ``since <= ts <= until`` (strings from :func:`parse_time_bound`),
    whose verdict (or kind) is one of ``verdicts``, tool one of ``tools`` and server one of
    ``servers`` (each when given): a ``listing`` record matches a tool it names (a long name
    as the record cuts it)."""
    vset, tset, sset = frozenset(verdicts), frozenset(tools), frozenset(servers)
    tset |= {cut(t, NAME_CHARS) for t in tset}
    for rec in records:
        ts = str(rec.get("ts", ""))
        if since is not None and ts < since:
            continue
        if until is not None and ts > until:
            continue
        if vset and record_verdict(rec) not in vset:
            continue
        if tset and tset.isdisjoint(named_tools(rec)):
            continue
        if sset and str(rec.get("server")) not in sset:
            continue
        yield rec
