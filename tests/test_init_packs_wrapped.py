"""``cordon init --packs`` on an entry already behind cordon without its pack's policy: init
leaves wrapped entries as they are, so the pack was silently not given ("already behind
cordon, unchanged", exit 0, no policy file) while the user who asked for packs believed the
server was under one. Now as for a ``--policy`` it does not run with: stderr names the entry,
why nothing changed and the two commands that apply it (``--undo --server NAME``, then
``--packs --server NAME``), and init exits 1 when it changed nothing else; the other servers
asked for are still wrapped (with their packs). An entry that runs with exactly the policy
``--packs`` gives it is as asked (exit 0, said on stdout). Through the real ``cordon init``
process in a temporary HOME, real files."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

import yaml

from cordon.clientconfig import plan_init
from tests.conftest import cordon_exe

FS = "@modelcontextprotocol/server-filesystem"


def _cordon(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``cordon ARGS`` as the newcomer ran it: HOME ``home``, from ``home`` (the config named
    relatively), columns wide enough that no line of stderr is broken."""
    return subprocess.run(
        [*cordon_exe(), *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=home,
        env={**os.environ, "HOME": str(home), "COLUMNS": "2000"},
        check=False,
    )


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    (home / "proj").mkdir(parents=True)
    return home


def _write(home: Path, servers: dict[str, object]) -> None:
    (home / ".mcp.json").write_text(json.dumps({"mcpServers": servers}), "utf-8")


def _files(home: Path) -> dict[str, object]:
    return {"command": "npx", "args": ["-y", FS, str(home / "proj")]}


def _entries(home: Path) -> dict[str, dict[str, list[str]]]:
    return json.loads((home / ".mcp.json").read_text("utf-8"))["mcpServers"]  # type: ignore[no-any-return]


def _policies(args: list[str]) -> list[str]:
    own = args[: args.index("--")] if "--" in args else args
    return [own[i + 1] for i, a in enumerate(own[:-1]) if a == "--policy"]


def _pack_file(home: Path, name: str) -> Path:
    """The policy file --packs gives server ``name``: named by its pin file."""
    pins = _entries(home)[name]["args"]
    pin_file = Path(pins[pins.index("--pin-file") + 1])
    return home / ".cordon" / "policies" / (pin_file.stem + ".yaml")


def test_packs_on_a_server_wrapped_without_them_fails_and_says_how(tmp_path: Path) -> None:
    """The newcomer's run: init, then init --packs (the prompt hook still added)."""
    home = _home(tmp_path)
    _write(home, {"files": _files(home)})
    first = _cordon(home, "init", "--config", ".mcp.json", "--no-packs", "-y", "--no-hook")
    assert first.returncode == 0, first.stdout + first.stderr
    wrapped = (home / ".mcp.json").read_bytes()
    policy = _pack_file(home, "files")

    asked = _cordon(home, "init", "--config", ".mcp.json", "--packs", "-y")
    assert asked.returncode == 1, asked.stdout + asked.stderr
    assert (home / ".mcp.json").read_bytes() == wrapped
    assert not (home / ".cordon" / "policies").exists()
    err = asked.stderr
    assert "files: already behind cordon, so its policy was NOT changed (it runs with no " in err
    assert f"--packs gives it pack 'filesystem' in {policy}" in err
    assert "NOT done: files: the policy of its pack 'filesystem' was not applied" in err
    assert ".mcp.json not changed: nothing asked was done" in err
    undo = "cordon init --config .mcp.json --undo --server files"
    again = "cordon init --config .mcp.json --server files --packs"
    assert f"{undo}, then {again}" in err

    # the two commands it names, as printed, give the server its pack
    for said in (undo, again):
        done = _cordon(home, *shlex.split(said)[1:], "-y", "--no-hook")
        assert done.returncode == 0, done.stdout + done.stderr
    assert _policies(_entries(home)["files"]["args"]) == [str(policy)]
    data = yaml.safe_load(policy.read_text("utf-8"))
    assert data["packs"] == ["filesystem"]
    assert data["allowed_path_prefixes"] == [str(home / "proj")]


def test_the_default_on_a_server_wrapped_without_packs_says_so(tmp_path: Path) -> None:
    """The packs are init's default: a config wrapped with --no-packs (or by an older
    cordon), run through plain ``cordon init`` again, is told its pack was not applied (exit
    1), not ``nothing to change``; ``--no-packs`` again is as asked."""
    home = _home(tmp_path)
    _write(home, {"files": _files(home)})
    first = _cordon(home, "init", "--config", ".mcp.json", "--no-packs", "-y", "--no-hook")
    assert first.returncode == 0, first.stdout + first.stderr
    wrapped = (home / ".mcp.json").read_bytes()
    plain = _cordon(home, "init", "--config", ".mcp.json", "-y", "--no-hook")
    assert plain.returncode == 1, plain.stdout + plain.stderr
    assert "NOT done: files: the policy of its pack 'filesystem' was not applied" in plain.stderr
    assert (home / ".mcp.json").read_bytes() == wrapped
    opted = _cordon(home, "init", "--config", ".mcp.json", "--no-packs", "-y", "--no-hook")
    assert opted.returncode == 0 and "nothing to change" in opted.stdout, opted.stderr
    assert "NOT" not in opted.stderr, opted.stderr


def test_packs_twice_is_as_asked_and_says_so(tmp_path: Path) -> None:
    home = _home(tmp_path)
    servers = {"files": _files(home), "mine": {"command": "python3", "args": ["srv.py"]}}
    _write(home, servers)
    first = _cordon(home, "init", "--config", ".mcp.json", "--packs", "-y", "--no-hook")
    assert first.returncode == 0, first.stdout + first.stderr
    wrapped = (home / ".mcp.json").read_bytes()
    policy = _pack_file(home, "files")
    assert _policies(_entries(home)["files"]["args"]) == [str(policy)]
    assert _policies(_entries(home)["mine"]["args"]) == []  # no pack fits it

    again = _cordon(home, "init", "--config", ".mcp.json", "--packs", "-y", "--no-hook")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "nothing to change" in again.stdout
    assert f"files: --packs: pack 'filesystem' given already: --policy {policy}" in again.stdout
    assert "NOT" not in again.stderr, again.stderr  # mine: no pack fits, nothing was asked
    assert (home / ".mcp.json").read_bytes() == wrapped
    assert policy.is_file()


def test_a_new_server_is_wrapped_the_wrapped_one_is_named(tmp_path: Path) -> None:
    """As with --policy: what can be done is done (the new server wrapped with its pack,
    written), what cannot is named on stderr; exit 0 since the file changed."""
    home = _home(tmp_path)
    _write(home, {"files": _files(home)})
    first = ("init", "--config", ".mcp.json", "--no-packs", "-y", "--no-hook")
    assert _cordon(home, *first).returncode == 0
    before = _entries(home)["files"]
    memory = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}
    _write(home, {**_entries(home), "notes": memory})

    both = _cordon(home, "init", "--config", ".mcp.json", "--packs", "-y", "--no-hook")
    assert both.returncode == 0, both.stdout + both.stderr
    assert "NOT done: files: the policy of its pack 'filesystem' was not applied" in both.stderr
    assert "nothing asked was done" not in both.stderr
    after = _entries(home)
    assert after["files"] == before
    assert not _pack_file(home, "files").exists()
    notes = _pack_file(home, "notes")
    assert _policies(after["notes"]["args"]) == [str(notes)]
    assert yaml.safe_load(notes.read_text("utf-8"))["packs"] == ["memory"]


