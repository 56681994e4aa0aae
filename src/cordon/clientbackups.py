"""Backups of the client configs ``cordon init`` rewrites (:mod:`cordon.clientconfig`):
under ``~/.cordon/backups/`` followed by the file's absolute directory, directories 0700 and
files 0600, each named ``<name>.cordon-backup-<UTC time>``; and which configs still hold an
entry cordon wrapped."""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

from cordon.store.private import private_dirs

__all__ = [
    "BACKUP_INFIX",
    "WRAPPED_MARK",
    "backup_root",
    "find_backups",
    "replace_file",
    "wrapped_configs",
]

BACKUP_INFIX = ".cordon-backup-"


def backup_root() -> Path:
    """``~/.cordon/backups``: where :func:`apply_plan` keeps the backups of client configs."""
    return Path.home() / ".cordon" / "backups"


def _backup_dir_for(path: Path) -> Path:
    """``backup_root()`` followed by the directory of the file (symlinks resolved): a backup of
    ``/home/me/app/.mcp.json`` is ``~/.cordon/backups/home/me/app/.mcp.json.cordon-backup-*``."""
    real = path.resolve()
    drive = [re.sub(r"[^A-Za-z0-9]", "", real.drive)] if real.drive else []
    return backup_root().joinpath(*drive, *real.parent.parts[1:])


def find_backups(path: Path | str) -> list[Path]:
    """Backups of ``path`` written by :func:`apply_plan` (under :func:`backup_root`) or by
    earlier versions (next to the file), newest first."""
    path = Path(path)
    found = set(path.parent.glob(f"{_glob_escape(path.name)}{BACKUP_INFIX}*"))
    kept = _backup_dir_for(path)
    if kept.is_dir():
        found.update(kept.glob(f"{_glob_escape(path.resolve().name)}{BACKUP_INFIX}*"))
    return sorted(found, key=lambda p: p.name.rsplit(BACKUP_INFIX, 1)[-1], reverse=True)


#: the key every wrapped entry carries (its original entry): a config that holds it still
#: runs servers through cordon
WRAPPED_MARK = b'"x-cordon-upstream"'


def wrapped_configs() -> list[Path]:
    """The client configs cordon has written (each has a backup under :func:`backup_root`,
    whose path names the original) that still hold a wrapped entry: what ``--undo`` of one
    project must not take the user-level prompt hook away from."""
    root = backup_root()
    if not root.is_dir():
        return []
    originals = set()
    for backup in root.rglob(f"*{BACKUP_INFIX}*"):
        rel = backup.relative_to(root)
        originals.add(Path("/", *rel.parent.parts, rel.name.rsplit(BACKUP_INFIX, 1)[0]))
    found = []
    for path in sorted(originals):
        try:
            if WRAPPED_MARK in path.read_bytes():
                found.append(path)
        except OSError:
            continue
    return found


def _write_backup(real: Path, raw: bytes) -> Path:
    """Write ``raw`` as a new backup of ``real`` (mode 0600; missing directories 0700)."""
    directory = _backup_dir_for(real)
    private_dirs(directory)
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    backup = directory / f"{real.name}{BACKUP_INFIX}{stamp}{time.time_ns() % 10**9:09d}Z"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(backup, flags, 0o600), "wb") as fh:
        fh.write(raw)
    os.chmod(backup, 0o600)
    return backup


def _glob_escape(name: str) -> str:
    """Escape glob metacharacters in a file name."""
    return re.sub(r"([*?\[])", r"[\1]", name)


def replace_file(real: Path, data: bytes, mode: int) -> None:
    """Write ``data`` to ``real`` atomically: a temporary file beside it with ``mode``, then
    ``os.replace`` (a reader sees the old file or the new one, never half of one)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", dir=real.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, real)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
