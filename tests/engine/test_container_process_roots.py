"""A process's namespaces and root entered from a container (``nsenter -t PID``, ``chroot
/proc/PID/root``) are the host's only when the container shares the host's process namespace.

``--privileged`` alone does not share it: the container gets its own PID namespace (docker
run reference, ``--pid``: the default is a new one), whose process 1 is the container's first
process, so ``docker run --privileged alpine nsenter -t 1 -m -u -n -i sh -c 'rm -rf
/etc/nginx'`` enters the container's own namespaces and deletes the container's
``/etc/nginx``: it was denied (a false positive) and is allowed. What ``--privileged`` adds is
mounting the host's disk, which the line does not show: a chroot into any other directory
still counts, and so now does ``nsenter --root=DIR`` (``-rDIR``), which was not read.

With ``--pid=host`` any process is the host's: ``nsenter -t 2`` (``kthreadd``, in the host's
namespaces) and ``nsenter --mount=/proc/1/ns/mnt`` (a namespace file, no ``-t``) were allowed
where ``nsenter -t 1`` was denied; ``--pid=container:CTR`` joins CTR's, which may be the
host's (fail closed). Each is now judged as the line run here."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

_RM = "rm -rf /etc/nginx"
_OFF = "systemctl poweroff"
_MNT = "mount /dev/sda1 /mnt &&"

#: (form, the line run on this host): judged alike
PAIRS = [
    (f"docker run --privileged --pid=host alpine nsenter -t 2 -m {_RM}", _RM),
    (f"docker run --pid=host alpine nsenter --mount=/proc/1/ns/mnt {_RM}", _RM),
    (f"docker run --pid host alpine nsenter --mount=/proc/1/ns/mnt --uts=/proc/1/ns/uts {_OFF}",
     _OFF),
    (f"docker run --privileged --pid=host alpine nsenter -t 1234 -a {_OFF}", _OFF),
    (f"docker run --pid=host alpine chroot /proc/77/root {_RM}", _RM),
    (f"docker run --pid=container:ctr alpine nsenter -t 1 -a {_RM}", _RM),
    (f"docker run --pid=container:ctr alpine chroot /proc/1/root {_OFF}", _OFF),
    (f"docker run --privileged alpine sh -c '{_MNT} nsenter -t 1 -r/mnt {_RM}'", _RM),
    (f"docker run --privileged alpine sh -c '{_MNT} nsenter --root=/mnt -t 1 {_OFF}'", _OFF),
    (f"docker exec ctr nsenter --mount=/proc/1/ns/mnt {_RM}", _RM),
]  # fmt: skip


@pytest.mark.parametrize(("form", "line"), PAIRS)
def test_the_form_is_judged_as_the_line_run_here(tmp_path: Path, form: str, line: str) -> None:
    verdict = run(tmp_path, line)
    assert verdict[0] in ("ask", "deny"), line
    assert run(tmp_path, form) == verdict, form


@pytest.mark.parametrize(
    "line",
    [f"docker run --privileged alpine nsenter -t 1 -m -u -n -i sh -c '{_RM}'",
     f"docker run --privileged alpine nsenter --target=1 --mount -- {_RM}",
     f"docker run --privileged alpine chroot /proc/1/root {_RM}",
     f"docker run --cap-add SYS_ADMIN --device /dev/sda1 alpine nsenter -t 1 -m {_RM}",
     f"docker run --pid=host alpine chroot /proc/self/root {_RM}",
     f"docker run --volumes-from ctr alpine nsenter -t 1 -a {_RM}",
     "docker run --privileged --pid=host alpine nsenter -t 1 -m -u -n -i ls"],
)  # fmt: skip
def test_the_containers_own_processes_stay_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line


def test_privileged_still_reaches_a_disk_it_mounts(tmp_path: Path) -> None:
    form = f"docker run --privileged alpine sh -c '{_MNT} chroot /mnt {_RM}'"
    assert run(tmp_path, form) == run(tmp_path, _RM) == ("deny", "action.delete_outside")
