"""`cordon init`: wrap stdio servers of four MCP client configs, idempotently, and undo exactly."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cordon.audit.commands import register
from cordon.clientconfig import (
    UPSTREAM_KEY,
    ClientConfigError,
    apply_plan,
    find_backups,
    pin_file_for,
    plan_init,
    plan_undo,
    resolve_cordon_command,
)

FIXTURES = Path(__file__).parent / "fixtures" / "clientconfigs"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Backups and pins go under HOME: never the real one."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


# (fixture path, detected client, servers key, stdio names, remote names): a remote entry
# ending in /sse without a type is a legacy HTTP+SSE server, which becomes
# `cordon run --sse --url` (the other remote forms: tests/test_init_remote.py)
CASES = [
    ("claude-code/.mcp.json", "claude-code", "mcpServers", ["filesystem", "github"], []),
    ("cursor/mcp.json", "cursor", "mcpServers", ["memory", "notes"], ["remote"]),
    (
        "claude-desktop/claude_desktop_config.json",
        "claude-desktop",
        "mcpServers",
        ["sqlite", "everything"],
        [],
    ),
    ("vscode/.vscode/mcp.json", "vscode", "servers", ["Perplexity", "fetch"], []),
]


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """cordon (test app)."""

    register(app)
    return app


def _copy(tmp_path: Path, rel: str) -> Path:
    src = FIXTURES / rel
    dst = tmp_path / rel
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
    return dst


def _load_jsonc(raw: bytes) -> dict:
    text = raw.decode()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
        text = re.sub(r",\s*}", "}", re.sub(r"/\*.*?\*/", "", text))
        return json.loads(text)


@pytest.mark.parametrize(("rel", "kind", "key", "stdio", "remote"), CASES)
def test_round_trip_byte_identical(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    rel: str,
    kind: str,
    key: str,
    stdio: list[str],
    remote: list[str],
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    path = _copy(tmp_path, rel)
    original = path.read_bytes()
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\n")
    path.chmod(0o640)

    result = CliRunner().invoke(
        _app(), ["init", "--config", str(path), "--policy", str(policy), "--yes"]
    )
    assert result.exit_code == 0, result.output
    wrapped_raw = path.read_bytes()
    assert wrapped_raw != original
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # mode kept
    # only the wrapped entries' text is rewritten: a comment outside them is kept
    data = _load_jsonc(wrapped_raw)
    orig = _load_jsonc(original)
    if b"// VS Code allows comments in mcp.json" in original:
        assert b"// VS Code allows comments in mcp.json" in wrapped_raw
    for name in stdio:
        entry, before = data[key][name], orig[key][name]
        assert entry["command"] == resolve_cordon_command(True)  # absolute by default
        assert Path(entry["command"]).is_absolute()
        pins = entry["args"][4]
        assert pins == str(pin_file_for(name, before, home / ".cordon" / "pins"))
        assert Path(pins).parent == home / ".cordon" / "pins"
        assert entry["args"] == [
            "run",
            "--name",
            name,
            "--pin-file",
            pins,
            "--policy",
            str(policy.resolve()),
            "--",
            before["command"],
            *before.get("args", []),
        ]
        assert entry[UPSTREAM_KEY] == before
        for other in ("env", "cwd", "type"):
            assert entry.get(other) == before.get(other)
    for name in remote:
        entry, before = data[key][name], orig[key][name]
        pins = str(pin_file_for(name, {"url": before["url"]}, home / ".cordon" / "pins"))
        assert entry["args"] == [
            *("run", "--name", name, "--pin-file", pins, "--policy", str(policy.resolve())),
            *("--sse", "--url", before["url"]),
        ]
        assert entry[UPSTREAM_KEY] == before and "url" not in entry
        assert f"{name}: wrapped:" in result.output and "--sse --url" in result.output
        assert "left alone" not in result.output
    # backup next to the file holds the original bytes
    backups = find_backups(path)
    assert len(backups) == 1 and backups[0].read_bytes() == original
    # diff was shown
    assert "+++" in result.output and "x-cordon-upstream" in result.output

    # idempotent: a second run changes nothing and writes no backup
    again = CliRunner().invoke(
        _app(), ["init", "--config", str(path), "--policy", str(policy), "--yes"]
    )
    assert again.exit_code == 0, again.output
    assert "nothing to change" in again.output
    assert path.read_bytes() == wrapped_raw
    assert len(find_backups(path)) == 1

    undo = CliRunner().invoke(_app(), ["init", "--config", str(path), "--undo", "--yes"])
    assert undo.exit_code == 0, undo.output
    assert path.read_bytes() == original


def test_claude_desktop_keeps_tabs_and_no_final_newline(tmp_path: Path) -> None:
    path = _copy(tmp_path, "claude-desktop/claude_desktop_config.json")
    plan = plan_init(path)
    assert plan.kind == "claude-desktop"
    assert b'\n\t"mcpServers"' in plan.new and not plan.new.endswith(b"\n")
    assert json.loads(plan.new)["globalShortcut"] == "Ctrl+Space"


def test_cursor_keeps_unicode(tmp_path: Path) -> None:
    path = _copy(tmp_path, "cursor/mcp.json")
    plan = plan_init(path)
    assert "~/Notes — ünïcode".encode() in plan.new


def test_only_named_server(tmp_path: Path) -> None:
    path = _copy(tmp_path, "claude-code/.mcp.json")
    plan = plan_init(path, servers=["github"])
    data = json.loads(plan.new)["mcpServers"]
    assert UPSTREAM_KEY in data["github"]
    assert UPSTREAM_KEY not in data["filesystem"]  # near miss: not named, not touched
    with pytest.raises(ClientConfigError, match="no server named 'nope'"):
        plan_init(path, servers=["nope"])


def test_two_step_wrap_then_undo_restores_original(tmp_path: Path) -> None:
    path = _copy(tmp_path, "claude-code/.mcp.json")
    original = path.read_bytes()
    apply_plan(plan_init(path, servers=["github"]))
    apply_plan(plan_init(path, servers=["filesystem"]))
    assert len(find_backups(path)) == 2
    plan = plan_undo(path)
    assert set(plan.changed_servers) == {"github", "filesystem"}
    apply_plan(plan)
    assert path.read_bytes() == original


def test_undo_after_user_edit_rewrites_structure(tmp_path: Path) -> None:
    path = _copy(tmp_path, "claude-code/.mcp.json")
    apply_plan(plan_init(path))
    data = json.loads(path.read_bytes())
    data["mcpServers"]["added"] = {"command": "x"}
    path.write_text(json.dumps(data, indent=2) + "\n")
    plan = plan_undo(path)
    assert any("servers and settings added since kept" in m for m in plan.messages)
    restored = json.loads(plan.new)["mcpServers"]
    assert restored["added"] == {"command": "x"}
    assert "x-cordon-upstream" not in plan.new.decode()


def test_undo_with_nothing_wrapped(tmp_path: Path) -> None:
    path = _copy(tmp_path, "cursor/mcp.json")
    plan = plan_undo(path)
    assert not plan.changed
    assert apply_plan(plan) is None


def test_already_cordon_entry_left_alone(tmp_path: Path) -> None:
    path = tmp_path / ".mcp.json"
    path.write_text(
        json.dumps(
            {"mcpServers": {"a": {"command": "/opt/bin/cordon", "args": ["run", "--", "x"]}}}
        )
    )
    plan = plan_init(path)
    assert not plan.changed
    assert "already behind cordon" in plan.messages[0]


def test_a_new_policy_for_a_wrapped_entry_is_not_silently_dropped(tmp_path: Path) -> None:
    """init leaves an entry already behind cordon alone; asked to give it a policy it does not
    run with, it says so (a warning naming the --undo route) instead of 'nothing to change'."""
    path = tmp_path / ".mcp.json"
    old_policy, new_policy = tmp_path / "old.yaml", tmp_path / "new.yaml"
    for p in (old_policy, new_policy):
        p.write_text("version: 1\n")
    args = ["run", "--policy", str(old_policy.resolve()), "--", "x"]
    path.write_text(json.dumps({"mcpServers": {"a": {"command": "/opt/bin/cordon", "args": args}}}))
    plan = plan_init(path, policies=[new_policy])
    assert not plan.changed
    (warning,) = plan.warnings
    assert "policy was NOT changed" in warning and str(old_policy.resolve()) in warning
    assert "--undo --server a" in warning
    assert plan_init(path, policies=[old_policy]).warnings == ()  # the same policy: nothing to say
    assert plan_init(path).warnings == ()  # no --policy asked for


def test_command_is_the_running_cordon_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "venv" / "bin" / "cordon"
    fake.parent.mkdir(parents=True)
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    other = tmp_path / "elsewhere" / "cordon"  # a different cordon on PATH is not the one
    other.parent.mkdir()
    other.write_text("#!/bin/sh\n")
    other.chmod(0o755)
    monkeypatch.setenv("PATH", str(other.parent))
    monkeypatch.setattr("sys.argv", [str(fake), "init"])
    path = _copy(tmp_path, "claude-code/.mcp.json")
    result = CliRunner().invoke(_app(), ["init", "--config", str(path), "--yes"])
    assert result.exit_code == 0, result.output
    assert "command: the absolute path of this cordon" in result.output
    assert "--no-absolute" in result.output
    data = json.loads(path.read_bytes())
    assert data["mcpServers"]["github"]["command"] == str(fake)
    # --absolute (the old flag) still works and is the same thing
    undo = CliRunner().invoke(_app(), ["init", "--config", str(path), "--undo", "--yes"])
    assert undo.exit_code == 0, undo.output
    result = CliRunner().invoke(_app(), ["init", "--config", str(path), "--absolute", "--yes"])
    assert json.loads(path.read_bytes())["mcpServers"]["github"]["command"] == str(fake)


def test_no_absolute_writes_the_bare_name(tmp_path: Path) -> None:
    path = _copy(tmp_path, "claude-code/.mcp.json")
    result = CliRunner().invoke(_app(), ["init", "--config", str(path), "--no-absolute", "-y"])
    assert result.exit_code == 0, result.output
    assert "command: `cordon`, which the client must find on its own PATH" in result.output
    data = json.loads(path.read_bytes())
    assert {e["command"] for e in data["mcpServers"].values()} == {"cordon"}
    assert "--no-absolute" in CliRunner().invoke(_app(), ["init", "--help"]).output


def test_declined_prompt_writes_nothing(tmp_path: Path) -> None:
    path = _copy(tmp_path, "claude-code/.mcp.json")
    original = path.read_bytes()
    result = CliRunner().invoke(_app(), ["init", "--config", str(path)], input="n\n")
    assert result.exit_code == 1
    assert path.read_bytes() == original and find_backups(path) == []
    result = CliRunner().invoke(_app(), ["init", "--config", str(path)], input="")  # EOF
    assert result.exit_code == 1 and path.read_bytes() == original
    assert "nothing written: no answer was read" in result.output, result.output
    # the real process on a closed stdin: the prompt's line is ended before the message (it
    # read "Write these changes? [y/N]: nothing written: ..." on a terminal)
    done = _cordon_init(path)
    assert done.returncode == 1 and path.read_bytes() == original
    assert done.stdout.endswith("[y/N]: \n"), repr(done.stdout[-80:])
    assert "Aborted" not in result.output


def test_duplicate_keys_refused(tmp_path: Path) -> None:
    path = tmp_path / ".mcp.json"
    path.write_text('{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}')
    with pytest.raises(ClientConfigError, match="duplicate key"):
        plan_init(path)


def test_unknown_shape_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"editor.fontSize": 12}')
    result = CliRunner().invoke(_app(), ["init", "--config", str(path), "--yes"])
    assert result.exit_code == 2
    assert "mcpServers" in result.output


def test_changed_between_plan_and_apply(tmp_path: Path) -> None:
    path = _copy(tmp_path, "claude-code/.mcp.json")
    plan = plan_init(path)
    path.write_text(path.read_text() + " ")
    with pytest.raises(ClientConfigError, match="changed since"):
        apply_plan(plan)


def test_vscode_jsonc_note_and_url_string_kept(tmp_path: Path) -> None:
    path = _copy(tmp_path, "vscode/.vscode/mcp.json")
    plan = plan_init(path)
    assert plan.kind == "vscode"
    # the comment inside the rewritten fetch entry is said to be lost; the top one is kept
    assert any("comments inside the rewritten entries" in m for m in plan.messages)
    assert plan.new.startswith(b"{\n  // VS Code allows comments in mcp.json\n")
    # "//" inside a string is not a comment
    github = _load_jsonc(plan.new)["servers"]["github"]
    assert github["args"][-2:] == ["--url", "https://api.githubcopilot.com/mcp/"]
    assert github[UPSTREAM_KEY]["url"] == "https://api.githubcopilot.com/mcp/"


@pytest.mark.e2e
@pytest.mark.anyio
async def test_wrapped_entry_launches_cordon_run(tmp_path: Path) -> None:
    """The rewritten entry, launched as a client would, really runs the server behind cordon."""
    import os
    import sys

    from mcp import Client, StdioServerParameters

    from tests.conftest import MAILBOX, cordon_exe

    box = tmp_path / "box"
    box.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    path = tmp_path / ".mcp.json"
    path.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "mail": {
                        "command": sys.executable,
                        "args": [str(MAILBOX)],
                        "env": {"MAILBOX_DIR": str(box)},
                    }
                }
            },
            indent=2,
        )
    )
    apply_plan(plan_init(path))
    entry = json.loads(path.read_text())["mcpServers"]["mail"]
    assert entry["command"] == "cordon"
    exe = cordon_exe()  # "cordon" may not be on PATH in the test venv
    params = StdioServerParameters(
        command=exe[0],
        args=[*exe[1:], *entry["args"]],
        env={**os.environ, "HOME": str(home), **entry["env"]},
    )
    async with Client(params, mode="legacy") as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert "send_email" in names
        r = await client.call_tool("no_such_tool", {})
        assert r.is_error
    audit = home / ".cordon" / "audit.jsonl"
    records = [json.loads(x) for x in audit.read_text().splitlines()]
    assert records[0]["kind"] == "start" and records[0]["server"] == "mail"
    assert any(r.get("rule") == "pin.unknown_tool" for r in records)


def test_entry_wrapped_without_pin_file_is_pointed_out(tmp_path: Path) -> None:
    path = tmp_path / ".mcp.json"
    path.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "old": {"command": "cordon", "args": ["run", "--name", "old", "--", "srv"]},
                    "new": {
                        "command": "cordon",
                        "args": ["run", "--name", "new", "--pin-file", "/p.json", "--", "srv"],
                    },
                }
            }
        )
    )
    plan = plan_init(path)
    assert not plan.changed
    assert any(m.startswith("old:") and "no --pin-file" in m for m in plan.messages)
    assert "new: already behind cordon, unchanged" in plan.messages


def _cordon_init(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real `cordon init` process (HOME: the test's, set by the autouse fixture)."""
    from tests.conftest import cordon_exe

    return subprocess.run(
        [*cordon_exe(), "init", "--config", str(path), *args],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        text=True,
        timeout=60,
        env=dict(os.environ),
    )


