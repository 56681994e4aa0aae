"""What coalescing (audit/repeats.py) must never fold into a count: an event whose digits are
what it says (where every later request goes), a client's answer withheld for a secret
(a DLP verdict naming the server's request), and a record orjson cannot write (written, not
raised past the log)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cordon.audit.log import AuditLog, verify
from cordon.audit.repeats import Repeats, coalesced


class _Log:
    def __init__(self) -> None:
        self.out: list[dict[str, Any]] = []

    def write(self, rec: Any) -> dict[str, Any]:
        self.out.append({"seq": len(self.out) + 1, **rec})
        return self.out[-1]


def _redirect(path: str) -> dict[str, Any]:
    why = f"cordon: https://mcp.example/mcp redirects to https://mcp.example{path} (same origin)"
    return {"kind": "upstream", "event": "redirected", "reason": why}


def test_each_redirect_to_another_path_is_written_whatever_its_digits() -> None:
    # a server moving cordon to /v1 .. /v5: each move says where every later request goes;
    # with the digits masked /v4 was a repeat between the powers of two and never written
    log = _Log()
    r = Repeats(log.write, clock=lambda: 0.0)
    for n in range(1, 6):
        r.write(_redirect(f"/v{n}"))
    r.flush()
    said = [x["reason"] for x in log.out]
    assert all(any(f"/v{n} " in s for s in said) for n in range(1, 6)), said
    # a ping-pong between two paths is still two events, counted
    log2 = _Log()
    r2 = Repeats(log2.write, clock=lambda: 0.0)
    for _ in range(20):
        r2.write(_redirect("/a1"))
        r2.write(_redirect("/a2"))
    assert sum(1 for x in log2.out if "repeat" not in x) == 2
    assert len(log2.out) < 16


def test_a_client_answer_withheld_for_a_secret_is_written_each_time() -> None:
    # the client's answer to a server request carried a secret: a DLP verdict on the
    # client's data naming the request it answers, matched to it by a reader (as a refused
    # frame naming a request is): a server asking again and again must not fold the 4th
    rec = {
        "kind": "server_request",
        "request": "answer",
        "action": "refuse",
        "rule": "secret.egress",
        "reason": "the answer carries a registered secret",
    }
    assert not coalesced({**rec, "id": 7})
    log = _Log()
    r = Repeats(log.write, clock=lambda: 0.0)
    for i in range(6):
        r.write({**rec, "id": i})
    assert [x["id"] for x in log.out] == list(range(6))
    assert not any("repeat" in x for x in log.out)


def test_a_record_orjson_cannot_write_goes_to_the_log_not_raised() -> None:
    # an integer past 64 bits (Python's json reads one exactly) or a lone surrogate (the
    # same parser's "\ud800"): orjson.dumps raises TypeError on each, and the event's
    # identity raised out of Repeats.write before the log saw the record; what the log does
    # with it is the log's (a record it cannot write fails as every other such record)
    log = _Log()
    r = Repeats(log.write, clock=lambda: 0.0)
    odd: list[dict[str, Any]] = [
        {"kind": "frame_refused", "direction": "server", "reason": "x", "n": 2**70},
        {"kind": "frame_refused", "direction": "server", "reason": "bad \ud800 key"},
    ]
    for rec in odd:
        assert coalesced(rec)
        r.write(rec)
        r.write(rec)
    r.flush()
    assert [x.get("repeat") for x in log.out] == [None, 1, None, 1]
    assert log.out[0]["n"] == 2**70 and log.out[2]["reason"] == "bad \ud800 key"


def test_the_chain_verifies_with_redirects_and_answers_written_whole(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="srv", session="s1")
    r = Repeats(log.write)
    for n in range(300):
        r.write(_redirect(f"/v{n % 7}"))
        r.write({"kind": "server_request", "request": "answer", "action": "refuse", "id": n})
    r.flush()
    log.close()
    assert verify(path).ok


def test_verify_finds_a_repeat_count_changed_or_a_repeat_removed(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="srv", session="s1")
    r = Repeats(log.write)
    refused = {"kind": "frame_refused", "direction": "server", "reason": "parse error"}
    for _ in range(10):
        r.write(refused)
    r.flush()
    log.close()
    lines = path.read_bytes().splitlines(keepends=True)
    assert verify(path).ok and b'"repeat":4' in lines[4]
    path.write_bytes(
        b"".join([*lines[:4], lines[4].replace(b'"repeat":4', b'"repeat":1'), *lines[5:]])
    )
    assert not verify(path).ok
    path.write_bytes(b"".join([*lines[:4], *lines[5:]]))
    assert not verify(path).ok
