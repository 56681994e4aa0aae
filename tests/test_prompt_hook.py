"""``cordon hook prompt`` and its store: what is handed in, what a reader trusts, and how
``cordon init`` installs the hook in Claude Code's settings and Cursor's hooks.json and
``--undo`` takes it out."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cordon.clienthooks import (
    CURSOR,
    HookError,
    claude_settings_path,
    cursor_hooks_path,
    hand_in_prompt,
    plan_hook_install,
    plan_hook_undo,
)
from cordon.engine.core import Engine
from cordon.store.prompts import PromptStore, find_client, hand_in
from tests.conftest import SEND_EMAIL_TOOL, cordon_exe


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def _app():  # type: ignore[no-untyped-def]
    from cordon.cli import app

    return app


def _claude(prompt: str, session: str = "s1") -> bytes:
    return json.dumps(
        {
            "session_id": session,
            "transcript_path": "/tmp/t.jsonl",
            "cwd": "/tmp",
            "hook_event_name": "UserPromptSubmit",
            "prompt": prompt,
        }
    ).encode()


def test_the_reader_sees_what_the_hook_wrote_per_conversation(tmp_path: Path) -> None:
    base = tmp_path / "prompts"
    me = os.getpid()
    hand_in_prompt(_claude("email ops@example.com"), client=me, base_dir=base)
    (path,) = list(base.iterdir())
    assert path.stat().st_mode & 0o777 == 0o600 and base.stat().st_mode & 0o777 == 0o700
    store = PromptStore(path)
    first = store.poll()
    assert first is not None and first.reset and first.texts == ["email ops@example.com"]
    assert store.poll() is None
    hand_in_prompt(_claude("and cc bob@example.com"), client=me, base_dir=base)
    more = store.poll()
    assert more is not None and not more.reset and more.texts == ["and cc bob@example.com"]
    hand_in_prompt(_claude("new topic", session="s2"), client=me, base_dir=base)
    other = store.poll()
    assert other is not None and other.reset and other.texts == ["new topic"]
    end = json.dumps({"session_id": "s2", "hook_event_name": "SessionEnd", "reason": "clear"})
    hand_in_prompt(end.encode(), client=me, base_dir=base)
    gone = store.poll()
    assert gone is not None and gone.reset and gone.texts == []


def test_malformed_lines_and_other_records_grant_nothing(tmp_path: Path) -> None:
    base = tmp_path / "prompts"
    path = hand_in("c1", "send it to ops@example.com", client=os.getpid(), base_dir=base)
    with path.open("ab") as fh:
        fh.write(b'not json\n{"prompt": "no conversation"}\n["x"]\n{"conversation": "c1"}\n')
        fh.write(b'{"conversation": "c1", "prompt": "half a li')
    store = PromptStore(path)
    update = store.poll()
    assert update is not None and update.texts == ["send it to ops@example.com"]


def test_a_prompt_file_others_can_write_is_not_read(tmp_path: Path) -> None:
    base = tmp_path / "prompts"
    path = hand_in("c1", "x", client=os.getpid(), base_dir=base)
    path.chmod(0o622)
    with pytest.raises(PermissionError):
        PromptStore(path)
    with pytest.raises(PermissionError):
        hand_in("c1", "y", client=os.getpid(), base_dir=base)


@pytest.mark.parametrize(
    "raw, why",
    [
        (b"{", "not JSON"),
        (b"[]", "not a JSON object"),
        (json.dumps({"hook_event_name": "PreToolUse", "session_id": "s"}).encode(), "not a prompt"),
        (json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": "x"}).encode(), "session_id"),
        (json.dumps({"hook_event_name": "UserPromptSubmit", "session_id": "s"}).encode(), "prompt"),
    ],
)
def test_the_hook_refuses_input_that_is_not_a_prompt(tmp_path: Path, raw: bytes, why: str) -> None:
    with pytest.raises(HookError, match=why):
        hand_in_prompt(raw, client=os.getpid(), base_dir=tmp_path / "prompts")
    assert not (tmp_path / "prompts").exists()


def test_the_client_is_the_first_process_above_the_shells() -> None:
    me = os.getpid()
    assert find_client(me) == me
    child = subprocess.Popen(["/bin/sh", "-c", "sleep 5; true"])  # a shell: walked past
    try:
        assert find_client(child.pid) == me
    finally:
        child.kill()
        child.wait()


def test_the_real_command_prints_nothing_and_cursor_gets_continue(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path / "h")}
    cmd = [*cordon_exe(), "hook", "prompt"]
    p = subprocess.run(cmd, input=_claude("hi"), capture_output=True, env=env, timeout=60)
    assert p.returncode == 0 and p.stdout == b"", p.stderr
    cursor = {
        "conversation_id": "c9",
        "generation_id": "g1",
        "prompt": "hi",
        "attachments": [],
        "hook_event_name": "beforeSubmitPrompt",
        "workspace_roots": ["/tmp"],
    }
    p = subprocess.run(
        cmd, input=json.dumps(cursor).encode(), capture_output=True, env=env, timeout=60
    )
    assert p.returncode == 0 and json.loads(p.stdout) == {"continue": True}, p.stderr
    p = subprocess.run(cmd, input=b"{}", capture_output=True, env=env, timeout=60)
    assert p.returncode == 1 and b"not trusted" in p.stderr and p.stdout == b""


def test_a_new_conversation_replaces_the_trusted_text() -> None:
    engine = Engine.from_policy([{"version": 1}])
    engine.pin_tools([SEND_EMAIL_TOOL])
    s = engine.new_session()
    s.add_trusted("email the summary to ops@example.com")
    assert s.check("send_email", {"to": "ops@example.com"}).verdict == "allow"
    s.replace_trusted(["mail bob@example.com"])
    assert s.check("send_email", {"to": "ops@example.com"}).verdict == "ask"
    assert s.check("send_email", {"to": "bob@example.com"}).verdict == "allow"
    s.replace_trusted([])
    assert s.check("send_email", {"to": "bob@example.com"}).verdict == "ask"


def _init(config: Path, *extra: str) -> str:
    r = CliRunner().invoke(_app(), ["init", "--config", str(config), "--yes", *extra])
    assert r.exit_code == 0, r.output
    return r.output


def _mcp_json(tmp_path: Path) -> Path:
    path = tmp_path / ".mcp.json"
    path.write_text('{"mcpServers": {"mail": {"command": "python3", "args": ["m.py"]}}}\n')
    return path


def test_init_adds_the_hook_to_existing_settings_and_undo_restores_the_bytes(
    tmp_path: Path,
) -> None:
    settings = claude_settings_path()
    settings.parent.mkdir()
    original = (
        b'{\n    "model": "opus",\n    "hooks": {"UserPromptSubmit": [{"hooks": [{"type": '
        b'"command", "command": "echo hi"}]}], "Stop": []}\n}'
    )
    settings.write_bytes(original)
    out = _init(_mcp_json(tmp_path))
    assert "prompt hook: UserPromptSubmit runs" in out
    data = json.loads(settings.read_bytes())
    groups = data["hooks"]["UserPromptSubmit"]
    assert groups[0] == {"hooks": [{"type": "command", "command": "echo hi"}]}
    command = groups[1]["hooks"][0]["command"]
    assert command.endswith(" hook prompt") and "cordon" in command
    assert data["model"] == "opus" and data["hooks"]["Stop"] == []
    assert "nothing to change" in _init(tmp_path / ".mcp.json")
    _init(tmp_path / ".mcp.json", "--undo")
    assert settings.read_bytes() == original


def test_init_creates_the_settings_and_undo_removes_them(tmp_path: Path) -> None:
    config = _mcp_json(tmp_path)
    _init(config)
    settings = claude_settings_path()
    assert json.loads(settings.read_bytes())["hooks"]["UserPromptSubmit"]
    undone = _init(config, "--undo")
    assert not settings.exists()
    assert f"{settings} removed; backup at" in undone, undone  # (it said "written")


def test_undo_of_one_project_keeps_the_hook_another_project_still_uses(tmp_path: Path) -> None:
    """The hook is user-level: undoing project B leaves it for project A, which still wraps
    its servers (and says so); undoing A as well, the last one, takes it out."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = _mcp_json(tmp_path / "a"), _mcp_json(tmp_path / "b")
    _init(a)
    _init(b)
    settings = claude_settings_path()
    hooked = settings.read_bytes()
    out = _init(b, "--undo")
    assert "prompt hook kept" in out and str(a) in out, out
    assert "still wraps servers" in " ".join(out.split()), out  # one config: the singular
    assert settings.read_bytes() == hooked
    assert b"x-cordon-upstream" not in b.read_bytes()
    _init(a, "--undo")
    assert not settings.exists()


