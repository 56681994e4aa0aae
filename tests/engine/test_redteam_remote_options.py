"""The command ``ssh HOST CMD...`` runs on HOST keeps its own options: ssh's options end at
the host (getopt stops at the first word that is no option), so ``-i``, ``-l``, ``-F`` and
``-c`` after it are the remote command's, not ssh's identity file, login, config file or
cipher.

Attack class: a machine or its firewall stopped on another host, read as a harmless line:
``ssh db systemctl -i poweroff`` was read as ``systemctl`` (``-i poweroff`` taken for ssh's
identity file), ``ssh db systemctl -l stop sshd`` as ``systemctl sshd`` and ``ssh db
iptables -F`` as ``iptables``; each was allowed where the same line given to ssh after
``--`` is asked about."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DISRUPT = ("ask", "action.system_disrupt")


@pytest.mark.parametrize(
    "cmd",
    [
        "ssh db systemctl -i poweroff",
        "ssh db systemctl -l stop sshd",
        "ssh db iptables -F",
        "ssh -p 22 -i ~/.ssh/key db systemctl -i poweroff",
        "ssh -vp 22 db iptables -F",
        "ssh -ikey.pem db iptables -F",
    ],
)
def test_the_remote_commands_options_are_its_own(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == DISRUPT, cmd


def test_a_harmless_remote_command_stays_allowed(tmp_path: Path) -> None:
    for cmd in ("ssh -i key db uptime", "ssh db ls -l /var/log", "ssh -p 22 db df -h"):
        assert run(tmp_path, cmd) == ("allow", "default.allow"), cmd
