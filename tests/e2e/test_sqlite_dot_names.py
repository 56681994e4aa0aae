"""The sqlite3 CLI's dot-commands in spellings the CLI runs, and SQL the shell computes on a
client's command line, through the real ``cordon run`` in front of a shell tool
(tests/servers/shellbox.py runs each command with ``bash -c``), driven by the SDK client.

Attack classes: a prefix of a dot-command's name (``.sh`` is ``.system``, ``.rea`` is
``.read``, ``.lo`` is ``.load``) or a space after its dot (``. system LINE``) ran what the
full name is judged for; ``sqlite3 DB "$(echo B64 | base64 -d)"`` ran SQL read as none.
A client's own line (``.timeout 100``) before ``UPDATE users SET role = 1`` hid the write
from the parser; ``.dbconfig writable_schema on`` and ``REPLACE INTO sqlite_master`` wrote
a second schema row (a database SQLite calls malformed). Each ran unasked. Now each is
refused or asked about (nobody approves here) and the table keeps its rows. The control
runs the same commands with bash alone.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e._shellbox import shellbox_in_front

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: base64 of "DROP TABLE users;"
B64 = "RFJPUCBUQUJMRSB1c2VyczsK"
#: (command, the answer's word, the rule): each drops the table
COMMANDS = [
    ("sqlite3 app.db \".sh sqlite3 app.db 'DROP TABLE users'\"", "blocked", "sql_drop"),
    ("sqlite3 app.db \". system sqlite3 app.db 'DROP TABLE users'\"", "blocked", "sql_drop"),
    ("sqlite3 app.db \".rea '|echo DROP TABLE users;'\"", "needs approval", "command_opaque"),
    (f'sqlite3 app.db "$(echo {B64} | base64 -d)"', "needs approval", "command_opaque"),
]
#: (command, the answer's word, the rule): each makes every user an admin or leaves the
#: database malformed (a second schema row for the table)
WRITES = [
    ("printf '.timeout 100\\nUPDATE users SET role=1;\\n' | sqlite3 app.db",
     "blocked", "sql_delete_no_where"),
    ("sqlite3 app.db '.dbconfig writable_schema on' \"REPLACE INTO sqlite_master VALUES"
     "('table','users','users',2,'CREATE TABLE users(id, role, x)');\"",
     "needs approval", "sql_schema"),
]  # fmt: skip


def _db(path: Path) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, role TEXT)")
        conn.execute("INSERT INTO users VALUES (1, 'me')")
    return path


def _has_users(db: Path) -> bool:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'users'").fetchone()
    return row is not None


def _rows(db: Path) -> list[tuple[object, ...]] | None:
    """The users' rows, or None when SQLite cannot read the database's schema."""
    try:
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT id, role FROM users").fetchall()
    except sqlite3.DatabaseError:
        return None


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 CLI is not installed")
async def test_dot_command_spellings_and_computed_sql_are_refused_or_asked(
    harness: Harness,
) -> None:
    sandbox, log, params = shellbox_in_front(harness)
    db = _db(sandbox / "app.db")
    async with Client(params, mode="legacy") as c:
        await c.list_tools()
        for command, word, rule in [
            *COMMANDS,
            *WRITES,
            ("sqlite3 app.db '.lo ./x'", "blocked", "code"),
        ]:
            r = await c.call_tool("run_command", {"command": command})
            said = text_of(r)
            assert r.is_error and word in said and rule in said, (command, said)
            assert _rows(db) == [(1, "me")], command
    assert not log.exists() or "users" not in log.read_text("utf-8")


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 CLI is not installed")
@pytest.mark.parametrize("command", [c for c, _w, _r in COMMANDS])
def test_bash_alone_drops_the_table(tmp_path: Path, command: str) -> None:
    """Control: each command, run by bash with no cordon, drops the table."""
    db = _db(tmp_path / "app.db")
    subprocess.run(["bash", "-c", command], cwd=tmp_path, capture_output=True, timeout=30)
    assert not _has_users(db), command


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 CLI is not installed")
@pytest.mark.parametrize("command", [c for c, _w, _r in WRITES])
def test_bash_alone_rewrites_every_row_or_the_schema(tmp_path: Path, command: str) -> None:
    """Control: each command, run by bash with no cordon, changes every row or leaves a
    database SQLite cannot read."""
    db = _db(tmp_path / "app.db")
    subprocess.run(["bash", "-c", command], cwd=tmp_path, capture_output=True, timeout=30)
    assert _rows(db) != [(1, "me")], command
