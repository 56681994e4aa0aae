"""Compiled Hyperscan databases kept on disk, so that a process loads them instead of compiling.

Every cordon process compiles the content scanner's databases at start-up (about 2 s of CPU),
and glibc keeps the compiler's freed heap resident afterwards (~16 MB of an idle
``cordon run``; ``bench/perf/README.md``, resting memory). :func:`compile_db` first looks for
the database serialized (``hyperscan.dumpb``) under ``~/.cordon/cache/hyperscan/`` (``HOME``
decides the home, as for the pin store and the audit log), in a file named by a digest of
everything the compile depends on: the expressions, ids, flags and mode, the ``hyperscan``
version and the machine. Found and intact, it is deserialized (``hyperscan.loadb``); else the
database is compiled as before and written there for the next process.

Why a file cannot switch detection off, or change it:

- any failure (no file, unreadable, short, a digest mismatch, a load error such as a database
  of another Hyperscan version or CPU) falls back to compiling: a database is always there
  when Hyperscan is;
- a file holds the SHA-256 of its payload before it, checked before loading, so a truncated
  or corrupted file (a full disk, a crash) is never loaded; the file is written to a temporary
  name (mode 0600, in a directory of mode 0700) and renamed into place, so no reader sees a
  partial file;
- a file that someone crafted with a matching digest could hold a database that reports no
  anchors. Whoever can write ``~/.cordon`` runs as the user and can already edit the policy
  (turn the content firewall off), the pins and the audit log, or the shell's start-up files:
  the cache gives no one a capability they lack. ``CORDON_HS_CACHE=0`` turns the cache off
  (compile every time, write nothing), for a home shared with less trusted writers.

The databases are the same either way (``tests/content/test_hscache.py``: same findings with
a cached database as with a fresh compile).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["Deferred", "cache_dir", "cached_db", "compile_db", "deferred_db"]

#: a cache file: the SHA-256 of the payload, then the payload (``hyperscan.dumpb``)
_DIGEST_LEN = 32
#: a file not loaded for this long is deleted when another is written (the rules or the
#: ``hyperscan`` version changed: its key is never asked for again); a loaded file's mtime
#: is refreshed at most once a day, so that a cache in use costs no write per process
_STALE_S = 30 * 86400
_TOUCH_S = 86400


def cache_dir() -> Path | None:
    """The cache directory, or ``None`` when the cache is off or there is no home."""
    if os.environ.get("CORDON_HS_CACHE", "1") == "0":
        return None
    try:
        return Path.home() / ".cordon" / "cache" / "hyperscan"
    except (RuntimeError, KeyError):  # no home directory to be found
        return None


def _key(hs: Any, exprs: list[bytes], ids: list[int], flags: list[int], mode: int) -> str:
    spec = [
        "cordon-hs-1",
        str(getattr(hs, "__version__", "")),
        platform.machine(),
        mode,
        [e.decode("latin-1") for e in exprs],
        ids,
        flags,
    ]
    return hashlib.sha256(json.dumps(spec).encode("utf-8")).hexdigest()


def _load(hs: Any, path: Path, mode: int) -> Any | None:
    """The database in ``path``, or ``None`` for any reason it cannot be trusted or loaded."""
    try:
        # the payload read into one buffer, not the file sliced after its digest: the copy
        # doubled the memory a load touched, and what it left freed in the heap stayed
        # resident (~2.4 MB of every ``cordon run``, bench/perf/README.md)
        with open(path, "rb", buffering=0) as f:
            head = f.read(_DIGEST_LEN)
            body = f.readall()
    except OSError:
        return None
    if not body or hashlib.sha256(body).digest() != head:
        return None
    try:
        db = hs.loadb(body, mode)
        # hs_deserialize_database does not check the CPU a database was built for; scratch
        # allocation and hs_scan do (HS_DB_PLATFORM_ERROR): a home shared by machines of one
        # architecture but other CPU features would otherwise load a database that fails at
        # its first real scan. One probe scan here turns that into a compile.
        db.scan(b" ", match_event_handler=_ignore, scratch=hs.Scratch(db))
    except Exception:  # noqa: BLE001 - another version or CPU, or a bad file: compile instead
        return None
    _touch(path)
    return db


def _touch(path: Path) -> None:
    """Refresh ``path``'s mtime when older than :data:`_TOUCH_S` (a file in use is not pruned)."""
    try:
        if time.time() - path.stat().st_mtime > _TOUCH_S:
            os.utime(path)
    except OSError:
        pass


def _ignore(*_: object) -> None:
    """A match handler for the probe scan."""


