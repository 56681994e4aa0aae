"""A DELETE or UPDATE by a condition that can cover every row, given as SQL no pack declares:
to a shell tool's database client (``sqlite3 app.db "DELETE FROM users WHERE id > 0"``) and to
the reference SQLite server's ``query`` argument with no ``packs: [sqlite]``. Through the real
``cordon run``, driven by the SDK client.

Attack class: bulk loss of the application's data by an agent (destructive action, OWASP
LLM06). The SQL rules on these paths read only a DELETE with no ``WHERE`` or ``WHERE 1 = 1``:
``WHERE id > 0``, ``WHERE 2 > 1``, ``WHERE id IS NOT NULL`` emptied the table unasked, while
the declared path (the sqlite pack) asked or refused. Both now read the statement with the
same judge (:mod:`cordon.engine.sql_where`): a condition that restricts nothing is refused, a
condition that can cover every row is asked about (nobody approves here, so the table keeps
its rows), and rows named by value run unasked.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of
from tests.e2e._shellbox import shellbox_in_front

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SQLITE_BIN = ROOT / ".venv-sqlite" / "bin" / "mcp-server-sqlite"
ROWS = [(1, "me"), (2, "you"), (3, "ops")]
#: (statement, the verdict's word in the answer)
BY_CONDITION = [
    ("DELETE FROM users WHERE id > 0", "needs approval"),
    ("DELETE FROM users WHERE id IS NOT NULL", "needs approval"),
    ("UPDATE users SET role = 'admin' WHERE id >= 1", "needs approval"),
    ("DELETE FROM users WHERE 2 > 1", "blocked"),
    ("DELETE FROM users WHERE id = id", "blocked"),
    ("UPDATE users SET role = 'admin'", "blocked"),
    # a comment between keywords, which the database reads as a space
    ("DELETE/**/FROM users WHERE 2 > 1", "blocked"),
    ("UPDATE users SET/**/role = 'admin'", "blocked"),
    ("DELETE--x\nFROM users WHERE id > 0", "needs approval"),
    # an insert that replaces every row with a query's
    ("INSERT OR REPLACE INTO users SELECT id, 'admin' FROM users", "needs approval"),
]


def _db(path: Path) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, role TEXT)")
        conn.executemany("INSERT INTO users VALUES (?, ?)", ROWS)
    return path


def _rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute("SELECT id, role FROM users ORDER BY id"))


async def test_a_shell_tools_sqlite3_delete_by_condition_is_asked(harness: Harness) -> None:
    sandbox, log, params = shellbox_in_front(harness)
    db = _db(sandbox / "app.db")
    async with Client(params, mode="legacy") as c:
        await c.list_tools()
        for sql, word in BY_CONDITION:
            r = await c.call_tool("run_command", {"command": f'sqlite3 app.db "{sql}"'})
            said = text_of(r)
            assert r.is_error and word in said and "sql_delete_no_where" in said, (sql, said)
            assert _rows(db) == ROWS, sql
        r = await c.call_tool(
            "run_command", {"command": 'sqlite3 app.db "DELETE FROM users WHERE id = 2"'}
        )
        assert not r.is_error, text_of(r)
    assert _rows(db) == [(1, "me"), (3, "ops")]
    ran = log.read_text("utf-8")
    assert "id > 0" not in ran and "2 > 1" not in ran


async def test_a_sql_servers_query_with_no_pack_is_judged_as_the_packs(harness: Harness) -> None:
    if not SQLITE_BIN.exists():
        pytest.fail(f"{SQLITE_BIN} is not installed: run `make setup`")
    db = _db(harness.tmp / "app.db")
    loose = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon([str(SQLITE_BIN), "--db-path", str(db)], policies=[loose], name="db")
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        for sql, word in BY_CONDITION:
            r = await c.call_tool("write_query", {"query": sql})
            said = text_of(r)
            assert r.is_error and word in said and "sql_delete_no_where" in said, (sql, said)
            assert _rows(db) == ROWS, sql
        r = await c.call_tool("write_query", {"query": "UPDATE users SET role = 'o' WHERE id = 3"})
        assert not r.is_error, text_of(r)
    assert _rows(db) == [(1, "me"), (2, "you"), (3, "o")]
