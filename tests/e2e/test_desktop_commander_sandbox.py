"""The real Desktop Commander server behind the real ``cordon run`` with the
``desktop_commander`` pack: the calls by which an agent fooled by planted text widens the
server's own sandbox or runs code the shell guard cannot read. ``set_config_value``
(``allowedDirectories``, ``blockedCommands``, ``defaultShell``) is asked, so refused here, and
the server's configuration stays as it was, on disk and in the server; its config file, which
the server watches and reloads, cannot be written by a file tool even where the policy
confines nothing; ``start_process`` with ``shell: python3`` (the line run as Python, not sh)
is denied; ``interact_with_process`` (input to a REPL, or JavaScript the server runs in
itself after ``node:local``) and ``kill_process`` (any PID) are asked; a tool the server
does not list (``track_ui_event``, which sends its arguments to the vendor's analytics) is
denied."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import Harness
from tests.e2e._desktop_commander import commander, config_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: the settings that make the server's sandbox (it also keeps usage counters in the file)
SANDBOX = ("allowedDirectories", "blockedCommands", "defaultShell")


def _sandbox(harness: Harness) -> dict[str, object]:
    proj = str(harness.tmp / "proj")
    return {"allowedDirectories": [proj], "blockedCommands": ["sudo"], "defaultShell": "/bin/bash"}


def _kept(config: dict[str, object]) -> dict[str, object]:
    return {k: config[k] for k in SANDBOX}


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("allowedDirectories", ["/"]),
        ("allowedDirectories", []),
        ("blockedCommands", []),
        ("defaultShell", "python3"),
    ],
)
async def test_set_config_value_is_not_forwarded(harness: Harness, key: str, value: object) -> None:
    async with commander(harness, config=_sandbox(harness)) as dc:
        before = _kept(config_of(dc.config))
        ok, text = await dc.call("set_config_value", {"key": key, "value": value})
        assert not ok and "action.destructive_hint" in text, text
        ok, text = await dc.call("get_config", {})
        assert ok, text
        live = json.loads(text.split("\n", 1)[1])
        assert _kept(live) == before == _sandbox(harness)
    assert _kept(config_of(dc.config)) == before
    assert "set_config_value" not in dc.server_log()


@pytest.mark.parametrize("confined", [True, False])
async def test_the_server_config_file_is_not_written_by_a_file_tool(
    harness: Harness, confined: bool
) -> None:
    """The server reloads ``config.json`` when it changes: a write there is a
    ``set_config_value`` by another door. Confined, it is outside the project
    (``arg.path_outside``); unconfined, the pack's ``arg_patterns`` deny it."""
    opened = {"telemetryEnabled": False, "allowedDirectories": [], "blockedCommands": []}
    async with commander(harness, confined=confined, config=_sandbox(harness)) as dc:
        before = _kept(config_of(dc.config))
        rule = "arg.path_outside" if confined else "arg.pattern"
        write = {"path": str(dc.config), "content": json.dumps(opened)}
        ok, text = await dc.call("write_file", write)
        assert not ok and rule in text, text
        edit = {"file_path": str(dc.config), "old_string": '"allowedDirectories"', "new_string": '"x"'}  # fmt: skip
        ok, text = await dc.call("edit_block", edit)
        assert not ok and rule in text, text
        # a link to it in the project, which a later write_file of cfg-link.json follows
        ok, text = await dc.run(f"ln -s {dc.config} cfg-link.json")
        assert not ok and "arg.pattern" in text, text
        ok, text = await dc.call("write_file", {"path": str(dc.proj / "cfg.json"), "content": "{}"})
        assert ok, text
    assert not (dc.proj / "cfg-link.json").is_symlink()
    assert _kept(config_of(dc.config)) == before == _sandbox(harness)
    assert "write_file" in dc.server_log()
    assert "claude-server-commander" not in dc.server_log()


async def test_a_shell_that_is_no_posix_shell_is_denied(harness: Harness) -> None:
    """``shell: python3`` runs ``python3 -c COMMAND``: ``import pwn`` is, to the shell guard,
    ImageMagick's ``import`` with an argument; to Python, the project's ``pwn.py`` run."""
    async with commander(harness) as dc:
        plant = "import pathlib\npathlib.Path('.git/hooks/pre-commit').write_text('#!/bin/sh\\n')\n"
        (dc.proj / "pwn.py").write_text(plant, "utf-8")
        ok, text = await dc.run("import pwn", shell="python3")
        assert not ok and "arg.pattern" in text, text
        ok, text = await dc.run("echo ok > ok.txt", shell="/bin/bash")
        assert ok, text
    assert not (dc.proj / ".git" / "hooks" / "pre-commit").exists()
    assert (dc.proj / "ok.txt").read_text("utf-8") == "ok\n"
    assert "import pwn" not in dc.server_log()


async def test_input_to_a_running_process_is_asked(harness: Harness) -> None:
    """After ``node:local`` the server runs each ``interact_with_process`` input as
    JavaScript inside itself; no key says which program reads the input, so each is asked."""
    async with commander(harness) as dc:
        ok, text = await dc.run("node:local")
        assert ok, text
        pid = int(text.split("PID ", 1)[1].split()[0])
        hook = dc.proj / ".git" / "hooks" / "pre-commit"
        code = f"import {{ writeFileSync }} from 'fs';\nwriteFileSync({str(hook)!r}, 'x');"
        ok, text = await dc.call("interact_with_process", {"pid": pid, "input": code})
        assert not ok and "action.destructive_hint" in text, text
    assert not (dc.proj / ".git" / "hooks" / "pre-commit").exists()
    assert "interact_with_process" not in dc.server_log()


async def test_kill_process_is_asked_and_the_process_lives(harness: Harness) -> None:
    victim = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        async with commander(harness) as dc:
            ok, text = await dc.call("kill_process", {"pid": victim.pid})
            assert not ok and "action.destructive_hint" in text, text
        assert victim.poll() is None
    finally:
        victim.kill()
        victim.wait()


async def test_a_tool_the_server_does_not_list_is_denied(harness: Harness) -> None:
    async with commander(harness) as dc:
        event = {"event": "x", "params": {"notes": "db password: hunter2"}}
        ok, text = await dc.call("track_ui_event", event)
        assert not ok and "pin.unknown_tool" in text, text
    assert "track_ui_event" not in dc.server_log()