def _prune(directory: Path) -> None:
    """Delete the files of ``directory`` (cache files, temporaries a crash left) not used for
    :data:`_STALE_S`."""
    now = time.time()
    try:
        for entry in os.scandir(directory):
            if entry.name.endswith(".hsdb") or entry.name.startswith(".tmp-"):
                if now - entry.stat(follow_symlinks=False).st_mtime > _STALE_S:
                    os.unlink(entry.path)
    except OSError:
        pass


def _store(directory: Path, name: str, payload: bytes) -> None:
    """Write ``payload`` under ``name`` atomically (0600 file, 0700 directory); best effort."""
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-")  # created 0600
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(hashlib.sha256(payload).digest() + payload)
            os.replace(tmp, directory / name)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:  # a read-only or full home: the next process compiles too
        return
    _prune(directory)


def cached_db(hs: Any, exprs: list[bytes], ids: list[int], flags: list[int]) -> Any | None:
    """The block-mode database of ``exprs`` from the cache when an intact copy is there (what
    :func:`compile_db` would load), else ``None``; never compiles."""
    path = _path(hs, exprs, ids, flags)
    return None if path is None else _load(hs, path, hs.HS_MODE_BLOCK)


def _path(hs: Any, exprs: list[bytes], ids: list[int], flags: list[int]) -> Path | None:
    """The cache file of the block-mode database of ``exprs``, or ``None`` (no cache)."""
    directory = cache_dir()
    if directory is None:
        return None
    return directory / (_key(hs, exprs, ids, flags, hs.HS_MODE_BLOCK) + ".hsdb")


def compile_db(
    hs: Any,
    exprs: list[bytes],
    ids: list[int],
    flags: list[int],
    compiling: Callable[[bool], None] | None = None,
) -> Any:
    """A block-mode database of ``exprs`` (``hs`` is the ``hyperscan`` module), loaded from the
    cache when an intact copy is there, else compiled (and cached). Compile errors propagate.
    ``compiling`` is told ``True`` before a compile (not a load) and ``False`` after it."""
    mode = hs.HS_MODE_BLOCK
    path = _path(hs, exprs, ids, flags)  # (the key's digest of every expression, once)
    db = None if path is None else _load(hs, path, mode)
    if db is not None:
        return db
    db = hs.Database(mode=mode)
    if compiling is not None:
        compiling(True)
    try:
        db.compile(expressions=exprs, ids=ids, elements=len(exprs), flags=flags)
    finally:
        if compiling is not None:
            compiling(False)
    if path is not None:
        _store(path.parent, path.name, hs.dumpb(db))
    return db


class Deferred:
    """A database whose file is in the disk cache, loaded (:func:`compile_db`) at its first
    :meth:`get` instead of when it was asked for. For the databases only some texts need
    (the UTF-8 anchors: non-ASCII text; the deferred anchors: text around a trigger's match),
    so a process that never meets such a text does not hold them: ~4.2 MB of an idle
    ``cordon run`` (bench/perf/README.md, resting memory). The price, in a process that meets
    one: the load's few milliseconds (a 2 MB file: read, SHA-256, ``loadb``), and ~2.5 MB more
    than the two loaded at start-up (after the start-up loads the file's buffer comes from the
    heap, and its freed space stays resident). A file gone bad since falls back to compiling,
    on the calling thread, so :meth:`get` always gives the database."""

    def __init__(
        self,
        hs: Any,
        exprs: list[bytes],
        ids: list[int],
        flags: list[int],
        compiling: Callable[[bool], None] | None,
    ) -> None:
        self._spec: tuple[Any, ...] | None = (hs, exprs, ids, flags, compiling)
        self._db: Any = None
        self._lock = threading.Lock()

    def get(self) -> Any:
        """The database, loaded at the first call (two threads at once: one loads)."""
        if self._db is None:
            with self._lock:
                if self._db is None:
                    assert self._spec is not None
                    self._db = compile_db(*self._spec)
                    self._spec = None
        return self._db


def deferred_db(
    hs: Any,
    exprs: list[bytes],
    ids: list[int],
    flags: list[int],
    compiling: Callable[[bool], None] | None = None,
) -> Any:
    """:func:`compile_db`'s database, or a :class:`Deferred` one when the cache holds its
    file: with none (a first run, a new rule set) it is compiled now, on the caller's
    (background) thread, and cached, so that no text ever waits for a compile."""
    path = _path(hs, exprs, ids, flags)
    if path is not None and path.is_file():
        _touch(path)  # in use by this rule set though not loaded: not stale
        return Deferred(hs, exprs, ids, flags, compiling)
    return compile_db(hs, exprs, ids, flags, compiling)
