"""What the sqlite3 command-line shell's own commands and functions in SQL given to it run,
besides SQL (for :func:`.sql_programs.record`).

Attack classes (the sqlite3 CLI's ``.help``; its ``edit()`` function, "Command Line Shell
For SQLite" section 8):

* ``.read '|LINE'`` and ``.import '|LINE' TABLE``: "If FILE begins with "|" then it is a
  command that generates the input": LINE is run by the shell (read as any command line
  is); what ``.read`` runs then is SQL a command writes at run time (opaque);
  ``.output '|LINE'`` and ``.once [--bom] '|LINE'``: the rows are LINE's input;
* ``edit(TEXT, 'EDITOR')``: the CLI runs ``EDITOR FILE`` through the shell (read as that
  command line); with no editor, or one the statement computes, the command is ``$VISUAL``
  or not known here (opaque);
* ``.log FILE``, ``.trace FILE`` (a log of each statement) and ``.open [--new] FILE`` (the
  database opened, created or emptied there): files the client writes, judged as a
  command's write;
* ``.load FILE`` (a shared library loaded into the process, as ``load_extension()``) is read
  by the SQL rules (``action.sql_code``: :mod:`.sql_rules`).

Each dot-command is read as the CLI reads its line: words split at spaces, a word in
single quotes literal, one in double quotes with backslash escapes (any backslash there:
not read here, opaque). Pure: no I/O.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["record"]

#: a value known only at run time (the shell guard's marker, :data:`.shell.DYNAMIC`)
DYNAMIC = "\x00"

#: a dot-command the CLI reads at a line's start (group 1: its name, group 2: its words)
_DOT_RE = re.compile(r"(?m)^[ \t]*\.(read|import|output|once|log|trace|open)\b([^\n]*)")
#: one word of a dot-command line: single-quoted, double-quoted, or bare
_WORD_RE = re.compile(r"'([^']*)'?|\"((?:[^\"\\]|\\.)*)\"?|(\S+)")
#: the names ``.log`` and ``.trace`` take for a stream, not a file
_STREAMS = frozenset({"stdout", "stderr", "off", "on"})
#: the CLI's ``edit(`` function, where a statement has it (not in a string)
_EDIT_RE = re.compile(r"(?i)(?<![\w$.])edit\s*\(")
_LITERAL_RE = re.compile(r"'(?:[^']|'')*'")
_STRING_RE = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|--[^\n]*|/\*.*?(?:\*/|$)", re.S)


def _words(line: str) -> list[str] | None:
    """The words of a dot-command line as the CLI splits them; None when a double-quoted
    word holds a backslash escape (decoded by the CLI: not read here)."""
    out = []
    for m in _WORD_RE.finditer(line):
        if m.group(2) is not None and "\\" in m.group(2):
            return None
        out.append(next(g for g in m.groups() if g is not None))
    return out


def record(w: Any, sql: str) -> None:
    """Record the command lines, files and opaque parts of the sqlite3 CLI's own commands
    and ``edit()`` calls in ``sql`` on the shell guard's walker ``w``."""
    if "." in sql:
        for m in _DOT_RE.finditer(sql):
            _dot(w, m.group(1), m.group(2))
    if "edit" in sql.lower():
        _edits(w, sql)


def _dot(w: Any, name: str, line: str) -> None:
    words = _words(line)
    if words is None:
        w.opaque(f"sqlite3's .{name} with an escape in its words")
        return
    plain = [x for x in words if not x.startswith("-")]
    piped = next((x[1:] for x in plain if x.startswith("|")), None)
    if name in ("read", "import") and piped is not None:
        w.nested(piped)  # (.read '|LINE', .import --skip 1 '|LINE' t: LINE run by the shell)
        if name == "read":  # (what LINE writes is the SQL run)
            w.opaque("sqlite3's .read runs the SQL a command writes at run time")
    elif name in ("output", "once") and piped is not None:
        w.nested(f'echo "$(:)" | {piped}')  # (.once '|LINE': the rows are LINE's input)
    elif name in ("log", "trace") and plain and plain[-1].lower() not in _STREAMS:
        w.file(plain[-1], "sql client", "overwrite")
    elif name == "open" and plain:
        w.file(plain[-1], "sql client", "overwrite")


def _edits(w: Any, sql: str) -> None:
    """Each ``edit(TEXT[, EDITOR])`` outside a string: ``EDITOR FILE`` run by the shell."""
    # (the parser of SQL calls' arguments, where the client's SQL is read)
    from cordon.engine.sql_programs import _call_args

    blank = _STRING_RE.sub(lambda m: " " * len(m.group()), sql)
    for m in _EDIT_RE.finditer(blank):
        args = _call_args(sql, m.end())
        editor = args[1].strip() if args is not None and len(args) == 2 else ""
        if _LITERAL_RE.fullmatch(editor) and DYNAMIC not in editor:
            w.nested(editor[1:-1].replace("''", "'") + " edit.txt")
        else:
            w.opaque("sqlite3's edit() runs an editor command known only at run time")
