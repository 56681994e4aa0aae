"""A newcomer who runs ``cordon init`` without ``--policy`` (as ``cordon init --config FILE``
invites) gets every server wrapped with no pack, and nothing they run afterwards says that a
built-in pack describes the server: ``cordon check --server NAME`` printed ``policy ok``. Now
it names each built-in pack that classifies every tool the server pinned, and how to give it;
a policy that brings a pack is told nothing. The real ``cordon run`` in front of PyPI
``mcp-server-git`` and npm ``server-memory``, listed through the SDK client, then the real
``cordon check``."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from mcp import Client

from tests.conftest import Harness, run_cordon
from tests.e2e._pack_servers import NODE_BIN, VENV_BIN

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_check_names_the_pack_that_fits(harness: Harness) -> None:
    repo = harness.tmp / "repo"
    git = shutil.which("git")
    if git is None:
        pytest.fail("git is not installed")
    subprocess.run([git, "init", "-q", str(repo)], check=True)
    servers = {
        "git": [str(VENV_BIN / "mcp-server-git"), "--repository", str(repo)],
        "memory": [str(NODE_BIN / "mcp-server-memory")],
    }
    env = {"MEMORY_FILE_PATH": str(harness.tmp / "memory.jsonl")}
    for name, command in servers.items():
        async with Client(harness.cordon(command, name=name, env=env), mode="legacy") as c:
            await c.list_tools()
    base = harness.policy({"version": 1}, "base.yaml")
    for name in servers:
        done = run_cordon(harness.home, "check", "--policy", str(base), "--server", name)
        assert done.returncode == 0, done.stdout + done.stderr
        assert f"built-in pack '{name}'" in done.stdout, done.stdout
        assert f"packs: [{name}]" in done.stdout, done.stdout
    packed = harness.policy({"version": 1, "packs": ["git"]}, "git.yaml")
    done = run_cordon(harness.home, "check", "--policy", str(packed), "--server", "git")
    assert done.returncode == 0 and "hint:" not in done.stdout, done.stdout
