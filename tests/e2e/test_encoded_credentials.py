"""Credentials in a Kubernetes Secret's encoded values are masked and never leave.

A real ``cordon run`` (warn mode, the default) in front of the mailbox server, whose inbox
holds ``kubectl get secret -o yaml`` output: one GitHub token base64-encoded (as Kubernetes
stores ``data`` values) and one hex-encoded (as an environment dump prints a key). The
official SDK client reads it with both encoded values masked; a later call carrying either
decoded token through another cordon process of the client, in front of a second server, is
refused there (``secret.egress``) and never reaches that server (its call log). The tokens are random, built at run time.
"""

from __future__ import annotations

import base64
import json
import random
import string
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_RNG = random.SystemRandom()


def _token() -> str:
    return "ghp_" + "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(36))


def _mailbox(harness: Harness, name: str, inbox: str) -> tuple[Any, Path]:
    box = harness.tmp / name
    box.mkdir()
    (box / "inbox.txt").write_text(inbox, "utf-8")
    env = {"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1"}
    return harness.cordon(mailbox_server(), env=env, name=name), box


def _echoed(box: Path) -> list[str]:
    log = box / "calls.log"
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    calls = [json.loads(line) for line in lines]
    return [str(c["arguments"].get("text", "")) for c in calls if c["tool"] == "echo"]


async def _refused(client: Any, box: Path, secrets: list[str]) -> None:
    """Each secret sent through ``echo`` is refused and never arrives; a clean call does
    arrive (the test can fail)."""
    for secret in secrets:
        r = await client.call_tool("echo", {"text": f"the key is {secret}"})
        assert r.is_error and "secret.egress" in text_of(r), text_of(r)
    r = await client.call_tool("echo", {"text": "nothing secret here"})
    assert not r.is_error, text_of(r)
    echoed = _echoed(box)
    assert "nothing secret here" in echoed
    assert not [t for t in echoed for s in secrets if s in t]


async def test_a_kubernetes_secret_with_base64_and_hex_keys(harness: Harness) -> None:
    b64_key, hex_key = _token(), _token()
    b64_value = base64.b64encode(b64_key.encode()).decode()
    hex_value = f"GITHUB_TOKEN={hex_key}".encode().hex()
    manifest = (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ci-credentials\n  namespace: ci\n"
        f"type: Opaque\ndata:\n  GITHUB_TOKEN: {b64_value}\n"
        f"  DEPLOY_ENV_HEX: {hex_value}\n  REGION: {base64.b64encode(b'eu-west-1').decode()}\n"
    )
    reader, _box = _mailbox(harness, "cluster", manifest)
    sender, sender_box = _mailbox(harness, "tickets", "")
    async with Client(reader, mode="legacy") as rc:
        await rc.list_tools()
        r = await rc.call_tool("read_inbox", {})
        assert not r.is_error, text_of(r)
        shown = json.dumps(r.model_dump(mode="json", by_alias=True))
        for value in (b64_value, hex_value, b64_key, hex_key):
            assert value not in shown
        assert "ci-credentials" in text_of(r)  # the rest of the manifest is delivered
    async with Client(sender, mode="legacy") as sc:
        await sc.list_tools()
        await _refused(sc, sender_box, [b64_key, hex_key])


async def test_keys_in_a_second_gzip_member_wrapped_hex_and_a_crlf_block_scalar(
    harness: Harness,
) -> None:
    """Three more printings of a key, each masked and refused: a gzip artifact of two members
    (RFC 1952 section 2.2: gunzip prints both; the first is an ordinary log), ``xxd -p``
    output (60 hex digits a line, the key cut in two) and a YAML block scalar with CR LF line
    ends."""
    import gzip

    gz_key, xxd_key, crlf_key = _token(), _token(), _token()
    members = gzip.compress(b"build 41 ok\n" * 20) + gzip.compress(f"TOKEN={gz_key}\n".encode())
    artifact = base64.b64encode(members).decode()
    hexed = f"GITHUB_TOKEN={xxd_key}\n".encode().hex()
    xxd = "\n".join(hexed[i : i + 60] for i in range(0, len(hexed), 60))
    enc = base64.b64encode(f"registry password, token={crlf_key}, rotate monthly".encode())
    block = "\r\n".join("    " + enc.decode()[i : i + 40] for i in range(0, len(enc), 40))
    inbox = (
        f"artifact: {artifact}\n\n$ xxd -p token.txt\n{xxd}\n\n"
        f"data:\r\n  creds: |\r\n{block}\r\n  region: eu-west-1\r\n"
    )
    reader, _box = _mailbox(harness, "builds", inbox)
    sender, sender_box = _mailbox(harness, "chat", "")
    async with Client(reader, mode="legacy") as rc:
        await rc.list_tools()
        r = await rc.call_tool("read_inbox", {})
        assert not r.is_error, text_of(r)
        shown = json.dumps(r.model_dump(mode="json", by_alias=True))
        for value in (artifact, hexed[:60], enc.decode()[:40], gz_key, xxd_key, crlf_key):
            assert value not in shown
        assert "eu-west-1" in text_of(r)  # the rest of the text is delivered
    async with Client(sender, mode="legacy") as sc:
        await sc.list_tools()
        await _refused(sc, sender_box, [gz_key, xxd_key, crlf_key])
