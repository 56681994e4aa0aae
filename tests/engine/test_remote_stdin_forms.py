"""More piped forms reaching a shell on another host or in a container, read as their line
form (``engine/stdin_shells``, ``engine/jump_hosts``): a login shell started with no command
(``ssh db sudo -i``), an image's default command (``docker run -i alpine``), ``vagrant ssh``
and ``gcloud compute ssh`` with no command, and a container used as a jump host (``docker
exec CTR ssh db CMD``, judged as ``ssh db CMD``). Each piped form was allowed before. sudo,
su, docker, vagrant and gcloud do not run here: the control runs ``sudo -i``'s documented
behaviour (no command: the shell reads its standard input) in real bash and dash."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

#: (piped form, the same text given as the line): each pair judged alike
PAIRS = [
    ("echo 'systemctl poweroff' | ssh db sudo -i", "ssh db 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | ssh db sudo -s", "ssh db 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | ssh db sudo su -", "ssh db 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | ssh -p 22 u@db su", "ssh db 'systemctl poweroff'"),
    ("echo 'rm -rf /host/home' | docker run --rm -i -v /:/host alpine",
     "docker run -v /:/host alpine sh -c 'rm -rf /host/home'"),
    ("echo 'rm -rf /host/home' | docker run -i --entrypoint sh -v /:/host alpine",
     "docker run -v /:/host --entrypoint sh alpine -c 'rm -rf /host/home'"),
    ("echo 'rm -rf /host/home' | podman container run -i --entrypoint=sh -v /:/host alpine",
     "podman run -v /:/host alpine sh -c 'rm -rf /host/home'"),
    ("echo 'systemctl poweroff' | vagrant ssh", "vagrant ssh -c 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | gcloud compute ssh db",
     "gcloud compute ssh db --command 'systemctl poweroff'"),
    ("docker exec ctr ssh db 'systemctl poweroff'", "ssh db 'systemctl poweroff'"),
    ("kubectl exec pod -- ssh db 'systemctl poweroff'", "ssh db 'systemctl poweroff'"),
    ("docker exec ctr sh -c \"ssh db 'systemctl poweroff'\"", "ssh db 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | docker exec -i ctr ssh db", "ssh db 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | docker exec -i ctr sudo ssh db",
     "ssh db 'systemctl poweroff'"),
    ("docker exec ctr nsenter -t 1 -a sh -c 'systemctl poweroff'",
     "nsenter -t 1 -a sh -c 'systemctl poweroff'"),
    ("docker exec ctr nsenter -t 1 -a systemctl poweroff", "nsenter -t 1 -a systemctl poweroff"),
    ("echo 'systemctl poweroff' | docker exec -i ctr nsenter -t 1 -a sh",
     "nsenter -t 1 -a sh -c 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | nsenter -t 1 -a", "nsenter -t 1 -a systemctl poweroff"),
    ("echo 'systemctl poweroff' | su -", "su - -c 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | fly ssh console", "fly ssh console -C 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | heroku run bash", "heroku run 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | az ssh vm -n vm -g rg",
     "az ssh vm -n vm -g rg -- 'systemctl poweroff'"),
    ("echo 'systemctl poweroff' | ssh db script -q /dev/null", "ssh db 'systemctl poweroff'"),
]  # fmt: skip


@pytest.mark.parametrize(("piped", "line"), PAIRS)
def test_the_piped_text_is_judged_as_the_line(tmp_path: Path, piped: str, line: str) -> None:
    verdict = run(tmp_path, line)
    assert verdict[0] in ("ask", "deny"), line  # (the line itself is caught)
    assert run(tmp_path, piped) == verdict, piped


@pytest.mark.parametrize(
    "line",
    ["docker exec ctr systemctl poweroff", "echo 'systemctl poweroff' | docker exec -i ctr su",
     "echo 'ls -la' | docker run --rm -i alpine", "echo uptime | ssh db sudo -i",
     "docker run -v /:/host alpine", "echo hi | docker run alpine",
     "echo 'ls /' | docker run --rm -i --entrypoint cat alpine",
     "docker exec ctr ssh db uptime", "echo uptime | vagrant ssh",
     "echo 'systemctl poweroff' | ssh db sudo -u app cat",
     "echo 'systemctl poweroff' | ssh db su -c 'cat'"],
)  # fmt: skip
def test_what_the_line_allows_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line


def test_text_not_known_here_is_asked(tmp_path: Path) -> None:
    assert run(tmp_path, "cat s.sh | docker run -i alpine") == ("ask", "action.command_opaque")


_FAKE_SUDO = """#!/bin/sh
# sudo(8): with -i or -s and no command, the (login) shell runs and reads standard input
while [ "$#" -gt 0 ]; do case "$1" in -i|-s) shift;; -u) shift 2;; *) break;; esac; done
if [ "$#" -eq 0 ]; then exec sh; fi
exec "$@"
"""


@pytest.mark.parametrize("shell", ["bash", "dash"])
@pytest.mark.parametrize("form", ["sudo -i", "sudo -s", "sudo -u root -i"])
def test_control_login_shell_runs_piped_text(tmp_path: Path, shell: str, form: str) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed")
    fake = tmp_path / "bin" / "sudo"
    fake.parent.mkdir()
    fake.write_text(_FAKE_SUDO)
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    (tmp_path / "victim").mkdir()
    env = {**os.environ, "PATH": f"{fake.parent}:{os.environ['PATH']}"}
    subprocess.run([shell, "-c", f"echo 'rm -rf victim' | {form}"], cwd=tmp_path, env=env,
                   check=True, capture_output=True, timeout=30)  # fmt: skip
    assert not (tmp_path / "victim").exists(), form
