"""``cordon init``'s list of cordon's files (:mod:`cordon.clientstate`,
``~/.cordon/state/wrapped.json``): what a written config's ``cordon run`` entries name is
recorded before the config is written, a config undone is dropped, in JSON (Claude Code's
projects too) and Codex TOML configs."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from cordon.clientconfig import apply_plan, plan_init, plan_undo
from cordon.clientstate import config_state_paths, run_state_paths


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def _listed(home: Path) -> dict[str, list[str]]:
    data = orjson.loads((home / ".cordon" / "state" / "wrapped.json").read_bytes())
    assert data["version"] == 1
    return data["configs"]  # type: ignore[no-any-return]


def test_run_arguments_name_the_files_up_to_the_double_dash(tmp_path: Path) -> None:
    args = [
        "run",
        "--name",
        "x",
        "--policy",
        "/p/a.yaml",
        "--policy=rel/b.yaml",
        "--pin-file",
        "~/pins/x.json",
        "--audit",
        "/p/audit.jsonl",
        "--approvals-store=/p/approvals.json",
        "--",
        "server",
        "--policy",
        "/not/cordons.yaml",
    ]
    assert run_state_paths(args, tmp_path) == [
        "/p/a.yaml",
        str(tmp_path / "rel" / "b.yaml"),
        str(Path("~/pins/x.json").expanduser()),
        "/p/audit.jsonl",
        "/p/audit.jsonl.lock",  # the writers' lock and every rotated file kept
        *(f"/p/audit.jsonl.{i}" for i in range(1, 11)),
        "/p/approvals.json",
    ]
    assert run_state_paths(["run", "--policy"], tmp_path) == []


def test_init_records_each_wrapped_entrys_files_and_undo_drops_them(
    tmp_path: Path, _home: Path
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    config = project / ".mcp.json"
    servers = {"files": {"command": "npx", "args": ["fs"]}, "mail": {"command": "mail"}}
    config.write_text(json.dumps({"mcpServers": servers}), "utf-8")
    for name in servers:
        (project / f"{name}.yaml").write_text("version: 1\n", "utf-8")
        plan = plan_init(config, servers=[name], policies=[project / f"{name}.yaml"])
        apply_plan(plan)
    listed = _listed(_home)
    assert list(listed) == [str(config.resolve())]
    files = listed[str(config.resolve())]
    assert str(project / "files.yaml") in files and str(project / "mail.yaml") in files
    assert any(p.endswith(".json") and "/pins/" in p for p in files)  # the pin files
    apply_plan(plan_undo(config, servers=["mail"]))
    files = _listed(_home)[str(config.resolve())]
    assert str(project / "mail.yaml") not in files and str(project / "files.yaml") in files
    apply_plan(plan_undo(config))
    assert _listed(_home) == {}


def test_a_list_that_cannot_be_read_leaves_the_config_unwritten(
    tmp_path: Path, _home: Path
) -> None:
    config = tmp_path / ".mcp.json"
    raw = json.dumps({"mcpServers": {"files": {"command": "npx"}}}).encode()
    config.write_bytes(raw)
    (tmp_path / "p.yaml").write_text("version: 1\n", "utf-8")
    state = _home / ".cordon" / "state"
    state.mkdir(parents=True)
    (state / "wrapped.json").write_text("not json")
    from cordon.clientconfig import ClientConfigError

    with pytest.raises(ClientConfigError):
        apply_plan(plan_init(config, policies=[tmp_path / "p.yaml"]))
    assert config.read_bytes() == raw


def test_claude_code_projects_and_codex_tables_are_read(tmp_path: Path) -> None:
    entry = {"command": "/bin/cordon", "args": ["run", "--policy", "/p/top.yaml", "--", "x"]}
    inner = {"command": "cordon", "args": ["run", "--policy", "/p/proj.yaml", "--", "y"]}
    plain = {"command": "npx", "args": ["--policy", "/p/not.yaml"]}
    doc = {"mcpServers": {"a": entry, "b": plain}, "projects": {"/p": {"mcpServers": {"c": inner}}}}
    path = tmp_path / ".claude.json"
    assert config_state_paths(path, json.dumps(doc).encode()) == ["/p/top.yaml", "/p/proj.yaml"]
    toml = (
        '[mcp_servers.git]\ncommand = "/bin/cordon"\n'
        'args = ["run", "--policy", "/p/git.yaml", "--", "uvx", "mcp-server-git"]\n'
    )
    codex = tmp_path / ".codex" / "config.toml"
    codex.parent.mkdir()
    assert config_state_paths(codex, toml.encode()) == ["/p/git.yaml"]


def test_init_on_a_config_already_wrapped_records_it(tmp_path: Path, _home: Path) -> None:
    """A config wrapped before the list existed (or whose record was lost) is recorded when
    ``cordon init`` runs on it again, though nothing in it changes."""
    from typer.testing import CliRunner

    from cordon.cli import app

    config = tmp_path / ".mcp.json"
    config.write_text(json.dumps({"mcpServers": {"files": {"command": "npx"}}}), "utf-8")
    (tmp_path / "p.yaml").write_text("version: 1\n", "utf-8")
    apply_plan(plan_init(config, policies=[tmp_path / "p.yaml"]))
    (_home / ".cordon" / "state" / "wrapped.json").unlink()
    done = CliRunner().invoke(
        app, ["init", "--config", str(config), "-y"], env={"HOME": str(_home)}
    )
    assert done.exit_code == 0 and "already behind cordon" in done.output, done.output
    assert str(tmp_path / "p.yaml") in _listed(_home)[str(config.resolve())]
