"""A gzip-in-base64 log far past the old 8 MiB inflate cap is delivered, its key masked.

A real ``cordon run`` (warn mode, the default) in front of the mailbox server, whose inbox
holds a CI artifact: 20 MB of a log that repeats itself (about 150:1), gzip in base64 (180 KB),
with a GitHub token at its end. It was withheld whole (``content.cap_exceeded``); now the SDK
client reads the inbox with the artifact masked and the rest delivered, and a later call
carrying the token through another cordon process of the client, in front of a second
server, is refused there (``secret.egress``) and never reaches it. The token is random, built
at run time.
"""

from __future__ import annotations

import base64
import json
import random
import string
import zlib

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e.test_encoded_credentials import _mailbox, _refused

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_RNG = random.SystemRandom()


def _artifact(key: str) -> str:
    block = "".join(
        f"[INFO] helm upgrade --install web ./chart: waiting for deployment web-{k} "
        f"rollout (replica {k} of 12)\n"
        for k in range(12)
    ).encode()
    co = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip, as ``gzip -9`` writes it
    parts = [co.compress(f"--- attempt {i} ---\n".encode() + block) for i in range(16_000)]
    parts += [co.compress(f"\nGITHUB_TOKEN={key}\n".encode()), co.flush()]
    return base64.b64encode(b"".join(parts)).decode()


async def test_a_long_repetitive_gzip_log_is_delivered_with_its_key_masked(
    harness: Harness,
) -> None:
    key = "ghp_" + "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(36))
    artifact = _artifact(key)
    inbox = f"CI run 4812 finished.\nlog.gz.b64: {artifact}\n# region: eu-west-1\n"
    reader, _box = _mailbox(harness, "ci", inbox)
    sender, sender_box = _mailbox(harness, "chat", "")
    async with Client(reader, mode="legacy") as rc:
        await rc.list_tools()
        r = await rc.call_tool("read_inbox", {})
        assert not r.is_error, text_of(r)[:500]
        shown = json.dumps(r.model_dump(mode="json", by_alias=True))
        assert artifact[:200] not in shown and key not in shown
        assert "CI run 4812 finished." in text_of(r) and "eu-west-1" in text_of(r)
    async with Client(sender, mode="legacy") as sc:
        await sc.list_tools()
        await _refused(sc, sender_box, [key])


async def test_keys_in_a_hexdump_and_in_wrapped_base32_are_masked_and_refused(
    harness: Harness,
) -> None:
    """``hexdump -C`` of a captured request (its text column shows the token cut in three)
    and ``base32`` output (wrapped at 76 columns): both masked, both tokens refused."""
    from tests.content.test_encoded_dumps import hexdump_c

    dump_key, b32_key = (
        "ghp_" + "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(36))
        for _ in range(2)
    )
    request = f"GET / HTTP/1.1\r\nAuthorization: Bearer {dump_key}\r\n\r\n".encode()
    enc = base64.b32encode(f"GITHUB_TOKEN={b32_key}\n".encode()).decode()
    wrapped = "\n".join(enc[i : i + 76] for i in range(0, len(enc), 76))
    inbox = f"$ hexdump -C req.bin\n{hexdump_c(request)}\n$ base32 env\n{wrapped}\n# region: eu\n"
    reader, _box = _mailbox(harness, "capture", inbox)
    sender, sender_box = _mailbox(harness, "paste", "")
    async with Client(reader, mode="legacy") as rc:
        await rc.list_tools()
        r = await rc.call_tool("read_inbox", {})
        assert not r.is_error, text_of(r)[:500]
        shown = json.dumps(r.model_dump(mode="json", by_alias=True))
        assert dump_key[4:20] not in shown and b32_key not in shown and enc[:40] not in shown
        assert "# region: eu" in text_of(r)
    async with Client(sender, mode="legacy") as sc:
        await sc.list_tools()
        await _refused(sc, sender_box, [dump_key, b32_key])
