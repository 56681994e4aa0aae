"""A git checkout rewrites every tracked file of the work tree from a ref cordon cannot read:
where cordon's own policy (or another cordon process's of the client) is tracked in that
repository, a checkout of an older commit or another branch swaps it for that ref's version,
which the next start then runs with (the ``filesystem`` pack and ``allowed_path_prefixes``
gone). A file tool's write, move or delete of that policy is denied (``action.cordon_state``);
mcp-server-git's ``git_checkout`` of the repository holding it went through unasked. Now it
is denied as that move is, the file unchanged on disk; a checkout of a repository that holds
no cordon file still runs. The real ``cordon run`` in front of PyPI ``mcp-server-git`` and the
npm filesystem server, one client (one parent process), the policies ``packs: [git]`` and
``packs: [filesystem]`` as a user writes them, driven by the SDK client."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, text_of
from tests.e2e._pack_servers import VENV_BIN

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _git(repo: Path, *args: str) -> str:
    git = shutil.which("git")
    if git is None:
        pytest.fail("git is not installed")
    done = subprocess.run(
        [git, "-C", str(repo), "-c", "user.email=me@x.example", "-c", "user.name=Me", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def _repo(root: Path) -> tuple[Path, str]:
    """A repository whose tracked cordon policies were tightened by its last commit; the
    commit before it (the weak versions) is returned with it."""
    repo = root / "ws"
    (repo / "policies").mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    (repo / "README.md").write_text("# app\n", "utf-8")
    for name in ("git", "files"):
        (repo / "policies" / f"{name}.yaml").write_text("version: 1\n", "utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "cordon policies")
    weak = _git(repo, "rev-parse", "HEAD")
    for name, pack in (("git", "git"), ("files", "filesystem")):
        text = f"version: 1\npacks: [{pack}]\nallowed_path_prefixes: [{repo}]\nbase_dir: {repo}\n"
        (repo / "policies" / f"{name}.yaml").write_text(text, "utf-8")
    _git(repo, "commit", "-qam", "cordon policies: packs, confined")
    return repo, weak


async def test_a_checkout_cannot_swap_a_tracked_cordon_policy(harness: Harness) -> None:
    repo, weak = _repo(harness.tmp)
    git_server = [str(VENV_BIN / "mcp-server-git"), "--repository", str(repo)]
    git_policy, files_policy = repo / "policies" / "git.yaml", repo / "policies" / "files.yaml"
    before = {p: p.read_text("utf-8") for p in (git_policy, files_policy)}
    files = harness.cordon(fs_server(repo), policies=[files_policy], name="files")
    gits = harness.cordon(git_server, policies=[git_policy], name="git")
    async with Client(files, mode="legacy") as fs, Client(gits, mode="legacy") as g:
        await fs.list_tools()
        await g.list_tools()
        log = await g.call_tool("git_log", {"repo_path": str(repo), "max_count": 5})
        assert weak in text_of(log), text_of(log)
        for target in (weak, "main"):
            r = await g.call_tool("git_checkout", {"repo_path": str(repo), "branch_name": target})
            assert r.is_error and "action.cordon_state" in text_of(r), text_of(r)
    assert {p: p.read_text("utf-8") for p in before} == before
    assert _git(repo, "rev-parse", "--abbrev-ref", "HEAD") == "main"


async def test_a_checkout_elsewhere_still_runs(harness: Harness) -> None:
    repo, weak = _repo(harness.tmp)
    policy = harness.tmp / "git.yaml"
    policy.write_text(f"version: 1\npacks: [git]\nallowed_path_prefixes: [{repo}]\n", "utf-8")
    git_server = [str(VENV_BIN / "mcp-server-git"), "--repository", str(repo)]
    async with Client(harness.cordon(git_server, policies=[policy]), mode="legacy") as g:
        await g.list_tools()
        r = await g.call_tool("git_checkout", {"repo_path": str(repo), "branch_name": weak})
        assert not r.is_error and "detached" in text_of(r), text_of(r)
