"""cordon's own files, shared between the cordon processes of one client.

Each ``cordon run`` denies a tool call that writes one of its own files (``action.cordon_state``:
its policy files, pin file, approvals store, audit log and ``~/.cordon``). A client usually
runs several servers, each behind its own ``cordon run`` with its own ``--policy``: without
this list, one server's file tool could rewrite another's policy (switch its secret
protection off, allow private addresses), which the other process loads at the client's next
start. :class:`SharedStatePaths` is the file-backed list through which every cordon process
of a client denies a write to the files of every other one.

* All cordon processes started by the same client (the same parent process) share one file,
  ``~/.cordon/state/client-<PID>-<START>.paths``, named as the shared taint file is
  (:mod:`cordon.store.shared_taint`: cordon's parent process id and its start time, so a later
  process that reuses the PID gets another file). The directory is created with mode 0700 and
  the file with mode 0600; files of clients that are no longer running are deleted.
* At start, before its upstream is started and so before it relays any call, a process
  appends one line: a JSON object ``{"pid": ..., "name": ..., "paths": [...]}`` with its own
  files as absolute paths, in one ``write`` on a descriptor opened with ``O_APPEND``, under an
  exclusive ``flock``. If it cannot, ``cordon run`` does not start.
* Before each decision on a call that writes a path (:meth:`SharedStatePaths.paths`), a
  process ``fstat``\\ s the file and reads only the complete lines appended since its last
  read: the list is current to the call. A line that is not such an object, a file past
  :data:`MAX_BYTES`, or a failed read raises ``OSError``: the engine then denies the write
  (fail closed), it never allows it for want of the list.
* The list only grows while the client runs: a process that exits leaves its line (the client
  may start it again, with the same files).
* The file lies under ``~/.cordon``, which every process denies tool writes to.

* ``cordon init`` keeps a second list, for the processes that have not started yet (a server
  the client starts late or on demand, one that failed to start, another client's):
  ``~/.cordon/state/wrapped.json``, ``{"version": 1, "configs": {CONFIG: [path, ...]}}``, the
  files every ``cordon run`` entry of each config file it wrote names
  (:mod:`cordon.clientstate`; :func:`record_wrapped`). Each process reads it too, at each
  such call (again when its inode, size or modification time changed): a missing file is an
  empty list, one that cannot be read or parsed denies the write as above.

What neither covers: an entry written by hand (not by ``cordon init``) whose process has not
started, or has started under another client or through a wrapper between the client and
cordon (another parent process: another file).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

import orjson

from cordon.audit.log import audit_files
from cordon.store.private import open_regular
from cordon.store.shared_taint import _alive, _start_time

__all__ = [
    "MAX_BYTES",
    "SharedStatePaths",
    "own_state_paths",
    "record_wrapped",
    "wrapped_file",
]

#: the most bytes of the list (or of ``cordon init``'s) a process reads; past it every write
#: is denied
MAX_BYTES = 4 << 20


def own_state_paths(
    policies: Iterable[Path], audit: Path | None, store: Path | None, pins: Path | None
) -> list[str]:
    """cordon's own files, which no tool may write (``action.cordon_state``): ``~/.cordon``
    (the default approvals store, pins, OAuth logins, prompts, taint, cache), and the
    policy files, audit log (its lock and rotated files), approvals store and pin file given,
    as absolute paths. ``cordon run`` and ``cordon serve`` deny a write to any of them."""
    out = [str(Path.home() / ".cordon"), *map(str, policies)]
    if audit is not None:
        out += audit_files(audit)
    out += [str(p) for p in (store, pins) if p is not None]
    return [str(Path(p).expanduser().absolute()) for p in out]


def wrapped_file() -> Path:
    """``~/.cordon/state/wrapped.json``: the files of every ``cordon run`` entry ``cordon
    init`` wrote (module docstring)."""
    return Path.home() / ".cordon" / "state" / "wrapped.json"


class SharedStatePaths:
    """The list of the files of every cordon process of one client (module docstring).

    Args:
        path: the shared file; created with mode 0600 if missing, its directory must exist.
        own: this process's own files, absolute; appended as one line (none: nothing
            appended).
        name: this process's ``--name``, recorded with its files (for a person reading the
            file).
        wrapped: ``cordon init``'s list (:func:`wrapped_file`), read too, or None.

    Raises:
        OSError: the file cannot be opened, created or appended to.
    """

    def __init__(
        self,
        path: Path,
        own: Iterable[str] = (),
        *,
        name: str = "",
        wrapped: Path | None = None,
    ) -> None:
        self.path = Path(path)
        self.wrapped = wrapped
        self._wrapped_stat: tuple[int, int, int] | None = None
        self._wrapped: tuple[str, ...] = ()
        # a link to /dev/null in its place would swallow the paths this process protects
        # (the client's other processes would let their tools write them)
        self._fd = open_regular(self.path)
        self._offset = 0
        self._paths: dict[str, None] = {}
        self._cached: tuple[str, ...] = ()
        mine = [p for p in own if p]
        if mine:
            self._append(mine, name)

    @classmethod
    def for_client(
        cls, own: Iterable[str] = (), *, name: str = "", base_dir: Path | None = None
    ) -> SharedStatePaths:
        """The list of the client that started this process (cordon's parent process), with
        ``own`` appended. ``base_dir`` defaults to ``~/.cordon/state``; it and any missing
        parent are created with mode 0700. Files of clients that are no longer running are
        removed.

        Raises:
            OSError: the directory or file cannot be created or appended to.
        """
        base = Path(base_dir) if base_dir is not None else Path.home() / ".cordon" / "state"
        for d in [*(p for p in reversed(base.parents) if not p.exists()), base]:
            d.mkdir(mode=0o700, exist_ok=True)
        with contextlib.suppress(OSError):
            os.chmod(base, 0o700)
        ppid = os.getppid()
        keep = f"client-{ppid}-{_start_time(ppid)}.paths"
        _prune(base, keep=keep)
        return cls(base / keep, own, name=name, wrapped=base / "wrapped.json")

    def _append(self, own: list[str], name: str) -> None:
        line = orjson.dumps({"pid": os.getpid(), "name": name, "paths": own}) + b"\n"
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        try:
            written = os.write(self._fd, line)
        finally:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        if written != len(line):
            raise OSError(f"{self.path}: short write ({written} of {len(line)} bytes)")

    def paths(self) -> tuple[str, ...]:
        """Every file the client's cordon processes published so far (this one's included),
        in the order published, then those of ``cordon init``'s list, without repeats.

        Raises:
            OSError: either file cannot be read, is larger than :data:`MAX_BYTES`, or holds
                a line (an entry) that is not a list of files (fail closed: the caller denies
                the write).
        """
        published = self._published()
        if self.wrapped is None:
            return published
        wrapped = self._read_wrapped(self.wrapped)
        return published + tuple(p for p in wrapped if p not in self._paths)

    def _published(self) -> tuple[str, ...]:
        size = os.fstat(self._fd).st_size
        if size > MAX_BYTES:
            raise OSError(f"{self.path}: larger than {MAX_BYTES} bytes")
        if size < self._offset:
            raise OSError(f"{self.path}: shrank (it only grows)")
        if size == self._offset:
            return self._cached
        data = os.pread(self._fd, size - self._offset, self._offset)
        end = data.rfind(b"\n") + 1  # complete lines only: a later read takes the rest
        for raw in data[:end].splitlines():
            self._paths.update(dict.fromkeys(_line_paths(raw, self.path)))
        self._offset += end
        self._cached = tuple(self._paths)
        return self._cached

    def _read_wrapped(self, path: Path) -> tuple[str, ...]:
        try:
            st = path.stat()
        except FileNotFoundError:
            return ()
        key = (st.st_ino, st.st_size, st.st_mtime_ns)
        if key != self._wrapped_stat:
            if st.st_size > MAX_BYTES:
                raise OSError(f"{path}: larger than {MAX_BYTES} bytes")
            self._wrapped = tuple(dict.fromkeys(_wrapped_paths(path.read_bytes(), path)))
            self._wrapped_stat = key
        return self._wrapped

    def close(self) -> None:
        """Close the file (the line stays: module docstring)."""
        with contextlib.suppress(OSError):
            os.close(self._fd)

    def __repr__(self) -> str:
        return f"SharedStatePaths({str(self.path)!r})"


def _line_paths(raw: bytes, where: Path) -> list[str]:
    """The files of one line.

    Raises:
        OSError: the line is not ``{"paths": [absolute path, ...], ...}``.
    """
    try:
        doc = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise OSError(f"{where}: a line is not JSON") from exc
    paths = doc.get("paths") if isinstance(doc, dict) else None
    if not isinstance(paths, list) or not all(
        isinstance(p, str) and os.path.isabs(p) and "\x00" not in p for p in paths
    ):
        raise OSError(f"{where}: a line is not a list of absolute paths")
    return paths


def _wrapped_paths(raw: bytes, where: Path) -> list[str]:
    """The files of ``cordon init``'s list, every config's.

    Raises:
        OSError: not ``{"version": 1, "configs": {config: [absolute path, ...]}}``.
    """
    try:
        doc = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise OSError(f"{where}: not JSON") from exc
    configs = doc.get("configs") if isinstance(doc, dict) and doc.get("version") == 1 else None
    if not isinstance(configs, dict):
        raise OSError(f"{where}: not a version 1 list of configs")
    out: list[str] = []
    for paths in configs.values():
        out += _line_paths(orjson.dumps({"paths": paths}), where)
    return out


def record_wrapped(config: Path, paths: Iterable[str], *, file: Path | None = None) -> None:
    """Set the files of the ``cordon run`` entries of the client config ``config`` in
    ``cordon init``'s list (``file``, default :func:`wrapped_file`); none: drop the config.
    Read, changed and replaced atomically under an exclusive lock on ``<file>.lock``; the
    directory is created with mode 0700, the file with mode 0600.

    Raises:
        OSError: the list cannot be read, parsed or written.
    """
    file = wrapped_file() if file is None else Path(file)
    for d in [*(p for p in reversed(file.parent.parents) if not p.exists()), file.parent]:
        d.mkdir(mode=0o700, exist_ok=True)
    lock = os.open(f"{file}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        configs: dict[str, list[str]] = {}
        if file.exists():
            raw = file.read_bytes()
            _wrapped_paths(raw, file)  # (raises on a list this code did not write)
            configs = orjson.loads(raw)["configs"]
        mine = [str(p) for p in dict.fromkeys(paths)]
        configs.pop(str(config), None)
        if mine:
            configs[str(config)] = mine
        data = orjson.dumps({"version": 1, "configs": configs}, option=orjson.OPT_INDENT_2)
        fd, tmp = tempfile.mkstemp(prefix=f".{file.name}.", dir=file.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data + b"\n")
            os.chmod(tmp, 0o600)
            os.replace(tmp, file)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    finally:
        os.close(lock)


def _prune(base: Path, *, keep: str) -> None:
    """Delete ``client-<pid>-<start>.paths`` files whose client process is gone."""
    try:
        entries = list(base.glob("client-*.paths"))
    except OSError:
        return
    for entry in entries:
        if entry.name == keep:
            continue
        parts = entry.name[len("client-") : -len(".paths")].split("-")
        if len(parts) != 2 or not parts[0].isdigit():
            continue
        if not _alive(int(parts[0]), parts[1]):
            with contextlib.suppress(OSError):
                entry.unlink()
