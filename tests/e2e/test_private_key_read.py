"""A PEM private key read through the real filesystem server, behind the real ``cordon run``
in its default (warn) content mode: no line of the key's body reaches the agent, and the
body, whole or one line of it, may not leave afterwards (``secret.egress``).

Before, ``secret.private_key`` covered the BEGIN line and two base64 lines only: 24 of the
27 lines of a 2048-bit RSA key were delivered, and sending one of them to a new address was
an approvable ask.
"""

from __future__ import annotations

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, text_of
from tests.content.test_private_key_span import ed25519, rsa_2048

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_read_key_is_masked_whole(harness: Harness) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    keys = {"id_rsa": rsa_2048(), "id_ed25519": ed25519()}
    for name, key in keys.items():
        (root / name).write_text(key + "\n")
    policy = harness.policy({"version": 1, "packs": ["filesystem"]})
    params = harness.cordon(fs_server(root), policies=[policy], name="fs")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for name, key in keys.items():
            r = await client.call_tool("read_text_file", {"path": str(root / name)})
            got = text_of(r)
            assert not r.is_error, got
            body = key.splitlines()[1:-1]
            assert [line for line in body if line in got] == [], name
            assert "-----END" not in got, got
