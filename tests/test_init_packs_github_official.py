"""``cordon init --packs`` (and the pack hint without it) finds the ``github_official`` pack
for GitHub's own MCP server in the ways its README configures it: the Docker image
(``docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server``,
a tag or digest too), the binary (``github-mcp-server stdio``), and the hosted remote
server (a ``url`` entry of ``https://api.githubcopilot.com/mcp/``, its toolset and read-only
paths, Enterprise Cloud's ``copilot-api.SUB.ghe.com``; ``mcp-remote URL`` too). Before, each
was wrapped with no policy and no line said a pack existed: a user's GitHub writes ran with
cordon's defaults, which take no ``owner``/``repo`` for destinations. A host that only
looks like GitHub's, plain http, or another path gets no pack. Through the real ``cordon
init`` process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import run_cordon

IMAGE = "ghcr.io/github/github-mcp-server"
SERVERS: dict[str, dict[str, Any]] = {
    "gh_docker": {
        "command": "docker",
        "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", IMAGE],
        "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PAT}"},
    },
    "gh_docker_tag": {"command": "docker", "args": ["run", "-i", "--rm", f"{IMAGE}:v1.4.0"]},
    "gh_docker_digest": {"command": "docker", "args": ["run", "-i", "--rm", f"{IMAGE}@sha256:0f"]},
    "gh_bin": {"command": "github-mcp-server", "args": ["stdio", "--toolsets", "all"]},
    "gh_remote": {
        "type": "http",
        "url": "https://api.githubcopilot.com/mcp/",
        "headers": {"Authorization": "Bearer ${GITHUB_PAT}"},
    },
    "gh_issues_ro": {"type": "http", "url": "https://api.githubcopilot.com/mcp/x/issues/readonly"},
    "gh_ghe": {"type": "http", "url": "https://copilot-api.octocorp.ghe.com/mcp"},
    "gh_bridge": {"command": "npx", "args": ["-y", "mcp-remote", "https://api.githubcopilot.com/mcp/"]},
    # not GitHub's server: no pack
    "lookalike": {"type": "http", "url": "https://api.githubcopilot.com.evil.example/mcp/"},
    "other_path": {"type": "http", "url": "https://api.githubcopilot.com/chat/"},
}  # fmt: skip
FITS = {n for n in SERVERS if n.startswith("gh_")}


def _init(tmp: Path, *extra: str) -> tuple[Path, str]:
    (tmp / "home").mkdir(exist_ok=True)
    config = tmp / ".mcp.json"
    config.write_text(json.dumps({"mcpServers": SERVERS}), "utf-8")
    done = run_cordon(
        tmp / "home", "init", "--config", str(config), "--pin-dir", str(tmp / "pins"), "-y",
        "--no-hook", *extra,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return config, done.stdout


def _said(out: str) -> dict[str, list[str]]:
    lines: dict[str, list[str]] = {}
    for line in out.splitlines():
        name, _, rest = line.strip().partition(": ")
        lines.setdefault(name, []).append(rest)
    return lines


def test_packs_gives_each_form_of_githubs_server_the_official_pack(tmp_path: Path) -> None:
    config, out = _init(tmp_path, "--packs")
    said = _said(out)
    entries = json.loads(config.read_text("utf-8"))["mcpServers"]
    for name in SERVERS:
        args = entries[name]["args"]
        own = args[: args.index("--")] if "--" in args else args
        if name not in FITS:
            assert "--policy" not in own, (name, args)
            assert "--packs: no built-in pack fits it" in " ".join(said[name]), said[name]
            continue
        assert "--packs: pack 'github_official'" in " ".join(said[name]), (name, said[name])
        policy = Path(own[own.index("--policy") + 1])
        assert yaml.safe_load(policy.read_text("utf-8")) == {
            "version": 1,
            "packs": ["github_official"],
        }
    remote = " ".join(said["gh_remote"])
    assert "written for https://api.githubcopilot.com/mcp/, which it reaches" in remote, remote
    assert f"written for {IMAGE}, which it runs" in " ".join(said["gh_docker_tag"])


def test_without_packs_the_hint_names_the_official_pack(tmp_path: Path) -> None:
    _, out = _init(tmp_path, "--no-packs")
    hints = {ln.split(":")[0].strip(): ln for ln in out.splitlines() if "hint: the built-in" in ln}
    assert set(hints) == FITS, out
    for name in FITS:
        assert "the built-in pack 'github_official'" in hints[name], hints[name]
        assert "`packs: [github_official]`" in hints[name], hints[name]


@pytest.mark.parametrize(
    ("real", "near"),
    [
        ({"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
         {"type": "http", "url": "http://api.githubcopilot.com/mcp/"}),  # not https
        ({"type": "http", "url": "https://api.githubcopilot.com/mcp"},
         {"type": "http", "url": "https://api.githubcopilot.com/mcpx"}),
        ({"type": "http", "url": "https://copilot-api.octocorp.ghe.com/mcp"},
         {"type": "http", "url": "https://copilot-api.ghe.com.evil.example/mcp"}),
        ({"command": "docker", "args": ["run", "-i", f"{IMAGE}:latest"]},
         {"command": "docker", "args": ["run", "-i", "ghcr.io/someone/github-mcp-server-fork"]}),
    ],
)  # fmt: skip
def test_the_endpoint_or_image_gets_the_pack_and_a_near_miss_none(
    real: dict[str, Any], near: dict[str, Any]
) -> None:
    from cordon.clientpolicy import pack_for

    fits = pack_for("x", real, None)
    assert fits is not None and fits[0] == "github_official", fits
    assert pack_for("x", near, None) is None
