"""The SQL block rules on SQL no policy declares (a SQL tool's arguments, a ``sql``/``query``/
``statement`` argument of any tool, SQL given to a database client in a shell command):
``action.sql_drop`` (``DROP``, ``TRUNCATE``), ``action.sql_delete_no_where``,
``action.sql_computed`` (SQL run from a computed string: :func:`computed_sql`) and
``action.sql_code`` (code run by the server as its user: an untrusted language, a C
function, ``xp_cmdshell``, ``load_extension``, ``ALTER SYSTEM SET archive_command``), read with
string literals, dollar-quoted strings and comments removed, and on the SQL the text runs from
strings (:func:`cordon.engine.sql_programs.inner_sql`).

Pure: no I/O.
"""

from __future__ import annotations

import re

from cordon.engine import rules
from cordon.engine.sql_lexings import comment_views
from cordon.engine.sql_programs import computed_sql, inner_sql

__all__ = ["sql_rule"]

#: one database's lexing: each removes comments and string literals (a quoted identifier
#: stays a word), since the databases disagree and a statement is judged as each reads it.
#: PostgreSQL: ``#`` is an operator, a backslash escapes only in an ``E''`` string, a dollar
#: quote's ``$`` does not follow an identifier's letter (``a$b$`` is an identifier) and its
#: tag does not start with a digit (``$1`` is a parameter).
_PG_STRIP_RE = re.compile(
    r"--[^\n]*|/\*.*?(?:\*/|$)|(?<![\w$])[Ee]'(?:[^'\\]|\\.|'')*'|'(?:[^']|'')*'"
    r"|(\"(?:[^\"]|\"\")*\")|(?<![\w$])\$((?:[A-Za-z_]\w*)?)\$.*?\$\2\$",
    re.DOTALL,
)
#: MySQL: ``#`` and ``-- `` (a space after) start comments, ``--1`` is minus minus one; the text
#: of a ``/*! ... */`` comment runs (MariaDB's ``/*M! ... */`` too: only the marker is
#: removed); a backslash escapes in every string; ``$a$`` is an identifier, so a dollar-quoted
#: span is data only where a value starts and it holds no ``;`` (no statement can start in it).
_MYSQL_STRIP_RE = re.compile(
    r"#[^\n]*|--(?=\s|$)[^\n]*|/\*M?!\d*|/\*.*?(?:\*/|$)|'(?:[^'\\]|\\.|'')*'"
    r"|\"(?:[^\"\\]|\\.|\"\")*\"|(`(?:[^`]|``)*`)"
    r"|(?:[(,=]|\bselect|\bvalues)\s*\$(\w*)\$[^;]*?\$\2\$",
    re.DOTALL | re.IGNORECASE,
)
#: SQL Server and SQLite: ``--`` and ``/* */`` comments, ``''`` doubled, identifiers in
#: ``"..."``, ``[...]`` or backquotes; no dollar quoting (as MySQL's, a span is data only where
#: a value starts and it holds no ``;``)
_STD_STRIP_RE = re.compile(
    r"--[^\n]*|/\*.*?(?:\*/|$)|'(?:[^']|'')*'|(\"(?:[^\"]|\"\")*\"|\[[^\]]*\]|`(?:[^`]|``)*`)"
    r"|(?:[(,=]|\bselect|\bvalues)\s*\$(\w*)\$[^;]*?\$\2\$",
    re.DOTALL | re.IGNORECASE,
)
_VIEWS = (_PG_STRIP_RE, _MYSQL_STRIP_RE, _STD_STRIP_RE)


def _blank(m: re.Match[str]) -> str:
    """A comment or a string as a space; a quoted identifier as a word (``TRUNCATE "t"``)."""
    return " q " if m.group(1) else " "


_SQL_DROP_RE = re.compile(
    r"\bdrop\s+(?:temporary\s+)?(?:table|database|schema|view|materialized\s+view|index|user|"
    r"role|function|procedure|trigger|sequence|type|extension|owned|collection|keyspace|"
    r"domain|rule|event|policy|partition|publication|subscription|language|aggregate|routine|"
    r"server|foreign|tablespace|dictionary|warehouse)\b"
    r"|\btruncate\s+(?:table\s+)?(?:only\s+)?[\w\"`\[.]",
    re.IGNORECASE,
)
#: a DELETE statement: ``DELETE [t] FROM`` (after MySQL's modifiers: ``DELETE LOW_PRIORITY QUICK
#: IGNORE FROM``), and SQL Server's and Oracle's ``DELETE [TOP (n)] t``
#: where it reads as SQL, not as words of a search (``delete old emails``): a qualified or
#: quoted table, ``TOP``, or a table followed by ``;``, ``WHERE`` or ``OUTPUT`` (a bare
#: ``DELETE users`` at the end of the text is read as words, unless the text is SQL alone:
#: :func:`sql_rule`'s ``sql_only``)
_SQL_DELETE_RE = re.compile(
    r"\bdelete\s+(?:(?:(?:low_priority|quick|ignore)\s+)*(?:\w+\s+)?from\b|top\s*\([^)]*\)"
    r"|[\"`\[]|\w+\s*\.\s*[\w\"`\[]"
    r"|(?!(?:on|cascade|set|restrict|no|or|when|where|returning|output|and|as|from)\b)\w+"
    r"(?=\s*(?:;|where\b|output\b)))",
    re.IGNORECASE,
)
_SQL_WHERE_RE = re.compile(r"\bwhere\b", re.IGNORECASE)
_SQL_TAUTOLOGY_RE = re.compile(
    r"\bwhere\s+(?:\(?\s*(?:1\s*=\s*1|true|1|'?(\w+)'?\s*=\s*'?\1'?|not\s+false)\s*\)?)\s*"
    r"(?:;|$|limit\b|returning\b|order\b)",
    re.IGNORECASE,
)


