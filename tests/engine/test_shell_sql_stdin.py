"""SQL a database client reads on its standard input through ``cat``: a redirect into ``cat``
(``cat < x.sql | psql``), a here-document or here-string given to it, or a pipe it passes on
(``echo SQL | cat | psql``); and a file the command wrote in a way not known, redirected
into the client (``cp ... x.sql; psql < x.sql``).

Attack class: the SQL a command writes and then feeds the client was read for ``psql -f
x.sql``, ``cat x.sql | psql`` and ``psql < x.sql``, but ``cat < x.sql | psql`` and ``cat
<<'EOF' | psql`` were read as a dump restored from a file (allowed), and ``psql < x.sql``
of a file copied in ran unasked where ``psql -f x.sql`` asks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run

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


@pytest.mark.parametrize(
    "command",
    [
        "psql -f <(echo 'DROP TABLE users;')",
        "psql --file=<(echo 'DROP TABLE users;')",
        "psql -f<(echo 'DROP TABLE users;')",
        "sudo -u postgres psql -f <(echo 'DROP TABLE users;')",
        "sqlite3 -init <(echo 'DROP TABLE users;') app.db",
        "duckdb -init <(echo 'DROP TABLE users;') app.db",
        "sqlcmd -i <(echo 'DROP TABLE users;')",
        "psql -f <(echo 'DROP TABLE users;' | cat)",
    ],
)
def test_a_process_substitution_given_as_the_sql_file_is_read(tmp_path: Path, command: str) -> None:
    """``psql -f <(CMD)`` runs what CMD writes (its file is ``/dev/fd/N``): read as
    ``CMD | psql`` is, where the DROP ran unasked."""
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize(
    "command",
    [
        "psql < <(echo 'DROP TABLE users;' | cat)",
        "mysql app < <(echo 'DROP TABLE users;' | tee log.txt)",
        "sqlite3 app.db < <(cat <<< 'DROP TABLE users;' | cat -u)",
    ],
)
def test_a_pipeline_in_a_process_substitution_is_read_whole(tmp_path: Path, command: str) -> None:
    """``psql < <(A | B)`` reads what the pipeline writes, as ``A | B | psql`` is read: its
    last command alone (``cat`` with no file) was read as nothing."""
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize(
    "command",
    [
        "psql -f <(echo RFJPUA== | base64 -d)",
        "psql < <(echo RFJPUA== | base64 -d | cat)",
        "psql -f <(echo 'DROP TABLE users;'; echo 'SELECT 1;')",  # (a list: several writers)
        "psql < <(echo 'DROP TABLE users;'; echo 'SELECT 1;')",
        "sh < <(echo 'cordon approve x'; echo ls)",
        "psql -f <(echo 'SELECT 1;') -f <(echo 'SELECT 2;')",  # (which is which: not known)
    ],
)
def test_a_process_substitution_not_read_here_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "psql -f <(echo 'SELECT 1;')",
        "psql -f <(pg_dump app)",  # (as pg_dump app | psql: a dump, not read)
        "psql < <(pg_dump app | cat)",
        "diff <(sort a.txt) <(sort b.txt)",
    ],
)
def test_a_harmless_process_substitution_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize(
    "line",
    [
        "sqlite3 -init <(echo 'DROP TABLE users;') app.db .tables",
        "sqlite3 app.db < <(echo 'DROP TABLE users;' | cat)",
    ],
)
def test_bash_and_sqlite3_run_the_process_substitutions_sql(tmp_path: Path, line: str) -> None:
    """Control: the real bash and sqlite3 CLI drop the table; the guard denies the line."""
    assert bash_drops_the_users_table(tmp_path, line), line
    assert run(tmp_path, line) == ("deny", "action.sql_drop"), line


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("cat <(echo 'DROP TABLE users;') | psql", ("deny", "action.sql_drop")),
        ("cat <(echo 'DROP TABLE users;' | cat) | mysql", ("deny", "action.sql_drop")),
        ("psql < <(cat <(echo 'DROP TABLE users;'))", ("deny", "action.sql_drop")),
        ("cat <(echo RFJPUA== | base64 -d) | psql", ("ask", "action.command_opaque")),
        ("cat a.sql <(echo 'DROP TABLE users;') | psql", ("ask", "action.command_opaque")),
        (W + "cat a.sql x.sql | psql", ("ask", "action.command_opaque")),
        (W + "cat - x.sql | psql", ("ask", "action.command_opaque")),
        ("echo ls > x.sh; cat a.sh x.sh | sh", ("ask", "action.command_opaque")),
        ("cat <(pg_dump app) | psql", ("allow", "default.allow")),
        ("cat a.sql b.sql | psql", ("allow", "default.allow")),
    ],
)
def test_cat_of_a_process_substitution_or_of_files_together(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    """``cat <(CMD) | psql`` passes on what CMD writes, read as ``CMD | cat | psql`` is; a
    file written here beside one not written here (``cat a.sql x.sql``) makes text not known
    here: asked, where the known file's DROP ran unasked."""
    assert run(tmp_path, command) == expected, command
