"""The audit record of a tools/list page that hid or flagged tools (``kind: listing``).

A server decides how many tools a page lists, how long their names are, and how often the
client lists them again (it sends ``notifications/tools/list_changed``). One record per
hidden tool on every list let a hostile server write more audit bytes than it listed, again
on each re-list, until rotation dropped the kept history (docs/threat-model.md). So:

* a page that hides or flags any tool is one record. It names at most :data:`MAX_PER_RULE`
  tools per rule and :data:`MAX_NAMED` in all (every rule gets names before any rule gets
  more, so a poisoned tool is not crowded out by many new ones), each name cut to
  :data:`NAME_CHARS` characters, with the count of each rule over the whole set, the count
  left unnamed (``more``) and a digest of the whole set (each name whole, its rule, details
  and action): the same digest is the same set. Within a rule, entries this process has not
  named before come first: a tool hidden anew beside decoys named already (a rug pull added
  to a full rule) is named, not only counted.
* a page whose set this process recorded before writes a short record (counts, digest,
  ``repeat``: how many times the set came again) at its 1st, 2nd, 4th, 8th ... repeat and
  nothing in between: N repeats cost about log2(N) short lines.
* every hidden tool is named once: the hidden entries a page's first record of its set does
  not name, and no record of this process named before (by name and rule), are named in
  name records beside it (``part``: 1, 2 ...; ``names``: rule -> names cut alike), each at
  most :data:`PART_CHARS` characters of names. A name costs the process its cut name and a
  few bytes once (a server listing it sent the whole name and more), the same set again
  names nothing anew, and :data:`MAX_TOLD` names in all bound what a server listing
  ever-new names can make a process write and remember: past it a record counts the hidden
  entries it leaves unnamed (``unnamed``) and writes no name record.
* an entry is what the per-tool record held (``tool``, ``rule`` and ``details`` for a hidden
  tool; ``rules`` and ``action`` for one flagged and shown), without the reason, which only
  renders the name, rule and details again.

Readers (``cordon audit show --tool``, ``cordon report``) see the named tools through
:func:`named_tools` and :func:`per_tool`; logs written before hold one ``pin`` or ``content``
record per tool, read as before.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import orjson

from cordon._types import Finding, Verdict
from cordon.approvals.display import cut

__all__ = [
    "MAX_NAMED",
    "MAX_PER_RULE",
    "MAX_TOLD",
    "NAME_CHARS",
    "PART_CHARS",
    "ListingAudit",
    "as_per_tool",
    "listing_entries",
    "named_tools",
    "per_tool",
    "summary",
]

#: the most tools one record names under one rule, and in all
MAX_PER_RULE = 8
MAX_NAMED = 24
#: the most characters of a named tool (its start and end; the digest covers it whole)
NAME_CHARS = 128
#: the most distinct sets one process remembers for repeats (the oldest is forgotten first)
MAX_SEEN = 1024
#: the most named entries one process remembers as named (the oldest is forgotten first)
MAX_NAMED_SEEN = 8192
#: the most hidden names (name and rule) one process names in all, records and name records
MAX_TOLD = 16384
#: the most characters of names one name record holds
PART_CHARS = 16384
_FLAGGED = "flagged"  # the group of tools shown with findings under the block threshold


def listing_entries(
    hidden: Mapping[str, Verdict],
    findings: Mapping[str, Iterable[Finding]],
    rewritten: Iterable[str],
) -> list[dict[str, Any]]:
    """One entry per tool a page hid (its verdict's rule and details) or showed with
    findings in its definition (their rules; ``action: sanitise`` when shown rewritten)."""
    out: list[dict[str, Any]] = []
    for name, v in hidden.items():
        out.append({"tool": name, "rule": v.rule} | ({"details": v.details} if v.details else {}))
    shown_rewritten = frozenset(rewritten)
    for name, found in findings.items():
        if name not in hidden:
            rules = sorted({f.rule for f in found})
            extra = {"action": "sanitise"} if name in shown_rewritten else {}
            out.append({"tool": name, "rules": rules} | extra)
    return out


def _key(entry: Mapping[str, Any]) -> str:
    return str(entry.get("rule", _FLAGGED))


def _digest(entries: list[dict[str, Any]]) -> str:
    ordered = sorted(entries, key=lambda e: (str(e["tool"]), _key(e)))
    return (
        "sha256:" + hashlib.sha256(orjson.dumps(ordered, option=orjson.OPT_SORT_KEYS)).hexdigest()
    )


def _entry_id(entry: Mapping[str, Any]) -> bytes:
    return hashlib.sha256(orjson.dumps(entry, option=orjson.OPT_SORT_KEYS)).digest()[:16]


def _named(entries: list[dict[str, Any]], before: Mapping[bytes, None]) -> list[dict[str, Any]]:
    """The entries a record names: rule by rule, those not named ``before`` first, then by
    name, each rule's first before any rule's second, at most :data:`MAX_PER_RULE` a rule
    and :data:`MAX_NAMED` in all."""
    groups: dict[str, list[dict[str, Any]]] = {}
    order = sorted(entries, key=lambda e: (_key(e), _entry_id(e) in before, str(e["tool"])))
    for e in order:
        groups.setdefault(_key(e), []).append(e)
    picked: list[dict[str, Any]] = []
    for i in range(MAX_PER_RULE):
        for group in groups.values():
            if i < len(group) and len(picked) < MAX_NAMED:
                picked.append(group[i])
    picked.sort(key=lambda e: (_key(e), str(e["tool"])))
    return picked


class ListingAudit:
    """The ``listing`` records of one server's tools/list pages, for one process."""

    def __init__(self) -> None:
        #: digest of a set recorded -> how many times it came again since
        self.seen: dict[str, int] = {}
        #: the entries a record named (:func:`_entry_id`), insertion-ordered
        self.named: dict[bytes, None] = {}
        #: the hidden names (name and rule, :func:`_told_id`) named by any record
        self.told: set[bytes] = set()

    def records(self, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The records for a page's ``entries``: :meth:`record`, then the name records of
        the hidden entries neither it nor an earlier record named (none once
        :data:`MAX_TOLD` names were told; the record counts them as ``unnamed``)."""
        rec = self.record(entries)
        if rec is None or "tools" not in rec:
            return [] if rec is None else [rec]
        in_rec = {(e["tool"], e["rule"]) for e in rec["tools"] if "rule" in e}  # (names cut)
        rest: dict[str, list[str]] = {}
        unnamed = 0
        for e in sorted((e for e in entries if "rule" in e), key=lambda e: (_key(e), e["tool"])):
            ident, shown = _told_id(e), cut(str(e["tool"]), NAME_CHARS)
            if (shown, e["rule"]) in in_rec:
                if len(self.told) < MAX_TOLD:
                    self.told.add(ident)
                continue
            if ident in self.told:
                continue
            if len(self.told) >= MAX_TOLD:
                unnamed += 1
                continue
            self.told.add(ident)
            rest.setdefault(_key(e), []).append(shown)
        out = [rec | ({"unnamed": unnamed} if unnamed else {})]
        part: dict[str, list[str]] = {}
        size = 0
        for rule, names in rest.items():
            for name in names:
                if size + len(name) > PART_CHARS:
                    out.append(_part(rec, len(out), part))
                    part, size = {}, 0
                part.setdefault(rule, []).append(name)
                size += len(name)
        if part:
            out.append(_part(rec, len(out), part))
        return out

    def record(self, entries: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The record for a page's ``entries`` (:func:`listing_entries`), or None: nothing
        hidden or flagged, or a repeat that is not the 1st, 2nd, 4th, 8th ... of its set."""
        if not entries:
            return None
        digest = _digest(entries)
        hidden = sum(1 for e in entries if "rule" in e)
        counts = {"hidden": hidden, "flagged": len(entries) - hidden}
        base = {"kind": "listing", "method": "tools/list", **counts, "digest": digest}
        if digest in self.seen:
            n = self.seen[digest] = self.seen[digest] + 1
            return {**base, "repeat": n} if n & (n - 1) == 0 else None
        if len(self.seen) >= MAX_SEEN:
            del self.seen[next(iter(self.seen))]
        self.seen[digest] = 0
        rules = Counter(_key(e) for e in entries if "rule" in e)
        picked = _named(entries, self.named)
        for e in picked:  # (the entry whole: a long name is cut only in the record)
            self.named.pop(ident := _entry_id(e), None)
            self.named[ident] = None
        while len(self.named) > MAX_NAMED_SEEN:
            del self.named[next(iter(self.named))]
        named = [{**e, "tool": cut(str(e["tool"]), NAME_CHARS)} for e in picked]
        more = len(entries) - len(named)
        return {**base, "rules": dict(sorted(rules.items())), "tools": named} | (
            {"more": more} if more else {}
        )


def _told_id(entry: Mapping[str, Any]) -> bytes:
    return hashlib.sha256(orjson.dumps([entry["tool"], entry.get("rule")])).digest()[:16]


def _part(rec: Mapping[str, Any], n: int, names: dict[str, list[str]]) -> dict[str, Any]:
    """Name record ``n`` of a listing record: ``names`` by rule, the record's digest."""
    return {"kind": "listing", "method": rec["method"], "digest": rec["digest"], "part": n} | {
        "names": names
    }


def _names(rec: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """A name record's ``(tool, rule)`` pairs."""
    names = rec.get("names")
    for rule, tools in names.items() if isinstance(names, dict) else ():
        for tool in tools if isinstance(tools, list) else ():
            yield str(tool), str(rule)


def named_tools(rec: Mapping[str, Any]) -> list[str]:
    """The tool names a record names: its ``tool``, or a listing record's named entries."""
    tools = rec.get("tools") if rec.get("kind") == "listing" else None
    if isinstance(tools, list):
        return [str(e.get("tool")) for e in tools if isinstance(e, dict)]
    if rec.get("kind") == "listing":
        return [tool for tool, _ in _names(rec)]
    tool = rec.get("tool")
    return [tool] if isinstance(tool, str) else []


def per_tool(rec: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """A listing record's named entries as the per-tool records logs held before: ``pin``
    for a ``pin.*`` rule, ``content`` for another hiding rule, ``content`` with ``where:
    definition`` for a tool shown flagged; with the record's ``ts``, ``seq``, ``session``
    and ``server``."""
    tools = rec.get("tools") if rec.get("kind") == "listing" else None
    common = {k: rec[k] for k in ("ts", "seq", "session", "server") if k in rec}
    for name, by in _names(rec) if rec.get("kind") == "listing" else ():
        yield {**common, "kind": "pin" if by.startswith("pin.") else "content"} | {
            "tool": name,
            "rule": by,
        }
    if not isinstance(tools, list):
        return
    for e in tools:
        if not isinstance(e, dict):
            continue
        rule = e.get("rule")
        if rule is None:
            yield {**common, "kind": "content", "where": "definition", **e}
        else:
            yield {**common, "kind": "pin" if str(rule).startswith("pin.") else "content", **e}


def as_per_tool(records: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """``records`` with each listing record replaced by :func:`per_tool` of it: the shape
    of logs written before (a repeat, naming no tool, gives nothing)."""
    for rec in records:
        if rec.get("kind") == "listing":
            yield from per_tool(rec)
        else:
            yield dict(rec)


def summary(rec: Mapping[str, Any]) -> tuple[str, str, str]:
    """A listing record as a table row shows it: ``(tools, rules, reason)``."""
    shown: list[str] = []
    for name in named_tools(rec):  # as many as a table's cell holds, then how many more
        piece = cut(name, 40)
        if shown and len(", ".join([*shown, piece])) > 48:
            break
        shown.append(piece)
    # (a rewritten log's record may hold other types: read as absent, not a traceback)
    hidden, flagged = (n if type(n) is int else 0 for n in (rec.get("hidden"), rec.get("flagged")))
    rest = hidden + flagged - len(shown)
    tools = ", ".join(shown) + (f" +{rest} more" if rest > 0 else "")
    rules = ", ".join(str(r) for r in _mapping(rec.get("rules")))
    digest = str(rec.get("digest", ""))[:19]
    counts = f"hid {rec.get('hidden', 0)}, flagged {rec.get('flagged', 0)} listed tool(s)"
    if rec.get("part"):
        rules = ", ".join(str(r) for r in _mapping(rec.get("names")))
        n = len(named_tools(rec))
        return tools, rules, f"named {n} more hidden tool(s) of the set ({digest})"
    if rec.get("repeat"):
        return "", rules, f"{counts}: the same set again (repeat {rec['repeat']}, {digest})"
    return tools, rules, f"{counts} ({digest})"


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}
