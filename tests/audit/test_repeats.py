"""Coalescing the records a peer can repeat at will (audit/repeats.py): the first of each
distinct event whole, its repeats counted at the 1st, 2nd, 4th ... and once a period, the
exact count on the way out; every other record written as it comes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from cordon.audit.log import AuditLog, verify
from cordon.audit.repeats import MAX_EVENTS, PERIOD_S, EventCount, Repeats, coalesced
from tests.conftest import run_cordon

REFUSED = {"kind": "frame_refused", "direction": "server", "reason": "parse error: not valid JSON"}


class _Log:
    def __init__(self) -> None:
        self.out: list[dict[str, Any]] = []

    def write(self, rec: Any) -> dict[str, Any]:
        self.out.append({"seq": len(self.out) + 1, **rec})
        return self.out[-1]


def test_repeats_are_counted_at_powers_of_two_then_exactly_at_the_end() -> None:
    log = _Log()
    r = Repeats(log.write, clock=lambda: 0.0)
    for i in range(100):
        r.write({**REFUSED, "size": i})
    assert log.out[0] == {"seq": 1, **REFUSED, "size": 0}  # the first, whole
    assert [x["repeat"] for x in log.out[1:]] == [1, 2, 4, 8, 16, 32, 64]
    assert all(x["first_seq"] == 1 for x in log.out[1:])
    assert log.out[-1]["size"] == 64  # the record of that repeat: the last one seen then
    r.flush()
    assert log.out[-1]["repeat"] == 99 and log.out[-1]["final"] and log.out[-1]["size"] == 99
    r.flush()  # nothing new: nothing more
    assert len(log.out) == 9


def test_distinct_events_are_each_written_whole() -> None:
    log = _Log()
    r = Repeats(log.write, clock=lambda: 0.0)
    verdict = {"kind": "verdict", "tool": "t", "verdict": "allow"}
    for _ in range(3):
        r.write(verdict)  # not coalesced: every one
        r.write({**REFUSED, "direction": "client"})
        r.write(REFUSED)
        r.write({"kind": "content", "where": "notification", "rules": ["inj.x"]})
        r.write({"kind": "content", "where": "result", "tool": "t", "rules": ["inj.x"]})
        r.write({"kind": "upstream", "event": "redirected", "reason": "to /a"})
        r.write({"kind": "upstream", "event": "redirected", "reason": "to /b"})
    firsts = [x for x in log.out if "repeat" not in x]
    assert len(firsts) == 3 + 5 + 3  # 3 verdicts, 5 events once, 3 results found
    assert sum(1 for x in log.out if x.get("kind") == "verdict") == 3
    # the digits of a reason (a parser's column, a size) do not make another event
    log2 = _Log()
    r2 = Repeats(log2.write, clock=lambda: 0.0)
    for col in range(5):
        r2.write({**REFUSED, "reason": f"unexpected character: line 1 column {col}"})
    assert [x.get("repeat") for x in log2.out] == [None, 1, 2, 4]


def test_a_slow_drip_is_written_once_a_period() -> None:
    log = _Log()
    now = [0.0]
    r = Repeats(log.write, clock=lambda: now[0])
    for _ in range(40):
        r.write(REFUSED)
        now[0] += PERIOD_S / 2
    assert [x.get("repeat") for x in log.out] == [None, 1, 2, 4, 6, 8, *range(10, 40, 2)]


def test_a_forgotten_event_is_written_with_its_count_and_again_whole() -> None:
    log = _Log()
    r = Repeats(log.write, clock=lambda: 0.0)
    r.write(REFUSED)
    r.write(REFUSED)
    r.write(REFUSED)
    r.write(REFUSED)  # repeat 3: counted, not written
    for i in range(MAX_EVENTS):
        r.write({**REFUSED, "reason": f"reason {chr(65 + i % 26)}{i // 26 * 'x'}"})
    told = [x for x in log.out if x.get("final")]
    assert told and told[0]["repeat"] == 3 and told[0]["reason"] == REFUSED["reason"]
    r.write(REFUSED)
    assert log.out[-1] == {"seq": len(log.out), **REFUSED}


def test_only_peer_repeatable_records_are_coalesced() -> None:
    assert coalesced(REFUSED)
    # a refusal naming a request (its output withheld) is about that call: each whole
    withheld = "shared taint store unwritable: output withheld"
    assert not coalesced({**REFUSED, "reason": withheld, "id": 3})
    assert coalesced({"kind": "content", "where": "notification"})
    assert coalesced({"kind": "upstream", "event": "redirected"})
    assert not coalesced({"kind": "upstream", "event": "session_not_renewed"})
    assert not coalesced({"kind": "content", "where": "result"})
    assert coalesced({"kind": "server_request", "request": "sampling", "action": "refuse"})
    assert not coalesced({"kind": "server_request", "request": "sampling", "action": "deliver"})
    assert not coalesced({"kind": "verdict"})


def test_the_chain_verifies(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="srv", session="s1")
    r = Repeats(log.write)
    for i in range(1000):
        r.write({**REFUSED, "size": i})
    r.flush()
    log.close()
    assert verify(path).ok
    lines = path.read_bytes().splitlines()
    assert len(lines) == 1 + 1 + 10 + 1  # start, the first, 1..512, the final count
    assert orjson.loads(lines[-1])["repeat"] == 999


def test_audit_show_says_a_repeat_and_its_count(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="srv", session="s1")
    r = Repeats(log.write)
    for _ in range(6):
        r.write(REFUSED)
    r.flush()
    log.close()
    home = tmp_path / "home"
    home.mkdir()
    shown = run_cordon(home, "audit", "show", str(path))
    assert shown.returncode == 0, shown.stderr
    assert "repeat 4 of seq 2: parse error" in shown.stdout, shown.stdout
    assert "repeat 5 of seq 2, the last count: parse error" in shown.stdout, shown.stdout


def _events(records: list[dict[str, Any]]) -> int:
    count = EventCount()
    return sum(count.weight(rec) for rec in records)


def test_a_reader_counts_the_events_the_records_stand_for() -> None:
    log = _Log()
    r = Repeats(log.write, clock=lambda: 0.0)
    other = {**REFUSED, "reason": "response to an unknown id"}
    for _ in range(1000):
        r.write(REFUSED)
    for _ in range(37):
        r.write(other)
    # a process killed before its flush: the largest repeat written is what is known
    assert _events(log.out) == 1 + 512 + 1 + 32
    r.flush()
    assert len(log.out) == 20  # 1 + 10 + 1 (final), 1 + 6 + 1
    assert _events(log.out) == 1000 + 37
    # a record read twice, or a verdict between, adds nothing more than itself
    assert _events([*log.out, log.out[-1]]) == 1037
    assert _events([*log.out, {"kind": "verdict", "verdict": "deny"}]) == 1038


def test_a_listing_repeat_is_one_record_of_a_set_seen_again() -> None:
    assert _events([{"kind": "listing", "repeat": 8, "digest": "d"}]) == 1
