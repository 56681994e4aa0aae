"""Commands that stop the machine, a service, the firewall or a user's access, through the
real ``cordon run`` in front of a server that really runs commands with ``bash -c``: asked
about (``action.system_disrupt``), and a client that cannot answer gets a refusal while the
server never sees the call; the read-only forms still run.

The programs are stand-ins on the server's ``PATH`` (scripts that only note they ran), so a
missed ask stops nothing on the machine running the test.
"""

from __future__ import annotations

import json
import os
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"
STAND_INS = ("systemctl", "iptables", "shutdown", "userdel", "ssh", "crontab")


async def test_system_disruption_asked_and_never_sent(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    log = harness.tmp / "ran.log"
    bin_dir = harness.tmp / "bin"
    bin_dir.mkdir()
    ran_programs = harness.tmp / "programs.log"
    for name in STAND_INS:
        stand_in = bin_dir / name
        stand_in.write_text(f'#!/bin/sh\necho "{name} $*" >> "{ran_programs}"\n')
        stand_in.chmod(0o755)
    policy = harness.policy(
        {
            "version": 1,
            "allowed_path_prefixes": [str(sandbox)],
            "tools": {"run_command": {"base_dir": str(sandbox)}},
        }
    )
    env = {
        "SHELLBOX_DIR": str(sandbox),
        "SHELLBOX_LOG": str(log),
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    asked = [
        "systemctl stop sshd",
        "iptables -F",
        "shutdown -h now",
        "sh -c 'userdel -r bob'",
        "ssh admin@host 'systemctl disable --now sshd'",
        "crontab -r",
    ]
    ordinary = ["systemctl status sshd", "iptables -L -n", "crontab -l"]
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for command in asked:
            r = await client.call_tool("run_command", {"command": command})
            said = text_of(r)
            assert r.is_error and "action.system_disrupt" in said, (command, said)
            assert "needs approval" in said, (command, said)
        for command in ordinary:
            r = await client.call_tool("run_command", {"command": command})
            assert not r.is_error, (command, text_of(r))

    sent = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert sent == ordinary  # the server never received an asked call
    assert ran_programs.read_text("utf-8").splitlines() == [
        "systemctl status sshd",
        "iptables -L -n",
        "crontab -l",
    ]
