"""SQL a SQL tool (or a database client in a shell command) is given, read as each database
would read it, and SQL run from strings in other databases' dynamic SQL.

Attack classes (each was allowed with no pack, where ``DROP TABLE users`` is denied):

* lexing: the block rules removed what they took for a comment or a string before reading the
  statement, and a database that lexes otherwise runs it. ``#`` starts a comment in MySQL and
  is PostgreSQL's XOR operator; ``--1`` is no comment in MySQL (it needs a space); a
  backslash escapes the quote in an ``E''`` string and in MySQL's strings; a quote inside a
  quoted identifier (``"it's"``) opened a string; ``a$b$`` is a PostgreSQL identifier, not a
  dollar quote; MySQL runs the text of a ``/*! ... */`` comment;
* dynamic SQL outside PL/pgSQL: MySQL's ``PREPARE s FROM '...'|@var``, SQL Server's
  ``EXEC('...')``/``EXEC(@q)`` and ``sp_executesql``, Oracle's ``EXECUTE IMMEDIATE``,
  psql's ``\\gexec`` (each row of the query's result run as a statement);
* bodies given as a quoted string (``DO 'BEGIN DROP ...'``, ``CREATE FUNCTION ... AS '...'``)
  and an ``E''`` body's escapes (``E'\\x44ROP TABLE users'``);
* ``DELETE users;`` without ``FROM`` (SQL Server, Oracle; a bare ``DELETE users`` ending the
  text is read as the words of a search, as ``delete old emails`` is) and objects a ``DROP``
  of which loses data or a guard (a domain's columns, a partition, an event trigger, a rule,
  a policy).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine.test_sql_tool_bodies import _session

from cordon.engine import rules
from cordon.engine.core import Engine

#: SQL four strings deep, each run by the one around it
NESTED = (
    "SELECT dblink_exec('SELECT dblink_exec(''SELECT dblink_exec("
    "''''SELECT dblink_exec(''''''''DROP TABLE users'''''''')'''')'')')"
)
DENIED = [
    "SELECT 1 # 1; DROP TABLE users",
    "SELECT 1 AS \"it's\"; DROP TABLE users; SELECT 'x'",
    "SELECT E'\\''; DROP TABLE users; --'",
    "SELECT 'x\\''; DROP TABLE users; -- '",
    "SELECT 1--1; DROP TABLE users",
    "SELECT 1 AS a$b$; DROP TABLE users; SELECT 1 AS c$b$",
    "/*!50000 DROP TABLE users */",
    "/*M!100100 DROP TABLE users */",
    "PREPARE stmt FROM 'DROP TABLE users'; EXECUTE stmt",
    "SET @s = CONCAT('DR','OP TABLE users'); PREPARE stmt FROM @s; EXECUTE stmt",
    "EXEC sp_executesql N'DROP TABLE users'",
    "EXEC('DR'+'OP TABLE users')",
    "EXEC('DROP TABLE users')",
    "EXECUTE ('DR'+'OP TABLE users')",
    "DECLARE @q nvarchar(100) = 'DR' + 'OP TABLE users'; EXEC (@q)",
    "DECLARE @q nvarchar(100) = 'DR' + 'OP TABLE users'; EXEC sp_executesql @q",
    "BEGIN EXECUTE IMMEDIATE 'DROP TABLE users'; END;",
    "BEGIN EXECUTE IMMEDIATE v_sql; END;",
    "SELECT 'DROP TABLE users' \\gexec",
    "SELECT format('DROP TABLE %I', tablename) FROM pg_tables \\gexec",
    "DO 'BEGIN DROP TABLE users; END'",
    "DO E'BEGIN DROP TABLE users; END'",
    "DO $$ BEGIN EXECUTE E'\\x44ROP TABLE users'; END $$",
    "SELECT query_to_xml(E'\\x64rop table users', true, false, '')",
    "CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS 'BEGIN DROP TABLE users; END';"
    " SELECT f()",
    "CREATE FUNCTION f() RETURNS void LANGUAGE sql AS 'DELETE FROM users'; SELECT f()",
    "DELETE users;",
    "DELETE dbo.users",
    "DELETE TOP (100) users",
    "DROP DOMAIN email_address CASCADE",
    "ALTER TABLE orders DROP PARTITION p2024",
    "DROP EVENT TRIGGER audit_ddl",
    "DROP RULE keep_log ON users",
    "DROP POLICY tenant_only ON users",
    "DO $$ BEGIN EXECUTE 'SELECT dblink_exec(''DR'' || ''OP TABLE users'')'; END $$",
    "EXEC('EXEC(''DR'' + ''OP TABLE users'')')",
    "PREPARE s FROM 'PREPARE t FROM @q'",
    # (four strings deep: past what is read, so not allowed)
    NESTED,
]

#: what the readings must not turn into a refusal: strings, identifiers and comments that are
#: data in every database, foreign keys' ON DELETE, a grant, a trigger's event, a prepared
#: statement or a stored procedure run by name
ALLOWED = [
    "SELECT 'it''s # not a comment; drop table users' AS tip",
    'SELECT "drop table users" FROM notes',
    "INSERT INTO notes (body) VALUES ($$how to drop table users safely$$)",
    "SELECT $q$truncate users$q$ AS tip",
    "SELECT 1 -- drop table users",
    "SELECT 1 /* drop table users */",
    "CREATE TABLE o (id int, uid int REFERENCES users ON DELETE CASCADE)",
    "CREATE TABLE o (uid int REFERENCES users ON UPDATE CASCADE ON DELETE SET NULL)",
    "GRANT SELECT, DELETE ON users TO app",
    "CREATE TRIGGER t BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION log_it()",
    "PREPARE p FROM 'SELECT * FROM users WHERE id = ?'; EXECUTE p USING @id",
    "EXEC dbo.monthly_report @month = 3",
    "EXEC sp_executesql N'SELECT * FROM users WHERE id = @id', N'@id int', @id = 3",
    "EXECUTE fetch_user(1)",
    "BEGIN EXECUTE IMMEDIATE 'SELECT 1 FROM dual'; END;",
    "DELETE FROM users WHERE id = 3",
    "DELETE users WHERE id = 3",
    "SELECT 'a\\b' AS path, 'x' AS y",
    "SELECT price#>>'{a}' FROM t",
]


@pytest.mark.parametrize("sql", DENIED)
def test_sql_read_as_each_database_reads_it_is_denied(tmp_path: Path, sql: str) -> None:
    s = _session(tmp_path)
    v = s.check("query", {"sql": sql})
    assert v.verdict == "deny", (sql, v)
    assert v.rule in (
        rules.ACTION_SQL_DROP,
        rules.ACTION_SQL_DELETE_NO_WHERE,
        rules.ACTION_SQL_COMPUTED,
    ), (sql, v)


@pytest.mark.parametrize("sql", ALLOWED)
def test_data_and_named_runs_stay_allowed(tmp_path: Path, sql: str) -> None:
    s = _session(tmp_path)
    v = s.check("query", {"sql": sql})
    assert v.verdict == "allow", (sql, v)


@pytest.mark.parametrize(
    "cmd",
    [
        "psql -c 'SELECT 1 # 1; DROP TABLE users'",
        "mysql -e \"SET @s = CONCAT('DR','OP TABLE users'); PREPARE s FROM @s; EXECUTE s\"",
        "mysql -e '/*!50000 DROP TABLE users */'",
        "sqlcmd -Q \"EXEC('DR'+'OP TABLE users')\"",
    ],
)
def test_the_same_given_to_a_database_client_is_denied(tmp_path: Path, cmd: str) -> None:
    project = tmp_path / "project"
    project.mkdir()
    eng = Engine.from_policy([{"version": 1, "allowed_path_prefixes": [str(project)]}])
    eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
    v = eng.new_session().check("run_command", {"command": cmd})
    assert v.verdict == "deny", (cmd, v)


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("query", {"sql": "DELETE users"}),
        ("execute_sql", {"query": "DELETE users"}),
        ("query", {"sql": "SELECT 1; DELETE users"}),
        ("query", {"sql": "DELETE users\n"}),
        ("search_docs", {"sql": "DELETE users"}),
        ("search_docs", {"statement": "DELETE users"}),
    ],
)
def test_a_bare_delete_at_the_end_of_sql_is_denied(
    tmp_path: Path, tool: str, args: dict[str, str]
) -> None:
    """SQL Server's ``DELETE [FROM] table``: FROM may be left out, so ``DELETE users`` at the
    end of SQL deletes every row; it was read as words of a search when nothing followed."""
    v = _session(tmp_path).check(tool, args)
    assert (v.verdict, v.rule) == ("deny", rules.ACTION_SQL_DELETE_NO_WHERE), (tool, args, v)


def test_a_bare_delete_given_to_a_database_client_is_denied(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    eng = Engine.from_policy([{"version": 1, "allowed_path_prefixes": [str(project)]}])
    eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
    v = eng.new_session().check("run_command", {"command": "sqlcmd -Q 'DELETE users'"})
    assert (v.verdict, v.rule) == ("deny", rules.ACTION_SQL_DELETE_NO_WHERE), v


@pytest.mark.parametrize(
    ("tool", "key", "text"),
    [("search_docs", "query", "delete old emails"), ("search_docs", "query", "how to delete users"),
     ("query", "sql", "CREATE POLICY p ON t FOR DELETE"),
     ("query", "sql", "GRANT SELECT, DELETE ON t TO bob"),
     ("query", "sql", "ALTER TABLE t ADD FOREIGN KEY (a) REFERENCES u ON DELETE CASCADE")],
)  # fmt: skip
def test_search_words_and_delete_as_a_keyword_stay_allowed(
    tmp_path: Path, tool: str, key: str, text: str
) -> None:
    v = _session(tmp_path).check(tool, {key: text})
    assert v.verdict == "allow", (text, v)
