"""`cordon init --server NAME` (and `--undo --server NAME`) with a name the client config does
not have: a close name (case aside) is offered as "did you mean", else the file's server
names are listed, so a typo takes one look instead of opening the config."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from cordon.clientconfig import ClientConfigError, apply_plan, plan_init, plan_undo
from tests.conftest import cordon_exe

FIXTURES = Path(__file__).parent / "fixtures" / "clientconfigs"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Backups and pins go under HOME: never the real one."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def _mcp_json(tmp_path: Path) -> Path:
    """Claude Code's .mcp.json: servers filesystem, github, sentry."""
    dst = tmp_path / ".mcp.json"
    shutil.copy2(FIXTURES / "claude-code" / ".mcp.json", dst)
    return dst


def _refused(path: Path, *servers: str) -> str:
    with pytest.raises(ClientConfigError) as ei:
        plan_init(path, servers=list(servers))
    return str(ei.value)


@pytest.mark.parametrize(("typed", "meant"), [("githb", "github"), ("GitHub", "github")])
def test_a_typo_gets_the_close_name(tmp_path: Path, typed: str, meant: str) -> None:
    path = _mcp_json(tmp_path)
    said = _refused(path, typed)
    assert said == f"{path}: no server named {typed!r} (did you mean {meant!r}?)"


def test_no_close_name_lists_the_files_servers(tmp_path: Path) -> None:
    path = _mcp_json(tmp_path)
    assert _refused(path, "postgres") == (
        f"{path}: no server named 'postgres'; its servers: 'filesystem', 'github', 'sentry'"
    )
    # one typo and one stranger: each as it is, and the list for the stranger
    assert _refused(path, "filesystem", "sentyr", "postgres") == (
        f"{path}: no server named 'sentyr' (did you mean 'sentry'?), 'postgres'; its servers: "
        "'filesystem', 'github', 'sentry'"
    )


def test_a_file_with_no_servers_says_so(tmp_path: Path) -> None:
    path = tmp_path / ".mcp.json"
    path.write_text('{"mcpServers": {}}\n', "utf-8")
    assert _refused(path, "github") == f"{path}: no server named 'github'; it has no servers"


def test_undo_gets_the_hint_too(tmp_path: Path) -> None:
    path = _mcp_json(tmp_path)
    apply_plan(plan_init(path, servers=["github"]))
    with pytest.raises(
        ClientConfigError, match=r"no server named 'gitub' \(did you mean 'github'\?\)"
    ):
        plan_undo(path, servers=["gitub"])


def test_a_project_server_of_claude_json_is_offered(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    path = home / ".claude.json"
    stdio = {"command": "npx", "args": ["-y", "some-server"]}
    path.write_text(
        json.dumps(
            {
                "mcpServers": {"memory": stdio},
                "projects": {"/home/me/app": {"mcpServers": {"postgres": stdio}}},
            }
        ),
        "utf-8",
    )
    assert _refused(path, "postgress").endswith(
        "no server named 'postgress' (did you mean 'postgres'?)"
    )


def test_the_real_cli_says_it_and_changes_nothing(tmp_path: Path) -> None:
    path = _mcp_json(tmp_path)
    before = path.read_bytes()
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    env.pop("COLUMNS", None)
    r = subprocess.run(
        [*cordon_exe(), "init", "--config", str(path), "--server", "githib", "--yes"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert r.returncode != 0, (r.stdout, r.stderr)
    assert "no server named 'githib' (did you mean 'github'?)" in r.stderr + r.stdout
    assert path.read_bytes() == before
