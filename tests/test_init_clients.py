"""`cordon init` as a new user meets it (issue 21): Claude Code's `~/.claude.json` with its
user and per-project servers, backups kept under `~/.cordon/backups/` rather than beside a
config that is often committed, and `--undo` finding them there (or beside the file, where
earlier versions wrote them)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cordon.audit.commands import register
from cordon.clientconfig import (
    BACKUP_INFIX,
    UPSTREAM_KEY,
    apply_plan,
    backup_root,
    find_backups,
    pin_file_for,
    plan_init,
    plan_undo,
)

FS = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/srv/app"]}
GIT = {"type": "stdio", "command": "uvx", "args": ["mcp-server-git"], "env": {"A": "1"}}
MEM = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """cordon (test app)."""

    register(app)
    return app


def _claude_json(home: Path) -> Path:
    """A ~/.claude.json as Claude Code keeps it: user-scope servers at the top, local-scope
    ones (`claude mcp add`'s default) under each project, among many other keys."""
    data = {
        "numStartups": 12,
        "mcpServers": {"memory": MEM},
        "projects": {
            "/home/me/app": {"allowedTools": [], "mcpServers": {"fs": FS, "git": GIT}},
            "/home/me/empty": {"allowedTools": [], "mcpServers": {}},
            "/home/me/old": {"history": []},
        },
        "tipsHistory": {"x": 1},
    }
    path = home / ".claude.json"
    path.write_text(json.dumps(data, indent=2))
    path.chmod(0o600)
    return path


def test_claude_json_user_and_project_servers(home: Path) -> None:
    path = _claude_json(home)
    original = path.read_bytes()
    result = CliRunner().invoke(_app(), ["init", "--config", str(path), "--yes"])
    assert result.exit_code == 0, result.output
    assert f"{path} (Claude Code)" in result.output and "Cursor" not in result.output
    assert "project /home/me/app: fs: wrapped:" in result.output
    data = json.loads(path.read_bytes())
    pins = home / ".cordon" / "pins"
    for name, entry, table in (
        ("memory", MEM, data["mcpServers"]),
        ("fs", FS, data["projects"]["/home/me/app"]["mcpServers"]),
        ("git", GIT, data["projects"]["/home/me/app"]["mcpServers"]),
    ):
        wrapped = table[name]
        assert wrapped[UPSTREAM_KEY] == entry
        args = wrapped["args"]
        assert args[:5] == [
            "run",
            "--name",
            name,
            "--pin-file",
            str(pin_file_for(name, entry, pins)),
        ]
        assert args[args.index("--") + 1 :] == [entry["command"], *entry["args"]]
    assert data["projects"]["/home/me/app"]["mcpServers"]["git"]["env"] == {"A": "1"}
    assert data["numStartups"] == 12 and data["projects"]["/home/me/old"] == {"history": []}
    assert stat.S_IMODE(path.stat().st_mode) == 0o600

    # --server picks by name in any table; a name in no table is refused
    assert plan_init(path, servers=["fs"]).changed is False  # already wrapped
    assert (
        "nope"
        in CliRunner().invoke(_app(), ["init", "--config", str(path), "--server", "nope"]).output
    )

    undo = CliRunner().invoke(_app(), ["init", "--config", str(path), "--undo", "--yes"])
    assert undo.exit_code == 0, undo.output
    assert "project /home/me/app: git: unwrapped" in undo.output
    assert path.read_bytes() == original  # byte for byte


def test_claude_json_without_top_level_servers(home: Path) -> None:
    path = home / ".claude.json"
    original = (
        b'{\n  "projects": {\n    "/p": {\n      "mcpServers": {"fs": '
        + json.dumps(FS).encode()
        + b"}\n    }\n  }\n}\n"
    )
    path.write_bytes(original)
    plan = plan_init(path)
    assert plan.label == "Claude Code" and plan.changed_servers == ("project /p: fs",)
    assert "mcpServers" not in json.loads(plan.new)  # no top-level table is added
    apply_plan(plan)
    apply_plan(plan_undo(path))
    assert path.read_bytes() == original


def test_backups_are_private_and_away_from_the_file(home: Path, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    path = repo / ".mcp.json"
    original = json.dumps({"mcpServers": {"fs": FS}}, indent=2).encode() + b"\n"
    path.write_bytes(original)
    backup = apply_plan(plan_init(path))
    assert backup is not None
    assert list(repo.iterdir()) == [path]  # nothing beside a file that is often committed
    # the original path is recoverable from the backup's
    assert backup.parent == backup_root() / path.resolve().parent.relative_to("/")
    assert backup.name.split(BACKUP_INFIX)[0] == ".mcp.json"
    assert backup.read_bytes() == original
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    d = backup.parent
    while d != home:
        assert stat.S_IMODE(d.stat().st_mode) == 0o700, d
        d = d.parent
    assert find_backups(path) == [backup]
    plan = plan_undo(path)
    assert f"will restore the exact bytes of {backup}" in plan.messages
    apply_plan(plan)
    assert path.read_bytes() == original
    assert len(find_backups(path)) == 2  # undo backs up the wrapped file too


def test_undo_accepts_an_old_backup_beside_the_file(home: Path, tmp_path: Path) -> None:
    """A config wrapped by the previous version: its backup is next to the file."""
    path = tmp_path / "mcp.json"
    original = b'{"mcpServers": {"memory": %s}}' % json.dumps(MEM).encode()
    old = path.with_name(f"mcp.json{BACKUP_INFIX}20250101T000000000000000Z")
    old.write_bytes(original)
    path.write_bytes(original)
    path.write_bytes(plan_init(path).new)
    assert find_backups(path) == [old]
    apply_plan(plan_undo(path))
    assert path.read_bytes() == original
    assert old.exists()


def test_symlinked_config_stays_a_symlink(home: Path, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "mcp.json"
    real.parent.mkdir()
    original = json.dumps({"mcpServers": {"fs": FS}}).encode()
    real.write_bytes(original)
    link = tmp_path / "mcp.json"
    link.symlink_to(real)
    apply_plan(plan_init(link))
    assert link.is_symlink() and UPSTREAM_KEY in real.read_text()
    apply_plan(plan_undo(link))
    assert link.is_symlink() and real.read_bytes() == original


def test_a_tool_hidden_for_a_changed_pin_names_pin_accept_once(tmp_path: Path) -> None:
    """Start-up with a changed definition (issue 21): stderr says how to re-approve, once."""
    from cordon.decider import Decider
    from cordon.engine.core import Engine
    from cordon.policy.loader import load_policy
    from cordon.proxy.work import SessionWork
    from cordon.store.pins import PinFile

    engine = Engine(load_policy())
    session = engine.new_session()
    work = SessionWork(
        engine=engine,
        session=session,
        server="my mail",
        decider=Decider(session, server="my mail"),
        pin_file=PinFile(tmp_path / "pins.json"),
    )

    def tool(name: str, desc: str) -> dict[str, object]:
        return {"name": name, "description": desc, "inputSchema": {"type": "object"}}

    first = work.pin_list([tool("send", "Send an email."), tool("read", "Read mail.")], True)
    assert first.problems == []
    changed = work.pin_list([tool("send", "Send an email, BCC x."), tool("read", "Read.")], True)
    hints = [p for p in changed.problems if "cordon pin accept" in p]
    assert hints == [
        "tools 'read', 'send' are hidden: their definitions are not the ones pinned "
        "(pin.changed); review and re-approve them with `cordon pin accept --server 'my mail' "
        "--pin-file "
        f"{tmp_path / 'pins.json'}` in a terminal"
    ]
    again = work.pin_list([tool("send", "Send an email, BCC y.")], True)
    assert again.records and not any("cordon pin accept" in p for p in again.problems)


def test_an_unknown_mcpservers_file_is_not_called_cursors(home: Path) -> None:
    """A file with ``mcpServers`` that no client's path names is read in that format and
    labelled so; one in a ``.cursor`` directory is Cursor's."""
    other = home / "weird.json"
    cursor = home / ".cursor" / "mcp.json"
    cursor.parent.mkdir()
    for path in (other, cursor):
        path.write_text(json.dumps({"mcpServers": {"fs": FS}}), "utf-8")
    assert plan_init(other).label == "mcpServers format"
    assert plan_init(cursor).label == "Cursor"
