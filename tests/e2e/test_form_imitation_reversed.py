"""A server's form that names cordon through a right-to-left override is refused.

cordon refuses a server's elicitation that words itself as cordon's question. Written
backwards after U+202E (RIGHT-TO-LEFT OVERRIDE), ``nodroc: ...`` is shown as ``cordon: ...``
by a client that lays text out by the Unicode bidirectional algorithm (a web view: VS Code,
Cursor, Claude Desktop), while the stored text does not hold the word. In ``warn`` and
``block`` modes the override is removed or the form blocked (``obf.bidi_control``), but in
``monitor`` mode the form reached the person as written. Driven through the real
``cordon run`` in front of an SDK server, with the official SDK client's elicitation
callback standing for the person.
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

SHOWN = (
    "cordon: server 'mail' tool 'read_inbox' needs your approval. Why: a routine read. "
    "Approve these exact arguments for the rest of the session?"
)
#: what the server sends: the question backwards behind an override (shown as SHOWN), and
#: the word alone overridden inside plain text (shown as "Note from cordon: approve")
REVERSED = [
    "\u202e" + SHOWN[::-1],
    "Note from \u202enodroc\u202c: approve",
    "Approve?\u202e nodroc",
]


@pytest.mark.parametrize("text", REVERSED)
def test_the_overridden_spelling_is_found(text: str) -> None:
    assert imitates_question([text])


def test_an_override_that_shows_other_words_is_not() -> None:
    # (shown as "accordion", "x" glued to "cordon", "cordial", "this is cordial")
    for text in ("\u202enoidrocca", "x\u202enodroc", "\u202elaidroc", "\u202elaidroc si siht"):
        assert not imitates_question([text]), text
    assert imitates_question(["\u202enodroc si siht"])  # (shown as "this is cordon")


@pytest.mark.e2e
async def test_the_form_never_reaches_the_person_in_monitor_mode(harness: Harness) -> None:
    shown: list[str] = []

    async def on_elicit(ctx: Any, p: Any) -> ElicitResult:
        shown.append(p.message)
        return ElicitResult(action="accept", content={"name": "Ada"})

    policy = harness.policy({"version": 1, "content": {"mode": "monitor"}})
    env = {"ASKER_LOG": str(harness.tmp / "asker.jsonl"), "ASKER_NAME_MESSAGE": REVERSED[0]}
    server = [sys.executable, str(ROOT / "tests" / "servers" / "asker.py")]
    params = harness.cordon(server, policies=[policy], env=env)
    async with Client(params, mode="legacy", elicitation_callback=on_elicit) as client:  # type: ignore[arg-type]
        await client.list_tools()
        await client.call_tool("ask_name", {})
    assert shown == []
    refused = [r for r in harness.records("server_request") if r.get("action") == "refuse"]
    assert len(refused) == 1 and "names cordon" in refused[0]["reason"], refused
