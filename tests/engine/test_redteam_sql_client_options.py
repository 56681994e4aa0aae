"""SQL given to a database client in the option spellings the client reads: judged as the
plain spelling is.

Attack class: a ``DROP TABLE`` or a client output file hidden from the option reading by a
spelling the client accepts. psql reads its long options with getopt_long, which takes an
unambiguous prefix (``--comm=SQL``, ``--outp=FILE``); MySQL's my_getopt takes one too and
reads ``_`` as ``-`` (``--exec=SQL``, ``--init_command=SQL``); mysql's ``--init-command``
runs its SQL at each connect; sqlite3 and duckdb read ``--cmd`` as ``-cmd`` (one leading
dash is dropped), and duckdb's ``-s`` runs its SQL as ``-c`` does; mycli and litecli run
``-e``'s. Each was allowed unasked."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROPS = [
    "psql --comm='DROP TABLE users'",
    "psql --co 'DROP TABLE users'",
    "mysql --exec='DROP TABLE users'",
    "mysql --exe 'DROP TABLE users'",
    "mariadb --execu='DROP TABLE users'",
    "mysql --init-command='DROP TABLE users' -e 'SELECT 1'",
    "mysql --init_command='DROP TABLE users'",
    "sqlite3 --cmd 'DROP TABLE users' app.db",
    "duckdb --cmd 'DROP TABLE users' app.db",
    "duckdb app.db -s 'DROP TABLE users'",
    "mycli -e 'DROP TABLE users'",
    "litecli -e 'DROP TABLE users' app.db",
    "echo 'DROP TABLE users' | mycli",
    "echo 'DROP TABLE users;' > x.sql; psql --fil=x.sql",
    "echo 'DROP TABLE users;' > x.sql; sqlite3 --init x.sql app.db",
]


@pytest.mark.parametrize("cmd", DROPS)
def test_a_drop_in_an_option_spelling_the_client_reads_is_denied(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("deny", "action.sql_drop"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "psql --outp=/tmp/out.txt -c 'SELECT 1'",
        "psql --log=/tmp/log.txt -c 'SELECT 1'",
        "mysql --te=/tmp/out.txt -e 'SELECT 1'",
    ],
)
def test_an_abbreviated_output_file_outside_the_project_is_denied(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("deny", "action.delete_outside"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "psql --dbname app -c 'SELECT 1'",
        "psql --set=x=1 -c 'SELECT 1'",
        "mysql --host=db --exec='SELECT 1'",
        "sqlite3 --bail app.db 'SELECT 1'",
        "duckdb app.db -s 'SELECT 42'",
        "mycli -e 'SELECT 1'",
    ],
)
def test_plain_queries_stay_allowed(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("allow", "default.allow"), cmd
