"""The sqlite3 CLI's dot-commands in the spellings the CLI runs (engine/sqlite_dots.py
``canonical``): a prefix of the name (``.lo`` is ``.load``, ``.sh`` and ``.sy`` are
``.system``, ``.rea`` is ``.read``, ``.i`` is ``.import``, ``.o`` is ``.output`` or
``.open``), spaces between the dot and the name (``. shell LINE``), a quoted name
(``.'load' F``), and ``.cd DIR`` (later files and shell lines resolve in DIR), ``.archive``
(files the database names written), a name spelt with an escape. Each ran what the full
name is judged for, unread (allowed). The control runs each spelling in the real sqlite3
CLI and shows the command it stands for ran."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

from cordon.engine import rules

SQLITE3 = shutil.which("sqlite3")


@pytest.mark.parametrize(
    "command",
    [
        "sqlite3 app.db '.lo /tmp/x.so'",
        "sqlite3 app.db '.l /tmp/x.so'",
        "sqlite3 app.db '.loa ./evil sqlite3_evil_init'",
        "sqlite3 app.db \".'load' /tmp/x.so\"",
        "sqlite3 app.db '. load /tmp/x.so'",
        "echo '.lo /tmp/x.so' | sqlite3 app.db",
        "sqlite3 -cmd '.lo x' app.db",
    ],
)
def test_a_prefix_of_load_is_denied_as_load(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", rules.ACTION_SQL_CODE), command


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("sqlite3 app.db '.sh cat ~/.aws/credentials'", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db '.sy cat ~/.aws/credentials'", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db '.shel cat ~/.aws/credentials'", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db \".'shell' cat ~/.aws/credentials\"", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db '.\"sh\" cat ~/.aws/credentials'", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db '. shell cat ~/.aws/credentials'", ("ask", "action.sensitive_read")),
        ("echo '.sy cat ~/.aws/credentials' | sqlite3 app.db", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db \".rea '|cat ~/.aws/credentials'\"", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db \".i '|cat ~/.aws/credentials' t\"", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db \".ou '|sh'\"", ("ask", "action.command_opaque")),
        ("sqlite3 app.db \".on '|sh'\"", ("ask", "action.command_opaque")),
        ("sqlite3 app.db '.o ~/.bashrc'", ("deny", "action.delete_outside")),
        ("sqlite3 app.db '.op ~/.bashrc'", ("deny", "action.delete_outside")),
        ("sqlite3 app.db '.t ~/.bashrc'", ("deny", "action.delete_outside")),
        ("sqlite3 app.db '.c ~/.bashrc'", ("deny", "action.delete_outside")),
        ("sqlite3 app.db '.sav ~/.bashrc'", ("deny", "action.delete_outside")),
        ("sqlite3 app.db '.bac ~/.bashrc'", ("deny", "action.delete_outside")),
        ("sqlite3 app.db '.cd /etc/cron.d' '.output job' \"SELECT 'x';\"",
         ("ask", "action.command_opaque")),
        ("sqlite3 app.db '.cd /' '.shell rm -rf bin'", ("ask", "action.command_opaque")),
        ("sqlite3 app.db '.ar -x -C /root'", ("ask", "action.command_opaque")),
        ("sqlite3 app.db '.archive --extract --directory /root'",
         ("ask", "action.command_opaque")),
        ("sqlite3 app.db '.\"s\\150ell\" cat x'", ("ask", "action.command_opaque")),
    ],
)  # fmt: skip
def test_a_spelling_the_cli_runs_is_judged_as_its_command(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    assert run(tmp_path, command) == expected, command


@pytest.mark.parametrize(
    "command",
    [
        "sqlite3 app.db .tables",
        "sqlite3 app.db '.schema users'",
        "sqlite3 app.db '.mode csv' '.headers on' 'SELECT 1;'",
        "sqlite3 app.db '.output out.csv' 'SELECT 1;'",
        "sqlite3 app.db '.import data.csv t'",
        "sqlite3 app.db .dump",
        "sqlite3 app.db '.timer on' 'SELECT 1;'",
        "sqlite3 app.db 'SELECT 0.5, a\n.5 FROM t;'",
    ],
)
def test_everyday_dot_commands_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(SQLITE3 is None, reason="the sqlite3 CLI is not installed")
@pytest.mark.parametrize(
    ("line", "runs"),
    [
        (".sh echo MARK", "system"),
        (".sy echo MARK", "system"),
        (". shell echo MARK", "system"),
        (".'shell' echo MARK", "system"),
        ('."s\\150ell" echo MARK', "system"),
        (".lo", "load"),
        (".l", "load"),
        (".rea '|echo SELECT 40+2;'", "read"),
    ],
)
def test_the_real_cli_runs_each_spelling(tmp_path: Path, line: str, runs: str) -> None:
    """Control: the sqlite3 CLI runs the command each spelling stands for."""
    assert SQLITE3 is not None
    r = subprocess.run(
        [SQLITE3, str(tmp_path / "c.db"), line], capture_output=True, text=True, timeout=30
    )
    said = r.stdout + r.stderr
    expected = {"system": "MARK", "load": "Usage: .load FILE", "read": "42"}[runs]
    assert expected in said, (line, said)


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("sqlite3 app.db -A -x -C /root", ("ask", "action.command_opaque")),
        ("sqlite3 -Ax app.db", ("ask", "action.command_opaque")),
        ("sqlite3 --A x app.db", ("ask", "action.command_opaque")),
        ("mysql --loose-execute='DROP TABLE users'", ("deny", rules.ACTION_SQL_DROP)),
        ("mysql --loose_exec='DROP TABLE users'", ("deny", rules.ACTION_SQL_DROP)),
    ],
)
def test_a_clients_option_spelling_is_read(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    """``sqlite3 -A ARGS`` runs ``.archive ARGS`` (``-x``: the files the database's sqlar
    table names written); MySQL's my_getopt reads ``--loose-NAME`` as ``--NAME``."""
    assert run(tmp_path, command) == expected, command


@pytest.mark.skipif(SQLITE3 is None, reason="the sqlite3 CLI is not installed")
def test_the_real_cli_extracts_an_archive_with_dash_a(tmp_path: Path) -> None:
    """Control: ``sqlite3 DB -A -x -C DIR`` writes the file a row of the database names."""
    assert SQLITE3 is not None
    db, out = tmp_path / "a.db", tmp_path / "out"
    out.mkdir()
    sql = (
        "CREATE TABLE sqlar(name TEXT PRIMARY KEY, mode INT, mtime INT, sz INT, data BLOB);"
        "INSERT INTO sqlar VALUES('planted.sh', 33261, 0, 10, 'echo pwned');"
    )
    subprocess.run([SQLITE3, str(db), sql], check=True, timeout=30)
    subprocess.run([SQLITE3, str(db), "-A", "-x", "-C", str(out)], check=True, timeout=30)
    assert (out / "planted.sh").read_text() == "echo pwned"
