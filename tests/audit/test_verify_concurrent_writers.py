"""`cordon audit verify` while other cordon processes append to and rotate the same log: a
legitimate writer is never reported as tampering. verify reads one consistent state of the
chain (the files opened, and their sizes taken, under a shared flock on the writers' sidecar
lock), so neither a rotation between listing the files and opening them nor a line still
being written reads as a break; a log tampered with still does."""

from __future__ import annotations

import fcntl
import importlib
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from cordon.audit.log import AuditLog
from cordon.audit.verify import VerifyResult, verify

# (the package exports the function `verify` under the module's name)
verify_mod = importlib.import_module("cordon.audit.verify")


def _log(tmp_path: Path) -> tuple[Path, AuditLog]:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, tracer=None, max_bytes=4000, keep=3)
    for i in range(60):  # several rotations: audit.jsonl.1 .. .3 and the current file
        log.write({"kind": "verdict", "n": i, "pad": "x" * 200})
    assert verify(path).ok
    return path, log


def test_a_rotation_while_verify_reads_is_no_break(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, log = _log(tmp_path)
    check_line = verify_mod._check_line
    rotated: list[bool] = []

    def rotating_meanwhile(raw: bytes, prev: str | None, seq: int | None) -> object:
        if not rotated:  # another process's append rotates the log as verify reads its first
            rotated.append(True)  # line: every rotated file shifts up one number
            size = path.stat().st_size
            log.write({"kind": "verdict", "pad": "y" * (log.max_bytes - size)})
        return check_line(raw, prev, seq)

    monkeypatch.setattr(verify_mod, "_check_line", rotating_meanwhile)
    result = verify(path)
    monkeypatch.undo()
    assert rotated
    assert result.ok, result.message
    assert verify(path).ok


def test_a_line_being_written_while_verify_reads_is_no_break(tmp_path: Path) -> None:
    path, _ = _log(tmp_path)
    lock = os.open(f"{path}.lock", os.O_WRONLY)
    fcntl.flock(lock, fcntl.LOCK_EX)  # a writer mid-append: half its line is on disk
    with open(path, "ab") as fh:
        fh.write(b'{"ts":"2026-01-01T00:00:00.000Z","seq":')
    results: list[VerifyResult] = []
    reader = threading.Thread(target=lambda: results.append(verify(path)))
    reader.start()
    reader.join(0.5)
    # the writer ends its line (here: takes it back, as a failed write would) and unlocks
    with open(path, "rb+") as fh:
        data = fh.read()
        fh.truncate(data.rindex(b"\n") + 1)
    fcntl.flock(lock, fcntl.LOCK_UN)
    os.close(lock)
    reader.join()
    assert results[0].ok, results[0].message


def _edit(path: Path) -> None:
    path.write_bytes(path.read_bytes().replace(b'"pad":"x', b'"pad":"z', 1))


@pytest.mark.parametrize(
    "tamper",
    [
        _edit,
        lambda p: Path(f"{p}.2").unlink(),
        lambda p: p.write_bytes(p.read_bytes() + b'{"ts":"x","seq":'),
    ],
    ids=["edited", "rotated-file-removed", "partial-line"],
)
def test_tampering_is_still_a_break(tmp_path: Path, tamper: Callable[[Path], object]) -> None:
    path, _ = _log(tmp_path)
    tamper(path)
    assert not verify(path).ok
