"""A read-only bind mount read as docker reads it (``engine/container_mounts``).

``ro`` makes the mount read-only, not its submounts: ``/home``, ``/boot``, ``/var`` on their own
disks and ``/run`` stay writable under ``-v /:/host:ro`` on Docker Engine before v25, on a
kernel before 5.12, under podman's and nerdctl's ``ro`` (docker/cli ``opts/mount.go``:
``bind-recursive=enabled``, the default, "read-only mounts are recursively read-only if Engine
>= v25 && kernel >= v5.12, otherwise writable"). The line shows neither, so a delete under a
read-only mount is judged as one of the host path, as under a writable one; a chroot into a
directory under a read-only host root (``chroot /host/etc rm -rf nginx``) is judged as
``chroot /host rm -rf /etc/nginx`` already was. Only ``bind-recursive=readonly`` (recursively
read-only or the run fails) and ``bind-recursive=disabled`` (no submount) seal the mount.

``--mount``'s other spellings as docker/cli reads them: ``ro=true``, ``readonly=1``, ``ro``
alone (read-only); ``readonly=false``, ``ro=0`` (writable: a mount read as read-only and left
unmapped before); ``type=BIND`` (its value in any case: not read as a bind before); a field
quoted in CSV (``"src=/"``); an anonymous ``local`` volume bound to a host directory
(``volume-opt=o=bind,volume-opt=device=/``). ``--read-only`` is the container's root file
system, not a bind mount's."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

_RM = "rm -rf /etc/nginx"
_HOST_ETC = "alpine chroot /host/etc rm -rf nginx"

#: (form, the line run on this host): judged alike
PAIRS = [
    (f"docker run -v /:/host:ro {_HOST_ETC}", _RM),
    (f"docker run -v /:/host:ro,z {_HOST_ETC}", _RM),
    (f"podman run -v /:/host:ro {_HOST_ETC}", _RM),
    (f"docker run --mount type=bind,src=/,dst=/host,readonly {_HOST_ETC}", _RM),
    (f"docker run --mount type=bind,src=/,dst=/host,ro=true {_HOST_ETC}", _RM),
    (f"docker run --mount type=bind,source=/,target=/host,readonly=1 {_HOST_ETC}", _RM),
    (f"docker run --mount type=bind,src=/,dst=/host,ro,bind-recursive=enabled {_HOST_ETC}", _RM),
    (f"docker run --mount type=bind,src=/,dst=/host,ro,bind-recursive=writable {_HOST_ETC}", _RM),
    (f"docker run --read-only -v /:/host {_HOST_ETC}", _RM),
    (f"docker run --read-only=true --mount type=bind,src=/,dst=/host {_HOST_ETC}", _RM),
    ("docker run -v /:/host:ro alpine rm -rf /host/etc/nginx", _RM),
    ("docker run -v /etc:/h:ro alpine rm -rf /h/nginx", _RM),
    ("docker run -v /:/host:ro alpine sh -c 'rm -rf /host/home/me'", "rm -rf /home/me"),
    ("docker run --mount type=bind,src=/etc,dst=/h,readonly=false alpine rm -rf /h/nginx", _RM),
    ("docker run --mount type=bind,src=/etc,dst=/h,ro=0 alpine rm -rf /h/nginx", _RM),
    ("docker run --mount type=BIND,src=/etc,dst=/h alpine rm -rf /h/nginx", _RM),
    ("docker run --mount 'type=bind,\"src=/etc\",dst=/h' alpine rm -rf /h/nginx", _RM),
    ("docker run --mount type=volume,dst=/h,volume-driver=local,volume-opt=type=none,"
     "volume-opt=o=bind,volume-opt=device=/etc alpine rm -rf /h/nginx", _RM),
    ("docker run --mount type=volume,dst=/host,volume-opt=type=none,volume-opt=o=bind,"
     f"volume-opt=device=/ alpine chroot /host {_RM}", _RM),
]  # fmt: skip


@pytest.mark.parametrize(("form", "line"), PAIRS)
def test_the_form_is_judged_as_the_line_run_here(tmp_path: Path, form: str, line: str) -> None:
    verdict = run(tmp_path, line)
    assert verdict == ("deny", "action.delete_outside"), line
    assert run(tmp_path, form) == verdict, form


@pytest.mark.parametrize(
    "line",
    [f"docker run --mount type=bind,src=/,dst=/host,readonly,bind-recursive=readonly {_HOST_ETC}",
     f"docker run --mount type=bind,src=/,dst=/host,ro=1,bind-recursive=disabled {_HOST_ETC}",
     f"docker run --mount type=bind,src=/,dst=/host,ro,bind-nonrecursive {_HOST_ETC}",
     "docker run --mount type=bind,src=/etc,dst=/h,bind-recursive=readonly,readonly alpine "
     "rm -rf /h/nginx",
     "docker run -v /:/host:ro alpine ls /host/etc", "docker run -v /:/host:ro alpine rm -rf /tmp/x",
     "docker run --read-only alpine rm -rf /etc/nginx",
     "docker run --mount type=volume,src=data,dst=/d alpine rm -rf /d/x",
     "docker run --mount type=tmpfs,dst=/h alpine rm -rf /h/x",
     "docker run -v ./build:/out:ro alpine rm -rf /out/cache"],
)  # fmt: skip
def test_what_cannot_write_the_host_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line


def test_a_sealed_host_root_is_still_a_root_to_chroot_into(tmp_path: Path) -> None:
    """Its sockets still connect (``systemctl poweroff`` through ``/run/systemd``): the host
    root line is read for a sealed mount of ``/`` as for any other."""
    form = ("docker run --mount type=bind,src=/,dst=/host,readonly,bind-recursive=readonly "
            "alpine chroot /host systemctl poweroff")  # fmt: skip
    assert run(tmp_path, form) == run(tmp_path, "systemctl poweroff") != ("allow", "default.allow")
