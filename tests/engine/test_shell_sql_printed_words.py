"""What a program writes to a pipe into a database client, when its words may spell the SQL
(engine/_written.py ``piped_text``): a shell line or ``eval``, a program whose words hold a
statement, ``dd if=FILE`` of a file the string wrote.

Attack class: ``yes 'DROP TABLE users;' | head -1 | sqlite3 app.db``, ``date '+DROP TABLE
users;' | sqlite3 app.db``, ``sh -c "echo 'DROP TABLE users;'" | sqlite3 app.db`` and ``dd
if=x.sql | sqlite3 app.db`` were taken as a dump's text, not read here, and the DROP ran
unasked (``echo 'DROP ...' | sqlite3`` is denied)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run

ASKED = [
    "yes 'DROP TABLE users;' | head -1 | sqlite3 app.db",
    "date '+DROP TABLE users;' | sqlite3 app.db",
    "expr 'DROP TABLE users;' | sqlite3 app.db",
    "basename 'DROP TABLE users;' | sqlite3 app.db",
    "sh -c \"echo 'DROP TABLE users;'\" | sqlite3 app.db",
    "eval \"echo 'DROP TABLE users;'\" | sqlite3 app.db",
    "exec 3< <(echo 'DROP TABLE users;'); sh -c 'cat /dev/fd/3' | sqlite3 app.db",
    "echo 'DROP TABLE users;' > x.sql; dd if=x.sql | sqlite3 app.db",
    "exec 3< <(echo 'DROP TABLE users;'); dd if=/dev/fd/3 | sqlite3 app.db",
]


@pytest.mark.parametrize("command", ASKED)
def test_sql_a_program_s_words_may_spell_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "pg_dump app | psql other",
        "pg_dump --create app | psql other",
        "mysqldump --add-drop-table app | mysql other",
        "docker exec db pg_dump app | psql other",
        "dd if=dump.sql | psql app",
    ],
)
def test_a_dump_piped_on_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize("line", ASKED)
def test_bash_drops_the_table_with_each(tmp_path: Path, line: str) -> None:
    assert bash_drops_the_users_table(tmp_path, line), line