def test_undo_with_two_other_projects_wrapped_names_one_and_counts_the_other(
    tmp_path: Path,
) -> None:
    for d in ("a", "b", "c"):
        (tmp_path / d).mkdir()
    a, b, c = (_mcp_json(tmp_path / d) for d in ("a", "b", "c"))
    for config in (a, b, c):
        _init(config)
    out = " ".join(_init(c, "--undo").split())
    assert "and 1 more still wrap servers" in out, out  # two configs: the plural verb


def test_undo_of_some_servers_keeps_the_hook_for_the_rest(tmp_path: Path) -> None:
    config = tmp_path / ".mcp.json"
    config.write_text(
        '{"mcpServers": {"mail": {"command": "python3", "args": ["m.py"]},'
        ' "files": {"command": "python3", "args": ["f.py"]}}}\n'
    )
    _init(config)
    out = _init(config, "--undo", "--server", "mail")
    assert "prompt hook kept" in out, out
    assert json.loads(claude_settings_path().read_bytes())["hooks"]["UserPromptSubmit"]
    _init(config, "--undo")
    assert not claude_settings_path().exists()


def test_no_hook_and_other_clients_leave_the_settings_alone(tmp_path: Path) -> None:
    _init(_mcp_json(tmp_path), "--no-hook")
    _init(_cursor_mcp_json(tmp_path, "skipped"), "--no-hook")
    assert not claude_settings_path().exists() and not cursor_hooks_path().exists()
    cursor = _cursor_mcp_json(tmp_path)
    _init(cursor)
    assert not claude_settings_path().exists()
    desktop = tmp_path / "claude_desktop_config.json"
    desktop.write_text('{"mcpServers": {"m": {"command": "python3", "args": ["m.py"]}}}\n')
    _init(desktop)
    assert not claude_settings_path().exists()
    (ours,) = json.loads(cursor_hooks_path().read_bytes())["hooks"]["beforeSubmitPrompt"]
    assert ours["command"].endswith(" hook prompt")


