"""``ssh HOST CMD``'s deletes and overwrites judged as the same command run here
(``engine/remote_writes``), as ``docker -H ssh://HOST run -v /:/host alpine chroot /host CMD``'s
already were: HOST may be this host (``localhost``, its own name, an alias in
``~/.ssh/config``), and a delete on another machine is at least as destructive as one here
(fail closed). ssh joins CMD's words and the remote user's shell runs them in that user's home
directory, so a relative path is read under ``~``. ``ssh HOST rm -rf /etc/nginx`` was allowed.

ssh's options right after HOST are ssh's own (ssh.c parses them again unless ``--`` ended
them): ``ssh HOST -t CMD``, ``ssh HOST -i KEY -p 22 CMD`` were read as a command ``-t`` / ``-i``
and allowed even for ``systemctl poweroff``; now read as OpenSSH reads them. What the line
reads (``ssh HOST cat /etc/hosts``), an interactive ``ssh HOST``, ``ssh HOST ls``, port
forwards and ``scp`` stay as they were."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

_RM = "rm -rf /etc/nginx"
_OFF = "systemctl poweroff"

#: (form, the line run on this host): judged alike
PAIRS = [
    (f"ssh host {_RM}", _RM),
    (f"ssh host '{_RM}'", _RM),
    (f'ssh -t host "sudo {_RM}"', _RM),
    (f"ssh host -t '{_RM}'", _RM),
    (f"ssh -o StrictHostKeyChecking=no -i key host {_RM}", _RM),
    (f"ssh user@host -- {_RM}", _RM),
    (f"ssh -p 2222 user@host -t -- '{_RM}'", _RM),
    (f"ssh -J jump db \"sh -c '{_RM}'\"", _RM),
    ("ssh host 'cd /etc && rm -rf nginx'", _RM),
    ("ssh host 'echo x > /etc/nginx/nginx.conf'", "echo x > /etc/nginx/nginx.conf"),
    ("ssh host rm -rf build", "rm -rf ~/build"),
    ("ssh host 'cd srv && rm -rf build'", "rm -rf ~/srv/build"),
    ('ssh host "rm -rf $DIR"', "rm -rf $DIR"),
    (f"echo '{_RM}' | ssh host", _RM),
    ("tar c src | ssh db 'tar x -C /srv'", "tar c src | tar x -C /srv"),
    (f"echo '{_RM}' | ssh host bash -s", _RM),
    (f"mosh host -- {_RM}", _RM),
    (f"autossh -M 0 host {_RM}", _RM),
    (f"vagrant ssh -c '{_RM}'", _RM),
    (f"gcloud compute ssh vm --command '{_RM}'", _RM),
    (f"docker -H ssh://host run -v /:/host alpine chroot /host {_RM}", _RM),
    (f"docker exec ctr ssh db '{_RM}'", _RM),
    (f"kubectl exec pod -- ssh db '{_RM}'", _RM),
    (f"docker exec ctr sudo ssh db '{_RM}'", _RM),
    (f"docker run --rm alpine sh -c \"ssh db '{_RM}'\"", _RM),
    (f"ssh host -t '{_OFF}'", _OFF),
    (f"ssh host -i key -p 22 {_OFF}", _OFF),
    (f"echo '{_OFF}' | ssh db -t", _OFF),
]  # fmt: skip


@pytest.mark.parametrize(("form", "line"), PAIRS)
def test_the_form_is_judged_as_the_line_run_here(tmp_path: Path, form: str, line: str) -> None:
    verdict = run(tmp_path, line)
    assert verdict[0] in ("ask", "deny"), line
    assert run(tmp_path, form) == verdict, form


@pytest.mark.parametrize(
    "line",
    ["ssh host", "ssh -t host", "ssh host ls", "ssh host cat /etc/hosts", "ssh host uptime",
     "ssh user@host -- ls -la", "ssh host 'ls $DIR'", "scp a host:b",
     "scp file host:/etc/nginx/nginx.conf", "ssh username@remote_host -D 1080",
     "ssh username@remote_host -L 9999:example.org:80 -N -T", "ssh -t host htop",
     "ssh host 'tar czf - /var/www' > backup.tgz", "ssh host docker ps",
     "ssh db systemctl -i status nginx",
     # (the remote shell reads "sh -c rm -rf /etc/nginx": sh runs rm with no operand)
     f"ssh db sh -c '{_RM}'",
     # (a container's own namespaces, not another machine: engine/containers reads them)
     f"docker run --privileged alpine nsenter -t 1 -m {_RM}",
     f"docker run alpine nsenter -t 1 -a {_RM}", "docker exec ctr nsenter -t 1 -a ls"],
)  # fmt: skip
def test_what_writes_nothing_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line
