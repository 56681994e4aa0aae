"""What the person approving a send reads, through the real ``cordon run``.

* An ASCII typosquat of an allowlisted domain (``billing@paypa1.com`` with ``@paypal.com``
  in ``trusted_destinations``; MITRE ATT&CK T1583.001) was asked about with nothing that
  told the person it is not ``paypal.com``: cordon's question, observed through the SDK
  client's elicitation callback (tests/servers/mailbox.py upstream), now says so at the
  start of its reason (cordon.engine.near_domains). It stays an ask: declined, nothing sent.
* An ask covering several approvals listed its destinations, then each reason: the cap on
  what a person is shown (its start and its end) cut the middle, and with it "carries a link
  first seen in untrusted tool output" (a mail's phishing link forwarded) and the Rule of
  Two. In front of the real @gongrzhe/server-gmail-autoauth-mcp (``packs: [gmail]``, Google's
  API a local stub that records every write; its SDK negotiates no elicitation, so the ask
  is a one-time code), what `cordon approve` shows the person now names the rule of every
  approval the answer covers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult

from tests.conftest import Harness, mailbox_server, text_of
from tests.e2e._gmail_notion_stub import GMAIL, GNStub, Mail, gmail_launch, gn_stub
from tests.e2e.test_taint_approvals import _outbox, _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

LINK = "https://login-verify.example/reset?u=1"
CARD = "4539 1488 0343 6467"


async def test_a_typosquat_of_an_allowlisted_domain_is_named_in_the_question(
    harness: Harness,
) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("nothing", "utf-8")
    pol = harness.policy({"version": 1, "trusted_destinations": ["@paypal.com"]})
    params = harness.cordon(
        mailbox_server(), policies=[pol], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    asked: list[str] = []

    async def on_elicit(ctx: Any, p: Any) -> ElicitResult:
        asked.append(p.message)
        return ElicitResult(action="decline")

    mail = {"subject": "invoice", "body": "attached"}
    async with Client(params, mode="legacy", elicitation_callback=on_elicit) as client:  # type: ignore[arg-type]
        await client.list_tools()
        ok = await client.call_tool("send_email", {**mail, "to": "billing@paypal.com"})
        assert not ok.is_error, text_of(ok)
        for to in ("billing@paypa1.com", "ann@partner-firm.com, billing@paypal-com.example"):
            r = await client.call_tool("send_email", {**mail, "to": to})
            assert r.is_error, text_of(r)
    assert len(asked) == 2, asked
    whys = [m.split(" Why: ", 1)[1] for m in asked]
    assert whys[0].startswith(
        "looks like allowlisted 'paypal.com' but is another domain: 'billing@paypa1.com'"
    ), asked[0]
    assert whys[1].startswith(
        "looks like allowlisted 'paypal.com' but is another domain: 'billing@paypal-com.example'"
    ), asked[1]
    assert [s["to"] for s in _outbox(box)] == ["billing@paypal.com"], _outbox(box)


@pytest.fixture
def api() -> Iterator[GNStub]:
    mails = {"m1": Mail("IT <it@helpdesk.example>", "Reset", f"Reset your password at {LINK}")}
    with gn_stub(GNStub(mails=mails)) as a:
        yield a


async def test_every_rule_of_a_call_wide_ask_is_shown_by_cordon_approve(
    harness: Harness, api: GNStub
) -> None:
    pol = {"version": 1, "packs": ["gmail"]}
    cmd, env = gmail_launch(api, harness.home)
    params = harness.cordon(cmd, policies=[harness.policy(pol, "gm.yaml")], env=env,
                            name="gmail")  # fmt: skip
    people = [f"p{i}@f{i}.com" for i in range(3)]
    send = {"to": people[:1], "cc": people[1:2], "bcc": people[2:], "subject": "fyi",
            "body": f"Please reset at {LINK} - card {CARD}"}  # fmt: skip
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        read = await client.call_tool("read_email", {"messageId": "m1"})
        assert LINK in text_of(read), text_of(read)
        r = await client.call_tool("send_email", send)
    m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", text_of(r))
    assert r.is_error and m, text_of(r)
    rc, out = _run_approve_in_pty(m.group(1), harness.store, harness.home, b"no\n")
    shown = " ".join(out.split())
    assert "characters not shown" in shown, shown  # (the reasons themselves are still cut)
    for rule in ("taint.forwarded_link", "r2.trifecta", "private.card_number"):
        assert rule in shown, (rule, shown)
    assert [w for w in api.writes if w[1] == f"{GMAIL}/messages/send"] == []
