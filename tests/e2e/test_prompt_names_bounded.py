"""A server listing ever-new prompt names through the real ``cordon run`` (with the pin
file ``cordon init`` gives): cordon holds at most ``MAX_HIDDEN_PROMPTS`` of them hidden and
pending for ``cordon pin accept``, and a ``prompts/get`` of one past them is refused all the
same (fail closed). Every name was held in memory and written to the pin file (one whole
rewrite a name) without end."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from cordon.proxy.prompt_pins import MAX_HIDDEN_PROMPTS
from tests.conftest import Harness
from tests.e2e.test_redteam_prompts_resources import GET, PROMPT, _get, _hostile, _received

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_ever_new_prompt_names_are_held_boundedly_and_refused(harness: Harness) -> None:
    pin_path = harness.tmp / "pins.json"
    total = MAX_HIDDEN_PROMPTS + 500
    flood = [{"name": f"n{i}", "description": "d"} for i in range(total)]
    script = {"prompts": [[PROMPT], [PROMPT, *flood]], "get": GET}
    async with Client(_hostile(harness, script, ["--pin-file", str(pin_path)])) as client:
        first = await client.list_prompts()
        second = await client.list_prompts(cache_mode="refresh")
        past = await _get(client, f"n{total - 1}")
        held = await _get(client, "n0")
        kept = await _get(client, "summarise")
    assert [p.name for p in first.prompts] == [p.name for p in second.prompts] == ["summarise"]
    assert "pin.prompt_changed" in past and "pin.prompt_changed" in held, (past, held)
    assert not isinstance(kept, str), kept
    assert [g["name"] for g in _received(harness, "get")] == ["summarise"]
    pending = json.loads(pin_path.read_text("utf-8"))["servers"]["hostile"]["pending_prompts"]
    assert len(pending) == MAX_HIDDEN_PROMPTS
