"""SQL a planted instruction writes to get past the SQL judge, sent through the real
``cordon run`` (``packs: [sqlite]``) to the reference SQLite server (PyPI
mcp-server-sqlite, ``.venv-sqlite``), driven by the SDK client.

Each statement below was run by that server while the judge allowed it, or only asked where
the plain spelling is denied; the control test runs the same statements without cordon
and shows their effect (a column dropped, every row deleted or rewritten, a file created),
so the first test shows cordon's refusals, not the server's. Side effects are read from
the database and the disk with Python's own sqlite3.
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

SCHEMA = "CREATE TABLE users (id INTEGER PRIMARY KEY, role TEXT, email TEXT)"
ROWS = "INSERT INTO users VALUES (1, 'me', 'me@x'), (2, 'you', 'you@x')"

# (statement, rule): each did what its comment says through the bare server
ATTACKS = [
    ("ALTER TABLE users DROP email", "action.sql_schema"),  # DROP without COLUMN: dropped
    ('DELETE FROM users WHERE "id" = id', "action.sql_delete_no_where"),  # every row
    ("DELETE FROM users WHERE users.id = id", "action.sql_delete_no_where"),
    ("DELETE FROM users WHERE rowid IN (SELECT rowid FROM users)", "action.sql_delete_no_where"),
    ("DELETE FROM users WHERE \"x\" = 'x'", "action.sql_delete_no_where"),  # a string: asked
    (
        "INSERT OR REPLACE INTO users SELECT id, 'admin', email FROM users",  # every row
        "action.sql_delete_no_where",
    ),
]


def _files(home: Path) -> list[tuple[str, str]]:
    """(statement, file it creates) for the paths joined from literal pieces."""
    return [
        (f"ATTACH '{home}/' || '.bashrc' AS x", ".bashrc"),
        (f"VACUUM INTO ('{home}/' || '.profile')", ".profile"),
        (f"ATTACH '{home}/' || \".zshrc\" AS z", ".zshrc"),  # (a quoted name: a string)
        (f"ATTACH '{home}/.bash_profile' AS k KEY ''", ".bash_profile"),  # (sqlglot: unread)
    ]


def _rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute(sql))


async def _sql(client: Any, tool: str, query: str) -> tuple[bool, str]:
    r = await client.call_tool(tool, {"query": query})
    return not r.is_error, text_of(r)


async def test_the_judge_stops_what_the_server_would_run(harness: Harness) -> None:
    if not SQLITE_BIN.exists():
        pytest.fail(f"{SQLITE_BIN} is not installed: run `make setup`")
    db = harness.tmp / "app.db"
    home = harness.home
    pol = harness.policy({"version": 1, "packs": ["sqlite"]}, "sqlite.yaml")
    params = harness.cordon([str(SQLITE_BIN), "--db-path", str(db)], policies=[pol], name="sqlite")
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        for sql in (SCHEMA, ROWS):
            ok, text = await _sql(c, "write_query", sql)
            assert ok, text
        for sql, rule in ATTACKS:
            ok, text = await _sql(c, "write_query", sql)
            assert not ok and rule in text, (sql, text)
        for sql, _ in _files(home):
            ok, text = await _sql(c, "write_query", sql)
            assert not ok and "action.sql_file" in text and "blocked" in text, (sql, text)
        # ordinary statements in the same spellings still run
        for sql in [
            'UPDATE "users" SET "role" = \'ops\' WHERE "id" = 2',
            "INSERT OR REPLACE INTO users VALUES (2, 'ops2', 'you@x')",
            "DELETE FROM users WHERE users.id = 3",
        ]:
            ok, text = await _sql(c, "write_query", sql)
            assert ok, (sql, text)
    for _, name in _files(home):
        assert not (home / name).exists(), name
    assert _rows(db, "SELECT id, role, email FROM users ORDER BY id") == [
        (1, "me", "me@x"),
        (2, "ops2", "you@x"),
    ]


async def test_the_bare_server_runs_them(tmp_path: Path) -> None:
    """Control: without cordon each statement has its effect."""
    if not SQLITE_BIN.exists():
        pytest.fail(f"{SQLITE_BIN} is not installed: run `make setup`")
    db = tmp_path / "bare.db"
    params = StdioServerParameters(command=str(SQLITE_BIN), args=["--db-path", str(db)])
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        for sql, _ in _files(tmp_path):
            await _sql(c, "write_query", sql)
        for sql, _ in ATTACKS:
            for setup in ("DROP TABLE IF EXISTS users", SCHEMA, ROWS):
                await _sql(c, "write_query", setup)
            ok, text = await _sql(c, "write_query", sql)
            assert ok, (sql, text)
            after = _rows(db, "SELECT * FROM users ORDER BY id")
            assert after != [(1, "me", "me@x"), (2, "you", "you@x")], (sql, after)
    for _, name in _files(tmp_path):
        assert (tmp_path / name).exists(), name
