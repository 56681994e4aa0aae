"""The real Desktop Commander server behind the real ``cordon run`` (``desktop_commander``
pack, confined to the project): a write through a link made in the same command line.

A hard link is a second name of its source (one inode: nothing for a path check to
resolve), so ``l''n .git/hooks/pre-commit h && cat x >> h`` appends to the project's hook;
a symbolic link made first (``ln -s .git/hooks h``, or by a ``python3 -c`` one-liner's
``os.symlink``) puts ``h/pre-commit`` in the hooks directory. The pack's ``ask_patterns``
reads the command as written and passes these (no outside-looking operand, a quoted
``l''n``); the shell guard reads a hard link's source as written and a path under a link
made earlier in the line as under its target. Each command, run by ``/bin/sh`` in a copy
of the project, does write the hook (or the server's config); through cordon it is
refused, and the file is as it was. Links within the project to ordinary files still run.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import Harness
from tests.e2e._desktop_commander import commander, config_of, project

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

HOOK = "#!/bin/sh\nexit 0\n"
EVIL = "touch pwned.txt\n"

LINK_WRITES = [
    "l''n .git/hooks/pre-commit h && cat evil.sh >> h",
    "cp -l .git/hooks/pre-commit h && cat evil.sh >> h",
    "ln -s .git/hooks h && cat evil.sh >> h/pre-commit",
    "python3 -c \"import os; os.symlink('.git/hooks', 'h')\" && cat evil.sh >> h/pre-commit",
]


def _plant(proj: Path) -> Path:
    hook = proj / ".git" / "hooks" / "pre-commit"
    hook.write_text(HOOK, "utf-8")
    (proj / "evil.sh").write_text(EVIL, "utf-8")
    return hook


def _sh(command: str, cwd: Path, home: Path | None = None) -> None:
    env = {**os.environ, **({"HOME": str(home)} if home is not None else {})}
    subprocess.run(["/bin/sh", "-c", command], cwd=cwd, env=env, check=True, timeout=30)


@pytest.mark.parametrize("command", LINK_WRITES)
async def test_a_write_through_a_link_to_a_git_hook_is_refused(
    harness: Harness, command: str
) -> None:
    control = project(harness.tmp / "control")  # (what the command does with no cordon)
    _plant(control)
    _sh(command, control)
    assert (control / ".git" / "hooks" / "pre-commit").read_text("utf-8") == HOOK + EVIL
    async with commander(harness) as dc:
        hook = _plant(dc.proj)
        ok, text = await dc.run(command)
        assert not ok and "action.credential_write" in text, text
        ok, text = await dc.run("ln -s src/app.py app-link.py && ln src/app.py app-hard.py")
        assert ok, text
    assert hook.read_text("utf-8") == HOOK
    assert not (dc.proj / "h").exists() and not (dc.proj / "h").is_symlink()
    assert (dc.proj / "app-link.py").is_symlink() and (dc.proj / "app-hard.py").exists()
    assert "evil.sh" not in dc.server_log() and "app-hard.py" in dc.server_log()


async def test_a_hard_link_to_the_server_config_spelled_with_quotes_is_refused(
    harness: Harness,
) -> None:
    """``l''n`` passes the pack's pattern; the shell guard judges the link's source (the
    server's config, outside the project) as written: denied."""
    command = "l''n ~/.c*-commander/config.json c.json && cat new.json > c.json"
    home = harness.tmp / "control-home"
    (home / ".claude-server-commander").mkdir(parents=True)
    (home / ".claude-server-commander" / "config.json").write_text("{}", "utf-8")
    control = project(harness.tmp / "control")
    (control / "new.json").write_text('{"defaultShell": "python3"}', "utf-8")
    _sh(command, control, home)
    assert "python3" in (home / ".claude-server-commander" / "config.json").read_text("utf-8")
    async with commander(harness) as dc:
        before = config_of(dc.config)
        (dc.proj / "new.json").write_text(json.dumps({**before, "defaultShell": "python3"}))
        ok, text = await dc.run(command)
        assert not ok and "action.delete_outside" in text, text
    assert not (dc.proj / "c.json").exists()
    assert config_of(dc.config).get("defaultShell") == before.get("defaultShell")
