"""Container runs that reach the host beyond ``docker run -v /:/host IMG chroot /host CMD``
(``tests/engine/test_container_host_root``), each judged as the same line run here:

* the runtime's options before its subcommand (docker(1)'s ``--context``, ``-H``,
  ``--log-level``, ``-D``, ``--config``; podman(1)'s ``--remote``, ``--connection``,
  ``--root``; nerdctl's ``--namespace``): the line was not read as a run at all. ``-H`` and
  ``--context`` may name this host's daemon: the line cannot tell, so it is read as here;
* ``docker exec CTR chroot DIR CMD`` (``kubectl exec POD -- chroot DIR CMD``): the container's
  mounts are not in the line, so CMD is judged as run here (fail closed);
* a directory under a mount (``-v /:/host ... chroot /host/etc rm -rf nginx``: ``/etc/nginx``;
  ``-v /etc:/h ... chroot /h``): a delete in the new root is one of the host path;
* ``--privileged`` (or ``--cap-add SYS_ADMIN`` with ``--device``): the container can mount
  the host's disk itself (``mount /dev/sda1 /mnt && chroot /mnt CMD``), which the line does
  not show; a chroot into any directory is judged as run here;
* ``--pid=host``: process 1 is the host's init, ``nsenter -t 1 CMD`` (``chroot
  /proc/1/root CMD``) runs CMD in the host's namespaces and root;
* text piped into ``docker compose run SERVICE`` with no command (compose run attaches the
  standard input by default): read as the service's shell, as ``docker run -i IMAGE``'s."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

_RM = "rm -rf /etc/nginx"
_OFF = "systemctl poweroff"
_MNT = "mount /dev/sda1 /mnt && chroot /mnt"

#: (form, the line run on this host): judged alike
PAIRS = [
    # the runtime's options before run
    (f"docker --context X run -v /:/host alpine chroot /host {_RM}", _RM),
    (f"docker -c prod run -v /:/host alpine chroot /host {_OFF}", _OFF),
    (f"docker -H ssh://h run -v /:/host alpine chroot /host {_RM}", _RM),
    (f"docker --host=unix:///run/docker.sock run -v /:/host alpine chroot /host {_OFF}", _OFF),
    (f"docker --log-level debug run -v /:/host alpine chroot /host {_RM}", _RM),
    (f"docker -D --config /tmp/c run --rm -v /:/host alpine chroot /host {_OFF}", _OFF),
    (f"docker --tlsverify --tlscacert ca.pem run -v /:/host alpine chroot /host {_OFF}", _OFF),
    (f"docker --context X container run -v /:/host alpine chroot /host {_RM}", _RM),
    (f"podman --remote run -v /:/host alpine chroot /host {_RM}", _RM),
    (f"podman --connection prod --log-level=debug run -v /:/host alpine chroot /host {_OFF}",
     _OFF),
    (f"podman --root /var/lib/x run -v /:/host alpine chroot /host {_RM}", _RM),
    (f"nerdctl --namespace k8s.io run -v /:/host alpine chroot /host {_RM}", _RM),
    (f"nerdctl -n k8s.io run -v /:/host alpine chroot /host {_OFF}", _OFF),
    (f"docker --context X compose -f ci.yml run -v /:/host app chroot /host {_OFF}", _OFF),
    ("docker --context X run -v /:/host alpine rm -rf /host/etc/nginx", _RM),
    (f"echo '{_RM}' | docker --context X run -i -v /:/host alpine chroot /host", _RM),
    # a container started earlier: CMD judged as run here
    (f"docker exec ctr chroot /host {_RM}", _RM),
    (f"docker exec -it ctr chroot /host {_OFF}", _OFF),
    (f"docker exec -u root -w / ctr chroot /host {_RM}", _RM),
    (f"docker exec ctr sudo chroot /host {_OFF}", _OFF),
    (f"docker exec ctr sh -c 'chroot /host {_RM}'", _RM),
    (f"docker exec ctr unshare -R /host {_OFF}", _OFF),
    (f"docker container exec ctr chroot /host {_OFF}", _OFF),
    (f"docker --context X exec ctr chroot /host {_RM}", _RM),
    (f"podman --remote exec -it ctr chroot /host {_OFF}", _OFF),
    (f"nerdctl -n k8s.io exec ctr chroot /host {_RM}", _RM),
    (f"docker compose exec app chroot /host {_OFF}", _OFF),
    (f"docker-compose exec -T app chroot /host {_RM}", _RM),
    (f"kubectl exec pod -- chroot /host {_RM}", _RM),
    (f"kubectl -n kube-system exec -it pod -c c -- chroot /host {_OFF}", _OFF),
    (f"oc exec pod -- chroot /host {_OFF}", _OFF),
    (f"echo '{_RM}' | docker exec -i ctr chroot /host", _RM),
    (f"echo '{_OFF}' | kubectl exec -i pod -- chroot /host", _OFF),
    # a directory under a mount made the root: its deletes are the host path's
    ("docker run -v /:/host alpine chroot /host/etc rm -rf nginx", _RM),
    ("docker run -v /:/host alpine chroot /host/etc/nginx rm -rf /conf.d",
     "rm -rf /etc/nginx/conf.d"),
    ("docker run -v /:/host -w /host alpine chroot etc rm -rf nginx", _RM),
    ("docker run -v /:/host alpine sh -c 'chroot /host/etc rm -rf nginx'", _RM),
    ("docker run -v /:/host alpine unshare -R /host/etc rm -rf nginx", _RM),
    ("docker run -v /etc:/h alpine chroot /h rm -rf nginx", _RM),
    ("docker run -v /etc:/h alpine rm -rf /h/nginx", _RM),
    ("docker run -v /etc:/h alpine sh -c 'rm -rf /h/nginx'", _RM),
    ("docker run -v /srv:/r -v /etc:/r/e alpine chroot /r rm -rf /e/nginx", _RM),
    # privileged: the host's disk mounted inside, as the line does not show
    (f"docker run --privileged alpine sh -c '{_MNT} {_RM}'", _RM),
    (f"docker run --privileged=true alpine sh -c '{_MNT} {_OFF}'", _OFF),
    (f"docker run --cap-add SYS_ADMIN --device /dev/sda alpine sh -c '{_MNT} {_OFF}'", _OFF),
    (f"docker run --cap-add=CAP_SYS_ADMIN --device=/dev/sda alpine chroot /mnt {_RM}", _RM),
    (f"podman run --cap-add=ALL --device /dev/nvme0n1 alpine chroot /mnt {_RM}", _RM),
    (f"echo '{_MNT} {_RM}' | docker run -i --privileged alpine", _RM),
    (f"echo '{_OFF}' | docker run -i --privileged alpine chroot /mnt", _OFF),
    # the host's processes shared (--pid=host): process 1's namespaces and root are the host's
    (f"docker run --privileged --pid=host alpine nsenter -t 1 -a {_RM}", _RM),
    (f"docker run --privileged --pid host alpine nsenter -t 1 -m -u -i -n -p {_OFF}", _OFF),
    (f"docker run --privileged --pid=host alpine nsenter --target=1 --mount -- {_RM}", _RM),
    (f"docker run --privileged --pid=host alpine nsenter -t1 -m {_RM}", _RM),
    (f"docker run --pid=host alpine chroot /proc/1/root {_RM}", _RM),
    (f"echo '{_RM}' | docker run -i --privileged --pid=host alpine nsenter -t 1 -a", _RM),
    (f"docker exec ctr nsenter -t 1 -a {_RM}", _RM),
    (f"kubectl exec pod -- nsenter -t 1 -m {_RM}", _RM),
    (f"echo '{_RM}' | docker exec -i ctr nsenter -t 1 -a", _RM),
    # text piped into compose run with no command: the service's shell
    (f"echo 'chroot /host {_RM}' | docker compose run -v /:/host app", _RM),
    ("echo 'rm -rf /host/etc/nginx' | docker compose run -T -v /:/host app", _RM),
    (f"echo 'chroot /host {_OFF}' | docker-compose run --rm -v /:/host app", _OFF),
    ("printf 'rm -rf /host/etc/nginx\\n' | podman compose run -v /:/host app", _RM),
    # SQL given to a client in a container (the runtime's options before exec)
    ("docker --context X exec db psql -c 'DROP TABLE users'", "psql -c 'DROP TABLE users'"),
]  # fmt: skip


@pytest.mark.parametrize(("form", "line"), PAIRS)
def test_the_form_is_judged_as_the_line_run_here(tmp_path: Path, form: str, line: str) -> None:
    verdict = run(tmp_path, line)
    assert verdict[0] in ("ask", "deny"), line
    assert run(tmp_path, form) == verdict, form


@pytest.mark.parametrize(
    "line",
    ["docker --context X ps", "docker -H unix:///run/docker.sock ps", "docker --context prod compose up -d",
     "podman --remote ps", "nerdctl --namespace k8s.io ps -a",
     "docker --log-level debug run --rm alpine echo hi",
     "docker --context X run -v $PWD:/src img make",
     "docker --context X run -v /:/host alpine ls /host",
     "docker exec ctr ls /host", "docker exec -it ctr bash", "docker exec ctr chroot /host ls",
     "docker exec ctr chroot /srv/rootfs make", "kubectl exec pod -- ls /host",
     "kubectl exec pod -- chroot /host uptime", "docker compose exec app chroot /host uptime",
     "docker run -v $PWD:/src img make", "docker run -v $PWD:/src img chroot /src make clean",
     "docker run -v $PWD:/src img chroot /src rm -rf build",
     "docker run -v /:/host alpine chroot /host/srv/app make",
     "docker run --privileged alpine ls /mnt", "docker run --privileged alpine chroot /mnt ls",
     "docker run --privileged=false alpine chroot /mnt rm -rf /etc/nginx",
     "docker run --device /dev/snd alpine chroot /mnt rm -rf /etc/nginx",
     "echo 'make test' | docker compose run app",
     "echo 'rm -rf /etc/nginx' | docker compose run app",
     "echo 'rm -rf /host/etc/nginx' | docker compose run -i=false -v /:/host app",
     "echo uptime | docker exec -i ctr chroot /host", "docker run --pid=host alpine ps aux",
     "docker run --pid=host alpine nsenter -t 1 -a ls", "docker exec ctr nsenter -t 1 -a ls"],
)  # fmt: skip
def test_what_the_line_allows_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line
