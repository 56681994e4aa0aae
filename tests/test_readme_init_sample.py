"""The output the README shows for Quick start step 2's first `cordon init` is what that
command prints.

The sample sits under the command `cordon init --config .mcp.json --server files --policy
policy.yaml`, whose policy (step 1's) brings the filesystem pack. A line the command does not
print (such as the pack hint `init` gives an entry wrapped without a pack, which tells the
reader to add the pack they just added) leaves a newcomer unsure the policy was applied.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import yaml

from tests.conftest import cordon_exe

README = Path(__file__).resolve().parents[1] / "README.md"


def _sample_lines() -> list[str]:
    """The sample's lines before its diff (what init says of each file and server), but
    for a line that is `...` alone (lines left out)."""
    text = README.read_text("utf-8")
    start = text.index("rewrites the entry to start the server through `cordon run`:")
    block = re.search(r"```\n(.*?)```", text[start:], re.S)
    assert block is not None
    head = re.split(r"\n *--- ", block.group(1), maxsplit=1)[0]
    lines = [x.strip() for x in head.splitlines()]
    return [x for x in lines if x and x != "..."]


def _pattern(line: str) -> re.Pattern[str]:
    """A sample line as a pattern: `...` stands for text left out, and a path of the
    README's example machine (`/home/me/...`) for the path on this one."""
    parts = re.split(r"(\.\.\.|/home/me/\S*)", line)
    out = "".join(
        ".*" if p == "..." else r"\S*" if p.startswith("/home/me/") else re.escape(p) for p in parts
    )
    return re.compile(out)


def test_step2_sample_output_is_what_init_prints(tmp_path: Path) -> None:
    home, proj = tmp_path / "home", tmp_path / "proj"
    home.mkdir()
    proj.mkdir()
    entry = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."]}
    (proj / ".mcp.json").write_text(json.dumps({"mcpServers": {"files": entry}}))
    (proj / "policy.yaml").write_text(yaml.safe_dump({"version": 1, "packs": ["filesystem"]}))
    run = subprocess.run(
        [*cordon_exe(), "init", "--config", ".mcp.json", "--server", "files"]
        + ["--policy", "policy.yaml"],
        cwd=proj,
        input="y\n",
        text=True,
        capture_output=True,
        env={**os.environ, "HOME": str(home), "COLUMNS": "400"},
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    printed = [x.strip() for x in (run.stdout + run.stderr).splitlines()]
    sample = _sample_lines()
    assert any(x.startswith("files: wrapped:") for x in sample)
    missing = [x for x in sample if not any(_pattern(x).fullmatch(p) for p in printed)]
    assert not missing, f"README sample lines init does not print: {missing}\n{printed}"


def _init_without_server(tmp_path: Path, servers: list[str]) -> subprocess.CompletedProcess[str]:
    home, proj = tmp_path / "home", tmp_path / "proj"
    home.mkdir(parents=True)
    proj.mkdir()
    entry = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."]}
    (proj / ".mcp.json").write_text(json.dumps({"mcpServers": dict.fromkeys(servers, entry)}))
    (proj / "policy.yaml").write_text(yaml.safe_dump({"version": 1, "packs": ["filesystem"]}))
    return subprocess.run(
        [*cordon_exe(), "init", "--config", ".mcp.json", "--policy", "policy.yaml", "-y"],
        cwd=proj,
        text=True,
        capture_output=True,
        env={**os.environ, "HOME": str(home)},
        timeout=60,
    )


def test_a_pack_without_server_is_refused_only_for_several_servers(tmp_path: Path) -> None:
    """The README says when `init` without `--server` refuses a policy that brings a pack:
    for a file of several servers, not for a file of one (whose one server it fits)."""
    text = " ".join(README.read_text("utf-8").split())
    assert "a pack is refused then when the file has more than one server" in text
    one = _init_without_server(tmp_path / "one", ["files"])
    assert one.returncode == 0, one.stdout + one.stderr
    two = _init_without_server(tmp_path / "two", ["files", "more"])
    assert two.returncode == 2, two.stdout + two.stderr
    assert "brings pack(s) filesystem" in two.stderr
