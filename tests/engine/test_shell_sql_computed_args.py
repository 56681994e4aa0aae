"""SQL given to a database client on its command line that the shell computes at run time
(``psql -c "$(echo B64 | base64 -d)"``, ``sqlite3 DB "$q"`` after ``printf -v q``, ``psql -c
"DROP TABLE $t"``) is asked, as the same SQL piped into the client is
(engine/shell.py ``sql``): it was read as no SQL and allowed unasked."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

#: base64 of "DROP TABLE users;"
B64 = "RFJPUCBUQUJMRSB1c2VyczsK"


@pytest.mark.parametrize(
    "command",
    [
        f'psql -c "$(echo {B64} | base64 -d)"',
        f'sqlite3 app.db "$(echo {B64} | base64 -d)"',
        f'mysql -e "$(echo {B64} | base64 -d)"',
        f'duckdb app.db -c "$(echo {B64} | base64 -d)"',
        'psql -c "DROP TABLE $t"',
        "printf -v q 'DR\\x4fP TABLE users'; psql -c \"$q\"",
        "q=$(printf 'DROP TABLE users'); sqlite3 app.db \"$q\"",
        "read q <<< 'DROP TABLE users'; psql --command=\"$q\"",
        f'docker exec db psql -c "$(echo {B64} | base64 -d)"',
    ],
)
def test_computed_sql_on_a_clients_command_line_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "psql -c 'SELECT 1'",
        "psql \"$DATABASE_URL\" -c 'SELECT 1'",
        "sqlite3 \"$DB\" 'SELECT 1;'",
        'psql -h "$PGHOST" -U "$PGUSER" -c \'SELECT count(*) FROM users\'',
    ],
)
def test_literal_sql_with_a_computed_connection_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command
