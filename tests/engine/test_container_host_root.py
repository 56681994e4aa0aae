"""``docker run -v /:/host IMAGE chroot /host CMD`` (``podman``, ``nerdctl``; ``--mount
type=bind,source=/,target=/host``): chroot(1) into the mount point of the host's root runs
CMD against this machine's root file system (its programs, its ``/etc``, its systemd's
socket under ``/run``), so CMD is judged as the same line run here in ``/`` is
(``engine/containers``), and text piped into ``chroot /host`` with no command as the line
its shell runs there. Each form was allowed: the container's command was read only for
deletes under a writable mount's container path (``rm -rf /host/etc``).

Only the line's own mounts count: ``docker exec CTR chroot /host CMD`` (a container started
earlier, its mounts not in the line) is not read here."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

_RUN = "docker run --rm -v /:/host alpine"

#: (form, the line run on this host): judged alike
PAIRS = [
    (f"{_RUN} chroot /host systemctl poweroff", "systemctl poweroff"),
    (f"{_RUN} chroot /host rm -rf /etc/nginx", "rm -rf /etc/nginx"),
    (f"{_RUN} chroot /host rm -rf etc/nginx", "rm -rf /etc/nginx"),  # (chroot enters its /)
    (f"{_RUN} chroot /host/ sh -c 'echo x > /etc/cron.d/job'", "echo x > /etc/cron.d/job"),
    (f"{_RUN} /usr/sbin/chroot --userspec=0:0 /host reboot", "reboot"),
    (f"{_RUN} chroot --groups root /host reboot", "reboot"),
    ("docker run --mount type=bind,source=/,target=/h alpine chroot /h systemctl poweroff",
     "systemctl poweroff"),
    ("podman run -v /:/host alpine chroot /host systemctl poweroff", "systemctl poweroff"),
    ("nerdctl container run -v=/:/mnt alpine chroot /mnt rm -rf /var/lib/postgresql",
     "rm -rf /var/lib/postgresql"),
    ("docker run -v /:/host:ro alpine chroot /host systemctl poweroff", "systemctl poweroff"),
    ("docker run -w /host -v /:/host alpine chroot . systemctl poweroff", "systemctl poweroff"),
    ("docker run --entrypoint chroot -v /:/host alpine /host systemctl poweroff",
     "systemctl poweroff"),
    (f"{_RUN} sh -c 'chroot /host systemctl poweroff'", "systemctl poweroff"),
    (f"{_RUN} sudo -u root chroot /host systemctl poweroff", "systemctl poweroff"),
    (f"{_RUN} env A=1 chroot /host rm -rf /etc/nginx", "rm -rf /etc/nginx"),
    (f"{_RUN} sh -c 'cd /tmp && chroot /host rm -rf /etc/nginx'", "rm -rf /etc/nginx"),
    ("echo 'chroot /host systemctl poweroff' | docker run -i -v /:/host alpine",
     "systemctl poweroff"),
    ("echo 'systemctl poweroff' | docker run -i -v /:/host alpine chroot /host",
     "systemctl poweroff"),
    ("echo 'rm -rf etc/nginx' | docker run -i -v /:/host alpine chroot /host sh",
     "rm -rf /etc/nginx"),
    # (pflag reads -v=VALUE as -v VALUE: the mount was not seen)
    ("docker run -v=/:/host alpine rm -rf /host/etc/nginx", "rm -rf /etc/nginx"),
]  # fmt: skip


@pytest.mark.parametrize(("form", "line"), PAIRS)
def test_chroot_into_the_host_root_is_judged_as_the_line_run_here(
    tmp_path: Path, form: str, line: str
) -> None:
    verdict = run(tmp_path, line)
    assert verdict[0] in ("ask", "deny"), line
    assert run(tmp_path, form) == verdict, form


@pytest.mark.parametrize(
    "line",
    [f"{_RUN} ls /host", f"{_RUN} chroot /host ls /", f"{_RUN} chroot /host uptime",
     "docker run -v $PWD:/src alpine chroot /src make",
     "docker run -v /srv/rootfs:/r alpine chroot /r systemctl poweroff",
     "docker run -v data:/host alpine chroot /host systemctl poweroff",
     "docker run alpine chroot /host systemctl poweroff",
     "echo 'systemctl poweroff' | docker run -i alpine chroot /host",
     "echo uptime | docker run -i -v /:/host alpine chroot /host",
     f"{_RUN} chroot /host/etc systemctl poweroff", f"{_RUN} grep chroot /host/etc/fstab",
     # (a container started earlier: its mounts are not in the line, CMD is judged as run
     # here: engine/test_container_host_forms; one allowed here stays allowed)
     "docker exec ctr chroot /host uptime"],
)  # fmt: skip
def test_what_the_line_allows_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line
