"""``ALTER TABLE t DROP [COLUMN] c`` in SQL no pack declares (a SQL tool's query, a ``sql``
argument, a database client's SQL in a shell command) is asked, as the sqlite and postgres
packs ask it: the column's values go in every row, as an UPDATE of every row would take
them, and it ran unasked with no pack (SQLite's ``DROP c`` without COLUMN too). A dropped
constraint or index, an added column and prose that names the words run as before.

Attack class: bulk loss of the application's data."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tests.engine._shell_session import run
from tests.engine.test_sql_tool_bodies import _session

ASK = ("ask", "action.sql_schema")

DROPS = [
    "ALTER TABLE users DROP COLUMN email",
    "ALTER TABLE users DROP email",
    'alter table "users" drop column "email"',
    "ALTER TABLE users DROP COLUMN IF EXISTS email, DROP COLUMN name",
    "ALTER TABLE users /* tidy */ DROP COLUMN email",
]
KEPT = [
    "ALTER TABLE users ADD COLUMN age int",
    "ALTER TABLE users DROP CONSTRAINT users_email_key",
    "SELECT * FROM users WHERE note = 'alter table users drop column email'",
]


@pytest.mark.parametrize("sql", DROPS)
def test_a_dropped_column_is_asked(tmp_path: Path, sql: str) -> None:
    s = _session(tmp_path)
    for tool, args in (("query", {"sql": sql}), ("execute_sql", {"query": sql})):
        v = s.check(tool, args)
        assert (v.verdict, v.rule) == ASK, (tool, sql, v)


@pytest.mark.parametrize("sql", KEPT)
def test_what_keeps_every_value_runs(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert v.verdict == "allow", (sql, v)


def test_a_shell_clients_dropped_column_is_not_allowed(tmp_path: Path) -> None:
    assert run(tmp_path, "sqlite3 app.db 'ALTER TABLE users DROP email'")[0] == "ask"
    assert run(tmp_path, "psql -c 'ALTER TABLE users DROP COLUMN email'")[0] == "ask"
    assert run(tmp_path, "sqlite3 app.db 'ALTER TABLE users ADD age int'")[0] == "allow"


def test_sqlite_drops_the_column_and_its_values(tmp_path: Path) -> None:
    """Control: SQLite (3.35+) runs the bare spelling and the values are gone."""
    with sqlite3.connect(tmp_path / "app.db") as conn:
        conn.execute("CREATE TABLE users (id int, email text)")
        conn.execute("INSERT INTO users VALUES (1, 'a@example.com')")
        conn.execute("ALTER TABLE users DROP email")
        cols = [r[1] for r in conn.execute("PRAGMA table_info(users)")]
    assert cols == ["id"]
