"""SQL a database client runs inside a container, reached through the container runtime:
judged as the same SQL given to the client directly.

Attack class: bulk loss of the application's data through its database, whose server and
client commonly run in a container (``docker exec db psql -c 'DROP TABLE users'``,
``docker compose exec``, ``kubectl exec POD -- ...``, a client image run once). The SQL
rules read a client the command runs itself, so each was allowed unasked. The container's
paths are not the host's: the client's own files (``-o FILE``) are not judged as host
files."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROPS = [
    "docker exec db psql -c 'DROP TABLE users'",
    "docker exec -i -u postgres db psql -U postgres -c 'DROP TABLE users'",
    "docker exec -e PGPASSWORD=x db /usr/bin/psql -c 'DROP TABLE users'",
    "docker compose exec db psql -c 'DROP TABLE users'",
    "docker compose exec -T db mysql -e 'DROP TABLE users'",
    "docker-compose exec db psql -c 'DROP TABLE users'",
    "docker container exec db psql -c 'DROP TABLE users'",
    "podman exec db psql -c 'DROP TABLE users'",
    "nerdctl exec db psql -c 'DROP TABLE users'",
    "kubectl exec db-0 -- psql -c 'DROP TABLE users'",
    "kubectl exec -n prod -it db-0 -c pg -- psql -c 'DROP TABLE users'",
    "docker run --rm postgres psql -h db -c 'DROP TABLE users'",
    "docker run --rm -e PGPASSWORD=x postgres:16 psql -h db -c 'DROP TABLE users'",
    "docker exec db sqlite3 /data/app.db 'DROP TABLE users'",
    "echo 'DROP TABLE users;' | docker exec -i db psql",
    "docker exec -i db psql <<'EOF'\nDROP TABLE users;\nEOF",
]


@pytest.mark.parametrize("cmd", DROPS)
def test_a_drop_run_in_a_container_is_denied(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("deny", "action.sql_drop"), cmd


def test_a_delete_of_every_row_run_in_a_container_is_denied(tmp_path: Path) -> None:
    cmd = "docker exec db psql -c 'DELETE FROM users'"
    assert run(tmp_path, cmd) == ("deny", "action.sql_delete_no_where"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "docker exec db psql -c 'SELECT count(*) FROM users'",
        "docker exec -it db psql -U postgres",
        "docker exec db psql -o /tmp/out.txt -c 'SELECT 1'",
        "docker compose exec db pg_dump app",
        "kubectl exec db-0 -- psql -c 'SELECT 1'",
        "docker run --rm postgres:16 psql --version",
        "docker exec db ls /var/lib/postgresql",
    ],
)
def test_reads_and_the_containers_own_files_stay_allowed(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("allow", "default.allow"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "ssh db \"psql -c 'DROP TABLE users'\"",
        "ssh db psql -c \"'DROP TABLE users'\"",
        "ssh -p 22 -ikey.pem db mysql -e \"'DROP TABLE users'\"",
        "echo 'DROP TABLE users;' | ssh db psql",
    ],
)
def test_a_drop_run_on_another_host_is_denied(tmp_path: Path, cmd: str) -> None:
    """``ssh HOST CMD``: the remote shell runs CMD, the same client on the database's host."""
    assert run(tmp_path, cmd) == ("deny", "action.sql_drop"), cmd
