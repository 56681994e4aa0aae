"""Files an interpreter one-liner deletes or overwrites, read from its program text.

:func:`code_writes` finds the calls of each language's own file library that delete, move or
overwrite a file named by a string literal (``os.remove('/etc/x')``, ``fs.unlinkSync(..)``,
``File.delete ..``, ``unlink ..``, ``Deno.writeTextFile(..)``, ``Bun.write(..)``, R's
``writeLines(x, ..)`` and ``file.remove(..)``, Julia's ``write(..)`` and ``rm(..)``) in the
text given to ``python -c``, ``node -e``, ``deno eval``, ``bun -e``, ``ruby -e``, ``perl -e``,
``php -r``, ``lua -e``, ``Rscript -e``, ``julia -e``, piped into the interpreter or given in a
heredoc. :mod:`.shell` records each as a delete or overwrite, judged as ``rm`` and ``>`` are
(``action.delete_outside``: outside the allowed path prefixes). Pure: no I/O.

Attack class: a delete written for another interpreter. ``rm /etc/x`` was denied and
``python -c "import os; os.remove('/etc/x')"`` allowed; only a recursive delete of ``/`` in
interpreter code (``shutil.rmtree('/')``) was read. A path computed at run time
(``os.remove(p)``) is not read: the code is a program, and judging every computed value in it
would ask about every script.
"""

from __future__ import annotations

import re

__all__ = ["code_writes", "in_place_files"]


def _lit(group: int) -> str:
    """A string literal naming a path (no quote or backslash inside), optionally expanded:
    its quote is group ``group``, its text group ``group + 1``."""
    return (
        r"(?:os\.path\.expanduser\(\s*)?[rRbBuUfF]{0,2}([\"'`])([^\"'`\\\n]*)" + "\\" + str(group)
    )


_ARGS = r"\s*\(?\s*\[?\s*" + _lit(1) + r"(?:\s*,\s*" + _lit(3) + r")?"

#: R's writers whose second argument is the file; one argument (literals and one level of
#: parentheses inside, no comma), possessive: no backtracking into it
_R_WRITERS = r"writeLines|saveRDS|writeBin|writeChar|write\.csv2?|write\.table|write"
_R_ARG = r"""(?:"[^"\n]*"|'[^'\n]*'|\([^()]*\)|[^(),"'])*+"""

#: (families, call heads, op of the first literal, op of the second; "": not a write)
_CALLS: tuple[tuple[frozenset[str], str, str, str], ...] = (
    (frozenset({"python"}),
     r"\bos\.(?:remove|unlink|rmdir|removedirs)|\bshutil\.rmtree"
     r"|(?<![\w.])(?:remove|unlink|rmdir|removedirs|rmtree)(?=\s*\()", "delete", ""),
    (frozenset({"python"}), r"\b(?:os\.(?:rename|replace|renames)|shutil\.move)",
     "delete", "overwrite"),
    (frozenset({"python"}), r"\bos\.truncate", "overwrite", ""),
    (frozenset({"python"}), r"\bshutil\.copy(?:file|2)?\b", "", "overwrite"),
    (frozenset({"node"}), r"(?:\.|(?<![\w$.]))(?:unlink|rm|rmdir)(?:Sync)?(?=\s*\()",
     "delete", ""),
    (frozenset({"node"}), r"(?:\.|(?<![\w$.]))(?:writeFile|appendFile|truncate)(?:Sync)?(?=\s*\()",
     "overwrite", ""),
    (frozenset({"node"}), r"(?:\.|(?<![\w$.]))rename(?:Sync)?(?=\s*\()", "delete", "overwrite"),
    (frozenset({"ruby"}),
     r"\b(?:File\.(?:delete|unlink)|Dir\.(?:delete|rmdir|unlink)|FileUtils\.(?:rm|rm_f|rm_r"
     r"|rm_rf|remove|remove_dir|remove_entry|remove_entry_secure|remove_file|rmdir|rmtree))\b",
     "delete", ""),
    (frozenset({"ruby"}), r"\bFile\.(?:write|binwrite)\b", "overwrite", ""),
    (frozenset({"ruby"}), r"\b(?:File\.rename|FileUtils\.(?:mv|move))\b", "delete", "overwrite"),
    (frozenset({"perl"}), r"\b(?:unlink|rmdir|remove_tree|rmtree)\b", "delete", ""),
    (frozenset({"perl", "php"}), r"\brename\b", "delete", "overwrite"),
    (frozenset({"php"}), r"\b(?:unlink|rmdir)\b", "delete", ""),
    (frozenset({"php"}), r"\bfile_put_contents\b", "overwrite", ""),
    (frozenset({"lua"}), r"\bos\.remove\b", "delete", ""),
    (frozenset({"lua"}), r"\bos\.rename\b", "delete", "overwrite"),
    # JavaScript beyond node's fs: Deno's file calls and Bun.write (deno and bun text is read
    # as node's); node's copies and links write their second path
    (frozenset({"node"}), r"\bDeno\.remove(?:Sync)?", "delete", ""),
    (frozenset({"node"}),
     r"\bDeno\.(?:writeTextFile|writeFile|truncate|create|mkdir)(?:Sync)?"
     r"|\bBun\.write(?:\s*\(\s*Bun\.file)?", "overwrite", ""),
    (frozenset({"node"}), r"\bDeno\.rename(?:Sync)?", "delete", "overwrite"),
    (frozenset({"node"}),
     r"\bDeno\.(?:copyFile|symlink|link)(?:Sync)?"
     r"|(?:\.|(?<![\w$.]))(?:copyFile|cp|symlink|link)(?:Sync)?(?=\s*\()", "", "overwrite"),
    # R: file.remove/unlink delete, file.create/dir.create/sink write their path; a writer's
    # path is its second argument (writeLines(text, "p")) or a file=/con= argument
    (frozenset({"r"}), r"\b(?:file\.remove|unlink)\b", "delete", ""),
    (frozenset({"r"}), r"\b(?:file\.create|dir\.create|sink)\b", "overwrite", ""),
    (frozenset({"r"}), r"\bfile\.rename\b", "delete", "overwrite"),
    (frozenset({"r"}), r"\b(?:file\.copy|file\.symlink|file\.link)\b", "", "overwrite"),
    (frozenset({"r"}), r"\b(?:" + _R_WRITERS + r")\s*\(" + _R_ARG + ",", "overwrite", ""),
    (frozenset({"r"}),
     r"\b(?:" + _R_WRITERS + r"|save|cat)\s*\((?:" + _R_ARG + r",)*+\s*(?:file|con)\s*=",
     "overwrite", ""),
    # Julia: write("p", x), touch, mkdir/mkpath write; rm deletes; mv and cp, symlink
    (frozenset({"julia"}), r"(?<![\w.])(?:write|touch|mkdir|mkpath)(?=\s*\()", "overwrite", ""),
    (frozenset({"julia"}), r"(?<![\w.])rm(?=\s*\()", "delete", ""),
    (frozenset({"julia"}), r"(?<![\w.])mv(?=\s*\()", "delete", "overwrite"),
    (frozenset({"julia"}), r"(?<![\w.])(?:cp|symlink|hardlink)(?=\s*\()", "", "overwrite"),
)  # fmt: skip
_COMPILED = tuple((fams, re.compile(f"(?:{head}){_ARGS}"), a, b) for fams, head, a, b in _CALLS)
#: open() for writing (Python ``open(p, 'w')``, Ruby ``File.open(p, 'w')``, Lua ``io.open``)
_OPEN_RE = re.compile(
    r"(?<![\w$])(?:File\.|io\.)?open\(\s*" + _lit(1)
    + r"\s*,\s*(?:mode\s*=\s*)?[\"']([^\"']*)[\"']"
)  # fmt: skip
_OPEN_FAMILIES = frozenset({"python", "ruby", "lua", "julia"})
#: Python's pathlib: ``Path('/etc/x').unlink()``, ``.write_text(..)``
_PATHLIB_RE = re.compile(
    r"\bPath\(\s*" + _lit(1) + r"\s*\)(?:\.expanduser\(\))?"
    r"\.(unlink|rmdir|write_text|write_bytes)\("
)
_HINTS = ("remove", "unlink", "rm", "rename", "replace", "move", "mv", "trunc", "write",
          "put_contents", "open", "copy", "delete", "create", "sink", "save", "link", "cp",
          "touch", "mkdir", "mkpath", "file", "con")  # fmt: skip


