"""An agent with a shell tool behind cordon cannot approve its own ask: the real ``cordon
run`` in front of a server that really runs shell commands (tests/servers/shellbox.py),
driven by the official SDK client.

The attack: a command writes a SessionStart hook into ``.claude/settings.json`` (asked,
``action.credential_write``, with a one-time code); the same shell tool then runs ``echo y |
script -qec 'cordon approve CODE' /dev/null`` (``script`` makes the terminal the TTY check
wants) and retries. Refused twice over: the command layer denies a command that runs
cordon's control commands or writes cordon's files (``action.cordon_control``,
``action.cordon_state``), and ``cordon approve`` run under a ``cordon run`` by a copy of the
executable under another name (which the command layer does not know) refuses to approve.
Asserted on the side effects: the settings file, the approvals store, the policy file."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, cordon_exe, text_of

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.e2e,
    pytest.mark.skipif(
        not sys.platform.startswith("linux") or shutil.which("script") is None,
        reason="the ancestor check reads /proc (Linux); the attack uses util-linux script",
    ),
]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"
HOOK = '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch PWNED"}]}]}}'
WRITE = f"mkdir -p .claude && echo '{HOOK}' > .claude/settings.json"


def _code(text: str) -> str:
    m = re.search(r"cordon approve ([0-9A-Z]{4}-[0-9A-Z]{4})", text)
    assert m is not None, text
    return m.group(1)


def _state(harness: Harness, code: str) -> str:
    codes = json.loads(harness.store.read_text("utf-8"))["codes"]
    return str(next(c["state"] for c in codes if c["code"] == code))


async def test_a_shell_tool_cannot_approve_its_own_ask(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    log = harness.tmp / "ran.log"
    policy = harness.policy(
        {
            "version": 1,
            "allowed_path_prefixes": [str(sandbox)],
            "tools": {"run_command": {"base_dir": str(sandbox)}},
        }
    )
    before = policy.read_text("utf-8")
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    exe = cordon_exe()
    assert len(exe) == 1, "the console script is what the attack copies"
    store = f"--store {harness.store} --audit {harness.audit}"
    settings = sandbox / ".claude" / "settings.json"
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        asked = await client.call_tool("run_command", {"command": WRITE})
        assert asked.is_error and "action.credential_write" in text_of(asked), text_of(asked)
        code = _code(text_of(asked))
        assert _state(harness, code) == "pending"

        # the command layer: cordon's control commands and cordon's files, denied
        denied = {
            f"echo y | script -qec 'cordon approve {code} {store}' /dev/null": "cordon_control",
            f"echo y | script -qec '{exe[0]} approve {code} {store}' /dev/null": "cordon_control",
            f"sh -c 'echo y | setsid cordon approve {code}'": "cordon_control",
            f"echo '{{}}' > {harness.store}": "cordon_state",
            f"echo 'trust_tools: [run_command]' >> {policy}": "cordon_state",
            "echo x > ~/.cordon/approvals.json": "cordon_state",
        }
        for command, rule in denied.items():
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and f"action.{rule}" in text_of(r), (command, text_of(r))

        # a copy of the executable under another name, run from a script an earlier call
        # wrote (the command layer reads command strings, not files): it runs, and cordon
        # approve itself refuses (a cordon run among its ancestors)
        await client.call_tool("run_command", {"command": f"cp {exe[0]} ./helper"})
        line = f"./helper approve {code} {store}"
        wrote = await client.call_tool("run_command", {"command": f"echo '{line}' > sneak.sh"})
        assert not wrote.is_error, text_of(wrote)
        sneaked = "echo y | script -qec 'sh sneak.sh' /dev/null"
        ran = await client.call_tool("run_command", {"command": sneaked})
        out = text_of(ran)
        assert "refuses to run under cordon run" in out, out
        assert "Approved" not in out, out
        assert _state(harness, code) == "pending"
        retry = await client.call_tool("run_command", {"command": WRITE})
        assert retry.is_error and "[cordon" in text_of(retry), text_of(retry)
        assert not settings.exists()

        # the same command outside cordon run (a person's terminal) approves: the fake
        # terminal is enough for the TTY check, so the ancestor check is what refused above
        done = subprocess.run(
            ["bash", "-c", sneaked], cwd=sandbox, capture_output=True, text=True, timeout=60
        )
        assert "Approved" in done.stdout + done.stderr, done
        assert _state(harness, code) == "approved"
        allowed = await client.call_tool("run_command", {"command": WRITE})
        assert not allowed.is_error, text_of(allowed)

    ran_log = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert not any(c in ran_log for c in denied)  # the server never saw a denied command
    assert ran_log.count(WRITE) == 1  # the approved retry alone
    assert json.loads(settings.read_text("utf-8"))["hooks"]  # written once approved
    assert policy.read_text("utf-8") == before
    assert not (harness.home / ".cordon" / "approvals.json").exists()
