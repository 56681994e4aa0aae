"""One-time approval codes for clients that cannot elicit (issue 3, "Asking a person").

When cordon must ask a person but the MCP client declared no elicitation capability, the call
is denied and the error text carries a code such as ``7KQF-M2XD``. The person runs
``cordon approve 7KQF-M2XD`` in a terminal; the agent's next retry of *that exact call* is then
allowed once. Rules (issue 3):

* a code is bound to the server, tool, parameter and destination (and to the caller's opaque
  ``approval_key``, which is what :meth:`CodeStore.consume` matches, exactly); a store given
  a ``scope`` (:func:`server_scope`: what identifies the server beyond its name) puts it
  first in every key it issues and consumes, so a code is redeemed only by the server it
  was issued for, not by another one given the same name;
* it expires ``ttl_s`` seconds (default 300 s = 5 minutes) after it was issued; the approval
  *and* the retry must both happen before then;
* it approves one retry: :meth:`CodeStore.consume` marks it ``used``;
* the store lives under ``~/.cordon/`` (directory 0700, file 0600) and is safe with several
  cordon processes.

Store file shape (JSON, written whole via a temp file and ``os.replace``)::

    {"version": 1, "codes": [{"code": "7KQF-M2XD", "server": "mail", "tool": "send",
      "param": "to", "destination": "eve@example.net", "rule": "taint.unverified_destination",
      "reason": "...", "created": 1767225600.0, "expires": 1767225900.0,
      "state": "pending", "approval_key": ["mail", "send", "to", "eve@example.net"],
      "approved_at": null, "used_at": null}]}

Codes are 8 symbols from Crockford's base32 alphabet (no I, L, O, U), 40 bits from
:mod:`secrets`, shown as two groups of four. Typed codes are read case-insensitively, with or
without the dash, and with Crockford's confusion mapping (``O`` -> ``0``, ``I``/``L`` -> ``1``).

Concurrency: every read-modify-write holds an exclusive ``fcntl.flock`` on the sidecar
``<store>.lock``; readers hold a shared lock. Fail closed: a store that does not parse, has an
unexpected shape, is not owned by the current user, or is group/world-writable raises
:class:`cordon.ApprovalError`; it is never read as empty (STYLE.md, "a corrupt DB read as
empty" is the habit to avoid).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import math
import os
import secrets
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Literal

from cordon._exceptions import ApprovalError

__all__ = [
    "CODE_ALPHABET",
    "CodeRecord",
    "CodeState",
    "CodeStore",
    "default_store_path",
    "normalize_code",
    "server_scope",
]

CodeState = Literal["pending", "approved", "used"]

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or retyped is unambiguous."""

_CODE_LEN = 8
_FORMAT_VERSION = 1
_KEEP_AFTER_EXPIRY_S = 3600.0  # expired/used records linger an hour so `approve` can say why
_TYPING_FIXES = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None, "\t": None})
_STATES: frozenset[str] = frozenset({"pending", "approved", "used"})
_STR_FIELDS = ("code", "server", "tool", "rule", "reason")
_OPT_STR_FIELDS = ("param", "destination")
_NUM_FIELDS = ("created", "expires")
_OPT_NUM_FIELDS = ("approved_at", "used_at")
_ALL_FIELDS = frozenset(
    (*_STR_FIELDS, *_OPT_STR_FIELDS, *_NUM_FIELDS, *_OPT_NUM_FIELDS, "state", "approval_key")
)
#: a field a record may lack (a store written before it existed): a string or null
_NEWER_FIELDS = frozenset({"instance", "approved_by"})


def default_store_path() -> Path:
    """``~/.cordon/approvals.json`` (issue 3: "The store lives under ``~/.cordon/``")."""
    return Path.home() / ".cordon" / "approvals.json"


