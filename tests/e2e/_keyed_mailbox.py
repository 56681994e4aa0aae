"""A key read through the mailbox server, then mailed in given spellings, through the real
``cordon run``: the shared set-up of the secret-egress e2e files.

The mailbox server reads ``.env`` holding the key (``--content monitor``: the agent sees the
key as the server sent it, as a fooled agent would); the sink is its ``send_email`` to an
allowlisted address, so only the secrets layer stands between the key and the outbox.
"""

from __future__ import annotations

import json

from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

OPS = "ops@example.com"


async def mail_each_spelling(
    harness: Harness, env_line: str, key: str, spellings: dict[str, str], benign: str
) -> list[str]:
    """Read ``env_line`` (holding ``key``) from ``.env``, mail each spelling (each must be
    refused by ``secret.egress``), then ``benign`` (must pass); returns the outbox's bodies."""
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("hi", "utf-8")
    env_file = harness.tmp / ".env"
    env_file.write_text(env_line + "\n", "utf-8")
    policy = harness.policy({"version": 1, "trusted_destinations": [OPS]})
    mail = harness.cordon(
        mailbox_server(),
        policies=[policy],
        env={"MAILBOX_DIR": str(box)},
        name="mail",
        extra=["--content", "monitor"],
    )
    async with Client(mail, mode="legacy") as c:
        await c.list_tools()
        assert key in text_of(await c.call_tool("read_file", {"path": str(env_file)}))
        for how, text in spellings.items():
            body = f"as asked ({how}): {text}"
            r = await c.call_tool("send_email", {"to": OPS, "subject": "s", "body": body})
            assert r.is_error and "secret.egress" in text_of(r), (how, text_of(r))
        r = await c.call_tool("send_email", {"to": OPS, "subject": "s", "body": benign})
        assert not r.is_error, text_of(r)
    return [json.loads(p.read_text("utf-8"))["body"] for p in (box / "outbox").iterdir()]
