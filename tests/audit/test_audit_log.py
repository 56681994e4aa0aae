"""The hash-chained audit log: format, chain, rotation, concurrency, tamper detection."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import stat
from pathlib import Path

import orjson
import pytest

from cordon._exceptions import AuditError
from cordon.audit.log import (
    GENESIS,
    AuditLog,
    chain_files,
    record_for_call,
    sanitize,
    verify,
)


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def _verdict(i: int = 0, **kw: object) -> dict[str, object]:
    return record_for_call(
        session="s1",
        server="fs",
        tool="write_file",
        arguments={"path": f"/tmp/x{i}", "content": "hello"},
        verdict="deny",
        rule="args.path_prefix",
        reason="path outside the allowed prefixes",
        **kw,  # type: ignore[arg-type]
    )


def test_file_and_dir_modes(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "audit.jsonl"
    log = AuditLog(path)
    log.write({"kind": "note"})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_record_shape_and_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    first = log.start(version="0.1.0", policy_hash="ab" * 32, server="fs", session="s1")
    second = log.write(_verdict())
    lines = _lines(path)
    assert len(lines) == 2
    one, two = orjson.loads(lines[0]), orjson.loads(lines[1])
    assert one == first and two == second
    assert one["kind"] == "start" and one["version"] == "0.1.0" and one["policy_hash"] == "ab" * 32
    assert one["seq"] == 1 and two["seq"] == 2
    assert one["prev"] == GENESIS
    assert two["prev"] == one["hash"]
    # ts: UTC, milliseconds, Z
    assert len(one["ts"]) == 24 and one["ts"].endswith("Z") and one["ts"][19] == "."
    # hash covers the line's bytes before the hash field
    body = lines[1][: lines[1].rindex(b',"hash":')] + b"}"
    assert hashlib.sha256(body).hexdigest() == two["hash"]
    # key order: ts, seq first; prev, hash last
    assert list(two)[:2] == ["ts", "seq"] and list(two)[-2:] == ["prev", "hash"]
    assert verify(path).ok and verify(path).records == 2


def test_reserved_keys_refused(tmp_path: Path) -> None:
    log = AuditLog(tmp_path / "a.jsonl")
    with pytest.raises(ValueError, match="reserved"):
        log.write({"kind": "x", "prev": GENESIS})
    log.write({"kind": "x", "previous": 1})  # near miss: fine


def test_chain_resumes_in_new_process_object(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    AuditLog(path).write({"kind": "a"})
    AuditLog(path).write({"kind": "b"})
    recs = [orjson.loads(x) for x in _lines(path)]
    assert [r["seq"] for r in recs] == [1, 2]
    assert recs[1]["prev"] == recs[0]["hash"]
    assert verify(path).ok


def test_interleaved_writers_share_one_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    a, b = AuditLog(path), AuditLog(path)
    for i in range(5):
        a.write({"kind": "a", "i": i})
        b.write({"kind": "b", "i": i})
    result = verify(path)
    assert result.ok, result.message
    assert result.records == 10


def test_sanitizes_control_and_ansi(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    rec = AuditLog(path).write(
        {"kind": "x", "reason": "ok\x1b[31mRED\x1b[0m\x07 \u202eevil", "k\x00ey": ["\x1b]0;t\x07z"]}
    )
    assert rec["reason"] == "okRED evil"
    assert rec["key"] == ["z"]
    assert sanitize("tab\tand\nnewline") == "tab\tand\nnewline"  # near miss: kept
    assert b"\x1b" not in path.read_bytes()


@pytest.mark.parametrize(
    "record",
    [
        {"kind": "x", "a": "plain", "n": [1, 2.5, None, True], "d": {"k": "v"}},
        {"kind": "x", "a": "cr\rbs\bff\fdel\x7fc1\x85esc\x1b[1m", "t": "tab\tnl\n"},
        {"kind": "x", "a": "a literal \\r and \\u0041", "k\x01": 1},
        {"kind": "x", "a": "caf\u00e9 \u202e"},
        {"kind": "x", "t": (1, "two"), "s": {"only"}, "b": b"by\x1bte", 3: "int key"},
    ],
)
def test_written_record_is_the_sanitized_record(tmp_path: Path, record: dict) -> None:
    """A record that needs no cleaning skips the copy; the bytes written are the same either
    way: those of the sanitized record."""
    out = AuditLog(tmp_path / "a.jsonl").write(record)
    want = sanitize(record)
    assert {k: v for k, v in out.items() if k not in ("ts", "seq", "prev", "hash")} == want
    line = _lines(tmp_path / "a.jsonl")[0]
    assert orjson.loads(line) == out


def test_truncates_long_arguments() -> None:
    big = "A" * 5000
    exact = "é" * 2048  # 4096 bytes: not truncated
    rec = _verdict(details={"changed_fields": ["description"]})
    rec = record_for_call(
        session="s",
        server="fs",
        tool="t",
        arguments={"big": big, "exact": exact, "nested": [{"x": big}], "n": 3},
        verdict="allow",
        rule="default.allow",
        reason="no rule objected",
    )
    args = rec["arguments"]
    assert args["big"]["truncated"] is True
    assert args["big"]["sha256"] == hashlib.sha256(big.encode()).hexdigest()
    assert args["big"]["len"] == 5000
    assert args["exact"] == exact
    assert args["nested"][0]["x"]["truncated"] is True
    assert args["n"] == 3


def test_optional_fields() -> None:
    rec = _verdict(param="to", destination="evil.example", details={"a": 1})
    assert rec["param"] == "to" and rec["destination"] == "evil.example"
    assert rec["details"] == {"a": 1}
    plain = _verdict()
    assert "param" not in plain and "details" not in plain
    assert plain["kind"] == "verdict" and plain["tool"] == "write_file"


def test_tamper_in_middle_names_that_line(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    for i in range(9):
        log.write(_verdict(i))
    lines = _lines(path)
    lines[4] = lines[4].replace(b'"deny"', b'"allow"')
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = verify(path)
    assert not result.ok
    assert result.first_bad_line == 5
    assert "line 5" in result.message


def test_rehashed_tamper_caught_at_next_link(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    for i in range(5):
        log.write(_verdict(i))
    lines = _lines(path)
    rec = orjson.loads(lines[2])
    rec["verdict"] = "allow"
    del rec["hash"]
    body = orjson.dumps(rec)
    lines[2] = body[:-1] + b',"hash":"' + hashlib.sha256(body).hexdigest().encode() + b'"}'
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = verify(path)
    assert not result.ok and result.first_bad_line == 4
    assert "prev" in result.message


def test_deleted_line_detected(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    for i in range(5):
        log.write(_verdict(i))
    lines = _lines(path)
    del lines[1]
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = verify(path)
    assert not result.ok and result.first_bad_line == 2


def test_rotation_keeps_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, max_bytes=2000, keep=3)
    for i in range(30):
        log.write(_verdict(i))
    files = chain_files(path)
    assert len(files) == 4  # .3 .2 .1 and current
    assert all(f.stat().st_size <= 2000 for f in files)
    first_current = orjson.loads(_lines(path)[0])
    last_rotated = orjson.loads(_lines(Path(f"{path}.1"))[-1])
    assert first_current["prev"] == last_rotated["hash"]
    assert first_current["seq"] == last_rotated["seq"] + 1
    result = verify(path)
    assert result.ok, result.message
    assert "rotated-away" in result.message  # oldest kept file links to a dropped one
    # tampering in a rotated file is named with that file
    rot = Path(f"{path}.2")
    lines = _lines(rot)
    lines[1] = lines[1].replace(b"/tmp/x", b"/tmp/y")
    rot.write_bytes(b"\n".join(lines) + b"\n")
    bad = verify(path)
    assert not bad.ok and bad.file == rot and bad.first_bad_line == 2


def test_rotation_by_other_process_object(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    a = AuditLog(path, max_bytes=1500)
    b = AuditLog(path, max_bytes=1500)
    for i in range(20):
        (a if i % 3 else b).write(_verdict(i))
    assert verify(path).ok, verify(path).message
    assert Path(f"{path}.1").exists()


def test_corrupt_tail_fails_closed(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b'{"not":"cordon"}\n')
    with pytest.raises(AuditError, match="not a chained"):
        AuditLog(path).write({"kind": "x"})
    path.write_bytes(b"partial")
    with pytest.raises(AuditError, match="newline"):
        AuditLog(path).write({"kind": "x"})


def test_verify_missing_and_empty(tmp_path: Path) -> None:
    assert not verify(tmp_path / "nope.jsonl").ok
    (tmp_path / "empty.jsonl").write_bytes(b"")
    res = verify(tmp_path / "empty.jsonl")
    assert res.ok and res.records == 0


def _hammer(path: str, n: int, tag: str) -> None:
    log = AuditLog(Path(path), max_bytes=20_000, keep=50)
    for i in range(n):
        log.write(_verdict(i) | {"writer": tag})


def test_many_processes_never_interleave(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_hammer, args=(str(path), 150, f"w{k}")) for k in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(30)
        assert p.exitcode == 0
    result = verify(path)
    assert result.ok, result.message
    assert result.records == 600
    writers = {orjson.loads(x)["writer"] for f in chain_files(path) for x in _lines(f)}
    assert writers == {"w0", "w1", "w2", "w3"}
    assert os.path.exists(f"{path}.1")


def test_tail_records_across_rotation(tmp_path: Path) -> None:
    from cordon.audit.log import tail_records

    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, max_bytes=1500, keep=5)
    for i in range(25):
        log.write(_verdict(i))
    assert Path(f"{path}.1").exists()
    avail = verify(path).records
    assert 7 < avail < 25  # older files were dropped
    for n in (1, 3, 7, avail, 100):
        got = [r["seq"] for r in tail_records(path, n)]
        assert got == list(range(26 - min(n, avail), 26))
    assert tail_records(path, 0) == []


def _write_lines(path: Path, lines: list[bytes]) -> None:
    path.write_bytes(b"".join(line + b"\n" for line in lines))


def test_records_cut_from_the_start_of_a_log_break_the_chain(tmp_path: Path) -> None:
    """Cutting the first records (the session's start record and its first verdicts) off a log
    that never rotated left a chain whose first line linked to a record not in the log, which
    verify took for a rotated-away file and passed."""
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, tracer=None)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="fs", session="s1")
    for i in range(5):
        log.write(_verdict(i))
    _write_lines(path, _lines(path)[3:])
    result = verify(path)
    assert not result.ok, result.message
    assert result.first_bad_line == 1
    assert "cut from the start" in result.message


def test_records_cut_from_the_start_of_the_oldest_rotated_file_break_the_chain(
    tmp_path: Path,
) -> None:
    """The oldest file rotation kept may link to a dropped file only from its first line, the
    one rotation began it with; a later record at the head of that file is a cut."""
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, max_bytes=2000, keep=3, tracer=None)
    for i in range(30):
        log.write(_verdict(i))
    assert verify(path).ok
    oldest = Path(f"{path}.3")
    _write_lines(oldest, _lines(oldest)[2:])
    result = verify(path)
    assert not result.ok and result.file == oldest and result.first_bad_line == 1
    assert "cut from the start" in result.message


def test_a_missing_rotated_file_between_kept_ones_breaks_the_chain(tmp_path: Path) -> None:
    """Rotation never leaves a gap in the numbers: ``audit.jsonl.1`` removed while ``.2`` and
    ``.3`` are there is a removed file, not the end of the chain (verify read the current
    file alone and passed)."""
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, max_bytes=2000, keep=3, tracer=None)
    for i in range(30):
        log.write(_verdict(i))
    Path(f"{path}.1").unlink()
    result = verify(path)
    assert not result.ok, result.message
    assert f"{path}.1" in result.message and f"{path}.2" in result.message


@pytest.mark.parametrize("removed", [[3], [3, 2], [3, 2, 1]])
def test_rotated_files_removed_whole_from_the_old_end_break_the_chain(
    tmp_path: Path, removed: list[int]
) -> None:
    """Rotation drops only the oldest file past ``keep``, and marks the new file with the
    record the oldest kept file begins with: the oldest files removed whole by someone else
    (the records an attacker wants gone) left a chain that verified, anchored at the next
    file's rotation mark."""
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, max_bytes=2000, keep=3, tracer=None)
    for i in range(30):
        log.write(_verdict(i))
    assert verify(path).ok
    first_kept = orjson.loads(_lines(Path(f"{path}.3"))[0])["seq"]
    assert orjson.loads(_lines(path)[0])["kept_from"] == first_kept
    for n in removed:
        Path(f"{path}.{n}").unlink()
    result = verify(path)
    assert not result.ok, result.message
    assert "removed whole" in result.message and f"record {first_kept}" in result.message


