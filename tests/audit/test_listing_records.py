"""The ``listing`` record of a tools/list page that hid or flagged tools (audit/listing.py),
and the readers that show it: ``cordon audit show --tool`` and the review pack.

A hostile server chooses how many tools a page hides, how long their names are and how often
the client lists them again: the record's size must not grow with any of them, the same set
listed again must cost (almost) nothing, and a reviewer must still find which tools were
hidden and why.
"""

from __future__ import annotations

from pathlib import Path

import orjson

from cordon._types import Finding, Verdict
from cordon.approvals.display import cut
from cordon.audit.listing import (
    MAX_NAMED,
    MAX_PER_RULE,
    MAX_TOLD,
    NAME_CHARS,
    ListingAudit,
    as_per_tool,
    listing_entries,
    named_tools,
)
from cordon.audit.log import AuditLog, verify
from cordon.audit.query import filter_records
from cordon.audit.report import build_report, render_markdown
from tests.conftest import run_cordon


def _hidden(n: int, width: int = 200, rule: str = "pin.unknown_tool") -> dict[str, Verdict]:
    return {
        f"t{i}_".ljust(width, "x"): Verdict(verdict="deny", rule=rule, reason="r") for i in range(n)
    }


def _poisoned() -> dict[str, Verdict]:
    v = Verdict(
        verdict="deny",
        rule="content.poisoned_definition",
        reason="tool 'weather' definition carries inj.directive_tag",
        details={"rules": ["inj.directive_tag"]},
    )
    return {"weather": v}


def test_a_page_hiding_many_long_names_is_one_bounded_record() -> None:
    hidden = {**_hidden(1500), **_poisoned()}
    rec = ListingAudit().record(listing_entries(hidden, {}, ()))
    assert rec is not None
    size = len(orjson.dumps(rec))
    assert size < 4096, size  # one record a tool was ~780 bytes each, 1,500 of them
    assert rec["hidden"] == 1501 and rec["flagged"] == 0
    assert rec["rules"] == {"content.poisoned_definition": 1, "pin.unknown_tool": 1500}
    names = named_tools(rec)
    # every rule is named before any gets more: the poisoned tool is not crowded out
    assert "weather" in names
    assert len(names) == 1 + MAX_PER_RULE and rec["more"] == 1501 - len(names)
    assert all(len(n) <= NAME_CHARS for n in names)
    assert rec["digest"].startswith("sha256:")


def test_the_names_are_capped_in_all() -> None:
    hidden: dict[str, Verdict] = {}
    for rule in ("pin.changed", "pin.unknown_tool", "pin.duplicate_tool", "content.x", "c.y"):
        hidden |= {f"{rule}-{i}": Verdict(verdict="deny", rule=rule, reason="") for i in range(9)}
    rec = ListingAudit().record(listing_entries(hidden, {}, ()))
    assert rec is not None and len(rec["tools"]) == MAX_NAMED
    named_rules = {e["rule"] for e in rec["tools"]}
    assert len(named_rules) == 5  # each rule named at least once


def test_the_same_set_again_is_short_and_logarithmic() -> None:
    audit = ListingAudit()
    entries = listing_entries(_hidden(1500), {}, ())
    first = audit.record(entries)
    assert first is not None and "tools" in first
    again = [audit.record(list(reversed(entries))) for _ in range(16)]  # order: same set
    written = [r for r in again if r is not None]
    assert [r["repeat"] for r in written] == [1, 2, 4, 8, 16]
    assert all("tools" not in r and r["digest"] == first["digest"] for r in written)
    assert all(len(orjson.dumps(r)) < 256 for r in written)
    # another set (one reason changed) is recorded whole again
    other = dict(_hidden(1500))
    name = next(iter(other))
    other[name] = Verdict(verdict="deny", rule="pin.changed", reason="r")
    changed = audit.record(listing_entries(other, {}, ()))
    assert changed is not None and "tools" in changed and changed["digest"] != first["digest"]


def test_flagged_definitions_are_entries_too() -> None:
    f = Finding(rule="exfil.url_slot", category="exfiltration", severity="medium", span=(0, 1))
    found = {"get": [f]}
    rec = ListingAudit().record(listing_entries({}, found, {"get"}))
    assert rec is not None and rec["hidden"] == 0 and rec["flagged"] == 1
    (one,) = as_per_tool([rec])
    assert one["kind"] == "content" and one["where"] == "definition"
    assert (one["tool"], one["rules"], one["action"]) == ("get", ["exfil.url_slot"], "sanitise")
    assert ListingAudit().record(listing_entries({}, {}, ())) is None


def _log(path: Path) -> Path:
    audit = ListingAudit()
    changed = {
        "send": Verdict(
            verdict="deny", rule="pin.changed", reason="", details={"changed_fields": ["x"]}
        )
    }
    hidden = {**_hidden(40), **_poisoned(), **changed}
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="srv", session="s1")
    for _ in range(3):
        rec = audit.record(listing_entries(hidden, {}, ()))
        if rec is not None:
            log.write({"session": "s1", "server": "srv", **rec})
    log.close()
    return path


