"""SQL given to the sqlite3 CLI in forms the SQL rules did not read, through the real ``cordon
run`` in front of a shell tool (tests/servers/shellbox.py runs each command with ``bash -c``)
and of the reference SQLite server with no pack, driven by the SDK client.

Attack classes: a DROP the command writes to a file and feeds the client through ``cat <``,
or spells with escapes ``printf`` and ``echo -e`` decode; ``.read '|LINE'`` (the SQL a
command writes); ``.load`` (native code); ``PRAGMA writable_schema`` followed by a write to
``sqlite_master`` (the table's schema rewritten). Each ran unasked. Now each is refused or
asked about (nobody approves here) and the table keeps its rows and its schema. The control
runs the same commands with bash alone and shows each one's effect.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of
from tests.e2e._shellbox import shellbox_in_front

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SQLITE_BIN = ROOT / ".venv-sqlite" / "bin" / "mcp-server-sqlite"
SCHEMA = "CREATE TABLE users (id INTEGER PRIMARY KEY, role TEXT)"
REWRITE = (
    "PRAGMA writable_schema=ON; UPDATE sqlite_master SET sql='CREATE TABLE users(id, role, x)'"
    " WHERE name='users'"
)
#: (command, the answer's word, the rule): each drops the table or rewrites its schema
COMMANDS = [
    ("echo 'DROP TABLE users;' > x.sql; cat < x.sql | sqlite3 app.db", "blocked", "sql_drop"),
    ("printf 'DR\\x4fP TABLE users;' | sqlite3 app.db", "blocked", "sql_drop"),
    ("echo -e '\\x44ROP TABLE users;' | sqlite3 app.db", "blocked", "sql_drop"),
    ("sqlite3 app.db \".read '|echo DROP TABLE users;'\"", "needs approval", "command_opaque"),
    (f'sqlite3 app.db "{REWRITE}"', "needs approval", "sql_schema"),
]


def _db(path: Path) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute(SCHEMA)
        conn.execute("INSERT INTO users VALUES (1, 'me')")
    return path


def _schema(db: Path) -> str | None:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'users'").fetchone()
    return None if row is None else str(row[0])


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 CLI is not installed")
async def test_sql_fed_or_spelt_otherwise_is_refused_or_asked(harness: Harness) -> None:
    sandbox, log, params = shellbox_in_front(harness)
    db = _db(sandbox / "app.db")
    async with Client(params, mode="legacy") as c:
        await c.list_tools()
        for command, word, rule in [*COMMANDS, ("sqlite3 app.db '.load ./x'", "blocked", "code")]:
            r = await c.call_tool("run_command", {"command": command})
            said = text_of(r)
            assert r.is_error and word in said and rule in said, (command, said)
            assert _schema(db) == SCHEMA, command
    assert not log.exists() or "users" not in log.read_text("utf-8")


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 CLI is not installed")
@pytest.mark.parametrize("command", [c for c, _w, _r in COMMANDS])
def test_bash_alone_drops_the_table_or_rewrites_it(tmp_path: Path, command: str) -> None:
    """Control: each command, run by bash with no cordon, costs the table or its schema."""
    db = _db(tmp_path / "app.db")
    subprocess.run(["bash", "-c", command], cwd=tmp_path, capture_output=True, timeout=30)
    assert _schema(db) != SCHEMA, command


async def test_a_writable_schema_given_to_the_sqlite_server_with_no_pack_is_asked(
    harness: Harness,
) -> None:
    if not SQLITE_BIN.exists():
        pytest.fail(f"{SQLITE_BIN} is not installed: run `make setup`")
    db = _db(harness.tmp / "app.db")
    loose = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon([str(SQLITE_BIN), "--db-path", str(db)], policies=[loose], name="db")
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        for sql in ("PRAGMA writable_schema=ON", "DELETE FROM sqlite_master WHERE name='users'"):
            r = await c.call_tool("write_query", {"query": sql})
            said = text_of(r)
            assert r.is_error and "needs approval" in said and "sql_schema" in said, (sql, said)
    assert _schema(db) == SCHEMA
