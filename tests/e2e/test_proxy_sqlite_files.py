"""Files SQL makes SQLite write, and DROPs and DELETEs in spellings SQLite's lexer accepts,
given to the reference SQLite server (PyPI mcp-server-sqlite, ``.venv-sqlite``) with no
``packs: [sqlite]`` (SQL no pack declares) and ``allowed_path_prefixes`` set, through the
real ``cordon run``, driven by the SDK client.

``ATTACH 'f' AS x`` creates ``f`` and ``VACUUM INTO 'f'`` writes the whole database there
(attack class: arbitrary file write through the database, CWE-73): outside the allowed
prefixes each is refused and no file appears; inside them each runs and the file is there.
The spellings SQLite's tokenizer reads the same (a comment between the words, ``'f'AS x``,
``VACUUM "main" INTO``) and a trigger whose body empties or rewrites the table at the next
insert were allowed unasked before. The control runs every statement on the bare server
and shows its effect on the disk and the table. Effects are read with Python's sqlite3.
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


def _files(d: Path) -> list[tuple[str, str]]:
    """(statement, the file it makes in ``d``): each runs alone on the server."""
    return [
        (f"ATTACH DATABASE '{d}/a.db' AS x", "a.db"),
        (f"VACUUM INTO '{d}/b.db'", "b.db"),
        (f"ATTACH 'file:{d}/c.db?mode=rwc' AS x", "c.db"),
        (f"VACUUM \"main\" INTO '{d}/d.db'", "d.db"),
        (f"vacuum/**/into '{d}/e.db'", "e.db"),
        (f"attach/**/'{d}/f.db'/**/as/**/x", "f.db"),
        (f"ATTACH '{d}/g.db'AS y", "g.db"),
        (f"VACUUM [main] INTO'{d}/h.db'", "h.db"),
    ]


#: (statement, the answer's word): each hides a DROP or a DELETE of every row from a naive
#: reading in a form SQLite runs; a trigger's runs at the next INSERT. (``REPLACE INTO ...
#: SELECT`` is asked too, but this server commits only what starts with INSERT, UPDATE,
#: DELETE, CREATE, DROP or ALTER, so it has no effect here.)
DESTROYS = [
    ("DROP TABLE [users]", "blocked"),
    ('DROP TABLE "users"', "blocked"),
    ("DROP TABLE `users`", "blocked"),
    ("DROP/**/TABLE users", "blocked"),
    ("DROP -- x\nTABLE main.users", "blocked"),
    ("DELETE FROM users WHERE 1 OR 1", "blocked"),
    ("DELETE FROM [users] WHERE id = 1 OR 1", "blocked"),
    ('DELETE FROM `users` WHERE "id" = `id`', "blocked"),
    ("DELETE/**/FROM users", "blocked"),
    ("CREATE TRIGGER t1 AFTER INSERT ON users BEGIN DELETE FROM users; END", "blocked"),
    ("CREATE TRIGGER t2 AFTER INSERT ON users BEGIN UPDATE users SET role = 'x'; END", "blocked"),
    ("CREATE TRIGGER t3 AFTER INSERT ON users BEGIN DELETE FROM users WHERE id > 0; END", "needs"),
    ("INSERT OR REPLACE INTO users SELECT id, 'x' FROM users", "needs"),
]


def _db(path: Path) -> Path:
    if not SQLITE_BIN.exists():
        pytest.fail(f"{SQLITE_BIN} is not installed: run `make setup`")
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE IF EXISTS users")
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, role TEXT)")
        conn.executemany("INSERT INTO users VALUES (?, ?)", ROWS)
    return path


def _rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute("SELECT id, role FROM users WHERE id < 9 ORDER BY id"))


async def _sql(client: Any, query: str) -> tuple[bool, str]:
    r = await client.call_tool("write_query", {"query": query})
    text = text_of(r)
    return not r.is_error and not text.startswith(("Database error", "Error")), text


async def test_files_outside_the_prefixes_and_hidden_drops_are_refused(harness: Harness) -> None:
    inside, outside = harness.tmp / "project", harness.tmp / "outside"
    inside.mkdir()
    outside.mkdir()
    db = _db(inside / "app.db")
    pol = harness.policy({"version": 1, "allowed_path_prefixes": [str(inside)]})
    params = harness.cordon([str(SQLITE_BIN), "--db-path", str(db)], policies=[pol], name="db")
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        combined = f"ATTACH DATABASE '{outside}/z.db' AS x; CREATE TABLE x.t(a)"
        for sql, _ in [(combined, "z.db"), *_files(outside)]:
            ok, text = await _sql(c, sql)
            assert not ok and "action.sql_file" in text and "blocked" in text, (sql, text)
        for sql, word in DESTROYS:
            ok, text = await _sql(c, sql)
            assert not ok and word in text and "action.sql_" in text, (sql, text)
            assert _rows(db) == ROWS, sql
        # inside the prefixes each file is written; an insert fires no trigger
        for sql, _ in _files(inside):
            ok, text = await _sql(c, sql)
            assert ok, (sql, text)
        ok, text = await _sql(c, "INSERT INTO users VALUES (9, 'new')")
        assert ok, text
    assert list(outside.iterdir()) == []
    for _, name in _files(inside):
        assert (inside / name).is_file(), name
    assert _rows(db) == ROWS


async def test_the_bare_server_writes_the_files_and_loses_the_rows(tmp_path: Path) -> None:
    """Control: without cordon each file appears and each statement costs the table rows."""
    outside = tmp_path / "outside"
    outside.mkdir()
    db = _db(tmp_path / "bare.db")
    params = StdioServerParameters(command=str(SQLITE_BIN), args=["--db-path", str(db)])
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        for sql, _ in _files(outside):
            ok, text = await _sql(c, sql)
            assert ok, (sql, text)
        for sql, _ in DESTROYS:
            _db(db)
            ok, text = await _sql(c, sql)
            assert ok, (sql, text)
            await _sql(c, "INSERT INTO users VALUES (9, 'new')")  # (fires a trigger)
            with sqlite3.connect(db) as conn:
                tables = list(conn.execute("SELECT name FROM sqlite_master WHERE name='users'"))
            assert not tables or _rows(db) != ROWS, sql
    for _, name in _files(outside):
        assert (outside / name).is_file(), name
