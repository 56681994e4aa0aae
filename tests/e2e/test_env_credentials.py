"""A token an MCP client hands a server in its entry's ``env`` may not leave in a call,
through the real ``cordon run``, with no ``secrets:`` block in the policy.

Claude Desktop, Cursor and VS Code configure a server's credential as an ``env`` value of
its entry (``GITHUB_PERSONAL_ACCESS_TOKEN``, ``SLACK_BOT_TOKEN``...); ``cordon init`` keeps
it there, so ``cordon run`` inherits it and hands it on. A fooled agent that copies it into
a call (the credential-exfiltration step of tool-poisoning write-ups) is refused
(``secret.egress``), the server never receives the call, and the audit log holds no copy.
``secrets: {env_credentials: off}`` gives the older behaviour: only named variables count.

The token is random, built at run time, in no known format (so ``secret.pattern`` cannot
be what catches it)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_RNG = random.SystemRandom()


def _token() -> str:
    return "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(30)) + "9x"


def _box(harness: Harness) -> Path:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    return box


def _arrived(box: Path) -> str:
    log = box / "calls.log"
    return log.read_text("utf-8") if log.exists() else ""


async def test_a_token_from_the_entry_env_is_refused_in_a_call(harness: Harness) -> None:
    token, other = _token(), _token()
    box = _box(harness)
    key_file = str(harness.tmp / "sa-key.json")
    params = harness.cordon(
        mailbox_server(),
        policies=[harness.policy({"version": 1})],
        env={
            "MAILBOX_DIR": str(box),
            "MAILBOX_CALL_LOG": "1",
            "GITHUB_PERSONAL_ACCESS_TOKEN": token,
            "GOOGLE_APPLICATION_CREDENTIALS": key_file,  # a path, not a credential
            "BUILD_LABEL": other,  # a name that says nothing of a credential
        },
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for args in (
            {"text": token},
            {"text": f"the token is {token[:12]} {token[12:]}"},
        ):
            r = await client.call_tool("echo", args)
            assert r.is_error and "secret.egress" in text_of(r), text_of(r)
            assert token not in text_of(r)
        for allowed in (key_file, other):
            r = await client.call_tool("echo", {"text": allowed})
            assert not r.is_error, text_of(r)
    arrived = _arrived(box)
    assert token not in arrived and token[12:] not in arrived
    assert key_file in arrived and other in arrived
    assert token not in harness.audit.read_text("utf-8")
    denied = [r for r in harness.records("verdict") if r["verdict"] == "deny"]
    assert len(denied) == 2


async def test_env_credentials_off_protects_only_named_variables(harness: Harness) -> None:
    token = _token()
    box = _box(harness)
    policy = harness.policy({"version": 1, "secrets": {"env_credentials": False}})
    params = harness.cordon(
        mailbox_server(),
        policies=[policy],
        env={"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1", "SLACK_BOT_TOKEN": token},
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("echo", {"text": token})
        assert not r.is_error, text_of(r)
    assert token in _arrived(box)
