"""SQL a database client reads from a file the same command writes: ``psql -f FILE``,
``--file=FILE``, ``sqlite3 -init FILE``, and a client's own include command in the SQL it
is fed (psql's ``\\i FILE``, sqlite3's ``.read FILE``, mysql's ``source FILE``).

Attack class: ``echo 'DROP TABLE users;' > x.sql; psql -f x.sql`` ran the DROP unasked,
where ``psql < x.sql`` and a shell script so written and run were read. A file written
another way is asked about; a file the command does not write (a migration) is not read."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

W = "echo 'DROP TABLE users;' > x.sql; "


@pytest.mark.parametrize(
    "command",
    [
        W + "psql -f x.sql",
        W + "psql --file=x.sql",
        W + "psql -d app -f x.sql",
        W + "sqlite3 -init x.sql app.db",
        W + "sqlite3 app.db '.read x.sql'",
        W + "psql -c '\\i x.sql'",
        W + "mysql -e 'source x.sql'",
        "cat > x.sql <<'EOF'\nDROP TABLE users;\nEOF\npsql -f x.sql",
    ],
)
def test_sql_from_a_file_the_command_writes_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop")


def test_a_file_written_otherwise_is_asked(tmp_path: Path) -> None:
    assert run(tmp_path, "cp /tmp/any.sql x.sql; psql -f x.sql")[0] == "ask"


@pytest.mark.parametrize(
    "command", ["psql -f migrations/001.sql", "echo 'SELECT 1;' > x.sql; psql -f x.sql"]
)
def test_a_migration_and_a_harmless_file_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")


@pytest.mark.parametrize(
    "command",
    [
        W + "cat x.sql | psql",
        W + "cat -- x.sql | psql -d app",
        W + "cat x.sql | mysql",
        W + "cat x.sql | sqlite3 app.db",
        W + "psql -d app < x.sql",
        "cat > x.sql <<'EOF'\nDROP TABLE users;\nEOF\ncat x.sql | psql",
    ],
)
def test_sql_piped_from_a_file_the_command_writes_is_read(tmp_path: Path, command: str) -> None:
    """``cat x.sql | psql`` runs the file's SQL as ``psql -f x.sql`` does; it was read as
    text known only at run time, and the DROP the command wrote there ran unasked."""
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


def test_a_piped_file_written_otherwise_is_asked(tmp_path: Path) -> None:
    assert run(tmp_path, "cp /tmp/any.sql x.sql; cat x.sql | psql")[0] == "ask"


@pytest.mark.parametrize(
    "command", ["cat migrations/001.sql | psql", "echo 'SELECT 1;' > x.sql; cat x.sql | psql"]
)
def test_a_piped_migration_or_harmless_file_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


def test_files_piped_together_are_read_as_cat_joins_them(tmp_path: Path) -> None:
    command = "printf 'DR' > a.sql; printf 'OP TABLE users;' > b.sql; cat a.sql b.sql | psql"
    assert run(tmp_path, command) == ("deny", "action.sql_drop")
