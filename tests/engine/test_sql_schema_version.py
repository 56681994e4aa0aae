"""``PRAGMA schema_version = N`` in SQL no policy declares: asked, as ``PRAGMA
writable_schema = ...`` is (engine/sql_judge.py ``_schema_writes``; the keyword pre-checks in
engine/checks/actions.py and engine/commands.py).

Attack class: the schema cookie is what a connection checks before it trusts the schema it
cached; setting it is the documented companion of a ``writable_schema`` edit of
``sqlite_master`` (SQLite's PRAGMA documentation: "misuse of this pragma can result in
database corruption"). It was allowed unasked. Reading it (``PRAGMA schema_version;``) runs."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

from cordon.engine.core import Engine
from cordon.engine.sql_judge import judge_rows

ASK = ("ask", "action.sql_schema")


@pytest.mark.parametrize(
    "sql",
    [
        "PRAGMA schema_version = 42;",
        "pragma SCHEMA_VERSION=0",
        "PRAGMA main.schema_version = 7;",
        "PRAGMA schema_version(7);",
        "SELECT 1; PRAGMA schema_version = 43;",
    ],
)
def test_setting_the_schema_cookie_is_asked(tmp_path: Path, sql: str) -> None:
    hit = judge_rows(sql)
    assert hit is not None and (hit.verdict, hit.rule) == ASK, sql
    assert run(tmp_path, f'sqlite3 app.db "{sql}"') == ASK, sql
    assert run(tmp_path, f"printf '{sql}\\n' | sqlite3 app.db") == ASK, sql
    eng = Engine.from_policy([{"version": 1}])
    props = {"query": {"type": "string"}}
    eng.pin_tools([{"name": "write_query", "inputSchema": {"type": "object", "properties": props}}])
    v = eng.new_session().check("write_query", {"query": sql})
    assert (v.verdict, v.rule) == ASK, sql


@pytest.mark.parametrize(
    "sql", ["PRAGMA schema_version;", "PRAGMA main.schema_version", "SELECT 'schema_version';"]
)
def test_reading_the_schema_cookie_stays_allowed(tmp_path: Path, sql: str) -> None:
    assert judge_rows(sql) is None, sql
    assert run(tmp_path, f'sqlite3 app.db "{sql}"') == ("allow", "default.allow"), sql


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 CLI is needed")
def test_sqlite3_writes_the_cookie_into_the_file(tmp_path: Path) -> None:
    """Control: the real sqlite3 CLI stores the value set (a later process reads it back);
    reading it changes nothing."""
    (tmp_path / "project").mkdir()
    db = tmp_path / "project" / "app.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE users (id INTEGER)")

    def cli(sql: str) -> str:
        done = subprocess.run(
            ["sqlite3", str(db), sql], check=True, capture_output=True, text=True, timeout=30
        )
        return done.stdout.strip()

    assert cli("PRAGMA schema_version;") == "1"
    cli("PRAGMA schema_version = 42;")
    assert cli("PRAGMA schema_version;") == "42"
    assert run(tmp_path, 'sqlite3 app.db "PRAGMA schema_version = 42;"') == ASK
