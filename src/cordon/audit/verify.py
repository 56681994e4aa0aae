"""Verifying the audit log's hash chain (:func:`verify`), across rotated files.

The chain's format and what it does not give are in :mod:`cordon.audit.log`. Besides each
line's hash and its links, three kinds of cut are breaks: records cut from the start of a file
(only a file's first line, marked ``file_start`` by rotation, may link to a record that is not
in the log), a rotated file missing between kept ones (rotation never leaves a gap in the
numbers), and rotated files removed whole from the old end: the current file's first line says
which record the oldest file kept by that rotation begins with (``kept_from``), so a chain
whose oldest file begins later lost files rotation did not drop.

Writers may be appending and rotating while :func:`verify` reads: it opens the chain's files
and notes their sizes while holding a shared ``flock`` on the writers' sidecar lock (each
append and rotation holds it exclusively), then reads those files up to those sizes. So a
rotation between listing and opening, or a line half written, is never read as a break.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import orjson

from cordon.audit.log import _ROTATED, GENESIS, _split_line, chain_files, log_file

__all__ = [
    "EXPECT_HELP",
    "NO_EXPECT_NOTE",
    "VerifyResult",
    "expect_missing",
    "kept_at",
    "kept_note",
    "verify",
]


@dataclass(frozen=True, kw_only=True, slots=True)
class VerifyResult:
    """Outcome of :func:`verify`.

    Attributes:
        ok: every line is a record whose hash matches its bytes and whose ``prev`` and ``seq``
            link to the line before.
        records: number of lines checked (up to and including the first bad one).
        first_bad_line: 1-based line number of the first bad line in ``file``; None when ok.
        message: one human sentence (names file and line, or the last hash when ok).
        file: the file holding the first bad line (or the newest file when ok).
        last_hash: ``hash`` of the last good record (``GENESIS`` for an empty log).
    """

    ok: bool
    records: int
    first_bad_line: int | None
    message: str
    file: Path | None = None
    last_hash: str = GENESIS


def _anchor(raw: bytes, lineno: int) -> tuple[bool, str | None]:
    """The first record of a chain (``raw``, line ``lineno`` of its file): whether it links to
    an earlier record (the chain's start is not :data:`GENESIS`), and why it may not be that
    link's anchor (None: it may). Only the first line of a file that rotation began with a
    link (``file_start``) may link to a record that is not in the log."""
    rec = orjson.loads(raw)
    if rec.get("prev") == GENESIS:
        return False, None
    if lineno == 1 and rec.get("file_start") is True:
        return True, None
    return True, (
        "links to a record that is not in the log, and is not the first record of a file "
        "rotation began: records were cut from the start of the log"
    )


def _gap(files: list[Path]) -> str | None:
    """Why the rotated files of a chain (``files``: :func:`chain_files`, which stops at the
    first missing number) are not all there: a file numbered past that gap (rotation never
    leaves one). None when there is none, or for a rotated file verified on its own."""
    path = files[-1]
    if _ROTATED.match(path.name):
        return None
    missing = len(files)  # path.1 .. path.<len-1> are there
    prefix = f"{path.name}."
    try:
        names = [p.name for p in path.parent.iterdir() if p.name.startswith(prefix)]
    except OSError:
        return None
    later = sorted(
        int(n[len(prefix) :]) for n in names if re.fullmatch(r"[0-9]+", n[len(prefix) :])
    )
    past = [n for n in later if n > missing]
    if not past:
        return None
    return (
        f"{path}.{missing} is missing but {path}.{past[0]} is there (rotation never leaves a "
        "gap: a rotated file was removed)"
    )


def _first_record(fh: BinaryIO, size: int) -> dict[str, object] | None:
    """The first record of an opened file, within the ``size`` bytes it had when opened."""
    if size == 0:
        return None
    try:
        fh.seek(0)
        rec = orjson.loads(fh.readline(size))
    except (OSError, orjson.JSONDecodeError):
        return None
    return rec if isinstance(rec, dict) else None


def _removed_whole(files: list[Path], opened: list[tuple[BinaryIO, int]]) -> str | None:
    """Why the oldest files of a verified chain (``files``, oldest first, the current file
    last; ``opened``: each one's open file and size when opened) are not all that the last rotation kept: the current file's first record, written
    by that rotation, names the ``seq`` the oldest kept file began with (``kept_from``), and
    the oldest file here begins later. Only rotation drops files (the oldest beyond ``keep``),
    and it writes a new mark each time, so files removed whole from the old end are a cut.
    None when they are all there, for a rotated file verified on its own, and for a log
    written before rotation kept that mark (nothing to hold the chain to)."""
    if _ROTATED.match(files[-1].name):
        return None
    mark = _first_record(*opened[-1])
    if mark is None or mark.get("file_start") is not True:
        return None
    kept = mark.get("kept_from")
    head = mark if len(files) == 1 else _first_record(*opened[0])
    first = head.get("seq") if head is not None else None
    if not isinstance(kept, int) or not isinstance(first, int) or first <= kept:
        return None
    return (
        f"{files[0]} begins at record {first}, but the last rotation kept the log from record "
        f"{kept}: rotated files were removed whole (records {kept} to {first - 1} are gone)"
    )


_PREV_MISMATCH = "prev does not match the previous record's hash"


def _broken_link(seq: int | None, rseq: int, later: Iterable[int]) -> str:
    """Why record ``rseq``, whose ``prev`` is not the hash of the line before it (record
    ``seq``), breaks the chain, told apart by the numbers (each writer numbers the records
    it appends one by one, under the log's lock): records removed (the numbers between are
    nowhere after it: ``later``, the ``seq`` of each line after it), records moved (they
    come later, or this one came before), or a record altered with its hash recomputed, or
    inserted in its place (the numbers follow on)."""
    if seq is None:
        return _PREV_MISMATCH
    gone = rseq - seq - 1  # the numbers between (a forged seq may be far off: not listed)
    span = f"record {seq + 1}" if gone == 1 else f"records {seq + 1} to {rseq - 1}"
    head = f"{_PREV_MISMATCH}: record {rseq} follows record {seq}"
    after = next((n for n in later if seq < n < rseq), None) if gone > 0 else None
    if after is not None:
        return f"{head}, and record {after} comes later: records were moved (reordered or swapped)"
    if gone > 0:
        return f"{head}: {span} {'was' if gone == 1 else 'were'} removed"
    if rseq <= seq:
        return f"{head}: records were moved or repeated (reordered, swapped or copied)"
    return (
        f"{head}, the numbers follow on: the record before it was altered and its hash "
        "recomputed, or this record was put in place of the one written there (forged)"
    )


def _later_seqs(lines: Iterator[bytes]) -> Iterator[int]:
    """The ``seq`` of each line of ``lines`` that has one (the rest of a file after a
    break; a line that is not a record is passed over)."""
    for raw in lines:
        with contextlib.suppress(orjson.JSONDecodeError):
            rec = orjson.loads(raw)
            if isinstance(rec, dict) and isinstance(rec.get("seq"), int):
                yield rec["seq"]


def _check_line(raw: bytes, prev: str | None, seq: int | None) -> tuple[str | None, str, int]:
    """Check one line against the chain state; return ``(problem or None, hash, seq)``."""
    if not raw.endswith(b"\n"):
        return "line is not newline-terminated (truncated write or edit)", "", 0
    line = raw[:-1]
    split = _split_line(line)
    if split is None:
        return "no hash field at the end of the line (edited or not cordon's)", "", 0
    body, digest = split
    if hashlib.sha256(body).hexdigest() != digest:
        return "hash does not match the line's content (the line was altered)", "", 0
    try:
        rec = orjson.loads(line)
    except orjson.JSONDecodeError:
        return "not valid JSON", "", 0
    if not isinstance(rec, dict):
        return "not a JSON object", "", 0
    rprev, rseq = rec.get("prev"), rec.get("seq")
    if not isinstance(rprev, str) or not isinstance(rseq, int) or isinstance(rseq, bool):
        return "missing prev or seq", "", 0
    if prev is not None and rprev != prev:
        return _PREV_MISMATCH, "", rseq
    if seq is not None and rseq != seq + 1:
        return f"seq {rseq} does not follow {seq} (a record was removed or added)", "", 0
    return None, digest, rseq


@contextlib.contextmanager
def _writers_held(path: Path) -> Iterator[None]:
    """Hold a shared ``flock`` on the sidecar lock of ``path``'s chain
    (:class:`cordon.audit.log.AuditLog` holds it exclusively for each append and rotation),
    so no writer appends or rotates meanwhile. Without that file (a log copied elsewhere, or
    no writer yet) there is nothing to wait for."""
    base = _ROTATED.match(path.name)
    lock = path.with_name(base.group("base")) if base else path
    try:
        # (O_NONBLOCK: a FIFO put there is opened at once, not waited on for a writer)
        fd = os.open(f"{lock}.lock", os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # (releases the lock)


def _opened(
    path: Path | str, stack: contextlib.ExitStack
) -> tuple[list[Path], list[tuple[BinaryIO, int]], str | None]:
    """The chain's files, each open (closed with ``stack``) with its size, taken under
    :func:`_writers_held`: one consistent state of the log however writers go on; or why
    there is none to verify (the current file missing, a rotated file missing)."""
    with _writers_held(Path(path)):
        files = chain_files(path)
        if not Path(files[-1]).exists():
            return files, [], f"{files[-1]}: no such file"
        gap = _gap(files)
        if gap is not None:
            return files, [], gap
        opened: list[tuple[BinaryIO, int]] = []
        for file in files:
            try:
                fh = stack.enter_context(open(file, "rb"))
            except FileNotFoundError:
                return files, [], f"{file}: no such file"
            opened.append((fh, os.fstat(fh.fileno()).st_size))
    return files, opened, None


def _lines(fh: BinaryIO, size: int) -> Iterator[bytes]:
    """The lines of ``fh`` within its first ``size`` bytes (what it held when opened: a
    line a writer appends later is not read, nor its part written by then)."""
    left = size
    for raw in fh:
        if left <= 0:
            return
        yield raw[:left]
        left -= len(raw)


def verify(path: Path | str) -> VerifyResult:
    """Check the hash chain of an audit log, following rotated files (``path.N`` .. ``path``).

    Each line must: end with ``,"hash":"<64 hex>"}`` matching SHA-256 of its own bytes before
    that suffix (plus ``}``); parse as a JSON object; carry ``prev`` equal to the previous
    line's hash (across file boundaries too) and ``seq`` one more than the previous line's.
    The first line of the oldest file may link to a dropped rotated file (its ``prev`` is then
    taken as the anchor) when rotation began that file with it (``file_start``); a chain
    that starts at any other record linking to a missing one, and a rotated file numbered
    past a missing number, are breaks (records or a file removed). A missing file is an
    error; an empty one verifies with 0 records. The log is read as it was at one moment
    (:func:`_opened`), so writers appending and rotating meanwhile cause no break.

    Returns:
        a :class:`VerifyResult` naming the first broken line (1-based, in ``file``).
    """
    with contextlib.ExitStack() as stack:
        # a link to the log is read as the log: its rotated files and lock are beside it
        files, opened, why = _opened(log_file(path), stack)
        if why is not None:
            return VerifyResult(ok=False, records=0, first_bad_line=None, message=why)
        return _verify_opened(files, opened)


def _verify_opened(files: list[Path], opened: list[tuple[BinaryIO, int]]) -> VerifyResult:
    """:func:`verify` of the chain's files, open (``opened``: each one's file and size)."""
    prev: str | None = None
    seq: int | None = None
    count = 0
    anchored_note = ""
    for file, (fh, size) in zip(files, opened, strict=True):
        lines = _lines(fh, size)
        for lineno, raw in enumerate(lines, 1):
            count += 1
            why, digest, rseq = _check_line(raw, prev, seq)
            if why == _PREV_MISMATCH:
                why = _broken_link(seq, rseq, _later_seqs(lines))
            if why is None and prev is None:
                anchored, why = _anchor(raw, lineno)
                if anchored:
                    anchored_note = (
                        f" (chain anchored at {file} line {lineno}, which links to a"
                        " rotated-away file)"
                    )
            if why is not None:
                return VerifyResult(
                    ok=False,
                    records=count,
                    first_bad_line=lineno,
                    message=f"{file}: line {lineno}: {why}",
                    file=file,
                    last_hash=prev or GENESIS,
                )
            prev, seq = digest, rseq
    last = prev or GENESIS
    gone = _removed_whole(files, opened)
    if gone is not None:
        return VerifyResult(
            ok=False, records=count, first_bad_line=None, message=gone, file=files[0]
        )
    return VerifyResult(
        ok=True,
        records=count,
        first_bad_line=None,
        message=f"{count} records verified across {len(files)} file(s); last hash {last}"
        + anchored_note,
        file=files[-1],
        last_hash=last,
    )


#: ``--expect``'s help, the same for ``cordon audit verify`` and ``cordon report``
EXPECT_HELP = (
    "a last hash an earlier verify printed, kept elsewhere: the log must still "
    "hold that record (a chain cut back to before it verifies on its own)"
)
#: said when no kept hash is given: a hash chain cannot see its last records removed
NO_EXPECT_NOTE = (
    "records cut from its end leave a chain that verifies: keep the last hash "
    "elsewhere and check with --expect HASH"
)


def kept_at(path: Path, digest: str) -> tuple[int, int] | None:
    """The ``seq`` of the record of the chain (rotated files included) whose ``hash`` is
    ``digest``, and of the chain's last record; None when no record has that hash. Read
    after :func:`verify` passed: each whole line is a record with a ``seq``."""
    if not re.fullmatch(r"[0-9a-f]{64}", digest):
        return None
    needle = f',"hash":"{digest}"}}'.encode()
    kept: int | None = None
    last = -1
    for file in chain_files(path):
        try:
            with open(file, "rb") as fh:
                for line in fh:
                    if not line.endswith(b"\n"):  # a writer's line half written since
                        break
                    last = orjson.loads(line)["seq"]
                    if kept is None and line.rstrip(b"\r\n").endswith(needle):
                        kept = last
        except (OSError, orjson.JSONDecodeError, KeyError, TypeError):
            continue
    return None if kept is None else (kept, last)


def expect_missing(digest: str) -> str:
    """Why a chain that verifies is broken all the same: no record has the kept hash."""
    return (
        f"no record with hash {digest} (the log was cut back, or replaced, "
        "after that hash was kept)"
    )


def kept_note(kept: tuple[int, int]) -> str:
    """What a found kept hash (:func:`kept_at`) vouches for: the records after it are
    counted, not vouched for (a chain without a key cannot tell them from forged ones)."""
    at, last = kept
    if last <= at:
        return f"the kept hash is record {at}'s, the log's last"
    return (
        f"the kept hash is record {at}'s; the {last - at} record(s) "
        f"after it ({at + 1} to {last}) were written since it was kept: the "
        "chain has no secret key, so it cannot tell them from records forged since"
    )
