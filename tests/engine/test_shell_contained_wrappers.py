"""SQL a database client runs in a container or on another host, through a wrapper or a
shell line there (engine/container_sql.py ``_unwrapped``), and kubectl's global options.

Attack class: ``docker exec db sudo -u postgres psql -c 'DROP TABLE users'``, ``docker exec
db bash -lc "psql -c 'DROP ...'"``, ``docker exec db su postgres -c "psql -c ..."`` and
``kubectl -n prod exec POD -- psql -c ...`` were read as sudo, bash, su and no exec at all,
and the DROP was allowed unasked, as ``docker exec db psql -c 'DROP ...'`` is not; SQL piped
into ``ssh db 'cd /srv && psql app'`` or ``docker exec -i db sh -c psql`` ran unread."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROP = "psql -c 'DROP TABLE users'"


@pytest.mark.parametrize(
    "command",
    [
        f"docker exec db sudo -u postgres {DROP}",
        f"docker exec db gosu postgres {DROP}",
        f"docker exec db env PGUSER=x {DROP}",
        f"docker exec db timeout 5 {DROP}",
        f'docker exec db bash -lc "{DROP}"',
        f'docker exec db sh -ec "{DROP}"',
        f'docker exec db su postgres -c "{DROP}"',
        f'docker exec db sudo -u postgres bash -c "{DROP}"',
        f"kubectl -n prod exec pod -- {DROP}",
        f"kubectl --namespace prod exec deploy/api -- {DROP}",
        f"kubectl exec pod -- sudo -u postgres {DROP}",
        f"lxc exec db -- {DROP}",
        f'ssh db "sudo -u postgres {DROP}"',
        "echo 'DROP TABLE users;' | ssh db 'cd /srv && psql app'",
        "docker exec -i db sh -c 'psql' <<< 'DROP TABLE users;'",
        "echo 'DROP TABLE users;' | docker exec -i db sudo -u postgres psql",
    ],
)
def test_a_contained_client_behind_a_wrapper_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize(
    "command",
    [
        "docker exec db sudo -u postgres psql -c 'SELECT 1'",
        'docker exec db bash -lc "pg_dump app > /tmp/app.sql"',
        "kubectl -n prod exec pod -- psql -c 'SELECT count(*) FROM users'",
        "kubectl -n prod get pods",
        "ssh db 'cd /srv && ls'",
        "docker exec -i db sh -c 'cat > /tmp/x' < notes.txt",
    ],
)
def test_a_read_or_another_command_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command
