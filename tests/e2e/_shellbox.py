"""The real ``cordon run``, with a policy that sets nothing, in front of a shell tool
(tests/servers/shellbox.py: ``run_command`` runs each command with ``bash -c`` in a project
directory and logs it): the setup the shell guard's SQLite e2e tests share."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

from mcp import StdioServerParameters

from tests.conftest import ROOT, Harness

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


class Shellbox(NamedTuple):
    """``sandbox``: the project directory the commands run in (made, empty); ``log``: the
    commands shellbox ran (absent until one runs); ``params``: cordon's, for the SDK client."""

    sandbox: Path
    log: Path
    params: StdioServerParameters


def shellbox_in_front(harness: Harness, *, confined: bool = False) -> Shellbox:
    """cordon in front of shellbox for ``harness``'s test (its HOME, audit log, store); with
    ``confined``, a policy that confines paths and ``run_command`` to the project directory
    (a delete outside it is denied as a delete, not only asked)."""
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    log = harness.tmp / "ran.log"
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    if confined:
        tools = {"run_command": {"base_dir": str(sandbox)}}
        doc = {"version": 1, "allowed_path_prefixes": [str(sandbox)], "tools": tools}
        policy = harness.policy(doc)
    else:
        policy = harness.policy({"version": 1}, name="loose.yaml")
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    return Shellbox(sandbox, log, params)
