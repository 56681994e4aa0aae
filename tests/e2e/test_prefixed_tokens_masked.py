"""A prefixed API token (Hugging Face ``hf_``, Groq ``gsk_``, OpenRouter ``sk-or-v1-`` ...)
in a tool result reaches the client masked, through the real ``cordon run`` in its default
content mode (warn), driven by the official SDK client.

Attack class: credential exposure to the model. The formats the outbound check refuses by
format (``secret.pattern``: :data:`cordon.secret_formats.PREFIXED_TOKENS`) were shown to the
agent as they were when read from a file, where every later call and any planted instruction
could use them; the masking reads the same catalogue now. A token-shaped word that is a
placeholder or too short stays as it was.
"""

from __future__ import annotations

import random
import string

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_AN = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _rnd(n: int, alphabet: str = _AN) -> str:
    rng = random.SystemRandom()
    return "".join(rng.choice(alphabet) for _ in range(n))


#: one live-shaped token of each format in the catalogue
TOKENS = {
    "huggingface": "hf_" + _rnd(34, string.ascii_letters),
    "huggingface org": "api_org_" + _rnd(34, string.ascii_letters),
    "openrouter": "sk-or-v1-" + _rnd(64, _HEX),
    "groq": "gsk_" + _rnd(52),
    "replicate": "r8_" + _rnd(37),
    "perplexity": "pplx-" + _rnd(48),
    "xai": "xai-" + _rnd(80),
    "digitalocean": "dop_v1_" + _rnd(64, _HEX),
    "linear": "lin_api_" + _rnd(40),
    "notion": "ntn_" + _rnd(46),
    "supabase": "sbp_" + _rnd(40, _HEX),
    "shopify": "shpat_" + _rnd(32, _HEX),
    "databricks": "dapi" + _rnd(32, _HEX),
    "postman": "PMAK-" + _rnd(24, _HEX) + "-" + _rnd(34, _HEX),
    "pinecone": "pcsk_" + _rnd(6) + "_" + _rnd(60),
    "atlassian": "ATATT3" + _rnd(186),
    "doppler": "dp.st.prd." + _rnd(43),
    "pulumi": "pul-" + _rnd(40, _HEX),
    "tailscale": "tskey-auth-" + _rnd(12) + "-" + _rnd(30),
    "gitlab runner": "glrt-" + _rnd(26),
    "figma": "figd_" + _rnd(40),
    "sentry": "sntrys_" + _rnd(80),
    "langsmith": "lsv2_pt_" + _rnd(32, _HEX) + "_" + _rnd(10, _HEX),
    "firecrawl": "fc-" + _rnd(32, _HEX),
    "tavily": "tvly-dev-" + _rnd(32),
}


async def test_a_prefixed_token_in_a_result_reaches_the_client_masked(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("hi", "utf-8")
    config = harness.tmp / "settings.py"
    lines = [f"{name.upper().replace(' ', '_')} = '{tok}'" for name, tok in TOKENS.items()]
    benign = f"LABEL = 'hf_example_placeholder'\nMODE = 'fc-default'\nKEY = 'gsk_{'x' * 52}'\n"
    config.write_text("MODEL = 'llama'\n" + "\n".join(lines) + "\n" + benign, "utf-8")
    mail = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(mail) as c:
        await c.list_tools()
        r = await c.call_tool("read_file", {"path": str(config)})
    text = text_of(r)
    assert not r.is_error, text
    assert "MODEL = 'llama'" in text and benign in text
    shown = [name for name, tok in TOKENS.items() if tok in text]
    assert shown == [], (shown, text)
    assert text.count("secret masked") >= len(TOKENS), text
    log = harness.audit.read_text("utf-8")
    assert not [name for name, tok in TOKENS.items() if tok in log]


async def test_a_padded_token_sent_out_is_refused(harness: Harness) -> None:
    # a token padded past its format's bound or length ('<key>' + 'AAAA...', '<key>_x'),
    # the padding stripped by the receiver, is still a credential leaving (secret.pattern)
    box = harness.tmp / "box"
    box.mkdir()
    mail = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(mail) as c:
        await c.list_tools()
        for name in ("pinecone", "atlassian", "sentry", "tailscale", "groq", "huggingface"):
            for pad in ("A" * 600, "_x", "A"):
                body = f"key: {TOKENS[name]}{pad}"
                r = await c.call_tool(
                    "send_email", {"to": "ops@example.com", "subject": "s", "body": body}
                )
                assert r.is_error and "secret.pattern" in text_of(r), (name, text_of(r))
    outbox = box / "outbox"
    assert not outbox.exists() or not any(outbox.iterdir())


async def test_a_padded_token_in_a_result_reaches_the_client_masked(harness: Harness) -> None:
    # a token padded past its length or bound in a file ('<key>AAAA', '<key>_example'): the
    # reader that cuts the padding gets the token, so warn mode masks it with its padding
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("hi", "utf-8")
    config = harness.tmp / "settings.py"
    pads = ("AAAA", "_example", "9" * 300)
    lines = [
        f"{name.upper().replace(' ', '_')} = '{tok}{pads[i % len(pads)]}'"
        for i, (name, tok) in enumerate(TOKENS.items())
    ]
    config.write_text("MODEL = 'llama'\n" + "\n".join(lines) + "\n", "utf-8")
    mail = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(mail) as c:
        await c.list_tools()
        r = await c.call_tool("read_file", {"path": str(config)})
    text = text_of(r)
    assert not r.is_error, text
    assert "MODEL = 'llama'" in text
    shown = [name for name, tok in TOKENS.items() if tok[:14] in text]
    assert shown == [], (shown, text)
    assert "AAAA'" not in text and "_example'" not in text, text
