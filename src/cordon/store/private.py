"""Private directories for cordon's state (pins, config backups): made 0700 from the first
missing one down, so no other local user can list or read what lies in them (a backup of a
client config may hold a token; a pin file names the servers)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["private_dirs"]


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
