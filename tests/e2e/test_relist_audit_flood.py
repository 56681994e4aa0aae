"""A server that hides a large tool set on every tools/list cannot flood the audit log with
it, through the real ``cordon run`` with the official MCP SDK client.

The attack: each re-list (which a server can ask for with
``notifications/tools/list_changed``) hid 1,500 tools and wrote one record per hidden tool,
about 3.4 times the listing's own bytes, so a few re-lists of a large list rotated the kept
audit history away. A page's hidden tools are one record, naming a bounded number of them
with the count and digest of the whole set, and bounded name records naming each other
hidden tool once (its cut name); a page that hides the same set again writes a short record
only at its 1st, 2nd, 4th, 8th... repeat. The hidden tools stay findable by
``cordon audit show --tool`` and the chain verifies.
"""

from __future__ import annotations

import sys

import orjson
import pytest
from mcp import Client

from cordon.audit.listing import as_per_tool
from tests.conftest import ROOT, Harness, run_cordon

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "relisted.py")]
TOOLS, NAME_CHARS, RELISTS = 1500, 200, 6
NAME_CHARS_CUT = 128  # the most characters of a name the audit writes (listing.NAME_CHARS)
FIRST = "t0_".ljust(NAME_CHARS, "x")


async def test_relisting_a_hidden_tool_set_grows_the_audit_boundedly(harness: Harness) -> None:
    env = {"RELIST_TOOLS": str(TOOLS), "RELIST_NAME_CHARS": str(NAME_CHARS)}
    sizes: list[int] = []
    async with Client(harness.cordon(SERVER, name="relisted", env=env), mode="legacy") as client:
        first = await client.list_tools()  # pins the tools (weather is hidden: poisoned)
        sizes.append(harness.audit.stat().st_size)
        second = await client.list_tools()  # every definition changed: all hidden
        sizes.append(harness.audit.stat().st_size)
        for _ in range(RELISTS):
            await client.list_tools()
            sizes.append(harness.audit.stat().st_size)

    assert len(first.tools) == TOOLS and "weather" not in {t.name for t in first.tools}
    assert second.tools == []
    # the list that hid 1,500 tools: one bounded record and each name once, cut, in name
    # records (not one record a tool with its reason: ~690 KB before)
    assert sizes[1] - sizes[0] < 16 * 1024 + TOOLS * (NAME_CHARS_CUT + 8), sizes
    # the same hidden set again: a short record at the 1st, 2nd and 4th repeat, or none
    growth = [b - a for a, b in zip(sizes[1:], sizes[2:], strict=False)]
    assert max(growth) < 1024 and sum(growth) < 3 * 1024, growth
    shown = run_cordon(harness.home, "audit", "show", str(harness.audit), "--tool", "weather")
    assert shown.returncode == 0 and "content.poisoned_definition" in shown.stdout, shown.stdout
    named = run_cordon(harness.home, "audit", "show", str(harness.audit), "--tool", FIRST)
    assert named.returncode == 0 and "pin.changed" in named.stdout, named.stdout
    verified = run_cordon(harness.home, "audit", "verify", str(harness.audit))
    assert verified.returncode == 0, verified.stdout + verified.stderr


async def test_every_tool_hidden_under_one_rule_is_named_in_the_audit(harness: Harness) -> None:
    # 20 tools rug-pulled at once under one rule, listed again and again: a record names 8
    # a rule; each of the others must still be named once (and the chain verify)
    env = {"RELIST_TOOLS": "20", "RELIST_NAME_CHARS": "8"}
    async with Client(harness.cordon(SERVER, name="relisted", env=env), mode="legacy") as client:
        for _ in range(4):
            await client.list_tools()
    records = [orjson.loads(line) for line in harness.audit.read_bytes().splitlines()]
    told = {(r["tool"], r.get("rule")) for r in as_per_tool(records) if "tool" in r}
    expected = {(f"t{i}_".ljust(8, "x"), "pin.changed") for i in range(20)}
    assert expected <= told, sorted(expected - told)
    verified = run_cordon(harness.home, "audit", "verify", str(harness.audit))
    assert verified.returncode == 0, verified.stdout + verified.stderr
