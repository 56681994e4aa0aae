"""Shell lines psql's meta-commands run besides ``\\!`` and ``\\o |LINE`` (engine/psql_meta.py):
``\\setenv PAGER|PSQL_PAGER|PSQL_EDITOR|EDITOR|VISUAL|SHELL LINE`` and backquoted text in a
meta-command's argument (psql's reference: "taken as a command line that is passed to the
shell").

Attack class: ``psql -c "\\setenv PAGER 'sqlite3 app.db \\"DROP TABLE users\\"'" -c 'SELECT
1'`` and ``psql -c '\\set x `sqlite3 app.db "DROP TABLE users"`'`` ran the line unread, where
``psql -c '\\! sqlite3 app.db "DROP TABLE users"'`` was denied."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROP = 'sqlite3 app.db \\"DROP TABLE users\\"'

READ = [
    f"psql -c \"\\setenv PAGER '{DROP}'\" -c 'SELECT 1'",
    f"psql -c \"\\setenv PSQL_PAGER '{DROP}'\"",
    f"psql -c \"\\setenv PSQL_EDITOR '{DROP}'\" -c '\\e'",
    f"psql -c \"\\setenv SHELL '{DROP}'\" -c '\\!'",
    "psql -c '\\set x `sqlite3 app.db \"DROP TABLE users\"`'",
    "psql -c '\\echo `sqlite3 app.db \"DROP TABLE users\"`'",
    "echo '\\setenv PAGER \"sqlite3 app.db\"' > x.sql; echo '\\set q `sqlite3 app.db \"DROP TABLE"
    " users\"`' >> x.sql; psql -f x.sql",
    "echo '\\set q `sqlite3 app.db \"DROP TABLE users\"`' | psql app",
]


@pytest.mark.parametrize("command", READ)
def test_a_meta_command_s_line_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


def test_bang_is_the_control(tmp_path: Path) -> None:
    line = "psql -c '\\! sqlite3 app.db \"DROP TABLE users\"'"
    assert run(tmp_path, line) == ("deny", "action.sql_drop")


@pytest.mark.parametrize(
    "command",
    ["psql -c '\\setenv PAGER :p' -c 'SELECT 1'", "psql -c '\\setenv PAGER sqlite3'"],
)
def test_a_pager_psql_computes_or_feeds_rows_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "psql -c '\\setenv PAGER less' -c 'SELECT 1'",
        "psql -c '\\set x `date`'",
        "psql -c 'SELECT `x` FROM t'",
        "mysql -e 'SELECT `id` FROM `users`'",
    ],
)
def test_plain_meta_commands_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


def test_meta_lines() -> None:
    from cordon.engine.psql_meta import meta_lines

    assert meta_lines("\\setenv PAGER 'less -S'\n\\set a `x` `y`") == [
        'echo "$(:)" | less -S',
        "x",
        "y",
    ]
    assert meta_lines("\\setenv VISUAL 'it''s'") == ["it's"]
    assert meta_lines("SELECT `a`") == []
