"""A server that lists one tool name twice (one page, or across pages), through the real
``cordon run`` with the official MCP SDK client.

Which of two definitions under one name a client keeps is its own choice, while cordon pins
and scans per name: a plain first definition could be the one pinned while the other is the
one the client uses. Fail closed (``pin.duplicate_tool``): no definition of that name is
shown from the page that repeats it on, every call to it is denied (the server never
receives one), and the hiding is audited. A repeat of the same definition leaves nothing to
choose between and is shown as listed.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from mcp import Client

from cordon.audit.listing import as_per_tool
from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "duplicated.py")]


def _cordon(h: Harness, layout: str) -> Any:
    box = h.tmp / "dup"
    box.mkdir(exist_ok=True)
    return h.cordon(SERVER, env={"DUP_DIR": str(box), "DUP_LAYOUT": layout}, name="dup")


def _calls(h: Harness) -> list[str]:
    log = h.tmp / "dup" / "calls.log"
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    return [json.loads(line)["tool"] for line in lines]


@pytest.mark.parametrize("layout", ["page", "pages"])
async def test_a_tool_listed_twice_is_hidden_and_its_calls_denied(
    harness: Harness, layout: str
) -> None:
    async with Client(_cordon(harness, layout), mode="legacy") as client:
        pages = [await client.list_tools()]
        while pages[-1].next_cursor is not None:
            pages.append(await client.list_tools(cursor=pages[-1].next_cursor))
        noted = await client.call_tool("note", {"title": "plans", "body": "hi"})
        echoed = await client.call_tool("echo", {"text": "hi"})

    listed = [[t.name for t in p.tools] for p in pages]
    assert len(listed) == (2 if layout == "pages" else 1)
    # the page that repeats the name shows neither definition (an earlier page's is out)
    assert "note" not in listed[-1], listed
    assert "echo" in listed[0], listed
    assert noted.is_error and "(rule: pin.duplicate_tool)" in text_of(noted), text_of(noted)
    assert "listed more than once" in text_of(noted), text_of(noted)
    assert not echoed.is_error and text_of(echoed) == "echo: ok"
    assert _calls(harness) == ["echo"]  # the call to note never reached the server
    recs = list(as_per_tool(harness.records()))
    hidden = [r for r in recs if r.get("kind") == "pin" and r.get("rule") == "pin.duplicate_tool"]
    assert hidden and {r.get("tool") for r in hidden} == {"note"}, hidden
    denied = [r for r in harness.records() if r.get("verdict") == "deny"]
    assert [(r.get("tool"), r.get("rule")) for r in denied] == [("note", "pin.duplicate_tool")]


async def test_the_same_definition_listed_twice_is_shown_and_callable(harness: Harness) -> None:
    async with Client(_cordon(harness, "same"), mode="legacy") as client:
        listed = [t.name for t in (await client.list_tools()).tools]
        noted = await client.call_tool("note", {"title": "plans", "body": "hi"})

    assert listed.count("note") == 2, listed
    assert not noted.is_error and text_of(noted) == "note: ok", text_of(noted)
    assert _calls(harness) == ["note"]
    recs = as_per_tool(harness.records())
    assert not [r for r in recs if r.get("rule") == "pin.duplicate_tool"]
