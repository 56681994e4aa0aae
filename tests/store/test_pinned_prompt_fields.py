"""A prompt's ``icons`` and ``_meta`` are pinned with its name, description and arguments
(:data:`cordon.engine.pins.PROMPT_FIELDS`, as a tool's are): a server that changes, after its
prompts were pinned, the image a client shows for a prompt in its picker (a ``data:`` or
remote image) or a ``_meta`` key a host acts on has the prompt hidden and its
``prompts/get`` refused (``pin.prompt_changed``), as a changed description is. In one
session (:class:`cordon.proxy.prompt_pins.PromptPins`), across a restart through the pin
file, and for a pin written before these fields were pinned (held once, fail closed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp_types
import pytest

from cordon.engine.pins import canonical_prompt, changed_prompt_fields
from cordon.pin_diff import definition_diff
from cordon.proxy.prompt_pins import PromptPins
from cordon.store.pins import PinFile

PNG = "data:image/png;base64,iVBORw0KGgo="


def _prompt(**extra: Any) -> dict[str, Any]:
    return {"name": "review", "description": "Review a file.", **extra}


#: (field changed, prompt first listed, prompt listed later)
CHANGES = {
    "_meta": (
        _prompt(_meta={"io.example/autorun": False}),
        _prompt(_meta={"io.example/autorun": True}),
    ),
    "_meta (added)": (_prompt(), _prompt(_meta={"io.example/autorun": True})),
    "_meta (removed)": (_prompt(_meta={"io.example/autorun": False}), _prompt()),
    "_meta (Python name)": (_prompt(meta={"k": 1}), _prompt(meta={"k": 2})),
    "icons": (
        _prompt(icons=[{"src": PNG, "mimeType": "image/png"}]),
        _prompt(icons=[{"src": "https://cdn.example/i.svg", "mimeType": "image/svg+xml"}]),
    ),
}


def _field(case: str) -> str:
    return case.split(" ")[0]


@pytest.mark.parametrize("case", list(CHANGES))
def test_a_change_on_a_re_list_hides_the_prompt_and_refuses_it(case: str) -> None:
    first, later = CHANGES[case]
    pins = PromptPins("files", None)
    assert pins.page({"prompts": [first]}, final=True)["prompts"] == [first]
    assert pins.page({"prompts": [later]}, final=True)["prompts"] == []
    refused = pins.refusal({"name": "review"})
    assert refused is not None and refused.rule == "pin.prompt_changed"
    records, _ = pins.take()
    assert [r["details"]["changed_fields"] for r in records] == [[_field(case)]]


@pytest.mark.parametrize("case", list(CHANGES))
def test_a_change_across_a_restart_waits_for_pin_accept(case: str, tmp_path: Path) -> None:
    first, later = CHANGES[case]
    pf = PinFile(tmp_path / "pins.json")
    PromptPins("files", pf).page({"prompts": [first]}, final=True)
    again = PromptPins("files", pf)  # the next start
    assert again.page({"prompts": [later]}, final=True)["prompts"] == []
    assert again.refusal({"name": "review"}) is not None
    [(_, label, old, new)] = pf.pending("files")
    assert label == "prompt:review" and old is not None
    assert changed_prompt_fields(old, new) == [_field(case)]
    assert pf.accept("files") == ["files/prompt:review"]
    third = PromptPins("files", pf)
    assert third.page({"prompts": [later]}, final=True)["prompts"] == [later]


def test_a_pin_written_before_these_fields_were_pinned() -> None:
    """A pin file entry holds only the fields pinned when it was written: a prompt with no
    icons and no ``_meta`` still matches it; one listing either is held as changed once
    (whether the server listed them when the prompt was accepted is not known)."""
    old = {"review": {"name": "review", "description": "Review a file."}}
    for listed, held in ((_prompt(), []), (_prompt(icons=[{"src": PNG}]), ["icons"])):
        pins = PromptPins("files", None)
        pins.pinned, pins.complete = dict(old), True  # (as read from such a pin file)
        shown = pins.page({"prompts": [listed]}, final=True)["prompts"]
        assert shown == ([] if held else [listed])
        records, _ = pins.take()
        assert [r["details"]["changed_fields"] for r in records] == ([held] if held else [])


def test_the_sdk_model_pins_the_same_under_either_name() -> None:
    prompt = mcp_types.Prompt(name="review", icons=[mcp_types.Icon(src=PNG)], _meta={"k": 1})
    by_alias = prompt.model_dump(mode="json", by_alias=True, exclude_none=True)
    assert canonical_prompt(prompt.model_dump(mode="json", exclude_none=True)) == canonical_prompt(
        by_alias
    )
    assert canonical_prompt(by_alias)["_meta"] == {"k": 1}


def test_pin_accept_shows_the_changed_key() -> None:
    first, later = CHANGES["_meta"]
    assert definition_diff(first, later) == [
        '~ _meta."io.example/autorun"',
        "    was: false",
        "    now: true",
    ]
