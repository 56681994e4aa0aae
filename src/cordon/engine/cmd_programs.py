"""Windows programs a cmd.exe line runs that copy, send, wipe, delete or take files over,
read by :mod:`.cmd_exe` as its own ``del``, ``copy`` and ``reg`` are.

Attack class (each was allowed inside ``cmd /c``):

* ``bitsadmin /transfer J /upload URL FILE`` sends FILE; ``esentutl /y SRC /d DST`` and
  ``makecab SRC DST`` copy SRC as ``copy`` does (the caller's); ``expand``, ``extrac32``,
  ``replace`` and ``fsutil file setzerodata`` write their destination;
* ``sdelete [-s] PATH`` deletes (Sysinternals' secure delete: ``-s`` recursive, as ``rd /s``);
  ``wevtutil cl LOG`` clears an event log (its file under ``C:\\Windows``, MITRE ATT&CK
  T1070.001);
* ``takeown /f PATH /r`` and ``icacls``/``cacls PATH ... /t`` change the owner or the access
  of a tree: on a drive's root or a system directory they are read as ``chown -R``/``chmod
  -R`` there (``action.chmod_777_root``);
* ``mklink /j|/d LINK TARGET``: a later path under LINK is also read under TARGET (``mklink
  /j x C:\\Users & rd /s /q x`` deletes the users' directories).

Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

__all__ = ["PROGRAMS", "linked", "program_files"]

#: (path, op) -> recorded by the caller (:func:`.cmd_exe._file`); (line) -> a canonical line
FileSink = Callable[[str, str], None]
LineSink = Callable[[str], None]


def _bitsadmin(switches: set[str], plain: list[str], file: FileSink, host: LineSink) -> None:
    if "/transfer" not in switches or len(plain) < 3:
        return
    url, local = plain[-2], plain[-1]  # (/transfer NAME [/upload] [/priority P] URL FILE)
    if "/upload" in switches:
        file(local, "upload")
        name = urlsplit(url).hostname
        if name:
            host(name)
    else:
        file(local, "overwrite")


def program_files(
    prog: str, switches: set[str], plain: list[str], file: FileSink, line: LineSink, host: LineSink
) -> None:
    """Record what ``prog`` (one of :data:`PROGRAMS`) reads, sends, writes or deletes."""
    if prog == "bitsadmin":
        _bitsadmin(switches, plain, file, host)
    elif prog in ("expand", "extrac32", "replace") and len(plain) >= 2:
        file(plain[-1], "overwrite")
    elif prog == "fsutil" and [p.lower() for p in plain[:2]] == ["file", "setzerodata"]:
        file(plain[-1], "overwrite")
    elif prog == "sdelete":
        for p in plain:
            file(p, "delete")
            if "-s" in switches or "-r" in switches:
                line(f'rd /s /q "{p}"')
    elif prog == "wevtutil" and plain[:1] and plain[0].lower() in ("cl", "clear-log"):
        for log in plain[1:2]:
            file(f"C:\\Windows\\System32\\winevt\\Logs\\{log}.evtx", "overwrite")
    elif prog == "takeown" and "/r" in switches:
        for target in plain:
            line(f'chown -R owner "{target}"')
    elif prog in ("icacls", "cacls") and "/t" in switches and plain:
        line(f'chmod -R acl "{plain[0]}"')


#: the programs :func:`program_files` reads
PROGRAMS = frozenset(
    {"bitsadmin", "expand", "extrac32", "replace", "fsutil", "sdelete",
     "wevtutil", "takeown", "icacls", "cacls"}
)  # fmt: skip
_SWITCH_RE = re.compile(r"[/-]\w+")


def switches_of(args: list[str]) -> tuple[set[str], list[str]]:
    """(switches in lower case, ``-s`` and ``/s`` alike; the other arguments), ``/f PATH``'s
    and ``/d DST``'s value kept among the others."""
    found = {a.lower() for a in args if _SWITCH_RE.fullmatch(a)}
    return found, [a for a in args if not _SWITCH_RE.fullmatch(a)]


def linked(links: dict[str, str], path: str) -> str | None:
    """``path`` under a link ``mklink`` made earlier in the line, spelled under its target;
    None when it is under none."""
    low = path.lower().rstrip("\\/")
    for name, target in links.items():
        if low == name or low.startswith(name + "\\") or low.startswith(name + "/"):
            return target + path[len(name) :]
    return None