def test_a_pack_policy_without_server_is_refused_for_several_servers(tmp_path: Path) -> None:
    """A pack describes one server's tools: wrapping both servers of the file with it gave the
    github server the filesystem pack (it protected nothing there). Refused, nothing written;
    with --server the pack goes to its server only; a policy with no pack still wraps all."""
    path = _copy(tmp_path, "claude-code/.mcp.json")
    original = path.read_bytes()
    pack = tmp_path / "fs.yaml"
    pack.write_text("version: 1\npacks: [filesystem]\n")
    done = _cordon_init(path, "--policy", str(pack), "--yes", "--no-hook")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "pack(s) filesystem" in done.stderr and "--server NAME" in done.stderr
    assert "filesystem, github" in done.stderr
    assert path.read_bytes() == original and find_backups(path) == []

    done = _cordon_init(path, "--policy", str(pack), "--server", "filesystem", "--yes", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(path.read_bytes())["mcpServers"]
    assert str(pack.resolve()) in data["filesystem"]["args"]
    assert "x-cordon-upstream" not in data["github"]

    plain = tmp_path / "base.yaml"
    plain.write_text("version: 1\n")
    done = _cordon_init(path, "--policy", str(plain), "--yes", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    assert str(plain.resolve()) in json.loads(path.read_bytes())["mcpServers"]["github"]["args"]


def test_a_pack_policy_without_server_counts_servers_already_wrapped(tmp_path: Path) -> None:
    """The filesystem server already behind cordon with the filesystem pack, github not: init
    with the pack's policy and no --server wrapped github alone with the filesystem pack (one
    server newly wrapped passed the guard), and its hint for the wrapped server would re-init
    it with whatever pack was given. Refused, nothing written, both servers named."""
    path = _copy(tmp_path, "claude-code/.mcp.json")
    pack = tmp_path / "fs.yaml"
    pack.write_text("version: 1\npacks: [filesystem]\n")
    done = _cordon_init(path, "--policy", str(pack), "--server", "filesystem", "--yes", "--no-hook")
    assert done.returncode == 0, done.stdout + done.stderr
    wrapped = path.read_bytes()

    done = _cordon_init(path, "--policy", str(pack), "--yes", "--no-hook")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "pack(s) filesystem" in done.stderr and "--server NAME" in done.stderr
    assert "github" in done.stderr and "filesystem" in done.stderr
    assert path.read_bytes() == wrapped
    assert "x-cordon-upstream" not in json.loads(wrapped)["mcpServers"]["github"]


def test_a_pack_policy_for_two_named_servers_is_refused(tmp_path: Path) -> None:
    """--server filesystem --server github with a pack policy: the two servers are named, but
    the pack still describes one of them (the guard ran only without --server)."""
    path = _copy(tmp_path, "claude-code/.mcp.json")
    original = path.read_bytes()
    pack = tmp_path / "fs.yaml"
    pack.write_text("version: 1\npacks: [filesystem]\n")
    both = ["--server", "filesystem", "--server", "github"]
    done = _cordon_init(path, *both, "--policy", str(pack), "--yes", "--no-hook")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "pack(s) filesystem" in done.stderr and "filesystem, github" in done.stderr
    assert path.read_bytes() == original and find_backups(path) == []
