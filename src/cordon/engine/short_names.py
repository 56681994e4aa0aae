"""Windows 8.3 short names: which long names an alias may stand for (``CORDON~1.YAM`` for
``cordon-policy.yaml``, ``CORDON~1`` for ``~/.cordon``, ``GITCON~1`` for ``.gitconfig``).

NTFS (and FAT) give a long name a short alias a server on Windows opens as the file: the
name without leading dots, its characters before the last dot without dots and spaces, their
first six (fewer past ``~9``: the alias is eight characters at most), ``~N``, and the first
three of its extension's; past a few names alike, two characters and four hex digits of a
hash. Which long name an alias stands for only the volume knows, so a name of that shape
that could be the alias of a listed name is read as that name (fail closed; git's
``is_ntfs_dotgit`` reads ``git~1`` so). The one matcher of such names: cordon's own files
(:func:`short_name_readings`) and the credential and auto-run names
(:func:`cordon.engine.credential_paths.is_credential_path`) both read aliases with
:func:`may_alias`. Pure string work: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["alias_parts", "may_alias", "short_name_readings"]

#: a name shaped like an 8.3 alias: a base of one to six characters, ``~`` and a number,
#: an optional extension of up to three
_ALIAS_RE = re.compile(r"([^~./]{1,6})~(\d{1,6})(?:\.([^./]{1,3}))?")
#: characters an alias cannot hold: Windows writes ``_`` for them
_INVALID = str.maketrans(dict.fromkeys("+,;=[]", "_"))
_HEX = frozenset("0123456789abcdef")


def _squeezed(name: str) -> str:
    return name.casefold().replace(" ", "").translate(_INVALID)


def alias_parts(name: str) -> tuple[str, str, str | None] | None:
    """``(base, number, extension)`` of ``name`` (any case, casefolded) when it is shaped
    like an 8.3 alias (``GITCON~1``, ``ENV~1.LOC``, ``CO1A2B~1.YAM``), else None
    (``HEAD~1`` is shaped like one; ``notes.md~``, ``cordon-policy~1.yaml`` are not)."""
    if "~" not in name:
        return None
    m = _ALIAS_RE.fullmatch(name.casefold())
    return None if m is None else (m.group(1), m.group(2), m.group(3))


def may_alias(short: str | tuple[str, str, str | None], long: str) -> bool:
    """``short`` (a name, or its :func:`alias_parts`) may be the 8.3 alias of the name
    ``long`` (compared in any case). An alias with no extension is taken for any of the
    long name's (a caller may leave it off: fail closed); its base is all of the long
    name's squeezed stem or as much of it as the alias holds (``E~1`` is not ``.env``'s)."""
    parts = alias_parts(short) if isinstance(short, str) else short
    if parts is None:
        return False
    base, num, ext = parts
    stem, dot, tail = long.lstrip(". ").rpartition(".")
    stem, tail = (stem, tail) if dot else (tail, "")
    if ext is not None and not _squeezed(tail).startswith(ext):
        return False  # (an alias's extension is the long name's, cut to three)
    whole = _squeezed(stem).replace(".", "")
    if whole.startswith(base) and len(base) >= min(len(whole), 7 - len(num)):
        return True
    # the hashed form: two characters and four hex digits
    return len(base) == 6 and _HEX.issuperset(base[2:]) and whole.startswith(base[:2])


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
                if not may_alias(names[k], long[k]):
                    break
                aliased = True
            k += 1
        if aliased and k == min(len(names), len(long)):
            reading = "/".join(long[:k] + names[k:])
            if reading not in out:
                out.append(reading)
    return out
