"""Red team of ``cordon init --packs`` (:mod:`cordon.clientpacks`): ways to make init write
a policy whose ``allowed_path_prefixes`` are wider than the directories the server is run
with. The filesystem pack sets its writes ``destructive: false`` (path confinement is the
control), so a prefix wider than the server's workspace lets writes there through unasked.
Through the real ``cordon init`` process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.conftest import run_cordon

FS = "@modelcontextprotocol/server-filesystem@2026.8.31"
ENTRY = {"command": "npx", "args": ["-y", FS, "${workspaceFolder}"]}


def _prefixes(home: Path, config: Path) -> object:
    """The ``allowed_path_prefixes`` ``cordon init --packs --config CONFIG`` writes."""
    run = ("init", "--config", str(config), "--pin-dir", str(home / ".cordon" / "pins"), "-y")
    done = run_cordon(home, *run, "--packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    args = json.loads(config.read_text("utf-8"))["mcpServers"]["files"]["args"]
    policy = Path(args[args.index("--policy") + 1])
    return yaml.safe_load(policy.read_text("utf-8")).get("allowed_path_prefixes")


@pytest.mark.parametrize("spelling", ["real", "dotdot", "dot"])
def test_cursor_user_file_by_another_spelling_gets_no_home_prefix(
    tmp_path: Path, spelling: str
) -> None:
    """Cursor's user-level ``~/.cursor/mcp.json`` serves every workspace: its
    ``${workspaceFolder}`` is whichever is open, not the home directory. Named by its real
    path (a symlinked home), or with ``..`` or ``.`` in it, it was read as the home folder's
    own workspace file and the home directory became the allowed prefix."""
    real = tmp_path / "realhome"
    (real / ".cursor").mkdir(parents=True)
    home = tmp_path / "home"
    home.symlink_to(real)
    config = real / ".cursor" / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"files": ENTRY}}), "utf-8")
    given = {
        "real": config,
        "dotdot": home / ".." / "home" / ".cursor" / "mcp.json",
        "dot": home / "." / ".cursor" / "mcp.json",
    }[spelling]
    assert _prefixes(home, given) is None


def test_a_project_cursor_file_still_gets_its_folder(tmp_path: Path) -> None:
    """The near miss: a project's own ``.cursor/mcp.json`` (not the home's) keeps its folder
    as the prefix."""
    home = tmp_path / "home"
    home.mkdir()
    project = home / "app"
    (project / ".cursor").mkdir(parents=True)
    config = project / ".cursor" / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"files": ENTRY}}), "utf-8")
    assert _prefixes(home, config) == [str(project)]


#: a Codex server table written in TOML's other shapes: dotted keys at the top or under
#: ``[mcp_servers]``, and a table whose ``env`` sub-table comes after another table
CODEX_SHAPES = {
    "dotted": 'mcp_servers.files.command = "npx"\nmcp_servers.files.args = ["-y", "{FS}", "{D}"]\n',
    "dotted_under": '[mcp_servers]\nfiles.command = "npx"\nfiles.args = ["-y", "{FS}", "{D}"]\n',
    "split": (
        '[mcp_servers.files]\ncommand = "npx"\nargs = ["-y", "{FS}", "{D}"]\n\n'
        '[model_providers.x]\nname = "x"\n\n[mcp_servers.files.env]\nFOO = "1"\n'
    ),
}


@pytest.mark.parametrize("shape", sorted(CODEX_SHAPES))
def test_a_codex_table_in_any_toml_shape_is_wrapped_and_undone(tmp_path: Path, shape: str) -> None:
    """Dotted keys and a table split around another one are the same table to TOML (and to
    Codex); init stopped on them with a traceback (exit 1), so the server stayed unguarded.
    Now it is wrapped with its pack, Codex's reading of the file keeps every other key, and
    ``--undo`` gives the file back byte for byte."""
    import tomlkit

    work = tmp_path / "work"
    work.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / "config.toml"
    config.write_text(CODEX_SHAPES[shape].replace("{FS}", FS).replace("{D}", str(work)), "utf-8")
    before = config.read_bytes()
    run = ("init", "--config", str(config), "--pin-dir", str(home / ".cordon" / "pins"), "-y")
    done = run_cordon(home, *run, "--packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    entry = tomlkit.parse(config.read_text("utf-8")).unwrap()["mcp_servers"]["files"]
    args = entry["args"]
    assert args[0] == "run" and args[args.index("--") + 1 :] == ["npx", "-y", FS, str(work)]
    policy = yaml.safe_load(Path(args[args.index("--policy") + 1]).read_text("utf-8"))
    assert policy["allowed_path_prefixes"] == [str(work)]
    assert entry.get("env") == ({"FOO": "1"} if shape == "split" else None)
    assert entry["x-cordon-upstream"]["command"] == "npx"
    undone = run_cordon(home, "init", "--config", str(config), "--undo", "-y")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    assert config.read_bytes() == before


@pytest.mark.parametrize("where", ["root", "home", "above_home"])
def test_a_server_given_root_or_home_gets_no_prefix(tmp_path: Path, where: str) -> None:
    """A filesystem server run on ``/``, the home folder or a folder above it: as a prefix
    it would make every write under it unasked (the pack's writes are not destructive inside
    the prefixes), so init writes the pack without prefixes and says to add them (a write the
    server marks destructive is asked about then)."""
    home = tmp_path / "users" / "me"
    home.mkdir(parents=True)
    folder = {"root": "/", "home": str(home), "above_home": str(tmp_path / "users")}[where]
    config = tmp_path / "mcp.json"
    entry = {"command": "npx", "args": ["-y", FS, folder]}
    config.write_text(json.dumps({"mcpServers": {"files": entry}}), "utf-8")
    run = ("init", "--config", str(config), "--pin-dir", str(home / ".cordon" / "pins"), "-y")
    done = run_cordon(home, *run, "--packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "add `allowed_path_prefixes: [DIR]`" in done.stdout, done.stdout
    args = json.loads(config.read_text("utf-8"))["mcpServers"]["files"]["args"]
    policy = Path(args[args.index("--policy") + 1])
    assert yaml.safe_load(policy.read_text("utf-8")).get("allowed_path_prefixes") is None
    # a folder below the home one is still its prefix
    below = home / "work"
    below.mkdir()
    config.write_text(
        json.dumps({"mcpServers": {"files2": {**entry, "args": ["-y", FS, str(below)]}}}), "utf-8"
    )
    done = run_cordon(home, *run, "--packs", "--no-hook")
    assert done.returncode == 0 and f"its arguments {below}" in done.stdout, done.stdout
