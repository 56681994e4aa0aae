"""``cordon init --packs`` end to end for the git server: the real ``cordon init`` rewrites a
scratch config running mcp-server-git with ``--repository REPO``; the policy file it writes
gives the git pack REPO as its one allowed prefix. The rewritten entry, started as the client
starts it, runs the real server behind the real ``cordon run``, driven by the official SDK
client: ``git_status`` of REPO passes; ``git_log`` of another repository on the same disk is
denied by cordon (``arg.path_outside``, the ``[cordon blocked]`` answer, not the server's)
before it reaches the server. Releases of the server before 2025.12.18 did not enforce
``--repository`` on ``repo_path`` (CVE-2025-68145, modelcontextprotocol/servers#604): the
prefix is the fence that does not depend on the server's own."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import yaml
from mcp import Client, StdioServerParameters

from tests.conftest import ROOT, Harness, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

GIT_SERVER = ROOT / ".venv" / "bin" / "mcp-server-git"


def _repo(path: Path, message: str) -> Path:
    path.mkdir(parents=True)
    ident = ["-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    (path / "f.txt").write_text(message, "utf-8")
    subprocess.run(["git", "-C", str(path), "add", "f.txt"], check=True)
    subprocess.run(["git", "-C", str(path), *ident, "commit", "-qm", message], check=True)
    return path


async def test_init_packs_confines_the_git_server_to_its_repository(harness: Harness) -> None:
    repo = _repo(harness.tmp / "work" / "repo", "public work")
    other = _repo(harness.tmp / "private" / "other", "private secret history")
    config = harness.tmp / "project" / ".mcp.json"
    config.parent.mkdir()
    server = {"command": str(GIT_SERVER), "args": ["--repository", str(repo)]}
    config.write_text(json.dumps({"mcpServers": {"git": server}}), "utf-8")
    said = run_init(harness, config, "--packs", "--no-hook")
    assert "git: --packs: pack 'git' " in said, said
    assert f"allowed_path_prefixes: its --repository {repo}" in said, said
    assert "add `allowed_path_prefixes: [DIR]`" not in said, said
    entry = json.loads(config.read_text("utf-8"))["mcpServers"]["git"]
    policy = Path(entry["args"][entry["args"].index("--policy") + 1])
    data = yaml.safe_load(policy.read_text("utf-8"))
    assert data["packs"] == ["git"] and data["allowed_path_prefixes"] == [str(repo)], data
    params = StdioServerParameters(
        command=str(entry["command"]),
        args=entry["args"],
        env={**os.environ, "HOME": str(harness.home)},
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        ok = await client.call_tool("git_status", {"repo_path": str(repo)})
        assert not ok.is_error and "Repository status" in text_of(ok), text_of(ok)
        out = await client.call_tool("git_log", {"repo_path": str(other)})
        assert out.is_error and text_of(out).startswith("[cordon blocked]"), text_of(out)
        assert "arg.path_outside" in text_of(out), text_of(out)
        assert "private secret history" not in text_of(out)
        assert "outside the allowed repository" not in text_of(out)  # not the server's answer
