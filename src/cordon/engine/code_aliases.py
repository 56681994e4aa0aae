"""Interpreter one-liners re-spelled with the names the file and process rules read.

Attack class: a delete or a command run through a module imported under another name, or
aimed at the home directory named by an expression. ``python -c "import shutil;
shutil.rmtree('/srv/data')"`` was denied and ``import shutil as s; s.rmtree('/srv/data')``,
``from shutil import rmtree as r; r('/srv/data')``, ``import subprocess as s;
s.call(['rm', '-rf', '/srv/data'])`` allowed; ``node -e "fs.rmSync(process.env.HOME,
{recursive: true})"`` was read as a delete of a path computed at run time (none).

:func:`unalias` rewrites Python's ``import M as A`` (``A.f`` -> ``M.f``) and ``from M import
f [as g]`` (``g(`` -> ``M.f(``), and the home directory's spellings (``os.environ['HOME']``,
``Path.home()``, ``process.env.HOME``, ``os.homedir()``, Ruby's ``ENV['HOME']`` and
``Dir.home``) as the literal ``'~'``. Pure: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["unalias"]

_IMPORT_AS_RE = re.compile(r"\bimport\s+([\w.]+)\s+as\s+(\w+)")
_FROM_RE = re.compile(r"\bfrom\s+([\w.]+)\s+import\s+\(?\s*([\w\s,]+?)\s*\)?\s*(?:;|\n|$)")
_HOME = {
    "python": re.compile(
        r"\bos\.environ\s*\[\s*[\"']HOME[\"']\s*\]|\bos\.environ\.get\(\s*[\"']HOME[\"']\s*\)"
        r"|\bos\.getenv\(\s*[\"']HOME[\"']\s*\)|\b(?:pathlib\.)?Path\.home\(\s*\)"
    ),
    "node": re.compile(
        r"\bprocess\.env\.HOME\b|\bprocess\.env\[\s*[\"']HOME[\"']\s*\]"
        r"|\b(?:os|require\(\s*[\"'](?:node:)?os[\"']\s*\))\.homedir\(\s*\)"
    ),
    "ruby": re.compile(r"\bENV\s*\[\s*[\"']HOME[\"']\s*\]|\bDir\.home\b"),
}
#: the most imports rewritten in one text (each is a pass over it)
_MAX_NAMES = 16


def unalias(fam: str, code: str) -> str:
    """``code`` (of the interpreter family ``fam``) with its module aliases and home
    directory expressions spelled plainly (module docstring)."""
    home = _HOME.get(fam)
    if home is not None and ("HOME" in code or "home" in code):
        code = home.sub("'~'", code)
    if fam != "python" or "import" not in code:
        return code
    names: list[tuple[str, str]] = []  # (the name in the text, what it stands for)
    for m in _IMPORT_AS_RE.finditer(code):
        names.append((m.group(2) + ".", m.group(1) + "."))
    for m in _FROM_RE.finditer(code):
        for item in m.group(2).split(","):
            parts = item.split()
            if len(parts) in (1, 3) and parts[0] != "*":
                names.append((parts[-1] + "(", f"{m.group(1)}.{parts[0]}("))
    for short, full in names[:_MAX_NAMES]:
        code = re.sub(rf"(?<![\w.]){re.escape(short)}", full.replace("\\", "\\\\"), code)
    return code
