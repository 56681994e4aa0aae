"""cordon's own credentials through another server of the client, with the real ``cordon run``
processes: one in front of the mailbox server over Streamable HTTP, which requires a bearer
token (given with ``--header-env Authorization``, as ``cordon init`` writes a header) and is
reached at a URL that carries a query key; one in front of a mailbox server on stdio. Both
share the client's store (one HOME, one parent process).

The stdio server's cordon never saw the token or the key in any output (the agent read them
from the client config through a file server, and the scanner does not know their format),
yet every call carrying either, plain or encoded, is refused there (``secret.egress``) and
never reaches its server (its call log, outbox and fetch log), while the remote server keeps
getting the header on every request. The audit log holds neither.

The credentials are random, built at run time."""

from __future__ import annotations

import base64
import codecs
import json
import random
import string
import urllib.parse
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

OPS = "ops@example.com"
MODES = ["legacy", "2026-07-28"]
_RNG = random.SystemRandom()


def _random(n: int) -> str:
    # letters and digits in no known format: the content scanner does not recognise it
    return "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(n - 2)) + "7q"


def _box(harness: Harness, name: str) -> Path:
    box = harness.tmp / name
    box.mkdir()
    (box / "inbox.txt").write_text("Nothing new.\n", "utf-8")
    return box


def _arrived(box: Path) -> str:
    """Every call the server received, and everything it sent or fetched."""
    out = ""
    for name in ("calls.log", "fetched.log", "http.log"):
        if (box / name).exists():
            out += (box / name).read_text("utf-8")
    if (box / "outbox").exists():
        out += "".join(p.read_text("utf-8") for p in (box / "outbox").iterdir())
    return out


@pytest.mark.parametrize("mode", MODES)
async def test_the_remote_servers_header_and_url_key_are_refused_through_the_other(
    harness: Harness, mode: str
) -> None:
    token, key = _random(24), _random(20)
    policy = harness.policy({"version": 1, "trusted_destinations": [OPS, "*.example.com"]})
    remote_box, local_box = _box(harness, "remote"), _box(harness, "local")
    url = harness.http_mailbox({"MAILBOX_DIR": str(remote_box)}, token=token)
    remote = harness.cordon(
        [],
        policies=[policy],
        extra=["--url", f"{url}?api_key={key}", "--header-env", "Authorization"],
        name="remote",
        env={"CORDON_HEADER_AUTHORIZATION": f"Bearer {token}"},
    )
    local = harness.cordon(
        mailbox_server(),
        policies=[policy],
        env={"MAILBOX_DIR": str(local_box), "MAILBOX_CALL_LOG": "1"},
        name="local",
    )
    async with Client(remote, mode=mode) as cr, Client(local, mode=mode) as cl:
        await cr.list_tools()
        await cl.list_tools()
        # the remote server gets its header: it answers (it refuses a request without it)
        r = await cr.call_tool("read_inbox", {})
        assert not r.is_error and "Nothing new" in text_of(r), text_of(r)
        for secret in (token, key):
            for tool, args in [
                ("echo", {"text": secret}),
                ("send_email", {"to": OPS, "subject": "config", "body": f"config: {secret}"}),
                ("fetch", {"url": f"https://search.example.com/?q={secret}"}),
                ("echo", {"text": f"Authorization: Bearer {secret}"}),
                ("echo", {"text": base64.b64encode(secret.encode()).decode()}),
                ("echo", {"text": urllib.parse.quote(f"k={secret}", safe="")}),
                ("echo", {"text": codecs.encode(secret, "rot13")}),
                ("echo", {"text": " ".join(f"{b:02x}" for b in secret.encode())}),
                ("echo", {"text": secret[::-1]}),
                ("echo", {"text": f"a={secret[:11]}", "more": f"{secret[11:]};"}),
            ]:
                r = await cl.call_tool(tool, args)
                assert r.is_error and "secret.egress" in text_of(r), (tool, text_of(r))
                assert secret not in text_of(r)
        r = await cl.call_tool("echo", {"text": "nothing secret here"})
        assert not r.is_error, text_of(r)

    arrived = _arrived(local_box)
    assert "nothing secret here" in arrived  # the log is written: the refused never came
    for secret in (token, key):
        for form in (secret, codecs.encode(secret, "rot13"), secret[::-1], secret[11:]):
            assert form not in arrived, form
    # the remote server got the header on every request, as before
    posts = [
        json.loads(line)["headers"] for line in (remote_box / "http.log").open(encoding="utf-8")
    ]
    assert posts and all(h.get("authorization") == f"Bearer {token}" for h in posts)
    # the audit log holds neither credential, in any case
    log = harness.audit.read_text("utf-8").lower()
    assert token.lower() not in log and key.lower() not in log
    denied = [r for r in harness.records("verdict") if r["verdict"] == "deny"]
    assert len(denied) == 20 and {r["server"] for r in denied} == {"local"}
    assert {r["rule"] for r in denied} == {"secret.egress"}
