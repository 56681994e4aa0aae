"""Block mode is warn plus a threshold, through the real ``cordon run --content block`` in front
of a real server built on the official SDK (tests/servers/subthreshold.py), driven by the SDK
client. Block mode delivered output no finding reached ``block_at`` with as it came: a
database password, a terminal escape, zero-width characters and a data-carrying link went to
the agent that the default ``warn`` would have masked, stripped or removed; an error
response and a log message were not even checked against the threshold.

Each surface (a tool result, a JSON-RPC error response, a log notification, a resource, a
prompt, a form's message) is asserted on what the client saw in block mode, and compared with what the same
session sees in warn mode: where block mode does not block, the two are the same. What
reaches the threshold is withheld in block mode (the result replaced by an error, the error
response's text withheld, the log message dropped) and never repeats the payload.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import ElicitResult

from tests.conftest import ROOT, Harness, text_of
from tests.servers.subthreshold import HOSTILE, PASSWORD, REPORT

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "subthreshold.py")]


def _env(h: Harness) -> dict[str, str]:
    box = h.tmp / "sub"
    box.mkdir(exist_ok=True)
    return {"SUB_DIR": str(box)}


def _calls(h: Harness) -> list[str]:
    log = h.tmp / "sub" / "calls.log"
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    return [json.loads(line)["tool"] for line in lines]


async def _session(h: Harness, mode: str, era: str) -> dict[str, Any]:
    """What the client saw of each surface in one session under ``--content mode``."""
    logs: list[Any] = []
    progress: list[str | None] = []
    asked: list[str] = []

    async def on_log(params: Any) -> None:
        logs.append(params.data)

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(message)

    async def on_elicit(ctx: Any, p: Any) -> ElicitResult:
        asked.append(p.message)
        return ElicitResult(action="decline")

    seen: dict[str, Any] = {}
    params = h.cordon(SERVER, env=_env(h), extra=["--content", mode, "--block-at", "high"])
    async with Client(
        params,
        mode=era,
        logging_callback=on_log,  # type: ignore[arg-type]
        elicitation_callback=on_elicit,  # type: ignore[arg-type]
    ) as client:
        await client.list_tools()
        r = await client.call_tool("report", {})
        seen["report"] = (r.is_error, text_of(r))
        r = await client.call_tool("hostile", {})
        seen["hostile"] = (r.is_error, text_of(r))
        for tool in ("broken", "broken_hostile"):
            try:
                await client.call_tool(tool, {})
            except MCPError as exc:
                seen[tool] = exc.error.message
        r = await client.call_tool("chatty", {}, progress_callback=on_progress)
        seen["chatty"] = text_of(r)
        if era == "legacy":
            r = await client.call_tool("confirm", {})
            seen["confirm"] = text_of(r)
        read = await client.read_resource("notes://today")
        seen["resource"] = read.contents[0].text  # type: ignore[union-attr]
        prompt = await client.get_prompt("briefing", {})
        seen["prompt"] = prompt.messages[0].content.text  # type: ignore[union-attr]
    seen["logs"], seen["progress"], seen["asked"] = logs, progress, asked
    return seen


def _rewritten(text: str) -> None:
    """``text`` is :data:`REPORT` as warn mode delivers it: each sub-threshold finding
    rewritten, the ordinary words kept."""
    assert PASSWORD not in text and "[secret masked: hunt****]" in text, text
    assert "\x1b" not in text and "FAILED on 2 hosts" in text
    assert "\u200b" not in text and "plain word here" in text
    assert "dash.example.com" not in text and "[untrusted link removed]" in text
    assert text.startswith("Nightly report: connect with postgres://admin:")


@pytest.mark.parametrize("era", ["legacy", "auto"])
async def test_block_mode_delivers_what_it_does_not_block_as_warn_does(
    harness: Harness, era: str
) -> None:
    blocked = await _session(harness, "block", era)
    warned = await _session(harness, "warn", era)

    # a tool result: sanitised, not an error
    assert blocked["report"][0] is False
    _rewritten(blocked["report"][1])
    # a JSON-RPC error response's message: sanitised as well
    _rewritten(blocked["broken"])
    # a progress message and (to a handshake-era client: a 2026-07-28 one gets none) a log
    # message: delivered sanitised (the ones at critical are dropped, below)
    assert len(blocked["progress"]) == 1
    _rewritten(blocked["progress"][0])
    assert len(blocked["logs"]) == (1 if era == "legacy" else 0)
    for message in blocked["logs"]:
        _rewritten(message)
    # a form's message, shown to the user (elicitation/create: the handshake era)
    if era == "legacy":
        assert len(blocked["asked"]) == 1 and blocked["confirm"] == "decline"
        _rewritten(blocked["asked"][0] + "See [untrusted link removed] for details.\n")
    # a resource and a prompt: sanitised
    _rewritten(blocked["resource"])
    _rewritten(blocked["prompt"])
    # the same as the default mode delivers, surface by surface
    for surface in ("report", "broken", "resource", "prompt", "asked"):
        assert blocked[surface] == warned[surface], surface
    assert blocked["logs"] == warned["logs"][:1]
    assert blocked["progress"] == warned["progress"][:1]
    assert len(warned["progress"]) == 2  # warn delivers the critical one too, wrapped
    assert blocked["chatty"] == warned["chatty"] == "done"

    # the server ran every call in both sessions (nothing was refused before it)
    tools = ["report", "hostile", "broken", "broken_hostile", "chatty"]
    tools += ["confirm"] if era == "legacy" else []
    assert _calls(harness) == [*tools, "notes://today", "briefing"] * 2


@pytest.mark.parametrize("era", ["legacy", "auto"])
async def test_block_mode_still_withholds_what_reaches_block_at(harness: Harness, era: str) -> None:
    seen = await _session(harness, "block", era)
    is_error, text = seen["hostile"]
    assert is_error and "inj.override" in text and "ignore all previous" not in text, text
    assert "cordon blocked the upstream error response" in seen["broken_hostile"]
    assert "inj.override" in seen["broken_hostile"]
    assert "ignore all previous" not in seen["broken_hostile"]
    shown = [*seen["logs"], *seen["progress"]]
    assert not [m for m in shown if "ignore" in str(m).lower()]
    assert len(seen["progress"]) == 1
    assert len(seen["logs"]) == (1 if era == "legacy" else 0)
    # the audit log says what happened to each
    content = harness.records("content")
    assert {r["action"] for r in content if r.get("where") == "notification"} >= {
        "sanitise",
        "drop",
    }
    assert HOSTILE not in json.dumps(content) and PASSWORD not in json.dumps(content)
    assert REPORT not in json.dumps(content)