def test_audit_show_finds_a_hidden_tool_by_name(tmp_path: Path) -> None:
    path = _log(tmp_path / "audit.jsonl")
    assert verify(path).ok
    long_name = next(iter(_hidden(1)))
    recs = list(filter_records(_records(path)))
    assert [r["kind"] for r in recs] == ["start", "listing", "listing", "listing"]
    assert len(list(filter_records(_records(path), tools=["weather"]))) == 1
    assert len(list(filter_records(_records(path), tools=[long_name]))) == 1  # cut alike
    assert not list(filter_records(_records(path), tools=["t39_"]))
    home = tmp_path / "home"
    home.mkdir()
    shown = run_cordon(home, "audit", "show", str(path), "--tool", "weather")
    assert shown.returncode == 0, shown.stderr
    assert "1 record(s)" in shown.stdout and "content.poisoned_definition" in shown.stdout


def _records(path: Path) -> list[dict[str, object]]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def test_the_review_pack_reads_listing_records(tmp_path: Path) -> None:
    data = build_report(audit=_log(tmp_path / "audit.jsonl"))
    counts = {(r, v): n for r, v, n in data.rule_counts}
    # counted over the whole set, once per set (its repeats add nothing)
    assert counts[("pin.unknown_tool", "hidden")] == 40
    assert counts[("pin.changed", "hidden")] == 1
    assert counts[("content.poisoned_definition", "hidden")] == 1
    assert [(r["tool"], r["changed_fields"]) for r in data.rug_pulls] == [("send", ["x"])]
    assert any(row[1] == "weather" for row in data.content_findings)
    md = render_markdown(data)
    assert "weather" in md and "send" in md


def test_a_new_hiding_is_named_before_tools_named_already() -> None:
    # a rug pull added to a set whose rule already fills its names: the new record must
    # name the new tool, not the decoys the earlier record named (a count rising by one
    # said nothing of which tool)
    audit = ListingAudit()
    decoys = _hidden(MAX_PER_RULE, width=8, rule="pin.changed")
    assert audit.record(listing_entries(decoys, {}, ())) is not None
    pulled = {"zz_send": Verdict(verdict="deny", rule="pin.changed", reason="r")}
    rec = audit.record(listing_entries({**decoys, **pulled}, {}, ()))
    assert rec is not None and "zz_send" in named_tools(rec), named_tools(rec)
    # and a tool shown flagged joining decoys flagged before
    f = Finding(rule="exfil.url_slot", category="exfiltration", severity="medium", span=(0, 1))
    flagged = {f"a{i}": [f] for i in range(MAX_PER_RULE)}
    audit = ListingAudit()
    assert audit.record(listing_entries({}, flagged, ())) is not None
    rec = audit.record(listing_entries({}, {**flagged, "zz_get": [f]}, ()))
    assert rec is not None and "zz_get" in named_tools(rec), named_tools(rec)
    # long names too: the record cuts them, what was named is remembered whole
    audit = ListingAudit()
    long_decoys = _hidden(MAX_PER_RULE, width=400, rule="pin.changed")
    assert audit.record(listing_entries(long_decoys, {}, ())) is not None
    rec = audit.record(listing_entries({**long_decoys, **pulled}, {}, ()))
    assert rec is not None and "zz_send" in named_tools(rec), named_tools(rec)


def _told(records: list[dict[str, object]]) -> set[tuple[str, str]]:
    return {(str(r["tool"]), str(r.get("rule"))) for r in as_per_tool(records)}


def test_every_hidden_tool_is_named_once_beyond_the_records_names() -> None:
    # more tools hidden under one rule than a record names: the rest are named in bounded
    # name records beside it, once; the same set again names nothing anew
    audit = ListingAudit()
    hidden = {**_hidden(1500), **_poisoned()}
    first = audit.records(listing_entries(hidden, {}, ()))
    cut_names = {(cut(n, NAME_CHARS), v.rule) for n, v in hidden.items()}
    assert _told(first) == cut_names and len(cut_names) == 1501
    assert all(len(orjson.dumps(r)) < 40 * 1024 for r in first)
    # no more than the names themselves: a named tool costs its (cut) name and a few bytes
    assert sum(len(orjson.dumps(r)) for r in first) < 1501 * (NAME_CHARS + 8)
    again = [r for _ in range(8) for r in audit.records(listing_entries(hidden, {}, ()))]
    assert not _told(again) and all(len(orjson.dumps(r)) < 256 for r in again)
    # a rug pull added later: named (its set is new), the names told before are not again
    pulled = {**hidden, "zz_send": Verdict(verdict="deny", rule="pin.changed", reason="r")}
    later = audit.records(listing_entries(pulled, {}, ()))
    assert ("zz_send", "pin.changed") in _told(later) and len(_told(later)) <= 1 + MAX_NAMED


def test_naming_is_bounded_per_process() -> None:
    # a server listing ever-new names: each is named once, up to a budget for the process;
    # past it, a record counts them (``unnamed``) and writes no name records
    audit = ListingAudit()
    told = 0
    for k in range(40):
        v = Verdict(verdict="deny", rule="pin.unknown_tool", reason="")
        hidden = {f"f{k}_{i}": v for i in range(1000)}
        recs = audit.records(listing_entries(hidden, {}, ()))
        told += len(_told(recs))
    assert MAX_TOLD <= told <= MAX_TOLD + 40 * MAX_PER_RULE
    assert recs[0]["unnamed"] == 1000 - MAX_PER_RULE and len(recs) == 1
