"""What a SQL statement a database server runs does, read with a real parser (sqlglot).

For the parameters a policy or pack declares as SQL (``tools.<name>.sql``: parameter to
dialect), :func:`judge` parses the text into statements in that dialect and returns the
first objection, or ``None``. Pure: no I/O, no model.

Denied (block rules; ``trust_tools`` does not lift them):

* ``action.sql_code``: native code or a shell command run by the database: SQLite's
  ``load_extension()`` (loads a shared library into the server's process), Postgres's
  ``COPY ... TO/FROM PROGRAM`` (runs a shell command as the database's user).
* ``action.sql_file`` at a credential or auto-run path (``~/.bashrc``, ``.git/hooks/*``, a
  client's ``mcp.json``, :func:`cordon.engine.credential_paths.is_credential_path`), written
  plainly or as pieces of literal text (``'/home/me/' || '.bashrc'``, Postgres's ``E''``
  and ``$$`` strings).
* ``action.sql_drop`` (``DROP``, ``TRUNCATE``) and ``action.sql_delete_no_where`` (a
  ``DELETE`` or ``UPDATE`` with no ``WHERE``, or one that does not restrict the rows: a
  condition naming no column, ``1 = 1``, ``2 > 1``, ``x = 4 OR 1``, a column compared
  with itself however spelt, ``t.id = "ID"``, ``rowid IN (SELECT rowid FROM t)``), anywhere
  in the statement: a write inside a CTE counts; SQL text given to Postgres's ``dblink``
  is judged as the statement it is. SQL with a NUL character is judged up to it too (a
  server that passes a C string runs only that much).

Asked about:

* ``action.sql_file``: a statement that makes the database read or write a file outside
  itself: SQLite's ``ATTACH DATABASE 'path'`` (creates the file, empty, whatever its name)
  and ``VACUUM INTO 'path'`` (writes a whole database file there, rows the agent chose
  inside: the SQLite "web shell" write primitive); the CLI's ``readfile``/``writefile``;
  Postgres's ``COPY`` to or from a server file, ``lo_import``/``lo_export``,
  ``pg_read_file``. A path the statement computes (``char(47) || 'x'``) is asked about too.
* ``action.sql_delete_no_where``: a ``DELETE`` or ``UPDATE`` by a condition that can cover
  every row (:mod:`cordon.engine.sql_where`): a ``WHERE`` that does not name its rows by
  value (``column = value`` or ``column IN (values)`` on the written table, joined by
  ``AND``, or an ``OR`` of such), so a range (``id > 0``), ``IS [NOT] NULL``, ``LIKE``, a
  bare column, a subquery or a join; the database deletes every row it matches, and only
  a person who knows the data tells a purge from a wipe. An insert that replaces rows fed
  by a query (``INSERT OR REPLACE INTO t SELECT id, 'x' FROM t`` rewrites every row), and
  in SQLite a ``WHERE`` that restricts nothing once its double-quoted names are read as
  strings, as SQLite reads a name no column has (``"x" = 'x'``).
* ``action.sql_schema``: a lasting change to what later statements do or to the schema's
  data: an ``ALTER TABLE`` action other than ADD or a column's default (``DROP
  [COLUMN]``, ``ALTER COLUMN ... TYPE``; ``RENAME`` of a table or column, after which the
  application's statements naming it fail), a trigger, function, procedure or extension
  created, a ``PRAGMA`` that sets a value (``writable_schema``, ``journal_mode``), a write
  to SQLite's schema tables (``sqlite_master``, ``sqlite_dbpage``), a virtual table of a
  module other than full-text search or R-tree (``zipfile`` writes the file it names).
* ``action.sql_unparsed``: text the parser cannot read, nested deeper than the walk goes,
  or a statement of a kind this module does not know: fail closed, since the server runs
  what cordon could not read (a deny read from its statements one by one, or from an
  ``ATTACH`` path before ``AS``, still wins); Postgres's ``dblink``, whose SQL text runs
  on another connection.
* ``action.sql_write``: for a tool meant only to read (``sql_read_only``, or the server's
  ``readOnlyHint``), a statement that writes or ends a transaction (``COMMIT; DROP TABLE x``
  ran from the reference Postgres server's read-only ``query`` tool), or a ``SELECT`` of a
  Postgres function that acts (``pg_terminate_backend``, ``set_config``, ``setval``).

Allowed: ``SELECT`` (and set operations), ``INSERT`` (``OR REPLACE`` too), ``UPDATE`` and
``DELETE`` of rows named by value (``WHERE id = 7``, ``WHERE id IN (3, 4) AND owner =
'bob'``), ``CREATE TABLE/VIEW/INDEX``, ``ALTER TABLE ... ADD``, an upsert of rows in
``VALUES``, a ``PRAGMA`` that reads, ``ATTACH
':memory:'``, ``DETACH``, plain ``VACUUM``, ``ANALYZE``, ``EXPLAIN`` of an allowed
statement, transactions. (A bare SQLite ``REINDEX`` or ``SAVEPOINT`` is asked about:
sqlglot reads it as a name, not a statement.)
Not seen: an equality on a value every row shares (``WHERE status = 'active'`` when all
are): only a row count, which the judge does not have, tells it from a targeted edit (a
column tautology that depends on the data, ``id > -1e18``, ``length(a) >= 0``, is asked
about as a delete by condition, not denied), and a function that writes as a side effect in Postgres (``set_config``, a user-defined
one): the Supabase pack keeps ``execute_sql`` asked for that reason.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final, Literal
from urllib.parse import unquote

import sqlglot
from sqlglot import exp

from cordon.engine import rules
from cordon.engine.credential_paths import is_credential_path
from cordon.engine.sql_programs import trigger_bodies
from cordon.engine.sql_where import always_true, as_strings, bounded, literal_text, target_of

# a statement sqlite's grammar keeps as raw text is logged as a warning: not cordon's output
logging.getLogger("sqlglot").setLevel(logging.ERROR)

__all__ = ["DIALECTS", "SqlObjection", "judge", "judge_rows"]

#: the dialects ``tools.<name>.sql`` may name (sqlglot's names)
DIALECTS: Final = ("sqlite", "postgres", "mysql")

#: text longer than this is not parsed (asked about): the parser is pure Python
_MAX_CHARS: Final = 200_000


@dataclass(frozen=True, slots=True)
class SqlObjection:
    """One objection to a SQL text: ``verdict`` ``deny`` or ``ask``, the rule id, a reason
    for the person asked, and a short label of what matched (never the raw text)."""

    verdict: Literal["deny", "ask"]
    rule: str
    reason: str
    matched: str


# functions that run native code, and functions that read or write a file the database
# server can reach, by dialect-independent name (a name not defined in one dialect errors
# there, so listing it everywhere costs nothing)
_CODE_FUNCS: Final = frozenset({"load_extension"})
_FILE_FUNCS: Final = frozenset(
    {"readfile", "writefile", "edit", "lo_import", "lo_export", "pg_read_file",
     "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "pg_file_write", "fsdir",
     "zipfile"}
)  # fmt: skip
# PRAGMAs whose argument names an object to read about, not a setting
_READ_PRAGMAS: Final = frozenset(
    {"table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
     "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
     "database_list", "collation_list", "function_list", "module_list", "pragma_list",
     "compile_options"}
)  # fmt: skip
# SQLite virtual table modules that keep their rows in the database (full-text search,
# R-tree), not in a file they name (the CLI's zipfile, the csv extension)
_PLAIN_MODULES: Final = frozenset({"fts3", "fts4", "fts5", "rtree", "rtree_i32", "geopoly"})
# CREATE kinds that make a named store of rows or an index, nothing that runs later
_PLAIN_CREATE: Final = frozenset({"TABLE", "VIEW", "INDEX", "SCHEMA", "SEQUENCE"})
_IN_MEMORY: Final = frozenset({"", ":memory:"})
# tokens SQLite reads as a file name after VACUUM INTO: a string, or a bare or quoted name
_NAME_TOKENS: Final = frozenset({"STRING", "VAR", "IDENTIFIER"})
# CREATE kinds (after TEMP, OR REPLACE) whose body runs later, at others' statements
_RUNS_LATER: Final = frozenset({"TRIGGER", "FUNCTION", "PROCEDURE", "EXTENSION", "RULE"})


def judge(text: str, dialect: str, *, read_only: bool = False) -> SqlObjection | None:
    """The first objection to the SQL ``text`` run in ``dialect``, or ``None``; with
    ``read_only`` (a tool meant only to read), a statement that writes is asked about
    (``action.sql_write``)."""
    if len(text) > _MAX_CHARS:
        return _unparsed("SQL text too long to read")
    if "\x00" in text:
        # a server that hands the text to SQLite as a C string runs it up to the NUL
        # ("DELETE FROM t\0 WHERE id = 1" deletes every row): the head is judged, and the
        # whole, which cordon cannot read as the database does, is asked about
        head = judge(text.partition("\x00")[0], dialect, read_only=read_only)
        if head is not None and head.verdict == "deny":
            return head
        return _unparsed("SQL text with a NUL character (a C string ends there)")
    if dialect == "mysql" and (run := _mysql_runs(text)) != text:
        if run is None:
            return _unparsed("MySQL executable comments nested too deep to read")
        hits = [h for h in (judge(run, dialect, read_only=read_only),) if h]
        return hits[0] if hits else None
    if 'u&"' in text.lower():  # (U&"lo\005Fexport"(...): PostgreSQL reads lo_export)
        from cordon.engine.sql_lexings import unicode_identifiers

        text = unicode_identifiers(text)
    statements = _parse(text, dialect)
    if statements is None:
        return _salvage(text, dialect) or _unparsed("SQL text the parser cannot read")
    found: list[SqlObjection] = []
    for stmt in statements:
        try:
            found.extend(_statement(stmt, dialect))
            if read_only and not _reads(stmt, dialect):
                found.append(_write(stmt))
        except RecursionError:  # (3,000 ORs or || pieces: deeper than the walk goes)
            found.append(_unparsed("SQL nested too deep to read"))
    denied = [f for f in found if f.verdict == "deny"]
    first = denied or found
    return first[0] if first else None


#: a ``DELETE ... FROM`` or an ``UPDATE ... SET column =`` in text: what :func:`judge_rows`
#: parses (the parser reads prose as SQL: "Delete my account" is a DELETE of table ``my``)
_ROW_WRITE_RE: Final = re.compile(
    r"\bdelete\s+(?:[\w.\"`\[\]]+(?:\s*,\s*[\w.\"`\[\]]+)*\s+)?from\b"
    r"|\bupdate\b[^;]{1,400}?\bset\s+(?:\(|[\w.\"`\[\]]+\s*=)"
    # a write over rows by key: REPLACE INTO, INSERT OR REPLACE, an upsert's DO UPDATE
    r"|\breplace\s+into\b|\binsert\s+or\s+replace\b|\bdo\s+update\b"
    r"|\bon\s+duplicate\s+key\s+update\b"
    # a column dropped: its values in every row go with it
    r"|\balter\s+table\b[^;]{1,400}?\bdrop\b"
    # SQLite's schema made writable, or its schema tables named (:func:`_schema_writes`)
    r"|\bwritable_schema\b|\bschema_version\b|\bsqlite_(?:temp_)?(?:master|schema)\b"
    r"|\bsqlite_dbpage\b",
    re.IGNORECASE,
)
#: a comment, read as the space it is between keywords (``DELETE/**/FROM``, ``SET/**/a =``,
#: MySQL's ``#``): such a statement is parsed as the one without it
_COMMENT_RE: Final = re.compile(r"/\*.*?(?:\*/|$)|--[^\n]*|#[^\n]*", re.DOTALL)
#: MySQL's and MariaDB's executable comment (``/*!50000 DELETE FROM t */``, ``/*M! ...*/``):
#: text the server runs that other readings skip as a comment
_EXEC_COMMENT_RE: Final = re.compile(r"/\*M?!\d{0,6}(.*?)(?:\*/|$)", re.DOTALL | re.IGNORECASE)
#: text that starts as such a statement (after comments, or a ``WITH`` clause)
_ROW_WRITE_START_RE: Final = re.compile(
    r"(?:\s|--[^\n]*\n|/\*.*?\*/)*(?:with\b.{0,4000}?\)\s*)?"
    r"(?:delete\s+from\b|update\b[^;]{1,400}?\bset\s+[\w.\"`\[\]]+\s*="
    r"|alter\s+table\b[^;]{1,400}?\bdrop\b)",
    re.IGNORECASE | re.DOTALL,
)
#: the dialects SQL no policy declares is read in (the strictest answer counts); MySQL's when
#: neither reads it
_GENERIC_DIALECTS: Final = ("sqlite", "postgres")


@functools.lru_cache(maxsize=64)  # (a shell command's SQL is read for its deny, then its ask)
def judge_rows(text: str) -> SqlObjection | None:
    """For SQL no policy or pack declares (a ``sql``/``query`` argument of any tool, a
    statement given to a database client in a shell command, ``sqlite3 app.db "..."``):
    :func:`judge`'s reading of how far a ``DELETE`` or ``UPDATE`` reaches, the strictest of
    the dialects that parse it: a ``WHERE`` that restricts nothing (or none) is denied, one
    that does not name its rows by value (``id > 0``) is asked about, rows named by value
    run; ``PRAGMA writable_schema = ...`` and a write to SQLite's schema tables asked
    (:func:`_schema_writes`). Nothing else of :func:`judge` (such a parameter is often a
    search, not SQL); a text that starts as a ``DELETE`` or ``UPDATE`` and no dialect reads
    is asked about."""
    if not _ROW_WRITE_RE.search(text) and not _ROW_WRITE_RE.search(_COMMENT_RE.sub(" ", text)):
        return None
    run = _mysql_runs(text)
    if run is None:
        return _unparsed("MySQL executable comments nested too deep to read")
    if run != text:  # (the server's reading, then the others')
        hits = [h for h in (judge_rows(run), judge_rows(_COMMENT_RE.sub(" ", text))) if h]
        return min(hits, key=lambda h: h.verdict != "deny", default=None)
    text = text.partition("\x00")[0]
    readings: list[tuple[str, list[exp.Expression]]] = []
    for dialect in (*_GENERIC_DIALECTS, "mysql") if len(text) <= _MAX_CHARS else ():
        statements = _parse(text, dialect) if dialect != "mysql" or not readings else None
        if statements is not None:
            readings.append((dialect, statements))
    if not readings:
        if _ROW_WRITE_START_RE.match(text):
            return _unparsed("a DELETE or UPDATE the parser cannot read")
        return None
    found: list[SqlObjection] = []
    for dialect, statements in readings:
        try:
            for stmt in statements:
                found.extend(
                    f
                    for f in (
                        _command(stmt, dialect)  # (REPLACE INTO ... SELECT, as judge reads it)
                        if isinstance(stmt, exp.Command)
                        else (*_writes(stmt, dialect), *_replaces(stmt))
                    )
                    if f.rule == rules.ACTION_SQL_DELETE_NO_WHERE
                )
                found.extend(_dropped_columns(stmt))
                found.extend(_schema_writes(stmt))
        except RecursionError:
            found.append(_unparsed("SQL nested too deep to read"))
    for body in trigger_bodies(text):  # (what a trigger runs later, at others' writes)
        found.extend(h for h in (judge_rows(body),) if h is not None)
    denied = [f for f in found if f.verdict == "deny"]
    first = denied or found
    return first[0] if first else None


def _schema_writes(stmt: exp.Expression) -> Iterator[SqlObjection]:
    """``PRAGMA writable_schema = ...``, ``PRAGMA schema_version = N`` and a write to
    SQLite's schema tables in SQL no policy declares: asked, as a pack asks them
    (:func:`_pragma`, :func:`_writes`). With ``writable_schema`` on, ``UPDATE sqlite_master
    SET sql = ...`` rewrites what every later statement reads of a table, or leaves a
    database SQLite calls malformed (SQLite's PRAGMA documentation: "misuse of this pragma
    can easily result in a corrupt database file"); a multi-statement client runs both in
    one session. Setting ``schema_version`` (the cookie a connection checks before it trusts
    the schema it cached) is that edit's documented companion: "misuse of this pragma can
    result in database corruption"; reading it runs."""
    if isinstance(stmt, exp.Pragma) and isinstance(stmt.this, exp.EQ):
        name = stmt.this.this.name.lower() if isinstance(stmt.this.this, exp.Expression) else ""
        name = name.rpartition(".")[2]
        if name == "writable_schema":
            yield _schema("PRAGMA writable_schema lets SQL rewrite the database's own schema")
        elif name == "schema_version":  # (set; read alone it is a plain read)
            yield _schema("PRAGMA schema_version rewrites the database's schema cookie")
        return
    if isinstance(stmt, exp.Command) and str(stmt.this).upper() == "REPLACE":
        rest = stmt.expression  # (REPLACE INTO sqlite_master ...: kept as raw text)
        inner = _parse(f"INSERT OR REPLACE {getattr(rest, 'this', rest)}", "sqlite") or []
        for node in inner:
            yield from _schema_writes(node)
        return
    for node in stmt.find_all(exp.Delete, exp.Update, exp.Insert):
        table = node.this.this if isinstance(node.this, exp.Schema) else node.this
        if isinstance(table, exp.Table) and table.name.lower() in _SCHEMA_TABLES:
            yield _schema(f"a write to {table.name.lower()}, the database's own schema")


def _dropped_columns(stmt: exp.Expression) -> Iterator[SqlObjection]:
    """``ALTER TABLE t DROP [COLUMN] c`` in SQL no policy declares: asked, as a pack asks it
    (:func:`_plain_alter`): the column's values go in every row, as an UPDATE of every row
    would take them (SQLite's ``DROP c`` without COLUMN and SQL Server's are kept as raw
    text: a ``Command`` action that starts with DROP, asked as it cannot be told from a
    column's). A dropped constraint or index keeps every value."""
    if not isinstance(stmt, exp.Alter):
        return
    for action in stmt.args.get("actions") or ():
        raw = str(action.this).lstrip().upper() if isinstance(action, exp.Command) else ""
        column = isinstance(action, exp.Drop) and str(action.args.get("kind")).upper() == "COLUMN"
        if column or raw.startswith("DROP"):
            yield _schema("ALTER TABLE ... DROP removes a column and its values in every row")
            return


def _mysql_runs(text: str) -> str | None:
    """``text`` as MySQL runs it: its executable comments' text (``/*!50000 DROP TABLE t */``,
    MariaDB's ``/*M! ...*/``) as statement text; ``None`` when they nest past reading."""
    run = text
    for _ in range(8 if "/*" in text else 0):
        if (run := _EXEC_COMMENT_RE.sub(r" \1 ", prev := run)) == prev:
            return run
    return None if "/*" in text else text


def _parse(text: str, dialect: str) -> list[exp.Expression] | None:
    """The statements of ``text`` (sqlglot expressions; an empty one dropped), or ``None``
    when they cannot be read."""
    try:
        parsed = sqlglot.parse(text, read=dialect)
    except Exception:  # (ParseError, TokenError, and any error of the parser: fail closed)
        return None
    return [s for s in parsed if isinstance(s, exp.Expression)]


def _unparsed(why: str) -> SqlObjection:
    return SqlObjection(
        "ask",
        rules.ACTION_SQL_UNPARSED,
        f"{why}: the server runs what cordon could not read",
        "unparsed",
    )


def _explained(rest: str) -> str:
    """The statement an ``EXPLAIN`` names, its options dropped."""
    inner = rest
    for prefix in ("QUERY PLAN", "ANALYZE", "ANALYSE", "VERBOSE"):
        if inner.upper().lstrip().startswith(prefix):
            inner = inner.lstrip()[len(prefix) :]
    return inner


def _reads(stmt: exp.Expression, dialect: str) -> bool:
    """The statement only reads: a query with no write inside (a data-modifying CTE,
    Postgres's ``SELECT ... INTO`` a new table), a ``PRAGMA`` that sets nothing, an
    ``EXPLAIN`` of such. A transaction statement is not a read: ``COMMIT`` ends the
    read-only transaction a server wraps a read tool's SQL in (the reference Postgres MCP
    server ran ``COMMIT; DROP TABLE x`` from its read-only ``query`` tool)."""
    if isinstance(stmt, exp.Command):
        if str(stmt.this).upper() != "EXPLAIN":
            return False
        body = stmt.expression
        inner = _parse(
            _explained(str(body.this if isinstance(body, exp.Literal) else body)), dialect
        )
        return inner is not None and all(_reads(s, dialect) for s in inner)
    if isinstance(stmt, exp.Pragma):
        body = stmt.this
        if not isinstance(body, exp.EQ):
            return True
        name = body.this.name.lower() if isinstance(body.this, exp.Expression) else ""
        return name.rpartition(".")[2] in _READ_PRAGMAS
    if not isinstance(stmt, exp.Query):
        return False
    if next(stmt.find_all(*_WRITE_NODES), None) is not None:
        return False
    if any(_func_name(f) in _ACTING_FUNCS for f in stmt.find_all(exp.Func)):
        return False
    return not any(q.args.get("into") for q in stmt.find_all(exp.Select))


#: Postgres functions a SELECT calls that change state (a setting, a sequence, a large
#: object, other sessions, the server's configuration) or run SQL elsewhere: a read tool's
#: SELECT of them is asked about (pg_terminate_backend ends other sessions, and runs in a
#: read-only transaction)
_ACTING_FUNCS: Final = frozenset(
    {"set_config", "nextval", "setval", "lo_unlink", "lo_create", "lo_creat", "lo_from_bytea",
     "lo_put", "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf",
     "pg_rotate_logfile", "pg_switch_wal", "pg_advisory_lock", "pg_advisory_xact_lock",
     "pg_notify"} | {"dblink", "dblink_exec", "dblink_connect", "dblink_connect_u"}
)  # fmt: skip


def _func_name(func: exp.Func) -> str:
    return (func.name if isinstance(func, exp.Anonymous) else func.sql_name()).lower()


def _write(stmt: exp.Expression) -> SqlObjection:
    kind = type(stmt).__name__.upper() if not isinstance(stmt, exp.Command) else str(stmt.this)
    return SqlObjection("ask", rules.ACTION_SQL_WRITE,
                        f"{kind}: a statement that writes, given to a tool meant only to read",
                        "write in a read tool")  # fmt: skip


def _statement(stmt: exp.Expression, dialect: str) -> Iterator[SqlObjection]:
    """The objections to one parsed statement."""
    if isinstance(stmt, exp.Command):
        yield from _command(stmt, dialect)
        return
    yield from _functions(stmt, dialect)
    yield from _writes(stmt, dialect)
    yield from _replaces(stmt)
    if isinstance(stmt, exp.Query | exp.Insert | exp.Update | exp.Delete):
        return
    if isinstance(stmt, exp.Drop | exp.TruncateTable):
        yield SqlObjection("deny", rules.ACTION_SQL_DROP, "blocked: DROP or TRUNCATE statement",
                           "DROP or TRUNCATE")  # fmt: skip
    elif isinstance(stmt, exp.Attach):
        path = stmt.this  # (ATTACH 'p' AS x: an Alias; AS (x): Aliases)
        yield from _file(path.this if isinstance(path, exp.Alias | exp.Aliases) else path,
                         "ATTACH")  # fmt: skip
    elif isinstance(stmt, exp.Copy):
        yield from _copy(stmt)
    elif isinstance(stmt, exp.Pragma):
        yield from _pragma(stmt)
    elif isinstance(stmt, exp.Alter):
        # an action other than ADD (SQLite's "DROP a" without COLUMN, which sqlglot keeps as
        # raw text, removed the column and its data; RENAME breaks every query naming it)
        if not all(_plain_alter(a) for a in stmt.args.get("actions") or ()):
            yield _schema("ALTER ... renames, changes or removes tables, columns or their data")
    elif isinstance(stmt, exp.Create):
        kind = str(stmt.args.get("kind") or "").upper()
        if kind not in _PLAIN_CREATE:
            yield _schema(f"CREATE {kind or '?'} runs code later, at others' statements")
        for module in stmt.find_all(exp.ModuleProperty):
            if module.name.lower() not in _PLAIN_MODULES:
                yield _schema(f"CREATE VIRTUAL TABLE ... USING {module.name.lower()}: the "
                              "module's code decides what it reads and writes (zipfile: a "
                              "file it names)")  # fmt: skip
    elif not isinstance(stmt, _PLAIN_STATEMENTS):
        yield SqlObjection("ask", rules.ACTION_SQL_UNPARSED,
                           f"{type(stmt).__name__.upper()}: a statement kind cordon does not know",
                           "unknown statement")  # fmt: skip


#: ALTER TABLE actions that keep every row, column and name: ADD a column or constraint.
#: RENAME is not one: every statement of the application that names the old table or column
#: fails from then on (``ALTER TABLE users RENAME TO users_old`` takes the table out of its
#: reach as surely as DROP COLUMN takes a column), and SQLite rewrites the schema's triggers
#: and views to follow it
_PLAIN_ALTER: Final = (exp.ColumnDef, exp.AddConstraint)


def _plain_alter(action: object) -> bool:
    """An ``ALTER TABLE`` action that keeps every row, column and name: one of
    :data:`_PLAIN_ALTER`, or ``ALTER COLUMN`` that sets or drops a default or a ``NOT NULL``
    (a new type rewrites every row: ``TYPE text USING 'x'``)."""
    if isinstance(action, exp.AlterColumn):
        return not (action.args.get("dtype") or action.args.get("using"))
    return isinstance(action, _PLAIN_ALTER)


#: statement nodes that write, at any depth of a query
_WRITE_NODES: Final = (exp.Insert, exp.Update, exp.Delete, exp.Create, exp.Drop, exp.Merge)
#: statements that change no row and open no file
_PLAIN_STATEMENTS: Final = (exp.Detach, exp.Transaction, exp.Commit, exp.Rollback, exp.Analyze,
                             exp.EndStatement)  # (END: the tail of a trigger's body)  # fmt: skip


def _functions(stmt: exp.Expression, dialect: str) -> Iterator[SqlObjection]:
    """Code and file functions called anywhere in the statement, and Postgres's ``dblink``,
    which runs its SQL text on another connection (judged here: ``dblink_exec('dbname=x',
    'DROP TABLE users')`` drops as the plain statement does)."""
    for func in stmt.find_all(exp.Func):
        name = _func_name(func)
        args = [a for a in func.args.values() if isinstance(a, exp.Expression)]
        args += list(func.expressions)
        texts = [a for a in args if literal_text(a) is not None]
        if name in _CODE_FUNCS:
            yield SqlObjection("deny", rules.ACTION_SQL_CODE,
                               f"blocked: {name}() loads native code into the database server",
                               name)  # fmt: skip
        elif name in _FILE_FUNCS:
            yield from _file(texts[0] if texts else None, f"{name}()")
        elif name in _SQL_FUNCS:
            inner = [judge(str(literal_text(a)), dialect) for a in texts]
            yield from (f for f in inner if f is not None and f.verdict == "deny")
            yield SqlObjection("ask", rules.ACTION_SQL_UNPARSED,
                               f"{name}() connects to a database or runs SQL text there",
                               name)  # fmt: skip


#: Postgres functions (the dblink extension) that open a connection from the database
#: server to a host the text names (its connection string carries whatever the statement
#: puts in it) or run SQL text on one
_SQL_FUNCS: Final = frozenset(
    {"dblink", "dblink_exec", "dblink_open", "dblink_send_query", "dblink_connect",
     "dblink_connect_u"}
)  # fmt: skip
#: SQLite's schema tables: with ``writable_schema`` on (a server that keeps its connection)
#: a row written there changes what every later statement reads; ``sqlite_dbpage`` is raw
#: pages of the file
_SCHEMA_TABLES: Final = frozenset(
    {"sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema",
     "sqlite_dbpage"}
)  # fmt: skip


def _writes(stmt: exp.Expression, dialect: str) -> Iterator[SqlObjection]:
    """``DELETE``/``UPDATE`` with no restricting ``WHERE`` (denied) or with one that does not
    name its rows by value (asked: :mod:`cordon.engine.sql_where`), and ``DROP``, at any
    depth (a data-modifying CTE, ``WITH d AS (DELETE FROM t RETURNING *) SELECT ...``); a
    write to SQLite's schema tables."""
    for node in stmt.find_all(exp.Delete, exp.Update, exp.Insert):
        table = node.this.this if isinstance(node.this, exp.Schema) else node.this
        if isinstance(table, exp.Table) and table.name.lower() in _SCHEMA_TABLES:
            yield _schema(f"a write to {table.name.lower()}, the database's own schema")
        if isinstance(node, exp.Insert):
            continue
        kind = "DELETE" if isinstance(node, exp.Delete) else "UPDATE"
        where = node.args.get("where")
        target = target_of(node, dialect)
        if where is None or always_true(where.this, target):
            yield SqlObjection("deny", rules.ACTION_SQL_DELETE_NO_WHERE,
                               f"blocked: {kind} without a restricting WHERE (every row)",
                               f"{kind} without WHERE")  # fmt: skip
        elif target.sqlite and always_true(as_strings(where.this), target):
            yield SqlObjection("ask", rules.ACTION_SQL_DELETE_NO_WHERE,
                               f"{kind} whose WHERE restricts nothing if SQLite reads its "
                               "double-quoted names as strings (it does for a name no column "
                               "has)", f"{kind} WHERE of quoted names")  # fmt: skip
        elif not bounded(where.this, target, joined=_joins(node)):
            yield SqlObjection("ask", rules.ACTION_SQL_DELETE_NO_WHERE,
                               f"{kind} by a condition that can cover every row (a range, IS "
                               "[NOT] NULL, LIKE, a subquery or join, or an OR of such): only "
                               "rows named by value (column = value, column IN (values), "
                               "joined by AND) run unasked", f"{kind} by condition")  # fmt: skip
    if not isinstance(stmt, exp.Drop) and any(True for _ in stmt.find_all(exp.Drop)):
        if not isinstance(stmt, exp.Alter):
            yield SqlObjection("deny", rules.ACTION_SQL_DROP,
                               "blocked: DROP inside a statement", "DROP")  # fmt: skip


def _joins(node: exp.Expression) -> bool:
    """The ``DELETE`` or ``UPDATE`` reads another table (``UPDATE ... FROM``, ``DELETE ...
    USING``, a multi-table ``DELETE``, a join)."""
    return any(node.args.get(k) for k in ("from_", "from", "using", "tables", "joins"))


def _replaces(stmt: exp.Expression) -> Iterator[SqlObjection]:
    """An insert that replaces rows (``INSERT OR REPLACE``, ``REPLACE``, ``ON CONFLICT DO
    UPDATE``, ``ON DUPLICATE KEY UPDATE``) fed by a query: it rewrites every row the query
    reads, ``INSERT OR REPLACE INTO t SELECT id, 'x' FROM t`` is an ``UPDATE`` of every row.
    Rows written out in ``VALUES`` replace only those."""
    for node in stmt.find_all(exp.Insert):
        conflict = node.args.get("conflict")
        replaces = str(node.args.get("alternative") or "").upper() == "REPLACE" or (
            isinstance(conflict, exp.OnConflict)
            and (bool(conflict.args.get("duplicate"))
                 or "UPDATE" in str(conflict.args.get("action") or "").upper())
        )  # fmt: skip
        if replaces and isinstance(node.expression, exp.Query):
            yield SqlObjection("ask", rules.ACTION_SQL_DELETE_NO_WHERE,
                               "INSERT that replaces existing rows with the rows of a query "
                               "(every row the query reads)",
                               "replacing INSERT ... SELECT")  # fmt: skip


def _joined(e: object) -> str | None:
    """A path written as pieces of literal text (``'/home/me/' || '.bashrc'``), joined;
    ``None`` when any piece is computed. A piece in double quotes is its text: SQLite reads
    a quoted name no column has as a string (``'/home/me/' || ".bashrc"`` made that file),
    and where it is a column the statement fails."""
    if isinstance(e, exp.Paren):
        return _joined(e.this)
    if isinstance(e, exp.Column) and not e.table and isinstance(e.this, exp.Identifier):
        return e.this.this if e.this.quoted else None
    if isinstance(e, exp.DPipe):
        head, tail = _joined(e.this), _joined(e.expression)
        return None if head is None or tail is None else head + tail
    return literal_text(e)


def _file(path: object, what: str) -> Iterator[SqlObjection]:
    """A file the statement makes the database open: denied at a credential or auto-run
    path, asked about elsewhere, or when the statement computes it. SQLite takes a bare or
    double-quoted name for the file as a string (``ATTACH "/home/me/.bashrc" AS x``,
    ``ATTACH x AS y``: attach.c turns an identifier into its text), and decodes ``%XX`` in a
    ``file:`` URI (``file:/home/me/%2ebashrc``); pieces of literal text joined with ``||``
    are the path they make."""
    name = _joined(path)
    if name is None and isinstance(path, exp.Column) and not path.table:
        name = path.name
    elif name is None and isinstance(path, exp.Identifier):
        name = path.name
    if name is None:
        yield SqlObjection("ask", rules.ACTION_SQL_FILE,
                           f"{what} opens a file at a path the statement computes", what)  # fmt: skip
        return
    if name in _IN_MEMORY:
        return
    if name.startswith("file:"):
        name = unquote(name.removeprefix("file:").partition("?")[0].partition("#")[0])
        if name.startswith("//"):  # (file://host/path: the path)
            name = "/" + name[2:].partition("/")[2]
    if is_credential_path(name):
        yield SqlObjection("deny", rules.ACTION_SQL_FILE,
                           f"blocked: {what} opens a file at a credential or auto-run path",
                           what)  # fmt: skip
        return
    yield SqlObjection("ask", rules.ACTION_SQL_FILE,
                       f"{what} makes the database open a file outside itself", what)  # fmt: skip


def _copy(stmt: exp.Expression) -> Iterator[SqlObjection]:
    """Postgres ``COPY``: ``PROGRAM`` runs a shell command; a quoted name is a server file;
    ``STDIN``/``STDOUT`` stay in the connection."""
    assert isinstance(stmt, exp.Copy)
    for f in stmt.args.get("files") or ():
        if isinstance(f, exp.Identifier | exp.Var) and f.name.upper() == "PROGRAM":
            yield SqlObjection("deny", rules.ACTION_SQL_CODE,
                               "blocked: COPY ... PROGRAM runs a shell command on the database "
                               "server", "COPY PROGRAM")  # fmt: skip
        elif isinstance(f, exp.Identifier | exp.Var) and f.name.upper() in ("STDIN", "STDOUT"):
            continue
        else:
            yield from _file(f, "COPY")


def _pragma(stmt: exp.Expression) -> Iterator[SqlObjection]:
    """A PRAGMA that sets a value is a lasting change; one that names an object reads."""
    assert isinstance(stmt, exp.Pragma)
    body = stmt.this
    if not isinstance(body, exp.EQ):
        return  # (PRAGMA name: reads the setting)
    name = body.this.name.lower() if isinstance(body.this, exp.Expression) else ""
    if name.rpartition(".")[2] not in _READ_PRAGMAS:
        yield _schema(f"PRAGMA {name or '?'} sets a database setting")


def _schema(why: str) -> SqlObjection:
    return SqlObjection("ask", rules.ACTION_SQL_SCHEMA, why, "schema change")


def _command(stmt: exp.Expression, dialect: str) -> Iterator[SqlObjection]:
    """A statement sqlite's grammar keeps as raw text (``VACUUM``, ``REPLACE``, ``EXPLAIN``,
    ``CREATE TRIGGER``, ``ALTER TABLE ... ADD``), read from its tokens."""
    assert isinstance(stmt, exp.Command)
    word = str(stmt.this).upper()
    body = stmt.expression  # (a string literal or a plain str, as sqlglot builds it)
    rest = str(body.this if isinstance(body, exp.Literal) else body or "")
    try:
        tokens = sqlglot.tokenize(rest, read=dialect)
    except Exception:
        yield _unparsed(f"{word} with text the parser cannot read")
        return
    texts = [t.text.upper() if t.token_type.name != "STRING" else "" for t in tokens]
    names = {t.lower() for t in texts}
    if names & _CODE_FUNCS:
        yield SqlObjection("deny", rules.ACTION_SQL_CODE,
                           "blocked: load_extension() loads native code into the database server",
                           "load_extension")  # fmt: skip
        return
    if word == "VACUUM":
        if "INTO" in texts:
            after = tokens[texts.index("INTO") + 1 :]
            yield from _file(_vacuum_target(rest, after, dialect), "VACUUM INTO")
        return
    if word in ("EXPLAIN", "REPLACE"):
        inner = rest
        if word == "REPLACE":
            inner = f"INSERT OR REPLACE {rest}"
        else:  # EXPLAIN [QUERY PLAN | ANALYZE] stmt: judged as if run (ANALYZE runs it)
            inner = _explained(rest)
        found = judge(inner, dialect)
        if found is not None:
            yield found
        return
    if word in ("REINDEX", "ANALYZE"):
        return
    if word == "ALTER" and texts[:1] == ["TABLE"] and "ADD" in texts and "DROP" not in texts:
        return
    if word == "CREATE":
        kind = next((t for t in texts[:3] if t in _RUNS_LATER), "")
        if kind:
            yield _schema(f"CREATE {kind} runs code later, at others' statements")
            return
    yield _unparsed(f"{word}: a statement kind cordon does not know")


def _vacuum_target(rest: str, after: list[Any], dialect: str) -> object:
    """What ``VACUUM ... INTO`` names, from the tokens after ``INTO``: one string or name is
    the file; longer text is read as an expression (``'/home/me/' || '.bashrc'``);
    ``None`` when it cannot be read."""
    if len(after) == 1 and after[0].token_type.name in _NAME_TOKENS:
        return exp.Literal.string(after[0].text)
    if not after:
        return None
    try:
        query = sqlglot.parse_one(f"SELECT {rest[after[0].start :]}", read=dialect)
    except Exception:  # (any error of the parser: the path is computed, asked about)
        return None
    return query.expressions[0] if isinstance(query, exp.Select) and query.expressions else None


def _salvage(text: str, dialect: str) -> SqlObjection | None:
    """For text the parser cannot read as a whole, what can still be read: each statement
    of it, split at its ``;`` tokens, judged alone, and an ``ATTACH`` judged by the path
    before its ``AS`` (SQLite ran ``ATTACH '/home/me/.bashrc' AS 'a' || 'b'`` and
    ``... AS x KEY ''``, which sqlglot cannot read); the first deny, or ``None`` (the text
    is then asked about as unreadable)."""
    try:
        tokens = sqlglot.tokenize(text, read=dialect)
    except Exception:  # (the tokenizer's errors: nothing to read)
        return None
    pieces: list[list[Any]] = [[]]
    for token in tokens:
        if token.token_type.name == "SEMICOLON":
            pieces.append([])
        else:
            pieces[-1].append(token)
    pieces = [p for p in pieces if p]
    for piece in pieces:
        hit = judge(text[piece[0].start : piece[-1].end + 1], dialect) if len(pieces) > 1 else None
        if hit is None and piece[0].text.upper() == "ATTACH":
            hit = next(iter(_file(_attach_target(text, piece, dialect), "ATTACH")), None)
        if hit is not None and hit.verdict == "deny":
            return hit
    return None


def _attach_target(text: str, piece: list[Any], dialect: str) -> object:
    """The path of ``ATTACH [DATABASE] path AS ...``, read from its tokens: the text before
    the first ``AS`` outside parentheses, read as an expression; ``None`` when unreadable."""
    start = 2 if len(piece) > 1 and piece[1].text.upper() == "DATABASE" else 1
    depth = 0
    for i, token in enumerate(piece[start:], start):
        kind = token.token_type.name
        depth += (kind == "L_PAREN") - (kind == "R_PAREN")
        if kind == "ALIAS" and depth == 0 and i > start:
            path = text[piece[start].start : piece[i - 1].end + 1]
            try:
                query = sqlglot.parse_one(f"SELECT {path}", read=dialect)
            except Exception:  # (any error of the parser: the path is not read)
                return None
            return query.expressions[0] if isinstance(query, exp.Select) else None
    return None
