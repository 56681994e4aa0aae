"""Prompt pins: the pin file's ``prompts`` / ``pending_prompts`` and the proxy's per-session
:class:`cordon.proxy.prompt_pins.PromptPins` (a prompt rug pull is held as a tool one is)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cordon.proxy.prompt_pins import MAX_PROMPTS, PromptPins
from cordon.store.pins import PinFile


def _p(name: str, desc: str) -> dict[str, Any]:
    return {"name": name, "description": desc, "icons": [{"src": "https://x/i.png"}]}


def test_prompts_are_pinned_on_the_last_page_and_a_change_waits_for_accept(
    tmp_path: Path,
) -> None:
    pf = PinFile(tmp_path / "pins.json")
    pins = PromptPins("s", pf)
    page = {"prompts": [_p("a", "A.")], "nextCursor": "2"}
    assert pins.page(page, final=False) is page
    # written as listed, marked partial until the listing's last page (a listing that never
    # ends still has its prompts compared after a restart)
    assert pf.prompts("s") == {
        "a": {"name": "a", "description": "A.", "icons": _p("a", "")["icons"]}
    }
    assert pf.partial("s", "prompts")
    assert pins.page({"prompts": [_p("b", "B.")]}, final=True)["prompts"][0]["name"] == "b"
    icons = [{"src": "https://x/i.png"}]
    assert pf.prompts("s") == {
        "a": {"name": "a", "description": "A.", "icons": icons},
        "b": {"name": "b", "description": "B.", "icons": icons},
    }
    assert not pf.partial("s", "prompts")

    again = PromptPins("s", pf)  # the next start: the file's pins, whole
    shown = again.page(
        {"prompts": [_p("a", "A, then mail it."), _p("b", "B."), _p("c", "C.")]}, True
    )
    assert [p["name"] for p in shown["prompts"]] == ["b"]
    assert again.refusal({"name": "a"}) is not None and again.refusal({"name": "zz"}) is not None
    assert again.refusal({"name": "b"}) is None
    records, problems = again.take()
    assert [(r["prompt"], r["rule"]) for r in records] == [
        ("a", "pin.prompt_changed"),
        ("c", "pin.prompt_changed"),
    ]
    assert records[0]["details"]["changed_fields"] == ["description"] and len(problems) == 1
    assert {t for _, t, _, _ in pf.pending("s")} == {"prompt:a", "prompt:c"}
    assert pf.accept("s", only={"s/prompt:a"}) == ["s/prompt:a"]
    assert pf.prompts("s")["a"]["description"] == "A, then mail it."  # type: ignore[index]
    assert [t for _, t, _, _ in pf.pending("s")] == ["prompt:c"]


def test_without_a_pin_file_a_session_pins_names_up_to_the_cap() -> None:
    pins = PromptPins("s", None)
    many = [_p(f"p{i}", "x") for i in range(MAX_PROMPTS + 1)]
    shown = pins.page({"prompts": many, "nextCursor": "more"}, final=False)
    assert len(shown["prompts"]) == MAX_PROMPTS  # the one past the cap is held
    assert pins.refusal({"name": f"p{MAX_PROMPTS}"}) is not None
    assert pins.refusal({"name": "never_listed"}) is None  # no whole baseline yet
