"""``docker compose run SERVICE chroot DIR CMD`` with no ``-v /:/host`` on the line: the
service's mounts come from the compose file's ``volumes`` (``- /:/host``), which the line does
not show, so CMD is judged as the same line run here for any DIR (fail closed), exactly as
``docker exec CTR chroot DIR CMD`` is (``tests/engine/test_container_host_forms``):
``docker-compose run``, ``podman compose run``, through ``sh -c``, ``sudo``, ``unshare -R``,
``nsenter -t 1`` (the compose file may set ``pid: host``), ``--entrypoint chroot``, and text
piped into it. Each was allowed. A compose run that enters no new root stays allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

_RM = "rm -rf /etc/nginx"
_OFF = "systemctl poweroff"

#: (form, the line run on this host): judged alike
PAIRS = [
    (f"docker compose run app chroot /host {_RM}", _RM),
    (f"docker compose run --rm app chroot /srv/rootfs {_OFF}", _OFF),
    (f"docker-compose run --rm app chroot /host {_RM}", _RM),
    (f"podman compose run app chroot /host {_OFF}", _OFF),
    (f"podman-compose run app chroot /host {_RM}", _RM),
    (f"docker compose -f ci.yml -p p run -T -e A=1 app chroot /host {_RM}", _RM),
    (f"docker --context X compose run app chroot /host {_OFF}", _OFF),
    (f"docker compose run app sh -c 'chroot /host {_RM}'", _RM),
    (f"docker compose run app sudo chroot /host {_OFF}", _OFF),
    (f"docker compose run app unshare -R /host {_RM}", _RM),
    (f"docker compose run app nsenter -t 1 -a {_RM}", _RM),
    (f"docker compose run --entrypoint chroot app /host {_RM}", _RM),
    (f"docker compose run -v ./src:/src app chroot /host {_RM}", _RM),
    (f"docker compose run -v data:/host app chroot /host {_OFF}", _OFF),
    (f"echo '{_RM}' | docker compose run app chroot /host", _RM),
    (f"echo 'chroot /host {_RM}' | docker compose run app", _RM),
]  # fmt: skip


@pytest.mark.parametrize(("form", "line"), PAIRS)
def test_the_form_is_judged_as_the_line_run_here(tmp_path: Path, form: str, line: str) -> None:
    verdict = run(tmp_path, line)
    assert verdict[0] in ("ask", "deny"), line
    assert run(tmp_path, form) == verdict, form


@pytest.mark.parametrize(
    "line",
    ["docker compose run app make test", "docker compose run app ls /host",
     "docker compose up -d", "docker compose run --rm app python manage.py migrate",
     "docker compose run app rm -rf /tmp/x", "docker compose run app chroot /host uptime",
     "docker compose run app sh -c 'chroot /host ls'", "echo 'make test' | docker compose run app",
     "echo uptime | docker compose run app chroot /host", "docker run alpine chroot /host ls"],
)  # fmt: skip
def test_what_the_line_allows_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line
