"""The command line another program runs with its own standard input reads the pipe into
that program, as ``bash -c LINE``'s does (``_written.child_fds``): ``echo 'DROP TABLE
users;' | script -qc 'sqlite3 app.db' /dev/null`` (script hands its input to the line through
its terminal), ``| flock lk -c ...``, ``| su root -c ...``, ``| runuser -u root -- sh -c ...``,
``| setpriv sh -c ...``, and ``echo "sqlite3 app.db 'DROP ...'" | script -qc sh /dev/null``
ran the DROP unread (LINE's commands were walked with no input). Each dropped the table in
real bash (the control; ``su``/``runuser`` as root only)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

LINES = [
    "echo 'DROP TABLE users;' | script -qc 'sqlite3 app.db' /dev/null",
    "echo \"sqlite3 app.db 'DROP TABLE users'\" | script -qc sh /dev/null",
    "echo 'DROP TABLE users;' | flock lk -c 'sqlite3 app.db'",
    "echo 'DROP TABLE users;' | su root -c 'sqlite3 app.db'",
    "echo 'DROP TABLE users;' | su -c 'sqlite3 app.db' postgres",
    "echo 'DROP TABLE users;' | runuser -u root -- sh -c 'sqlite3 app.db'",
    "echo 'DROP TABLE users;' | setpriv sh -c 'sqlite3 app.db'",
]


@pytest.mark.parametrize("line", LINES)
def test_the_pipe_into_the_line_is_read(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("deny", "action.sql_drop"), line


def test_a_cordon_command_fed_to_script_s_shell_is_denied(tmp_path: Path) -> None:
    line = "echo 'cordon approve abc' | script -qc sh /dev/null"
    assert run(tmp_path, line) == ("deny", "action.cordon_control")


@pytest.mark.parametrize(
    "line", ["echo hi | script -qc 'cat' /dev/null", "echo x | flock lk -c 'wc -l'"]
)
def test_plain_lines_stay_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow")


@pytest.mark.parametrize("line", [x for x in LINES if "postgres" not in x])
def test_control_bash_runs_the_piped_sql(tmp_path: Path, line: str) -> None:
    prog = line.split("| ", 1)[1].split()[0]
    if shutil.which(prog) is None or shutil.which("sqlite3") is None:
        pytest.skip(f"{prog} or sqlite3 is not installed")
    if prog in ("su", "runuser") and os.geteuid() != 0:
        pytest.skip("su/runuser to root without a password: root only")
    with sqlite3.connect(tmp_path / "app.db") as conn:
        conn.execute("CREATE TABLE users (id INTEGER)")
    subprocess.run(["bash", "-c", line], cwd=tmp_path, stdin=subprocess.DEVNULL,
                   capture_output=True, timeout=30)  # fmt: skip
    with sqlite3.connect(tmp_path / "app.db") as conn:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [], line
