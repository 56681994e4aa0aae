"""What the person approving a send to several addresses reads when one of them is a
homograph (IDN homographs, Unicode TR #36), through the real ``cordon run`` in front of the
real @gongrzhe/server-gmail-autoauth-mcp (``packs: [gmail]``, Google's API a local stub that
records every write). Its SDK negotiates no elicitation, so the ask is a one-time code and
``cordon approve`` shows the person the question.

Taint folds ``alice@pаypal.com`` (a Cyrillic ``а``) to the key ``alice@paypal.com``; an ask
covering several destinations listed those keys bare, so the person read "for
'bob@example.com', 'alice@paypal.com'" and an approval sent mail to the look-alike domain.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e._gmail_notion_stub import GMAIL, GNStub, gmail_launch, gn_stub
from tests.e2e.test_taint_approvals import _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


@pytest.fixture
def api() -> Iterator[GNStub]:
    with gn_stub(GNStub(mails={})) as a:
        yield a


async def test_a_homograph_among_several_addresses_is_named_as_one(
    harness: Harness, api: GNStub
) -> None:
    cmd, env = gmail_launch(api, harness.home)
    pol = harness.policy({"version": 1, "packs": ["gmail"]}, "gm.yaml")
    params = harness.cordon(cmd, policies=[pol], env=env, name="gmail")
    send = {"to": ["bob@example.com", "alice@p\u0430ypal.com"], "subject": "s", "body": "b"}
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("send_email", send)
    m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", text_of(r))
    assert r.is_error and m, text_of(r)
    rc, out = _run_approve_in_pty(m.group(1), harness.store, harness.home, b"no\n")
    # (the panel's colours and borders out: a wrapped line must not split the phrase)
    shown = " ".join(re.sub(r"\x1b\[[0-9;]*m|[\u2500-\u257f]", " ", out).split())
    assert "look-alike spelling of 'alice@paypal.com' (another address)" in shown, shown
    assert ", 'alice@paypal.com'" not in shown, shown
    assert [w for w in api.writes if w[1] == f"{GMAIL}/messages/send"] == []
