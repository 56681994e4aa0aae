"""The string a shell runs (``bash -c LINE``, ``sh -c LINE``, ``eval LINE``) reads the
shell's standard input and descriptors: a pipe into it, its own redirect, what a block's
redirect or ``exec`` opened (engine/_written.py ``child_fds``).

Attack class: ``echo 'DROP TABLE users;' | bash -c 'psql'``, ``{ sh -c psql; } < <(CMD)``,
``exec 3< <(CMD); bash -c 'psql <&3'`` and ``bash -c psql <<< 'DROP ...'`` ran the text
unread: LINE's commands were walked as if nothing were open."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run

#: (line, whether bash drops the table, the guard's verdict)
LINES = [
    ("echo 'DROP TABLE users;' | bash -c 'sqlite3 app.db'", True, ("deny", "action.sql_drop")),
    ("echo 'DROP TABLE users;' | sh -c 'cat | sqlite3 app.db'", True,
     ("deny", "action.sql_drop")),
    ("echo 'DROP TABLE users;' | eval 'sqlite3 app.db'", True, ("deny", "action.sql_drop")),
    ("{ bash -c 'sqlite3 app.db'; } < <(echo 'DROP TABLE users;')", True,
     ("deny", "action.sql_drop")),
    ("exec 3< <(echo 'DROP TABLE users;'); bash -c 'sqlite3 app.db <&3'", True,
     ("deny", "action.sql_drop")),
    ("bash -c 'sqlite3 app.db' <<< 'DROP TABLE users;'", True, ("deny", "action.sql_drop")),
    ("echo 'SELECT 1;' | bash -c 'sqlite3 app.db'", False, ("allow", "default.allow")),
    ("echo 'DROP TABLE users;' | bash -c 'echo SELECT 1 | sqlite3 app.db'", False,
     ("allow", "default.allow")),
]  # fmt: skip


@pytest.mark.parametrize(("line", "_drops", "expected"), LINES)
def test_the_shell_string_reads_the_shell_s_input(
    tmp_path: Path, line: str, _drops: bool, expected: tuple[str, str]
) -> None:
    assert run(tmp_path, line) == expected, line


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize(("line", "drops", "_expected"), LINES)
def test_bash_control(tmp_path: Path, line: str, drops: bool, _expected: object) -> None:
    """Control: whether the real bash and sqlite3 CLI drop the table."""
    assert bash_drops_the_users_table(tmp_path, line) is drops, line


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("echo RFJPUA== | base64 -d | bash -c psql", ("ask", "action.command_opaque")),
        ("bash -c psql < migrations/001.sql", ("allow", "default.allow")),
        ("ls | sh -c 'while read f; do echo \"$f\"; done'", ("allow", "default.allow")),
    ],
)
def test_other_inputs(tmp_path: Path, command: str, expected: tuple[str, str]) -> None:
    assert run(tmp_path, command) == expected, command
