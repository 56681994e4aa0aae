"""A descriptor ``exec`` opened, read through a copy or a name the first reading missed:
``exec 4<&3`` / ``exec 0<&3`` (a duplicate), ``exec 3<> SRC`` (opened read-write),
``< /dev/fd/3`` (redirected by name), ``<&$fd`` (a descriptor number known at run time,
as ``exec {fd}< SRC`` makes one).

Attack class: ``exec 3< <(echo 'DROP TABLE users;'); exec 4<&3; sqlite3 db <&4`` ran the
DROP unread where ``sqlite3 db <&3`` is denied: the text moved to a descriptor no rule
followed. Each line is run by the real bash and sqlite3 CLI below (the table is gone)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run

DROP = "echo 'DROP TABLE users;'"
COPIES = [
    f"exec 3< <({DROP}); exec 4<&3; sqlite3 app.db <&4",
    f"exec 3< <({DROP}) 4<&3; sqlite3 app.db <&4",
    f"exec 3< <({DROP}); exec 4<&3-; sqlite3 app.db <&4",
    f"exec 3< <({DROP}); exec 0<&3; sqlite3 app.db",
    f"exec 7< <({DROP}); exec <&7; sqlite3 app.db",
    f"{DROP} > x.sql; exec 5<x.sql 6<&5; sqlite3 app.db <&6",
    f"{DROP} > x.sql; exec 3<> x.sql; sqlite3 app.db <&3",
    f"exec 3< <({DROP}); sqlite3 app.db < /dev/fd/3",
    f"exec 3< <({DROP}); sqlite3 app.db < /proc/self/fd/3",
    # (cat passes on what it reads there, as cat <(CMD) | sqlite3 is read)
    f"exec 3< <({DROP}); cat <&3 | sqlite3 app.db",
    f"exec 3< <({DROP}); cat /dev/fd/3 | sqlite3 app.db",
    f"exec 3< <({DROP}); cat < /dev/fd/3 | sqlite3 app.db",
    f"exec 3< <({DROP}); cat -- /proc/self/fd/3 | sqlite3 app.db",
]
#: a descriptor number known only at run time: what it holds is not read here
DYNAMIC_FD = [
    f"exec {{fd}}< <({DROP}); sqlite3 app.db <&$fd",
    f"exec {{fd}}< <({DROP}); sqlite3 app.db 0<&$fd",
    f"exec {{fd}}< <({DROP}); cat <&$fd | sqlite3 app.db",
]


@pytest.mark.parametrize("line", COPIES)
def test_a_copied_or_named_descriptor_is_read(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("deny", "action.sql_drop"), line


@pytest.mark.parametrize("line", DYNAMIC_FD)
def test_a_descriptor_known_at_run_time_is_asked(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("ask", "action.command_opaque"), line


@pytest.mark.parametrize(
    "line",
    [
        "exec 3< <(echo 'SELECT 1;'); exec 4<&3; sqlite3 app.db <&4",
        "exec 3<> migrations/001.sql; psql <&3",  # (a file not written here: as psql < f)
        "exec 4<&0; sqlite3 app.db 'SELECT 1;'",
        "exec 3< migrations/001.sql; cat <&3 | psql",  # (as cat migrations/001.sql | psql)
        "exec 3< <(echo 'SELECT 1;'); cat /dev/fd/3 | sqlite3 app.db",
    ],
)
def test_harmless_copies_stay_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize("line", COPIES + DYNAMIC_FD)
def test_control_bash_and_sqlite3_run_the_drop(tmp_path: Path, line: str) -> None:
    """Control: the real bash and sqlite3 CLI drop the table through each spelling."""
    assert bash_drops_the_users_table(tmp_path, line), line
