"""The append-only, hash-chained audit log (JSON Lines).

Shape of one line (one record, one ``\\n``-terminated line, written with one ``os.write``)::

    {"ts":"2025-01-02T03:04:05.678Z","seq":7,"kind":"verdict",...record...,
     "prev":"<64 hex>","hash":"<64 hex>"}

Chain design (docs/threat-model.md control 4, "every verdict is one audit record"; the idea of a
hash-chained log follows Pipelock's ``internal/audit``):

* ``hash`` is the SHA-256 (hex) of the line's own bytes *up to but excluding* the trailing
  ``,"hash":"..."}``, with a closing ``}`` put back. In other words: serialise the record with
  ``prev`` as its last key, hash those exact bytes, then splice ``"hash"`` in before the final
  brace. Verification therefore works on the bytes on disk and never depends on how a JSON
  library re-serialises numbers or strings.
* ``prev`` is the ``hash`` of the previous line: a link to the previous line's bytes. The very
  first record ever written has ``prev`` = 64 zeros (:data:`GENESIS`).
* ``seq`` counts records from 1 and continues across rotated files.
* Editing a line without recomputing its ``hash`` breaks that line; recomputing it breaks the
  next line's ``prev``. Either way :func:`verify` names the first bad line.
* Rotation by size renames ``audit.jsonl`` to ``audit.jsonl.1`` (older files shift up to
  ``.keep``; the oldest is dropped, and any past it: another writer's, with a larger
  ``keep``). The new file's first record links to the previous file's last hash, so the
  chain continues across files, and carries ``"file_start":true`` (a file
  begun with a link to an earlier record). The oldest retained file may start with a link to
  a dropped file; :func:`verify` accepts that link as the anchor, and says so, only from a
  file's first line with that mark: a chain that starts at an unmarked record, or past a
  file's first line, had records cut from its start, and a numbered file past a missing
  number (rotation never leaves a gap) is a removed file. The mark also says which record
  the oldest file the rotation kept begins with (``"kept_from":<seq>``): a chain whose oldest
  file begins later had files removed whole from its old end.

What the chain does not give: there is no secret key, so someone who can rewrite the whole file
can recompute every hash, and cutting lines off the *end* leaves a valid chain. Record the
last hash (``cordon audit verify`` prints it) somewhere else to detect both. A running writer
is the one anchor it has: one that finds the log no longer ends at (or past) the last record
it wrote or read (cut back, emptied, removed, its end rewritten) links its next record to
that record all the same, so the cut is a break ``verify`` names; a cut made while no cordon
runs is not seen.

Concurrency: several cordon processes may append to one file. Each append takes an exclusive
``fcntl.flock`` on a sidecar ``<file>.lock`` (never rotated; opened again for each append, so
a lock file removed or replaced is not one writer's alone), reads the last line only when the
file changed since this process last wrote, and appends with one ``os.write`` on an
``O_APPEND`` descriptor, so lines never interleave and there is one chain. A record is not
fsynced (the cost would dominate every tool call); a crash can lose the page cache, not order.
"""

from __future__ import annotations

import enum
import fcntl
import hashlib
import logging
import os
import re
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import orjson

from cordon._exceptions import AuditError

__all__ = [
    "GENESIS",
    "MAX_ARG_BYTES",
    "AuditLog",
    "VerifyResult",
    "chain_files",
    "default_audit_path",
    "iter_records",
    "log_file",
    "record_for_call",
    "sanitize",
    "tail_records",
    "utc_ts",
    "verdict_record",
    "verify",
]

GENESIS = "0" * 64
"""``prev`` of the first record ever written to a chain."""

MAX_ARG_BYTES = 4096
"""String argument values longer than this many UTF-8 bytes are truncated (issue 2)."""

_HEAD_CHARS = 256
#: the end of a cut value kept too: padding that pushed a command's target (the file it
#: overwrites, the host it pipes to) past the head would hide it from `cordon approve`
_TAIL_CHARS = 128
_RESERVED = frozenset({"ts", "seq", "prev", "hash", "file_start", "kept_from"})
_HASH_PREFIX = b',"hash":"'
_SUFFIX_LEN = len(_HASH_PREFIX) + 64 + 2  # ,"hash":"<64 hex>"}
_HEX = frozenset(b"0123456789abcdef")
_LOCK_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC | os.O_NONBLOCK
_FILE_START = b',"file_start":true'
#: one line's hashed bytes: ts, seq, the file-start mark or nothing, the record, prev
_BODY = b'{"ts":"%s","seq":%d%s%s%s,"prev":"%s"}'

