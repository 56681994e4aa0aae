"""A Python server whose tool definitions follow its hash seed keeps its pins across starts:
mcp-atlassian joins ``jira_get_issue``'s ``fields`` default from a set, so each start under
hash randomisation listed it in another order, and with a pin file every start hid four
tools as changed (``pin.changed``). ``cordon run`` gives the server ``PYTHONHASHSEED=0``
unless its environment sets a fixed one (``cordon.proxy.stdio.upstream_env``): ``random``
or an empty value, which ask for randomisation as an unset variable does, are replaced too."""

from __future__ import annotations

import pytest
from mcp import Client

from cordon.audit.listing import as_per_tool
from tests.conftest import Harness
from tests.e2e._pack_servers import SERVERS

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

STARTS = 3


@pytest.mark.parametrize("seed", [None, "random", ""])
async def test_mcp_atlassian_keeps_its_pins_across_starts(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, seed: str | None
) -> None:
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)
    launch = next(s for s in SERVERS if s.pack == "atlassian").launch
    command, env = launch(harness.tmp, "")
    if seed is not None:
        # a shell or client config that exports it: before, each start held four tools
        env = {**env, "PYTHONHASHSEED": seed}
    pins = harness.tmp / "pins.json"
    policy = harness.policy({"version": 1, "packs": ["atlassian"]})
    listed = []
    for _ in range(STARTS):
        params = harness.cordon(
            command, policies=[policy], name="atlassian", extra=["--pin-file", str(pins)], env=env
        )
        # as the client gives it to cordon; the server's seed is cordon's to set
        assert (params.env or {}).get("PYTHONHASHSEED") == seed
        async with Client(params, mode="legacy") as client:
            listed.append({t.name for t in (await client.list_tools()).tools})
    assert all("jira_get_issue" in names for names in listed), listed
    assert listed[0] == listed[-1]
    changed = [r for r in as_per_tool(harness.records()) if r.get("rule") == "pin.changed"]
    assert changed == [], changed
