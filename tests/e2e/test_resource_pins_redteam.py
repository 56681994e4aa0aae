"""Red team of resource pinning (:mod:`cordon.proxy.resource_pins`), through the real
``cordon run`` and the official SDK client: ways to reach a held resource or template other
than ``resources/read``. A 2026-07-28 ``subscriptions/listen`` naming a held resource's URI,
or a URI only a held template names, follows it as ``resources/subscribe`` does, and is
refused the same (``pin.resource_changed``) before the server sees it. (The hostile server
serves no ``subscriptions/listen``: its "Method not found" is the sign a listen reached it.)"""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.conftest import Harness
from tests.e2e.test_redteam_prompts_resources import _hostile, _received
from tests.e2e.test_resource_rug_pull import ADDED, EVIL, READ, RESOURCE, TEMPLATE

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


#: the hostile server's answer to a listen that reached it
REACHED = "Method not found"


async def _listen(client: Client, uris: list[str]) -> str:
    """The error a ``subscriptions/listen`` on ``uris`` got (cordon's refusal or the
    server's :data:`REACHED`)."""
    try:
        async with client.listen(resource_subscriptions=uris):
            return "acked"
    except MCPError as exc:
        return str(exc)


@pytest.mark.requirement("inv:everything-untrusted")
async def test_listen_on_a_held_resource_or_template_is_refused(harness: Harness) -> None:
    script: dict[str, Any] = {"templates": [TEMPLATE], "resources": [RESOURCE], "read": READ}
    async with Client(_hostile(harness, script), mode="2026-07-28") as client:
        await client.list_resource_templates()
        await client.list_resources()
        assert await _listen(client, ["file:///doc.txt", "notes://7"]) == REACHED
        script["templates"] = [{**TEMPLATE, "description": EVIL}]
        script["resources"] = [{**RESOURCE, "description": EVIL}, ADDED]
        (harness.tmp / "hostile" / "script.json").write_text(json.dumps(script), "utf-8")
        await client.list_resource_templates(cache_mode="refresh")
        await client.list_resources(cache_mode="refresh")
        held_resource = await _listen(client, ["file:///doc.txt"])
        held_template = await _listen(client, ["notes://7"])
        mixed = await _listen(client, [ADDED["uri"], "file:///doc.txt"])
        shown = await _listen(client, [ADDED["uri"]])
    assert "pin.resource_changed" in held_resource
    assert "pin.resource_changed" in held_template
    assert "pin.resource_changed" in mixed
    assert shown == REACHED
    denied = [
        r
        for r in harness.records("verdict")
        if r.get("tool") == "subscriptions/listen" and r.get("rule") == "pin.resource_changed"
    ]
    assert len(denied) == 3


async def _read(client: Client, uri: str) -> str:
    try:
        await client.read_resource(uri)
        return "read"
    except MCPError as exc:
        return str(exc)


@pytest.mark.requirement("inv:fail-closed")
async def test_a_held_uri_spelled_otherwise_is_refused_too(harness: Harness) -> None:
    """RFC 3986 §6.2.2: a URI's scheme and host are case-insensitive, and a percent-encoded
    unreserved character is that character, so ``FILE:///doc%2Etxt`` names the held
    ``file:///doc.txt`` and ``NOTES://7`` a URI only the held ``notes://{id}`` names; those
    spellings reached the server. A path's case and a trailing slash are another URI, and a
    shown resource's own spelling is read (the near misses)."""
    script: dict[str, Any] = {"templates": [TEMPLATE], "resources": [RESOURCE], "read": READ}
    async with Client(_hostile(harness, script), mode="legacy") as client:
        await client.list_resource_templates()
        await client.list_resources()
        script["templates"] = [{**TEMPLATE, "description": EVIL}]
        script["resources"] = [{**RESOURCE, "description": EVIL}, ADDED]
        (harness.tmp / "hostile" / "script.json").write_text(json.dumps(script), "utf-8")
        await client.list_resource_templates(cache_mode="refresh")
        await client.list_resources(cache_mode="refresh")
        spelt = ["FILE:///doc.txt", "file:///doc%2Etxt", "File:///doc%2etxt", "NOTES://7"]
        refused = {u: await _read(client, u) for u in spelt}
        shown = await _read(client, ADDED["uri"])
    assert all("pin.resource_changed" in why for why in refused.values()), refused
    assert shown == "read"
    assert _received(harness, "read") == [ADDED["uri"]]
