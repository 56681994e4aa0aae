"""Windows 8.3 short names of a deny list's files (``CORDON~1.YAM`` for
``cordon-policy.yaml``, ``CORDON~1`` for ``~/.cordon``).

NTFS (and FAT) give a long name a short alias a server on Windows opens as the file: the
name's characters without dots and spaces, its first six (fewer past ``~9``), ``~N``, and
the first three of its extension's; past a few names alike, two characters and four hex
digits of a hash. Which long name an alias stands for only the volume knows, so a name of
that shape that could be the alias of a listed file is read as that file (fail closed;
git's ``is_ntfs_dotgit`` reads ``git~1`` so). Pure string work: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["short_name_readings"]

#: a name shaped like an 8.3 alias: a base of one to six characters, ``~`` and a number,
#: an optional extension of up to three
_ALIAS_RE = re.compile(r"([^~.]{1,6})~\d{1,6}(?:\.([^.]{1,3}))?")
#: characters an alias cannot hold: Windows writes ``_`` for them
_INVALID = str.maketrans(dict.fromkeys("+,;=[]", "_"))


def _squeezed(name: str) -> str:
    return name.casefold().replace(" ", "").translate(_INVALID)


def _may_alias(short: str, long: str) -> bool:
    """``short`` may be the 8.3 alias of the name ``long`` (compared in any case)."""
    m = _ALIAS_RE.fullmatch(short.casefold())
    if m is None:
        return False
    base, ext = m.group(1), m.group(2)
    stem, dot, tail = long.lstrip(". ").rpartition(".")
    stem, tail = (stem, tail) if dot else (tail, "")
    if ext is not None and not _squeezed(tail).startswith(ext):
        return False  # (an alias's extension is the long name's, cut to three)
    whole = _squeezed(stem).replace(".", "")
    if whole.startswith(base):
        return True
    # the hashed form: two characters and four hex digits
    hashed = len(base) == 6 and all(c in "0123456789abcdef" for c in base[2:])
    return hashed and whole.startswith(base[:2])


def short_name_readings(target: str, listed: tuple[str, ...]) -> list[str]:
    """Each reading of the absolute path ``target`` in which a name that may be the 8.3
    alias of a listed path's name (``listed``: absolute, resolved) is that name: the listed
    path's leading names then the rest of ``target``. Empty when ``target`` holds no
    alias-shaped name (the usual path). Attack class: ``CORDON~1.YAM`` written on a Windows
    server is ``cordon-policy.yaml``; ``%USERPROFILE%\\CORDON~1\\approvals.json`` is cordon's
    approvals store."""
    if "~" not in target:
        return []
    names = target.split("/")
    out: list[str] = []
    for path in listed:
        long = path.split("/")
        k, aliased = 0, False
        while k < min(len(names), len(long)):
            if names[k].casefold() != long[k].casefold():
                if not _may_alias(names[k], long[k]):
                    break
                aliased = True
            k += 1
        if aliased and k == min(len(names), len(long)):
            reading = "/".join(long[:k] + names[k:])
            if reading not in out:
                out.append(reading)
    return out
