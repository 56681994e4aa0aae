"""``cordon audit verify`` tells a reader what kind of change broke the chain, from the
records' numbers: a record removed from the middle, records swapped (two processes' records
put in each other's place), a record copied in again, and a record altered with its hash
recomputed. Each was the same sentence ("a record before it was altered, removed or
inserted"), so an engineer could not tell a deletion from a reordering."""

from __future__ import annotations

import hashlib
from pathlib import Path

import orjson

from cordon.audit.log import AuditLog
from cordon.audit.verify import verify


def _log(path: Path, n: int = 8) -> list[bytes]:
    """``n`` records written by two writers (two cordon run processes) in turn."""
    one, two = AuditLog(path), AuditLog(path)
    for i in range(n):
        (one if i % 2 else two).write({"kind": "verdict", "server": f"s{i % 2}", "n": i})
    one.close()
    two.close()
    return path.read_bytes().splitlines()


def _save(path: Path, lines: list[bytes]) -> str:
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = verify(path)
    assert not result.ok
    return result.message


def test_a_record_removed_from_the_middle_is_named(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    lines = _log(path)
    msg = _save(path, lines[:3] + lines[4:])
    assert "line 4:" in msg and "record 5 follows record 3: record 4 was removed" in msg, msg
    lines = _log(path := tmp_path / "b.jsonl")
    msg = _save(path, lines[:2] + lines[5:])
    assert "records 3 to 5 were removed" in msg, msg


def test_two_processes_records_swapped_are_told_from_a_removal(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    lines = _log(path)
    assert orjson.loads(lines[3])["server"] != orjson.loads(lines[4])["server"]
    lines[3], lines[4] = lines[4], lines[3]
    msg = _save(path, lines)
    assert "line 4:" in msg and "record 5 follows record 3, and record 4 comes later" in msg
    assert "moved (reordered or swapped)" in msg and "removed" not in msg, msg


def test_a_record_copied_in_again_is_a_repeat(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    lines = _log(path)
    msg = _save(path, [*lines[:5], lines[2], *lines[5:]])
    assert "line 6:" in msg and "record 3 follows record 5" in msg, msg
    assert "moved or repeated" in msg, msg


def test_an_altered_record_with_its_hash_recomputed(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    lines = _log(path)
    rec = orjson.loads(lines[2])
    rec["n"] = 99
    del rec["hash"]
    body = orjson.dumps(rec)
    lines[2] = body[:-1] + b',"hash":"' + hashlib.sha256(body).hexdigest().encode() + b'"}'
    msg = _save(path, lines)
    assert "line 4:" in msg and "the numbers follow on" in msg, msg
    assert "altered and its hash recomputed" in msg, msg


def test_a_forged_number_far_off_names_one_record(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    lines = _log(path)
    rec = orjson.loads(lines[4])
    rec["seq"], rec["prev"] = 10**15, "0" * 64
    del rec["hash"]
    body = orjson.dumps(rec)
    lines[4] = body[:-1] + b',"hash":"' + hashlib.sha256(body).hexdigest().encode() + b'"}'
    msg = _save(path, lines)
    assert f"line 5: prev does not match the previous record's hash: record {10**15}" in msg
    assert "and record 6 comes later" in msg, msg  # not every number in between
