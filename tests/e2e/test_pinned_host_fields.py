"""A server that changes, after its tools were pinned, what a host reads beside the model: the
MCP Apps UI resource it renders for a tool (``_meta.ui.resourceUri``, ``_meta["ui/resourceUri"]``),
the tool's icon, or whether a call runs as a task (``execution.taskSupport``). The changed tool
is hidden, its calls denied (``pin.changed``) and stderr names it for ``cordon pin accept``,
as for a changed description: on a re-list in one session and across a restart through the
pin file. A prompt's icon or ``_meta`` changed the same way is hidden and its
``prompts/get`` refused (``pin.prompt_changed``). Through the real ``cordon run`` in front of
an mcp 2.x SDK server (tests/servers/host_fields.py), with the SDK client, both protocol
eras."""

from __future__ import annotations

import sys

import pytest
from mcp import Client
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

from cordon.audit.listing import as_per_tool
from cordon.store.pins import PinFile
from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "host_fields.py")]
#: what the server changes -> the pinned field that names it
CHANGES = {"meta": "_meta", "icons": "icons", "execution": "execution"}


#: (change, protocol era): ``execution`` is 2025-11-25 only (the SDK's server leaves it out
#: of a 2026-07-28 tools/list, which has no tasks in the core protocol)
ERAS = [(c, m) for c in CHANGES for m in ("legacy", "auto") if (c, m) != ("execution", "auto")]


@pytest.mark.parametrize(("change", "mode"), ERAS)
async def test_a_change_on_a_re_list_is_held(harness: Harness, change: str, mode: str) -> None:
    err = harness.tmp / "cordon.err"
    params = harness.cordon(SERVER, name="files", env={"HOST_FIELD_CHANGE": change})
    with err.open("a", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode=mode) as client:  # type: ignore[arg-type]
            first = {t.name: t for t in (await client.list_tools()).tools}
            assert set(first) == {"preview", "note"}
            meta = first["preview"].meta or {}
            assert meta["ui"] == {"resourceUri": "ui://files/preview"}  # (relayed as listed)
            assert not (await client.call_tool("preview", {"path": "a"})).is_error
            names = {t.name for t in (await client.list_tools()).tools}
            assert names == {"note"}
            r = await client.call_tool("preview", {"path": "a"})
            assert r.is_error and "pin.changed" in text_of(r), text_of(r)
    pins = [r for r in as_per_tool(harness.records()) if r.get("kind") == "pin"]
    assert [(r["rule"], r["details"]["changed_fields"]) for r in pins] == [
        ("pin.changed", [CHANGES[change]])
    ]
    hint = [x for x in err.read_text("utf-8").splitlines() if "cordon pin accept" in x]
    assert len(hint) == 1 and "tool 'preview' is hidden" in hint[0], hint


@pytest.mark.parametrize("change", list(CHANGES))
async def test_a_change_across_a_restart_is_held(harness: Harness, change: str) -> None:
    pin_file = harness.tmp / "pins.json"
    extra = ["--pin-file", str(pin_file)]
    params = harness.cordon(SERVER, name="files", extra=extra)
    async with Client(params, mode="legacy") as client:
        assert {t.name for t in (await client.list_tools()).tools} == {"preview", "note"}
    env = {"HOST_FIELD_CHANGE": change, "HOST_FIELD_FROM_START": "1"}
    params = harness.cordon(SERVER, name="files", extra=extra, env=env)
    async with Client(params, mode="legacy") as client:
        assert {t.name for t in (await client.list_tools()).tools} == {"note"}
        r = await client.call_tool("preview", {"path": "a"})
        assert r.is_error and "pin.changed" in text_of(r), text_of(r)
    [(server, tool, _old, _new)] = PinFile(pin_file).pending()
    assert (server, tool) == ("files", "preview")  # kept for `cordon pin accept`


#: what the server changes in its prompt ``review`` -> the pinned field that names it
PROMPT_CHANGES = {"meta": "_meta", "icons": "icons"}


async def _get_refused(client: Client, name: str) -> str:
    """The refusal of a ``prompts/get`` (the error's text), or "" when it was served."""
    try:
        await client.get_prompt(name)
    except MCPError as e:
        return str(e)
    return ""


@pytest.mark.parametrize("mode", ["legacy", "auto"])
@pytest.mark.parametrize("change", list(PROMPT_CHANGES))
async def test_a_prompt_change_on_a_re_list_is_held(
    harness: Harness, change: str, mode: str
) -> None:
    """A prompt's icon or ``_meta`` changed after its first prompts/list: the prompt is
    hidden and its ``prompts/get`` refused before the server sees it, as a changed
    description is (tests/e2e/test_redteam_prompts_resources.py)."""
    params = harness.cordon(SERVER, name="files", env={"HOST_FIELD_CHANGE": change})
    async with Client(params, mode=mode) as client:  # type: ignore[arg-type]
        first = (await client.list_prompts()).prompts
        assert [p.name for p in first] == ["review"] and first[0].icons
        assert (first[0].meta or {}) == {"io.example/autorun": False}  # (relayed as listed)
        assert await _get_refused(client, "review") == ""
        assert (await client.list_prompts(cache_mode="refresh")).prompts == []
        refused = await _get_refused(client, "review")
    assert "pin.prompt_changed" in refused and PROMPT_CHANGES[change] in refused, refused
    pins = [r for r in harness.records("pin") if r.get("rule") == "pin.prompt_changed"]
    assert [(r["prompt"], r["details"]["changed_fields"]) for r in pins] == [
        ("review", [PROMPT_CHANGES[change]])
    ]
    # the evidence: the digests of the pinned and the served value of the changed field
    digests = pins[0]["details"]["changed"][PROMPT_CHANGES[change]]
    assert all(str(digests[k]).startswith("sha256:") for k in ("pinned", "served")), digests


@pytest.mark.parametrize("change", list(PROMPT_CHANGES))
async def test_a_prompt_change_across_a_restart_is_held(harness: Harness, change: str) -> None:
    pin_file = harness.tmp / "pins.json"
    extra = ["--pin-file", str(pin_file)]
    params = harness.cordon(SERVER, name="files", extra=extra)
    async with Client(params, mode="legacy") as client:
        assert [p.name for p in (await client.list_prompts()).prompts] == ["review"]
    env = {"HOST_FIELD_CHANGE": change, "HOST_FIELD_FROM_START": "1"}
    params = harness.cordon(SERVER, name="files", extra=extra, env=env)
    async with Client(params, mode="legacy") as client:
        assert (await client.list_prompts()).prompts == []
        assert "pin.prompt_changed" in await _get_refused(client, "review")
    [(server, label, _old, _new)] = PinFile(pin_file).pending()
    assert (server, label) == ("files", "prompt:review")  # kept for `cordon pin accept`
