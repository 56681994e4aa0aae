"""``PRAGMA writable_schema`` and writes to SQLite's schema tables in SQL no policy declares
(a SQL tool no pack describes, a ``sql``/``query`` argument, SQL given to ``sqlite3`` in a
shell command): asked as ``action.sql_schema``, as a pack's SQL is.

Attack class: with ``writable_schema`` on, ``UPDATE sqlite_master SET sql = ...`` rewrites
what every later statement reads of a table, or leaves a file SQLite calls malformed
(SQLite's PRAGMA documentation: "misuse of this pragma can easily result in a corrupt
database file"); a client that runs several statements in one session (the sqlite3 CLI, a
tool that takes a script) did both unasked. The control runs the statements in the real
sqlite3 CLI and shows the table's schema rewritten."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

from cordon.engine import rules
from cordon.engine.core import Engine

REWRITE = (
    "PRAGMA writable_schema=ON; "
    "UPDATE sqlite_master SET sql='CREATE TABLE users(id INTEGER, role TEXT, x)' "
    "WHERE name='users'"
)
ASKED = [
    "PRAGMA writable_schema=ON",
    "PRAGMA main.writable_schema = 1",
    'PRAGMA "writable_schema" = true',
    "PRAGMA/**/writable_schema=ON",
    REWRITE,
    "INSERT INTO sqlite_schema VALUES ('table', 't', 't', 0, 'CREATE TABLE t(a)')",
    "DELETE FROM sqlite_master WHERE name = 'users'",
]
READS = ["PRAGMA writable_schema", "SELECT sql FROM sqlite_master WHERE name = 'users'"]


def _generic(sql: str) -> tuple[str, str]:
    """The verdict on ``sql`` given to a SQL tool no pack or policy describes."""
    eng = Engine.from_policy([{}])
    eng.pin_tools([{"name": "run_query", "inputSchema": {"type": "object"}}])
    v = eng.new_session().check("run_query", {"query": sql})
    return v.verdict, v.rule


@pytest.mark.parametrize("sql", ASKED)
def test_a_writable_schema_is_asked_of_a_sql_tool(sql: str) -> None:
    assert _generic(sql) == ("ask", rules.ACTION_SQL_SCHEMA), sql


@pytest.mark.parametrize("sql", ASKED)
def test_a_writable_schema_is_asked_of_sqlite3_in_a_command(tmp_path: Path, sql: str) -> None:
    assert run(tmp_path, f'sqlite3 app.db "{sql}"') == ("ask", rules.ACTION_SQL_SCHEMA), sql
    assert run(tmp_path, f'echo "{sql};" | sqlite3 app.db') == ("ask", rules.ACTION_SQL_SCHEMA)


@pytest.mark.parametrize("sql", READS)
def test_reading_the_schema_stays_allowed(tmp_path: Path, sql: str) -> None:
    assert _generic(sql) == ("allow", "default.allow"), sql
    assert run(tmp_path, f'sqlite3 app.db "{sql}"') == ("allow", "default.allow"), sql


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 CLI is not installed")
def test_the_sqlite3_cli_rewrites_the_schema(tmp_path: Path) -> None:
    """Control: the sqlite3 CLI runs both statements in one session and the table's schema
    is what the UPDATE wrote."""
    db = tmp_path / "app.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, role TEXT)")
    subprocess.run(["sqlite3", str(db), REWRITE], check=True, capture_output=True, timeout=30)
    with sqlite3.connect(db) as conn:
        (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'users'").fetchone()
    assert sql == "CREATE TABLE users(id INTEGER, role TEXT, x)"
