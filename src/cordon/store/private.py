"""Private directories for cordon's state (pins, config backups): made 0700 from the first
missing one down, so no other local user can list or read what lies in them (a backup of a
client config may hold a token; a pin file names the servers). And the client's shared files
(:func:`open_regular`), opened only as regular files, never through a symbolic link."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = ["open_regular", "private_dirs"]


def private_dirs(directory: Path) -> None:
    """Create ``directory`` and each missing parent with mode 0700 (set again after
    ``mkdir``, which the umask narrows but never widens); existing ones are left as they are.

    Raises:
        OSError: a directory cannot be made.
    """
    missing = []
    parent = directory
    while not parent.exists():
        missing.append(parent)
        parent = parent.parent
    for made in reversed(missing):
        made.mkdir(mode=0o700, exist_ok=True)
        os.chmod(made, 0o700)


def open_regular(path: Path) -> int:
    """Open (or create, 0600) one of the client's shared files under ``~/.cordon`` for
    reading and appending, and set it 0600: not through a symbolic link, and only a regular
    file. A link to ``/dev/null`` or a FIFO in its place would swallow what cordon publishes
    and answer every lookup with a miss; a link to another file would have cordon append to
    it and, as root, chmod it (``/dev/null`` made 0600 breaks every program that writes to
    it). Non-blocking while opening, so a FIFO does not hang the open.

    Raises:
        OSError: it cannot be opened, or it is not a regular file (``ELOOP`` for a link).
    """
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o600)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    os.set_blocking(fd, True)
    try:
        os.fchmod(fd, 0o600)
    except OSError:
        pass  # (a file of another owner: its mode is theirs to set)
    return fd
