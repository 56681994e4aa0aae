"""A git checkout cannot swap the project's wrapped client config for another ref's unwrapped
copy unasked (config swap: the client's next start runs those servers without cordon).
mcp-server-git's ``git_checkout`` of a branch whose committed ``.mcp.json`` is unwrapped
replaced the wrapped file in the work tree; now it is ``action.credential_write``, as ``cp x
.mcp.json`` is, and the file stays as it was. A checkout in a repository without such a file
still runs. The real ``cordon run`` in front of PyPI ``mcp-server-git``, the policy ``packs:
[git]`` as a user writes it, driven by the SDK client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e._pack_servers import VENV_BIN
from tests.e2e.test_git_checkout_cordon_state import _git

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_PLAIN = {"mcpServers": {"files": {"command": "npx", "args": ["-y", "server-filesystem"]}}}
_WRAPPED = {"mcpServers": {"files": {"command": "cordon", "args": ["run", "--", "npx", "-y",
                                                                   "server-filesystem"]}}}  # fmt: skip


def _repo(root: Path, config: bool) -> Path:
    """A repository whose branch ``plain`` holds the unwrapped ``.mcp.json`` and ``main`` the
    wrapped one (or, without ``config``, a README in both)."""
    repo = root / "ws"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    name = ".mcp.json" if config else "README.md"
    (repo / name).write_text(json.dumps(_PLAIN), "utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "servers")
    _git(repo, "branch", "plain")
    (repo / name).write_text(json.dumps(_WRAPPED), "utf-8")
    _git(repo, "commit", "-qam", "servers behind cordon")
    return repo


async def _checkout(harness: Harness, repo: Path) -> tuple[bool, str]:
    policy = harness.tmp / "git.yaml"
    policy.write_text(f"version: 1\npacks: [git]\nallowed_path_prefixes: [{repo}]\n", "utf-8")
    server = [str(VENV_BIN / "mcp-server-git"), "--repository", str(repo)]
    async with Client(harness.cordon(server, policies=[policy]), mode="legacy") as g:
        await g.list_tools()
        r = await g.call_tool("git_checkout", {"repo_path": str(repo), "branch_name": "plain"})
        return bool(r.is_error), text_of(r)


async def test_a_checkout_cannot_swap_the_wrapped_config(harness: Harness) -> None:
    repo = _repo(harness.tmp, config=True)
    before = (repo / ".mcp.json").read_text("utf-8")
    failed, text = await _checkout(harness, repo)
    assert failed and "action.credential_write" in text, text
    assert (repo / ".mcp.json").read_text("utf-8") == before
    assert _git(repo, "rev-parse", "--abbrev-ref", "HEAD") == "main"


async def test_a_checkout_without_a_config_still_runs(harness: Harness) -> None:
    repo = _repo(harness.tmp, config=False)
    failed, text = await _checkout(harness, repo)
    assert not failed, text
    assert _git(repo, "rev-parse", "--abbrev-ref", "HEAD") == "plain"
