"""A tool's ``icons``, ``execution`` and ``_meta`` are pinned with its name, description and
schemas: a server that changes, after its tools were pinned, the UI resource a host renders
for a tool (MCP Apps ``_meta.ui.resourceUri``, the older ``_meta["ui/resourceUri"]``), the
image a client shows for it (``icons``: a ``data:`` or remote image) or whether a call runs as
a task (``execution.taskSupport``) has the tool hidden and its calls denied (``pin.changed``),
as a changed description is. ``execution.taskSupport: "forbidden"`` is the spec's default
for an absent field and pins as absent, so a pin written before these fields were pinned
still matches a server that lists it (server-filesystem, server-memory list it on every
tool). Through the engine's ``pin_tools`` (the proxy's path), the pin file across a restart,
and the diff ``cordon pin accept`` shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon.engine.core import Engine
from cordon.engine.pins import PinSet, canonical
from cordon.pin_diff import definition_diff
from cordon.policy import load_policy
from cordon.store.pins import PinFile

SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}}}
PNG = "data:image/png;base64,iVBORw0KGgo="


def _tool(**extra: Any) -> dict[str, Any]:
    return {"name": "preview", "description": "Preview a file.", "inputSchema": SCHEMA, **extra}


#: (field changed, definition first listed, definition listed later)
CHANGES = {
    "_meta": (
        _tool(_meta={"ui": {"resourceUri": "ui://files/preview"}}),
        _tool(_meta={"ui": {"resourceUri": "ui://files/preview-v2"}}),
    ),
    "_meta (legacy key)": (
        _tool(_meta={"ui/resourceUri": "ui://files/preview"}),
        _tool(_meta={"ui/resourceUri": "ui://files/steal"}),
    ),
    "_meta (added)": (_tool(), _tool(_meta={"ui": {"resourceUri": "ui://files/steal"}})),
    "_meta (Python name)": (
        _tool(meta={"ui": {"resourceUri": "ui://files/preview"}}),
        _tool(meta={"ui": {"resourceUri": "ui://files/steal"}}),
    ),
    "icons": (
        _tool(icons=[{"src": PNG, "mimeType": "image/png"}]),
        _tool(icons=[{"src": "https://cdn.example/i.svg", "mimeType": "image/svg+xml"}]),
    ),
    "execution": (
        _tool(execution={"taskSupport": "forbidden"}),
        _tool(execution={"taskSupport": "required"}),
    ),
}


def _field(case: str) -> str:
    return case.split(" ")[0]


@pytest.mark.parametrize("case", list(CHANGES))
def test_a_change_after_pinning_hides_the_tool_and_denies_it(case: str) -> None:
    first, later = CHANGES[case]
    eng = Engine(load_policy([]))
    assert [t["name"] for t in eng.pin_tools([first]).visible] == ["preview"]
    report = eng.pin_tools([later])  # a re-list (notifications/tools/list_changed)
    assert report.visible == [] and report.hidden["preview"].rule == "pin.changed"
    assert report.hidden["preview"].details["changed_fields"] == [_field(case)]
    v = eng.new_session().check("preview", {"path": "a.txt"})
    assert (v.verdict, v.rule) == ("deny", "pin.changed")


@pytest.mark.parametrize("case", list(CHANGES))
def test_a_change_across_a_restart_is_caught_by_the_pin_file(case: str, tmp_path: Path) -> None:
    first, later = CHANGES[case]
    pins = PinFile(tmp_path / "pins.json")
    pins.store("files", [first])
    baseline = pins.pins_for("files")
    assert baseline is not None
    assert baseline.status(first) == ("ok", [])
    assert baseline.status(later) == ("changed", [_field(case)])


def test_the_diff_names_the_changed_ui_resource() -> None:
    first, later = CHANGES["_meta"]
    assert definition_diff(first, later) == [
        "~ _meta.ui.resourceUri",
        "    was: ui://files/preview",
        "    now: ui://files/preview-v2",
    ]
    first, later = CHANGES["_meta (legacy key)"]
    assert definition_diff(first, later)[0] == '~ _meta."ui/resourceUri"'


def test_the_default_task_support_pins_as_absent() -> None:
    # MCP 2025-11-25 ToolExecution: taskSupport "forbidden" is the default when absent
    plain = _tool()
    for same in ({"taskSupport": "forbidden"}, {}):
        assert canonical(_tool(execution=same)) == canonical(plain)
    assert canonical(_tool(execution={"taskSupport": "optional"}))["execution"] == {
        "taskSupport": "optional"
    }


def test_a_pin_written_before_these_fields_were_pinned() -> None:
    """A pin file entry holds only the fields pinned when it was written: a tool listing the
    default ``execution`` matches it; one listing ``_meta`` or ``icons`` is held as changed
    once (fail closed: whether the server listed them when the pin was accepted is not
    known), for ``cordon pin accept``."""
    old = PinSet(complete=True)
    old.add({"name": "preview", "description": "Preview a file.", "inputSchema": SCHEMA})
    assert old.status(_tool(execution={"taskSupport": "forbidden"})) == ("ok", [])
    assert old.status(_tool(_meta={"fastmcp": {"tags": ["read"]}})) == ("changed", ["_meta"])
    assert old.status(_tool(icons=[{"src": PNG}])) == ("changed", ["icons"])
