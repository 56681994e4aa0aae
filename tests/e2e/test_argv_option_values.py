"""A connection string's password or a URL's key given as an option's value in the same
argument (``--dsn=postgres://user:PASSWORD@host/db``, ``--url=https://host/mcp?api_key=KEY``)
is the server's credential as when it stands alone: through the real ``cordon run`` in front
of the mailbox server, the audit log's start record names the command line with it masked,
and a call that carries it is refused (``secret.egress``) and never reaches the server. Only
a whole argument was read as a connection string or URL, so both were written to the audit
log in clear and a tool call could carry them out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

PASSWORD = "pgPw-31a7c9e2d4"
KEY = "urlKey-5b8e0f1a9c"


async def test_option_value_credentials_are_masked_and_never_leave(
    harness: Harness, tmp_path: Path
) -> None:
    box = tmp_path / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    upstream = [
        *mailbox_server(),
        f"--dsn=postgres://app:{PASSWORD}@db.internal/app",
        f"--url=https://api.example.com/mcp?api_key={KEY}",
    ]
    env = {"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1"}
    pol = [harness.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})]
    params = harness.cordon(upstream, policies=pol, name="mail", env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for secret in (PASSWORD, KEY):
            r = await client.call_tool("send_email", {"to": "ops@example.com", "body": secret})
            assert r.is_error and "secret.egress" in text_of(r), text_of(r)
    log = harness.audit.read_text("utf-8")
    assert PASSWORD not in log and KEY not in log
    command = json.dumps(harness.records("start")[0]["upstream"]["command"])
    assert "--dsn=postgres://app:***@db.internal/app" in command, command
    assert "api_key=***" in command, command
    calls = (box / "calls.log").read_text("utf-8") if (box / "calls.log").exists() else ""
    assert PASSWORD not in calls and KEY not in calls
