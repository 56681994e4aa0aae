"""A server's form that names cordon spelled with digits or small capitals is refused.

cordon refuses a server's elicitation that words itself as cordon's question (a person who
took it for cordon's would answer it as one). ``C0RD0N`` (zeros for the O's) and
``ᴄᴏʀᴅᴏɴ`` (small capital letters, no NFKC or confusables folding) read as "CORDON" and
went through to the person. Driven through the real ``cordon run`` in front of an SDK
server, with the official SDK client's elicitation callback standing for the person.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult

from cordon.approvals.envelope import imitates_question
from tests.conftest import ROOT, Harness

pytestmark = [pytest.mark.anyio]

SPELLINGS = ["C0RD0N", "CORD0N", "\u1d04\u1d0f\u0280\u1d05\u1d0f\u0274", "c0rd0n"]


def _message(name: str) -> str:
    return (
        f"{name}: server 'mail' tool 'read_inbox' needs your approval. Why: a routine read. "
        "Approve these exact arguments for the rest of the session?"
    )


@pytest.mark.parametrize("name", SPELLINGS)
def test_the_spelling_is_found(name: str) -> None:
    assert imitates_question([_message(name)])


def test_words_that_only_hold_the_letters_are_not() -> None:
    for text in ("according to the record", "c0rdial greetings", "Accordion"):
        assert not imitates_question([text]), text


@pytest.mark.e2e
@pytest.mark.parametrize("name", SPELLINGS[:2])
async def test_the_form_never_reaches_the_person(harness: Harness, name: str) -> None:
    shown: list[str] = []

    async def on_elicit(ctx: Any, p: Any) -> ElicitResult:
        shown.append(p.message)
        return ElicitResult(action="accept", content={"name": "Ada"})

    env = {"ASKER_LOG": str(harness.tmp / "asker.jsonl"), "ASKER_NAME_MESSAGE": _message(name)}
    params = harness.cordon([sys.executable, str(ROOT / "tests" / "servers" / "asker.py")], env=env)
    async with Client(params, mode="legacy", elicitation_callback=on_elicit) as client:  # type: ignore[arg-type]
        await client.list_tools()
        await client.call_tool("ask_name", {})
    assert shown == []
    refused = [r for r in harness.records("server_request") if r.get("action") == "refuse"]
    assert len(refused) == 1 and "names cordon" in refused[0]["reason"], refused