def test_another_policy_is_named_no_pack_is_as_asked(tmp_path: Path) -> None:
    """A server wrapped with a policy of the user's: --packs would give it the pack's
    instead, so it is not done and stderr names both; a server no pack fits, wrapped with
    the user's policy, is as --packs asks (nothing to give it: the user's policy stays)."""
    home = _home(tmp_path)
    mine = tmp_path / "mine.yaml"
    mine.write_text("version: 1\n", "utf-8")
    servers = {"files": _files(home), "own": {"command": "python3", "args": ["srv.py"]}}
    _write(home, servers)
    for name in servers:
        run = ("init", "--config", ".mcp.json", "--server", name, "--policy", str(mine))
        assert _cordon(home, *run, "-y", "--no-hook").returncode == 0
    wrapped = (home / ".mcp.json").read_bytes()

    asked = _cordon(home, "init", "--config", ".mcp.json", "--packs", "-y", "--no-hook")
    assert asked.returncode == 1, asked.stdout + asked.stderr
    runs = f"files: already behind cordon, so its policy was NOT changed (it runs with {mine}; "
    assert runs in asked.stderr, asked.stderr
    assert "own:" not in asked.stderr
    assert (home / ".mcp.json").read_bytes() == wrapped

    own = ("init", "--config", ".mcp.json", "--server", "own", "--packs", "-y", "--no-hook")
    alone = _cordon(home, *own)
    assert alone.returncode == 0 and "nothing to change" in alone.stdout, alone.stderr


def test_a_codex_config_says_the_same(tmp_path: Path) -> None:
    """Codex's config.toml goes through its own planner; the same words, the same exit."""
    import tomlkit

    home = _home(tmp_path)
    config = home / "config.toml"
    config.write_text(tomlkit.dumps({"mcp_servers": {"files": _files(home)}}), "utf-8")
    first = ("init", "--config", "config.toml", "--no-packs", "-y", "--no-hook")
    assert _cordon(home, *first).returncode == 0
    wrapped = config.read_bytes()
    asked = _cordon(home, "init", "--config", "config.toml", "--packs", "-y", "--no-hook")
    assert asked.returncode == 1, asked.stdout + asked.stderr
    assert config.read_bytes() == wrapped
    assert "NOT done: files: the policy of its pack 'filesystem' was not applied" in asked.stderr
    assert "cordon init --config config.toml --server files --packs" in asked.stderr


def test_a_projects_entry_names_its_project(tmp_path: Path) -> None:
    """~/.claude.json: the commands name --project DIR, or they would unwrap and rewrap the
    name in every project's table (planning only)."""
    home = _home(tmp_path)
    proj = home / "proj"
    config = home / ".claude.json"
    config.write_text(
        json.dumps({"projects": {str(proj): {"mcpServers": {"files": _files(home)}}}}), "utf-8"
    )
    pins = home / ".cordon" / "pins"
    first = _cordon(home, "init", "--config", str(config), "--no-packs", "-y", "--no-hook")
    assert first.returncode == 0, first.stdout + first.stderr
    plan = plan_init(config, packs=True, pin_dir=pins)
    assert not plan.changed and plan.policy_files == {}
    assert plan.not_done == (
        f"project {proj}: files: the policy of its pack 'filesystem' was not applied "
        "(it is already behind cordon)",
    )
    init = f"cordon init --config {config} --project {proj}"
    assert any(f"then {init} --server files --packs" in w for w in plan.warnings), plan.warnings