def code_writes(family: str, code: str) -> list[tuple[str, str]]:
    """``(path, op)`` for each file ``code`` (program text of the interpreter ``family``:
    ``python``, ``node`` (deno and bun too), ``ruby``, ``perl``, ``php``, ``lua``, ``r``,
    ``julia``) deletes (``delete``) or
    overwrites (``overwrite``) through its library, the path a string literal."""
    low = code.lower()
    if not any(h in low for h in _HINTS):
        return []
    out: list[tuple[str, str]] = []
    for fams, rx, first, second in _COMPILED:
        if family in fams:
            for m in rx.finditer(code):
                if first:
                    out.append((m[2], first))
                if second and m[4] is not None:
                    out.append((m[4], second))
    if family in _OPEN_FAMILIES:
        for m in _OPEN_RE.finditer(code):
            if set(m[3]) & set("wax+"):
                out.append((m[2], "overwrite"))
    if family == "python":
        for m in _PATHLIB_RE.finditer(code):
            out.append((m[2], "delete" if m[3] in ("unlink", "rmdir") else "overwrite"))
    return [(p, op) for p, op in out if p]


def in_place_files(family: str, args: tuple[str, ...]) -> list[str]:
    """The files ``perl -i``/``ruby -i`` (``-pi``, ``-i.bak``) edit in place: the arguments
    after the program text, each rewritten as ``sed -i`` does (attack class: ``perl -pi -e
    's/^/x/' /etc/hosts`` was read as a read only)."""
    if family not in ("perl", "ruby"):
        return []
    files: list[str] = []
    in_place = False
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            files.extend(args[i + 1 :])
            break
        if a.startswith("-") and not a.startswith("--") and len(a) > 1:
            for k, c in enumerate(a[1:], 1):
                if c == "i":  # (the rest of the word is the backup extension)
                    in_place = True
                    break
                if c in _CODE_LETTERS[family]:
                    i += 1 if k == len(a) - 1 else 0  # (-pe CODE: the next word is code)
                    break
                if c in _VALUE_LETTERS:  # (-Mmodule, -Ilib: the rest is a value)
                    break
        elif not a.startswith("--"):
            files.append(a)
        i += 1
    return files if in_place else []


#: options whose value is program text, per family; options whose value is the rest of the
#: word (perlrun, ruby --help)
_CODE_LETTERS = {"perl": "eE", "ruby": "e"}
_VALUE_LETTERS = frozenset("MmIxdCFVrEKTWX")  # (-l and -0 take digits only)
