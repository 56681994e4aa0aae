"""``cordon suggest`` after a real session of the npm filesystem server behind the real
``cordon run``, as a newcomer runs it: without ``--policy`` it reads the policy each server's
start record names (as ``cordon report`` does) and says so, so it proposes nothing the
``filesystem`` pack already covers (before: ``exfiltrating: false`` for each read-only tool);
and a file name written in ``write_file``'s ``path`` (``readme.md``: ``.md`` is Moldova's
top-level domain) is no host, so no note calls ``path`` a parameter holding what is sent."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
import yaml
from mcp import Client

from tests.conftest import Harness, cordon_exe, fs_server

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _suggest(harness: Harness, *args: str) -> str:
    p = subprocess.run(
        [*cordon_exe(), "suggest", "--audit", str(harness.audit), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": str(harness.home)},
        check=False,
    )
    assert p.returncode == 0, p.stderr
    return p.stdout


async def _session(harness: Harness, root: Path, policy: Path, pins: Path) -> None:
    params = harness.cordon(
        fs_server(root), policies=[policy], extra=["--pin-file", str(pins)], name="files"
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        await client.call_tool("list_directory", {"path": str(root)})
        await client.call_tool("read_text_file", {"path": str(root / "a.txt")})
        for name in ("readme.md", "CLAUDE.md", "notes.md"):
            # the verdict record keeps the argument as the agent wrote it
            await client.call_tool("write_file", {"path": name, "content": "x"})
        await client.call_tool("get_file_info", {"path": "notes.md"})


@pytest.fixture
def root(harness: Harness) -> Path:
    root = harness.tmp / "project"
    root.mkdir()
    (root / "a.txt").write_text("hello\n", "utf-8")
    return root


async def test_without_policy_the_start_records_policy_is_left_out(
    harness: Harness, root: Path
) -> None:
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "allowed_path_prefixes": [str(root)],
            "base_dir": str(root),
        }
    )
    pins = harness.tmp / "pins.json"
    await _session(harness, root, policy, pins)
    out = _suggest(harness, "--pins", str(pins))
    proposal = yaml.safe_load(out)
    assert proposal["tools"] == {}, out  # every tool the server lists, the pack names
    assert "exfiltrating" not in out
    said = f"# its policy, from its latest start record in the log: {policy}; the "
    assert said in out and "tool(s) it names are left out" in out, out


async def test_a_file_name_in_a_path_is_no_destination(harness: Harness, root: Path) -> None:
    """No pack: write_file is not named by the policy, so suggest judges its arguments."""
    policy = harness.policy({"version": 1})
    pins = harness.tmp / "pins.json"
    await _session(harness, root, policy, pins)
    out = _suggest(harness, "--pins", str(pins), "--server", "files")
    proposal = yaml.safe_load(out)
    assert "write_file" not in proposal["tools"]
    assert not any("sink_params" in e for e in proposal["tools"].values()), out
    assert "mentioned a destination in 'path'" not in out, out
    assert "which holds what is written or sent" not in out, out
    assert (
        f"# its policy, from its latest start record in the log: {policy}; it names no tool" in out
    )
