"""``Gateway.add_tool(annotations=...)``: a tool registered with the MCP annotations a server
would list (``destructiveHint``, ``readOnlyHint`` ...) is pinned and decided with them, as
``cordon run``, ``cordon serve`` and ``Engine.pin_tools`` decide that server's tool. Without
the argument a harness could not say a tool is destructive: the Gateway ran a delete the
others ask about (``action.destructive_hint``)."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Blocked, Engine, Gateway

SCHEMA = {"type": "object", "properties": {"id": {"type": "string"}}}
DELETE = {
    "name": "delete_doc",
    "description": "Delete a document.",
    "inputSchema": SCHEMA,
    "annotations": {"destructiveHint": True},
}
REQUEST = "please delete doc 7"


def test_a_destructive_annotation_is_asked_about_as_the_engine_asks() -> None:
    engine = Engine.from_policy([])
    engine.pin_tools([DELETE], server="docs")
    d = engine.new_session(trusted=[REQUEST]).check("delete_doc", {"id": "7"}, server="docs")
    assert (d.verdict, d.rule) == ("ask", "action.destructive_hint")

    ran: list[Any] = []
    asked: list[str] = []

    def on_ask(v: Any) -> bool:
        asked.append(v.rule)
        return False

    gw = Gateway(policy=None, on_ask=on_ask, server="docs")
    gw.add_tool(
        "delete_doc",
        "Delete a document.",
        lambda id: ran.append(id),
        input_schema=SCHEMA,
        annotations={"destructiveHint": True},
    )
    assert gw.definitions() == [DELETE]
    with pytest.raises(Blocked) as exc:
        gw.call("delete_doc", {"id": "7"}, session=gw.new_session(trusted=[REQUEST]))
    assert exc.value.rule == "action.destructive_hint"
    assert asked == ["action.destructive_hint"] and ran == []


def test_annotations_that_are_not_an_object_are_refused() -> None:
    gw = Gateway(policy=None)
    with pytest.raises(TypeError):
        gw.add_tool("x", "X.", lambda: "ok", annotations=["destructiveHint"])  # type: ignore[arg-type]
