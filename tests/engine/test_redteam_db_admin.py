"""A database dropped or its server stopped by the database's own tools, not by SQL.

Attack class: bulk loss of the application's data and denial of service. PostgreSQL's
``dropdb DB`` and ``pg_dropcluster VER NAME`` (the cluster's data directory) and
``mysqladmin drop DB`` drop what ``DROP DATABASE`` drops, and were allowed unasked where the
statement is denied (``action.sql_drop``, as redis-cli's FLUSHALL is); ``pg_ctl stop``,
``pg_ctlcluster VER NAME stop``, ``mysqladmin shutdown`` and ``redis-cli shutdown`` stop
the server every client of the application uses, as ``systemctl stop postgresql`` does,
which is asked about (``action.system_disrupt``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    "cmd",
    [
        "dropdb app",
        "dropdb --if-exists -h db app",
        "sudo -u postgres dropdb app",
        "nice /usr/bin/dropdb app",
        "cd /tmp && dropdb app",
        "mysqladmin drop app",
        "mysqladmin -f -uroot drop app",
        "mariadb-admin drop app",
        "pg_dropcluster --stop 16 main",
    ],
)
def test_a_database_dropped_by_its_tool_is_denied(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("deny", "action.sql_drop"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "pg_ctl stop -D /var/lib/postgresql/data",
        "pg_ctl -D /data -m immediate restart",
        "pg_ctlcluster 16 main stop",
        "mysqladmin -uroot shutdown",
        "redis-cli -h db SHUTDOWN NOSAVE",
    ],
)
def test_a_database_server_stopped_by_its_tool_is_asked(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("ask", "action.system_disrupt"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "dropdb --help",
        "echo dropdb app",
        "grep dropdb app.log",
        "createdb app",
        "pg_ctl status -D /data",
        "pg_ctlcluster 16 main status",
        "mysqladmin status",
        "redis-cli get x",
    ],
)
def test_reads_and_status_stay_allowed(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("allow", "default.allow"), cmd