# ANSI escape sequences (CSI, OSC, other two-byte ESC), then C0/C1 controls except \t and \n,
# and Unicode bidi overrides/isolates ("Trojan Source", CVE-2021-42574), which can make a
# terminal show a record other than what it holds. Pipelock strips ANSI from audit fields too.
_ANSI = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI ... final byte
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC ... BEL or ST
    r"|\x1b[@-Z\\-_]"  # other 7-bit C1 escapes
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"
)


def default_audit_path() -> Path:
    """``~/.cordon/audit.jsonl`` (issue 2, "Audit log")."""
    return Path.home() / ".cordon" / "audit.jsonl"


def log_file(path: Path | str) -> Path:
    """The file a log path names: ``~`` expanded, and a symbolic link followed to the file
    it links to. Writers lock ``<file>.lock`` and rotate ``<file>`` to ``<file>.1``: a writer
    given the link would lock and rotate beside the link while one given the file locks
    beside the file, two writers appending at once (a forked chain), and its rotation would
    move the link, not the log."""
    p = Path(path).expanduser()
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def _clean_str(value: str) -> str:
    if value.isascii() and value.isprintable():  # no control, ANSI or bidi characters possible
        return value
    if _ANSI.search(value):
        value = _ANSI.sub("", value)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        # a lone surrogate (a file name os.fsdecode made of undecodable bytes, handed to a
        # Gateway or AuditLog by its caller) is not UTF-8: orjson refuses the record, and the
        # verdict would go unrecorded; kept as its escape (\udcff), visible as what it was
        value = value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1  # the integers orjson writes


