"""A shell function's body, read where the function's output is piped on (engine/
shell_functions.py), as a compound command's is.

Attack class: ``f() { echo 'DROP TABLE users;'; }; f | sqlite3 app.db`` was read as a program
not known here piping into sqlite3 (as ``pg_dump app | psql``) and the DROP ran unasked,
where ``{ echo 'DROP TABLE users;'; } | sqlite3 app.db`` was denied. A function defined twice
or calling itself is asked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run

DENIED = [
    "f() { echo 'DROP TABLE users;'; }; f | sqlite3 app.db",
    "function f { echo 'DROP TABLE users;'; }; f | sqlite3 app.db",
    "f() { echo 'DROP TABLE users;'; }; g() { f; }; g | sqlite3 app.db",
    "f() { echo 'SELECT 1;'; echo 'DROP TABLE users;'; }; f | cat | sqlite3 app.db",
    "f() { sqlite3 app.db; }; echo 'DROP TABLE users;' | f",
]
ASKED = [
    "f() { echo 'SELECT 1;'; }; f() { echo 'DROP TABLE users;'; }; f | sqlite3 app.db",
    "f() { echo \"$1\"; }; f 'DROP TABLE users;' | sqlite3 app.db",
    "f() { echo 'DROP TABLE users;'; f; }; f | head -1 | sqlite3 app.db",
]


@pytest.mark.parametrize("command", DENIED)
def test_a_function_s_output_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize("command", ASKED)
def test_a_body_not_known_here_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "f() { echo 'SELECT 1;'; }; f | sqlite3 app.db",
        "f() { pg_dump app; }; f | psql other",
        "f() { echo 'DROP TABLE users;'; }; f > notes.txt",
    ],
)
def test_plain_functions_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


def test_a_block_is_the_control(tmp_path: Path) -> None:
    line = "{ echo 'DROP TABLE users;'; } | sqlite3 app.db"
    assert run(tmp_path, line) == ("deny", "action.sql_drop")


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize("line", DENIED + ASKED)
def test_bash_drops_the_table_with_each(tmp_path: Path, line: str) -> None:
    assert bash_drops_the_users_table(tmp_path, line), line
