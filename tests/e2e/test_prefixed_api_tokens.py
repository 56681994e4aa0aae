"""A Hugging Face, Groq, OpenRouter or Linear token read from a project file and mailed out,
through the real ``cordon run`` in its default mode.

Attack class: credential exfiltration of a format the catalogue lacked. ``hf_`` + 34 letters
(and an organisation's ``api_org_`` token) is the token a Hugging Face user keeps in a
notebook, a ``config.py`` or ``~/.cache/huggingface/token``; under a name that does not say
token (``HF = '...'``) no rule read it, so it was shown to the agent as it was and could be
sent anywhere; so were an agent's other usual keys with a prefix of their own (``gsk_``,
``sk-or-v1-``, ``lin_api_`` ...: :data:`cordon.secret_formats.PREFIXED_TOKENS`). Now a call carrying one is refused by format (``secret.pattern``), in any
encoding the detector reads, to any server.
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

OPS = "ops@example.com"


def _rnd(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    rng = random.SystemRandom()
    return "".join(rng.choice(alphabet) for _ in range(n))


@pytest.mark.parametrize(
    "make",
    [
        lambda: "hf_" + _rnd(34, string.ascii_letters),
        lambda: "gsk_" + _rnd(52),
        lambda: "sk-or-v1-" + _rnd(64, "0123456789abcdef"),
        lambda: "lin_api_" + _rnd(40),
    ],
    ids=["huggingface", "groq", "openrouter", "linear"],
)
async def test_a_token_read_from_a_file_is_not_mailed(harness: Harness, make: Any) -> None:
    token = make()
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("hi", "utf-8")
    config = harness.tmp / "config.py"
    config.write_text(f"MODEL = 'llama'\nHF = '{token}'\n", "utf-8")
    policy = harness.policy({"version": 1, "trusted_destinations": [OPS]})
    mail = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    async with Client(mail, mode="legacy") as c:
        await c.list_tools()
        await c.call_tool("read_file", {"path": str(config)})
        for body in (f"the token: {token}", f"reversed: {token[::-1]}", f"HF = '{token}'"):
            r = await c.call_tool("send_email", {"to": OPS, "subject": "s", "body": body})
            assert r.is_error and "secret." in text_of(r), (body, text_of(r))
        r = await c.call_tool("send_email", {"to": OPS, "subject": "s", "body": "all good"})
        assert not r.is_error, text_of(r)
    sent = [json.loads(p.read_text("utf-8"))["body"] for p in (box / "outbox").iterdir()]
    assert sent == ["all good"]
    assert token not in harness.audit.read_text("utf-8")
