"""SQL a database client reads on its standard input through ``cat``: a redirect into ``cat``
(``cat < x.sql | psql``), a here-document or here-string given to it, or a pipe it passes on
(``echo SQL | cat | psql``); and a file the command wrote in a way not known, redirected
into the client (``cp ... x.sql; psql < x.sql``).

Attack class: the SQL a command writes and then feeds the client was read for ``psql -f
x.sql``, ``cat x.sql | psql`` and ``psql < x.sql``, but ``cat < x.sql | psql`` and ``cat
<<'EOF' | psql`` were read as a dump restored from a file (allowed), and ``psql < x.sql``
of a file copied in ran unasked where ``psql -f x.sql`` asks."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

W = "echo 'DROP TABLE users;' > x.sql; "


@pytest.mark.parametrize(
    "command",
    [
        W + "cat < x.sql | psql",
        W + "< x.sql cat | psql -d app",
        W + "cat - < x.sql | mysql",
        W + "cat 0< x.sql | sqlite3 app.db",
        "cat <<'EOF' | psql\nDROP TABLE users;\nEOF",
        "cat <<EOF | psql\nDROP TABLE users;\nEOF",
        "cat <<< 'DROP TABLE users;' | psql",
        "echo 'DROP TABLE users;' | cat | psql",
        "echo 'DROP TABLE users;' | cat - | mysql",
    ],
)
def test_sql_cat_passes_on_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize(
    "command",
    [
        "cp /tmp/any.sql x.sql; psql < x.sql",
        "cp /tmp/any.sql x.sql; cat < x.sql | psql",
        "cat <<EOF | psql\nDROP TABLE $t;\nEOF",  # (bash expands $t first: computed SQL)
    ],
)
def test_sql_written_otherwise_or_computed_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "cat < migrations/001.sql | psql",
        "psql < migrations/001.sql",
        "echo 'SELECT 1;' > x.sql; cat < x.sql | psql",
        "cat <<'EOF' | psql\nSELECT 1;\nEOF",
        "cat <<EOF | psql\n\\dt\nEOF",
        "pg_dump app | cat | psql copy",
        W + "cat 3< x.sql | psql",  # (descriptor 3, not cat's standard input)
    ],
)
def test_a_migration_or_harmless_sql_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.parametrize(
    "command",
    [
        W + "cat -u x.sql | psql",  # (-u, -s: the text as it is)
        W + "cat -s - < x.sql | mysql",
        "echo 'DROP TABLE users;' | tee log.txt | psql",  # (tee: its input, to the pipe too)
    ],
)
def test_sql_passed_on_as_it_is_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize(
    "command",
    [
        W + "cat -n x.sql | psql",
        W + "head x.sql | psql",
        W + "head -n 5 < x.sql | sqlite3 app.db",
        "echo 'DROP TABLE users;' | head -1 | psql",
        "cat <<'EOF' | grep -v '^--' | psql\nDROP TABLE users;\nEOF",
    ],
)
def test_sql_another_program_makes_of_known_text_is_asked(tmp_path: Path, command: str) -> None:
    """What ``head``, ``grep`` or ``cat -n`` write of text this command wrote is not read
    here: asked, where it was read as a dump restored from a file (allowed)."""
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "head -n 100 migrations/001.sql | psql",
        "grep -v '^--' < migrations/001.sql | psql",
        "echo 'SELECT 1;' | tee log.txt | psql",
    ],
)
def test_a_filtered_migration_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("psql < <(echo 'DROP TABLE users;')", ("deny", "action.sql_drop")),
        ("sqlite3 app.db < <(printf 'DR\\x4fP TABLE users;')", ("deny", "action.sql_drop")),
        ("psql < <(echo RFJPUA== | base64 -d)", ("ask", "action.command_opaque")),
        ("bash < $(echo x.sh)", ("ask", "action.command_opaque")),  # (a file CMD names)
        ("psql < <(pg_dump app)", ("allow", "default.allow")),  # (as pg_dump app | psql)
    ],
)
def test_a_process_substitution_is_read_as_the_pipe_it_is(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    """``psql < <(CMD)`` reads CMD's output as ``CMD | psql`` does: a DROP echoed there
    ran unasked."""
    assert run(tmp_path, command) == expected, command
