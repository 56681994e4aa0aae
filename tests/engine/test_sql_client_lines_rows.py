"""How far a write reaches, read in SQL given to a database client with the client's own
command lines in it (engine/sqlite_dots.py ``statements_only``, ``canonical``;
engine/sql_judge.py): a line such as sqlite3's ``.timeout 100``, psql's ``\\timing`` or
mysql's ``DELIMITER //`` before ``UPDATE users SET role = 1`` left text no dialect parses,
read as no write; ``REPLACE INTO sqlite_master`` (SQLite's ``INSERT OR REPLACE``, kept as
raw text by the parser) and the sqlite3 CLI's ``.dbconfig writable_schema on`` (the PRAGMA
it sets) were not read as a schema write. Each was allowed unasked."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

from cordon.engine.core import Engine

REPLACE = "REPLACE INTO sqlite_master VALUES('table','users','users',2,'CREATE TABLE users(x)');"


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("printf '.timeout 100\\nUPDATE users SET role=1;\\n' | sqlite3 app.db",
         ("deny", "action.sql_delete_no_where")),
        ("sqlite3 app.db '.mode csv\nUPDATE users SET role=1;'",
         ("deny", "action.sql_delete_no_where")),
        ("printf 'SELECT 1;\\n.headers on\\nUPDATE users SET role=1;\\n' | sqlite3 app.db",
         ("deny", "action.sql_delete_no_where")),
        ("printf '\\\\timing\\nUPDATE users SET role=1;\\n' | psql",
         ("deny", "action.sql_delete_no_where")),
        ("printf 'DELIMITER //\\nUPDATE users SET role=1//\\n' | mysql",
         ("ask", "action.sql_unparsed")),
        ("printf '.bail on\\nPRAGMA writable_schema=ON;\\n' | sqlite3 app.db",
         ("ask", "action.sql_schema")),
        (f'sqlite3 app.db "{REPLACE}"', ("ask", "action.sql_schema")),
        (f"sqlite3 app.db '.dbconfig writable_schema on' \"{REPLACE}\"",
         ("ask", "action.sql_schema")),
        ("sqlite3 app.db '.dbc writable_schema on'", ("ask", "action.sql_schema")),
    ],
)  # fmt: skip
def test_a_write_after_a_client_line_is_read(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    assert run(tmp_path, command) == expected, command


@pytest.mark.parametrize(
    "command",
    [
        "printf '.mode csv\\nUPDATE users SET role=1 WHERE id=3;\\n' | sqlite3 app.db",
        "printf '.headers on\\nSELECT * FROM users;\\n' | sqlite3 app.db",
        "sqlite3 app.db \"REPLACE INTO users VALUES(1, 'x');\"",
        "sqlite3 app.db .dbinfo",
    ],
)
def test_everyday_lines_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


def test_a_replace_into_the_schema_table_through_a_sql_tool_is_asked() -> None:
    eng = Engine.from_policy([{"version": 1}])
    props = {"query": {"type": "string"}}
    eng.pin_tools([{"name": "write_query", "inputSchema": {"type": "object", "properties": props}}])
    v = eng.new_session().check("write_query", {"query": REPLACE})
    assert (v.verdict, v.rule) == ("ask", "action.sql_schema")


def test_a_line_inside_a_statement_is_kept() -> None:
    """The CLI reads a dot-command only between statements: ``users\\n.id`` is SQL."""
    from cordon.engine.sqlite_dots import statements_only

    sql = "UPDATE users SET role=1 WHERE id=5 OR users\n\n.id > 0;"
    assert statements_only(sql) == sql
    assert statements_only(".timeout 9\nUPDATE t SET a=1;") == "\nUPDATE t SET a=1;"
