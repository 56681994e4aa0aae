"""``cordon init --project DIR`` on Claude Code's ``~/.claude.json``, end to end (README, Quick
start step 2): only that project's table is planned, so a policy confining a filesystem
server to one project's directory is given to that project's server alone; the other
project's and the user servers stay as they are. Started as Claude Code starts it (the
entry's command and args, from the file), the real ``cordon run`` in front of the real
filesystem server reads its project's files and is refused the other project's
(``arg.path_outside``). An unknown project, and a config without ``projects``, are errors
(exit 2, nothing written); ``--undo --project`` unwraps that project's entries only."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import Harness, fs_server, run_cordon
from tests.test_init_claude_json_projects import _read

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _two_projects(harness: Harness, tmp_path: Path) -> tuple[Path, Path, Path]:
    """``~/.claude.json`` with a user server and projects ``a`` and ``b``, each with its own
    ``files`` server (the filesystem server on its directory); returns (config, a, b)."""
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        d.mkdir()
        (d / "notes.md").write_text(f"notes of {d.name}\n", "utf-8")
    node, script, *_ = fs_server()

    def files(d: Path) -> dict[str, object]:
        return {"mcpServers": {"files": {"command": node, "args": [script, str(d)]}}}

    config = harness.home / ".claude.json"
    data = {**files(tmp_path), "projects": {str(a): files(a), str(b): files(b)}}
    config.write_text(json.dumps(data, indent=2), "utf-8")
    return config, a, b


def _init(harness: Harness, config: Path, *args: str) -> tuple[int, str, str]:
    done = run_cordon(
        harness.home,
        *("init", "--config", str(config), *args),
        *("--pin-dir", str(harness.tmp / "pins"), "-y", "--no-hook"),
    )
    return done.returncode, " ".join(done.stdout.split()), " ".join(done.stderr.split())


async def test_project_wraps_only_that_projects_server(harness: Harness, tmp_path: Path) -> None:
    config, a, b = _two_projects(harness, tmp_path)
    before = json.loads(config.read_text("utf-8"))
    policy = harness.policy(
        {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(a)]}
    )
    code, out, err = _init(
        harness, config, "--project", str(a), "--server", "files", "--policy", str(policy)
    )
    assert code == 0, out + err
    assert f"project {a}: files: wrapped:" in out, out
    assert f"project {b}:" not in out and not out.startswith("files:"), out
    data = json.loads(config.read_text("utf-8"))
    # the user server and project b's are as they were: not behind cordon, no policy
    assert data["mcpServers"] == before["mcpServers"]
    assert data["projects"][str(b)] == before["projects"][str(b)]
    entry = data["projects"][str(a)]["mcpServers"]["files"]
    assert entry["args"][entry["args"].index("--policy") + 1] == str(policy)

    refused, text = await _read(entry, harness.home, a / "notes.md")
    assert not refused and "notes of a" in text, text
    refused, text = await _read(entry, harness.home, b / "notes.md")
    assert refused and "arg.path_outside" in text, text


def test_project_without_server_wraps_all_of_its_entries_and_undo_takes_project(
    harness: Harness, tmp_path: Path
) -> None:
    config, a, b = _two_projects(harness, tmp_path)
    before = json.loads(config.read_text("utf-8"))
    code, out, err = _init(harness, config, "--project", str(b))
    assert code == 0, out + err
    code, out, err = _init(harness, config, "--project", str(a))
    assert code == 0, out + err
    data = json.loads(config.read_text("utf-8"))
    assert data["mcpServers"] == before["mcpServers"]
    wrapped = {d: data["projects"][str(d)]["mcpServers"]["files"] for d in (a, b)}
    for entry in wrapped.values():
        assert "x-cordon-upstream" in entry
    # one pin file per project's server: the entries differ (their directory argument)
    pins = {d: e["args"][e["args"].index("--pin-file") + 1] for d, e in wrapped.items()}
    assert pins[a] != pins[b], pins

    code, out, err = _init(harness, config, "--undo", "--project", str(a))
    assert code == 0, out + err
    assert f"project {a}: files: unwrapped" in out and f"project {b}:" not in out, out
    data = json.loads(config.read_text("utf-8"))
    assert data["projects"][str(a)] == before["projects"][str(a)]
    assert data["projects"][str(b)]["mcpServers"]["files"] == wrapped[b]


def test_project_given_through_a_symlink_is_the_same_directory(
    harness: Harness, tmp_path: Path
) -> None:
    """Claude Code has keyed a project by the path as given and by its real path: a symlink
    to the directory names the same project."""
    config, a, b = _two_projects(harness, tmp_path)
    link = tmp_path / "link-to-a"
    link.symlink_to(a, target_is_directory=True)
    code, out, err = _init(harness, config, "--project", str(link))
    assert code == 0, out + err
    assert f"project {a}: files: wrapped:" in out and f"project {b}:" not in out, out


def test_unknown_project_is_an_error_naming_the_known_ones(
    harness: Harness, tmp_path: Path
) -> None:
    config, a, b = _two_projects(harness, tmp_path)
    before = config.read_bytes()
    code, out, err = _init(harness, config, "--project", str(tmp_path / "c"))
    assert code == 2, out + err
    assert f"no project '{tmp_path / 'c'}'" in err and str(a) in err and str(b) in err, err
    assert config.read_bytes() == before


@pytest.mark.parametrize("name", [".mcp.json", "mcp.json", "config.toml"])
def test_project_on_a_config_without_projects_is_an_error(
    harness: Harness, tmp_path: Path, name: str
) -> None:
    node, script, *_ = fs_server()
    config = tmp_path / ".codex" / name if name == "config.toml" else tmp_path / name
    config.parent.mkdir(exist_ok=True)
    if name == "config.toml":
        config.write_text(f'[mcp_servers.files]\ncommand = "{node}"\nargs = ["{script}"]\n')
    else:
        config.write_text(json.dumps({"mcpServers": {"files": {"command": node}}}), "utf-8")
    before = config.read_bytes()
    for undo in ((), ("--undo",)):
        code, out, err = _init(harness, config, *undo, "--project", str(tmp_path))
        assert code == 2, out + err
        assert '--project is for Claude Code\'s ~/.claude.json (its "projects" object' in err, err
        assert config.read_bytes() == before


def test_policy_not_changed_hint_names_the_project_and_works_as_written(
    harness: Harness, tmp_path: Path
) -> None:
    """An entry of a project already behind cordon keeps its policy when init is given another;
    the warning's commands name ``--project DIR``: run as written they change that project's
    entry alone (without it they unwrapped and rewrapped the name in every project's table)."""
    config, a, b = _two_projects(harness, tmp_path)
    old = harness.policy({"version": 1, "packs": ["filesystem"]})
    code, out, err = _init(harness, config, "--server", "files", "--policy", str(old))
    assert code == 0, out + err
    new = tmp_path / "new.yaml"
    new.write_text(f"version: 1\npacks: [filesystem]\nallowed_path_prefixes: ['{a}']\n", "utf-8")
    code, out, err = _init(
        harness, config, "--project", str(a), "--server", "files", "--policy", str(new)
    )
    said = err + " " + out
    assert "already behind cordon, so its policy was NOT changed" in said, said
    hint = re.search(r"to change it: (cordon init .+?), then (cordon init .+?--policy \S+)", said)
    assert hint is not None, said
    for command in hint.groups():
        assert f"--project {a} " in command, command
        words = command.split()
        assert words[:2] == ["cordon", "init"], command
        code, out, err = _init(harness, config, *words[2:])
        assert code == 0, out + err
    data = json.loads(config.read_text("utf-8"))
    a_args = data["projects"][str(a)]["mcpServers"]["files"]["args"]
    b_args = data["projects"][str(b)]["mcpServers"]["files"]["args"]
    assert a_args[a_args.index("--policy") + 1] == str(new)
    assert b_args[b_args.index("--policy") + 1] == str(old)  # project b's is as it was
