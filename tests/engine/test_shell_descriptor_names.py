"""A descriptor named in every spelling the kernel resolves, and one this string did not open
(engine/shell_fds.py).

Attack class: ``exec 3< <(echo 'DROP TABLE users;')`` then ``sqlite3 DB < /dev/fd//3`` (or
``/dev/./fd/3``, ``/proc/thread-self/fd/3``, ``/proc/$$/fd/3``), ``command exec 3< SRC``,
``bash -c 'sqlite3 DB <&3'`` and ``exec {fd}< SRC`` read as ``/dev/fd/10`` ran the DROP
unread: only ``/dev/fd/N`` and ``/proc/self/fd/N`` of a descriptor ``exec N< SRC`` opened
were read as it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run

OPEN3 = "exec 3< <(echo 'DROP TABLE users;'); "
FD = "exec {fd}< <(echo 'DROP TABLE users;'); "

#: each runs the DROP in the real bash (the control below)
DROPS = [
    OPEN3 + "sqlite3 app.db < /dev/fd//3",
    OPEN3 + "sqlite3 app.db < /dev//fd/3",
    OPEN3 + "sqlite3 app.db < /dev/./fd/3",
    OPEN3 + "sqlite3 app.db < /proc/thread-self/fd/3",
    OPEN3 + "sqlite3 app.db < /proc/self/../self/fd/3",
    OPEN3 + "sqlite3 app.db < /proc/$$/fd/3",  # (a process the shell names: its own)
    OPEN3 + "sqlite3 app.db '.read /dev/fd//3'",
    OPEN3 + "sqlite3 -init /dev/./fd/3 app.db .quit",
    OPEN3 + "exec 0</dev/fd/3; sqlite3 app.db",
    OPEN3 + "exec 4< /proc/self/fd/3; sqlite3 app.db <&4",
    OPEN3 + "command exec 4<&3; sqlite3 app.db <&4",
    "command exec 3< <(echo 'DROP TABLE users;'); sqlite3 app.db <&3",
    "{ sqlite3 app.db < /dev/stdin; } < <(echo 'DROP TABLE users;')",
]

#: a descriptor whose number or text is known only at run time: each drops it in bash too
UNKNOWN = [
    FD + "sqlite3 app.db < /dev/fd/$fd",
    FD + "sqlite3 app.db <&10",
    FD + "sqlite3 app.db < /dev/fd/10",
    FD + "sqlite3 app.db '.read /dev/fd/10'",
    FD + "cat /proc/self/fd/10 | sqlite3 app.db",
    FD + "cat <&10 | sqlite3 app.db",
    FD + "exec 0<&10; sqlite3 app.db",
    "eval 'exec 3< <(echo \"DROP TABLE users;\")'; sqlite3 app.db <&3",
]


@pytest.mark.parametrize("command", DROPS)
def test_a_descriptor_named_in_another_spelling_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize("command", UNKNOWN)
def test_a_descriptor_not_opened_here_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


#: a child shell reading a descriptor the parent opened: read (or asked as not known there)
CHILD = [
    OPEN3 + "bash -c 'sqlite3 app.db <&3'",
    OPEN3 + "sh -c 'sqlite3 app.db < /dev/fd/3'",
]


@pytest.mark.parametrize("command", CHILD)
def test_a_child_shell_reading_a_descriptor_is_not_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command)[0] != "allow", command


@pytest.mark.parametrize(
    "command",
    [
        "exec 3< migrations/001.sql; sqlite3 app.db <&3",  # (a migration's file: not read)
        "sqlite3 app.db < /dev/stdin",  # (the tool's own input)
        "psql -f /dev/stdin < migrations/001.sql",
        "echo hi > /dev/fd/2",
        "cat /dev/fd/0 | wc -l",
        "exec 3>&1; ls >&3",
        "diff <(sort a.txt) <(sort b.txt)",
    ],
)
def test_a_migration_or_the_tool_s_own_streams_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize("line", DROPS + UNKNOWN + CHILD)
def test_bash_drops_the_table_with_each(tmp_path: Path, line: str) -> None:
    assert bash_drops_the_users_table(tmp_path, line), line