def server_scope(name: str, identity: Any) -> str:
    """The scope of one server's codes (:class:`CodeStore`): a digest of its name and of
    ``identity``, what tells it from another server given the same name (``cordon run``:
    the command line or URL and headers it runs with, as given, and its pin file). Two
    wrapped servers of one name (two accounts' command lines, a client config listing the
    name twice) get two scopes, so neither redeems the other's codes. A one-way digest:
    the store keeps no credential of a command line or header."""
    text = json.dumps([name, identity], sort_keys=True, ensure_ascii=False, default=str)
    return "server:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def normalize_code(text: str) -> str | None:
    """Return the canonical form ``XXXX-XXXX`` of a typed code, or None if it cannot be one.

    Accepts any case, with or without the dash or spaces, and maps ``O`` to ``0`` and ``I``/``L``
    to ``1`` (Crockford base32 decoding rules). Never raises.
    """
    if not isinstance(text, str) or len(text) > 64:
        return None
    flat = text.strip().upper().translate(_TYPING_FIXES)
    if len(flat) != _CODE_LEN or not all(c in CODE_ALPHABET for c in flat):
        return None
    return f"{flat[:4]}-{flat[4:]}"


def _new_code() -> str:
    flat = "".join(secrets.choice(CODE_ALPHABET) for _ in range(_CODE_LEN))
    return f"{flat[:4]}-{flat[4:]}"


