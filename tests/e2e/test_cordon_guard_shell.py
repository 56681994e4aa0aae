"""The real ``cordon run`` in front of a server that really runs shell commands
(tests/servers/shellbox.py), driven by the official SDK client: spellings that run cordon's
control commands or write its files past a wrapper's options (``env -S"LINE"``,
``sudo``-style bundles), a wrapper's or CDPATH's directory (``env -C``, ``CDPATH=~ cd``),
a program read from stdin (``python3 -`` with a here-document) or a hard link made earlier
are denied before the server runs them. Asserted on the side effects: the approvals store
and ``~/.cordon`` unchanged, the server's log without the denied commands, an ordinary
command still run."""

from __future__ import annotations

import json
import os
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"
#: a write the policy asks about: it makes the approvals store hold a pending code
ASKED = "mkdir -p .claude && echo '{}' > .claude/settings.json"


async def test_shell_spellings_of_cordons_control_and_state_are_denied(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    dot = harness.home / ".cordon"
    dot.mkdir(exist_ok=True)  # the harness home holds ~/.cordon/cache already
    (dot / "approvals.json").write_text("{}", "utf-8")
    log = harness.tmp / "ran.log"
    policy = harness.policy(
        {
            "version": 1,
            "allowed_path_prefixes": [str(harness.tmp)],
            "tools": {"run_command": {"base_dir": str(sandbox)}},
        }
    )
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        asked = await client.call_tool("run_command", {"command": ASKED})
        assert asked.is_error and "action.credential_write" in text_of(asked), text_of(asked)
        store_before = harness.store.read_bytes()
        os.link(harness.store, sandbox / "hard.json")  # (made earlier: an archive, a clone)
        store = f"--approvals-store {harness.store}"
        denied = {
            f'env -S"cordon approve XXXX-XXXX {store}"': "cordon_control",
            f"env -vS 'cordon pin accept {store}'": "cordon_control",
            "timeout inf cordon approve XXXX-XXXX": "cordon_control",
            "python3 - <<'EOF'\nimport subprocess\n"
            "subprocess.run(['cordon', 'approve', 'XXXX-XXXX'])\nEOF\n": "cordon_control",
            "env -C ~/.cordon sh -c 'echo {\"X\": 1} > approvals.json'": "cordon_state",
            "CDPATH=~ cd .cordon && echo '{\"X\": 1}' > approvals.json": "cordon_state",
            "rsync --remove-source-files -a ~/.cordon/ ./copy/": "cordon_state",
            "echo '{\"codes\": []}' > hard.json": "cordon_state",
        }
        for command, rule in denied.items():
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and f"action.{rule}" in text_of(r), (command, text_of(r))
        ok = await client.call_tool("run_command", {"command": "echo ok > ok.txt"})
        assert not ok.is_error, text_of(ok)

    ran = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert not any(c in ran for c in denied), ran  # the server never saw a denied command
    assert (sandbox / "ok.txt").read_text("utf-8") == "ok\n"
    assert harness.store.read_bytes() == store_before
    assert (dot / "approvals.json").read_text("utf-8") == "{}"
    assert not (sandbox / "copy").exists()
