"""A compound command's input redirect (``{ ...; } < SRC``, ``( ... ) < SRC``, ``while ...;
done < SRC``, ``if ...; fi <<< W``, a function's body): read by the commands in it that
read their standard input, as ``SRC | cmd`` is (engine/shell.py ``compound``).

Attack class: the redirect was walked after the body, so ``{ psql; } < <(echo 'DROP TABLE
users;')`` ran what CMD wrote unread, where ``psql < <(CMD)`` is read as ``CMD | psql``."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROP = "<(echo 'DROP TABLE users;')"


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (f"{{ psql; }} < {DROP}", ("deny", "action.sql_drop")),
        (f"( psql ) < {DROP}", ("deny", "action.sql_drop")),
        (f"while read -r l; do psql; done < {DROP}", ("deny", "action.sql_drop")),
        (f"until false; do mysql app; done < {DROP}", ("deny", "action.sql_drop")),
        (f"if true; then psql; fi < {DROP}", ("deny", "action.sql_drop")),
        (f"for i in 1; do psql; done < {DROP}", ("deny", "action.sql_drop")),
        (f"f() {{ psql; }} < {DROP}; f", ("deny", "action.sql_drop")),
        (f"{{ echo x; psql; }} < {DROP} > out.txt", ("deny", "action.sql_drop")),
        ("{ sqlite3 app.db; } <<< 'DROP TABLE users;'", ("deny", "action.sql_drop")),
        ("{ sqlite3 app.db; } <<EOF\nDROP TABLE users;\nEOF", ("deny", "action.sql_drop")),
        ("echo 'DROP TABLE users;' > x.sql; { psql; } < x.sql", ("deny", "action.sql_drop")),
        (f"{{ psql -f /dev/fd/3; }} 3< {DROP}", ("deny", "action.sql_drop")),
        (f"{{ {{ psql; }} > log.txt; }} < {DROP}", ("deny", "action.sql_drop")),
        ("{ sh; } < <(echo 'cordon approve x')", ("deny", "action.cordon_control")),
        ("exec 3< <(echo 'cordon approve x'); { sh; } <&3", ("deny", "action.cordon_control")),
        ("{ psql; } < <(echo RFJPUA== | base64 -d)", ("ask", "action.command_opaque")),
        ("{ sqlite3 app.db; } <<EOF\n$(cat q.sql)\nEOF", ("ask", "action.command_opaque")),
        ("{ sh; } <&$fd", ("ask", "action.command_opaque")),
        ("{ sh; } < <(ls)", ("ask", "action.command_opaque")),
    ],
)
def test_the_block_s_input_is_read_by_its_commands(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    assert run(tmp_path, command) == expected, command


@pytest.mark.parametrize(
    "command",
    [
        'while read line; do echo "$line"; done < file.txt',
        'while IFS= read -r l; do printf "%s\\n" "$l"; done < <(ls)',
        'while read -r db; do psql -d "$db" -c "SELECT 1"; done < dbs.txt',
        "{ psql; } < migrations/001.sql",  # (as psql < migrations/001.sql: not read)
        f"{{ psql < other.sql; }} < {DROP}",  # (its own stdin)
        f"{{ {{ psql; }} < other.sql; }} < {DROP}",  # (the inner block's)
        f"{{ true; }} < {DROP}; psql",  # (the block's descriptor ends with it)
        "{ echo hi; } > out.txt",
    ],
)
def test_a_loop_over_lines_or_a_migration_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize(
    "line",
    [
        f"{{ sqlite3 app.db; }} < {DROP}",
        f"( sqlite3 app.db ) < {DROP}",
        f"if true; then sqlite3 app.db; fi < {DROP}",
        f"f() {{ sqlite3 app.db; }} < {DROP}; f",
        # (read takes the first line; the body's client reads the rest of the loop's input)
        "while read -r x; do sqlite3 app.db; done < <(printf 'x\\nDROP TABLE users;\\n')",
    ],
)
def test_bash_runs_the_block_s_input_through_sqlite3(tmp_path: Path, line: str) -> None:
    """Control: the real bash and sqlite3 CLI drop the table; the guard denies the line."""
    project = tmp_path / "project"
    project.mkdir()
    with sqlite3.connect(project / "app.db") as conn:
        conn.execute("CREATE TABLE users (id INTEGER)")
    subprocess.run(["bash", "-c", line], cwd=project, check=True, capture_output=True, timeout=30)
    with sqlite3.connect(project / "app.db") as conn:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == []
    assert run(tmp_path, line) == ("deny", "action.sql_drop"), line