def _key_id(approval_key: Any) -> str:
    """Canonical JSON of an approval key; equal keys (list or tuple alike) give equal ids."""
    return json.dumps(
        approval_key, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


@dataclass(frozen=True, kw_only=True)
class CodeRecord:
    """One approval code and what it would approve.

    Attributes:
        code: the code as shown to people, ``XXXX-XXXX`` (Crockford base32).
        server, tool: the logical server name and tool name of the denied call.
        param: the argument name the ask is about, or None.
        destination: the normalised destination the ask is about, or None.
        rule, reason: the engine's rule id and human sentence for the ask.
        created, expires: epoch seconds; ``expires = created + ttl_s``.
        state: ``"pending"`` (waiting for ``cordon approve``), ``"approved"`` (the next
            matching retry is allowed) or ``"used"`` (that retry happened).
        approval_key: the caller's opaque, JSON-able key that a retry must match exactly.
        approved_at, used_at: epoch seconds of those transitions, or None.
        instance: what the server runs, shown to the person approving (``cordon run``: its
            command line and directory, or its URL, credentials masked), so two servers of
            one name are told apart; None when not known.
        approved_by: who ran ``cordon approve`` (:meth:`CodeStore.approve`'s ``by``: the
            account and terminal), for the audit record of the retry it allows; None when
            not known.
    """

    code: str
    server: str
    tool: str
    param: str | None
    destination: str | None
    rule: str
    reason: str
    created: float
    expires: float
    state: CodeState
    approval_key: list[Any]
    approved_at: float | None = None
    used_at: float | None = None
    instance: str | None = None
    approved_by: str | None = None

    def is_open(self, now: float) -> bool:
        """True when the code is pending or approved-unused and ``now < expires``."""
        return self.state != "used" and now < self.expires

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-able dict (the store's on-disk shape)."""
        return asdict(self)


def _bad(path: Path, why: str) -> ApprovalError:
    return ApprovalError(f"{path}: approval store is corrupt ({why}); move it aside")


def _record_from_json(raw: Any, path: Path) -> CodeRecord:
    """Validate one on-disk record strictly; any surprise is corruption (fail closed)."""
    if not isinstance(raw, dict):
        raise _bad(path, "a record is not an object")
    keys = set(raw)
    if keys - _NEWER_FIELDS != _ALL_FIELDS:
        raise _bad(path, f"record keys differ: {sorted((keys - _NEWER_FIELDS) ^ _ALL_FIELDS)}")
    for name in _NEWER_FIELDS:
        if raw.get(name) is not None and not isinstance(raw[name], str):
            raise _bad(path, f"{name} is not a string or null")
    for name in _STR_FIELDS:
        if not isinstance(raw[name], str):
            raise _bad(path, f"{name} is not a string")
    for name in _OPT_STR_FIELDS:
        if raw[name] is not None and not isinstance(raw[name], str):
            raise _bad(path, f"{name} is not a string or null")
    for name in (*_NUM_FIELDS, *_OPT_NUM_FIELDS):
        value = raw[name]
        if value is None and name in _OPT_NUM_FIELDS:
            continue
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise _bad(path, f"{name} is not a finite number")
    if raw["state"] not in _STATES:
        raise _bad(path, "unknown state")
    if not isinstance(raw["approval_key"], list):
        raise _bad(path, "approval_key is not a list")
    if normalize_code(raw["code"]) != raw["code"]:
        raise _bad(path, "malformed code")
    if raw["state"] != "pending" and raw["approved_at"] is None:
        raise _bad(path, "approved record without approved_at")
    if raw["state"] == "used" and raw["used_at"] is None:
        raise _bad(path, "used record without used_at")
    fields = dict(raw)
    for name in (*_NUM_FIELDS, *_OPT_NUM_FIELDS):
        if fields[name] is not None:
            fields[name] = float(fields[name])
    return CodeRecord(**fields)


class CodeStore:
    """The file-backed store of one-time approval codes (see the module docstring).

    Args:
        path: the store file; default :func:`default_store_path` (``~/.cordon/approvals.json``).
            Its directory is created with mode 0700 when a write needs it; the file is always
            written with mode 0600.
        ttl_s: seconds from issue until a code expires (issue 3: 5 minutes).
        clock: returns the current time in epoch seconds; injectable for tests.
        max_open: the most open (pending or approved-unused) codes at once; past it,
            :meth:`issue` raises, so a flood of asks cannot grow the file without bound.
        scope: the server the codes are for (:func:`server_scope`), put first in every key
            :meth:`issue` keeps and :meth:`consume` matches; None: keys as given (a code
            issued under a scope is never consumed without it, nor the other way round).
        instance: what the server runs, as each code it issues shows it (never a credential:
            :attr:`CodeRecord.instance`).

    Thread-safe and multi-process safe. Every method raises :class:`cordon.ApprovalError`
    when the store cannot be read or written or is corrupt.
    """

    def __init__(
        self,
        path: Path | str | None = None,
        *,
        ttl_s: float = 300.0,
        clock: Callable[[], float] = time.time,
        max_open: int = 1000,
        scope: str | None = None,
        instance: str | None = None,
    ) -> None:
        if not (ttl_s > 0 and math.isfinite(ttl_s)):
            raise ValueError("ttl_s must be a positive number of seconds")
        if max_open < 1:
            raise ValueError("max_open must be >= 1")
        self.path = Path(path).expanduser() if path is not None else default_store_path()
        self.ttl_s = float(ttl_s)
        self.max_open = max_open
        self.scope = scope
        self.instance = instance
        self._clock = clock
        self._mutex = threading.Lock()
        # The last bytes read or written and their parsed records: when the file holds the
        # same bytes again, the strict parse is skipped (a byte comparison, not a stat guess).
        # Mode and owner checks still run on every read.
        self._cache: tuple[bytes, tuple[CodeRecord, ...]] | None = None
        self._kids: dict[str, str] = {}  # code -> canonical JSON of its approval_key

    # -- locking and file I/O ---------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self, *, exclusive: bool) -> Iterator[None]:
        """Hold the in-process mutex and an flock on ``<store>.lock`` for the block."""
        lock_path = f"{self.path}.lock"
        with self._mutex:
            try:
                if exclusive and not self.path.parent.exists():
                    self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError as exc:
                raise ApprovalError(f"{self.path}: cannot open approval store lock: {exc}") from exc
            try:
                fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
                yield
            finally:
                os.close(fd)  # closing the descriptor releases the flock

    def _read(self) -> list[CodeRecord]:
        """Read and validate every record; a missing file is an empty store."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise ApprovalError(f"{self.path}: cannot open approval store: {exc}") from exc
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise ApprovalError(f"{self.path}: approval store is not a regular file")
            if st.st_uid != os.getuid():
                raise ApprovalError(f"{self.path}: approval store is owned by another user")
            if st.st_mode & 0o022:
                raise ApprovalError(
                    f"{self.path}: approval store is writable by group or others "
                    f"(mode {stat.S_IMODE(st.st_mode):04o}); expected 0600"
                )
            with os.fdopen(fd, "rb", closefd=False) as fh:
                data = fh.read()
        except OSError as exc:
            raise ApprovalError(f"{self.path}: cannot read approval store: {exc}") from exc
        finally:
            os.close(fd)
        if self._cache is not None and self._cache[0] == data:
            return list(self._cache[1])
        records = self._parse(data)
        self._cache, self._kids = (data, tuple(records)), {}
        return records

    def _parse(self, data: bytes) -> list[CodeRecord]:
        try:
            doc = json.loads(data, object_pairs_hook=_no_duplicate_keys)
        except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
            raise _bad(self.path, f"not JSON: {exc}") from exc
        if not isinstance(doc, dict) or set(doc) != {"version", "codes"}:
            raise _bad(self.path, "top level is not {version, codes}")
        if doc["version"] != _FORMAT_VERSION or isinstance(doc["version"], bool):
            raise _bad(self.path, f"unsupported version {doc['version']!r}")
        if not isinstance(doc["codes"], list):
            raise _bad(self.path, "codes is not a list")
        records = [_record_from_json(item, self.path) for item in doc["codes"]]
        if len({r.code for r in records}) != len(records):
            raise _bad(self.path, "a code appears twice")
        return records

    def _write(self, records: list[CodeRecord]) -> None:
        """Replace the store with ``records`` atomically (temp file, fsync, ``os.replace``)."""
        doc = {"version": _FORMAT_VERSION, "codes": [r.to_json() for r in records]}
        payload = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        tmp: str | None = None
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
            with os.fdopen(fd, "wb") as fh:  # mkstemp creates the file with mode 0600
                fh.write(payload)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
            tmp = None
            self._cache = (payload, tuple(records))
        except OSError as exc:
            raise ApprovalError(f"{self.path}: cannot write approval store: {exc}") from exc
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    def _kid(self, rec: CodeRecord) -> str:
        kid = self._kids.get(rec.code)
        if kid is None:
            kid = self._kids[rec.code] = _key_id(rec.approval_key)
        return kid

    def _scoped(self, approval_key: Any) -> list[Any]:
        """``approval_key`` as this store keeps and matches it: its scope first, if any."""
        key = list(approval_key)
        return key if self.scope is None else [self.scope, *key]

    def _prune(self, records: list[CodeRecord], now: float) -> list[CodeRecord]:
        return [r for r in records if now < r.expires + _KEEP_AFTER_EXPIRY_S]

    # -- public API -------------------------------------------------------------------------

    def issue(
        self,
        *,
        server: str,
        tool: str,
        param: str | None,
        destination: str | None,
        rule: str,
        reason: str,
        approval_key: list[Any],
    ) -> str:
        """Create a pending code for one denied call and return it (``XXXX-XXXX``).

        If an unexpired pending or approved-unused code already exists for the same
        ``approval_key`` (compared as canonical JSON), that code is returned instead, so an
        agent retrying before the person answers does not pile up codes.

        Raises:
            TypeError: ``approval_key`` is not a list/tuple or is not JSON-serialisable.
            ApprovalError: the store is unreadable/corrupt/unwritable, or ``max_open`` codes
                are already open (fail closed: the caller denies without a code).
        """
        if not isinstance(approval_key, list | tuple):
            raise TypeError("approval_key must be a list")
        try:
            key = json.loads(_key_id(self._scoped(approval_key)))
        except (TypeError, ValueError) as exc:
            raise TypeError(f"approval_key must be JSON-serialisable: {exc}") from exc
        kid = _key_id(key)
        with self._locked(exclusive=True):
            now = self._clock()
            records = self._prune(self._read(), now)
            open_records = [r for r in records if r.is_open(now)]
            for rec in open_records:
                if self._kid(rec) == kid:
                    return rec.code
            if len(open_records) >= self.max_open:
                raise ApprovalError(
                    f"{self.path}: {len(open_records)} approval codes are already open; "
                    "refusing to issue more"
                )
            taken = {r.code for r in records}
            code = _new_code()
            while code in taken:  # 40 bits: practically never loops
                code = _new_code()
            self._kids[code] = kid
            records.append(
                CodeRecord(
                    code=code,
                    server=server,
                    tool=tool,
                    param=param,
                    destination=destination,
                    rule=rule,
                    reason=reason,
                    created=now,
                    expires=now + self.ttl_s,
                    state="pending",
                    approval_key=key,
                    instance=self.instance,
                )
            )
            self._write(records)
            return code

    def pending(self) -> list[CodeRecord]:
        """Open codes (pending or approved-unused, not expired), oldest first.

        Raises:
            ApprovalError: the store is unreadable or corrupt.
        """
        if not self.path.exists():
            return []
        with self._locked(exclusive=False):
            now = self._clock()
            return sorted((r for r in self._read() if r.is_open(now)), key=lambda r: r.created)

    def get(self, code: str) -> CodeRecord | None:
        """The record for a typed code (any case, dash optional), in any state; None if unknown.

        Expired and used records stay findable for an hour after expiry so that
        ``cordon approve`` can say *why* a code no longer works.

        Raises:
            ApprovalError: the store is unreadable or corrupt.
        """
        canonical = normalize_code(code)
        if canonical is None or not self.path.exists():
            return None
        with self._locked(exclusive=False):
            for rec in self._read():
                if rec.code == canonical:
                    return rec
        return None

    def approve(self, code: str, *, by: str | None = None) -> CodeRecord:
        """Mark a pending code approved (``by``: who approved it, kept as
        :attr:`CodeRecord.approved_by`) and return the updated record.

        Approving an already-approved, unused, unexpired code is idempotent (returns it).

        Raises:
            ApprovalError: the code is unknown, expired or already used, or the store is
                unreadable, corrupt or unwritable.
        """
        canonical = normalize_code(code)
        if canonical is None:
            raise ApprovalError(f"{code!r} is not an approval code (expected like 7KQF-M2XD)")
        with self._locked(exclusive=True):
            now = self._clock()
            records = self._read()
            for i, rec in enumerate(records):
                if rec.code != canonical:
                    continue
                if rec.state == "used":
                    raise ApprovalError(f"code {canonical} was already used")
                if now >= rec.expires:
                    raise ApprovalError(f"code {canonical} has expired")
                if rec.state == "approved":
                    return rec
                updated = replace(rec, state="approved", approved_at=now, approved_by=by)
                records[i] = updated
                self._write(self._prune(records, now))
                return updated
        raise ApprovalError(f"unknown approval code {canonical}")

    def consume(self, approval_key: list[Any]) -> CodeRecord | None:
        """Use up the approval for one retry: the one-time allow.

        If an ``approved``, unexpired record's ``approval_key`` equals ``approval_key`` exactly
        (canonical JSON), mark it ``used`` and return the updated record; otherwise return
        None and change nothing. A pending (not yet approved) code is not consumed.

        Raises:
            ApprovalError: the store is unreadable, corrupt or unwritable.
        """
        try:
            kid = _key_id(self._scoped(approval_key))
        except (TypeError, ValueError):
            return None
        if not self.path.exists():
            return None
        with self._locked(exclusive=True):
            now = self._clock()
            records = self._read()
            for i, rec in enumerate(records):
                if rec.state == "approved" and now < rec.expires:
                    if self._kid(rec) == kid:
                        updated = replace(rec, state="used", used_at=now)
                        records[i] = updated
                        self._write(self._prune(records, now))
                        return updated
        return None


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` that refuses repeated keys (parsers disagree on which wins)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out
