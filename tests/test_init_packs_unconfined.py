"""``cordon init --packs`` for a server whose pack takes paths but cannot be confined (the
filesystem server given ``/``, the home folder or a folder above it, a relative directory or
none; the git server with no ``--repository``; Desktop Commander, which takes no directory).

A pack lifts the server's ``destructiveHint`` for its path tools (``destructive: false``)
because path confinement stands in for it. Written without prefixes, that made the pack
looser than no pack: the filesystem server marks ``write_file`` destructive, so with no pack
each write is asked about, and with the unconfined pack every write under the home folder
(``~/.local/bin/ls``, a systemd unit, ``~/.vimrc``) went through unasked. Now the policy file
writes those tools ``destructive: null`` (the server's annotation decides, as with no pack)
and init says so on stderr with the reason. Through the real ``cordon init`` process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from cordon import Engine
from cordon.pin_paths import pin_file_for
from tests.conftest import run_cordon

FS = "@modelcontextprotocol/server-filesystem@2026.8.31"
DC = "@wonderwhy-er/desktop-commander@0.2.52"
#: the filesystem server's tools as it lists them (npm 2026.8.31): its annotations
FS_TOOLS = [
    {
        "name": name,
        "description": name,
        "inputSchema": {"type": "object", "properties": dict.fromkeys(props, {"type": "string"})},
        "annotations": ann,
    }
    for name, props, ann in (
        ("write_file", ("path", "content"), {"destructiveHint": True, "readOnlyHint": False}),
        ("edit_file", ("path", "edits"), {"destructiveHint": True, "readOnlyHint": False}),
        ("move_file", ("source", "destination"), {"destructiveHint": True}),
        ("create_directory", ("path",), {"destructiveHint": False, "readOnlyHint": False}),
        ("read_text_file", ("path",), {"readOnlyHint": True}),
    )
]


def _init(home: Path, tmp: Path, servers: dict[str, Any]) -> tuple[Any, dict[str, Path]]:
    """``cordon init --packs`` of a config holding ``servers``: the run, each policy file."""
    config = tmp / "mcp.json"
    config.write_text(json.dumps({"mcpServers": servers}), "utf-8")
    run = ("init", "--config", str(config), "--pin-dir", str(home / ".cordon" / "pins"), "-y")
    done = run_cordon(home, *run, "--packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    entries = json.loads(config.read_text("utf-8"))["mcpServers"]
    policies = {}
    for name, entry in entries.items():
        args = entry["args"]
        if "--policy" in args:
            policies[name] = Path(args[args.index("--policy") + 1])
    return done, policies


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "users" / "me"
    (home / "project").mkdir(parents=True)
    return home


def _verdict(policy: Path, tool: str, args: dict[str, Any]) -> tuple[str, str]:
    engine = Engine.from_policy([policy])
    engine.pin_tools(FS_TOOLS)
    v = engine.new_session(trusted=["tidy my notes"]).check(tool, args)
    return v.verdict, v.rule


@pytest.mark.parametrize("where", ["home", "root", "above_home"])
def test_an_unconfined_filesystem_pack_keeps_the_servers_asks(tmp_path: Path, where: str) -> None:
    home = _home(tmp_path)
    folder = {"home": home, "root": Path("/"), "above_home": tmp_path / "users"}[where]
    server = {"command": "npx", "args": ["-y", FS, str(folder)]}
    done, policies = _init(home, tmp_path, {"files": server})
    policy = policies["files"]
    data = yaml.safe_load(policy.read_text("utf-8"))
    assert data["packs"] == ["filesystem"] and "allowed_path_prefixes" not in data, data
    for tool in ("write_file", "edit_file", "move_file", "create_directory", "read_text_file"):
        assert data["tools"][tool] == {"destructive": None}, data["tools"]
    assert "destructive: false" not in policy.read_text("utf-8")
    warning = [line for line in done.stderr.splitlines() if "pack 'filesystem'" in line]
    assert len(warning) == 1, done.stderr
    assert f"{folder} is /, the home folder or a folder above it" in warning[0], warning
    assert "asked about, as with no pack" in warning[0], warning
    # what the file does: each write the server marks destructive is asked about, as with no
    # pack; a directory made (the server: not destructive) and a read are not
    note = str(home / "notes" / "todo.md")
    wrote = _verdict(policy, "write_file", {"path": note, "content": "x"})
    assert wrote == ("ask", "action.destructive_hint")
    moved = _verdict(policy, "move_file", {"source": note, "destination": note + ".bak"})
    assert moved == ("ask", "action.destructive_hint")
    assert _verdict(policy, "create_directory", {"path": str(home / "x")})[0] == "allow"
    assert _verdict(policy, "read_text_file", {"path": note})[0] == "allow"
    # as the file says: with prefixes added, a write they confine is not asked about
    project = home / "project"
    policy.write_text(policy.read_text("utf-8") + f"allowed_path_prefixes: [{project}]\n")
    inside = {"path": str(project / "notes.md"), "content": "x"}
    assert _verdict(policy, "write_file", inside) == ("allow", "default.allow")
    assert _verdict(policy, "write_file", {"path": note, "content": "x"})[0] == "deny"


def test_a_confined_filesystem_pack_is_as_before(tmp_path: Path) -> None:
    """The near miss: a project directory below the home folder is the prefix; no entries,
    no warning, and a write inside it is not asked about (confinement is the control)."""
    home = _home(tmp_path)
    project = home / "project"
    server = {"command": "npx", "args": ["-y", FS, str(project)]}
    done, policies = _init(home, tmp_path, {"files": server})
    data = yaml.safe_load(policies["files"].read_text("utf-8"))
    assert data == {
        "version": 1,
        "packs": ["filesystem"],
        "base_dir": str(project),
        "allowed_path_prefixes": [str(project)],
    }
    assert "warning" not in done.stderr, done.stderr
    note = {"path": str(project / "notes.md"), "content": "x"}
    assert _verdict(policies["files"], "write_file", note) == ("allow", "default.allow")


@pytest.mark.parametrize(
    ("name", "args", "pack", "why"),
    [
        ("bare", ["-y", FS], "filesystem", "no directory given"),
        ("tilde", ["-y", FS, "~/notes"], "filesystem", "~/notes is not an absolute path"),
        ("gone", ["-y", FS, "/nonexistent/dir"], "filesystem", "is not a directory here"),
        ("repo", ["mcp-server-git"], "git", "no single --repository DIR"),
        ("shell", ["-y", DC], "desktop_commander", "does not read which directories"),
    ],
)
def test_each_unconfined_pack_says_why_on_stderr(
    tmp_path: Path, name: str, args: list[str], pack: str, why: str
) -> None:
    home = _home(tmp_path)
    command = "uvx" if pack == "git" else "npx"
    done, policies = _init(home, tmp_path, {name: {"command": command, "args": args}})
    data = yaml.safe_load(policies[name].read_text("utf-8"))
    assert data["packs"] == [pack], data
    assert data["tools"] and all(v == {"destructive": None} for v in data["tools"].values())
    assert f"cordon init: warning: {name}: pack {pack!r} is not confined" in done.stderr
    assert why in done.stderr, done.stderr


def test_a_pack_without_path_tools_gets_no_entries(tmp_path: Path) -> None:
    """The memory server's pack takes no path: nothing to confine, nothing said."""
    home = _home(tmp_path)
    server = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}
    done, policies = _init(home, tmp_path, {"notes": server})
    assert yaml.safe_load(policies["notes"].read_text("utf-8")) == {
        "version": 1,
        "packs": ["memory"],
    }
    assert "warning" not in done.stderr, done.stderr


def test_a_file_left_as_it_is_is_named(tmp_path: Path) -> None:
    """A policy file there already (an earlier init's, without the entries) is never
    overwritten: the warning says so, to check it."""
    home = _home(tmp_path)
    server = {"command": "npx", "args": ["-y", FS, str(home)]}
    pins = pin_file_for("files", server, home / ".cordon" / "pins")
    policy = home / ".cordon" / "policies" / (pins.stem + ".yaml")
    policy.parent.mkdir(parents=True)
    policy.write_text("version: 1\npacks: [filesystem]\n", "utf-8")
    done, policies = _init(home, tmp_path, {"files": server})
    assert policies["files"] == policy
    assert policy.read_text("utf-8") == "version: 1\npacks: [filesystem]\n"
    assert "left as it is: check that it does the same" in done.stderr, done.stderr
