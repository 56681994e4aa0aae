"""File names of a shell's open descriptors, spelt as the kernel resolves them, for the shell
guard (:mod:`.shell`): which descriptor a path or a command's word names, and what a reader
finds there.

Attack class: ``exec 3< <(echo 'DROP TABLE t;')`` then ``psql < /dev/fd//3``, ``< /dev/./fd/3``,
``< /proc/thread-self/fd/3``, ``< /proc/$$/fd/3`` or ``sqlite3 DB '.read /dev/fd//3'``: the
kernel opens descriptor 3 for each, where only ``/dev/fd/3`` and ``/proc/self/fd/3`` were read
as it, and the SQL ran unread. ``exec {fd}< SRC`` then ``/dev/fd/10`` (bash gives such a
descriptor the first free number from 10), ``eval 'exec 3< SRC'`` then ``<&3``: a descriptor
this string did not open where it is read holds text not known here.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any, Protocol

from cordon.engine.shell_commands import DYNAMIC

__all__ = ["COMPUTED", "fd_named", "held", "named_fds", "opened_name"]

#: a descriptor's name after ``normpath``: /dev/fd/N, /proc/<self|thread-self|PID|$$>/fd/N,
#: /proc/<...>/task/<TID>/fd/N (DYNAMIC where the shell computes a number: ``$$``, ``$fd``)
_FD_RE = re.compile(
    r"/(?:dev/fd|proc/(?:self|thread-self|[0-9]+|\x00+)(?:/task/(?:[0-9]+|\x00+))?/fd)"
    r"/([0-9]+|\x00+)"
)
_STD = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
#: what :func:`fd_named` gives for a descriptor whose number the shell computes (``/dev/fd/$fd``)
COMPUTED = -1
#: a path inside a word (``.read /dev/fd//3``, ``--file=/proc/self/fd/3``): from a slash to
#: the next space, quote, ``=`` or ``;``
_PATH_IN_WORD_RE = re.compile(r"/[^\s'\"=;]*")


class _Walker(Protocol):
    opened: dict[int, tuple[str | None, bool]]
    net_fds: set[int]

    def key(self, path: str) -> str: ...


def fd_named(path: str) -> int | None:
    """The descriptor the absolute ``path`` names, read as the kernel resolves it: repeated
    slashes and ``.`` dropped, ``..`` taken back (``/proc/self/../self/fd/3``); :data:`COMPUTED`
    for a number the shell computes; None for any other path."""
    if not path.startswith("/") or ("/fd/" not in path and "/dev/" not in path):
        return None
    norm = "/" + posixpath.normpath(path).lstrip("/")
    if norm in _STD:
        return _STD[norm]
    m = _FD_RE.fullmatch(norm)
    if m is None:
        return None
    return COMPUTED if DYNAMIC in m.group(1) else int(m.group(1))


def named_fds(args: tuple[str, ...]) -> set[int]:
    """The descriptors a command's words name as files, anywhere in a word (``.read
    /dev/fd/3``, ``-init /proc/self/fd/3``, ``--file=/dev/fd/3``)."""
    out: set[int] = set()
    for arg in args:
        for m in _PATH_IN_WORD_RE.finditer(arg) if "/" in arg else ():
            fd = fd_named(m.group(0))
            if fd is not None:
                out.add(fd)
    return out


def held(w: _Walker, fd: int) -> tuple[str | None, bool] | None:
    """What descriptor ``fd`` holds for a reader (text, whether a decoder wrote it): what
    ``exec`` opened there; for one of 3 or above this string did not open, or a number
    computed at run time, :data:`DYNAMIC` (not known here); None for 0-2 not redirected
    (the tool's own streams)."""
    if fd in w.opened:
        return w.opened[fd]
    unknown = fd >= 3 or fd == COMPUTED
    return (DYNAMIC, False) if unknown and fd not in w.net_fds else None


def opened_name(w: _Walker, path: Any) -> tuple[str | None, bool] | None:
    """What the descriptor ``path`` names holds (``/dev/fd/3``, ``/dev/fd//3``,
    ``/proc/thread-self/fd/3``: :func:`held`); None for a path naming none."""
    fd = fd_named(w.key(path)) if "/" in path else None
    return None if fd is None else held(w, fd)