def test_a_rotation_that_keeps_no_file_marks_its_own_record(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, max_bytes=2000, keep=0, tracer=None)
    for i in range(30):
        log.write(_verdict(i))
    first = orjson.loads(_lines(path)[0])
    assert first["file_start"] is True and first["kept_from"] == first["seq"] > 1
    assert verify(path).ok, verify(path).message


def test_writers_with_different_keep_values_leave_a_chain_that_verifies(tmp_path: Path) -> None:
    # one log, two processes' settings: a rotation with a smaller keep than the files on disk
    # must not leave the older ones past a hole in the middle (a false break for verify)
    path = tmp_path / "audit.jsonl"
    wide = AuditLog(path, max_bytes=1500, keep=5, tracer=None)
    for i in range(40):
        wide.write(_verdict(i))
    wide.close()
    assert Path(f"{path}.5").exists()
    narrow = AuditLog(path, max_bytes=1500, keep=2, tracer=None)
    for i in range(8):
        narrow.write(_verdict(i))
    narrow.close()
    result = verify(path)
    assert result.ok, result.message
    assert [f.name for f in chain_files(path)] == [f"{path.name}.2", f"{path.name}.1", path.name]
    wide = AuditLog(path, max_bytes=1500, keep=5, tracer=None)
    for i in range(20):
        wide.write(_verdict(i))
    wide.close()
    result = verify(path)
    assert result.ok, result.message


def test_a_writer_keeping_no_rotated_file_drops_the_others(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    wide = AuditLog(path, max_bytes=1500, keep=3, tracer=None)
    for i in range(25):
        wide.write(_verdict(i))
    wide.close()
    none = AuditLog(path, max_bytes=1500, keep=0, tracer=None)
    for i in range(12):
        none.write(_verdict(i))
    none.close()
    result = verify(path)
    assert result.ok, result.message
    assert chain_files(path) == [path]
