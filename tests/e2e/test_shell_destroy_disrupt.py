"""Destructive and disruptive commands the shell guard read as harmless, through the real
``cordon run`` in front of a server that really runs commands with ``bash -c``: a partition
table wiped (``sgdisk -Z``) and a delete run through a wrapper (``cgexec -g CG rm -rf DIR``)
are refused, a service restart is asked about, and a client that cannot answer gets a
refusal while the server never sees the call; the ordinary forms still run.

``sgdisk`` and ``systemctl`` are stand-ins on the server's ``PATH`` that only note they ran;
``cgexec``'s stand-in runs the rest of its words, as the real one does, so a missed deny
deletes the directory outside the project (under the test's temporary directory).
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


async def test_wipe_and_wrapped_delete_refused_restart_asked(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    precious = harness.tmp / "precious"
    precious.mkdir()
    (precious / "data.txt").write_text("keep me\n")
    log = harness.tmp / "ran.log"
    bin_dir = harness.tmp / "bin"
    bin_dir.mkdir()
    ran_programs = harness.tmp / "programs.log"
    for name in ("sgdisk", "systemctl"):
        stand_in = bin_dir / name
        stand_in.write_text(f'#!/bin/sh\necho "{name} $*" >> "{ran_programs}"\n')
        stand_in.chmod(0o755)
    cgexec = bin_dir / "cgexec"  # (cgexec -g CONTROLLERS:PATH PROG ARGS: runs PROG ARGS)
    cgexec.write_text('#!/bin/sh\nshift 2\nexec "$@"\n')
    cgexec.chmod(0o755)
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
    refused = {
        "sgdisk -Z /dev/sda": "action.mkfs_dd",
        f"cgexec -g cpu:x rm -rf {precious}": "action.delete_outside",
    }
    asked = "systemctl restart sshd"
    ordinary = ["sgdisk -p /dev/sda", "systemctl start nginx", "cgexec -g cpu:x ls"]
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for command, rule in refused.items():
            r = await client.call_tool("run_command", {"command": command})
            said = text_of(r)
            assert r.is_error and rule in said and "needs approval" not in said, (command, said)
        r = await client.call_tool("run_command", {"command": asked})
        said = text_of(r)
        assert r.is_error and "action.system_disrupt" in said and "needs approval" in said, said
        for command in ordinary:
            r = await client.call_tool("run_command", {"command": command})
            assert not r.is_error, (command, text_of(r))

    sent = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert sent == ordinary  # the server never received a refused or asked call
    assert ran_programs.read_text("utf-8").splitlines() == [
        "sgdisk -p /dev/sda",
        "systemctl start nginx",
    ]
    assert (precious / "data.txt").read_text() == "keep me\n"