def sanitize(value: Any) -> Any:
    """Return a JSON-ready copy of ``value`` with control and ANSI characters removed.

    Strings lose ANSI escape sequences, C0/C1 control characters other than tab and newline,
    and bidi override/isolate characters. Dict keys become strings; tuples, lists and sets
    become lists; ``bytes`` are decoded as UTF-8 with replacement; an ``Enum`` member becomes
    its sanitised value (as orjson writes it); other objects become ``str(obj)``. Numbers,
    booleans and ``None`` pass through, but an integer orjson cannot write (outside
    [-2**63, 2**64-1]: the library and ``cordon serve`` take Python integers of any size)
    becomes its digits as text, so the record is written, not lost to a ``TypeError``.
    """
    if isinstance(value, str):
        return _clean_str(value)
    if value is None or isinstance(value, bool | float):
        return value
    if isinstance(value, int):
        return value if _INT_MIN <= value <= _INT_MAX else str(value)
    if isinstance(value, enum.Enum):
        return sanitize(value.value)
    if type(value) is dict:
        return {
            (k if type(k) is str and k.isascii() and k.isprintable() else _clean_str(str(k))): (
                v if type(v) is str and v.isascii() and v.isprintable() else sanitize(v)
            )
            for k, v in value.items()
        }
    if isinstance(value, Mapping):
        return {_clean_str(str(k)): sanitize(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [sanitize(v) for v in value]
    if isinstance(value, bytes | bytearray):
        return _clean_str(bytes(value).decode("utf-8", "replace"))
    return _clean_str(str(value))


# In orjson's output, anything :func:`sanitize` could change is a non-ASCII or DEL byte, or an
# escape for a control character (orjson writes C0 controls as \b \f \r or \u00XX; tab and
# newline, which sanitize keeps, as \t and \n). An escaped backslash before b, f, r or u
# matches too, which only sends that record the slow way.
_CONTROL_ESCAPE = re.compile(rb"\\[bfru]")
# byte values, not one-byte bytes: ``b"\x7f" in body`` first tries its needle as an integer
# and raises and clears a TypeError (its message formatted) every time; ``0x7F in body`` is
# one memchr (cordon.proxy.framing.LF)
_DEL, _BACKSLASH = 0x7F, 0x5C
# Types orjson would write differently from str(obj) are passed to the (absent) default, so
# they raise TypeError and take the sanitize path.
_FAST = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def _prepared(record: Mapping[str, Any]) -> tuple[dict[str, Any], bytes]:
    """``(sanitize(record), its JSON bytes)``, without the copy when sanitising would change
    nothing: a plain dict of JSON types whose serialisation is printable ASCII (the common
    record) is returned as is, with the bytes already made for that test."""
    if type(record) is dict:
        try:
            body = orjson.dumps(record, option=_FAST)
        except TypeError:
            pass
        else:
            if (
                body.isascii()
                and _DEL not in body
                and (_BACKSLASH not in body or _CONTROL_ESCAPE.search(body) is None)
            ):
                return record, body
    clean = sanitize(record)
    return clean, orjson.dumps(clean)


def _truncate(value: Any) -> Any:
    if type(value) is dict:  # the arguments object: skip the call per short string value
        return {
            k: v if type(v) is str and len(v) <= MAX_ARG_BYTES // 4 else _truncate(v)
            for k, v in value.items()
        }
    if isinstance(value, str):
        if len(value) <= MAX_ARG_BYTES // 4:  # cannot exceed 4 KiB even at 4 bytes per char
            return value
        raw = value.encode("utf-8", "surrogatepass")
        if len(raw) <= MAX_ARG_BYTES:
            return value
        return {
            "truncated": True,
            "sha256": hashlib.sha256(raw).hexdigest(),
            "len": len(raw),
            "head": value[:_HEAD_CHARS],
            "tail": value[-_TAIL_CHARS:],
        }
    if isinstance(value, Mapping):
        return {k: _truncate(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_truncate(v) for v in value]
    return value


def verdict_record(
    session: str,
    server: str,
    tool: str,
    arguments: Mapping[str, Any] | None,
    verdict: str,
    rule: str,
    reason: str,
) -> dict[str, Any]:
    """The members every per-verdict record has, in their order (:func:`record_for_call`
    adds the optional ones): a call with none of those (the usual allow) takes this alone."""
    return {
        "kind": "verdict",
        "session": session,
        "server": server,
        "tool": tool,
        "arguments": _truncate(arguments) if arguments else {},
        "verdict": verdict,
        "rule": rule,
        "reason": reason,
    }


def record_for_call(
    *,
    session: str,
    server: str,
    tool: str,
    arguments: Mapping[str, Any] | None,
    verdict: str,
    rule: str,
    reason: str,
    param: str | None = None,
    destination: str | None = None,
    destinations: tuple[str, ...] | list[str] = (),
    details: Mapping[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Build the proxy's per-verdict record (issue 2, "Audit log") for :meth:`AuditLog.write`.

    Returns ``{"kind": "verdict", "session", "server", "tool", "arguments", "verdict", "rule",
    "reason"}`` plus ``param``, ``destination``, ``destinations`` and ``details`` when given,
    and any ``extra`` keys (for example ``answer`` for an approval). String values anywhere in
    ``arguments`` longer than :data:`MAX_ARG_BYTES` UTF-8 bytes become
    ``{"truncated": true, "sha256": <hex of the full value>, "len": <bytes>, "head": <first
    256 chars>, "tail": <last 128 chars>}``. Control/ANSI stripping happens in :meth:`AuditLog.write`.
    """
    rec = verdict_record(session, server, tool, arguments, verdict, rule, reason)
    if param is not None:
        rec["param"] = param
    if destination is not None:
        rec["destination"] = destination
    if destinations:
        rec["destinations"] = list(destinations)
    if details:
        rec["details"] = _truncate(dict(details))
    for key, value in extra.items():
        rec[key] = _truncate(value)
    return rec


_ts_cache: tuple[int, str] = (-1, "")


def utc_ts(t: float) -> str:
    """``t`` (epoch seconds) as the log's ``ts``: ISO 8601 UTC, milliseconds, ``Z``."""
    global _ts_cache
    sec = int(t)
    if sec != _ts_cache[0]:
        _ts_cache = (sec, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(sec)))
    return f"{_ts_cache[1]}.{int(t * 1000) % 1000:03d}Z"


def _split_line(line: bytes) -> tuple[bytes, str] | None:
    """Return ``(hashed_body, hash_hex)`` for one line (no trailing newline), or None."""
    if len(line) < _SUFFIX_LEN + 2 or line[-2:] != b'"}':
        return None
    if line[-_SUFFIX_LEN : -_SUFFIX_LEN + len(_HASH_PREFIX)] != _HASH_PREFIX:
        return None
    digest = line[-66:-2]
    if not _HEX.issuperset(digest):
        return None
    return line[:-_SUFFIX_LEN] + b"}", digest.decode("ascii")


def _read_last_line(fd: int, size: int) -> bytes:
    """Return the last complete line of the file (without its newline); b"" when empty."""
    if size == 0:
        return b""
    chunk = 65536
    end = size
    buf = b""
    while True:
        start = max(0, end - chunk)
        buf = os.pread(fd, end - start, start) + buf
        end = start
        body = buf[:-1] if buf.endswith(b"\n") else buf
        nl = body.rfind(b"\n")
        if nl >= 0:
            return body[nl + 1 :]
        if start == 0:
            return body
        chunk *= 2


def _tail_state(fd: int, size: int, where: Path) -> tuple[str, int]:
    """Return ``(last_hash, last_seq)`` of the file open at ``fd``.

    Raises:
        AuditError: the file does not end with a newline, or its last line is not a chained
            cordon record (fail closed: cordon will not extend a chain it cannot link to).
    """
    if size and os.pread(fd, 1, size - 1) != b"\n":
        raise AuditError(f"{where}: audit log does not end with a newline; move it aside")
    line = _read_last_line(fd, size)
    split = _split_line(line)
    if split is None:
        raise AuditError(f"{where}: last line is not a chained cordon record; move it aside")
    try:
        seq = orjson.loads(line)["seq"]
    except (orjson.JSONDecodeError, KeyError, TypeError) as exc:
        raise AuditError(f"{where}: last line has no seq; move it aside") from exc
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise AuditError(f"{where}: last line has a non-integer seq; move it aside")
    return split[1], seq


#: rotated files a writer keeps by default (``audit.jsonl.1`` .. ``audit.jsonl.10``)
KEEP = 10


def audit_files(path: Path | str) -> list[str]:
    """The files an audit log at ``path`` is made of: the log, its writers' ``.lock`` (a
    removed or replaced one lets two writers fork the chain) and every rotated file a writer
    keeps by default (a planted ``.2`` is a missing file for ``verify``, and a later rotation
    would overwrite kept evidence with it). No tool may write any of them."""
    return [str(path), f"{path}.lock", *(f"{path}.{i}" for i in range(1, KEEP + 1))]


class AuditLog:
    """An append-only, hash-chained JSON Lines audit log (see the module docstring).

    Args:
        path: the log file; default :func:`default_audit_path` (``~/.cordon/audit.jsonl``).
            Its directory is created with mode 0700 if missing; the file with mode 0600.
        max_bytes: rotate before a write would take the file past this size (bytes).
        keep: number of rotated files kept (``audit.jsonl.1`` .. ``audit.jsonl.<keep>``).
        tracer: an OpenTelemetry tracer; each ``kind: "verdict"`` record then also becomes a
            ``cordon.verdict`` span. ``"auto"`` (default) uses
            :func:`cordon.audit.otel.maybe_tracer` (None unless the ``otel`` extra is installed
            and OTEL_* variables are set); None turns spans off.

    Thread-safe and multi-process safe. Raises :class:`cordon.AuditError` when the file cannot
    be opened or written, or when its last line is not a chained record.
    """

    def __init__(
        self,
        path: Path | str | None = None,
        *,
        max_bytes: int = 50 * 1024 * 1024,
        keep: int = KEEP,
        tracer: Any = "auto",
    ) -> None:
        if max_bytes <= 0:
            raise ValueError("max_bytes must be positive")
        if keep < 0:
            raise ValueError("keep must be >= 0")
        self.path = log_file(path if path is not None else default_audit_path())
        self._spath = str(self.path)  # os.stat on a str skips pathlib's __fspath__ per record
        self._lock_path = f"{self.path}.lock"
        self.max_bytes = max_bytes
        self.keep = keep
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._ino: tuple[int, int] | None = None
        self._lock_fd: int | None = None
        self._known_size = -1  # file size right after our last write; -1 = unknown
        self._last_hash = GENESIS
        self._last_seq = 0
        self._cut = False  # (under the flock) the log was found cut: see _sync_tail
        if tracer == "auto":
            from cordon.audit.otel import maybe_tracer

            tracer = maybe_tracer()
        self._tracer = tracer
        self._open()

    # -- file handling -------------------------------------------------------------------

    def _open(self) -> None:
        try:
            parent = self.path.parent
            if not parent.exists():
                parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if self._lock_fd is None:
                self._lock_fd = os.open(self._lock_path, _LOCK_FLAGS, 0o600)
            self._reopen()
        except OSError as exc:
            raise AuditError(f"{self.path}: cannot open audit log: {exc}") from exc

    def _flock(self) -> None:
        """Take the writers' exclusive ``flock`` on the sidecar lock file at its path now,
        opened again for each write: a lock file removed or replaced since this process
        opened it (a tool's delete, or a write that renames a new file over it) would leave
        it locking one file and a cordon process started since another, two writers
        appending at once and forking the chain. (A replacement between this open and the
        lock is not seen: a window of one system call. Opening costs about a third of a
        ``stat`` of the path, the usual check, in instructions a write.) ``O_NONBLOCK``: a
        FIFO put there fails the write instead of hanging it."""
        fd = os.open(self._lock_path, _LOCK_FLAGS, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            os.close(fd)
            raise
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # (holds no lock: only the fd just locked does)
        self._lock_fd = fd

    def _reopen(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
        self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        st = os.fstat(self._fd)
        self._ino = (st.st_dev, st.st_ino)
        self._known_size = -1

    def close(self) -> None:
        """Close the file descriptors. Further writes raise :class:`cordon.AuditError`."""
        with self._lock:
            for fd in (self._fd, self._lock_fd):
                if fd is not None:
                    os.close(fd)
            self._fd = self._lock_fd = None
        if self._tracer is not None:
            from cordon.audit.otel import flush

            flush()

    def __enter__(self) -> AuditLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _rotate(self) -> None:
        """Shift ``path.i`` to ``path.i+1`` (dropping ``path.keep`` and every file past it)
        and ``path`` to ``path.1``. A file past ``keep`` is another writer's, with a larger
        ``keep``: left, it would sit behind a hole in the chain (its successor dropped), a
        break for :func:`cordon.audit.verify.verify`; so the smallest ``keep`` among the
        processes sharing a log bounds it."""
        base = str(self.path)
        # oldest first: a hole is never left below a file still there
        for old in chain_files(base)[: -max(self.keep, 1)]:
            os.unlink(old)
        if self.keep == 0:
            os.unlink(base)
        else:
            for i in range(self.keep - 1, 0, -1):
                src = f"{base}.{i}"
                if os.path.exists(src):
                    os.replace(src, f"{base}.{i + 1}")
            os.replace(base, f"{base}.1")
        self._reopen()

    def _sync_tail(self) -> int:
        """Under the flock: make our fd point at the current file and our chain state current.

        Returns the current file size.
        """
        assert self._fd is not None
        try:
            st = os.stat(self._spath)
            same = (st.st_dev, st.st_ino) == self._ino
        except FileNotFoundError:
            same = False
        if not same:  # another process rotated (or someone removed) the file
            self._reopen()
            st = os.fstat(self._fd)
        size = st.st_size
        self._cut = False
        if size != self._known_size:
            had = self._last_hash, self._last_seq
            if size:
                self._last_hash, self._last_seq = _tail_state(self._fd, size, self.path)
            else:
                self._chain_from_rotated()
            if self._last_seq < had[1] or (self._last_seq == had[1] and self._last_hash != had[0]):
                # the log no longer ends at the last record this process wrote or read, nor
                # past it (other writers only add records): it was cut back, emptied, removed
                # or its end rewritten while cordon ran. The next record links to that last
                # record all the same, so verify names the cut instead of a shorter chain
                # that verifies (or a new one from GENESIS)
                self._last_hash, self._last_seq = had
                self._cut = True
        return size

    def _chain_from_rotated(self) -> None:
        """An empty current file: continue the chain from ``path.1`` if there is one."""
        rotated = Path(f"{self.path}.1")
        if not rotated.exists():
            self._last_hash, self._last_seq = GENESIS, 0
            return
        fd = os.open(rotated, os.O_RDONLY | os.O_CLOEXEC)
        try:
            size = os.fstat(fd).st_size
            if size:
                self._last_hash, self._last_seq = _tail_state(fd, size, rotated)
            else:
                self._last_hash, self._last_seq = GENESIS, 0
        finally:
            os.close(fd)

    def _kept_from(self, seq: int) -> int | None:
        """Under the flock, for the first record (``seq``) of a file that links to an earlier
        one: the ``seq`` the oldest retained file of the chain begins with (``seq`` itself
        when no rotated file is kept), which :func:`cordon.audit.verify.verify` holds the
        oldest file to; None when that file's first line is unreadable (verify names it)."""
        oldest = chain_files(self.path)[0]
        if oldest == self.path:
            return seq
        try:
            with open(oldest, "rb") as fh:
                first = orjson.loads(fh.readline())
        except (OSError, orjson.JSONDecodeError):
            return None
        kept = first.get("seq") if isinstance(first, dict) else None
        return kept if isinstance(kept, int) and not isinstance(kept, bool) else None

    # -- writing ---------------------------------------------------------------------------

    def write(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Append one record as one line and return the dict written.

        ``record`` is any JSON-able mapping (conventionally with a ``kind`` key); it must not
        use the reserved keys ``ts``, ``seq``, ``prev`` or ``hash``. Strings are sanitised with
        :func:`sanitize`. The returned dict is ``{"ts", "seq", **record, "prev", "hash"}``.

        Raises:
            ValueError: ``record`` uses a reserved key.
            AuditError: the log is closed, unwritable, or its tail is not a chained record.
        """
        clean, ts, seq, marks, prev, digest = self._chained(record)
        if marks is None:
            return {"ts": ts, "seq": seq, **clean, "prev": prev, "hash": digest}
        return {"ts": ts, "seq": seq, **marks, **clean, "prev": prev, "hash": digest}

    def append(self, record: Mapping[str, Any]) -> None:
        """:meth:`write` without its answer: the same line, chained and written the same way,
        for a caller that does not read the dict written (``cordon run``'s transport, once a
        call: the dict is a copy of the whole record)."""
        self._chained(record)

    def _chained(
        self, record: Mapping[str, Any]
    ) -> tuple[dict[str, Any], str, int, dict[str, Any] | None, str, str]:
        """:meth:`write`'s work: ``(clean record, ts, seq, file-start marks or None, prev,
        hash)`` of the line written."""
        if not _RESERVED.isdisjoint(record):  # (no set made for the usual record)
            clash = _RESERVED.intersection(record)
            raise ValueError(f"reserved audit keys in record: {sorted(clash)}")
        clean, body = _prepared(record)
        with self._lock:
            if self._fd is None or self._lock_fd is None:
                raise AuditError(f"{self.path}: audit log is closed")
            try:
                self._flock()
                try:
                    ts, seq, marks, prev, digest = self._append(body)
                finally:
                    fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
            except OSError as exc:
                self._known_size = -1
                raise AuditError(f"{self.path}: cannot write audit record: {exc}") from exc
        if self._tracer is not None and clean.get("kind") == "verdict":
            self._span({**clean, "seq": seq})  # (the span names its record: cordon explain SEQ)
        return clean, ts, seq, marks, prev, digest

    def _span(self, record: dict[str, Any]) -> None:
        from cordon.audit.otel import emit_verdict_span

        try:
            emit_verdict_span(self._tracer, record)
        except Exception:  # noqa: BLE001 - telemetry must never stop the audit or the proxy
            logging.getLogger("cordon.audit").exception("OpenTelemetry span failed")

    def _append(self, body: bytes) -> tuple[str, int, dict[str, Any] | None, str, str]:
        """Under the flock: chain the record serialised as ``body`` and write it; returns
        ``(ts, seq, file-start marks or None, prev, hash)``. The line is ``body`` spliced
        between ``ts``/``seq`` and ``prev``: the bytes orjson would give for
        ``{"ts", "seq", **record, "prev"}``, without serialising the record twice."""
        size = self._sync_tail()
        seq = self._last_seq + 1
        ts = utc_ts(time.time())
        prev = self._last_hash
        inner = body[1:-1]
        ts_b, sep, prev_b = ts.encode("ascii"), b"," if inner else b"", prev.encode("ascii")
        hashed = _BODY % (ts_b, seq, b"", sep, inner, prev_b)
        if size and size + len(hashed) + _SUFFIX_LEN > self.max_bytes:
            self._rotate()
            size = 0
        # a file that begins with a link to an earlier record says so: only such a line may
        # anchor a chain whose earlier files are gone (verify; else records were cut), and a
        # link to a record the log lost while cordon ran is no such start
        start = size == 0 and prev != GENESIS and not self._cut
        kept_from = self._kept_from(seq) if start else None
        if start:
            mark = (
                _FILE_START if kept_from is None else _FILE_START + b',"kept_from":%d' % kept_from
            )
            hashed = _BODY % (ts_b, seq, mark, sep, inner, prev_b)
        digest = hashlib.sha256(hashed).hexdigest()
        line = hashed[:-1] + _HASH_PREFIX + digest.encode("ascii") + b'"}\n'
        assert self._fd is not None
        written = os.write(self._fd, line)
        if written != len(line):  # pragma: no cover - regular files write fully or raise
            raise OSError(f"short write ({written} of {len(line)} bytes)")
        self._known_size = size + len(line)
        self._last_hash, self._last_seq = digest, seq
        if start:
            mark_keys: dict[str, Any] = {"file_start": True}
            if kept_from is not None:
                mark_keys["kept_from"] = kept_from
            return ts, seq, mark_keys, prev, digest
        return ts, seq, None, prev, digest

    def start(
        self,
        *,
        version: str,
        policy_hash: str,
        server: str,
        session: str,
        upstream: dict[str, Any] | None = None,
        policy_files: list[str] | None = None,
        empty_policy_files: list[str] | None = None,
    ) -> dict[str, Any]:
        """Write the session's start record (issue 7: names the cordon version and policy hash;
        ``upstream``: the server's command line ``{"command": [...]}`` or ``{"url": URL}``;
        ``policy_files``: the absolute paths of its ``--policy`` files, in order, so ``cordon
        report`` can show each server under its own policy; ``empty_policy_files``: those
        of them that set nothing, so loaded as the defaults).

        Returns the dict written (``kind`` = ``"start"``, plus ``pid``).
        """
        record: dict[str, Any] = {
            "kind": "start",
            "version": version,
            "policy_hash": policy_hash,
            "server": server,
            "session": session,
            "pid": os.getpid(),
        }
        if upstream is not None:
            record["upstream"] = upstream
        if policy_files is not None:
            record["policy_files"] = list(policy_files)
        if empty_policy_files:
            record["empty_policy_files"] = list(empty_policy_files)
        return self.write(record)


# -- reading and verification ----------------------------------------------------------------

_ROTATED = re.compile(r"^(?P<base>.+)\.(?P<n>[0-9]+)$")


def chain_files(path: Path | str) -> list[Path]:
    """The files of one chain, oldest first: ``path.N`` .. ``path.1``, ``path``.

    A path that is itself a rotated file (``audit.jsonl.3``) is returned alone. Missing
    numbers end the sequence (rotation never leaves gaps). A link is followed
    (:func:`log_file`): the rotated files are beside the file it links to.
    """
    path = log_file(path)
    if _ROTATED.match(path.name):
        return [path]
    rotated: list[Path] = []
    i = 1
    while True:
        candidate = Path(f"{path}.{i}")
        if not candidate.exists():
            break
        rotated.append(candidate)
        i += 1
    return [*reversed(rotated), path]


def iter_records(path: Path | str, *, follow_rotation: bool = True) -> Iterator[dict[str, Any]]:
    """Yield parsed records, oldest first; unparseable lines are skipped (use :func:`verify`)."""
    files = chain_files(path) if follow_rotation else [Path(path)]
    for file in files:
        if not file.exists():
            continue
        with open(file, "rb") as fh:
            for line in fh:
                try:
                    rec = orjson.loads(line)
                except orjson.JSONDecodeError:
                    continue
                if isinstance(rec, dict):
                    yield rec


def tail_records(path: Path | str, n: int) -> list[dict[str, Any]]:
    """The last ``n`` parsed records of the chain (oldest first), reading files from their end.

    Cost is proportional to the bytes of the last ``n`` lines, not to the size of the log.
    """
    if n <= 0:
        return []
    lines: list[bytes] = []
    for file in reversed(chain_files(path)):
        if not file.exists():
            continue
        with open(file, "rb") as fh:
            end = fh.seek(0, os.SEEK_END)
            buf, pos, chunk = b"", end, 65536
            while pos > 0 and buf.count(b"\n") <= n - len(lines):
                start = max(0, pos - chunk)
                fh.seek(start)
                buf = fh.read(pos - start) + buf
                pos = start
        got = buf.split(b"\n")
        if pos > 0:
            got = got[1:]  # first piece may be a partial line
        got = [g for g in got if g.strip()]
        lines = got[-(n - len(lines)) :] + lines
        if len(lines) >= n:
            break
    out = []
    for line in lines:
        try:
            rec = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out


# (verification reads the chain this module writes; imported here so ``cordon.audit.log``
# still names it)
from cordon.audit.verify import VerifyResult, verify  # noqa: E402
