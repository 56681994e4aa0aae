"""The host's root mounted in a container and entered there, beyond ``docker run ... chroot``
(``tests/engine/test_container_host_root``): ``docker compose run -v /:/host SERVICE chroot
/host CMD`` (``docker-compose``, ``podman compose``; compose's own options before ``run``),
and the other programs that make a directory the root of the command they run: ``unshare
-R DIR`` / ``--root=DIR`` (util-linux unshare(1); ``-w DIR`` the directory inside),
``firejail --chroot=DIR``, ``busybox chroot DIR``. CMD runs against this machine's root file
system, so it is judged as the same line run here; each form was allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

_COMPOSE = "docker compose run --rm -v /:/host app"
_RUN = "docker run --rm -v /:/host alpine"

#: (form, the line run on this host): judged alike
PAIRS = [
    (f"{_COMPOSE} chroot /host systemctl poweroff", "systemctl poweroff"),
    (f"{_COMPOSE} chroot /host rm -rf /etc/nginx", "rm -rf /etc/nginx"),
    ("docker-compose run --rm --volume /:/host -e A=1 app chroot /host systemctl poweroff",
     "systemctl poweroff"),
    ("docker compose -f ci.yml -p proj run -T --volume=/:/host -w /host --entrypoint chroot "
     "app . rm -rf /etc/nginx", "rm -rf /etc/nginx"),
    ("podman compose run -v /:/host app chroot /host systemctl poweroff", "systemctl poweroff"),
    ("docker compose --profile ci run -d -v /:/host:ro app sh -c 'chroot /host reboot'",
     "reboot"),
    ("echo 'systemctl poweroff' | docker compose run -v /:/host app chroot /host",
     "systemctl poweroff"),
    # (the mount read as docker run's: a delete under it is one of the host path)
    ("docker compose run -v /:/host app rm -rf /host/etc/nginx", "rm -rf /etc/nginx"),
    # (no -v /:/host on the line: the service's mounts are the compose file's, which the line
    # does not show, so any new root counts, as docker exec CTR chroot DIR CMD's)
    ("docker compose run app chroot /host systemctl poweroff", "systemctl poweroff"),
    ("docker compose run -v data:/host app chroot /host systemctl poweroff",
     "systemctl poweroff"),
    (f"{_RUN} unshare -R /host systemctl poweroff", "systemctl poweroff"),
    (f"{_RUN} unshare --root=/host rm -rf /etc/nginx", "rm -rf /etc/nginx"),
    (f"{_RUN} unshare -m --root /host -- reboot", "reboot"),
    (f"{_RUN} unshare -rR/host systemctl poweroff", "systemctl poweroff"),
    (f"{_RUN} unshare --ro=/host systemctl poweroff", "systemctl poweroff"),  # (getopt_long)
    (f"{_RUN} unshare --setuid 0 -R /host -w /etc rm -rf nginx", "rm -rf /etc/nginx"),
    (f"{_RUN} unshare -R /host --wd=etc rm -rf nginx", "rm -rf /etc/nginx"),
    (f"{_COMPOSE} sudo unshare -R /host systemctl poweroff", "systemctl poweroff"),
    ("echo 'rm -rf /etc/nginx' | docker run -i -v /:/host alpine unshare -R /host",
     "rm -rf /etc/nginx"),
    (f"{_RUN} firejail --chroot=/host systemctl poweroff", "systemctl poweroff"),
    (f"{_RUN} firejail --noprofile --chroot=/host rm -rf /etc/nginx", "rm -rf /etc/nginx"),
    (f"{_RUN} busybox chroot /host systemctl poweroff", "systemctl poweroff"),
    (f"{_RUN} /bin/busybox chroot /host rm -rf /etc/nginx", "rm -rf /etc/nginx"),
]  # fmt: skip


@pytest.mark.parametrize(("form", "line"), PAIRS)
def test_entering_the_host_root_is_judged_as_the_line_run_here(
    tmp_path: Path, form: str, line: str
) -> None:
    verdict = run(tmp_path, line)
    assert verdict[0] in ("ask", "deny"), line
    assert run(tmp_path, form) == verdict, form


@pytest.mark.parametrize(
    "line",
    ["docker compose run app ls /", "docker compose run -v ./src:/src app chroot /src make",
     "docker compose run app chroot /host uptime",
     "docker compose run -v data:/host app chroot /host uptime",
     "docker compose exec app chroot /host uptime", f"{_COMPOSE} ls /host", f"{_COMPOSE} chroot /host uptime", "docker compose up -d",
     "docker run alpine unshare -r id", f"{_RUN} unshare -r id",
     f"{_RUN} unshare -R /host uptime", "docker run alpine unshare -R /host systemctl poweroff",
     f"{_RUN} unshare -R /host/srv systemctl poweroff",
     f"{_RUN} firejail --private ls", f"{_RUN} firejail --chroot=/host uptime",
     f"{_RUN} busybox ls /host"],
)  # fmt: skip
def test_what_the_line_allows_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line