#: a body in a procedural language that runs as the server's operating-system user (an
#: untrusted one: plpython3u, plperlu ...) or a C function (``AS 'libc.so.6', 'system'``)
_CODE_LANGUAGE_RE = re.compile(
    r"(?i)\blanguage\s+'?(c|pl(?:python[23]?u|perlu|tclu|sh|r|lua?u|v8u?|javau))'?(?!\w)"
)
#: what runs code on the server from a call or a setting: SQLite's load_extension, SQL
#: Server's xp_cmdshell and OLE automation, PostgreSQL settings whose value is a shell
#: command or a library the server loads
_CODE_CALL_RE = re.compile(
    r"(?i)\b(load_extension|xp_cmdshell|sp_oacreate)\b|\balter\s+system\s+set\s+"
    r"(archive_command|restore_command|archive_cleanup_command|recovery_end_command"
    r"|ssl_passphrase_command|\w*preload_libraries|dynamic_library_path)\b"
)

#: the sqlite3 CLI's ``.load FILE [ENTRY]`` at a line's start: a shared library loaded into
#: the process, as ``load_extension()`` loads it
_DOT_LOAD_RE = re.compile(r"(?im)^[ \t]*\.load\b")


def _server_code(text: str) -> tuple[str, str] | None:
    """``action.sql_code`` for SQL that runs code on the database server as its user."""
    low = text.lower()
    if "language" in low and (m := _CODE_LANGUAGE_RE.search(text)) is not None:
        return rules.ACTION_SQL_CODE, f"code in the language {m.group(1)} run by the server"
    if ".load" in low and (m := _DOT_LOAD_RE.search(text)) is not None:
        return rules.ACTION_SQL_CODE, ".load runs code"
    if not any(k in low for k in ("load_ext", "xp_cmd", "sp_oa", "alter")):
        return None
    for view in _VIEWS:  # (not in a string: a note mentioning load_extension)
        if (m := _CODE_CALL_RE.search(view.sub(_blank, text))) is not None:
            return rules.ACTION_SQL_CODE, f"{(m.group(1) or m.group(2)).lower()} runs code"
    return None


def sql_rule(text: str, depth: int = 0, *, sql_only: bool = False) -> tuple[str, str] | None:
    """(rule id, label) of the first SQL block rule ``text`` breaks, read as each database's
    lexer reads it (:func:`cordon.engine.sql_lexings.comment_views`: a comment as a space, a
    quoted function name as the name), or None. Attack class: ``dblink_exec/**/('DROP TABLE
    users')``, ``"dblink_exec"('...')``, ``U&"dblink\\005Fexec"('...')`` and ``EXECUTE/**/'...'``
    hid the SQL a string runs from the readers below, which look for the function's name
    and its parenthesis."""
    for view, _code in comment_views(text):
        if (hit := _text_rule(view, depth, sql_only)) is not None:
            return hit
    return None


def _text_rule(text: str, depth: int, sql_only: bool) -> tuple[str, str] | None:
    """(rule id, label) of the first SQL block rule ``text`` breaks, or None; the SQL it runs
    from strings (a ``DO`` block's or function's body, ``EXECUTE '...'``, ``query_to_xml``'s
    or ``dblink_exec``'s query: :func:`cordon.engine.sql_programs.inner_sql`) is judged too,
    since the strings are removed before the statement is read. ``sql_only``: ``text`` is
    SQL, never words of a search (a SQL tool's, a ``sql`` argument's, a database client's),
    so its last statement ends where it does: SQL Server's ``DELETE users`` (FROM is
    optional) at the end deletes every row."""
    # (at every depth: a string run as SQL may itself run a computed one, EXEC('EXEC(@q)'))
    if (computed := computed_sql(text)) is not None:
        return rules.ACTION_SQL_COMPUTED, f"SQL run from a computed string ({computed})"
    if (code := _server_code(text)) is not None:
        return code
    inners = inner_sql(text, bodies_run=True)
    if inners and depth >= 3:  # (fail closed: what the strings run is not read)
        return rules.ACTION_SQL_COMPUTED, "SQL run from strings nested too deeply to read"
    for inner in inners:  # (before the words' gate: EXEC('EXEC(@q)') names no DROP)
        if (hit := sql_rule(inner, depth + 1, sql_only=True)) is not None:
            return hit
    lowered = text.lower()
    if "drop" not in lowered and "truncate" not in lowered and "delete" not in lowered:
        return None
    for view in _VIEWS:
        if (hit := _code_rule(view.sub(_blank, text), sql_only)) is not None:
            return hit
    return None


def _code_rule(code: str, sql_only: bool = False) -> tuple[str, str] | None:
    """The block rule ``code`` (a statement with its comments and strings removed) breaks."""
    if _SQL_DROP_RE.search(code):
        return rules.ACTION_SQL_DROP, "DROP or TRUNCATE statement"
    stmts = code.split(";")
    for n, stmt in enumerate(stmts):
        # (DELETE users; is SQL Server's statement; at the end of SQL alone, with no ;, too)
        stmt += ";" if n + 1 < len(stmts) or sql_only else ""
        m = _SQL_DELETE_RE.search(stmt)
        if m is None:
            continue
        tail = stmt[m.end() :]
        if not _SQL_WHERE_RE.search(tail) or _SQL_TAUTOLOGY_RE.search(tail + ";"):
            return rules.ACTION_SQL_DELETE_NO_WHERE, "DELETE without a restricting WHERE"
    return None
