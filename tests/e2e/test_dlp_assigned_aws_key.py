"""An AWS secret access key assigned to its name, unquoted (``aws_secret_access_key = ...``
as the AWS CLI's credentials file writes it, ``AWS_SECRET_ACCESS_KEY=...`` as an environment
does), leaving in a call through the real ``cordon run``: denied (``secret.pattern``), never
delivered, and withheld from the audit record. detect-secrets' catalogue reads only a quoted
one, so the engine refused ``'...'`` and let the plain line through (asked, or allowed to a
trusted destination), while the content scanner masked the same key in a result. A placeholder
(AWS's documented example key) still goes. The key is built at run time, never written."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TRUSTED = "ops@example.com"


def _secret_key(seed: int) -> str:
    alphabet, rng = string.ascii_letters + string.digits + "/+", random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(40))


def _outbox(d: Path) -> str:
    out = d / "outbox"
    return "".join(p.read_text() for p in sorted(out.iterdir())) if out.exists() else ""


@pytest.mark.requirement("inv:deny-not-forwarded")
async def test_an_unquoted_assigned_aws_secret_key_is_denied(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    policy = harness.policy({"version": 1, "trusted_destinations": [TRUSTED]})
    params = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    one, two = _secret_key(1), _secret_key(2)
    example = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY"  # AWS's documented placeholder
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for body in (f"[default]\naws_secret_access_key = {one}\n", f"AWS_SECRET_ACCESS_KEY={two}"):
            r = await client.call_tool("send_email", {"to": TRUSTED, "body": body})
            assert r.is_error and "secret.pattern" in text_of(r), text_of(r)
        r = await client.call_tool(
            "send_email", {"to": TRUSTED, "body": f"aws_secret_access_key = {example}"}
        )
        assert not r.is_error, text_of(r)
    delivered = _outbox(box)
    assert one not in delivered and two not in delivered and example in delivered
    log = harness.audit.read_text("utf-8")
    assert one not in log and two not in log
    denied = [r for r in harness.records("verdict") if r["rule"] == "secret.pattern"]
    assert len(denied) == 2
    assert all("[withheld: secret aws sha256:" in r["arguments"]["body"] for r in denied)
