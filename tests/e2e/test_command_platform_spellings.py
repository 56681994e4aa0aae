"""Paths inside commands given to a shell tool, read in the platforms' spellings as a path
argument is: a Windows server's trailing dots and spaces and ``::$DATA`` stream, and 8.3
aliases (``CORDON~1.YAM`` is ``cordon-policy.yaml`` on an NTFS volume with short names,
``GITCON~1`` is ``.gitconfig``). On Linux each is another file, so what Linux shows is the
decision delivered: the real ``cordon run`` in front of a real shell server, driven by the
SDK client (no client answers cordon's questions: an ask is a refusal), refuses the write
of cordon's own files as ``action.cordon_state`` and asks about the read of a credential
file or one under ``sensitive_paths``, and the command never runs; a project file whose name
ends in a dot, or the alias of another file, is written and read. Two servers: shellbox
(tests/servers/shellbox.py, ``bash -c``; cordon's policy kept in the project) and the npm
Desktop Commander (``start_process``, the ``desktop_commander`` pack; the pin file beside the
project). The readings themselves are checked at the engine
(tests/engine/test_command_platform_spellings.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e._desktop_commander import commander
from tests.e2e._shellbox import SHELLBOX

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: write cordon's policy (kept in the project) in a spelling Windows maps onto it
STATE_WRITES = [
    "echo 'version: 1' > cordon-policy.yaml.",
    "echo 'version: 1' > 'cordon-policy.yaml '",
    "echo 'version: 1' > 'cordon-policy.yaml::$DATA'",
    "echo 'version: 1' > CORDON~1.YAM",
    "cp notes.txt CORDON~1.YAM",
]
#: read a credential file or one under sensitive_paths in such a spelling
SENSITIVE_READS = [
    "cat secret.txt.",
    "cat 'secret.txt::$DATA'",
    "cat SECRET~1.TXT",
    "cat .env::$DATA",
    "cat ENV~1",
    "type GITCON~1",
]


async def test_shell_paths_in_platform_spellings(harness: Harness) -> None:
    proj = harness.tmp / "project"
    proj.mkdir()
    (proj / "notes.txt").write_text("notes\n", "utf-8")
    policy = proj / "cordon-policy.yaml"
    doc = {"version": 1, "allowed_path_prefixes": [str(proj)],
           "sensitive_paths": [str(proj / "secret.txt")],
           "tools": {"run_command": {"base_dir": str(proj)}}}  # fmt: skip
    policy.write_text(yaml.safe_dump(doc), "utf-8")
    before = policy.read_text("utf-8")
    log = harness.tmp / "ran.log"
    env = {"SHELLBOX_DIR": str(proj), "SHELLBOX_LOG": str(log)}
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    async with Client(params, mode="legacy") as client:  # type: ignore[arg-type]
        await client.list_tools()

        async def run(command: str) -> tuple[bool, str]:
            r = await client.call_tool("run_command", {"command": command})
            return not r.is_error, text_of(r)

        for command in STATE_WRITES:
            ok, text = await run(command)
            assert not ok and "action.cordon_state" in text, (command, text)
        for command in SENSITIVE_READS:
            ok, text = await run(command)
            assert not ok and "action.sensitive_read" in text, (command, text)
        for command in ("echo x > notes.", "cat notes.", "echo x > CORDON~1.TXT", "cat HEAD~1"):
            ok, text = await run(command)
            assert "action." not in text, (command, text)
    assert policy.read_text("utf-8") == before
    ran = log.read_text("utf-8") if log.exists() else ""
    for command in (*STATE_WRITES, *SENSITIVE_READS):
        assert command.split()[-1] not in ran, command
    assert sorted(p.name for p in proj.iterdir()) == [
        "CORDON~1.TXT", "cordon-policy.yaml", "notes.", "notes.txt"
    ]  # fmt: skip


async def test_desktop_commander_paths_in_platform_spellings(harness: Harness) -> None:
    async with commander(harness) as dc:
        pin = harness.tmp / "pin.json"
        before = pin.read_bytes() if pin.exists() else None
        (dc.proj / ".env").write_text("TOKEN=x\n", "utf-8")
        for command in ("echo {} > ../pin.json.", "echo {} > ../PIN~1.JSO"):
            ok, text = await dc.run(command)
            assert not ok and "action.cordon_state" in text, (command, text)
        for command in ("cat .env::$DATA", "cat ENV~1", "cat 'ENV~1'"):
            ok, text = await dc.run(command)
            assert not ok and "action.sensitive_read" in text, (command, text)
        ok, text = await dc.run("echo hi > notes. && cat notes.")
        assert ok and "hi" in text, text
        log = dc.server_log()
    assert (pin.read_bytes() if pin.exists() else None) == before
    assert not (harness.tmp / "pin.json.").exists() and not (harness.tmp / "PIN~1.JSO").exists()
    for needle in ("pin.json.", "PIN~1", "$DATA", "ENV~1"):
        assert needle not in log, needle
    assert Path(dc.proj / "notes.").read_text("utf-8") == "hi\n"
