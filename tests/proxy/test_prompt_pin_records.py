"""The audit records of prompts hidden under ever-new names are bounded per process: a
server listing new prompt names page after page wrote one ``pin`` record per name without
end. The first :data:`MAX_PROMPT_RECORDS` hidden prompts are each named once; past them a
record counts the hidden prompts left unnamed at the 1st, 2nd, 4th ... one; every one is
still hidden and refused."""

from __future__ import annotations

from typing import Any

import orjson

from cordon.proxy.prompt_pins import MAX_PROMPT_RECORDS, PromptPins


def _page(names: list[str]) -> dict[str, Any]:
    return {"prompts": [{"name": n, "description": "d"} for n in names]}


def test_prompts_hidden_under_ever_new_names_write_bounded_records() -> None:
    pins = PromptPins("s", None)
    pins.page(_page(["keep"]), True)  # the baseline: one prompt
    written = 0
    records: list[dict[str, Any]] = []
    for k in range(40):
        shown = pins.page(_page(["keep", *(f"p{k}_{i}" for i in range(100))]), True)
        assert [p["name"] for p in shown["prompts"]] == ["keep"]  # all new ones hidden
        recs, _ = pins.take()
        records += recs
        written += sum(len(orjson.dumps(r)) for r in recs)
    named = [r for r in records if "prompt" in r]
    counted = [r for r in records if "unnamed" in r]
    assert len(named) == MAX_PROMPT_RECORDS
    assert [r["unnamed"] for r in counted] == [
        2**i for i in range(12) if 2**i <= 4000 - MAX_PROMPT_RECORDS
    ]
    assert written < MAX_PROMPT_RECORDS * 200 + 12 * 300, written
    # fail closed: a prompt past the named ones is refused all the same
    assert pins.refusal({"name": "p39_99"}) is not None
