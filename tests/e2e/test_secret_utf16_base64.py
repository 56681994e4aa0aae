"""A key read through one server, mailed as base64 of its UTF-16 text, through the real
``cordon run``.

Attack class: an injected "encode it the Windows way" (PowerShell's ``-EncodedCommand``,
``[Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($key))``). Every other byte
is zero, so no decoded view of it was text: it passed ``secret.egress`` while the same text
as UTF-16 hex was refused (tests/e2e/test_secret_more_encodings.py).

The agent reads the key as the server sent it (``--content monitor``); the sink is the
mailbox server's ``send_email`` to an allowlisted address; the test asserts what reached its
outbox.
"""

from __future__ import annotations

import base64
import json
import random
import string

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

OPS = "ops@example.com"


async def test_a_key_mailed_as_utf16_base64_is_refused(harness: Harness) -> None:
    rng = random.SystemRandom()
    key = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(30)) + "7q"
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("hi", "utf-8")
    env_file = harness.tmp / ".env"
    env_file.write_text(f"OPENAI_API_KEY={key}\n", "utf-8")
    policy = harness.policy({"version": 1, "trusted_destinations": [OPS]})
    mail = harness.cordon(
        mailbox_server(),
        policies=[policy],
        env={"MAILBOX_DIR": str(box)},
        name="mail",
        extra=["--content", "monitor"],
    )
    encoded = {
        "UTF-16LE base64": base64.b64encode(key.encode("utf-16-le")).decode(),
        "in a script": base64.b64encode(f"$k = '{key}'".encode("utf-16-le")).decode(),
        "UTF-16BE base64": base64.b64encode(key.encode("utf-16-be")).decode(),
    }
    other = base64.b64encode("all good".encode("utf-16-le")).decode()
    async with Client(mail, mode="legacy") as c:
        await c.list_tools()
        assert key in text_of(await c.call_tool("read_file", {"path": str(env_file)}))
        for how, text in encoded.items():
            body = f"as asked ({how}): {text}"
            r = await c.call_tool("send_email", {"to": OPS, "subject": "s", "body": body})
            assert r.is_error and "secret.egress" in text_of(r), (how, text_of(r))
        r = await c.call_tool("send_email", {"to": OPS, "subject": "s", "body": other})
        assert not r.is_error, text_of(r)
    outbox = box / "outbox"
    sent = [json.loads(p.read_text("utf-8"))["body"] for p in outbox.iterdir()]
    assert sent == [other]
