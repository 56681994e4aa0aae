"""A pattern naming a file the same string wrote is read as that file (engine/shell_words.py
``glob_matches``, ``_Walker.key``), as bash expands the pattern before the command runs.

Attack class: ``echo 'DROP TABLE users;' > x.sql; sqlite3 app.db < x.s*`` and ``echo LINE >
a.sh; sh a.s?``: the file was looked up by the pattern's own text, not found among the files
the string wrote, and its SQL or commands ran unread."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run

SQL = "echo 'DROP TABLE users;' > x.sql; "
SCRIPT = "echo 'sqlite3 app.db \"DROP TABLE users;\"' > a.sh; "

DROPS = [
    SQL + "sqlite3 app.db < x.s*",
    SQL + "sqlite3 app.db < x.s?l",
    SQL + "cat x.s* | sqlite3 app.db",
    SQL + "sqlite3 -init x.s* app.db .quit",
    SCRIPT + "sh a.s*",
    SCRIPT + "sh < a.s*",
    SCRIPT + ". ./a.s?",
    SCRIPT + "bash a.[s]h",
]


@pytest.mark.parametrize("command", DROPS)
def test_a_pattern_naming_a_written_file_is_read_as_it(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


def test_a_pattern_naming_several_written_files_is_asked(tmp_path: Path) -> None:
    command = "echo 'SELECT 1;' > a.sql; echo 'SELECT 2;' > b.sql; cat *.sql | sqlite3 app.db"
    assert run(tmp_path, command) == ("ask", "action.command_opaque")


@pytest.mark.parametrize(
    "command",
    [
        "sqlite3 app.db < migrations/*.sql",  # (files not written here: not read)
        "echo 'SELECT 1;' > x.sql; sqlite3 app.db < x.s*",
        "echo hi > a.txt; ls *.txt",
        "echo hi > a.txt; rm -f b*.log",
    ],
)
def test_other_patterns_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize("line", DROPS)
def test_bash_drops_the_table_with_each(tmp_path: Path, line: str) -> None:
    assert bash_drops_the_users_table(tmp_path, line), line
