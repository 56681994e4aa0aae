"""SQL given to database clients the shell guard did not read: run as a subcommand of a
multi-call program (``clickhouse client|local -q``, ``clickhouse -q``: the local engine,
``cockroach sql -e``), ``usql -c``; psql's editor from ``PSQL_EDITOR`` (``\\e`` runs it as
``EDITOR`` is); a psqlrc file named in ``PSQLRC`` (psql runs its commands at start).

Attack class: the same ``DROP TABLE`` given to ``psql -c`` is denied; through these clients
and spellings it was allowed unasked."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROPS = [
    "clickhouse client -q 'DROP TABLE users'",
    "clickhouse client --query 'DROP TABLE users'",
    "clickhouse client --query='DROP TABLE users'",
    "clickhouse local -q 'DROP TABLE users'",
    "clickhouse-local -q 'DROP TABLE users'",
    "clickhouse-local --query='DROP TABLE users'",
    "clickhouse -q 'DROP TABLE users'",
    "cockroach sql -e 'DROP TABLE users'",
    "cockroach sql --execute='DROP TABLE users'",
    "cockroach sql --url postgresql://root@db.example.com:26257 --execute 'DROP TABLE users'",
    "usql -c 'DROP TABLE users' postgres://u@db.example.com/app",
    "usql postgres://u@db.example.com/app --command='DROP TABLE users'",
    "echo 'DROP TABLE users' | clickhouse client",
    "echo 'DROP TABLE users' | cockroach sql",
    "docker exec db clickhouse client -q 'DROP TABLE users'",
    "docker exec -i db cockroach sql --insecure -e 'DROP TABLE users'",
    # (a file of SQL the command wrote, given to the client's file option)
    "echo 'DROP TABLE users;' > x.sql; usql -f x.sql postgres://u@db.example.com/app",
    "echo 'DROP TABLE users;' > x.sql; cockroach sql --file=x.sql",
    "echo 'DROP TABLE users;' > x.sql; clickhouse client --queries-file x.sql",
    "echo 'DROP TABLE users;' > x.sql; clickhouse-local --queries-file=x.sql",
]


@pytest.mark.parametrize("cmd", DROPS)
def test_a_drop_given_to_these_clients_is_denied(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("deny", "action.sql_drop"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "PSQL_EDITOR='rm -rf ~' psql -c '\\e'",
        "export PSQL_EDITOR='rm -rf ~'; psql app",
    ],
)
def test_psqls_editor_is_read_as_the_command_it_runs(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("deny", "action.rm_root"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "echo 'DROP TABLE users;' > rc; PSQLRC=rc psql app",
        "PSQLRC=/tmp/rc psql app",
        "export PSQLRC=./evil.rc; psql app",
    ],
)
def test_a_psqlrc_named_in_the_environment_is_not_allowed_unasked(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd)[0] in ("ask", "deny"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "clickhouse client -q 'SELECT 1'",
        "clickhouse local -q 'SELECT 1'",
        "clickhouse-local --query='SELECT count() FROM numbers(10)'",
        "cockroach sql --insecure -e 'SELECT 1'",
        "usql -c 'SELECT 1' postgres://u@db.example.com/app",
        "cockroach start --insecure",
        "clickhouse server",
        "PSQL_EDITOR=vim psql app",
        "PSQLRC=/dev/null psql -c 'SELECT 1'",
    ],
)
def test_plain_queries_stay_allowed(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("allow", "default.allow"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "docker exec db sh -c \"psql -c 'DROP TABLE users'\"",
        "docker exec -i db bash -c \"cd /tmp && psql -U app -c 'DROP TABLE users'\"",
        "docker compose exec db sh -c \"PGPASSWORD=x psql -c 'DROP TABLE users' | cat\"",
        "kubectl exec db-0 -- sh -c \"psql -c 'SELECT 1'; psql -c 'DROP TABLE users'\"",
        "ssh db \"cd /srv && psql -c 'DROP TABLE users'\"",
    ],
)
def test_a_drop_given_to_a_client_by_the_containers_shell_is_denied(
    tmp_path: Path, cmd: str
) -> None:
    assert run(tmp_path, cmd) == ("deny", "action.sql_drop"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "docker exec db sh -c 'psql -c \"$(echo RFJPUCBUQUJMRSB1c2Vycw== | base64 -d)\"'",
        "docker exec db sh -c 'psql -c \"DROP TABLE $T\"'",
    ],
)
def test_sql_the_containers_shell_computes_is_asked(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd)[0] == "ask", cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "docker exec db sh -c \"psql -c 'SELECT 1'\"",
        "docker exec db sh -c 'rm -rf /tmp/cache && ls /'",
        "ssh db 'uptime; df -h'",
    ],
)
def test_plain_container_lines_stay_allowed(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd)[0] == "allow", cmd
