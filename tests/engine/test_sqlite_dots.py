"""The sqlite3 CLI's own commands and functions in SQL given to it in a shell command
(engine/sqlite_dots.py, engine/sql_rules.py): ``.load FILE`` denied as ``load_extension()``
is; ``.read '|LINE'``, ``.import '|LINE' TABLE`` and ``edit(TEXT, 'EDITOR')`` run LINE (or
``EDITOR FILE``) through the shell, read as that command line (``.read``'s SQL, written by
a command at run time, and an editor not named, asked); ``.log``, ``.trace`` and ``.open``
write their file. Each was allowed unasked. The control runs each in the real sqlite3 CLI
and shows the command run or the file written."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

from cordon.engine import rules


@pytest.mark.parametrize(
    "command",
    [
        "sqlite3 app.db '.load /tmp/x.so'",
        "sqlite3 app.db '.load ./evil sqlite3_evil_init'",
        "echo '.load /tmp/x.so' | sqlite3 app.db",
        "sqlite3 -cmd '.load x' app.db",
        'sqlite3 app.db "SELECT 1;\n  .LOAD /tmp/x.so"',
    ],
)
def test_load_is_denied_as_load_extension(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", rules.ACTION_SQL_CODE), command


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("sqlite3 app.db \".import '|rm -rf ~' t\"", ("deny", "action.rm_root")),
        ("sqlite3 app.db \".import '|cat ~/.aws/credentials' t\"", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db \".read '|cat ~/.aws/credentials'\"", ("ask", "action.sensitive_read")),
        ("sqlite3 app.db \".import --skip 1 '|cat ~/.aws/credentials' t\"",
         ("ask", "action.sensitive_read")),
        ("echo \".import '|sh x.sh' t\" > x.sql; sh -c 'sqlite3 app.db < x.sql'",
         ("allow", "default.allow")),  # (sh x.sh of a file not written here: as sh x.sh is)
        ("sqlite3 app.db \"SELECT edit(name, 'cat ~/.aws/credentials') FROM t\"",
         ("ask", "action.sensitive_read")),
        ("sqlite3 app.db \".log ~/.bashrc\"", ("deny", "action.delete_outside")),
        ("sqlite3 app.db \".trace /etc/cron.d/x\"", ("deny", "action.delete_outside")),
        ("sqlite3 app.db \".open --new ~/.bashrc\"", ("deny", "action.delete_outside")),
    ],
)  # fmt: skip
def test_a_line_run_or_a_file_written_is_judged(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    assert run(tmp_path, command) == expected, command


@pytest.mark.parametrize(
    "command",
    [
        "sqlite3 app.db \".read '|echo SELECT 1'\"",  # (the SQL a command writes)
        'sqlite3 app.db ".read \\"|rm\\\\040-rf ~\\""',  # (\\040: a space, to the CLI)
        "sqlite3 app.db 'SELECT edit(name) FROM t'",  # (the editor $VISUAL names)
        "sqlite3 app.db \".output '|base64 -d | sh'\"",  # (the rows, decoded and run)
        "sqlite3 app.db \".once --bom '|base64 -d | sh'\"",
        "sqlite3 app.db \"SELECT edit(name, 'vi' || 'm') FROM t\"",
    ],
)
def test_what_is_known_only_at_run_time_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", rules.ACTION_COMMAND_OPAQUE), command


@pytest.mark.parametrize(
    "command",
    [
        "sqlite3 app.db '.import data.csv users'",
        "sqlite3 app.db '.read migrations/001.sql'",
        "sqlite3 app.db '.log stderr'",
        "sqlite3 app.db '.open other.db'",
        "sqlite3 app.db \"SELECT 'edit(x)', loaded FROM t\"",
        "sqlite3 app.db '.tables'",
    ],
)
def test_plain_uses_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 CLI is not installed")
def test_the_sqlite3_cli_runs_the_lines_and_writes_the_files(tmp_path: Path) -> None:
    """Control: each runs its command line, or writes its file, in the real sqlite3 CLI."""
    script = (
        f".read '|echo \"SELECT 42;\"'\n"
        f".import '|touch {tmp_path}/imported' t\n"
        f"SELECT edit('x', 'touch {tmp_path}/edited');\n"
        f".log {tmp_path}/log.txt\n"
        f"SELECT 1;\n"
    )
    out = subprocess.run(
        ["sqlite3", str(tmp_path / "app.db")],
        input=script,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert "42" in out.stdout
    for name in ("imported", "edited", "log.txt"):
        assert (tmp_path / name).exists(), (name, out.stderr)
