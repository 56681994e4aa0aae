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
not read here, opaque). Its name is a word too, and the CLI runs a command for a prefix of
its name (``.lo`` and ``.l`` are ``.load``, ``.sh`` and ``.sy`` are ``.system``, ``.rea`` is
``.read``, ``.o`` is ``.output`` or ``.open``, ``.c`` is ``.clone`` or ``.cd``; the shortest
prefix differs between versions), spaces may stand between the dot and the name
(``. shell LINE``) and the name may be quoted (``.'load' FILE``): :func:`canonical` writes
each such line as the line of every command its name is a prefix of, so the readers of
``.load``, ``.shell``, ``.read`` and the files (:mod:`.sql_rules`, :mod:`.sql_programs`,
:func:`record`) read the full names only. ``.cd DIR`` moves where every later relative file
and shell line resolves, ``.archive``'s extract writes files the database names: both are
known only at run time (opaque). Pure: no I/O.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["canonical", "option", "record", "statements_only"]

#: a value known only at run time (the shell guard's marker, :data:`.shell.DYNAMIC`)
DYNAMIC = "\x00"

#: a dot-command the CLI reads at a line's start (group 1: its name, group 2: its words)
_DOT_RE = re.compile(r"(?m)^[ \t]*\.(read|import|output|once|log|trace|open|cd|archive)\b([^\n]*)")
#: the CLI's commands that run a line, load code, read SQL or write a file: a name that is a
#: prefix of one (at least one letter, any case: more is judged, never less) is read as it
_COMMANDS = (
    "shell", "system", "load", "read", "import", "output", "once", "log", "trace", "open",
    "save", "backup", "clone", "cd", "archive",
)  # fmt: skip
#: a line that is a dot-command: its indent (group 1), its name (group 2: single-quoted,
#: group 3: double-quoted, group 4: bare, up to a space or a quote), the rest (group 5)
_NAME_RE = re.compile(
    r"(?m)^([ \t]*)\.[ \t]*(?:'([^'\n]*)'?|\"((?:[^\"\\\n]|\\.)*)\"?|([^\s'\"]+))([^\n]*)"
)
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


def canonical(sql: str) -> str:
    """``sql`` with each dot-command line whose name is a prefix, quoted or spaced from its
    dot written as the line of each of :data:`_COMMANDS` the name stands for (``.lo F`` ->
    ``.load F``; ``.o F`` -> ``.once F``, ``.open F`` and ``.output F``); other lines kept.
    ``.dbconfig writable_schema on`` is read as the ``PRAGMA`` it sets. Attack class:
    ``.lo /tmp/x.so``, ``.sh cat ~/.aws/credentials``, ``.rea '|LINE'`` and ``. shell LINE``
    ran what their full names are judged for, unread."""
    if "." not in sql:
        return sql
    return _NAME_RE.sub(_canonical_line, sql)


def _canonical_line(m: re.Match[str]) -> str:
    indent, single, double, bare, rest = m.groups()
    name = (single if single is not None else double if double is not None else bare) or ""
    if double is not None and "\\" in double:
        return m.group()  # (an escape in the name: :func:`record` asks)
    if len(name) > 1 and "dbconfig".startswith(name.lower()) and "writable_schema" in rest:
        return f"{indent}PRAGMA writable_schema = ON;"  # (.dbconfig writable_schema on)
    full = [c for c in _COMMANDS if name and c.startswith(name.lower())]
    if not full:
        return m.group()
    return "\n".join(f"{indent}.{c}{rest if rest[:1].isspace() else ' ' + rest}" for c in full)


#: a client's own command line where a statement may start: sqlite3's ``.NAME``, psql's and
#: mysql's ``\\NAME``, mysql's ``DELIMITER``
_CLIENT_COMMAND_RE = re.compile(r"(?i)[ \t]*(?:\.[ \t]*[A-Za-z'\"]|\\|delimiter\b)")


def statements_only(sql: str) -> str:
    """``sql`` with the client's own command lines blanked where a statement may start (the
    CLI reads a dot-command only between statements), for the parser that reads how far a
    write reaches. Attack class: ``.timeout 100`` (or psql's ``\\timing``) on the line
    before ``UPDATE users SET role = 1`` left text no dialect parses, read as no write."""
    if "." not in sql and "\\" not in sql and "delimiter" not in sql.lower():
        return sql
    out: list[str] = []
    ended = True  # (no statement begun, or the last one ended with its ;)
    for line in sql.split("\n"):
        if ended and _CLIENT_COMMAND_RE.match(line):
            out.append("")
            continue
        out.append(line)
        if line.strip():
            ended = line.rstrip().endswith(";")
    return "\n".join(out)


#: a dot-command whose name is double-quoted with a backslash escape (``."s\\150ell" LINE``:
#: the CLI decodes it to a name)
_ESCAPED_NAME_RE = re.compile(r'(?m)^[ \t]*\.[ \t]*"[^"\n]*\\')


def option(w: Any, prog: str, a: str) -> None:
    """The sqlite3 CLI's command-line option ``a`` (``--`` read as ``-``): ``-A ARGS`` runs
    ``.archive ARGS`` (``sqlite3 DB -A -x -C DIR`` writes the files the database's sqlar
    table names, known only at run time: opaque)."""
    if a.startswith("-A") and prog in ("sqlite3", "sqlite"):
        w.opaque("sqlite3 -A runs .archive, which writes or reads the files the database names")


def record(w: Any, sql: str) -> None:
    """Record the command lines, files and opaque parts of the sqlite3 CLI's own commands
    and ``edit()`` calls in ``sql`` on the shell guard's walker ``w``."""
    if "." in sql:
        for m in _DOT_RE.finditer(sql):
            _dot(w, m.group(1), m.group(2))
        if _ESCAPED_NAME_RE.search(sql) is not None:
            w.opaque("sqlite3 runs a dot-command whose name is spelt with an escape")
    if "edit" in sql.lower():
        _edits(w, sql)


def _dot(w: Any, name: str, line: str) -> None:
    words = _words(line)
    if words is None:
        w.opaque(f"sqlite3's .{name} with an escape in its words")
        return
    if name == "cd":  # (.cd DIR then .output F, .shell LINE: F and LINE resolve in DIR)
        w.opaque("sqlite3's .cd moves where its later files and shell lines resolve")
        return
    if name == "archive":  # (.ar -x -C DIR: files the database's sqlar table names)
        w.opaque("sqlite3's .archive writes or reads files the database or its words name")
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
