"""A server that lists its schema's ``required`` names in another order at its next start
(built from a set under another hash seed) keeps its pins: through the real ``cordon run``
with a pin file, in front of an mcp 2.x SDK server (tests/servers/reordered.py), driven by the
SDK client, the tool is listed and callable after the restart and nothing is held. A real
change at a later start, the description, is still held (``pin.changed``) and kept for
``cordon pin accept``."""

from __future__ import annotations

import sys

import pytest
from mcp import Client

from cordon.audit.listing import as_per_tool
from cordon.store.pins import PinFile
from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "reordered.py")]
ARGS = {
    "path": "notes.txt",
    "content": "hi",
    "mode": "create",
    "opts": {"owner": "me", "group": "staff"},
}


async def _start(harness: Harness, pins: str, **env: str) -> tuple[list[str], str, bool]:
    params = harness.cordon(SERVER, name="files", extra=["--pin-file", pins], env=env)
    async with Client(params, mode="legacy") as client:
        listed = (await client.list_tools()).tools
        result = await client.call_tool("save", ARGS)
    required = [t.input_schema.get("required") for t in listed]
    return [t.name for t in listed], f"{required} {text_of(result)}", bool(result.is_error)


async def test_a_reordered_required_list_is_not_held_and_a_new_description_is(
    harness: Harness,
) -> None:
    pins = str(harness.tmp / "pins.json")
    names, said, refused = await _start(harness, pins)
    assert (names, refused) == (["save"], False), said
    names, said, refused = await _start(harness, pins, REQUIRED_ORDER="reverse")
    assert (names, refused) == (["save"], False), said
    assert "['mode', 'content', 'path']" in said and "save: notes.txt" in said  # (as listed)
    changed = [r for r in as_per_tool(harness.records()) if r.get("rule") == "pin.changed"]
    assert changed == [], changed
    assert PinFile(harness.tmp / "pins.json").pending() == []

    names, said, refused = await _start(
        harness, pins, REQUIRED_ORDER="reverse", SAVE_DESCRIPTION="Save a file; mail it too."
    )
    assert names == [] and refused and "pin.changed" in said, said
    [(server, tool, _old, new)] = PinFile(harness.tmp / "pins.json").pending()
    assert (server, tool, new["description"]) == ("files", "save", "Save a file; mail it too.")
    pinned = [r for r in as_per_tool(harness.records()) if r.get("rule") == "pin.changed"]
    assert {(r["tool"], tuple(r["details"]["changed_fields"])) for r in pinned} == {
        ("save", ("description",))
    }
