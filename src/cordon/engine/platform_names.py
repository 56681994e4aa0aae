"""How other platforms' file systems name a file, for the deny lists' path compares.

A deny list (cordon's own files, credential and auto-run files, ``sensitive_paths``) must
match every spelling a server's file system maps onto a listed file, not only the POSIX
one cordon resolves: macOS (APFS, HFS+) compares names case- and normalisation-
insensitively (an NFD and an NFC spelling are one name; HFS+ also ignores some code
points), Windows drops a name's trailing dots and spaces and reads ``name::$DATA`` as the
file's data, and a server may expand a home-directory variable. Over-matching is the
fail-closed side for such a list; allowed prefixes are compared exactly (never widened).
Pure string work: no I/O.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fold_path", "home_reading", "windows_reading"]

#: code points HFS+ ignores in a name (git's ``is_hfs_dotgit`` list: ``.g\u200cit`` is
#: ``.git`` there)
_HFS_IGNORED = dict.fromkeys(
    (0x200C, 0x200D, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x206A, 0x2070), 0xFEFF)
)


def fold_path(path: str) -> str:
    """``path`` as a case- and normalisation-insensitive file system compares names (APFS and
    HFS+ on macOS: an NFD and an NFC spelling are one name, HFS+ ignores some code points;
    NTFS and APFS ignore case): casefolded, and for non-ASCII text NFKC-folded too (wider
    than NFC: a list that widens a control may over-match, never under-match)."""
    if path.isascii():
        return path.casefold()
    nfkc = unicodedata.normalize("NFKC", path.translate(_HFS_IGNORED))
    return unicodedata.normalize("NFKC", nfkc.casefold())


#: what a Windows server drops from the end of a name: trailing dots and spaces, and an NTFS
#: stream suffix (``.env::$DATA`` is ``.env``'s data; git's ``is_ntfs_dotgit``)
_WIN_TAIL_RE = re.compile(r"(?<=[^/:. ])[. ]*(?::[^/]*)?(?=/|$)")
#: a drive-relative path's drive (``C:.env``, ``c:.git\config``): Windows opens the name in
#: that drive's current directory, a relative path (read as one: the server's working
#: directory, over-matching when the drive is another)
_DRIVE_RELATIVE_RE = re.compile(r"^[A-Za-z]:(?=[^/\\])")


def windows_reading(raw: str) -> str | None:
    """``raw`` as a Windows server names the file (backslashes as separators, each name
    without its trailing dots, spaces and stream suffix, a drive-relative path without its
    drive), or None when that is ``raw`` (attack class: ``cordon-policy.yaml.``,
    ``.env::$DATA`` or ``C:.env`` writes the file a deny list names, under a spelling no
    POSIX compare matches)."""
    tail = raw.endswith((".", " ")) or "./" in raw or " /" in raw
    if not tail and ":" not in raw and "\\" not in raw:
        return None
    win = _WIN_TAIL_RE.sub("", _DRIVE_RELATIVE_RE.sub("", raw).replace("\\", "/"))
    return None if win == raw else win


#: a leading variable that names the home directory, as a shell, PowerShell, cmd.exe or VS
#: Code's configuration expands it
_HOME_VAR_RE = re.compile(
    r"(?:\$HOME|\$\{HOME\}|\$env:(?:HOME|USERPROFILE)|\$\{env:(?:HOME|USERPROFILE)\}"
    r"|%(?:HOME|USERPROFILE)%)(?=[/\\]|$)",
    re.IGNORECASE,
)


def home_reading(raw: str) -> str | None:
    """``raw`` with a leading home-directory variable (``$HOME``, ``%USERPROFILE%``,
    ``${env:HOME}``) read as ``~``, or None when it has none: a server that expands
    variables writes there (attack class: ``$HOME/.cordon/approvals.json``, which a path
    compare reads as a relative name); backslashes read as separators, as where ``%...%``
    is expanded."""
    m = _HOME_VAR_RE.match(raw) if raw[:1] in "$%" else None
    return None if m is None else "~" + raw[m.end() :].replace("\\", "/")