def test_undo_keeps_hooks_the_user_added_after_init(tmp_path: Path) -> None:
    settings = claude_settings_path()
    plan = plan_hook_install(settings, "/opt/cordon/bin/cordon")
    assert plan.old is None and plan.new is not None
    settings.parent.mkdir()
    settings.write_bytes(plan.new)
    data = json.loads(plan.new)
    data["hooks"]["UserPromptSubmit"].append({"hooks": [{"type": "command", "command": "x"}]})
    settings.write_text(json.dumps(data, indent=2))
    undo = plan_hook_undo(settings)
    assert undo.new is not None
    assert json.loads(undo.new) == {
        "hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "x"}]}]}
    }


def _cursor_mcp_json(tmp_path: Path, where: str = "project") -> Path:
    """A Cursor config in a project's ``.cursor`` directory."""
    path = tmp_path / where / ".cursor" / "mcp.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"mcpServers": {"mail": {"command": "python3", "args": ["m.py"]}}}\n')
    return path


def test_init_on_a_cursor_config_creates_the_user_hooks_file_and_undo_removes_it(
    tmp_path: Path,
) -> None:
    config = _cursor_mcp_json(tmp_path)
    out = _init(config)
    assert "prompt hook: beforeSubmitPrompt runs" in out and "(Cursor hooks)" in out
    hooks = cursor_hooks_path()
    raw = hooks.read_bytes()
    data = json.loads(raw)
    assert data["version"] == 1 and list(data["hooks"]) == ["beforeSubmitPrompt"]
    (entry,) = data["hooks"]["beforeSubmitPrompt"]
    assert list(entry) == ["command"] and entry["command"].endswith(" hook prompt")
    assert hooks.stat().st_mode & 0o777 == 0o600 and raw.endswith(b"}\n")
    # the project's own .cursor directory gets no hooks.json (it is often committed)
    assert not (config.parent / "hooks.json").exists()
    backups = list((Path.home() / ".cordon" / "backups").rglob("hooks.json.cordon-backup-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == b""
    # idempotent: a second init, from another project, changes nothing
    assert "nothing to change" in _init(config)
    other = _cursor_mcp_json(tmp_path, "other")
    out = _init(other)
    assert hooks.read_bytes() == raw and "prompt hook: beforeSubmitPrompt" not in out
    # the hook is user-level: undoing one project keeps it for the other, the last removes it
    assert "prompt hook kept" in _init(config, "--undo")
    assert hooks.read_bytes() == raw
    _init(other, "--undo")
    assert not hooks.exists()


def test_init_adds_to_existing_cursor_hooks_and_undo_restores_the_bytes(tmp_path: Path) -> None:
    hooks = cursor_hooks_path()
    hooks.parent.mkdir()
    original = (
        b'{\n    "version": 1,\n    "hooks": {\n        "beforeSubmitPrompt": '
        b'[{"command": "./audit.sh"}],\n        "stop": [{"command": "./done.sh"}]\n    }\n}'
    )
    hooks.write_bytes(original)
    hooks.chmod(0o644)
    config = _cursor_mcp_json(tmp_path)
    _init(config)
    data = json.loads(hooks.read_bytes())
    first, ours = data["hooks"]["beforeSubmitPrompt"]
    assert first == {"command": "./audit.sh"} and ours["command"].endswith(" hook prompt")
    assert data["hooks"]["stop"] == [{"command": "./done.sh"}]
    assert hooks.stat().st_mode & 0o777 == 0o644  # the file keeps its mode
    assert b'\n        "stop"' in hooks.read_bytes()  # and its four-space indent
    _init(config, "--undo")
    assert hooks.read_bytes() == original


def test_cursor_hooks_of_an_unknown_version_or_shape_are_refused(tmp_path: Path) -> None:
    hooks = cursor_hooks_path()
    hooks.parent.mkdir()
    config = _cursor_mcp_json(tmp_path)
    for bad, why in [
        (b'{"version": 2, "hooks": {}}', "version is 2"),
        (b'{"version": 1, "hooks": []}', "hooks is not an object"),
        (b'{"version": 1, "hooks": {"beforeSubmitPrompt": {}}}', "is not a list"),
    ]:
        hooks.write_bytes(bad)
        r = CliRunner().invoke(_app(), ["init", "--config", str(config), "--yes"])
        assert r.exit_code == 2 and why in r.output, r.output
        assert hooks.read_bytes() == bad
        assert json.loads(config.read_text())["mcpServers"]["mail"]["command"] == "python3"


def test_a_cursor_labelled_file_outside_a_cursor_directory_gets_no_hook(tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    config.write_text('{"mcpServers": {"m": {"command": "python3", "args": ["m.py"]}}}\n')
    out = _init(config)
    assert "prompt hook: not added: this file is not in a .cursor directory" in out
    assert not cursor_hooks_path().exists()


def test_cursor_undo_keeps_hooks_the_user_added_after_init() -> None:
    hooks = cursor_hooks_path()
    plan = plan_hook_install(hooks, "/opt/cordon/bin/cordon", CURSOR)
    assert plan.old is None and plan.new is not None
    hooks.parent.mkdir()
    hooks.write_bytes(plan.new)
    data = json.loads(plan.new)
    assert data == {
        "version": 1,
        "hooks": {"beforeSubmitPrompt": [{"command": "/opt/cordon/bin/cordon hook prompt"}]},
    }
    data["hooks"]["beforeSubmitPrompt"].append({"command": "x"})
    hooks.write_text(json.dumps(data, indent=2))
    undo = plan_hook_undo(hooks, CURSOR)
    assert undo.new is not None
    assert json.loads(undo.new) == {
        "version": 1,
        "hooks": {"beforeSubmitPrompt": [{"command": "x"}]},
    }


def test_a_cursor_prompt_is_handed_in_under_its_conversation(tmp_path: Path) -> None:
    base = tmp_path / "prompts"
    cursor = {
        "conversation_id": "668320d2-2fd8-4888-b33c-2a466fec86e7",
        "generation_id": "490b90b7-a2ce-4c2c-bb76-cb77b125df2f",
        "model": "claude-4.5-sonnet",
        "hook_event_name": "beforeSubmitPrompt",
        "cursor_version": "1.7.2",
        "workspace_roots": ["/home/me/app"],
        "user_email": "me@example.com",
        "transcript_path": None,
        "prompt": "email ops@example.com",
        "attachments": [{"type": "file", "file_path": "/home/me/app/notes.md"}],
    }
    assert hand_in_prompt(json.dumps(cursor).encode(), client=os.getpid(), base_dir=base) == (
        "beforeSubmitPrompt"
    )
    (path,) = list(base.iterdir())
    # only the prompt text is handed in: no attachment path, address or other field
    assert json.loads(path.read_text()) == {
        "conversation": "668320d2-2fd8-4888-b33c-2a466fec86e7",
        "prompt": "email ops@example.com",
    }
    for bad, why in [
        ({**cursor, "conversation_id": ""}, "conversation_id"),
        ({k: v for k, v in cursor.items() if k != "conversation_id"}, "conversation_id"),
        ({**cursor, "session_id": "s1", "conversation_id": None}, "conversation_id"),
        ({**cursor, "prompt": None}, "no prompt"),
    ]:
        with pytest.raises(HookError, match=why):
            hand_in_prompt(json.dumps(bad).encode(), client=os.getpid(), base_dir=base)


def test_the_real_command_answers_cursor_continue_even_when_it_cannot_hand_in(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "HOME": str(tmp_path / "h")}
    cmd = [*cordon_exe(), "hook", "prompt"]
    no_id = {"hook_event_name": "beforeSubmitPrompt", "prompt": "hi", "workspace_roots": []}
    p = subprocess.run(
        cmd, input=json.dumps(no_id).encode(), capture_output=True, env=env, timeout=60
    )
    assert p.returncode == 1 and b"conversation_id" in p.stderr, p.stderr
    assert json.loads(p.stdout) == {"continue": True}
    # a Claude Code prompt that quotes Cursor's event name still gets no stdout
    p = subprocess.run(
        cmd, input=_claude('say "beforeSubmitPrompt"'), capture_output=True, env=env, timeout=60
    )
    assert p.returncode == 0 and p.stdout == b"", p.stderr
