"""``cordon init --packs``: each server init wraps without a ``--policy`` and for which a
built-in pack is written (its package, or the tools pinned for it) gets a policy file of its
own next to its pins, ``version: 1`` and ``packs: [NAME]``, as its ``--policy``; the
reference filesystem server's absolute directory arguments become ``allowed_path_prefixes``.
A file already there is never overwritten; the file is recorded among cordon's own files;
``--undo`` unwraps as before. The default without ``--policy``; ``--no-packs`` writes none
(the pack is named in a hint), and a ``--policy`` alone gives none (exit 0; with ``--packs``
exit 2). Through the real ``cordon
init`` process (and :func:`cordon.clientconfig.plan_init` for the planning alone)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml

from cordon.clientconfig import ClientConfigError, plan_init
from cordon.clientpacks import write_pack_policies
from cordon.pin_paths import pin_file_for
from cordon.policy import load_policy
from cordon.policy.loader import load_pack
from cordon.store.pins import PinFile
from tests.conftest import run_cordon

FS = "@modelcontextprotocol/server-filesystem@2026.8.31"


def _servers(tmp: Path) -> dict[str, dict[str, object]]:
    a, b = tmp / "work" / "a", tmp / "work" / "b"
    a.mkdir(parents=True, exist_ok=True)
    b.mkdir(parents=True, exist_ok=True)
    return {
        "files": {"command": "npx", "args": ["-y", FS, str(a), str(b)]},
        "home_files": {"command": "npx", "args": ["-y", FS, "~/notes"]},
        "gone_files": {"command": "npx", "args": ["-y", FS, str(tmp / "nowhere")]},
        "bare_files": {"command": "mcp-server-filesystem"},
        "repo": {"command": "uvx", "args": ["mcp-server-git", "--repository", "."]},
        "shell": {"command": "npx", "args": ["-y", "@wonderwhy-er/desktop-commander"]},
        "notes": {"command": "node", "args": ["/opt/notes/index.js"]},
        "mine": {"command": "python3", "args": ["my_server.py"]},
    }


def _config(tmp: Path) -> Path:
    config = tmp / ".mcp.json"
    config.write_text(json.dumps({"mcpServers": _servers(tmp)}, indent=2), "utf-8")
    # `notes` ran behind cordon before: its pinned tools are the memory server's
    defs = [{"name": t, "inputSchema": {"type": "object"}} for t in load_pack("memory")["tools"]]
    PinFile(pin_file_for("notes", _servers(tmp)["notes"], tmp / "pins")).store("notes", defs)
    return config


def _init(tmp: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    (tmp / "home").mkdir(exist_ok=True)
    pins = str(tmp / "pins")
    return run_cordon(
        tmp / "home", "init", "--config", str(tmp / ".mcp.json"), "--pin-dir", pins, "-y", *extra
    )


def _entries(config: Path) -> dict[str, dict[str, list[str]]]:
    return json.loads(config.read_text("utf-8"))["mcpServers"]  # type: ignore[no-any-return]


def _policy_of(entry: dict[str, list[str]]) -> Path | None:
    args = entry["args"]
    own = args[: args.index("--")]
    return Path(own[own.index("--policy") + 1]) if "--policy" in own else None


def _lines(out: str) -> dict[str, list[str]]:
    said: dict[str, list[str]] = {}
    for line in out.splitlines():
        name, _, rest = line.strip().partition(": ")
        said.setdefault(name, []).append(rest)
    return said


def test_each_server_gets_the_pack_written_for_it(tmp_path: Path) -> None:
    config = _config(tmp_path)
    done = _init(tmp_path, "--packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    entries, said = _entries(config), _lines(done.stdout)
    got = {}
    for name, entry in entries.items():
        policy = _policy_of(entry)
        assert any(s.startswith("--packs: ") for s in said[name]), said[name]  # one line each
        assert not any(s.startswith("hint: the built-in pack") for s in said[name]), said[name]
        if policy is None:
            continue
        # next to the pins, of the pin file's name; loads as the pack
        pins = entry["args"][entry["args"].index("--pin-file") + 1]
        assert policy == tmp_path / "policies" / (Path(pins).stem + ".yaml")
        data = yaml.safe_load(policy.read_text("utf-8"))
        assert data["version"] == 1
        got[name] = (data["packs"], data.get("allowed_path_prefixes"))
        # relative paths read where the server reads them: its first directory
        prefixes = data.get("allowed_path_prefixes")
        assert data.get("base_dir") == (prefixes[0] if prefixes else None), data
        assert load_policy([policy]).packs == tuple(data["packs"])
        assert oct(policy.stat().st_mode & 0o777) == oct(0o600)
    work = tmp_path / "work"
    assert got == {
        "files": (["filesystem"], [str(work / "a"), str(work / "b")]),
        "home_files": (["filesystem"], None),  # ~/notes: not absolute, not guessed
        "gone_files": (["filesystem"], None),  # not a directory here
        "bare_files": (["filesystem"], None),  # no directory given
        "repo": (["git"], None),
        "shell": (["desktop_commander"], None),
        "notes": (["memory"], None),  # by its pinned tools
    }
    assert "no built-in pack fits it: wrapped with no policy" in said["mine"][-1]
    dirs = f"allowed_path_prefixes: its arguments {work / 'a'}, {work / 'b'}"
    assert dirs in said["files"][-1], said["files"]
    for name in ("home_files", "gone_files", "bare_files", "repo", "shell"):
        assert any("add `allowed_path_prefixes: [DIR]`" in s for s in said[name]), said[name]
    for name in ("files", "notes", "mine"):
        assert not any("allowed_path_prefixes: [DIR]" in s for s in said[name]), said[name]


def test_a_policy_file_already_there_is_left_as_it_is(tmp_path: Path) -> None:
    config = _config(tmp_path)
    pins = pin_file_for("files", _servers(tmp_path)["files"], tmp_path / "pins")
    policy = tmp_path / "policies" / (pins.stem + ".yaml")
    policy.parent.mkdir()
    mine = "version: 1\npacks: [filesystem]\nallowed_path_prefixes: [/srv/only]\n"
    policy.write_text(mine, "utf-8")
    done = _init(tmp_path, "--packs", "--no-hook", "--server", "files")
    assert done.returncode == 0, done.stdout + done.stderr
    assert policy.read_text("utf-8") == mine
    assert _policy_of(_entries(config)["files"]) == policy
    assert "there already with other content, edited since: left as it is" in done.stdout


def test_a_policy_file_there_that_does_not_load_writes_nothing(tmp_path: Path) -> None:
    config = _config(tmp_path)
    before = config.read_bytes()
    pins = pin_file_for("files", _servers(tmp_path)["files"], tmp_path / "pins")
    policy = tmp_path / "policies" / (pins.stem + ".yaml")
    policy.parent.mkdir()
    policy.write_text("version: 1\nno_such_key: 1\n", "utf-8")
    done = _init(tmp_path, "--packs", "--no-hook")
    assert done.returncode == 2, done.stdout + done.stderr
    assert config.read_bytes() == before


def test_a_file_written_since_the_plan_is_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "policies" / "x-0123456789.yaml"
    target.parent.mkdir()
    target.write_text("theirs", "utf-8")
    left = write_pack_policies({target: "version: 1\npacks: [memory]\n"})
    assert target.read_text("utf-8") == "theirs" and "left as it is" in left[0]
    assert [p.name for p in target.parent.iterdir()] == [target.name]  # no temporary left


def test_the_policy_files_are_recorded_among_cordons_own_files(tmp_path: Path) -> None:
    """``cordon init`` records each ``--policy`` of the entries it writes
    (:mod:`cordon.clientstate`): every ``cordon run`` denies a tool's write to it, even when
    ``--pin-dir`` puts it outside ``~/.cordon``."""
    config = _config(tmp_path)
    done = _init(tmp_path, "--packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    recorded = (tmp_path / "home" / ".cordon" / "state" / "wrapped.json").read_text("utf-8")
    policies = [p for e in _entries(config).values() if (p := _policy_of(e)) is not None]
    assert len(policies) == 7
    for policy in policies:
        assert json.dumps(str(policy)) in recorded, policy


def test_the_packs_are_the_default(tmp_path: Path) -> None:
    """``cordon init`` with no pack option writes what ``--packs`` writes: a server wrapped
    with no policy lets through what its pack stops (tests/e2e/test_init_default_packs.py)."""
    config = _config(tmp_path)
    done = _init(tmp_path, "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    entries, said = _entries(config), _lines(done.stdout)
    policies = {n: p for n, e in entries.items() if (p := _policy_of(e)) is not None}
    assert set(policies) == set(entries) - {"mine"}, said
    for name, policy in policies.items():
        assert policy.parent == tmp_path / "policies" and policy.is_file(), policy
        assert any(s.startswith("--packs: pack ") for s in said[name]), said[name]
    assert "hint: the built-in pack" not in done.stdout, done.stdout
    assert "no built-in pack fits it: wrapped with no policy" in said["mine"][-1]
    first = {n: p.read_text("utf-8") for n, p in policies.items()}
    undone = _init(tmp_path, "--undo", "--no-hook")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    explicit = _init(tmp_path, "--packs", "--no-hook")
    assert explicit.returncode == 0, explicit.stdout + explicit.stderr
    again = {n: _policy_of(e) for n, e in _entries(config).items()}
    assert again == {n: policies.get(n) for n in entries}
    assert {n: p.read_text("utf-8") for n, p in policies.items()} == first


def test_no_packs_writes_none_and_names_the_pack(tmp_path: Path) -> None:
    config = _config(tmp_path)
    done = _init(tmp_path, "--no-packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    assert all(_policy_of(e) is None for e in _entries(config).values())
    assert not (tmp_path / "policies").exists()
    assert "--packs: pack" not in done.stdout, done.stdout  # (the hint names the flag)
    assert "hint: the built-in pack 'filesystem'" in done.stdout
    plain = plan_init(config, pin_dir=tmp_path / "pins")
    assert plain.policy_files == {}


def test_a_policy_alone_gives_no_pack(tmp_path: Path) -> None:
    """A ``--policy`` of the user's replaces the packs: no pack file, no pack line, exit 0."""
    config = _config(tmp_path)
    policy = tmp_path / "p.yaml"
    policy.write_text("version: 1\n", "utf-8")
    done = _init(tmp_path, "--policy", str(policy), "--server", "mine", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    assert _policy_of(_entries(config)["mine"]) == policy
    assert not (tmp_path / "policies").exists()
    assert "--packs" not in done.stdout + done.stderr, done.stdout + done.stderr


def test_packs_with_a_policy_is_refused_and_nothing_written(tmp_path: Path) -> None:
    config = _config(tmp_path)
    before = config.read_bytes()
    policy = tmp_path / "p.yaml"
    policy.write_text("version: 1\n", "utf-8")
    done = _init(tmp_path, "--packs", "--policy", str(policy), "--server", "mine")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "use one or the other" in done.stderr
    assert config.read_bytes() == before and not (tmp_path / "policies").exists()
    with pytest.raises(ClientConfigError, match="use one or the other"):
        plan_init(config, policies=[policy], packs=True, pin_dir=tmp_path / "pins")


def test_undo_unwraps_and_leaves_the_policy_files(tmp_path: Path) -> None:
    config = _config(tmp_path)
    before = config.read_bytes()
    done = _init(tmp_path, "--packs", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    policy = _policy_of(_entries(config)["files"])
    undone = _init(tmp_path, "--undo", "--no-hook")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    assert config.read_bytes() == before
    assert policy is not None and policy.is_file()
    again = _init(tmp_path, "--packs", "--no-hook")  # the same file is given again
    assert again.returncode == 0 and "(already there)" in again.stdout, again.stdout
    assert _policy_of(_entries(config)["files"]) == policy


def test_help_names_the_flag() -> None:
    done = run_cordon(Path("/nonexistent"), "init", "--help")
    text = " ".join(done.stdout.split())
    assert "--packs" in text and "--undo unwraps and leaves the" in text, text
    assert "--no-packs" in text and "unless --policy is given" in text, text


def test_a_codex_config_gets_the_packs_too(tmp_path: Path) -> None:
    """Codex's ``config.toml`` (``[mcp_servers.NAME]``): each server a pack fits gets its
    policy after its ``--pin-file``, as a JSON client's does; the file is written, loads as
    the pack, and ``--undo`` gives the TOML back byte for byte."""
    import tomlkit

    servers = _servers(tmp_path)
    config = tmp_path / "config.toml"
    doc = tomlkit.document()
    table = tomlkit.table()
    for name in ("files", "repo", "mine"):
        table[name] = servers[name]
    doc["mcp_servers"] = table
    config.write_text(tomlkit.dumps(doc), "utf-8")
    before = config.read_bytes()
    (tmp_path / "home").mkdir()
    run = ("init", "--config", str(config), "--pin-dir", str(tmp_path / "pins"), "-y", "--no-hook")
    done = run_cordon(tmp_path / "home", *run, "--packs")
    assert done.returncode == 0, done.stdout + done.stderr
    wrapped = tomlkit.parse(config.read_text("utf-8"))["mcp_servers"]
    got: dict[str, tuple[list[str], list[str] | None] | None] = {}
    for name in ("files", "repo", "mine"):
        args = list(wrapped[name]["args"])
        if "--policy" not in args:
            got[name] = None
            continue
        policy = Path(args[args.index("--policy") + 1])
        assert args.index("--policy") == args.index("--pin-file") + 2, args
        pins = args[args.index("--pin-file") + 1]
        assert policy == tmp_path / "policies" / (Path(pins).stem + ".yaml")
        data = yaml.safe_load(policy.read_text("utf-8"))
        assert load_policy([policy]).packs == tuple(data["packs"])
        got[name] = (data["packs"], data.get("allowed_path_prefixes"))
    work = tmp_path / "work"
    assert got == {
        "files": (["filesystem"], [str(work / "a"), str(work / "b")]),
        "repo": (["git"], None),
        "mine": None,
    }
    said = _lines(done.stdout)
    assert "no built-in pack fits it: wrapped with no policy" in said["mine"][-1], said
    recorded = (tmp_path / "home" / ".cordon" / "state" / "wrapped.json").read_text("utf-8")
    for name in ("files", "repo"):  # no tool a cordon run guards may rewrite them
        args = list(wrapped[name]["args"])
        assert json.dumps(args[args.index("--policy") + 1]) in recorded, recorded
    undone = run_cordon(tmp_path / "home", *run, "--undo")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    assert config.read_bytes() == before


def test_a_vscode_workspace_entry_gets_its_pack_once_for_every_workspace(tmp_path: Path) -> None:
    """An entry naming ``${workspaceFolder}`` pins once per workspace (VS Code expands the
    variable in cordon's ``--pin-file`` as it starts the entry); its pack is the server's in
    every workspace: one policy file, named without the variable. In the workspace's own
    ``.vscode/mcp.json`` the variable can only be that folder, so the filesystem server's
    ``${workspaceFolder}`` argument is its allowed prefix; in a user-level file it is not
    guessed (init says to add it)."""
    folder = tmp_path / "app"
    (folder / ".vscode").mkdir(parents=True)
    entry = {"type": "stdio", "command": "npx", "args": ["-y", FS, "${workspaceFolder}"]}
    configs = {"workspace": folder / ".vscode" / "mcp.json", "user": tmp_path / "mcp.json"}
    (tmp_path / "home").mkdir()
    got = {}
    for where, config in configs.items():
        config.write_text(json.dumps({"servers": {"files": entry}}), "utf-8")
        run = ("init", "--config", str(config), "--pin-dir", str(tmp_path / "pins"), "-y")
        done = run_cordon(tmp_path / "home", *run, "--packs", "--no-hook")
        assert done.returncode == 0, done.stdout + done.stderr
        args = json.loads(config.read_text("utf-8"))["servers"]["files"]["args"]
        pins = args[args.index("--pin-file") + 1]
        assert pins.endswith("-${workspaceFolderBasename}.json"), pins
        policy = Path(args[args.index("--policy") + 1])
        assert policy == tmp_path / "policies" / (Path(pins).name.split("-${")[0] + ".yaml")
        data = yaml.safe_load(policy.read_text("utf-8"))
        assert load_policy([policy]).packs == ("filesystem",)
        got[where] = data.get("allowed_path_prefixes")
        hint = "add `allowed_path_prefixes: [DIR]`" in done.stdout
        assert hint == (where == "user"), done.stdout
    assert got == {"workspace": [str(folder)], "user": None}


MEMORY = ["-y", "@modelcontextprotocol/server-memory"]
#: one config per client kind whose planner is its own (Codex's TOML, Zed's and opencode's
#: shapes, VS Code's ``servers``): the memory server in each, as the client writes it
CLIENTS = {
    "codex": ("config.toml", 'mcp_servers.mem.command = "npx"\n'
              f"mcp_servers.mem.args = {json.dumps(MEMORY)}\n"),
    "zed": (".zed/settings.json",
            json.dumps({"context_servers": {"mem": {"command": "npx", "args": MEMORY}}})),
    "opencode": ("opencode.json",
                 json.dumps({"mcp": {"mem": {"type": "local", "command": ["npx", *MEMORY]}}})),
    "vscode": (".vscode/mcp.json", json.dumps({"servers": {"mem": {"command": "npx", "args": MEMORY}}})),
}  # fmt: skip


@pytest.mark.parametrize("client", sorted(CLIENTS))
def test_every_clients_config_gets_the_packs_by_default(tmp_path: Path, client: str) -> None:
    name, text = CLIENTS[client]
    config = tmp_path / name
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text, "utf-8")
    (tmp_path / "home").mkdir()
    run = ("init", "--config", str(config), "--pin-dir", str(tmp_path / "pins"), "-y", "--no-hook")
    done = run_cordon(tmp_path / "home", *run)
    assert done.returncode == 0, done.stdout + done.stderr
    (policy,) = (tmp_path / "policies").iterdir()
    assert yaml.safe_load(policy.read_text("utf-8"))["packs"] == ["memory"]
    assert str(policy) in config.read_text("utf-8")
    assert "mem: --packs: pack 'memory'" in done.stdout, done.stdout
