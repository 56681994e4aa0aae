"""Attacks on the evidence itself: the hash-chained log made to lie, or made to fork.

* a log cut back, emptied, removed or its last record rewritten (hash recomputed) while a
  cordon process that wrote it runs: the writer links its next record to the last one it
  wrote or read, so ``verify`` names the cut (before, the writer went on from what was left,
  or from GENESIS, and the shorter chain verified);
* the writers' sidecar lock removed or replaced (a file tool's write renames a new file over
  it): a running writer and one started since locked two files and appended at once;
* the log given as a symbolic link: that writer locked and rotated beside the link, the
  others beside the file;
* a string that is not UTF-8 (a lone surrogate, as ``os.fsdecode`` makes of an undecodable
  file name): orjson refused the record and the verdict went unrecorded (``TypeError``).

What stays open (no secret key; docs/threat-model.md): a log cut while no cordon runs, or
rewritten whole with every hash recomputed, verifies; ``--expect HASH`` is the check.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import threading
from pathlib import Path

import orjson
import pytest

from cordon import Blocked, Gateway
from cordon.audit.log import AuditLog, _split_line, chain_files
from cordon.audit.verify import verify


def _log(path: Path, **kw: int) -> AuditLog:
    return AuditLog(path, tracer=None, **kw)


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def _write_n(log: AuditLog, n: int) -> None:
    for i in range(n):
        log.write({"kind": "verdict", "n": i})


# -- the log cut while a writer runs ---------------------------------------------------------


def test_a_tail_cut_while_the_writer_runs_is_a_break(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = _log(path)
    _write_n(log, 5)
    with open(path, "r+b") as fh:  # same file, cut back to its first 3 records
        fh.truncate(sum(len(line) for line in _lines(path)[:3]))
    log.write({"kind": "verdict", "n": 5})
    result = verify(path)
    assert not result.ok
    assert "records 4 to 5 were removed" in result.message, result.message
    assert result.first_bad_line == 4


def test_a_tail_cut_by_a_rewrite_while_the_writer_runs_is_a_break(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = _log(path)
    _write_n(log, 5)
    cut = tmp_path / "cut"  # sed -i '$d': a new file renamed over the log
    cut.write_bytes(b"".join(_lines(path)[:-1]))
    cut.replace(path)
    log.write({"kind": "verdict", "n": 5})
    result = verify(path)
    assert not result.ok and "record 5 was removed" in result.message, result.message


def test_a_log_removed_while_the_writer_runs_is_no_new_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = _log(path)
    _write_n(log, 4)
    path.unlink()  # the whole file gone: the next record began a new chain from GENESIS
    log.write({"kind": "verdict", "n": 4})
    first = orjson.loads(_lines(path)[0])
    assert first["seq"] == 5 and "file_start" not in first
    result = verify(path)
    assert not result.ok and "cut from the start" in result.message, result.message


def test_a_log_emptied_after_a_rotation_is_a_break(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = _log(path, max_bytes=1500, keep=3)
    _write_n(log, 14)
    assert Path(f"{path}.1").exists() and verify(path).ok
    seqs = [orjson.loads(line)["seq"] for line in _lines(path)]
    path.write_bytes(b"")  # the current file's records gone; .1 still ends a valid chain
    log.write({"kind": "verdict", "n": 14})
    result = verify(path)
    gone = f"records {seqs[0]} to {seqs[-1]} were" if len(seqs) > 1 else f"record {seqs[0]} was"
    assert not result.ok and f"{gone} removed" in result.message, result.message


def test_the_last_record_rewritten_with_its_hash_recomputed_is_a_break(
    tmp_path: Path,
) -> None:
    path = tmp_path / "audit.jsonl"
    log = _log(path)
    _write_n(log, 3)
    lines = _lines(path)
    split = _split_line(lines[-1].rstrip(b"\n"))
    assert split is not None
    body = split[0].replace(b'"n":2', b'"n":27')  # (its size changed: the tail is read)
    digest = hashlib.sha256(body).hexdigest().encode()
    lines[-1] = body[:-1] + b',"hash":"' + digest + b'"}\n'
    path.write_bytes(b"".join(lines))
    assert verify(path).ok  # (no key: the rewrite alone verifies)
    log.write({"kind": "verdict", "n": 3})
    result = verify(path)
    assert not result.ok and "hash recomputed" in result.message, result.message


def test_other_writers_and_their_rotations_are_no_cut(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    a = _log(path, max_bytes=1200, keep=2)
    b = _log(path, max_bytes=1200, keep=0)  # b's rotations drop every file
    for i in range(40):
        (a if i % 3 else b).write({"kind": "verdict", "n": i})
    assert verify(path).ok, verify(path).message


# -- the writers' lock ---------------------------------------------------------------------


def _blocks_while_held(lock_path: Path, log: AuditLog) -> bool:
    """Whether ``log.write`` waits while another holder has ``lock_path`` locked."""
    fd = os.open(lock_path, os.O_WRONLY | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    done = threading.Event()

    def write() -> None:
        log.write({"kind": "verdict"})
        done.set()

    t = threading.Thread(target=write)
    t.start()
    waited = not done.wait(0.5)
    os.close(fd)
    t.join(5)
    assert done.is_set()
    return waited


@pytest.mark.parametrize("how", ["removed", "replaced"])
def test_a_lock_file_removed_or_replaced_is_locked_again(tmp_path: Path, how: str) -> None:
    path = tmp_path / "audit.jsonl"
    log = _log(path)
    log.write({"kind": "start"})
    lock = Path(f"{path}.lock")
    if how == "removed":
        lock.unlink()
    else:  # a file tool's write: a new file renamed over the old one
        (tmp_path / "new").write_bytes(b"{}\n")
        (tmp_path / "new").replace(lock)
    # a cordon process started since locks the file now at the path: so must this one
    assert _blocks_while_held(lock, log)
    other = _log(path)
    for i in range(20):
        (log if i % 2 else other).write({"kind": "verdict", "n": i})
    assert verify(path).ok


# -- the log given as a link ------------------------------------------------------------------


def test_a_link_to_the_log_locks_and_rotates_the_log(tmp_path: Path) -> None:
    real = tmp_path / "logs" / "audit.jsonl"
    real.parent.mkdir()
    link = tmp_path / "audit-link.jsonl"
    link.symlink_to(real)
    direct = _log(real, max_bytes=1500, keep=3)
    linked = _log(link, max_bytes=1500, keep=3)
    direct.write({"kind": "start"})
    assert _blocks_while_held(Path(f"{real}.lock"), linked)
    for i in range(20):
        (linked if i % 2 else direct).write({"kind": "verdict", "n": i})
    assert link.is_symlink() and Path(f"{real}.1").exists()
    assert not Path(f"{link}.1").exists()
    assert chain_files(link) == chain_files(real)
    for p in (real, link):
        result = verify(p)
        assert result.ok and result.records == 22, result.message


# -- text that is not UTF-8 -------------------------------------------------------------------


def test_a_lone_surrogate_is_recorded_as_its_escape(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = _log(path)
    name = os.fsdecode(b"report-\xff.txt")  # 'report-\udcff.txt'
    written = log.write({"kind": "verdict", "arguments": {"path": name, name: "\ud800"}})
    assert written["arguments"] == {"path": "report-\\udcff.txt", "report-\\udcff.txt": "\\ud800"}
    assert orjson.loads(_lines(path)[0])["arguments"] == written["arguments"]
    assert verify(path).ok


def test_a_gateway_call_naming_an_undecodable_file_is_audited(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = _log(path)
    seen: list[str] = []
    gw = Gateway(policy={"version": 1}, audit=log)

    def read(path: str) -> str:
        seen.append(path)
        return "ok"

    gw.add_tool("read", "read a file", read)
    session = gw.new_session()
    with pytest.raises(Blocked):  # (the engine cannot check it either: arg.malformed)
        gw.call("read", {"path": os.fsdecode(b"report-\xff.txt")}, session=session)
    log.close()
    assert seen == []
    calls = [orjson.loads(x) for x in _lines(path) if b'"tool":"read"' in x]
    assert [c["verdict"] for c in calls] == ["deny"]
    assert calls[0]["arguments"] == {"path": "report-\\udcff.txt"}
    assert verify(path).ok
