"""A descriptor the shell opens with ``exec N< SRC``, read by a later command: on its
standard input (``exec < <(CMD); psql``) or by name (``psql -f /dev/fd/3``, ``sh
/dev/fd/3``).

Attack class: the redirect and the program reading it are two commands, so what CMD writes
(a DROP, a ``cordon approve``) ran unread, where ``psql < <(CMD)`` is read as ``CMD |
psql``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("exec < <(echo 'DROP TABLE users;'); psql", ("deny", "action.sql_drop")),
        ("exec 0< <(echo 'DROP TABLE users;' | cat); mysql app", ("deny", "action.sql_drop")),
        ("exec 3< <(echo 'DROP TABLE users;'); psql -f /dev/fd/3", ("deny", "action.sql_drop")),
        (
            "exec 3< <(echo 'DROP TABLE users;'); sqlite3 app.db '.read /dev/fd/3'",
            ("deny", "action.sql_drop"),
        ),
        ("exec < <(echo 'cordon approve x'); sh", ("deny", "action.cordon_control")),
        ("exec 3< <(echo 'cordon approve x'); sh /dev/fd/3", ("deny", "action.cordon_control")),
        ("exec < <(echo RFJPUA== | base64 -d); psql", ("ask", "action.command_opaque")),
        ("exec < <(ls); sh", ("ask", "action.command_opaque")),
    ],
)
def test_a_descriptor_exec_opened_is_read_where_a_command_reads_it(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    assert run(tmp_path, command) == expected, command


@pytest.mark.parametrize(
    "command",
    [
        "exec < migrations/001.sql; psql",  # (as psql < migrations/001.sql: not read)
        "exec 3< <(echo 'SELECT 1;'); psql -f /dev/fd/3",
        "exec < <(echo 'DROP TABLE users;'); psql < other.sql",  # (its own stdin)
    ],
)
def test_a_migration_or_own_stdin_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize(
    "line",
    [
        "exec < <(echo 'DROP TABLE users;'); sqlite3 app.db",
        "exec 3< <(echo 'DROP TABLE users;'); sqlite3 app.db '.read /dev/fd/3'",
    ],
)
def test_bash_and_sqlite3_read_the_descriptor(tmp_path: Path, line: str) -> None:
    """Control: the real bash and sqlite3 CLI drop the table; the guard denies the line."""
    assert bash_drops_the_users_table(tmp_path, line), line
    assert run(tmp_path, line) == ("deny", "action.sql_drop"), line
