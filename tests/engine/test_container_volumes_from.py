"""``docker run --volumes-from CTR IMAGE chroot DIR CMD``: the run takes every mount of CTR
(docker run reference: "Mount volumes from the specified container(s)"), which may hold the
host's ``/`` (CTR started with ``-v /:/host``); the line does not show them, so CMD is judged
as the same line run here for any DIR (fail closed), as ``docker compose run SERVICE chroot
DIR CMD``'s and ``docker exec CTR chroot DIR CMD``'s are. Each was allowed. A run that takes
another container's volumes and enters no new root stays allowed (the documented backup
``docker run --rm --volumes-from dbstore -v /backup:/backup ubuntu tar cvf ...``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

_RM = "rm -rf /etc/nginx"
_OFF = "systemctl poweroff"

#: (form, the line run on this host): judged alike
PAIRS = [
    (f"docker run --volumes-from ctr alpine chroot /host {_RM}", _RM),
    (f"docker run --volumes-from=ctr:ro alpine chroot /host {_OFF}", _OFF),
    (f"docker run --rm --volumes-from a --volumes-from b alpine chroot /srv/root {_RM}", _RM),
    (f"docker container run --volumes-from ctr alpine chroot /host {_OFF}", _OFF),
    (f"podman run --volumes-from ctr alpine sh -c 'chroot /host {_RM}'", _RM),
    (f"nerdctl run --volumes-from ctr alpine sudo chroot /host {_OFF}", _OFF),
    (f"docker --context X run --volumes-from ctr alpine unshare -R /host {_RM}", _RM),
    (f"docker run --volumes-from ctr --entrypoint chroot alpine /host {_RM}", _RM),
    (f"echo '{_RM}' | docker run -i --volumes-from ctr alpine chroot /host", _RM),
]  # fmt: skip


@pytest.mark.parametrize(("form", "line"), PAIRS)
def test_the_form_is_judged_as_the_line_run_here(tmp_path: Path, form: str, line: str) -> None:
    verdict = run(tmp_path, line)
    assert verdict[0] in ("ask", "deny"), line
    assert run(tmp_path, form) == verdict, form


@pytest.mark.parametrize(
    "line",
    ["docker run --volumes-from ctr alpine ls /host",
     "docker run --volumes-from ctr alpine chroot /host uptime",
     "docker run --rm --volumes-from dbstore -v ./backup:/backup ubuntu tar cvf "
     "/backup/backup.tar /dbdata",
     "docker run --volumes-from ctr alpine rm -rf /tmp/x",
     "docker create --volumes-from ctr alpine chroot /host rm -rf /etc/nginx"],
)  # fmt: skip
def test_what_the_line_allows_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line
