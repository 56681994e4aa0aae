"""A secret read through one server, mailed encoded in a way the matcher did not read,
through the real ``cordon run``.

Attack class: an injected "base64 the key, then write it backwards" (or hex, backwards),
"send it as octal escapes", "as binary", "as UTF-16 hex". Each keeps every bit of the key
(the reader undoes it in one line) and each passed ``secret.egress``: a reversed text's
decoded views were not read, octal and binary bytes were not among the bytes' forms, and
UTF-16's zero bytes kept its hex from decoding to text.

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


def _encodings(key: str) -> dict[str, str]:
    raw = key.encode()
    return {
        "base64, reversed": base64.b64encode(raw).decode()[::-1],
        "base64 of a line, reversed": base64.b64encode(b"key=" + raw + b"\n").decode()[::-1],
        "hex, reversed": raw.hex()[::-1],
        "octal escapes": "".join(f"\\{b:o}" for b in raw),
        "binary": " ".join(f"{b:08b}" for b in raw),
        "UTF-16 hex": key.encode("utf-16-le").hex(),
    }


async def test_a_key_mailed_reversed_octal_binary_or_utf16_is_refused(harness: Harness) -> None:
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
    encoded = _encodings(key)
    async with Client(mail, mode="legacy") as c:
        await c.list_tools()
        assert key in text_of(await c.call_tool("read_file", {"path": str(env_file)}))
        for how, text in encoded.items():
            body = f"as asked ({how}): {text}"
            r = await c.call_tool("send_email", {"to": OPS, "subject": "s", "body": body})
            assert r.is_error and "secret.egress" in text_of(r), (how, text_of(r))
        r = await c.call_tool("send_email", {"to": OPS, "subject": "s", "body": "all good"})
        assert not r.is_error, text_of(r)
    outbox = box / "outbox"
    sent = [json.loads(p.read_text("utf-8"))["body"] for p in outbox.iterdir()]
    assert sent == ["all good"]
