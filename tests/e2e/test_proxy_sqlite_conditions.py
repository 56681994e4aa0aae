"""A DELETE or UPDATE by a condition that can cover every row, and a RENAME, through the real
``cordon run`` in front of the reference SQLite server (``.venv-sqlite``), with ``packs:
[sqlite]``, driven by the SDK client.

``WHERE id > 0`` and ``WHERE id IS NOT NULL`` wiped the table unasked (the judge read any
``WHERE`` naming a column as bounded), and ``ALTER TABLE users RENAME TO users_old`` ran
while ``DROP COLUMN`` was asked about. Each is now asked about; the client answers no
elicitation, so nobody approves, and the table keeps its rows and its name. Rows named by
value still run unasked. The control shows the server itself runs the statements.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SQLITE_BIN = ROOT / ".venv-sqlite" / "bin" / "mcp-server-sqlite"
ROWS = [(1, "me"), (2, "you"), (3, "ops")]
BY_CONDITION = [
    ("DELETE FROM users WHERE id > 0", "action.sql_delete_no_where"),
    ("DELETE FROM users WHERE id IS NOT NULL", "action.sql_delete_no_where"),
    ("DELETE FROM users WHERE role LIKE '%'", "action.sql_delete_no_where"),
    ("UPDATE users SET role = 'admin' WHERE id >= 1", "action.sql_delete_no_where"),
    ("ALTER TABLE users RENAME TO users_old", "action.sql_schema"),
    ("ALTER TABLE users RENAME COLUMN role TO r", "action.sql_schema"),
]


def _db(path: Path) -> Path:
    if not SQLITE_BIN.exists():
        pytest.fail(f"{SQLITE_BIN} is not installed: run `make setup`")
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, role TEXT)")
        conn.executemany("INSERT INTO users VALUES (?, ?)", ROWS)
    return path


def _rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute("SELECT id, role FROM users ORDER BY id"))


async def _sql(client: Any, query: str) -> tuple[bool, str]:
    r = await client.call_tool("write_query", {"query": query})
    return not r.is_error, text_of(r)


async def test_a_delete_by_condition_and_a_rename_are_asked_and_leave_the_table(
    harness: Harness,
) -> None:
    db = _db(harness.tmp / "app.db")
    pol = harness.policy({"version": 1, "packs": ["sqlite"]}, "sqlite.yaml")
    params = harness.cordon([str(SQLITE_BIN), "--db-path", str(db)], policies=[pol], name="db")
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        for sql, rule in BY_CONDITION:
            ok, text = await _sql(c, sql)
            assert not ok and rule in text, (sql, text)
            assert _rows(db) == ROWS, sql
        # rows named by value run unasked
        ok, text = await _sql(c, "UPDATE users SET role = 'ops2' WHERE id = 3")
        assert ok, text
        ok, text = await _sql(c, "DELETE FROM users WHERE id IN (2) AND role = 'you'")
        assert ok, text
    assert _rows(db) == [(1, "me"), (3, "ops2")]


async def test_the_server_runs_them_without_cordon(tmp_path: Path) -> None:
    """Control: the same server alone empties the table and renames it."""
    db = _db(tmp_path / "bare.db")
    params = StdioServerParameters(command=str(SQLITE_BIN), args=["--db-path", str(db)])
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        ok, text = await _sql(c, "DELETE FROM users WHERE id > 0")
        assert ok, text
        assert _rows(db) == []
        ok, text = await _sql(c, "ALTER TABLE users RENAME TO users_old")
        assert ok, text
    with sqlite3.connect(db) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert names == ["users_old"]
