"""What a SQL statement a database server runs does, read with a real parser (sqlglot).

For the parameters a policy or pack declares as SQL (``tools.<name>.sql``: parameter to
dialect), :func:`judge` parses the text into statements in that dialect and returns the
first objection, or ``None``. Pure: no I/O, no model.

Denied (block rules; ``trust_tools`` does not lift them):

* ``action.sql_code``: native code or a shell command run by the database: SQLite's
  ``load_extension()`` (loads a shared library into the server's process), Postgres's
  ``COPY ... TO/FROM PROGRAM`` (runs a shell command as the database's user).
* ``action.sql_file`` at a credential or auto-run path (``~/.bashrc``, ``.git/hooks/*``, a
  client's ``mcp.json``, :func:`cordon.engine.credential_paths.is_credential_path`).
* ``action.sql_drop`` (``DROP``, ``TRUNCATE``) and ``action.sql_delete_no_where`` (a
  ``DELETE`` or ``UPDATE`` with no ``WHERE``, or one that does not restrict the rows: a
  condition naming no column, ``1 = 1``, ``2 > 1``, ``x = 4 OR 1``, ``id = id``), anywhere
  in the statement: a write inside a CTE counts.

Asked about:

* ``action.sql_file``: a statement that makes the database read or write a file outside
  itself: SQLite's ``ATTACH DATABASE 'path'`` (creates the file, empty, whatever its name)
  and ``VACUUM INTO 'path'`` (writes a whole database file there, rows the agent chose
  inside: the SQLite "web shell" write primitive); the CLI's ``readfile``/``writefile``;
  Postgres's ``COPY`` to or from a server file, ``lo_import``/``lo_export``,
  ``pg_read_file``. A path the statement computes (``'a' || 'b'``) is asked about too.
* ``action.sql_schema``: a lasting change to what later statements do or to the schema's
  data: ``ALTER TABLE ... DROP COLUMN``, a trigger, function, procedure or extension
  created, a ``PRAGMA`` that sets a value (``writable_schema``, ``journal_mode``).
* ``action.sql_unparsed``: text the parser cannot read, or a statement of a kind this module
  does not know: fail closed, since the server runs what cordon could not read.
* ``action.sql_write``: for a tool meant only to read (``sql_read_only``, or the server's
  ``readOnlyHint``), a statement that writes or ends a transaction (``COMMIT; DROP TABLE x``
  ran from the reference Postgres server's read-only ``query`` tool).

Allowed: ``SELECT`` (and set operations), ``INSERT`` (``OR REPLACE`` too), ``UPDATE`` and
``DELETE`` with a restricting ``WHERE``, ``CREATE TABLE/VIEW/INDEX``, ``ALTER TABLE ... ADD``
or ``RENAME``, a ``PRAGMA`` that reads, ``ATTACH ':memory:'``, ``DETACH``, plain
``VACUUM``, ``ANALYZE``, ``EXPLAIN`` of an allowed statement, transactions. (A bare SQLite
``REINDEX`` or ``SAVEPOINT`` is asked about: sqlglot reads it as a name, not a statement.)
Not seen: a column tautology beyond ``id = id`` (``id = id + 0``, ``id BETWEEN -9e18 AND
9e18``), and a function that writes as a side effect in Postgres (``set_config``, a
user-defined one): the Supabase pack keeps ``execute_sql`` asked for that reason.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, Literal
from urllib.parse import unquote

import sqlglot
from sqlglot import exp

from cordon.engine import rules
from cordon.engine.credential_paths import is_credential_path

# a statement sqlite's grammar keeps as raw text is logged as a warning: not cordon's output
logging.getLogger("sqlglot").setLevel(logging.ERROR)

__all__ = ["DIALECTS", "SqlObjection", "judge"]

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
     "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "pg_file_write"}
)  # fmt: skip
# PRAGMAs whose argument names an object to read about, not a setting
_READ_PRAGMAS: Final = frozenset(
    {"table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
     "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
     "database_list", "collation_list", "function_list", "module_list", "pragma_list",
     "compile_options"}
)  # fmt: skip
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
    statements = _parse(text, dialect)
    if statements is None:
        return _unparsed("SQL text the parser cannot read")
    found: list[SqlObjection] = []
    for stmt in statements:
        found.extend(_statement(stmt, dialect))
        if read_only and not _reads(stmt, dialect):
            found.append(_write(stmt))
    denied = [f for f in found if f.verdict == "deny"]
    first = denied or found
    return first[0] if first else None


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
    return not any(q.args.get("into") for q in stmt.find_all(exp.Select))


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
    yield from _functions(stmt)
    yield from _writes(stmt)
    if isinstance(stmt, exp.Query | exp.Insert | exp.Update | exp.Delete):
        return
    if isinstance(stmt, exp.Drop | exp.TruncateTable):
        yield SqlObjection("deny", rules.ACTION_SQL_DROP, "blocked: DROP or TRUNCATE statement",
                           "DROP or TRUNCATE")  # fmt: skip
    elif isinstance(stmt, exp.Attach):
        yield from _file(stmt.this.this if isinstance(stmt.this, exp.Alias) else stmt.this,
                         "ATTACH")  # fmt: skip
    elif isinstance(stmt, exp.Copy):
        yield from _copy(stmt)
    elif isinstance(stmt, exp.Pragma):
        yield from _pragma(stmt)
    elif isinstance(stmt, exp.Alter):
        if any(isinstance(a, exp.Drop) for a in stmt.args.get("actions") or ()):
            yield _schema("ALTER ... DROP removes a column and its data")
    elif isinstance(stmt, exp.Create):
        kind = str(stmt.args.get("kind") or "").upper()
        if kind not in _PLAIN_CREATE:
            yield _schema(f"CREATE {kind or '?'} runs code later, at others' statements")
    elif not isinstance(stmt, _PLAIN_STATEMENTS):
        yield SqlObjection("ask", rules.ACTION_SQL_UNPARSED,
                           f"{type(stmt).__name__.upper()}: a statement kind cordon does not know",
                           "unknown statement")  # fmt: skip


#: statement nodes that write, at any depth of a query
_WRITE_NODES: Final = (exp.Insert, exp.Update, exp.Delete, exp.Create, exp.Drop, exp.Merge)
#: statements that change no row and open no file
_PLAIN_STATEMENTS: Final = (exp.Detach, exp.Transaction, exp.Commit, exp.Rollback, exp.Analyze,
                             exp.EndStatement)  # (END: the tail of a trigger's body)  # fmt: skip


def _functions(stmt: exp.Expression) -> Iterator[SqlObjection]:
    """Code and file functions called anywhere in the statement."""
    for func in stmt.find_all(exp.Func):
        name = (func.name if isinstance(func, exp.Anonymous) else func.sql_name()).lower()
        if name in _CODE_FUNCS:
            yield SqlObjection("deny", rules.ACTION_SQL_CODE,
                               f"blocked: {name}() loads native code into the database server",
                               name)  # fmt: skip
        elif name in _FILE_FUNCS:
            args = [a for a in func.args.values() if isinstance(a, exp.Expression)]
            args += list(func.expressions)
            paths = [a for a in args if isinstance(a, exp.Literal) and a.is_string]
            yield from _file(paths[0] if paths else None, f"{name}()")


def _writes(stmt: exp.Expression) -> Iterator[SqlObjection]:
    """``DELETE``/``UPDATE`` with no restricting ``WHERE``, and ``DROP``, at any depth (a
    data-modifying CTE, ``WITH d AS (DELETE FROM t RETURNING *) SELECT ...``)."""
    for node in stmt.find_all(exp.Delete, exp.Update):
        where = node.args.get("where")
        if where is None or _always_true(where.this):
            kind = "DELETE" if isinstance(node, exp.Delete) else "UPDATE"
            yield SqlObjection("deny", rules.ACTION_SQL_DELETE_NO_WHERE,
                               f"blocked: {kind} without a restricting WHERE (every row)",
                               f"{kind} without WHERE")  # fmt: skip
    if not isinstance(stmt, exp.Drop) and any(True for _ in stmt.find_all(exp.Drop)):
        if not isinstance(stmt, exp.Alter):
            yield SqlObjection("deny", rules.ACTION_SQL_DROP,
                               "blocked: DROP inside a statement", "DROP")  # fmt: skip


def _always_true(e: object) -> bool:
    """A ``WHERE`` condition that does not restrict the rows, read from its syntax alone: one
    that names no column (``1``, ``'1'``, ``2 > 1``, ``1 = 1.0``, ``EXISTS (SELECT 1)``,
    ``coalesce(1, 0)``: the same for every row, so every row or none, and SQLite's
    truthiness of a constant is not this module's to evaluate), a comparison of a thing
    with itself (``id = id``, ``id IS id``), ``LIKE '%'``, an ``OR`` with such an operand,
    an ``AND`` of such. A column tautology beyond these (``id = id + 0``) is not seen."""
    if not isinstance(e, exp.Expression):
        return True
    if isinstance(e, exp.Paren):
        return _always_true(e.this)
    if next(e.find_all(exp.Column), None) is None:
        return True
    if isinstance(e, exp.Or):
        return _always_true(e.this) or _always_true(e.expression)
    if isinstance(e, exp.And):
        return _always_true(e.this) and _always_true(e.expression)
    if isinstance(e, exp.EQ | exp.GTE | exp.LTE | exp.Is | exp.NullSafeEQ):
        return bool(e.this == e.expression)
    if isinstance(e, exp.Like):
        pattern = e.expression
        return isinstance(pattern, exp.Literal) and pattern.is_string and set(pattern.this) == {"%"}
    return False


def _file(path: object, what: str) -> Iterator[SqlObjection]:
    """A file the statement makes the database open: denied at a credential or auto-run
    path, asked about elsewhere, or when the statement computes it. SQLite takes a bare or
    double-quoted name for the file as a string (``ATTACH "/home/me/.bashrc" AS x``,
    ``ATTACH x AS y``: attach.c turns an identifier into its text), and decodes ``%XX`` in a
    ``file:`` URI (``file:/home/me/%2ebashrc``)."""
    if isinstance(path, exp.Literal) and path.is_string:
        name: str | None = str(path.this)
    elif isinstance(path, exp.Column) and not path.table:
        name = path.name
    elif isinstance(path, exp.Identifier):
        name = path.name
    else:
        name = None
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
            target = after[0] if after else None
            if target is not None and target.token_type.name in _NAME_TOKENS:
                yield from _file(exp.Literal.string(target.text), "VACUUM INTO")
            else:
                yield from _file(None, "VACUUM INTO")
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
